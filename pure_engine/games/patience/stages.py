"""The portfolio of the patience solver's mode ``auto``: which searches run, in what order,
and how each prices a position.

>>> [(algorithm.value, factor, nodes) for algorithm, factor, nodes, _ in STAGES][:2]
[('wastar', 10.0, 300), ('wastar', 10.0, 300)]
>>> STAGES[0][3]
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


class Thread(NamedTuple):
    """One search of the portfolio: weighted best-first (``f = g + weight * factor * h``)
    or depth-first (children ordered by the heuristic), under *pricing*."""

    algorithm: Algorithm
    factor: float
    pricing: Pricing


THREADS: tuple[Thread, ...] = (
    Thread(Algorithm.WASTAR, 10.0, LIGHT),
    Thread(Algorithm.WASTAR, 10.0, SPACES),
    Thread(Algorithm.DFS, 1.0, PLAIN),
    Thread(Algorithm.WASTAR, 1.5, PLAIN),
    Thread(Algorithm.WASTAR, 1.5, LIGHT),
    Thread(Algorithm.WASTAR, 0.5, LIGHT),
    Thread(Algorithm.WASTAR, 1.0, PLAIN),
)

FIRST: tuple[tuple[int, int], ...] = (
    (0, 300),
    (1, 300),
    (2, 300),
    (3, 3000),
    (4, 3000),
    (5, 6000),
    (6, 10000),
)


def schedule(threads: int) -> Iterator[tuple[int, int]]:
    """The slices of mode "auto": ``(thread, expansions)``, endless.

    >>> from itertools import islice
    >>> list(islice(schedule(len(THREADS)), 9))[-2:]
    [(0, 1000), (1, 1000)]
    """
    yield from FIRST
    quota = 1000
    while True:
        for index in range(threads):
            yield index, quota
        quota *= 2
