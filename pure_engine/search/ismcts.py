"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

One tree, seen from the searching player's (the *observer's*) side.  Every
simulation starts from a fresh determinization ``game.resample(state, player, rng)``
and walks the tree with it:

* a tree node stands for what the observer has seen so far; its edges are the
  observer's own actions, and for other players' moves and chance outcomes the
  observer's ``game.observation`` right after them (so hidden choices the
  observer cannot tell apart share a node);
* at every node the mover of the current world chooses among the actions legal
  *in that world*: an untried one first, else UCB with availability counts,
  ``mean + uct_c * sqrt(ln available / visits)``;
* the first untried action ends the descent; a rollout from that world's state
  (uniformly random unless a policy is given) gives the returns, each mover's
  action statistics get its own return.

The real state is read only through ``game.resample``: the search cannot
peek at anything the observer may not see, provided the game's ``resample``
draws from the observer's information alone.

>>> import random
>>> from fractions import Fraction
>>> from pure_engine.core.game import Game, GameInfo, TERMINAL
>>> # guess a hidden coin: the observer cannot see it, both guesses are worth 0 on average
>>> coin = Game(GameInfo("guess", 1, -1.0, 1.0, 1), lambda seed=None: ("h", None),
...     lambda s: TERMINAL if s[1] is not None else 0, lambda s: ("h", "t", "pass"),
...     lambda s: (), lambda s, a: (s[0], a),
...     lambda s: (0.1 if s[1] == "pass" else (1.0 if s[0] == s[1] else -1.0),),
...     lambda s, p: s[1], lambda s: s, lambda s, a: a, lambda s, x: x,
...     resample=lambda s, p, rng: (rng.choice("ht"), s[1]))
>>> ismcts(coin, ("h", None), 0, simulations=3000, seed=2).action
'pass'
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable, Hashable, Sequence
from typing import Generic

from pure_engine.core.game import CHANCE, A, Game, S
from pure_engine.core.struct import Struct
from pure_engine.search.budget import Budget, SearchStats
from pure_engine.search.mcts import RolloutPolicy, chance_sampler, make_limiter, random_rollout

__all__ = [
    "IsmctsNode",
    "IsmctsResult",
    "ismcts",
    "ismcts_subtree",
    "observed_label",
]


