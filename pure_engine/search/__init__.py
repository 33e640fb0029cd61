"""Search over immutable snapshots: puzzles, adversarial games, MCTS.

Every entry point is a plain function over the :class:`~pure_engine.core.game.Game`
protocol that returns a small result record; budgets and statistics are the
same for every algorithm (:mod:`pure_engine.search.budget`).
"""

from __future__ import annotations

from pure_engine.search.adversarial import Pruning, alphabeta
from pure_engine.search.adversarial import expectiminimax as expectiminimax  # deprecated
from pure_engine.search.budget import (
    PROVED_UNSOLVABLE,
    SOLVED,
    UNKNOWN,
    Budget,
    SearchStats,
    StopReason,
    Verdict,
)
from pure_engine.search.expecti import AdversarialResult, expectimax
from pure_engine.search.expecti import minimax as minimax  # deprecated
from pure_engine.search.ismcts import IsmctsResult, ismcts
from pure_engine.search.mcts import MctsResult, MctsTree, mcts, subtree
from pure_engine.search.mcts import advance as advance  # deprecated
from pure_engine.search.pimc import PimcResult, pimc
from pure_engine.search.portfolio import run_stages
from pure_engine.search.puzzle import Algorithm, PuzzleResult, search, solve

__all__ = [
    "PROVED_UNSOLVABLE",
    "SOLVED",
    "UNKNOWN",
    "AdversarialResult",
    "Algorithm",
    "Budget",
    "IsmctsResult",
    "MctsResult",
    "MctsTree",
    "PimcResult",
    "Pruning",
    "PuzzleResult",
    "SearchStats",
    "StopReason",
    "Verdict",
    "alphabeta",
    "expectimax",
    "ismcts",
    "mcts",
    "pimc",
    "run_stages",
    "search",
    "solve",
    "subtree",
]
