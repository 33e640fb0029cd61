"""Search over immutable snapshots: puzzles, adversarial games, MCTS.

Every entry point is a plain function over the :class:`~pure_engine.core.game.Game`
protocol that returns a small result record; budgets and statistics are the
same for every algorithm (:mod:`pure_engine.search.budget`).
"""

from __future__ import annotations

from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget, SearchStats

__all__ = ["PROVED_UNSOLVABLE", "SOLVED", "UNKNOWN", "Budget", "SearchStats"]
from pure_engine.search.ismcts import IsmctsResult, ismcts
from pure_engine.search.mcts import MctsResult, MctsTree, advance, mcts
from pure_engine.search.pimc import PimcResult, pimc

__all__ += ["IsmctsResult", "MctsResult", "MctsTree", "PimcResult", "advance", "ismcts", "mcts"]
__all__ += ["pimc"]
