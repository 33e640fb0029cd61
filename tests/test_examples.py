"""The examples run: each example's own tests pass when called from the main suite."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).parent.parent / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"examples.{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a fresh process finds the game's module by this name
    spec.loader.exec_module(module)
    return module


def test_test_your_game_example_passes_its_own_tests() -> None:
    example = _load("test_your_game")
    example.test_two_tricks_passes_check_game()
    example.test_scores_never_exceed_the_tricks_played()
