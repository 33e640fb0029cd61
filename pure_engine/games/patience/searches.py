"""The searches the patience solver runs over its successors and heuristic: one weighted
best-first search (mode ``fast``), one depth-first search (mode ``exhaustive``), and the
portfolio of mode ``auto``, which interleaves the searches of
:data:`~pure_engine.games.patience.stages.THREADS`, each resumed where it stopped
(:class:`~pure_engine.search.puzzle.PuzzleSearch`).

Each takes the solver's expander (``_Searcher`` of :mod:`~pure_engine.games.patience.solver`:
the rules, the successors of a position and their heuristic) and a start position closed
under autoplay.

>>> from pure_engine.games.patience.spec import load_variant
>>> from pure_engine.games.patience.deals import ms_deal
>>> from pure_engine.games.patience.solver import solve
>>> solve(load_variant("freecell"), ms_deal(1), mode="fast").mode
<SolveMethod.BEST_FIRST: 'best-first'>
"""

from __future__ import annotations

import gc
import time
from collections.abc import Hashable, Iterable
from typing import Protocol

from pure_engine.games.patience.moves import Move
from pure_engine.games.patience.position import is_won
from pure_engine.games.patience.results import SolveMethod, SolveResult
from pure_engine.games.patience.rules import PatienceRules, PatienceState
from pure_engine.games.patience.stages import PLAIN, THREADS, Pricing, Thread, schedule
from pure_engine.search.budget import UNKNOWN, Budget, StopReason
from pure_engine.search.puzzle import Algorithm, PuzzleResult, PuzzleSearch, search

__all__ = ["Expander", "best_first", "depth_first", "portfolio"]

Step = tuple[Move, ...]


class Expander(Protocol):
    """What the searches read of the solver's ``_Searcher``: a step is a move plus the
    automatic moves it triggered; ``pricing`` sets how ``heuristic`` prices a position."""

    rules: PatienceRules
    pricing: Pricing
    hole_only: bool

    def successors(self, state: PatienceState) -> list[tuple[Step, PatienceState]]: ...

    def heuristic(self, state: PatienceState) -> int: ...

    def search_key(self, state: PatienceState) -> Hashable: ...


def portfolio(
    searcher: Expander,
    start: PatienceState,
    budget: Budget | None,
    weight: float,
    threads: tuple[Thread, ...] = THREADS,
    slices: Iterable[tuple[int, int]] | None = None,
) -> SolveResult:
    """Interleave *threads*, each a search of its own resumed where it stopped, for the
    ``(thread, expansions)`` *slices* (default :func:`~pure_engine.games.patience.stages.
    schedule`) under *budget*, until one solves the deal or exhausts its space.

    Every thread searches the whole space with no bound of its own, so the one that runs
    out of positions has proved the deal unsolvable; a thread only ever stops at the end of
    its slice or at the end of *budget* (its nodes count every thread's expansions, its
    states each thread's own), which answers ``unknown``.
    """
    if searcher.hole_only:
        # all solutions are equally long and the heuristic ties: best-first is overhead
        threads, slices = (Thread(Algorithm.DFS, 1.0, PLAIN),), [(0, 1 << 62)]
    t0 = time.perf_counter()
    collecting = gc.isenabled()
    gc.disable()  # see _search
    try:
        # the threads' frontiers and seen sets are gone when _interleave returns, before the
        # collector is back: it would scan them all at its next pass (deal 18 solved ten
        # times, compiled: 10.6 M instructions a solve, 12.5 M when they outlived gc.enable;
        # the restarted stages before: 10.5 M)
        ran, last, algorithm = _interleave(
            searcher,
            start,
            budget or Budget(),
            weight,
            threads,
            schedule() if slices is None else slices,
        )
    finally:
        if collecting:
            gc.enable()
    stats = last.stats.replace(
        expanded=sum(r.stats.expanded for r in ran),
        generated=sum(r.stats.generated for r in ran),
        duplicates=sum(r.stats.duplicates for r in ran),
        peak_frontier=max(r.stats.peak_frontier for r in ran),
        seconds=time.perf_counter() - t0,
    )
    moves = tuple(move for step in last.actions for move in step)
    method = SolveMethod.DEPTH_FIRST if algorithm is Algorithm.DFS else SolveMethod.BEST_FIRST
    return SolveResult(last.verdict, moves, stats, method)


