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

__all__ = ["LIGHT", "PLAIN", "ROOMY", "SPACES", "THREADS", "Pricing", "Thread", "schedule"]


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
ROOMY = Pricing(cell=6, doubled=False, space=3)
"""Free cells and empty piles dear: a card in a cell costs as much as three cards played
home, an empty pile is worth a card and a half."""
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
# with few moves, so its expansions are cheap: the nearly greedy LIGHT run (w = 10)
# solves 587 of FreeCell deals 1-1000 within its first 200 expansions. ROOMY (a cell
# costs 6, an empty pile takes 3 off) solves the hard deals in far fewer expansions,
# dearer ones: alone with w = 1.5 and a cap of 8 000, it solves 996 of FreeCell deals
# 1-1000 in 254 k expansions and 2.2 M children, where w = 1.5 with LIGHT solved 960 in
# 584 k (cells 2-8 and spaces 0-6 tried on the 100 slowest deals: 6 and 3 generated the
# fewest children); a PLAIN run (w = 1) suits Raglan; the depth-first thread is the
# cheapest per expansion, so it proves small spaces unsolvable soonest.
# The slices were chosen on the expansions and children each thread alone needs on
# FreeCell deals 1-1000 and deals 1-10 of eight presets (Raglan, Siegecraft, British
# Canister, Castles of Spain, Baker's Game, Somerset, Flower Garden, King Albert),
# replayed for candidate schedules (children generated stand for CPU time): 2.16 M
# children on FreeCell against 2.50 M for these threads on the schedule before, with
# every preset's p90 at most a third of the base's in that model; measured:
# docs/performance.md.
THREADS: tuple[Thread, ...] = (
    Thread(Algorithm.WASTAR, 10.0, LIGHT),
    Thread(Algorithm.DFS, 1.0, PLAIN),
    Thread(Algorithm.WASTAR, 1.5, ROOMY),
    Thread(Algorithm.WASTAR, 0.5, ROOMY),
    Thread(Algorithm.WASTAR, 1.0, PLAIN),
    Thread(Algorithm.WASTAR, 10.0, ROOMY),
)

FIRST: tuple[tuple[int, int], ...] = (
    (0, 200),
    (5, 100),
    (0, 100),
    (5, 200),
    (4, 300),
    (2, 1200),
    (3, 800),
    (2, 1200),
    (1, 1000),
    (4, 1400),
)
"""The first slices, ``(thread, expansions)``. The two nearly greedy threads alternate in
short slices: resumed, a thread loses nothing to a switch, and a deal either of them solves
soon costs at most about twice that."""

SHARES: tuple[int, ...] = (0, 400, 300, 100, 100, 0)
"""Each thread's slice in the first round after :data:`FIRST`."""

GROWTH: tuple[float, ...] = (1.5, 2.0, 1.5, 1.5, 1.5, 1.5)
"""How much each thread's slice grows from round to round. The depth-first thread's doubles,
so that on a large space it takes over: FreeCell deal 11982, which has no solution, took 2.1
times the CPU time of the restarted stages before when every slice grew by half."""


def schedule(threads: int = len(THREADS)) -> Iterator[tuple[int, int]]:
    """The slices of mode "auto": ``(thread, expansions)``, endless.

    >>> from itertools import islice
    >>> list(islice(schedule(), 18))[-8:]
    [(1, 400), (2, 300), (3, 100), (4, 100), (1, 800), (2, 450), (3, 150), (4, 150)]
    """
    yield from FIRST
    rounds = 0
    while True:
        for index in range(threads):
            if SHARES[index]:
                yield index, int(SHARES[index] * GROWTH[index] ** rounds)
        rounds += 1
