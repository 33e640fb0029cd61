"""Histories as integers, and a memo of what each history implies.

Small imperfect-information games (Kuhn, Leduc) are decided entirely by their
action history, chance's draws included.  Storing that history as one ``int``
keeps a state to ``(class, path, rng)``: a step is one multiply-add and one
tuple allocation, equality and hashing are integer work, and the path is the
same number in every process (the encoding is fixed, not ``hash()``).

A history ``a1, a2, ..., an`` (each action ``0 <= a < BASE - 1``) is the path
``(...((a1 + 1) * BASE + (a2 + 1)) * BASE ...) + (an + 1)``; digits are never
zero, so every history has exactly one path and the empty history is ``0``.

Whatever a game derives from a history (whose turn, the legal actions, the
returns) is a pure function of the path; :class:`NodeTable` memoises it,
building a missing node from its parent's.  The table is a cache of a pure
function held outside every state, like :func:`functools.lru_cache`.
:func:`path_game` generates a game's thin protocol functions over its table
(each one closure, no extra call per step), :class:`PathState` is the state's
base record and :func:`poker_info` its ``GameInfo``.

>>> p = extend(extend(ROOT, 2), 0)
>>> p, actions_of(p)
(25, (2, 0))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

from pure_engine.core.game import Game, GameInfo
from pure_engine.core.record import Record
from pure_engine.core.rng import Rng

__all__ = [
    "BASE",
    "ROOT",
    "NodeTable",
    "PathNode",
    "PathState",
    "actions_of",
    "extend",
    "path_game",
    "path_of",
    "poker_info",
]

N = TypeVar("N")

BASE = 8
"""Digits per action: actions ``0..6`` fit."""
ROOT = 0
"""The empty history."""


def extend(path: int, action: int) -> int:
    """The path after *action* is taken."""
    return path * BASE + action + 1


def actions_of(path: int) -> tuple[int, ...]:
    """The history a path encodes, first action first.

    >>> actions_of(ROOT)
    ()
    """
    out: list[int] = []
    while path:
        out.append(path % BASE - 1)
        path //= BASE
    return tuple(reversed(out))


class NodeTable(Generic[N]):
    """``path -> node``: a memo of a game's pure per-history function.

    *advance(node, action)* builds a child node from its parent; the table
    calls it only on a miss, walking down from the nearest known ancestor.

    >>> table = NodeTable(0, lambda total, action: total + action)
    >>> table.get(extend(extend(ROOT, 3), 4)), len(table)
    (7, 3)
    """

    __slots__ = ("_advance", "table")

    def __init__(self, root: N, advance: Callable[[N, int], N]) -> None:
        self.table: dict[int, N] = {ROOT: root}
        self._advance = advance

    def get(self, path: int) -> N:
        """The node of *path*, built (and remembered) if new."""
        node = self.table.get(path)
        if node is not None:
            return node
        missing: list[int] = []
        known = path
        while known not in self.table:
            missing.append(known)
            known //= BASE
        node = self.table[known]
        for child in reversed(missing):
            node = self._advance(node, child % BASE - 1)
            self.table[child] = node
        return node

    def __len__(self) -> int:
        return len(self.table)


def path_of(actions: Iterable[int]) -> int:
    """The path of a history, first action first (the inverse of :func:`actions_of`).

    >>> path_of((2, 0)), path_of(actions_of(25))
    (25, 25)
    """
    path = ROOT
    for action in actions:
        path = path * BASE + action + 1
    return path


class PathState(Record):
    """Base of a history game's state: ``(class, path, rng)``.

    A game subclasses it once (with no further fields) so its states compare
    unequal to other games' states; ``_history_text`` names the actions in
    ``repr``.

    >>> class Toy(PathState):
    ...     pass
    >>> Toy(path_of((2, 0)))
    Toy('2 0', rng=None)
    """

    path: int = ROOT
    rng: Rng | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._history_text()!r}, rng={self.rng!r})"

    def _history_text(self) -> str:
        return " ".join(str(action) for action in actions_of(self.path))


class PathNode(Protocol):
    """What :func:`path_game` reads from a memoised node."""

    @property
    def player(self) -> int: ...

    @property
    def legal(self) -> tuple[int, ...]: ...

    @property
    def outcomes(self) -> tuple[tuple[int, Fraction], ...]: ...

    @property
    def returns(self) -> tuple[float, ...]: ...


def poker_info(
    name: str,
    params: dict[str, object],
    *,
    max_return: float,
    max_game_length: int,
    description: str,
) -> GameInfo:
    """The info of a two-player zero-sum poker game whose only parameter is ``players=2``.

    *params* are ``make_game``'s keyword arguments, checked here (OpenSpiel's
    ``players`` is accepted when it is 2).

    >>> poker_info("kuhn_poker", {"players": 2}, max_return=2.0, max_game_length=3,
    ...            description="").min_return
    -2.0
    >>> poker_info("kuhn_poker", {"players": 3}, max_return=2.0, max_game_length=3,
    ...            description="")
    Traceback (most recent call last):
    ValueError: kuhn_poker takes only players=2, found {'players': 3}
    """
    rest = dict(params)
    players = rest.pop("players", 2)
    if players != 2 or rest:
        raise ValueError(f"{name} takes only players=2, found {dict(rest, players=players)!r}")
    return GameInfo(
        name=name,
        num_players=2,
        min_return=-max_return,
        max_return=max_return,
        max_game_length=max_game_length,
        params=(),
        zero_sum=True,
        constant_sum=0.0,
        has_chance=True,
        perfect_information=False,
        description=description,
    )


S = TypeVar("S", bound=PathState)
PN = TypeVar("PN", bound=PathNode)


def path_game(
    info: GameInfo,
    state_type: type[S],
    nodes: NodeTable[PN],
    *,
    observation: Callable[[S, int], Hashable],
    action_to_str: Callable[[S, int], str],
    parse_action: Callable[[S, str], int],
    render: Callable[[S], str],
    resample: Callable[[S, int, random.Random], S],
) -> Game[S, int]:
    """The :class:`Game` of a history-as-path game: the thin protocol generated, the rest given.

    Generated over *nodes*: ``initial_state`` (the empty history; with ``seed``
    the state carries ``Rng(seed)``), ``current_player``, ``legal_actions``,
    ``chance_outcomes`` and ``returns`` (the node's fields), ``step`` (one
    multiply-add and one tuple, unchecked), ``sample_chance_fn`` (a uniform
    draw among the node's outcomes: ``random()`` scaled, off by at most
    2**-53, so every outcome must be equally likely) and ``key`` (the path: the
    RNG is not part of the position).  Each is one closure doing what a
    hand-written module function would, with no extra call per step.

    >>> from pure_engine.games.kuhn_poker import KuhnState, make_game
    >>> game = make_game()
    >>> s = game.step(game.step(game.initial_state(seed=3), 2), 0)
    >>> s == KuhnState(path_of((2, 0)), Rng(3)), game.key(s), game.legal_actions(s)
    (True, 25, (0, 1))
    """
    assert state_type._fields == ("path", "rng"), "step builds (class, path, rng) tuples"
    table_get = nodes.table.get
    build = nodes.get
    new = tuple.__new__

    def initial_state(seed: int | None = None) -> S:
        return state_type(ROOT, None if seed is None else Rng(seed))

    def current_player(s: S) -> int:
        return (table_get(s.path) or build(s.path)).player

    def legal_actions(s: S) -> tuple[int, ...]:
        return (table_get(s.path) or build(s.path)).legal

    def chance_outcomes(s: S) -> tuple[tuple[int, Fraction], ...]:
        return (table_get(s.path) or build(s.path)).outcomes

    def step(s: S, action: int) -> S:
        return new(state_type, (state_type, s.path * 8 + action + 1, s.rng))  # 8 == BASE

    def sample_chance(s: S, rng: random.Random) -> int:
        outcomes = (table_get(s.path) or build(s.path)).outcomes
        return outcomes[int(rng.random() * len(outcomes))][0]

    def returns(s: S) -> tuple[float, ...]:
        return (table_get(s.path) or build(s.path)).returns

    def key(s: S) -> int:
        return s.path

    return Game(
        info=info,
        initial_state=initial_state,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        key=key,
        sample_chance_fn=sample_chance,
        observation=observation,
        action_to_str=action_to_str,
        parse_action=parse_action,
        render=render,
        resample=resample,
    )
