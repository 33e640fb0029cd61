"""Alpha-beta with a transposition table, and expectiminimax with *-minimax pruning.

One engine serves both entry points:

* :func:`alphabeta` — alpha-beta (the negamax recurrence, written over the
  root side's value — max where a root-side player moves, min elsewhere — so
  partnerships need no sign bookkeeping), a
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
>>> r.value, r.action, r.pv, r.complete, r.depth
(3.0, 0, (0, 0), True, 2)
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
    Sides,
    perspective,
    root_side_players,
    side_value,
)

__all__ = [
    "EXACT",
    "LOWER",
    "PRUNINGS",
    "UPPER",
    "AdversarialResult",
    "alphabeta",
    "expectiminimax",
]

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
        self.evaluate = evaluate
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
        self.limit = 0  # the running iteration's depth
        self.deepest = 0  # most decision plies used on any path that reached a leaf
        self.pv: dict[int, tuple[A, ...]] = {}  # ply -> best line below it (triangular PV)
        self.root_move: A | None = None  # the last iteration's choice, searched first

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
            # first came from this node's own table entry, so it is one of its actions
            actions = [first, *(a for a in actions if a != first)]  # type: ignore[list-item]
        return actions

    # -- the recurrence -------------------------------------------------------------
    def value(self, state: S, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Fail-soft: a result <= alpha is an upper bound, >= beta a lower bound, else exact."""
        game = self.game
        mover = game.current_player(state)
        if mover == TERMINAL or depth <= 0:
            self.pv[ply] = ()
            used = self.limit - depth
            if used > self.deepest:
                self.deepest = used
            if mover == TERMINAL:
                return self.leaf(game.returns(state))
            self.cutoffs += 1
            if self.evaluate is None:  # returns() mid-game is a rough guess: keep it in bounds
                return min(max(side_value(game.returns(state), self.players), self.lo), self.hi)
            return self.leaf(self.evaluate(state))
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
                    self.pv[ply] = ()
                    return stored
        self.expanded += 1
        before = self.cutoffs
        move: A | None = None
        if mover == CHANCE:
            best = self.chance(state, depth, alpha, beta, ply)
            self.pv[ply] = ()
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
        line: tuple[A, ...] = ()
        pv = self.pv
        for action in self.ordered(state, first):
            self.generated += 1
            v = self.value(step(state, action), depth - 1, alpha, beta, ply + 1)
            if is_max:
                if v > best:
                    best, move = v, action
                    if v > alpha:
                        alpha = v
                        line = (action, *pv[ply + 1])
            elif v < best:
                best, move = v, action
                if v < beta:
                    beta = v
                    line = (action, *pv[ply + 1])
            if alpha >= beta:
                break
        pv[ply] = line
        return best, move

    def chance(self, state: S, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Expectation over the outcomes; with pruning, Star1 (after Star2's probe).

        Outcome *i* is searched with the window that decides the node given
        the bounds of the others; a result outside it settles the node at
        once.  Cut-off values are clamped to alpha/beta so rounding in the
        window arithmetic can never turn a bound into a value that looks exact.
        """
        game = self.game
        outcomes = game.chance_outcomes(state)
        probs = [float(p) for _, p in outcomes]
        children = [game.step(state, a) for a, _ in outcomes]
        self.generated += len(children)
        total = 0.0
        if self.pruning is None:
            for p, child in zip(probs, children, strict=True):
                total += p * self.value(child, depth, -math.inf, math.inf, ply + 1)
            return total
        count = len(children)
        lows = [self.lo] * count
        highs = [self.hi] * count
        if self.pruning == "star2":
            cut = self.probe(children, probs, lows, highs, depth, alpha, beta, ply)
            if cut is not None:
                return cut
        suffix_lo = [0.0] * (count + 1)  # bounds of the outcomes not searched yet
        suffix_hi = [0.0] * (count + 1)
        for j in range(count - 1, -1, -1):
            suffix_lo[j] = suffix_lo[j + 1] + probs[j] * lows[j]
            suffix_hi[j] = suffix_hi[j + 1] + probs[j] * highs[j]
        done = 0.0  # the searched outcomes' exact share
        for i, child in enumerate(children):
            p, low, high = probs[i], lows[i], highs[i]
            rest_lo = done + suffix_lo[i + 1]
            rest_hi = done + suffix_hi[i + 1]
            top = rest_hi + p * high
            if top <= alpha:  # even at its best this outcome cannot lift the node above alpha
                return top
            bottom = rest_lo + p * low
            if bottom >= beta:  # even at its worst it keeps the node at or above beta
                return bottom
            if low < high:
                alpha_i = (alpha - rest_hi) / p
                beta_i = (beta - rest_lo) / p
                window_lo = max(alpha_i, low)
                window_hi = min(beta_i, high)
                if window_lo >= window_hi:  # only by rounding: search the outcome's own bounds
                    window_lo, window_hi = low, high
                v = self.value(child, depth, window_lo, window_hi, ply + 1)
                if v <= window_lo:  # an upper bound
                    if alpha_i >= low:
                        return min(rest_hi + p * v, alpha)
                    v = low  # v <= low <= true value <= v
                elif v >= window_hi:  # a lower bound
                    if beta_i <= high:
                        return max(rest_lo + p * v, beta)
                    v = high
                lows[i] = highs[i] = v
            done += p * lows[i]
        for p, v in zip(probs, lows, strict=True):
            total += p * v
        return total

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

        Terminal successors are scored exactly; at one where the root side
        moves, its first move gives a lower bound, where the other side moves
        an upper bound.  Returns a cut-off value for the chance node, or None.
        """
        game = self.game
        current_player, step = game.current_player, game.step
        movers = [current_player(c) for c in children]
        for i, child in enumerate(children):
            if movers[i] == TERMINAL:
                lows[i] = highs[i] = self.leaf(game.returns(child))
        if depth <= 0:
            return None
        sum_lo = sum(p * v for p, v in zip(probs, lows, strict=True))
        sum_hi = sum(p * v for p, v in zip(probs, highs, strict=True))
        for i, child in enumerate(children):
            mover = movers[i]
            if mover < 0:
                continue
            p = probs[i]
            if self.maximizing[mover]:
                rest_lo = sum_lo - p * lows[i]
                beta_i = (beta - rest_lo) / p
                window_lo, window_hi = lows[i], min(beta_i, highs[i])
                if window_lo >= window_hi:
                    if rest_lo + p * lows[i] >= beta:
                        return rest_lo + p * lows[i]
                    continue
                actions = self.ordered(child, self.table_move(child))
                self.generated += 1
                v = self.value(step(child, actions[0]), depth - 1, window_lo, window_hi, ply + 2)
                if v >= window_hi:  # a lower bound on the grandchild, so on the child
                    if beta_i <= highs[i]:
                        return max(rest_lo + p * v, beta)
                    v = highs[i]
                elif v <= window_lo:  # only an upper bound on one move: no news
                    continue
                sum_lo += p * (v - lows[i])
                lows[i] = v
            else:
                rest_hi = sum_hi - p * highs[i]
                alpha_i = (alpha - rest_hi) / p
                window_lo, window_hi = max(alpha_i, lows[i]), highs[i]
                if window_lo >= window_hi:
                    if rest_hi + p * highs[i] <= alpha:
                        return rest_hi + p * highs[i]
                    continue
                actions = self.ordered(child, self.table_move(child))
                self.generated += 1
                v = self.value(step(child, actions[0]), depth - 1, window_lo, window_hi, ply + 2)
                if v <= window_lo:  # an upper bound on the grandchild, so on the child
                    if alpha_i >= lows[i]:
                        return min(rest_hi + p * v, alpha)
                    v = lows[i]
                elif v >= window_hi:
                    continue
                sum_hi += p * (v - highs[i])
                highs[i] = v
        return None

    def table_move(self, state: S) -> object:
        if self.table is None:
            return None
        entry = self.table.get(self.game.key(state))
        return None if entry is None else entry[3]

    # -- the root -------------------------------------------------------------------
    def root(
        self, state: S, depth: int, partial: list[tuple[float, A, tuple[A, ...]]]
    ) -> tuple[float, A | None, tuple[A, ...]]:
        """Search the root, the previous iteration's best move first.

        Ties still go to the earlier action in root order (legal order, or
        *order*'s): an action before the current best is searched with a
        window one float wider, so an equal value is seen as exact and wins.
        Each root action that became the best is appended to *partial* with
        its value and line, so a budget cut mid-iteration keeps what was learnt.
        """
        game = self.game
        self.limit = depth
        mover = game.current_player(state)
        if mover < 0:  # chance or terminal root: no action to choose
            return self.value(state, depth, -math.inf, math.inf, 0), None, ()
        self.expanded += 1
        is_max = self.maximizing[mover]
        actions: Sequence[A] = game.legal_actions(state)
        if self.order is not None:
            actions = self.order(state, actions)  # type: ignore[arg-type]  # legal_actions is a tuple
        indices = list(range(len(actions)))
        if self.root_move is not None and self.root_move in actions:
            first = list(actions).index(self.root_move)
            indices = [first, *(i for i in indices if i != first)]
        best = -math.inf if is_max else math.inf
        best_index = -1
        line: tuple[A, ...] = ()
        before = self.cutoffs
        for index in indices:
            action = actions[index]
            self.generated += 1
            if best_index < 0:
                alpha, beta = -math.inf, math.inf
            elif is_max:
                alpha = best if index > best_index else math.nextafter(best, -math.inf)
                beta = math.inf
            else:
                alpha = -math.inf
                beta = best if index > best_index else math.nextafter(best, math.inf)
            v = self.value(game.step(state, action), depth - 1, alpha, beta, 1)
            if best_index < 0 or (v > alpha if is_max else v < beta):
                best, best_index = v, index
                line = (action, *self.pv[1])
                partial.append((v, action, line))
        move = actions[best_index]
        self.root_move = move
        if self.table is not None:
            valid = UNLIMITED if self.cutoffs == before else depth
            self.table.put(game.key(state), (valid, EXACT, best, move))
        return best, move, line

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
    budget: Budget | None = None,
    tt: bool = True,
    order: Callable[[S, tuple[A, ...]], Sequence[A]] | None = None,
    sides: Sides | None = None,
    player: int | None = None,
    evaluate: Callable[[S], Sequence[float]] | None = None,
    tt_capacity: int = 1_000_000,
) -> AdversarialResult[A]:
    """Expectiminimax with alpha-beta at decisions and *-minimax pruning at chance nodes.

    Returns the value :func:`~pure_engine.search.expecti.expectimax` returns
    (exactly when the float arithmetic is exact, e.g. dyadic probabilities;
    otherwise up to rounding) while visiting fewer nodes.  *pruning* is
    ``"star2"``, ``"star1"`` or ``None``; *bounds* (default the game's
    ``min_return``/``max_return``) must hold every leaf value.  See
    :func:`alphabeta` for the other arguments.

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
    >>> r.value, r.action, r.pv
    (1.5, 1, (1,))
    """
    if pruning not in PRUNINGS:
        raise ValueError(f"pruning must be one of None, 'star1', 'star2', found {pruning!r}")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be >= 1 or None, found {depth!r}")
    players, maximizing = root_side_players(game, perspective(game, state, player), sides)
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
    found: AdversarialResult[A] | None = None
    partial: list[tuple[float, A, tuple[A, ...]]] = []
    for current in schedule:
        before = engine.cutoffs
        partial = []
        try:
            v, move, line = engine.root(state, current, partial)
        except SearchStopped:
            break
        complete = engine.cutoffs == before
        reached = engine.deepest if complete else current
        found = AdversarialResult(v, move, reached, complete, SearchStats(), line)
        if complete:
            break
    if found is None:  # cut before the first iteration finished: the best root move seen so far
        if partial:
            v, move, line = partial[-1]
            found = AdversarialResult(v, move, 0, False, SearchStats(), line)
        else:
            found = AdversarialResult(math.nan, _first_action(game, state), 0, False, SearchStats())
    return found.replace(stats=engine.stats())


def _first_action(game: Game[S, A], state: S) -> A | None:
    legal = game.legal_actions(state)
    return legal[0] if legal else None


def alphabeta(
    game: Game[S, A],
    state: S,
    *,
    depth: int | None = None,
    budget: Budget | None = None,
    tt: bool = True,
    order: Callable[[S, tuple[A, ...]], Sequence[A]] | None = None,
    sides: Sides | None = None,
    evaluate: Callable[[S], Sequence[float]] | None = None,
    player: int | None = None,
    tt_capacity: int = 1_000_000,
) -> AdversarialResult[A]:
    """Alpha-beta search from *state*; the value is from the root side's view.

    * *depth* — decision plies (chance nodes are free); ``None`` searches to
      the end of the game.  With *tt* on, iterative deepening runs depths 1, 2,
      ... and stops early once an iteration reached the end everywhere.
    * *budget* — on a cut, the last completed iteration is returned (or, in
      the first one, the best root move found so far); ``stats.stopped_by``
      says why and ``complete`` is false.
    * *tt* — a :class:`~pure_engine.core.seen.TranspositionTable` on
      ``game.key`` holding exact / lower / upper bounds with their depth and
      the best move, which is tried first below the root.
    * *order* — ``order(state, legal_actions) -> actions`` reorders moves
      (best first); ties at the root go to the earlier action in that order,
      by default legal-action order, so a search is reproducible.
    * *sides* — a side index per seat, or a function seat -> side
      (partnerships); the value is the mean return of the root side.
      Default: one player per side with two players, the root player against
      the rest (paranoid) otherwise.
    * *evaluate* — per-player estimates at the depth limit (default
      ``game.returns``).  *player* — whose side the value is for (default:
      the player to move).

    Chance nodes, if the game has any, are averaged with Star2 pruning
    (:func:`expectiminimax`).

    >>> from tests.search_toys import Node, make_graph_game
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
    return expectiminimax(
        game,
        state,
        depth=depth,
        pruning="star2" if game.info.has_chance else None,
        budget=budget,
        tt=tt,
        order=order,
        sides=sides,
        player=player,
        evaluate=evaluate,
        tt_capacity=tt_capacity,
    )
