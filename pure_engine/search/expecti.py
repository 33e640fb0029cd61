"""Plain minimax / expectimax: the reference the pruned searches are tested against.

No pruning, no transposition table: every node of the tree (to *depth*
decision plies) is visited, chance nodes are averaged with their exact
probabilities.  :func:`expectimax` is that recurrence; on a game without
chance nodes it is classic minimax (``minimax``, the name people look for, is
its deprecated alias).  The shared pieces — :class:`AdversarialResult` and the way
players are mapped to sides — live here too.

Values are from the *root side's* view: the mean return of the players on the
side of the player to move at the root (or of *player* when given).  With no
``sides``, a two-player game has one player per side and a game with
more players is searched *paranoid*: the root player against all others.

>>> from pure_engine.testing.toys import Node, make_graph_game
>>> from fractions import Fraction
>>> half = Fraction(1, 2)
>>> game = make_graph_game({
...     0: Node(0, (1, 2)),                     # player 0: safe 1, or a coin flip
...     1: Node(-4, payoff=(1.0, -1.0)),
...     2: Node(-1, (3, 4), (half, half)),
...     3: Node(-4, payoff=(4.0, -4.0)),
...     4: Node(-4, payoff=(-1.0, 1.0)),
... })
>>> r = expectimax(game, 0)
>>> r.value, r.action
(1.5, 1)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.struct import Struct
from pure_engine.search.budget import Budget, Limiter, SearchStats, StopReason

Sides = Sequence[int] | Callable[[int], int]
"""Partnerships: a side index per seat (``(0, 1, 0, 1)``) or a function seat -> side."""

__all__ = [
    "MAX_PLIES",
    "UNLIMITED",
    "AdversarialResult",
    "SearchStopped",
    "Sides",
    "expectimax",
    "root_side_players",
]

S = TypeVar("S")
A = TypeVar("A")

UNLIMITED = 1 << 30
"""The depth meaning "to the end of the game"."""

MAX_PLIES: Final = 400
"""The deepest line the recursive searches follow (nodes below the root, chance included).

A deeper line stops the search as a budget would, with the stop reason ``"recursion"``.
The limit is explicit so that both builds stop at the same node: compiled code does not
check Python's recursion limit, and a line deeper than the C stack would crash the
interpreter.  400 leaves room under Python's default limit of 1000 frames (a ply costs the
pure build two or three) for the caller's frames and the game's own."""


def check_depth(ply: int) -> None:
    """Refuse a line deeper than :data:`MAX_PLIES` with ``RecursionError`` (which the
    searches turn into the stop reason ``"recursion"``).

    >>> check_depth(MAX_PLIES)
    >>> check_depth(MAX_PLIES + 1)
    Traceback (most recent call last):
    ...
    RecursionError: a line deeper than 400 plies: the search does not follow it
    """
    if ply > MAX_PLIES:
        raise RecursionError(f"a line deeper than {MAX_PLIES} plies: the search does not follow it")


class AdversarialResult(Struct, Generic[A]):
    """What an adversarial search found.

    ``value`` is from the root side's view; ``action`` the best root action
    (``None`` at a chance or terminal root); ``depth`` in decision plies: the
    deepest completed iteration, or once ``complete`` the most decision plies
    any searched line took to reach the end (0 after a cut in the first one);
    ``complete`` is true when no leaf was cut by the depth limit, so ``value``
    is the exact game value; ``pv`` the principal variation from the root
    (decision moves only: it stops at a chance node, at a leaf, and where a
    transposition-table hit stood in for a search).
    """

    value: float
    action: A | None
    depth: int
    complete: bool
    stats: SearchStats
    pv: tuple[A, ...] = ()


class SearchStopped(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised inside a search when its budget runs out; never escapes the entry points."""


