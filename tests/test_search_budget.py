"""The memory budget: a search that outgrows it stops with verdict unknown, never unsolvable."""

from __future__ import annotations

import pytest

from pure_engine.search import UNKNOWN, Budget
from pure_engine.search.budget import Limiter, resident_mib
from pure_engine.search.puzzle import ALGORITHMS, search


def test_resident_memory_is_measured() -> None:
    mib = resident_mib()
    assert mib is not None and 1 < mib < 1_000_000


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_search_past_its_memory_budget_stops_unknown(algorithm: str) -> None:
    now = resident_mib()
    assert now is not None
    # an endless space (the goal is unreachable), with a budget the process already exceeds
    result = search(
        0,
        successors=lambda n: [(1, n + 1), (2, n + 2)],
        is_goal=lambda n: n < 0,
        algorithm=algorithm,
        budget=Budget(memory_mb=now / 2, seconds=30),
    )
    assert result.verdict == UNKNOWN and result.stats.stopped_by == "memory"


def test_a_roomy_memory_budget_does_not_stop_the_search() -> None:
    lim = Limiter(Budget(memory_mb=10**9))
    assert not any(lim.exhausted(n) for n in range(200)) and lim.reason == ""
