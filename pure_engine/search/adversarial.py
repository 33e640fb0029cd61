"""Alpha-beta with a transposition table, and *-minimax pruning at chance nodes.

One function, :func:`alphabeta`, over one engine (:mod:`pure_engine.search._engine`):
alpha-beta (the negamax recurrence, written over the root side's value — max
where a root-side player moves, min elsewhere — so partnerships need no sign
bookkeeping), a transposition table of exact / lower / upper bounds with their
depth, iterative deepening, and a move-ordering hook.  Chance nodes, if the
game has any, are averaged with their exact probabilities — this is
*expectiminimax* — with the pruning named by *pruning*: :attr:`Pruning.STAR1`
(Ballard's Star1: a chance node stops as soon as the outcomes seen so far, with
the rest at their bounds, decide it), :attr:`Pruning.STAR2` (the default:
Star1 after a probing pass that searches one move of each successor to tighten
those bounds), or ``None`` (exact averages).  ``expectiminimax`` is the old,
deprecated name of the same function.

*-minimax needs bounds on every value: ``bounds`` defaults to
``(game.info.min_return, game.info.max_return)``; a leaf outside them is an
error (the pruning would be unsound), and infinite bounds turn chance pruning
off.  Values are from the root side's view (see :mod:`pure_engine.search.expecti`).

With a chance node (a safe 1, or a coin flip between 4 and -1):

>>> from fractions import Fraction
>>> from pure_engine.testing.toys import Node, make_graph_game
>>> half = Fraction(1, 2)
>>> game = make_graph_game({
...     0: Node(0, (1, 2)),
...     1: Node(-4, payoff=(1.0, -1.0)),
...     2: Node(-1, (3, 4), (half, half)),
...     3: Node(-4, payoff=(4.0, -4.0)),
...     4: Node(-4, payoff=(-1.0, 1.0)),
... })
>>> r = alphabeta(game, 0, pruning=Pruning.STAR1)
>>> r.value, r.action, r.pv, r.complete, r.depth
(1.5, 1, (1,), True, 1)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from pure_engine.core.enums import parse_enum
from pure_engine.core.game import Game
from pure_engine.core.seen import TranspositionTable
from pure_engine.search._engine import EXACT, LOWER, UPPER, Engine, Pruning
from pure_engine.search.budget import Budget, Limiter, SearchStats, StopReason
from pure_engine.search.expecti import (
    UNLIMITED,
    AdversarialResult,
    SearchStopped,
    Sides,
    perspective,
    root_side_players,
)

__all__ = [
    "EXACT",
    "LOWER",
    "UPPER",
    "AdversarialResult",
    "Pruning",
    "alphabeta",
]

S = TypeVar("S")
A = TypeVar("A")


def alphabeta(
    game: Game[S, A],
    state: S,
    *,
    depth: int | None = None,
    pruning: Pruning | str | None = "star2",
    bounds: tuple[float, float] | None = None,
    budget: Budget | None = None,
    tt: bool = True,
    deepen: bool | None = None,
    order: Callable[[S, tuple[A, ...]], Sequence[A]] | None = None,
    sides: Sides | None = None,
    player: int | None = None,
    evaluate: Callable[[S], Sequence[float]] | None = None,
    tt_capacity: int = 1_000_000,
) -> AdversarialResult[A]:
    """Alpha-beta search from *state* (expectiminimax where chance moves); the value is from
    the root side's view.

    * *depth* — decision plies (chance nodes are free); ``None`` searches to
      the end of the game.
    * *budget* — on a cut, the last completed iteration is returned (or, in the
      first one, the best root move so far); ``stats.stopped_by`` says why and
      ``complete`` is false.  A line deeper than
      :data:`~pure_engine.search.expecti.MAX_PLIES` stops it too (``"recursion"``).
    * *tt* — a :class:`~pure_engine.core.seen.TranspositionTable` on
      ``game.key`` holding exact / lower / upper bounds with their depth and
      the best move, which is tried first below the root.
    * *deepen* — iterative deepening: depths 1, 2, ... up to *depth* (until
      one reaches the end everywhere), the last best root move first.
      Default: only with a *budget*, where it makes the search anytime.
    * *order* — ``order(state, legal_actions) -> actions`` reorders moves (best
      first); root ties go to the earlier action in that order (by default
      legal-action order), so a search is reproducible.
    * *sides* — a side index per seat, or a function seat -> side (partnerships);
      the value is the root side's mean return.  Default: one player per side
      with two players, else the root player against the rest (paranoid).
    * *evaluate* — per-player estimates at the depth limit, within the game's
      return bounds (default ``game.returns`` clamped to them).
    * *pruning* — :class:`Pruning` (or its name) at chance nodes: ``STAR2``
      (default), ``STAR1`` or ``None``; the value is
      :func:`~pure_engine.search.expecti.expectimax`'s (up to float
      rounding), found visiting fewer nodes.
    * *bounds* — hold every leaf value (default the game's
      ``min_return``/``max_return``); the chance pruning relies on them.
    * *player* — whose side the value is for (default: the player to move;
      player 0 at a chance or terminal root).

    >>> from pure_engine.testing.toys import Node, make_graph_game
    >>> game = make_graph_game({
    ...     0: Node(0, (1, 2)), 1: Node(1, (3, 4)), 2: Node(1, (5, 6)),
    ...     3: Node(-4, payoff=(3.0, -3.0)), 4: Node(-4, payoff=(12.0, -12.0)),
    ...     5: Node(-4, payoff=(2.0, -2.0)), 6: Node(-4, payoff=(8.0, -8.0)),
    ... })
    >>> r = alphabeta(game, 0, tt=False)
    >>> r.value, r.action, r.pv, r.complete
    (3.0, 0, (0, 0), True)
    >>> r.stats.generated   # node 6 is pruned
    5
    """
    chosen = None if pruning is None else parse_enum(Pruning, pruning, what="pruning")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be >= 1 or None, found {depth!r}")
    players, maximizing = root_side_players(game, perspective(game, state, player), sides)
    lo, hi = bounds if bounds is not None else (game.info.min_return, game.info.max_return)
    if lo > hi:
        raise ValueError(f"bounds must have lo <= hi, found {(lo, hi)!r}")
    engine = Engine(
        game,
        players=players,
        maximizing=maximizing,
        evaluate=evaluate,
        order=order,
        table=TranspositionTable(capacity=tt_capacity) if tt else None,
        pruning=chosen,
        bounds=(lo, hi),
        limiter=Limiter(budget),
    )
    found = _iterate(engine, state, _depths(game, depth, deepen, budgeted=budget is not None))
    return found.replace(stats=engine.stats())


def _depths(
    game: Game[S, A], depth: int | None, deepen: bool | None, *, budgeted: bool
) -> Sequence[int]:
    """The depths the iterations search: 1, 2, ... up to *depth* when deepening (by default
    only with a budget), else *depth* alone.

    Measured: deepening costs more than the move ordering it buys (tic-tac-toe 3391 vs
    2209 nodes, Leduc 5190 vs 1753), so by default it is for budgets: an answer at any time.
    """
    limit = UNLIMITED if depth is None else depth
    if deepen is None:
        deepen = budgeted
    return range(1, min(limit, game.info.max_game_length + 1) + 1) if deepen else [limit]


def _iterate(engine: Engine[S, A], state: S, schedule: Iterable[int]) -> AdversarialResult[A]:
    """Search *state* to each depth of *schedule* in turn, until one reaches the end everywhere
    or the search is stopped; the last completed iteration's answer (stats left to the caller).

    Cut before the first iteration finished, the answer is the best root move seen so far.
    """
    found: AdversarialResult[A] | None = None
    partial: list[tuple[float, A, tuple[A, ...]]] = []
    for current in schedule:
        before = engine.cutoffs
        partial = []
        try:
            v, move, line = engine.root(state, current, partial)
        except SearchStopped:
            break
        except RecursionError:  # a line deeper than MAX_PLIES: stop as if by a budget
            engine.limiter.reason = StopReason.RECURSION
            break
        complete = engine.cutoffs == before
        reached = engine.deepest if complete else current
        found = AdversarialResult(v, move, reached, complete, SearchStats(), line)
        if complete:
            break
    if found is not None:
        return found
    if partial:
        v, move, line = partial[-1]
        return AdversarialResult(v, move, 0, False, SearchStats(), line)
    return AdversarialResult(math.nan, _first_action(engine.game, state), 0, False, SearchStats())


def _first_action(game: Game[S, A], state: S) -> A | None:
    legal = game.legal_actions(state)
    return legal[0] if legal else None


def expectiminimax(game: Game[S, A], state: S, **options: Any) -> AdversarialResult[A]:
    """Deprecated: the old name of :func:`alphabeta`, which handles chance nodes itself
    (same arguments, same result)."""
    warnings.warn(
        "expectiminimax is deprecated: use alphabeta (the same search, same arguments)",
        DeprecationWarning,
        stacklevel=2,
    )
    return alphabeta(game, state, **options)
