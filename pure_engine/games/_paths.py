"""Histories as integers, and a memo of what each history implies.

Small imperfect-information games (Kuhn, Leduc) are decided entirely by their
action history, chance's draws included.  Storing that history as one ``int``
keeps a state to ``(class, path, rng)``: a step is one multiply-add and one
tuple allocation, equality and hashing are integer work, and the path is the
same number in every process (the encoding is fixed, not ``hash()``).

A history ``a1, a2, ..., an`` (each action ``0 <= a < base - 1``) is the path
``(...((a1 + 1) * base + (a2 + 1)) * base ...) + (an + 1)``; digits are never
zero, so every history has exactly one path and the empty history is ``0``.
The base is a power of two chosen per game (:func:`base_for`): 8 while every
action is below 7, as in two-player Kuhn and Leduc.

Whatever a game derives from a history (whose turn, the legal actions, the
returns) is a pure function of the path; :class:`NodeTable` memoises it,
building a missing node from its parent's.  The table is a cache of a pure
function held outside every state, like :func:`functools.lru_cache`.
:func:`path_rules` then writes the rule functions every such game shares
(whose turn, legal actions, chance, step, returns, key) over that table, so a
game module only adds what is its own: observations, notation, resampling.

>>> p = path_of([2, 0])
>>> p, actions_of(p)
(25, (2, 0))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct

__all__ = [
    "BASE",
    "ROOT",
    "NodeTable",
    "PathNode",
    "PathState",
    "actions_of",
    "base_for",
    "digit_weight",
    "path_of",
    "path_rules",
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


def digit_weight(path: int, index: int, base: int = BASE) -> int:
    """What one unit of action number *index* (0 = the first) weighs in *path*: swapping
    that action from ``a`` to ``b`` adds ``(b - a) * digit_weight(...)``.

    >>> p = path_of([2, 5, 1])
    >>> actions_of(p + (3 - 5) * digit_weight(p, 1))
    (2, 3, 1)
    """
    bits = base.bit_length() - 1  # base is a power of two
    digits = (path.bit_length() + bits - 1) // bits
    return int(base ** (digits - 1 - index))


class NodeTable(Generic[N]):
    """``path -> node``: a memo of a game's pure per-history function.

    *advance(node, action)* builds a child node from its parent; the table
    calls it only on a miss, walking down from the nearest known ancestor.
    The memo holds at most *limit* histories: when a miss finds it full it
    starts again from the root (a cache of a pure function may forget), so
    games with huge trees (Leduc for ten players) run in bounded memory.

    >>> table = NodeTable(0, lambda total, action: total + action)
    >>> table.get(path_of([3, 4])), len(table)
    (7, 3)
    >>> small = NodeTable(0, lambda total, action: total + action, limit=3)
    >>> [small.get(path_of(h)) for h in ([1], [1, 1], [2, 2, 2])], len(small) <= 4
    ([1, 2, 6], True)
    """

    __slots__ = ("_advance", "_root", "base", "limit", "table")

    def __init__(
        self,
        root: N,
        advance: Callable[[N, int], N],
        base: int = BASE,
        *,
        limit: int = 100_000,
    ) -> None:
        if base < 2 or base & (base - 1):
            raise ValueError(f"expected a power-of-two base, found {base}")
        self.table: dict[int, N] = {ROOT: root}
        self._root = root
        self._advance = advance
        self.base = base
        self.limit = limit

    def get(self, path: int) -> N:
        """The node of *path*, built (and remembered) if new."""
        node = self.table.get(path)
        if node is not None:
            return node
        base = self.base
        if len(self.table) >= self.limit:
            self.table.clear()  # in place: path_rules' closures hold this very dict
            self.table[ROOT] = self._root
        missing: list[int] = []
        known = path
        while known not in self.table:
            missing.append(known)
            known //= base
        node = self.table[known]
        for child in reversed(missing):
            node = self._advance(node, child % base - 1)
            self.table[child] = node
        return node

    def __len__(self) -> int:
        return len(self.table)


class PathNode(Protocol):
    """What a memoised node must say about its history (a :class:`Struct` with these fields)."""

    @property
    def player(self) -> int: ...
    @property
    def legal(self) -> tuple[int, ...]: ...
    @property
    def outcomes(self) -> tuple[tuple[int, Fraction], ...]: ...
    @property
    def returns(self) -> tuple[float, ...]: ...


class PathState(Struct):
    """A history-as-integer state: the path and the optional in-state generator.

    Each game subclasses it (``class KuhnState(PathState)``) so its states are
    their own type.
    """

    path: int = ROOT
    rng: Rng | None = None


PN = TypeVar("PN", bound=PathNode)


def path_rules(state_class: type[PathState], nodes: NodeTable[PN]) -> dict[str, Any]:
    """The shared rule functions of a path game, by their protocol names.

    ``initial_state`` (``Rng(seed)`` in the state when seeded), ``current_player``,
    ``legal_actions``, ``chance_outcomes``, ``sample_chance`` (uniform over the
    listed outcomes, which must be equally likely), ``step`` (one multiply-add
    and one tuple), ``returns`` and ``key`` (the path: the generator is not part
    of the position), plus ``node`` (the memoised node of a state).  Pass them,
    with the game's own functions, to
    :func:`~pure_engine.core.game.game_from_functions`.

    >>> class Count(Struct):
    ...     player: int; legal: tuple[int, ...]; outcomes: tuple; returns: tuple[float, ...]
    >>> class CountState(PathState):
    ...     pass
    >>> table = NodeTable(Count(0, (0, 1), (), (0.0,)), lambda n, a: Count(-4, (), (), (1.0 + a,)))
    >>> rules = path_rules(CountState, table)
    >>> s = rules["step"](rules["initial_state"](), 1)
    >>> s, rules["current_player"](s), rules["returns"](s)
    (CountState(path=2, rng=None), -4, (2.0,))
    """
    table = nodes.table
    build = nodes.get
    base = nodes.base
    new = tuple.__new__

    def node(s: Any) -> Any:
        return table.get(s.path) or build(s.path)

    def initial_state(seed: int | None = None) -> Any:
        return state_class(ROOT, None if seed is None else Rng(seed))

    # the hot path: each function is one dict probe (the memo) and one attribute read
    def current_player(s: Any) -> int:
        return (table.get(s.path) or build(s.path)).player

    def legal_actions(s: Any) -> tuple[int, ...]:
        return (table.get(s.path) or build(s.path)).legal

    def chance_outcomes(s: Any) -> tuple[tuple[int, Fraction], ...]:
        return (table.get(s.path) or build(s.path)).outcomes

    def step(s: Any, action: int) -> Any:
        return new(state_class, (state_class, s.path * base + action + 1, s.rng))

    def sample_chance(s: Any, rng: random.Random) -> int:
        outcomes = (table.get(s.path) or build(s.path)).outcomes
        return outcomes[int(rng.random() * len(outcomes))][0]  # off by at most 2**-53

    def returns(s: Any) -> tuple[float, ...]:
        return (table.get(s.path) or build(s.path)).returns

    def key(s: Any) -> int:
        return int(s.path)

    return {
        "node": node,
        "initial_state": initial_state,
        "current_player": current_player,
        "legal_actions": legal_actions,
        "chance_outcomes": chance_outcomes,
        "step": step,
        "sample_chance": sample_chance,
        "returns": returns,
        "key": key,
    }
