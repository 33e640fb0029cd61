"""The machinery behind :mod:`pure_engine.search.adversarial` (private).

One :class:`Engine` per search holds the mutable parts — counters, the
transposition table, the limiter, the principal-variation rows — and the
recurrence: fail-soft alpha-beta at decision nodes, *-minimax (Star1, with
Star2's probing pass) at chance nodes.  Values are the root side's (see
:mod:`pure_engine.search.expecti`).

The contract every call of :meth:`Engine.value` keeps, and the tests check:
a result at or below *alpha* is an upper bound on the true value, one at or
above *beta* a lower bound, and one strictly between them is exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from enum import StrEnum
from typing import Final, Generic, TypeVar, assert_never

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.seen import TranspositionTable
from pure_engine.search.budget import Limiter, SearchStats
from pure_engine.search.expecti import UNLIMITED, SearchStopped, check_depth, side_value

__all__ = ["EXACT", "LOWER", "UPPER", "Engine", "Entry", "Pruning"]

S = TypeVar("S")
A = TypeVar("A")

EXACT: Final = 0
LOWER: Final = 1  # the true value is >= the stored one
UPPER: Final = 2  # the true value is <= the stored one


class Pruning(StrEnum):
    """The chance-node pruning of :func:`~pure_engine.search.adversarial.alphabeta` (or None)."""

    STAR1 = "star1"
    """Ballard's Star1: a chance node stops once the outcomes searched settle it."""
    STAR2 = "star2"
    """Star1 after a probing pass that searches one move of each outcome."""


# a table entry: (depth it is valid for, bound kind, value, best action or None)
Entry = tuple[int, int, float, object]


class Engine(Generic[S, A]):
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
        pruning: Pruning | None,
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
            check_depth(ply)
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
        count = len(children)
        lows = [self.lo] * count
        highs = [self.hi] * count
        pruning = self.pruning
        match pruning:
            case None:
                for p, child in zip(probs, children, strict=True):
                    total += p * self.value(child, depth, -math.inf, math.inf, ply + 1)
                return total
            case Pruning.STAR2:
                cut = self.probe(children, probs, lows, highs, depth, alpha, beta, ply)
                if cut is not None:
                    return cut
            case Pruning.STAR1:
                pass
            case _:
                assert_never(pruning)
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
        return self.limiter.stats(
            expanded=self.expanded,
            generated=self.generated,
            duplicates=self.tt_cuts,
            peak_frontier=self.peak,
        )
