"""Search over immutable snapshots: puzzles, adversarial games, MCTS.

Every entry point is a plain function over the :class:`~pure_engine.core.game.Game`
protocol that returns a small result record; budgets and statistics are the
same for every algorithm (:mod:`pure_engine.search.budget`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pure_engine.search.budget import (
    PROVED_UNSOLVABLE,
    SOLVED,
    UNKNOWN,
    Budget,
    SearchStats,
    StopReason,
    Verdict,
)
from pure_engine.search.ismcts import IsmctsResult, ismcts
from pure_engine.search.mcts import MctsResult, MctsTree, mcts, subtree
from pure_engine.search.mcts import advance as advance  # deprecated
from pure_engine.search.pimc import PimcResult, pimc

if TYPE_CHECKING:  # for type checkers; at run time these load when first used (__getattr__)
    from pure_engine.search.adversarial import Pruning, alphabeta
    from pure_engine.search.adversarial import expectiminimax as expectiminimax  # deprecated
    from pure_engine.search.expecti import AdversarialResult, expectimax
    from pure_engine.search.expecti import minimax as minimax  # deprecated
    from pure_engine.search.portfolio import run_stages
    from pure_engine.search.puzzle import Algorithm, PuzzleResult, PuzzleSearch, search, solve

# Loaded on first use, so `import pure_engine` (and the command line's start) does not pay
# for the puzzle and alpha-beta engines.  mcts, ismcts and pimc stay eager above: each is also
# the name of its own submodule, which the import system would bind here instead.
_LAZY: dict[str, tuple[str, str]] = {
    "Pruning": ("pure_engine.search.adversarial", "Pruning"),
    "alphabeta": ("pure_engine.search.adversarial", "alphabeta"),
    "expectiminimax": ("pure_engine.search.adversarial", "expectiminimax"),
    "AdversarialResult": ("pure_engine.search.expecti", "AdversarialResult"),
    "expectimax": ("pure_engine.search.expecti", "expectimax"),
    "minimax": ("pure_engine.search.expecti", "minimax"),
    "run_stages": ("pure_engine.search.portfolio", "run_stages"),
    "Algorithm": ("pure_engine.search.puzzle", "Algorithm"),
    "PuzzleResult": ("pure_engine.search.puzzle", "PuzzleResult"),
    "PuzzleSearch": ("pure_engine.search.puzzle", "PuzzleSearch"),
    "search": ("pure_engine.search.puzzle", "search"),
    "solve": ("pure_engine.search.puzzle", "solve"),
}

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
    "PuzzleSearch",
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


def __getattr__(name: str) -> Any:
    """Import the module of *name* (a puzzle or alpha-beta name) when it is first used."""
    entry = _LAZY.get(name)
    if entry is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(entry[0])
    value = getattr(module, entry[1])
    globals()[name] = value
    return value
