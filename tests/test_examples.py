"""The examples run: each example's own tests pass when called from the main suite."""

from __future__ import annotations

import doctest
import importlib.util
import random
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pure_engine.testing import check_game

EXAMPLES = Path(__file__).parent.parent / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"examples.{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a fresh process finds the game's module by this name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.py")))
def test_the_examples_doctests_pass(name: str) -> None:
    # the examples are outside pytest's doctest run (testpaths): their docstrings would rot
    result = doctest.testmod(_load(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"examples/{name}.py: {result.failed} doctest(s) failed"


def test_test_your_game_example_passes_its_own_tests() -> None:
    example = _load("test_your_game")
    example.test_two_tricks_passes_check_game()
    example.test_scores_never_exceed_the_tricks_played()


def test_search_snapshots_example_agrees_with_itself() -> None:
    report = _load("search_snapshots").analyse(3)
    children = report["children"]
    assert isinstance(children, dict) and set(children) == {"call", "raise"}
    assert report["exact_value"] == max(children.values())
    assert report["mcts_move"] == report["exact_move"]  # 3000 simulations find it here


def test_solve_patience_example_returns_verified_moves() -> None:
    verdict, moves = _load("solve_patience").solve_and_check("black-hole", 2)
    assert verdict == "solved" and len(moves) == 51 and moves[0] == "t1-h"


def test_crab_combat_example_answers_the_puzzle() -> None:
    assert _load("crab_combat").both_parts() == (306, 291)


def test_high_low_example_passes_check_game() -> None:
    high_low = _load("high_low")

    def points_at_most_guesses(state: Any) -> bool:
        return bool(sum(state.score) <= 3 - state.left)

    report = check_game(high_low.make_game(), invariants=[points_at_most_guesses])
    assert report.terminals == report.games


def test_adding_a_game_doc_shows_the_examples_as_they_are() -> None:
    """Every python block of docs/adding-a-game.md is copied verbatim from one of its three
    example games."""
    doc = (EXAMPLES.parent / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    sources = [
        (EXAMPLES / f"{name}.py").read_text(encoding="utf-8")
        for name in ("high_low", "turn_up", "swap_card")
    ]
    blocks = re.findall(r"```python\n(.*?)```", doc, flags=re.DOTALL)
    assert len(blocks) >= 12
    for block in blocks:
        assert any(block in source for source in sources), block.splitlines()[0]


def test_the_game_without_decisions_passes_check_game() -> None:
    turn_up = _load("turn_up")
    game = turn_up.make_game()
    report = check_game(game)
    assert report.terminals == report.games
    state = game.initial_state(seed=5)
    while not game.is_terminal(state):
        assert game.legal_actions(state) == ()
        _, state = game.resolve_chance(state)
    assert sum(state.score) == 3


def test_the_hidden_information_game_passes_check_game_and_never_peeks() -> None:
    swap_card = _load("swap_card")
    game = swap_card.make_game()
    report = check_game(game)
    assert report.terminals == report.games
    state = game.play_str(game.play_str(game.initial_state(), "deal:6"), "deal:1")
    seen = {game.resample(state, 0, random.Random(seed)).hands[1] for seed in range(40)}
    assert seen == {1, 2, 3, 4, 5}  # any card player 0 has not seen, never their own 6
