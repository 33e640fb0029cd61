"""Alpha-beta with a transposition table, and expectiminimax with *-minimax pruning.

One engine serves both entry points:

* :func:`alphabeta` — alpha-beta (the negamax recurrence, written over the
  root side's value so partnerships need no sign bookkeeping), a
  transposition table of exact / lower / upper bounds with their depth,
  iterative deepening, and a move-ordering hook; chance nodes, if the game has
  any, are handled as in :func:`expectiminimax`;
* :func:`expectiminimax` — the same search with the chance-node pruning named
  by *pruning*: ``"star1"`` (Ballard's Star1: a chance node stops as soon as
  the outcomes seen so far, with the rest at their bounds, decide it) or
  ``"star2"`` (Star1 after a probing pass that searches one move of each
  successor to tighten those bounds), or ``None`` (exact averages).

*-minimax needs bounds on every value: ``bounds`` defaults to
``(game.info.min_return, game.info.max_return)``; a leaf outside them is an
error (the pruning would be unsound), and infinite bounds turn chance pruning
off.  Values are from the root side's view (see :mod:`pure_engine.search.expecti`).

>>> from tests.search_toys import Node, make_graph_game
>>> game = make_graph_game({
...     0: Node(0, (1, 2)), 1: Node(1, (3, 4)), 2: Node(1, (5, 6)),
...     3: Node(-4, payoff=(3.0, -3.0)), 4: Node(-4, payoff=(12.0, -12.0)),
...     5: Node(-4, payoff=(2.0, -2.0)), 6: Node(-4, payoff=(8.0, -8.0)),
... })
>>> r = alphabeta(game, 0)
>>> r.value, r.action, r.complete
(3.0, 0, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Final, Generic, TypeVar

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.seen import TranspositionTable
from pure_engine.search.budget import Budget, Limiter, SearchStats
from pure_engine.search.expecti import (
    UNLIMITED,
    AdversarialResult,
    SearchStopped,
    perspective,
    root_side_players,
    side_value,
)

__all__ = ["EXACT", "LOWER", "PRUNINGS", "UPPER", "AdversarialResult", "alphabeta", "expectiminimax"]

S = TypeVar("S")
A = TypeVar("A")

EXACT: Final = 0
LOWER: Final = 1  # the true value is >= the stored one
UPPER: Final = 2  # the true value is <= the stored one
PRUNINGS = (None, "star1", "star2")

# a table entry: (depth it is valid for, bound kind, value, best action or None)
Entry = tuple[int, int, float, object]


class _Engine(Generic[S, A]):
    """One search's mutable machinery (counters, table, limiter); never stored anywhere."""

    def __init__(
        self,
        game: Game[S, A],
        *,
        players: tuple[int, ...],
        maximizing: tuple[bool, ...],
        evaluate: Callable[[S], Sequence[float]] | None,
        order: Callable[[S, tuple[A, ...]], Sequence[A]] | None,
        table: TranspositionTable[Hashable, Entry] | None,
        pruning: str | None,
        bounds: tuple[float, float],
        limiter: Limiter,
    ) -> None:
        self.game = game
        self.players = players
        self.maximizing = maximizing
        self.score = evaluate or game.returns
        self.order = order
        self.table = table
        lo, hi = bounds
        self.pruning = pruning if math.isfinite(lo) and math.isfinite(hi) else None
        self.lo, self.hi = lo, hi
        self.limiter = limiter
        self.expanded = 0
        self.generated = 0
        self.tt_cuts = 0
        self.cutoffs = 0  # leaves scored by the depth limit (or table entries that were)
        self.peak = 0

    # -- leaves -------------------------------------------------------------------
    def leaf(self, values: Sequence[float]) -> float:
        v = side_value(values, self.players)
        if self.pruning is not None and not self.lo <= v <= self.hi:
            raise ValueError(
                f"leaf value {v!r} outside the bounds ({self.lo!r}, {self.hi!r}); "
                "pass bounds= or pruning=None"
            )
        return v

    def ordered(self, state: S, first: object) -> Sequence[A]:
        actions: Sequence[A] = self.game.legal_actions(state)
        if self.order is not None:
            actions = self.order(state, actions)  # type: ignore[arg-type]  # legal_actions is a tuple
        if first is not None and first in actions and actions[0] != first:
            actions = [first, *(a for a in actions if a != first)]  # type: ignore[list-item]  # first came from this node's actions
        return actions

    # -- the recurrence -------------------------------------------------------------
    def value(self, state: S, depth: int, alpha: float, beta: float, ply: int) -> float:
        game = self.game
        mover = game.current_player(state)
        if mover == TERMINAL:
            return self.leaf(game.returns(state))
        if depth <= 0:
            self.cutoffs += 1
            return self.leaf(self.score(state))
        if self.limiter.exhausted(self.expanded, 0 if self.table is None else len(self.table)):
            raise SearchStopped(self.limiter.reason)
        if ply > self.peak:
            self.peak = ply
        table = self.table
        first: object = None
        key: Hashable = None
        if table is not None:
            key = game.key(state)
            entry = table.get(key)
            if entry is not None:
                edepth, kind, stored, first = entry
                if edepth >= depth and (
                    kind == EXACT
                    or (kind == LOWER and stored >= beta)
                    or (kind == UPPER and stored <= alpha)
                ):
                    self.tt_cuts += 1
                    if edepth < UNLIMITED:
                        self.cutoffs += 1
                    return stored
        self.expanded += 1
        before = self.cutoffs
        if mover == CHANCE:
            best, move = self.chance(state, depth, alpha, beta, ply), None
        else:
            best, move = self.decision(state, mover, depth, alpha, beta, ply, first)
        if table is not None:
            kind = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            table.put(key, (UNLIMITED if self.cutoffs == before else depth, kind, best, move))
        return best

    def decision(
        self,
        state: S,
        mover: int,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        first: object,
    ) -> tuple[float, A | None]:
        step = self.game.step
        is_max = self.maximizing[mover]
        best = -math.inf if is_max else math.inf
        move: A | None = None
        for action in self.ordered(state, first):
            self.generated += 1
            v = self.value(step(state, action), depth - 1, alpha, beta, ply + 1)
            if is_max:
                if v > best:
                    best, move = v, action
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, move = v, action
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best, move

    def chance(self, state: S, depth: int, alpha: float, beta: float, ply: int) -> float:
        game = self.game
        outcomes = game.chance_outcomes(state)
        probs = [float(p) for _, p in outcomes]
        children = [game.step(state, a) for a, _ in outcomes]
        self.generated += len(children)
        if self.pruning is None:
            values = [self.value(c, depth, -math.inf, math.inf, ply + 1) for c in children]
            return sum(p * v for p, v in zip(probs, values, strict=True))
        count = len(children)
        lows = [self.lo] * count
        highs = [self.hi] * count
        if self.pruning == "star2":
            cut = self.probe(children, probs, lows, highs, depth, alpha, beta, ply)
            if cut is not None:
                return cut
        for i, child in enumerate(children):
            p = probs[i]
            rest_hi = sum(q * h for j, (q, h) in enumerate(zip(probs, highs, strict=True)) if j != i)
            rest_lo = sum(q * lo for j, (q, lo) in enumerate(zip(probs, lows, strict=True)) if j != i)
            alpha_i = (alpha - rest_hi) / p
            beta_i = (beta - rest_lo) / p
            if alpha_i >= highs[i]:  # even this outcome at its best cannot lift us above alpha
                return rest_hi + p * highs[i]
            if beta_i <= lows[i]:  # even at its worst it keeps us at or above beta
                return rest_lo + p * lows[i]
            v = self.value(child, depth, max(alpha_i, lows[i]), min(beta_i, highs[i]), ply + 1)
            if v <= alpha_i:
                return rest_hi + p * v
            if v >= beta_i:
                return rest_lo + p * v
            lows[i] = highs[i] = v
        return sum(p * v for p, v in zip(probs, lows, strict=True))

    def probe(
        self,
        children: list[S],
        probs: list[float],
        lows: list[float],
        highs: list[float],
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
    ) -> float | None:
        """Star2's probing pass: one move of each successor tightens its bound.

        A successor where the root side moves gets a lower bound from its first
        move, one where the other side moves an upper bound; terminal
        successors are scored exactly.  Returns a cut-off value, or None.
        """
        game = self.game
        for i, child in enumerate(children):
            mover = game.current_player(child)
            if mover == TERMINAL:
                lows[i] = highs[i] = self.leaf(game.returns(child))
                continue
            if mover == CHANCE or depth <= 0:
                continue
            p = probs[i]
            actions = self.ordered(child, self.table_move(child))
            if not actions:
                continue
            grandchild = game.step(child, actions[0])
            self.generated += 1
            if self.maximizing[mover]:
                rest_lo = sum(q * lo for j, (q, lo) in enumerate(zip(probs, lows, strict=True)) if j != i)
                beta_i = (beta - rest_lo) / p
                if beta_i <= lows[i]:
                    return rest_lo + p * lows[i]
                v = self.value(grandchild, depth - 1, lows[i], min(beta_i, highs[i]), ply + 2)
                if v >= beta_i:
                    return rest_lo + p * v
                lows[i] = max(lows[i], min(v, highs[i]))
            else:
                rest_hi = sum(q * h for j, (q, h) in enumerate(zip(probs, highs, strict=True)) if j != i)
                alpha_i = (alpha - rest_hi) / p
                if alpha_i >= highs[i]:
                    return rest_hi + p * highs[i]
                v = self.value(grandchild, depth - 1, max(alpha_i, lows[i]), highs[i], ply + 2)
                if v <= alpha_i:
                    return rest_hi + p * v
                highs[i] = min(highs[i], max(v, lows[i]))
        return None

    def table_move(self, state: S) -> object:
        if self.table is None:
            return None
        entry = self.table.get(self.game.key(state))
        return None if entry is None else entry[3]

    # -- the root -------------------------------------------------------------------
    def root(self, state: S, depth: int, partial: list[tuple[float, A]]) -> tuple[float, A | None]:
        """Search the root in root order, so ties go to the earlier action.

        Each finished root action's value is appended to *partial*, so a budget
        cut mid-iteration still leaves what was learnt.
        """
        game = self.game
        mover = game.current_player(state)
        if mover < 0:  # chance or terminal root: no action to choose
            return self.value(state, depth, -math.inf, math.inf, 0), None
        self.expanded += 1
        is_max = self.maximizing[mover]
        actions: Sequence[A] = game.legal_actions(state)
        if self.order is not None:
            actions = self.order(state, actions)  # type: ignore[arg-type]  # legal_actions is a tuple
        alpha, beta = -math.inf, math.inf
        best = -math.inf if is_max else math.inf
        move: A | None = None
        before = self.cutoffs
        for action in actions:
            self.generated += 1
            v = self.value(game.step(state, action), depth - 1, alpha, beta, 1)
            if move is None or (v > best if is_max else v < best):
                best, move = v, action
                partial.append((v, action))
                if is_max:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        if self.table is not None:
            self.table.put(game.key(state), (UNLIMITED if self.cutoffs == before else depth, EXACT, best, move))
        return best, move

    def stats(self) -> SearchStats:
        return SearchStats(
            expanded=self.expanded,
            generated=self.generated,
            duplicates=self.tt_cuts,
            peak_frontier=self.peak,
            seconds=self.limiter.elapsed(),
            stopped_by=self.limiter.reason,
        )


