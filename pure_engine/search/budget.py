"""Budgets, statistics and verdicts shared by every search in :mod:`pure_engine.search`.

A :class:`Budget` says when a search must stop (nodes, seconds, stored states,
resident memory, or a user cancellation callback); :class:`Limiter` is the small mutable clock a
running search polls.  Budgets are values, so one budget can be reused for
many searches.

>>> b = Budget(nodes=3)
>>> lim = Limiter(b)
>>> [lim.exhausted(n) for n in (1, 2, 3, 4)]
[False, False, True, True]
>>> lim.reason
<StopReason.NODES: 'nodes'>
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from enum import StrEnum
from typing import Final

from pure_engine.core.struct import Struct

__all__ = [
    "PROVED_UNSOLVABLE",
    "SOLVED",
    "UNKNOWN",
    "Budget",
    "Limiter",
    "SearchStats",
    "StopReason",
    "Verdict",
    "resident_mib",
]


class Verdict(StrEnum):
    """What a puzzle search (or solver) may claim.

    A ``StrEnum``: members equal their text (``Verdict.SOLVED == "solved"``),
    so JSON output and string comparisons keep working.

    >>> Verdict("proved_unsolvable") is PROVED_UNSOLVABLE, str(SOLVED)
    (True, 'solved')
    """

    SOLVED = "solved"
    """A solution was found (and is in the result)."""
    PROVED_UNSOLVABLE = "proved_unsolvable"
    """The whole reachable space was exhausted without a solution."""
    UNKNOWN = "unknown"
    """The budget ran out first: nothing is claimed."""


SOLVED: Final = Verdict.SOLVED
PROVED_UNSOLVABLE: Final = Verdict.PROVED_UNSOLVABLE
UNKNOWN: Final = Verdict.UNKNOWN


class StopReason(StrEnum):
    """Why a search stopped before the end (``SearchStats.stopped_by``).

    Members equal their text, which is what JSON and messages show; the one
    for a search that ran to completion is the empty text, so it is false.

    >>> bool(StopReason.NOTHING), StopReason.NODES == "nodes"
    (False, True)
    """

    NOTHING = ""
    """Nothing stopped it: the search ran to completion."""
    NODES = "nodes"
    """The budget's node count was reached."""
    STATES = "states"
    """The budget's stored-states bound was reached."""
    SECONDS = "seconds"
    """The budget's time ran out."""
    CANCELLED = "cancelled"
    """The budget's ``cancel`` callback returned true."""
    MEMORY = "memory"
    """The process's resident memory reached the budget's ``memory_mb``."""
    RECURSION = "recursion"
    """A depth-first search met a line deeper than it follows (``MAX_PLIES`` of
    :mod:`pure_engine.search.expecti`, or Python's recursion limit if that comes first)."""


class Budget(Struct):
    """When a search must stop; ``None`` means no limit on that axis.

    ``states`` bounds the number of states held (frontier plus seen set): a
    memory budget that means the same on every machine.  ``memory_mb`` bounds
    the whole process's resident memory in MiB, read from ``/proc/self/statm``
    (Linux) or ``getrusage`` (elsewhere: the peak, so it never goes back down),
    polled with the clock.  ``cancel`` is polled now and then; returning true
    stops the search with verdict ``unknown``.

    >>> lim = Limiter(Budget(memory_mb=1))  # any Python process holds more than 1 MiB
    >>> lim.exhausted(0), str(lim.reason)
    (True, 'memory')
    """

    nodes: int | None = None
    seconds: float | None = None
    states: int | None = None
    cancel: Callable[[], bool] | None = None
    memory_mb: float | None = None


class SearchStats(Struct):
    """What a search did; the same fields for every algorithm.

    >>> SearchStats(expanded=2).expanded
    2
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    peak_frontier: int = 0
    seconds: float = 0.0
    stopped_by: StopReason = StopReason.NOTHING


class Limiter:
    """A running search's view of its :class:`Budget` (mutable, never stored in states)."""

    __slots__ = (
        "_cancel",
        "_deadline",
        "_memory",
        "_nodes",
        "_polls",
        "_states",
        "reason",
        "started",
    )

    def __init__(self, budget: Budget | None = None) -> None:
        budget = budget or Budget()
        self.started = time.perf_counter()
        self._deadline = None if budget.seconds is None else self.started + budget.seconds
        self._nodes = budget.nodes
        self._states = budget.states
        self._cancel = budget.cancel
        self._memory = budget.memory_mb
        if self._memory is not None and resident_mib() is None:
            raise ValueError("a memory_mb budget needs /proc/self/statm or the resource module")
        self._polls = 0
        self.reason = StopReason.NOTHING

    def exhausted(self, nodes: int, states: int = 0) -> bool:
        """True once any limit is reached; ``reason`` names the first one hit."""
        if self.reason:
            return True
        if self._nodes is not None and nodes >= self._nodes:
            self.reason = StopReason.NODES
        elif self._states is not None and states >= self._states:
            self.reason = StopReason.STATES
        else:
            self._polls += 1
            if self._polls & 63 == 0 or self._polls < 64:
                if self._deadline is not None and time.perf_counter() >= self._deadline:
                    self.reason = StopReason.SECONDS
                elif self._cancel is not None and self._cancel():
                    self.reason = StopReason.CANCELLED
                elif self._memory is not None and (resident_mib() or 0.0) >= self._memory:
                    self.reason = StopReason.MEMORY
        return bool(self.reason)

    def elapsed(self) -> float:
        """Seconds since the search started."""
        return time.perf_counter() - self.started

    def stats(
        self, *, expanded: int, generated: int, duplicates: int = 0, peak_frontier: int = 0
    ) -> SearchStats:
        """The search's :class:`SearchStats`: its counts, with the seconds since it started
        and what stopped it (:attr:`StopReason.NOTHING`: it ran to completion).

        >>> limiter = Limiter(Budget(nodes=5))
        >>> limiter.exhausted(5)
        True
        >>> limiter.stats(expanded=5, generated=9).stopped_by
        <StopReason.NODES: 'nodes'>
        """
        return SearchStats(
            expanded=expanded,
            generated=generated,
            duplicates=duplicates,
            peak_frontier=peak_frontier,
            seconds=self.elapsed(),
            stopped_by=self.reason,
        )


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_mib() -> float | None:
    """This process's resident memory in MiB (its peak where only that is known), or None.

    >>> (resident_mib() or 1.0) > 0
    True
    """
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE / 2**20
    except (OSError, IndexError, ValueError):
        pass
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes vs KiB
