"""Histories as integers: a speed technique for games decided by their action history.

Small imperfect-information games (Kuhn, Leduc) are decided entirely by their
action history, chance's draws included.  Storing that history as one ``int``
(the *path*) keeps a state to ``(players, path, rng)`` (a :class:`PathState`, a
native record): a step is one multiply-add and one small record, equality and
hashing are integer work, and the path is the same number in every process (the
encoding is fixed, not ``hash()``).  Whatever a game derives from a history (whose
turn, the legal actions, the returns, the cards dealt) is a pure function of the
path, kept in a :class:`PathMemo` that belongs to the game value (each
``make_game`` call builds its own), so a rule function is one dict probe and one
field read.  In the compiled build both reads are C field reads: the state's path,
and the memo's :class:`PathEntry`, which copies out of the game's node the four
facts the shared rule functions read.

The encoding: a history ``a1, a2, ..., an`` (each action ``0 <= a < base - 1``)
is the path ``(...((a1 + 1) * base + (a2 + 1)) * base ...) + (an + 1)``;
digits are never zero, so every history has exactly one path and the empty
history is ``0``.  The base is a power of two chosen per game
(:func:`base_for`): 8 while every action is below 7, as in two-player Kuhn and
Leduc.  A state's ``repr`` decodes its path (``KuhnState(cards=(K, J),
bets='pb')``), and :func:`swap_actions` changes past actions by their number
(a resampled deal is "player 1 now holds the queen", not digit arithmetic).

A game module writes its state class (a :class:`PathState` whose :meth:`~PathState.at`
names the class, so that the compiled build makes a state with a direct call), its
memo node (a :class:`Struct` with at least the :class:`PathNode` fields), a *child*
function building a node from its parent and one action, and calls
:func:`path_rules` for the rule functions every such game shares; it adds only what
is its own: observations, notation, resampling, rendering.

>>> p = path_of([2, 0])
>>> p, actions_of(p)
(25, (2, 0))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Final, Generic, Protocol, TypeVar, cast

from pure_engine.core.chance import uniform_index
from pure_engine.core.frozen import Frozen
from pure_engine.core.game import InitialState
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.games.poker.path_state import PathState

__all__ = [
    "BASE",
    "ROOT",
    "PathEntry",
    "PathMemo",
    "PathNode",
    "PathRules",
    "PathState",
    "actions_of",
    "base_for",
    "path_of",
    "path_rules",
    "swap_actions",
]

N = TypeVar("N")

BASE = 8
"""The default base: actions ``0..6`` fit."""
ROOT = 0
"""The empty history."""


def base_for(actions: int) -> int:
    """The smallest power-of-two base (at least 8) whose digits hold *actions* actions.

    >>> base_for(3), base_for(7), base_for(8), base_for(22)
    (8, 8, 16, 32)
    """
    base = BASE
    while base - 1 < actions:
        base *= 2
    return base


def path_of(actions: Iterable[int], base: int = BASE) -> int:
    """The path of a history (the inverse of :func:`actions_of`).

    >>> path_of(actions_of(1234)) == 1234 and path_of([]) == ROOT
    True
    >>> actions_of(path_of([9, 0, 14], base=16), base=16)
    (9, 0, 14)
    """
    path = ROOT
    for action in actions:
        path = path * base + action + 1
    return path


def actions_of(path: int, base: int = BASE) -> tuple[int, ...]:
    """The history a path encodes, first action first.

    >>> actions_of(ROOT)
    ()
    """
    out: list[int] = []
    while path:
        out.append(path % base - 1)
        path //= base
    return tuple(reversed(out))


def swap_actions(path: int, changes: Mapping[int, int], base: int = BASE) -> int:
    """The path of the same history with action number *i* (0 = the first) replaced by
    ``changes[i]``: a resampled deal, the rest of the history kept.

    >>> actions_of(swap_actions(path_of([2, 5, 1]), {0: 4, 1: 3}))
    (4, 3, 1)
    >>> actions_of(swap_actions(path_of([9, 0, 14], 16), {2: 0, 0: 14}, 16), 16)
    (14, 0, 0)

    Only the changed digits are touched (shifts and masks; the base is a power
    of two): this is the inner step of every IS-MCTS simulation.
    """
    bits = base.bit_length() - 1  # base is a power of two: a digit is *bits* bits
    last = (path.bit_length() + bits - 1) // bits - 1  # the digit number of the last action
    mask = base - 1
    for index, action in changes.items():
        shift = bits * (last - index)
        path += (action + 1 - ((path >> shift) & mask)) << shift
    return path


class PathMemo(Generic[N]):
    """``path -> node``: a memo of a game's pure per-history function, owned by one game value.

    *child(node, action)* builds a node from its parent's; the memo calls it
    only on a miss, walking down from the nearest known ancestor.  It holds at
    most *limit* histories: a miss that finds it full starts it over from the
    root (a cache of a pure function may forget), so games with huge trees
    (Leduc for ten players) run in bounded memory.

    >>> memo = PathMemo(0, lambda total, action: total + action)
    >>> memo.node(path_of([3, 4])), len(memo)
    (7, 3)
    >>> small = PathMemo(0, lambda total, action: total + action, limit=3)
    >>> [small.node(path_of(h)) for h in ([1], [1, 1], [2, 2, 2])], len(small) <= 4
    ([1, 2, 6], True)
    """

    __slots__ = ("_child", "_root", "base", "limit", "nodes")

    def __init__(
        self,
        root: N,
        child: Callable[[N, int], N],
        base: int = BASE,
        *,
        limit: int = 100_000,
    ) -> None:
        if base < 2 or base & (base - 1):
            raise ValueError(f"expected a power-of-two base, found {base}")
        self.nodes: dict[int, N] = {ROOT: root}
        """The memo itself; the rule functions of :func:`path_rules` probe it directly."""
        self._root = root
        self._child = child
        self.base = base
        self.limit = limit

    def node(self, path: int) -> N:
        """The node of *path*, built (and remembered) if new."""
        nodes = self.nodes
        node = nodes.get(path)
        if node is not None:
            return node
        base = self.base
        if len(nodes) >= self.limit:
            nodes.clear()  # the same dict object: the rule functions hold it
            nodes[ROOT] = self._root
        missing: list[int] = []
        known = path
        while known not in nodes:
            missing.append(known)
            known //= base
        node = nodes[known]
        for path_below in reversed(missing):
            node = self._child(node, path_below % base - 1)
            nodes[path_below] = node
        return node

    def __len__(self) -> int:
        return len(self.nodes)


class PathNode(Protocol):
    """What a memoised node must say about its history (a :class:`Struct` with these fields).

    ``outcomes`` must be equally likely (dealing from a shuffled deck): the
    shared sampler draws one of them uniformly.
    """

    @property
    def player(self) -> int: ...
    @property
    def legal(self) -> tuple[int, ...]: ...
    @property
    def outcomes(self) -> tuple[tuple[int, Fraction], ...]: ...
    @property
    def returns(self) -> tuple[float, ...]: ...


PS = TypeVar("PS", bound=PathState)
PN = TypeVar("PN", bound=PathNode)


class PathEntry(Frozen, Generic[PN]):
    """What the memo of :func:`path_rules` holds for a history: the game's *node*, and the four
    facts every rule function reads copied out of it.

    A game's node is a :class:`Struct`, which compiled code reads through Python's attribute
    lookup (about 200 instructions a read); an entry is a native record, whose fields the
    compiled rule functions read as C fields (a tenth of a Leduc playout's instructions).
    """

    __match_args__ = ("player", "legal", "outcomes", "returns", "node")

    def __init__(
        self,
        player: int,
        legal: tuple[int, ...],
        outcomes: tuple[tuple[int, Fraction], ...],
        returns: tuple[float, ...],
        node: PN,
    ) -> None:
        self.player: Final = player
        self.legal: Final = legal
        self.outcomes: Final = outcomes
        self.returns: Final = returns
        self.node: Final = node


def _entry(node: PN) -> PathEntry[PN]:
    return PathEntry(node.player, node.legal, node.outcomes, node.returns, node)


class PathRules(Struct, Generic[PS, PN]):
    """The rule functions every path game shares, over one :class:`PathMemo`.

    ``initial_state`` (``Rng(seed)`` in the state when seeded), ``current_player``,
    ``legal_actions``, ``chance_outcomes``, ``sample_chance`` (an exact uniform
    draw over the listed outcomes), ``step`` (one multiply-add and one record),
    ``returns`` and ``key`` (the path: the generator is not part of the
    position), plus ``node`` (the memoised node of a state) for the game's own
    functions (:class:`~.shared.PokerRules` holds them for Kuhn and Leduc).
    """

    node: Callable[[PS], PN]
    initial_state: InitialState[PS]
    current_player: Callable[[PS], int]
    legal_actions: Callable[[PS], tuple[int, ...]]
    chance_outcomes: Callable[[PS], tuple[tuple[int, Fraction], ...]]
    sample_chance: Callable[[PS, random.Random], int]
    step: Callable[[PS, int], PS]
    returns: Callable[[PS], tuple[float, ...]]
    key: Callable[[PS], int]


def path_rules(
    state_class: type[PS], players: int, root: PN, child: Callable[[PN, int], PN], base: int = BASE
) -> PathRules[PS, PN]:
    """The shared rule functions of the *players*-player path game whose histories grow from
    the node *root* by *child* (in one :class:`PathMemo` of :class:`PathEntry`, in *base*).

    >>> class Count(Struct):
    ...     player: int; legal: tuple[int, ...]; outcomes: tuple; returns: tuple[float, ...]
    >>> class CountState(PathState):
    ...     pass
    >>> root = Count(0, (0, 1), (), (0.0,))
    >>> rules = path_rules(CountState, 1, root, lambda n, a: Count(-4, (), (), (1.0 + a,)))
    >>> s = rules.step(rules.initial_state(None), 1)
    >>> s, rules.current_player(s), rules.returns(s), rules.node(s).returns
    (CountState(players=1, path=2, rng=None), -4, (2.0,), (2.0,))

    ``step`` builds each state with :meth:`PathState.at`, which knows the three fields, so a
    state class with fields of its own is refused rather than built short:

    >>> class Wider(PathState):
    ...     __match_args__ = ("players", "path", "rng", "extra")
    >>> path_rules(Wider, 1, root, lambda n, a: n)
    Traceback (most recent call last):
    ...
    TypeError: path_rules: expected a PathState subclass with no fields of its own, found Wider ...
    """
    if state_class.__match_args__ != PathState.__match_args__:  # at() builds exactly these
        raise TypeError(
            f"path_rules: expected a PathState subclass with no fields of its own, "
            f"found {state_class.__name__} with fields {list(state_class.__match_args__)}"
        )

    def grow(entry: PathEntry[PN], action: int) -> PathEntry[PN]:
        return _entry(child(entry.node, action))

    memo = PathMemo(_entry(root), grow, base)
    nodes = memo.nodes
    build = memo.node

    # the hot path: one dict probe and one field read each; a state is typed PathState, not PS
    # (a type variable compiles to a generic object), so the compiled build reads C fields
    def node(state: PathState) -> PN:
        return (nodes.get(state.path) or build(state.path)).node

    def initial_state(seed: int | None = None) -> PS:
        return state_class(players, ROOT, None if seed is None else Rng(seed))

    def current_player(state: PathState) -> int:
        return (nodes.get(state.path) or build(state.path)).player

    def legal_actions(state: PathState) -> tuple[int, ...]:
        return (nodes.get(state.path) or build(state.path)).legal

    def chance_outcomes(state: PathState) -> tuple[tuple[int, Fraction], ...]:
        return (nodes.get(state.path) or build(state.path)).outcomes

    def sample_chance(state: PathState, rng: random.Random) -> int:
        outcomes = (nodes.get(state.path) or build(state.path)).outcomes
        return outcomes[uniform_index(rng, len(outcomes))][0]

    def step(state: PathState, action: int) -> PS:
        return cast(PS, state.at(state.path * base + action + 1))  # at() keeps the class

    def returns(state: PathState) -> tuple[float, ...]:
        return (nodes.get(state.path) or build(state.path)).returns

    def key(state: PathState) -> int:
        return state.path

    return PathRules(
        node=node,
        initial_state=initial_state,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        sample_chance=sample_chance,
        step=step,
        returns=returns,
        key=key,
    )
