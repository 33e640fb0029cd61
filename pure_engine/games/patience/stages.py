"""The portfolio of the patience solver's mode ``auto``: which searches run, in what order,
and how each prices a position.

>>> [(algorithm.value, factor, nodes) for algorithm, factor, nodes, _ in STAGES][:2]
[('wastar', 10.0, 300), ('wastar', 10.0, 300)]
>>> STAGES[0][3]
Pricing(cell=2, doubled=False, space=0)
"""

from __future__ import annotations

from typing import NamedTuple

from pure_engine.search.puzzle import Algorithm

__all__ = ["LIGHT", "PLAIN", "SPACES", "STAGES", "Pricing", "Stage"]


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

Stage = tuple[Algorithm, float, int | None, Pricing]

# The stages of mode "auto": (algorithm, weight factor, expansions, pricing). Search
# times are heavy-tailed and a deal that traps one heuristic or weight is often easy for
# another, so short runs that differ come first; the last stage is an unbounded
# heuristic-ordered depth-first search, the cheapest way to exhaust the space (the proof
# of unsolvability) and good at finding long solutions to the rare deals best-first
# finds hard. The LIGHT pricing (a cell costs 2, nothing doubled) steers away from full
# cells less than PLAIN does and reaches positions with fewer moves: FreeCell deals
# 1-1000 generate 4.0 M children against PLAIN's 5.3 M, for 7 % more expansions. Nearly
# greedy runs (weight 10) of 300 expansions with LIGHT, then with SPACES (PLAIN with
# each empty pile taken off), then a PLAIN depth-first one solve 682, 172 and 38 of
# those deals. The longer best-first runs alternate PLAIN and LIGHT: with LIGHT alone,
# Streets and Alleys deal 7 (2 351 expansions with PLAIN) reached the depth-first search
# and ran for minutes; PLAIN first solves Raglan's second-slowest of deals 1-10 in 1 440
# expansions against 2 325 with LIGHT first. Compiled, alternating deal by deal,
# FreeCell deals 1-1000 take 0.78 of the CPU time of PLAIN throughout (the stages were
# then 10/300, 1.5/3000, 0.5/6000, 1.0/10000 and the depth-first search), median 0.74.
STAGES: tuple[Stage, ...] = (
    (Algorithm.WASTAR, 10.0, 300, LIGHT),
    (Algorithm.WASTAR, 10.0, 300, SPACES),
    (Algorithm.DFS, 1.0, 300, PLAIN),
    (Algorithm.WASTAR, 1.5, 3000, PLAIN),
    (Algorithm.WASTAR, 1.5, 3000, LIGHT),
    (Algorithm.WASTAR, 0.5, 6000, LIGHT),
    (Algorithm.WASTAR, 1.0, 10000, PLAIN),
    (Algorithm.DFS, 1.0, None, PLAIN),
)
