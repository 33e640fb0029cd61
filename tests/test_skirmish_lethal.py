"""Lethal puzzles: known answers, the independent checker, the file format, the CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pure_engine.cli import main
from pure_engine.core.zones import ZoneId
from pure_engine.errors import ParseError
from pure_engine.games.skirmish.lethal import LethalVerdict, solve_lethal
from pure_engine.games.skirmish.puzzle import load_puzzle, parse_puzzle
from pure_engine.games.skirmish.verify import check_answer
from pure_engine.search import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget
from tests.skirmish_helpers import position

FOLDER = Path(__file__).parent / "golden" / "skirmish"
ANSWERS: dict[str, dict[str, str]] = json.loads((FOLDER / "answers.json").read_text())
SLOW = {"big_board_short"}  # an exhaustive proof over ~40,000 positions


def _params() -> list[object]:
    return [
        pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name
        for name in sorted(ANSWERS)
    ]


@pytest.mark.parametrize("name", _params())
def test_puzzle_answer_and_independent_check(name: str) -> None:
    state = load_puzzle(str(FOLDER / f"{name}.json"))
    result = solve_lethal(state)
    expected = ANSWERS[name]
    assert (str(result.verdict), result.to_json()["win_probability"]) == (
        expected["verdict"],
        expected["win_probability"],
    )
    assert check_answer(state, list(result.tree)) == result.win_probability
    assert result.search_verdict == (SOLVED if result.win_probability else PROVED_UNSOLVABLE)


def test_there_are_enough_puzzles_of_each_kind() -> None:
    verdicts = [a["verdict"] for a in ANSWERS.values()]
    assert len(verdicts) >= 25
    assert {"guaranteed", "probable", "no_lethal"} <= set(verdicts)


def test_clearing_the_taunt_beats_gambling_on_missiles() -> None:
    # Arcane Missiles then a taunt: after a missile kills the 1/1 taunt, the raptor goes face
    state = position(
        {"mana": 1, "hand": ["arcane_missiles"], "board": [{"card": "wisp"}]},
        {"health": 3, "board": [{"card": "frog"}]},
    )
    result = solve_lethal(state)
    assert result.verdict is LethalVerdict.GUARANTEED
    assert result.line[0] == "attack 1 -> 1"


def test_a_policy_tree_branches_on_chance() -> None:
    state = load_puzzle(str(FOLDER / "juggler_pings.json"))
    tree = list(solve_lethal(state).tree)
    assert isinstance(tree[1], dict) and len(tree[1]["random"]) == 2
    assert sum(Fraction(b["probability"]) for b in tree[1]["random"]) == 1


def test_the_checker_can_fail() -> None:
    state = load_puzzle(str(FOLDER / "kill_the_taunt_first.json"))
    assert check_answer(state, ["attack 1 -> 1", "attack 1 -> enemy_hero"]) == 0
    assert check_answer(state, ["attack 2 -> 1", "attack 1 -> enemy_hero"]) == 1
    with pytest.raises(ParseError, match=r"\$\[1\]: illegal action"):
        check_answer(state, ["attack 2 -> 1", "attack 2 -> enemy_hero"])


def test_a_budget_never_claims_no_lethal() -> None:
    state = load_puzzle(str(FOLDER / "big_board_short.json"))
    result = solve_lethal(state, budget=Budget(nodes=200))
    assert result.verdict is LethalVerdict.UNKNOWN and result.search_verdict == UNKNOWN
    assert result.stats.stopped_by == "nodes"


def test_a_budget_keeps_a_guaranteed_line() -> None:
    state = load_puzzle(str(FOLDER / "big_board_through_taunt.json"))
    result = solve_lethal(state, budget=Budget(nodes=5000))
    assert result.verdict is LethalVerdict.GUARANTEED
    assert check_answer(state, list(result.tree)) == 1


# --- the file format --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[", "invalid JSON"),
        ('{"players": []}', r"\$.to_move: missing"),
        ('{"to_move": 2, "players": []}', r"\$.to_move: expected 0..1, found 2"),
        ('{"to_move": 0, "players": [{"class": "mage"}]}', "expected 2 players"),
        (
            '{"to_move": 0, "players": [{"class": "bard"}, {"class": "mage"}]}',
            r"\$.players\[0\].class",
        ),
        (
            '{"to_move": 0, "players": [{"class": "mage", "mana": true}, {"class": "mage"}]}',
            "expected an integer, found true",
        ),
        (
            '{"to_move": 0, "players": [{"class": "mage"}, {"class": "mage", "hp": 3}]}',
            r"\$.players\[1\].hp: unknown key",
        ),
        (
            '{"to_move": 0, "players": [{"class": "mage", "board": [{"card": "fireball"}]}, {}]}',
            "'fireball' is not a minion",
        ),
        (
            '{"to_move": 0, "players": [{"class": "mage",'
            ' "board": [{"card": "wisp", "tags": ["flying"]}]}, {"class": "mage"}]}',
            r"board\[0\].tags\[0\]: expected a keyword",
        ),
        (
            '{"to_move": 0, "players": [{"class": "mage", "secrets": ["snipe"]}, {}]}',
            r"secrets\[0\]: expected a mage secret, found 'snipe'",
        ),
        ('{"to_move": 0, "goal": "survive", "players": []}', r"\$.goal"),
    ],
)
def test_bad_puzzles_name_the_json_path(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_puzzle(text)


def test_board_stats_are_what_the_player_sees() -> None:
    state = parse_puzzle(
        '{"to_move": 0, "players": [{"class": "mage", "board": [{"card": "raid_leader"},'
        ' {"card": "wisp", "attack": 4, "health": 3, "damage": 1}]}, {"class": "mage"}]}'
    )
    wisp = state.table.entities[state.table.zones[ZoneId("board0")][1]]
    assert (wisp.attack, wisp.health, wisp.damage, wisp.aura_attack) == (4, 3, 1, 1)


# --- the command line -------------------------------------------------------------------------


def test_cli_solve_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = str(FOLDER / "missiles_only_probable.json")
    assert main(["solve", "skirmish-lethal", puzzle, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "probable" and answer["win_probability"] == "1/8"
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer))
    assert main(["verify", "skirmish-lethal", puzzle, str(path)]) == 0
    assert "ok: the line wins this turn with probability 1/8" in capsys.readouterr().out
    answer["win_probability"] = "1/2"
    path.write_text(json.dumps(answer))
    assert main(["verify", "skirmish-lethal", puzzle, str(path)]) == 1


def test_cli_text_output_and_no_lethal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "skirmish-lethal", str(FOLDER / "clear_before_missiles.json")]) == 0
    out = capsys.readouterr().out
    assert "guaranteed" in out and "1. attack 1 -> 1" in out
    assert main(["solve", "skirmish-lethal", str(FOLDER / "hellfire_is_a_draw.json")]) == 1
    assert "no_lethal" in capsys.readouterr().out


def test_cli_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"to_move": 0, "players": [{"class": "mage", "hand": ["fireboll"]}, {"class": "mage"}]}'
    )
    assert main(["solve", "skirmish-lethal", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "$.players[0].hand[0]: unknown card 'fireboll'" in err
    assert "did you mean 'fireball'?" in err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert main(["solve", "skirmish-lethal", str(deep)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nested at most 8 levels deep" in err
    assert main(["solve", "skirmish-lethal", str(tmp_path / "missing.json")]) == 2
    assert main(["solve", "skirmish-lethal", str(bad), "--budget", "0"]) == 2
    assert main(["verify", "skirmish-lethal", str(bad)]) == 2