def expectiminimax(
    game: Game[S, A],
    state: S,
    *,
    depth: int | None = None,
    pruning: str | None = "star2",
    bounds: tuple[float, float] | None = None,
    tt: bool = False,
    order: Callable[[S, tuple[A, ...]], Sequence[A]] | None = None,
    side: Callable[[int], int] | None = None,
    player: int | None = None,
    evaluate: Callable[[S], Sequence[float]] | None = None,
    budget: Budget | None = None,
    tt_capacity: int = 1_000_000,
) -> AdversarialResult[A]:
    """Expectiminimax with alpha-beta at decisions and *-minimax pruning at chance nodes.

    Returns the same value as :func:`~pure_engine.search.expecti.expectimax`
    (up to float rounding) while visiting fewer nodes.  See :func:`alphabeta`
    for *depth*, *tt*, *order*, *side*, *player*, *evaluate* and *budget*.

    >>> from fractions import Fraction
    >>> from tests.search_toys import Node, make_graph_game
    >>> half = Fraction(1, 2)
    >>> game = make_graph_game({
    ...     0: Node(0, (1, 2)),
    ...     1: Node(-4, payoff=(1.0, -1.0)),
    ...     2: Node(-1, (3, 4), (half, half)),
    ...     3: Node(-4, payoff=(4.0, -4.0)),
    ...     4: Node(-4, payoff=(-1.0, 1.0)),
    ... })
    >>> r = expectiminimax(game, 0, pruning="star1")
    >>> r.value, r.action
    (1.5, 1)
    """
    if pruning not in PRUNINGS:
        raise ValueError(f"pruning must be one of None, 'star1', 'star2', found {pruning!r}")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be >= 1 or None, found {depth!r}")
    players, maximizing = root_side_players(game, perspective(game, state, player), side)
    lo, hi = bounds if bounds is not None else (game.info.min_return, game.info.max_return)
    if lo > hi:
        raise ValueError(f"bounds must have lo <= hi, found {(lo, hi)!r}")
    table: TranspositionTable[Hashable, Entry] | None = (
        TranspositionTable(capacity=tt_capacity) if tt else None
    )
    engine = _Engine(
        game,
        players=players,
        maximizing=maximizing,
        evaluate=evaluate,
        order=order,
        table=table,
        pruning=pruning,
        bounds=(lo, hi),
        limiter=Limiter(budget),
    )
    limit = UNLIMITED if depth is None else depth
    # without a table, deepening only repeats work: search the final depth at once
    schedule = range(1, min(limit, game.info.max_game_length + 1) + 1) if tt else [limit]
    done: tuple[float, A | None, int, bool] | None = None
    partial: list[tuple[float, A]] = []
    for current in schedule:
        before = engine.cutoffs
        partial = []
        try:
            v, move = engine.root(state, current, partial)
        except SearchStopped:
            break
        complete = engine.cutoffs == before
        done = (v, move, UNLIMITED if complete else current, complete)
        if complete:
            break
    if done is None:  # cut before the first iteration finished: best root move seen so far
        v, move = partial[-1] if partial else (math.nan, _first_action(game, state))
        done = (v, move, 0, False)
    return AdversarialResult(done[0], done[1], done[2], done[3], engine.stats())


