"""UCT Monte-Carlo tree search over immutable snapshots, with chance nodes and tree reuse.

Every tree node keeps the (immutable) state it stands for, so a simulation
walks down the tree without replaying a single action, and a node's state can
never be changed by the search below it.  The nodes themselves are small
mutable objects that live outside the states.

* decision nodes hold one child per tried action; an untried action is always
  tried before any child is revisited (in an order shuffled by the seeded rng,
  as OpenSpiel's ``MCTSBot`` does), then UCT picks
  ``mean_value[mover] + uct_c * sqrt(ln N / n)``;
* chance nodes draw an outcome with exactly its probability from the explicit
  ``random.Random(seed)`` (the node keeps its :class:`~pure_engine.core.chance.ChanceTable`)
  and keep one child per outcome drawn;
* every node stores one value sum per player, so n-player and general-sum games
  work (each mover maximises its own return, the max^n rule);
* a new node is evaluated by one rollout (uniformly random unless a rollout
  policy is given); a terminal node by its returns.

>>> from pure_engine.core.game import Game, GameInfo, TERMINAL
>>> nim = Game(GameInfo("nim", 2, -1.0, 1.0, 9), initial_state=lambda seed=None: (0, 7),
...     current_player=lambda s: TERMINAL if s[1] == 0 else s[0],
...     legal_actions=lambda s: tuple(t for t in (1, 2, 3) if t <= s[1]),
...     chance_outcomes=lambda s: (), step=lambda s, t: (1 - s[0], s[1] - t),
...     returns=lambda s: (0.0, 0.0) if s[1] else ((-1.0, 1.0) if s[0] == 0 else (1.0, -1.0)),
...     observation=lambda s, p: s, key=lambda s: s,
...     action_to_str=lambda s, t: str(t), parse_action=lambda s, x: int(x))
>>> result = mcts(nim, (0, 7), simulations=2000, seed=1)
>>> result.action, result.value > 0.9          # take 3, leaving a multiple of 4
(3, True)
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable
from typing import Generic

from pure_engine.core.chance import ChanceTable, chance_table, uniform_index
from pure_engine.core.game import CHANCE, TERMINAL, A, Game, S
from pure_engine.core.playout import Policy, chance_sampler, make_playout
from pure_engine.core.struct import Struct
from pure_engine.search.budget import Budget, Limiter, SearchStats

__all__ = [
    "DEFAULT_SIMULATIONS",
    "MctsNode",
    "MctsResult",
    "MctsTree",
    "RolloutPolicy",
    "chance_sampler",
    "make_limiter",
    "mcts",
    "random_rollout",
    "subtree",
]

RolloutPolicy = Policy[S, A]
"""``(state, legal_actions, rng) -> action``: how a rollout chooses at decision nodes
(:data:`pure_engine.core.playout.Policy`)."""

DEFAULT_SIMULATIONS = 1000
"""Simulations run when neither ``simulations``, ``seconds`` nor ``budget`` is given."""


class MctsNode(Generic[S, A]):
    """One node of an MCTS tree: a state, its visit count and per-player value sums.

    ``actions[i]`` leads to ``children[i]`` at a decision node; ``by_outcome``
    maps chance outcomes to children at a chance node.  ``untried`` is ``None``
    until the node is first left through an action.
    """

    __slots__ = (
        "actions",
        "by_outcome",
        "chance",
        "children",
        "player",
        "state",
        "sums",
        "terminal_returns",
        "untried",
        "visits",
    )

    def __init__(self, state: S, player: int, num_players: int) -> None:
        self.state = state
        self.player = player
        self.visits = 0
        self.sums = [0.0] * num_players
        self.actions: list[A] = []
        self.children: list[MctsNode[S, A]] = []
        self.untried: list[A] | None = None
        self.by_outcome: dict[A, MctsNode[S, A]] = {}
        self.chance: ChanceTable[A] | None = None
        self.terminal_returns: tuple[float, ...] | None = None

    def mean(self, player: int) -> float:
        """Mean return of *player* over the simulations through this node (0 if unvisited)."""
        return self.sums[player] / self.visits if self.visits else 0.0

    def child(self, action: A) -> MctsNode[S, A] | None:
        """The child reached by *action* (a decision or a chance outcome), if the tree has it."""
        if self.player == CHANCE:
            return self.by_outcome.get(action)
        for tried, node in zip(self.actions, self.children, strict=True):
            if tried == action:
                return node
        return None

    def size(self) -> int:
        """How many nodes the subtree rooted here holds (iterative, no recursion limit)."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children)
            stack.extend(node.by_outcome.values())
        return count


