"""What the patience solver answers: its modes, the search that answered, the result.

:func:`~pure_engine.games.patience.solver.solve` takes a :class:`SolveMode` and returns a
:class:`SolveResult`; the solver's module re-exports all three.
"""

from __future__ import annotations

from enum import StrEnum

from pure_engine.core.struct import Struct
from pure_engine.games.patience.moves import Move
from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, SearchStats, Verdict

__all__ = ["SolveMethod", "SolveMode", "SolveResult"]


class SolveMode(StrEnum):
    """How :func:`~pure_engine.games.patience.solver.solve` searches (see its module)."""

    AUTO = "auto"
    """The solver's ``THREADS`` portfolio (the hole search for hole-only games)."""
    FAST = "fast"
    """Weighted best-first: a solution quickly, not a shortest one."""
    EXHAUSTIVE = "exhaustive"
    """Depth-first over the whole space: the fastest proof of unsolvability."""


class SolveMethod(StrEnum):
    """The search that produced a :class:`SolveResult` (its ``mode``; the text is what the
    CLI's JSON and messages show)."""

    BEST_FIRST = "best-first"
    """Weighted best-first (mode ``fast``, the best-first threads of ``auto``)."""
    DEPTH_FIRST = "depth-first"
    """Depth-first over the whole space (mode ``exhaustive``, the depth-first thread of auto)."""
    HOLE_DEPTH_FIRST = "hole depth-first"
    """The dedicated search of hole-only games (:mod:`~pure_engine.games.patience.hole`)."""


class SolveResult(Struct):
    """A verdict, the explicit move list (when solved), the search statistics and the
    search that answered (``mode``; ``None`` for a result no search built).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> from pure_engine.games.patience.deals import ms_deal
    >>> from pure_engine.games.patience.solver import solve
    >>> solve(load_variant("freecell"), ms_deal(1), mode="exhaustive").mode
    <SolveMethod.DEPTH_FIRST: 'depth-first'>
    """

    verdict: Verdict
    moves: tuple[Move, ...] = ()
    stats: SearchStats = SearchStats()
    mode: SolveMethod | None = None

    @property
    def solved(self) -> bool:
        """True when ``moves`` wins the deal."""
        return self.verdict == SOLVED

    @property
    def proved_unsolvable(self) -> bool:
        """True only when the whole space was searched."""
        return self.verdict == PROVED_UNSOLVABLE
