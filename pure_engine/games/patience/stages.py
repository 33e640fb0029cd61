"""The portfolio of the patience solver's mode ``auto``: which searches it interleaves, how
each prices a position, and the slices of expansions each gets in turn (run by
:func:`~pure_engine.games.patience.searches.portfolio`).

>>> [(t.algorithm.value, t.factor) for t in THREADS][:2]
[('wastar', 10.0), ('dfs', 1.0)]
>>> THREADS[0].pricing
Pricing(cell=2, doubled=False, space=0)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from pure_engine.search.puzzle import Algorithm

__all__ = ["LIGHT", "PLAIN", "SPACES", "THREADS", "Pricing", "Thread", "schedule"]


class Pricing(NamedTuple):
    """How the heuristic prices a position (see ``_Searcher.heuristic``): each card in a
    cell costs *cell*; the cards above a suit's next card count twice when *doubled* and no
    cell and no pile is free; each empty pile takes *space* off."""

    cell: int
    doubled: bool
    space: int


PLAIN = Pricing(cell=1, doubled=True, space=0)
"""The heuristic of modes ``fast`` and ``exhaustive``."""

LIGHT = Pricing(cell=2, doubled=False, space=0)
SPACES = Pricing(cell=1, doubled=True, space=1)
"""PLAIN with each empty pile taken off (no thread of mode ``auto`` uses it now)."""


class Thread(NamedTuple):
    """One search of the portfolio: weighted best-first (``f = g + weight * factor * h``)
    or depth-first (children ordered by the heuristic), under *pricing*."""

    algorithm: Algorithm
    factor: float
    pricing: Pricing


# The threads of mode "auto" and their slices. Search times are heavy-tailed and a deal
# that traps one heuristic or weight is often easy for another, so the portfolio runs
# several searches that differ; each is resumed where its last slice stopped, never
# restarted, so no work is thrown away, and the first to solve the deal or exhaust its
# space answers. The LIGHT pricing (a cell costs 2, nothing doubled) reaches positions
# with fewer moves than PLAIN (FreeCell deals 253, 501, 530 and 833 at 4 000 expansions
# with w = 1.5: 3.8 children per expansion against 7.8). Of FreeCell deals 1-1000 the
# nearly greedy LIGHT run (w = 10) solves 587 within its first 200 expansions and a
# PLAIN run (w = 1) 237 more within its first 300 (it also suits Raglan); the
# depth-first thread is the cheapest per expansion, so it proves small spaces unsolvable
# soonest; best-first with w = 1.5 and w = 0.5 (LIGHT) solve most of the hard deals.
# The slices were chosen on the expansions each thread alone needs on FreeCell deals
# 1-1000 and on deals 1-10 of five presets (Baker's Game, Castles of Spain, Flower
# Garden, Raglan, King Albert), replayed for candidate schedules: against the restarted
# stages before (300 expansions each of w = 10 LIGHT and SPACES and a PLAIN depth-first
# run, best-first runs of 3 000, 3 000, 6 000 and 10 000, then an unbounded depth-first
# search) 0.89 of FreeCell's CPU time and 0.45-0.75 of the presets' p90 in that model;
# measured: docs/performance.md.
THREADS: tuple[Thread, ...] = (
    Thread(Algorithm.WASTAR, 10.0, LIGHT),
    Thread(Algorithm.DFS, 1.0, PLAIN),
    Thread(Algorithm.WASTAR, 1.5, LIGHT),
    Thread(Algorithm.WASTAR, 0.5, LIGHT),
    Thread(Algorithm.WASTAR, 1.0, PLAIN),
)

FIRST: tuple[tuple[int, int], ...] = (
    (0, 200),
    (4, 100),
    (0, 100),
    (4, 200),
    (2, 1200),
    (1, 2000),
    (2, 3600),
    (3, 800),
)
"""The first slices, ``(thread, expansions)``. The first two threads alternate in short
slices: resumed, a thread loses nothing to a switch, and a deal either of them solves soon
costs at most about twice that (Siegecraft deal 6: 210 expansions of the first thread
alone, 482 when the second went first for 300, 310 so)."""

SHARES: tuple[int, ...] = (0, 400, 100, 600, 150)
"""Each thread's slice in the first round after :data:`FIRST`."""

GROWTH: tuple[float, ...] = (1.5, 2.0, 1.5, 1.5, 1.5)
"""How much each thread's slice grows from round to round. The depth-first thread's doubles,
so that on a large space it takes over: FreeCell deal 11982, which has no solution, took 2.1
times the CPU time of the restarted stages before when every slice grew by half."""


def schedule(threads: int = len(THREADS)) -> Iterator[tuple[int, int]]:
    """The slices of mode "auto": ``(thread, expansions)``, endless.

    >>> from itertools import islice
    >>> list(islice(schedule(), 16))[-8:]
    [(1, 400), (2, 100), (3, 600), (4, 150), (1, 800), (2, 150), (3, 900), (4, 225)]
    """
    yield from FIRST
    rounds = 0
    while True:
        for index in range(threads):
            if SHARES[index]:
                yield index, int(SHARES[index] * GROWTH[index] ** rounds)
        rounds += 1