class MctsTree(Generic[S, A]):
    """A search tree kept for reuse: pass ``subtree(result.tree, a, b)`` to the next search.

    A subtree shares its nodes with the tree it came from, and a search grows
    the tree it is given in place; keep using only the newest one.
    """

    __slots__ = ("root",)

    def __init__(self, root: MctsNode[S, A]) -> None:
        self.root = root

    @property
    def state(self) -> S:
        """The state at the root of this tree."""
        return self.root.state

    def subtree(self, *actions: A) -> MctsTree[S, A] | None:
        """The tree below *actions* (decisions and chance outcomes, in order), or None."""
        node: MctsNode[S, A] | None = self.root
        for action in actions:
            if node is None:
                return None
            node = node.child(action)
        return None if node is None else MctsTree(node)


def subtree(tree: MctsTree[S, A] | None, *actions: A) -> MctsTree[S, A] | None:
    """The part of *tree* below *actions* (ours, the opponents', chance outcomes), or None.

    ``None`` (nothing explored there, or no tree) is a fine ``tree=`` argument
    for :func:`mcts`: the search then starts afresh.

    >>> from pure_engine.core.game import Game, GameInfo, TERMINAL
    >>> count = Game(GameInfo("count", 1, 0.0, 2.0, 2), lambda seed=None: 0,
    ...     lambda s: TERMINAL if s == 2 else 0, lambda s: (1,), lambda s: (),
    ...     lambda s, a: s + a, lambda s: (float(s),), lambda s, p: s, lambda s: s,
    ...     lambda s, a: str(a), lambda s, x: int(x))
    >>> tree = mcts(count, 0, simulations=5).tree
    >>> subtree(tree, 1).state, subtree(tree, 1, 1).state, subtree(None, 1)
    (1, 2, None)
    """
    return None if tree is None else tree.subtree(*actions)


def advance(tree: MctsTree[S, A] | None, *actions: A) -> MctsTree[S, A] | None:
    """Deprecated: :func:`subtree` ("advance" means running automatic actions, in a session)."""
    warnings.warn("mcts.advance is deprecated: use subtree", DeprecationWarning, stacklevel=2)
    return subtree(tree, *actions)


class MctsResult(Struct, Generic[S, A]):
    """What :func:`mcts` found.

    ``action`` is the most visited root action (ties: higher mean value, then
    the first tried); ``value`` is the root player's mean return through it;
    ``visits`` and ``means`` list ``(action, count)`` / ``(action, mean)`` per
    tried action; ``tree`` is the search tree for reuse.
    """

    action: A
    value: float
    visits: tuple[tuple[A, int], ...]
    means: tuple[tuple[A, float], ...]
    stats: SearchStats
    tree: MctsTree[S, A]


def random_rollout(
    game: Game[S, A],
    policy: RolloutPolicy[S, A] | None = None,
    *,
    max_decisions: int | None = None,
) -> Callable[[S, random.Random], tuple[float, ...]]:
    """A rollout function: play *policy* (default uniformly random) to the end, return the returns.

    The playout is the library's one loop (:func:`~pure_engine.core.playout.make_playout`,
    chance drawn exactly).  A rollout stops after *max_decisions* decisions
    (default the game's ``info.max_game_length``) and scores the position it
    reached with ``returns``: a game whose random play can go on for ever
    (patience moving cards back and forth) cannot hang the search.

    >>> from pure_engine.core.game import Game, GameInfo, TERMINAL
    >>> count = Game(GameInfo("count", 1, 0.0, 3.0, 3), lambda seed=None: 0,
    ...     lambda s: TERMINAL if s == 3 else 0, lambda s: (1,), lambda s: (),
    ...     lambda s, a: s + a, lambda s: (float(s),), lambda s, p: s, lambda s: s,
    ...     lambda s, a: str(a), lambda s, x: int(x))
    >>> rng = random.Random(0)
    >>> random_rollout(count)(0, rng), random_rollout(count, max_decisions=2)(0, rng)
    ((3.0,), (2.0,))
    """
    cap = game.info.max_game_length if max_decisions is None else max_decisions
    if cap < 1:
        raise ValueError(f"a rollout needs max_decisions >= 1, found {cap}")
    run = make_playout(game, policy=policy, max_decisions=cap)
    returns = game.returns

    def rollout(state: S, rng: random.Random) -> tuple[float, ...]:
        return returns(run(state, rng)[0])

    return rollout


