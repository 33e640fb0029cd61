"""magic_lite at its boundaries: deck files, the CLI, the bench counters, a golden playthrough."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pure_engine import load_game
from pure_engine.core.playout import random_playouts
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite import load_deck, parse_deck
from pure_engine.testing import assert_golden

GOLDEN = Path(__file__).parent / "golden"


def test_json_deck_files_load_by_name_or_key(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    cards = {"Forest": 20, "grizzly_bears": 10, "Giant Growth": 10}
    path.write_text(json.dumps({"name": "mine", "cards": cards}))
    deck = load_deck(str(path))
    assert len(deck) == 40 and deck.count("giant_growth") == 10
    game = load_game("magic_lite", deck0=str(path), deck1="red_burn")
    assert game.current_player(game.initial_state(1)) in (0, 1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], r"\$: expected an object"),
        ({"cards": {}, "colour": "g"}, r"unknown key 'colour'"),
        ({"cards": {"Forest": 39, "Black Lotus": 1}}, r"\$\.cards: unknown card 'Black Lotus'"),
        ({"cards": {"Forest": True}}, r"\$\.cards\.Forest: expected a number of copies"),
        ({"cards": {"Forest": 12}}, r"a deck holds 40 to 60 cards, found 12"),
        ({"name": 3, "cards": {}}, r"\$\.name: expected a string"),
    ],
)
def test_bad_deck_files_get_one_line_errors(data: object, message: str) -> None:
    with pytest.raises(ParseError, match=message) as info:
        parse_deck(data, where="mine.json")
    assert str(info.value).startswith("mine.json: ") and "\n" not in str(info.value)


def test_unreadable_or_malformed_deck_files(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match="cannot read the deck file"):
        load_deck(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"cards": {"Forest": 40,}}')
    with pytest.raises(ParseError, match=r"broken.json: line 1: invalid JSON"):
        load_deck(str(broken))
    with pytest.raises(ParseError, match="unknown deck 'stompy'"):
        load_deck("stompy")


def test_cli_refuses_an_unknown_deck_with_exit_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pure_engine", "bench", "magic_lite", "--param", "deck0=nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "unknown deck 'nope'" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_playouts_sum_the_games_counters() -> None:
    on = random_playouts(load_game("magic_lite"), 3, seed=1)
    off = random_playouts(load_game("magic_lite", skip_trivial=False), 3, seed=1)
    assert dict(on.counters)["autos"] > 0 and dict(off.counters)["autos"] == 0
    assert off.decisions > 2 * on.decisions  # every pass is a decision without skip-trivial


def _playthrough(seed: int, deck0: str = "green_stompy", deck1: str = "red_burn") -> str:
    game = load_game("magic_lite", deck0=deck0, deck1=deck1)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    lines = [f"# magic_lite {deck0} vs {deck1}, seed {seed}"]
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        where = f"t{state.turn} {state.step.name.lower()} p{game.current_player(state)}"
        lines.append(f"{where}: {game.action_to_str(state, action)}")
        state = game.step(state, action)
    lines += [game.render(state), f"decisions {state.decisions} autos {state.autos}", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("seed", [1, 2])
def test_golden_playthroughs(seed: int) -> None:
    assert_golden(_playthrough(seed), GOLDEN / f"magic_lite_seed{seed}.txt")


def test_golden_playthrough_with_activated_abilities() -> None:
    text = _playthrough(3, "red_sligh", "dimir_fliers")
    assert "activate Mogg Fanatic" in text and "activate Prodigal Sorcerer" in text
    assert_golden(text, GOLDEN / "magic_lite_abilities_seed3.txt")
