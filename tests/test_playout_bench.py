"""random_playouts (the plain driver loop) and ``pure-engine bench`` on top of it."""

from __future__ import annotations

import json
import random

import pytest

from pure_engine import load_game
from pure_engine.cli import main
from pure_engine.core.playout import make_playout, random_playouts
from tests import toys


def test_playouts_count_what_was_played() -> None:
    coin = toys.make_game()  # chance flips, then a guess and an ack: 2 decisions, 1 draw
    counts = random_playouts(coin, 40, seed=5)
    assert (counts.games, counts.decisions, counts.chance, counts.plies) == (40, 80, 40, 120)
    assert counts.truncated == 0


def test_playouts_are_seeded_and_only_seeded() -> None:
    leduc = load_game("leduc_poker")
    runs = {random_playouts(leduc, 200, seed=seed).decisions for seed in (1, 1, 2, 3, 4)}
    assert len(runs) >= 2  # other seeds play other games
    assert random_playouts(leduc, 200, seed=9) == random_playouts(leduc, 200, seed=9)


def test_a_cap_on_decisions_truncates_long_games() -> None:
    crab = load_game("crab_combat")
    uncapped = random_playouts(crab, 3)
    assert uncapped.truncated == 0
    capped = random_playouts(crab, 3, max_decisions=5)
    assert capped.truncated == 3 and capped.decisions == 15
    with pytest.raises(ValueError, match="max_decisions must be >= 1, found 0"):
        random_playouts(crab, 3, max_decisions=0)


@pytest.mark.parametrize(("name", "cap"), [("leduc_poker", None), ("crab_combat", 7)])
def test_a_batch_of_playouts_is_the_same_playouts_one_by_one(name: str, cap: int | None) -> None:
    game = load_game(name)
    run = make_playout(game, max_decisions=cap)
    start = game.initial_state()
    batch_rng, single_rng = random.Random(3), random.Random(3)
    end, decisions, chance, truncated = run(start, batch_rng, 25)
    singles = [run(start, single_rng) for _ in range(25)]
    assert end == singles[-1][0] and batch_rng.getstate() == single_rng.getstate()
    assert decisions == sum(one[1] for one in singles) and chance == sum(one[2] for one in singles)
    assert truncated == sum(one[3] for one in singles)
    assert all(one[3] == (not game.is_terminal(one[0])) for one in singles)
    assert (truncated > 0) == (cap is not None)  # crab combat outlasts 7 decisions


def test_a_playout_ending_on_its_last_allowed_decision_is_not_truncated() -> None:
    coin = toys.make_game()  # exactly 2 decisions a game
    run = make_playout(coin, max_decisions=2)
    assert run(coin.initial_state(), random.Random(1))[1:] == (2, 1, 0)
    assert random_playouts(coin, 10, max_decisions=2).truncated == 0
    assert random_playouts(coin, 10, max_decisions=1).truncated == 10


def test_bench_prints_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "kuhn_poker", "--seconds", "0.05", "--mcts", "50"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("kuhn_poker: ") and "games/s" in out and "MCTS simulations/s" in out


def test_bench_json_and_game_params(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "patience", "--param", "variant=golf", "--param", "deal=2"]
    assert main([*argv, "--seconds", "0.05", "--max-decisions", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "patience" and figures["params"]["variant"] == "golf"
    assert figures["games"] == figures["truncated"] > 0  # golf lasts longer than 3 moves
    assert figures["mean_decisions"] == 3 and figures["max_decisions"] == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "no_such_game"], "no_such_game"),
        (["bench", "kuhn_poker", "--seconds", "0"], "--seconds: expected seconds in (0,"),
        (["bench", "kuhn_poker", "--max-decisions", "0"], "--max-decisions: expected an int"),
        (["bench", "kuhn_poker", "--mcts", "-1"], "--mcts: expected an integer in [0,"),
        (["bench", "patience"], "no deal"),
    ],
)
def test_bench_bad_input_is_one_line_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("pure-engine bench: error:")


def test_a_game_ending_in_chance_after_its_last_decision_is_not_cut() -> None:
    """High-low turns a card after the last guess: capping at its length cuts nothing."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "high_low.py"
    spec = importlib.util.spec_from_file_location("examples.high_low_playout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    game = module.make_game()
    counts = random_playouts(game, 20, seed=1, max_decisions=game.info.max_game_length)
    assert counts.truncated == 0 and counts.decisions == 20 * game.info.max_game_length
    assert random_playouts(game, 20, seed=1, max_decisions=1).truncated == 20