def make_limiter(simulations: int | None, seconds: float | None, budget: Budget | None) -> Limiter:
    """The limiter of a search: the tightest of *simulations*, *seconds* and *budget*.

    With no limit at all, :data:`DEFAULT_SIMULATIONS` simulations.

    >>> make_limiter(None, None, None).exhausted(DEFAULT_SIMULATIONS)
    True
    >>> make_limiter(10, None, Budget(nodes=5)).exhausted(5)
    True
    """
    if simulations is not None and simulations < 1:
        raise ValueError(f"simulations must be >= 1, found {simulations!r}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"seconds must be > 0, found {seconds!r}")
    if simulations is None and seconds is None and budget is None:
        simulations = DEFAULT_SIMULATIONS
    budget = budget or Budget()
    if simulations is not None:
        budget = budget.replace(nodes=min(simulations, budget.nodes or simulations))
    if seconds is not None:
        budget = budget.replace(seconds=min(seconds, budget.seconds or seconds))
    return Limiter(budget)


def _make_node(game: Game[S, A], state: S, num_players: int) -> MctsNode[S, A]:
    player = game.current_player(state)
    node: MctsNode[S, A] = MctsNode(state, player, num_players)
    if player == CHANCE:
        node.chance = chance_table(game.chance_outcomes(state))
    elif player == TERMINAL:
        node.terminal_returns = tuple(game.returns(state))
    return node


def mcts(
    game: Game[S, A],
    state: S,
    *,
    simulations: int | None = None,
    seconds: float | None = None,
    uct_c: float = 1.4142135623730951,  # the square root of 2
    rollout: RolloutPolicy[S, A] | None = None,
    seed: int = 0,
    tree: MctsTree[S, A] | None = None,
    budget: Budget | None = None,
    rollout_decisions: int | None = None,
) -> MctsResult[S, A]:
    """Run UCT from *state* (a decision node) and return the chosen action and statistics.

    A rollout plays at most *rollout_decisions* decisions (default the game's
    ``info.max_game_length``) and then scores where it stands with ``returns``.

    The search stops after *simulations* (default 1000 when no limit is given),
    after *seconds*, or when *budget* says so, whichever comes first; it is
    anytime.  All randomness comes from ``random.Random(seed)``, so the same
    seed (and the same tree, if any) gives the same choice.  Passing ``tree``
    (:func:`subtree` of an earlier result's tree to this state) continues that
    search; the tree is grown in place.

    >>> from pure_engine.testing.toys import NimState, make_nim
    >>> nim = make_nim()
    >>> first = mcts(nim, NimState(0, 6), simulations=1500, seed=3)
    >>> first.action, first.stats.expanded
    (2, 1500)
    >>> later = subtree(first.tree, 2, 1)     # we took 2, the opponent took 1: pile 3
    >>> mcts(nim, NimState(0, 3), simulations=10, tree=later).action
    3
    """
    player = game.current_player(state)
    if player < 0:
        raise ValueError(f"mcts needs a decision node; the current player is {player}")
    if tree is None:
        root = _make_node(game, state, game.num_players)
    else:
        root = tree.root
        if root.state is not state and game.key(root.state) != game.key(state):
            raise ValueError("the reused tree's root is not this state; take its subtree() first")
    limiter = make_limiter(simulations, seconds, budget)
    rng = random.Random(seed)
    run_rollout = random_rollout(game, rollout, max_decisions=rollout_decisions)
    search = _Uct(game, uct_c, run_rollout, rng)
    done = search.run(root, limiter)
    return _result(root, player, limiter, done, search.created)


class _Uct(Generic[S, A]):
    """One UCT search: simulations from a root, each a descent, a rollout and a backup.

    Holds what every simulation shares (the game, the constant, the rollout, the
    generator) and counts the nodes it creates; the tree is the nodes themselves.
    """

    def __init__(
        self,
        game: Game[S, A],
        uct_c: float,
        rollout: Callable[[S, random.Random], tuple[float, ...]],
        rng: random.Random,
    ) -> None:
        self.game = game
        self.uct_c = uct_c
        self.rollout = rollout
        self.rng = rng
        self.num_players = game.num_players
        self.created = 0

    def run(self, root: MctsNode[S, A], limiter: Limiter) -> int:
        """Simulate from *root* until *limiter* says stop; the number of simulations run."""
        done = 0
        while not limiter.exhausted(done, self.created):
            path = self.descend(root)
            leaf = path[-1]
            values = leaf.terminal_returns
            if values is None:
                values = self.rollout(leaf.state, self.rng)
            for node in path:
                node.visits += 1
                sums = node.sums
                for index, value in enumerate(values):
                    sums[index] = sums[index] + value  # compiled: a float add, not a generic +=
            done += 1
        return done

    def descend(self, root: MctsNode[S, A]) -> list[MctsNode[S, A]]:
        """The path of one simulation: down the tree to a node it adds, or to a terminal."""
        node = root
        path = [root]
        while True:
            mover = node.player
            if mover >= 0:
                leaf = self.expand(node)
                if leaf is not None:
                    path.append(leaf)
                    return path
                node = self.select(node, mover)
            elif mover == CHANCE:
                table = node.chance
                assert table is not None  # a chance node has its table
                outcome = table.pick(uniform_index(self.rng, table.total))
                child = node.by_outcome.get(outcome)
                if child is None:
                    leaf = node.by_outcome[outcome] = self.new_node(node.state, outcome)
                    path.append(leaf)
                    return path
                node = child
            else:
                return path
            path.append(node)

    def expand(self, node: MctsNode[S, A]) -> MctsNode[S, A] | None:
        """A child for one untried action of *node* (in a shuffled order), or None when
        every action has been tried."""
        untried = node.untried
        if untried is None:
            untried = list(self.game.legal_actions(node.state))
            self.rng.shuffle(untried)
            node.untried = untried
        if not untried:
            return None
        action = untried.pop()
        leaf = self.new_node(node.state, action)
        node.actions.append(action)
        node.children.append(leaf)
        return leaf

    def select(self, node: MctsNode[S, A], mover: int) -> MctsNode[S, A]:
        """The child of a fully tried *node* with the highest UCT score for *mover*."""
        # float(): compiled, math.sqrt and math.log of a float are C calls, of an int a
        # Python call through the math module (measured: half the selection's instructions)
        explore = self.uct_c * math.sqrt(math.log(float(node.visits)))
        best: MctsNode[S, A] = node.children[0]
        best_score = -math.inf
        for child in node.children:
            visits = float(child.visits)
            score = child.sums[mover] / visits + explore / math.sqrt(visits)
            if score > best_score:
                best_score, best = score, child
        return best

    def new_node(self, state: S, action: A) -> MctsNode[S, A]:
        """The node for *action* played in *state* (a decision or a chance outcome)."""
        self.created += 1
        return _make_node(self.game, self.game.step(state, action), self.num_players)


def _result(
    root: MctsNode[S, A], player: int, limiter: Limiter, done: int, created: int
) -> MctsResult[S, A]:
    if not root.children:
        raise ValueError("mcts ran no simulation: the budget allowed none")
    children = root.children
    best = max(
        range(len(children)),
        key=lambda i: (children[i].visits, children[i].mean(player), -i),
    )
    stats = limiter.stats(expanded=done, generated=created)
    pairs = list(zip(root.actions, children, strict=True))
    return MctsResult(
        action=root.actions[best],
        value=children[best].mean(player),
        visits=tuple((action, child.visits) for action, child in pairs),
        means=tuple((action, child.mean(player)) for action, child in pairs),
        stats=stats,
        tree=MctsTree(root),
    )