def _interleave(
    searcher: Expander,
    start: PatienceState,
    budget: Budget,
    weight: float,
    threads: tuple[Thread, ...],
    slices: Iterable[tuple[int, int]],
) -> tuple[list[PuzzleResult[Step]], PuzzleResult[Step], Algorithm]:
    """Run the *slices* (see :func:`portfolio`); the latest result of each thread that ran,
    the last slice's result and its thread's algorithm."""
    t0 = time.perf_counter()
    searches: dict[int, PuzzleSearch[PatienceState, Step]] = {}
    results: dict[int, PuzzleResult[Step]] = {}
    last: PuzzleResult[Step] | None = None
    algorithm = Algorithm.DFS
    spent = 0
    for index, quota in slices:
        nodes = quota if budget.nodes is None else min(quota, budget.nodes - spent)
        seconds = None
        if budget.seconds is not None:
            seconds = max(0.0, budget.seconds - (time.perf_counter() - t0))
        algorithm, factor, pricing = threads[index]
        searcher.pricing = pricing
        thread = searches.get(index)
        if thread is None:
            thread = PuzzleSearch(
                start,
                successors=searcher.successors,
                is_goal=is_won,
                key=searcher.search_key,
                heuristic=searcher.heuristic,
                algorithm=algorithm,
                weight=weight * factor,
            )
            searches[index] = thread
        before = thread.expanded
        last = thread.run(budget.replace(nodes=nodes, seconds=seconds))
        results[index] = last
        spent += thread.expanded - before
        if last.verdict is not UNKNOWN or last.stats.stopped_by is not StopReason.NODES:
            break
        if budget.nodes is not None and spent >= budget.nodes:
            break
    if last is None:
        raise ValueError("the portfolio needs at least one slice")
    return list(results.values()), last, algorithm


def best_first(
    searcher: Expander, start: PatienceState, budget: Budget | None, weight: float
) -> SolveResult:
    """Weighted best-first search (``f = g + weight * h``) from *start*."""
    return _search(searcher, start, budget, Algorithm.WASTAR, weight, SolveMethod.BEST_FIRST)


def depth_first(searcher: Expander, start: PatienceState, budget: Budget | None) -> SolveResult:
    """Depth-first search from *start*, children most promising first, each state once."""
    return _search(searcher, start, budget, Algorithm.DFS, 1.0, SolveMethod.DEPTH_FIRST)


def _search(
    searcher: Expander,
    start: PatienceState,
    budget: Budget | None,
    algorithm: Algorithm,
    weight: float,
    mode: SolveMethod,
) -> SolveResult:
    """One run of :func:`pure_engine.search.puzzle.search` from *start*; the answer writes
    every move of every step out."""
    t0 = time.perf_counter()
    # The search makes no reference cycles (states are tuples, the path a linked list), so
    # Python's cycle collector would only rescan the growing seen-set and frontier: paused
    # for the search, it saved 12-20 % CPU compiled (FreeCell deals 1-100: 2.7-3.2 s
    # against 3.6-3.7 s; deal 11982's proof 3.6 s against 4.2 s)
    collecting = gc.isenabled()
    gc.disable()
    try:
        result = search(
            start,
            successors=searcher.successors,
            is_goal=is_won,
            key=searcher.search_key,
            heuristic=searcher.heuristic,
            algorithm=algorithm,
            weight=weight,
            budget=budget,
        )
    finally:
        if collecting:
            gc.enable()
    moves = tuple(move for step in result.actions for move in step)
    stats = result.stats.replace(seconds=time.perf_counter() - t0)
    return SolveResult(result.verdict, moves if result.solved else (), stats, mode)