def root_side_players(
    game: Game[S, A], root_player: int, sides: Sides | None
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The players whose mean return is the value, and for each seat whether it maximizes.

    >>> from pure_engine.testing.toys import Node, make_graph_game
    >>> g = make_graph_game({0: Node(-4, payoff=(0.0,) * 4)}, num_players=4)
    >>> root_side_players(g, 1, lambda p: p % 2)
    ((1, 3), (False, True, False, True))
    >>> root_side_players(g, 0, (0, 1, 1, 0))
    ((0, 3), (True, False, False, True))
    >>> root_side_players(g, 2, None)        # paranoid: the root player alone
    ((2,), (False, False, True, False))
    """
    seats = range(game.num_players)
    if sides is None:
        mine = tuple(p for p in seats if p == root_player)
    else:
        if callable(sides):
            side_of = tuple(sides(p) for p in seats)
        else:
            side_of = tuple(sides)
            if len(side_of) != game.num_players:
                raise ValueError(
                    f"sides must give one side per seat ({game.num_players}), found {sides!r}"
                )
        mine = tuple(p for p in seats if side_of[p] == side_of[root_player])
    return mine, tuple(p in mine for p in seats)


def side_value(values: Sequence[float], players: tuple[int, ...]) -> float:
    """Mean of *values* over *players* (one player: its value, unchanged)."""
    if len(players) == 1:
        return float(values[players[0]])
    return sum(values[p] for p in players) / len(players)


def perspective(game: Game[S, A], state: S, player: int | None) -> int:
    """The player whose side the value is for: *player*, else the one to move, else 0."""
    if player is not None:
        return player
    mover = game.current_player(state)
    return mover if mover >= 0 else 0


def expectimax(
    game: Game[S, A],
    state: S,
    *,
    depth: int | None = None,
    sides: Sides | None = None,
    player: int | None = None,
    evaluate: Callable[[S], Sequence[float]] | None = None,
    budget: Budget | None = None,
) -> AdversarialResult[A]:
    """Exact value by full enumeration: max/min at decisions, expectation at chance.

    *depth* counts decision plies (chance nodes are free); a non-terminal leaf
    at the limit is scored by *evaluate* (per-player estimates, like
    ``returns``; default ``game.returns``).  Ties go to the first action in
    legal order.  The reference has no partial answer: on a budget cut, or a
    line deeper than :data:`MAX_PLIES`, the value is ``nan``, the action
    ``None`` and ``stats.stopped_by`` says why.
    Without chance nodes it is plain minimax (``minimax`` is its old, deprecated name).

    >>> from pure_engine.testing.toys import Node, make_graph_game
    >>> game = make_graph_game({
    ...     0: Node(0, (1, 2)), 1: Node(1, (3, 4)), 2: Node(1, (5, 6)),
    ...     3: Node(-4, payoff=(3.0, -3.0)), 4: Node(-4, payoff=(12.0, -12.0)),
    ...     5: Node(-4, payoff=(2.0, -2.0)), 6: Node(-4, payoff=(8.0, -8.0)),
    ... })
    >>> expectimax(game, 0).value, expectimax(game, 0).action, expectimax(game, 1).value
    (3.0, 0, -3.0)
    """
    players, maximizing = root_side_players(game, perspective(game, state, player), sides)
    current_player, legal_actions = game.current_player, game.legal_actions
    chance_outcomes, step, returns = game.chance_outcomes, game.step, game.returns
    score = evaluate or returns
    limiter = Limiter(budget)
    counts = [0, 0, 0, 0]  # expanded, generated, cut-off leaves, deepest plies used
    limit = UNLIMITED if depth is None else depth

    def value(s: S, remaining: int, ply: int) -> tuple[float, A | None]:
        mover = current_player(s)
        if mover == TERMINAL:
            counts[3] = max(counts[3], limit - remaining)
            return side_value(returns(s), players), None
        if remaining <= 0:
            counts[2] += 1
            return side_value(score(s), players), None
        if limiter.exhausted(counts[0]):
            raise SearchStopped(limiter.reason)
        check_depth(ply)
        counts[0] += 1
        if mover == CHANCE:
            total = 0.0
            for action, prob in chance_outcomes(s):
                counts[1] += 1
                total += float(prob) * value(step(s, action), remaining, ply + 1)[0]
            return total, None
        best_action: A | None = None
        best = 0.0
        is_max = maximizing[mover]
        for action in legal_actions(s):
            counts[1] += 1
            v = value(step(s, action), remaining - 1, ply + 1)[0]
            if best_action is None or (v > best if is_max else v < best):
                best, best_action = v, action
        return best, best_action

    try:
        result_value, action = value(state, limit, 0)
    except SearchStopped:
        result_value, action = math.nan, None
    except RecursionError:  # a line deeper than MAX_PLIES (or than Python's stack)
        limiter.reason = StopReason.RECURSION
        result_value, action = math.nan, None
    stats = limiter.stats(expanded=counts[0], generated=counts[1])
    complete = counts[2] == 0 and not limiter.reason
    reached = counts[3] if complete else 0 if limiter.reason else limit
    return AdversarialResult(result_value, action, reached, complete, stats)


def minimax(game: Game[S, A], state: S, **options: Any) -> AdversarialResult[A]:
    """Deprecated: the old name of :func:`expectimax`, which without chance nodes is plain
    minimax (same arguments, same result)."""
    warnings.warn(
        "minimax is deprecated: use expectimax (without chance nodes it is minimax)",
        DeprecationWarning,
        stacklevel=2,
    )
    return expectimax(game, state, **options)
