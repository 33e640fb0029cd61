"""Budgets, statistics and verdicts shared by every search in :mod:`pure_engine.search`.

A :class:`Budget` says when a search must stop (nodes, seconds, stored states,
or a user cancellation callback); :class:`Limiter` is the small mutable clock a
running search polls.  Budgets are values, so one budget can be reused for
many searches.

>>> b = Budget(nodes=3)
>>> lim = Limiter(b)
>>> [lim.exhausted(n) for n in (1, 2, 3, 4)]
[False, False, True, True]
>>> lim.reason
'nodes'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from pure_engine.core.record import Record

__all__ = [
    "PROVED_UNSOLVABLE",
    "SOLVED",
    "UNKNOWN",
    "Budget",
    "Limiter",
    "SearchStats",
]

SOLVED: Final = "solved"
"""A solution was found (and is in the result)."""
PROVED_UNSOLVABLE: Final = "proved_unsolvable"
"""The whole reachable space was exhausted without a solution."""
UNKNOWN: Final = "unknown"
"""The budget ran out first: nothing is claimed."""


class Budget(Record):
    """When a search must stop; ``None`` means no limit on that axis.

    ``states`` bounds the number of states held (frontier plus seen set), the
    memory budget.  ``cancel`` is polled now and then; returning true stops the
    search with verdict ``unknown``.
    """

    nodes: int | None = None
    seconds: float | None = None
    states: int | None = None
    cancel: Callable[[], bool] | None = None


class SearchStats(Record):
    """What a search did; the same fields for every algorithm.

    >>> SearchStats(expanded=2).expanded
    2
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    peak_frontier: int = 0
    seconds: float = 0.0
    stopped_by: str = ""  # "" when the search ran to completion, else the budget axis


class Limiter:
    """A running search's view of its :class:`Budget` (mutable, never stored in states)."""

    __slots__ = ("_cancel", "_deadline", "_nodes", "_polls", "_states", "reason", "started")

    def __init__(self, budget: Budget | None = None) -> None:
        budget = budget or Budget()
        self.started = time.perf_counter()
        self._deadline = None if budget.seconds is None else self.started + budget.seconds
        self._nodes = budget.nodes
        self._states = budget.states
        self._cancel = budget.cancel
        self._polls = 0
        self.reason = ""

    def exhausted(self, nodes: int, states: int = 0) -> bool:
        """True once any limit is reached; ``reason`` names the first one hit."""
        if self.reason:
            return True
        if self._nodes is not None and nodes >= self._nodes:
            self.reason = "nodes"
        elif self._states is not None and states >= self._states:
            self.reason = "states"
        else:
            self._polls += 1
            if self._polls & 63 == 0 or self._polls < 64:
                if self._deadline is not None and time.perf_counter() >= self._deadline:
                    self.reason = "seconds"
                elif self._cancel is not None and self._cancel():
                    self.reason = "cancelled"
        return bool(self.reason)

    def elapsed(self) -> float:
        """Seconds since the search started."""
        return time.perf_counter() - self.started