def _first_action(game: Game[S, A], state: S) -> A | None:
    legal = game.legal_actions(state)
    return legal[0] if legal else None


def alphabeta(
    game: Game[S, A],
    state: S,
    *,
    depth: int | None = None,
    tt: bool = True,
    order: Callable[[S, tuple[A, ...]], Sequence[A]] | None = None,
    side: Callable[[int], int] | None = None,
    player: int | None = None,
    evaluate: Callable[[S], Sequence[float]] | None = None,
    budget: Budget | None = None,
    tt_capacity: int = 1_000_000,
) -> AdversarialResult[A]:
    """Alpha-beta search from *state*; the value is from the root side's view.

    * *depth* — decision plies (chance nodes are free); ``None`` searches to
      the end of the game.  With *tt* on, iterative deepening runs depths 1, 2,
      ... and stops early once an iteration reached the end everywhere.
    * *tt* — a :class:`~pure_engine.core.seen.TranspositionTable` on
      ``game.key`` holding exact / lower / upper bounds with their depth and
      the best move, which is tried first below the root.
    * *order* — ``order(state, legal_actions) -> actions`` reorders moves
      (best first); ties at the root go to the earlier action in that order,
      by default legal-action order, so a search is reproducible.
    * *side* — maps each player to side 0 or 1 (partnerships); the value is
      the mean return of the root side.  Default: one player per side with
      two players, the root player against the rest (paranoid) otherwise.
    * *evaluate* — per-player estimates at the depth limit (default
      ``game.returns``).  *budget* — on a cut, the last completed iteration
      is returned (``stats.stopped_by`` says why).

    >>> from tests.search_toys import Node, make_graph_game
    >>> game = make_graph_game({
    ...     0: Node(0, (1, 2)), 1: Node(1, (3, 4)), 2: Node(1, (5, 6)),
    ...     3: Node(-4, payoff=(3.0, -3.0)), 4: Node(-4, payoff=(12.0, -12.0)),
    ...     5: Node(-4, payoff=(2.0, -2.0)), 6: Node(-4, payoff=(8.0, -8.0)),
    ... })
    >>> alphabeta(game, 0, tt=False).stats.generated   # node 6 is pruned
    5
    """
    return expectiminimax(
        game,
        state,
        depth=depth,
        pruning="star2",
        tt=tt,
        order=order,
        side=side,
        player=player,
        evaluate=evaluate,
        budget=budget,
        tt_capacity=tt_capacity,
    )