class _Edge:
    """Statistics of one action at one node: visits, return sum of its mover, availability."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class IsmctsNode(Generic[A]):
    """One observer information set: per-action statistics and children by observed edge."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[A, _Edge] = {}
        self.children: dict[Hashable, IsmctsNode[A]] = {}

    def child(self, label: Hashable) -> IsmctsNode[A] | None:
        """The node below the observed edge *label* (see :func:`observed_label`), or None."""
        return self.children.get(label)

    def size(self) -> int:
        """How many nodes the subtree rooted here holds."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children.values())
        return count


class IsmctsResult(Struct, Generic[A]):
    """What :func:`ismcts` found.

    ``action`` is the most visited root action (ties: higher mean, then the
    first in legal order); ``value`` the observer's mean return through it;
    ``visits`` and ``means`` list ``(action, count)`` / ``(action, mean)``.
    """

    action: A
    value: float
    visits: tuple[tuple[A, int], ...]
    means: tuple[tuple[A, float], ...]
    stats: SearchStats
    tree: IsmctsNode[A]


def ismcts(
    game: Game[S, A],
    state: S,
    player: int,
    *,
    simulations: int | None = None,
    seconds: float | None = None,
    uct_c: float = 1.4142135623730951,  # the square root of 2
    rollout: RolloutPolicy[S, A] | None = None,
    seed: int = 0,
    budget: Budget | None = None,
    tree: IsmctsNode[A] | None = None,
) -> IsmctsResult[A]:
    """Search for *player* (who must be to move) seeing only what *player* may see.

    Limits work as in :func:`~pure_engine.search.mcts.mcts` (default 1000
    simulations); all randomness, determinizations included, comes from
    ``random.Random(seed)``, so the same seed and the same observation give
    the same choice.  ``state`` is only ever passed to ``game.resample``.

    Tree reuse: pass ``tree=`` the node an earlier search's tree reaches by
    :func:`ismcts_subtree` along what happened since (the player's own actions,
    and what the player observed after everybody else's moves and chance): its
    statistics were gathered on determinizations consistent with exactly those
    observations, so the search goes on from them; the node is grown in place.

    >>> from pure_engine.core.game import Game, GameInfo, TERMINAL
    >>> count = Game(GameInfo("count", 1, 0.0, 2.0, 2), lambda seed=None: 0,
    ...     lambda s: TERMINAL if s >= 2 else 0, lambda s: (1, 2), lambda s: (),
    ...     lambda s, a: s + a, lambda s: (float(s == 2) + s / 10,), lambda s, p: s,
    ...     lambda s: s, lambda s, a: str(a), lambda s, x: int(x))
    >>> result = ismcts(count, 0, 0, simulations=200)
    >>> result.action, result.stats.expanded
    (2, 200)
    """
    run_rollout = random_rollout(game, rollout)
    limiter = make_limiter(simulations, seconds, budget)
    rng = random.Random(seed)
    search = _SoIsmcts(game, player, uct_c, run_rollout, rng)
    first = game.resample(state, player, rng)
    if game.current_player(first) != player:
        raise ValueError(
            f"ismcts searches for the player to move; asked for {player}, "
            f"the current player is {game.current_player(first)}"
        )
    root: IsmctsNode[A] = IsmctsNode() if tree is None else tree
    done = 0
    world = first
    while not limiter.exhausted(done, search.created):
        if done:
            world = game.resample(state, player, rng)
        search.simulate(root, world)
        done += 1
    stats = limiter.stats(expanded=done, generated=search.created)
    return _result(root, list(game.legal_actions(first)), stats)


class _SoIsmcts(Generic[S, A]):
    """One SO-ISMCTS search: what every simulation shares, and the nodes it created."""

    def __init__(
        self,
        game: Game[S, A],
        observer: int,
        uct_c: float,
        rollout: Callable[[S, random.Random], tuple[float, ...]],
        rng: random.Random,
    ) -> None:
        self.game = game
        self.observer = observer
        self.uct_c = uct_c
        self.rollout = rollout
        self.rng = rng
        self.sample = chance_sampler(game)
        self.created = 1  # the root

    def simulate(self, root: IsmctsNode[A], world: S) -> None:
        """One simulation on the determinization *world*: descend, roll out, back up."""
        game, observer = self.game, self.observer
        node = root
        path: list[tuple[_Edge, int]] = []
        while True:
            mover = game.current_player(world)
            if mover >= 0:
                action, edge, new = self.choose(node, game.legal_actions(world))
                path.append((edge, mover))
                world = game.step(world, action)
                if new:
                    values = self.rollout(world, self.rng)
                    break
                mine = mover == observer
                label: Hashable = ("a", action) if mine else game.observation(world, observer)
            elif mover == CHANCE:
                world = game.step(world, self.sample(world, self.rng))
                label = game.observation(world, observer)
            else:
                values = game.returns(world)
                break
            child = node.children.get(label)
            if child is None:
                child = node.children[label] = IsmctsNode()
                self.created += 1
            node = child
        for edge, mover in path:
            edge.visits += 1
            edge.total += values[mover]

    def choose(self, node: IsmctsNode[A], legal: Sequence[A]) -> tuple[A, _Edge, bool]:
        """The action to follow at *node* among *legal* (this world's actions), its edge,
        and whether the edge is new: an untried action at random, else the best by UCB.

        Every tried legal action's availability counts this visit (one pass over *legal*).
        """
        edges = node.edges
        untried: list[A] | None = None
        best_score = -math.inf
        best_edge: _Edge | None = None
        action = legal[0]
        for candidate in legal:
            stats = edges.get(candidate)
            if stats is None:
                if untried is None:
                    untried = [candidate]
                else:
                    untried.append(candidate)
                continue
            available = stats.available = stats.available + 1
            visits = float(stats.visits)  # compiled: C's sqrt and log need floats (see mcts)
            score = stats.total / visits + self.uct_c * math.sqrt(
                math.log(float(available)) / visits
            )
            if score > best_score:
                best_score, best_edge, action = score, stats, candidate
        if untried is not None:
            action = untried[int(self.rng.random() * len(untried))]
            edge = edges[action] = _Edge()
            edge.available = 1
            return action, edge, True
        assert best_edge is not None
        return action, best_edge, False


def _result(root: IsmctsNode[A], root_order: list[A], stats: SearchStats) -> IsmctsResult[A]:
    """The most visited root action (ties: higher mean, then the first in *root_order*)."""
    tried = [action for action in root_order if action in root.edges]
    tried += [action for action in root.edges if action not in tried]  # resample disagreed
    if not tried:
        raise ValueError("ismcts ran no simulation: the budget allowed none")

    def mean(action: A) -> float:
        edge = root.edges[action]
        return edge.total / edge.visits if edge.visits else 0.0

    best = max(
        range(len(tried)),
        key=lambda i: (root.edges[tried[i]].visits, mean(tried[i]), -i),
    )
    return IsmctsResult(
        action=tried[best],
        value=mean(tried[best]),
        visits=tuple((action, root.edges[action].visits) for action in tried),
        means=tuple((action, mean(action)) for action in tried),
        stats=stats,
        tree=root,
    )


def observed_label(game: Game[S, A], player: int, state: S, action: A, after: S) -> Hashable:
    """The edge *player*'s tree follows when *action* takes *state* to *after*.

    The player's own actions are edges by name; for everybody else's moves and
    chance outcomes the edge is what *player* observes afterwards, so moves the
    player cannot tell apart lead to the same node.
    """
    if game.current_player(state) == player:
        return ("a", action)
    return game.observation(after, player)


def ismcts_subtree(
    tree: IsmctsNode[A] | None,
    game: Game[S, A],
    player: int,
    state: S,
    action: A,
    after: S,
) -> IsmctsNode[A] | None:
    """The part of *player*'s tree below one move (``None``: not explored there, or no tree).

    >>> from pure_engine.core.game import Game, GameInfo, TERMINAL
    >>> count = Game(GameInfo("count", 1, 0.0, 4.0, 4), lambda seed=None: 0,
    ...     lambda s: TERMINAL if s >= 4 else 0, lambda s: (1, 2), lambda s: (),
    ...     lambda s, a: s + a, lambda s: (float(s),), lambda s, p: s,
    ...     lambda s: s, lambda s, a: str(a), lambda s, x: int(x))
    >>> first = ismcts(count, 0, 0, simulations=300, seed=1)
    >>> below = ismcts_subtree(first.tree, count, 0, 0, 2, 2)
    >>> below is first.tree.children[("a", 2)]
    True
    >>> again = ismcts(count, 2, 0, simulations=5, tree=below)
    >>> again.tree is below, sum(n for _, n in again.visits) > 5   # earlier visits kept
    (True, True)
    """
    if tree is None:
        return None
    return tree.child(observed_label(game, player, state, action, after))


def advance_ismcts(
    tree: IsmctsNode[A] | None,
    game: Game[S, A],
    player: int,
    state: S,
    action: A,
    after: S,
) -> IsmctsNode[A] | None:
    """Deprecated: :func:`ismcts_subtree` ("advance" means running automatic actions)."""
    warnings.warn(
        "advance_ismcts is deprecated: use ismcts_subtree", DeprecationWarning, stacklevel=2
    )
    return ismcts_subtree(tree, game, player, state, action, after)
