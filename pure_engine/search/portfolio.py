"""Restart portfolios: several searches in a row under one budget, statistics summed.

Search times are heavy-tailed: a deal that traps one move order or heuristic
weight is often easy for another.  A portfolio runs short searches first (each
capped at a number of expansions) and an unbounded one last; the first one
that finds a solution, proves unsolvability, or stops for another reason than
its own expansion cap ends it.  A verdict other than ``unknown`` therefore
always comes from a complete search or a found solution.

>>> from pure_engine.search.budget import SOLVED, SearchStats, StopReason, Verdict
>>> from pure_engine.core.struct import Struct
>>> class Result(Struct):
...     verdict: Verdict
...     stats: SearchStats
>>> def short(budget):      # gives up at its cap
...     return Result(UNKNOWN, SearchStats(expanded=budget.nodes, stopped_by=StopReason.NODES))
>>> def long(budget):
...     return Result(SOLVED, SearchStats(expanded=7))
>>> out = run_stages(None, [(10, short), (None, long)])
>>> out.verdict is SOLVED, out.stats.expanded
(True, 17)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from pure_engine.search.budget import UNKNOWN, Budget, SearchStats, StopReason, Verdict

__all__ = ["StagedResult", "run_stages"]


class StagedResult(Protocol):
    """What a stage returns: a record with a verdict and statistics."""

    @property
    def verdict(self) -> Verdict: ...
    @property
    def stats(self) -> SearchStats: ...
    def replace(self, **changes: Any) -> Any: ...


R = TypeVar("R", bound=StagedResult)


def run_stages(
    budget: Budget | None, stages: Sequence[tuple[int | None, Callable[[Budget], R]]]
) -> R:
    """Run each ``(expansions, search)`` stage in turn with what is left of *budget*.

    A stage gets the budget's remaining seconds and nodes, capped at its own
    expansions (``None``: no cap of its own).  The returned result is the last
    stage's, with the statistics (expanded, generated, duplicates, peak frontier,
    seconds) of all stages run.
    """
    if not stages:
        raise ValueError("run_stages needs at least one stage")
    budget = budget or Budget()
    started = time.perf_counter()
    expanded = generated = duplicates = peak = 0
    result: R | None = None
    for stage_nodes, run in stages:
        nodes = stage_nodes
        if budget.nodes is not None:
            left = budget.nodes - expanded
            nodes = left if nodes is None else min(nodes, left)
        spent = time.perf_counter() - started
        seconds = None if budget.seconds is None else max(0.0, budget.seconds - spent)
        result = run(budget.replace(nodes=nodes, seconds=seconds))
        stats = result.stats
        expanded += stats.expanded
        generated += stats.generated
        duplicates += stats.duplicates
        peak = max(peak, stats.peak_frontier)
        if result.verdict != UNKNOWN or stats.stopped_by != StopReason.NODES:
            break
        if budget.nodes is not None and expanded >= budget.nodes:
            break
    assert result is not None
    total = result.stats.replace(
        expanded=expanded,
        generated=generated,
        duplicates=duplicates,
        peak_frontier=peak,
        seconds=time.perf_counter() - started,
    )
    out: R = result.replace(stats=total)
    return out
