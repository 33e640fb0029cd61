"""The interleaved portfolio of mode "auto": a thread paused at the end of its slice is never
taken for a thread that ran out of positions, so "unsolvable" needs a search of the whole
space."""

from __future__ import annotations

import pytest

from pure_engine.games.patience.deals import numbered_deal
from pure_engine.games.patience.rules import PatienceState, rules_for
from pure_engine.games.patience.searches import depth_first, portfolio
from pure_engine.games.patience.solver import _Searcher, autoplay, solve
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.stages import THREADS
from pure_engine.search.budget import PROVED_UNSOLVABLE, UNKNOWN, Budget

# Raglan deal 9 has no solution and a space of a few hundred positions
NAME, NUMBER = "raglan", 9


def start_of(name: str, number: int) -> tuple[_Searcher, PatienceState]:
    rules = rules_for(load_variant(name), True)
    start, _ = autoplay(rules, rules.initial(numbered_deal(rules.variant, number)))
    return _Searcher(rules, expand_groups=False), start


def space_size() -> int:
    """The positions the exhaustive depth-first search expands: each of them once."""
    searcher, start = start_of(NAME, NUMBER)
    result = depth_first(searcher, start, None)
    assert result.verdict == PROVED_UNSOLVABLE
    return result.stats.expanded


def test_the_portfolio_proves_only_after_some_thread_saw_the_whole_space() -> None:
    size = space_size()
    variant = load_variant(NAME)
    proved = solve(variant, numbered_deal(variant, NUMBER))
    assert proved.verdict == PROVED_UNSOLVABLE and proved.stats.stopped_by == ""
    # a thread exhausts the space only by expanding every position of it
    assert proved.stats.expanded >= size
    for nodes in (1, size // 3, size - 1):
        cut = solve(variant, numbered_deal(variant, NUMBER), budget=Budget(nodes=nodes))
        assert cut.verdict == UNKNOWN and cut.stats.stopped_by == "nodes", nodes


@pytest.mark.parametrize("quota", [1, 7, 100])
def test_slices_of_any_size_never_make_a_proof(quota: int) -> None:
    """Round robin over every thread in slices of *quota*: each slice ends a thread's run with
    "unknown" (its quota), and the portfolio goes on until a thread exhausts the space."""
    size = space_size()
    searcher, start = start_of(NAME, NUMBER)
    slices = [(i % len(THREADS), quota) for i in range(len(THREADS) * (size // quota + 2))]
    result = portfolio(searcher, start, None, 1.0, slices=slices)
    assert result.verdict == PROVED_UNSOLVABLE
    assert result.stats.expanded >= size
    short = slices[: len(THREADS) * (size // quota - 1)]  # no thread gets all of the space
    searcher, start = start_of(NAME, NUMBER)
    result = portfolio(searcher, start, None, 1.0, slices=short)
    assert result.verdict == UNKNOWN
