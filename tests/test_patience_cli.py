"""``pure-engine solve`` for patience, tested in-process: outputs, exit codes, bad input."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import pure_engine.cli
from pure_engine.cli import main
from pure_engine.games.patience.deals import deal_to_json, fcs_board, ms_deal, numbered_deal
from pure_engine.games.patience.moves import moves_from_json
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.verify import verify

GOLDEN = Path(__file__).parent / "golden" / "patience"


@pytest.fixture(autouse=True)
def only_installed_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leave out subcommands whose module is not in this tree yet (other branches own them)."""
    present = tuple(
        entry for entry in pure_engine.cli._COMMANDS if importlib.util.find_spec(entry[1])
    )
    monkeypatch.setattr(pure_engine.cli, "_COMMANDS", present)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_freecell_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "solve", "freecell", "--deal", "1")
    assert code == 0 and err == ""
    head, *rows = out.splitlines()
    assert head.startswith("freecell deal 1: solved in ") and head.endswith(", verified)")
    words = " ".join(rows).split()
    assert len(words) == int(head.split("solved in ")[1].split()[0])
    assert all(len(word) == 2 for word in words)
    assert sum(word.endswith("h") for word in words) == 52  # every card home, explicitly


def test_solve_json_is_what_verify_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_cli(capsys, "solve", "freecell", "--deal", "3", "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["solved"] is True and answer["proved_unsolvable"] is False
    assert answer["stats"]["verified"] is True
    assert answer["stats"]["length"] == len(answer["moves"])
    assert answer["stats"]["mode"] in ("best-first", "depth-first")  # the search, as text
    assert set(answer["moves"][0]) == {"from", "to", "count"}
    result = verify(load_variant("freecell"), ms_deal(3), moves_from_json(answer["moves"]))
    assert result.ok and result.won
    solution = tmp_path / "3.json"
    solution.write_text(out)
    code, out, _ = run_cli(capsys, "verify", "freecell", "--deal", "3", str(solution))
    assert code == 0 and out.startswith("ok: ")


def test_unsolvable_deal_is_reported_with_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "freecell", "--deal", "11982", "--json")
    answer = json.loads(out)
    assert code == 1
    assert answer["proved_unsolvable"] is True and answer["solved"] is False
    assert answer["moves"] == []


def test_a_tiny_budget_gives_unknown_not_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "freecell", "--deal", "11982", "--budget", "0.05")
    assert code == 1
    assert "unknown, the budget ran out (seconds" in out


def test_a_memory_budget_gives_unknown_not_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "freecell", "--deal", "11982", "--memory", "1")
    assert code == 1
    assert "unknown, the budget ran out (memory" in out


def test_non_freecell_variants_print_a_numbered_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "black-hole", "--deal", "2")
    lines = out.splitlines()
    assert code == 0 and "solved in 51 moves" in lines[0]
    assert lines[1].strip() == "1. " + lines[1].split(". ")[1] and lines[1].endswith("-h")
    assert len(lines) == 52


def test_deal_files_json_and_fc_solve_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    variant = load_variant("bakers-game")
    deal = numbered_deal(variant, 4)
    as_json = tmp_path / "deal.json"
    as_json.write_text(deal_to_json(deal))
    board = tmp_path / "deal.board"
    board.write_text(fcs_board(deal))
    for path in (as_json, board):
        code, out, _ = run_cli(capsys, "solve", "bakers-game", "--deal-file", str(path), "--json")
        answer = json.loads(out)
        assert code == 0 and answer["stats"]["verified"] is True
        assert verify(variant, deal, moves_from_json(answer["moves"])).won


def test_variant_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = tmp_path / "mine.json"
    rules.write_text(
        json.dumps({"tableau piles": {"build policy": "red-black"}, "cells": {"count": 4}})
    )
    code, out, _ = run_cli(capsys, "solve", str(rules), "--deal", "5")
    assert code == 0 and out.startswith("mine deal 5: solved")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["solve", "freecell"], "expected exactly one of --deal N or --deal-file"),
        (["solve", "freecell", "--deal", "0"], "--deal: expected an integer in [1,"),
        (["solve", "freecell", "--deal", "1", "--budget", "-1"], "--budget: expected sec"),
        (["solve", "freecell", "--deal", "1", "--memory", "0"], "--memory: expected MiB in (0,"),
        (["solve", "klondyke", "--deal", "1"], "expected a preset name or a rule JSON file"),
        (["solve", "fortunes-favor", "--deal", "1"], "not supported by the engine"),
        (["solve", "freecell", "--deal-file", "/nonexistent/deal.json"], "/nonexistent/deal.json"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"tableau piles": [["AS", "AS"]]}', "expected 8 tableau piles"),
        ('{"tableau piles": [["XX"], [], [], [], [], [], [], []]}', "XX"),
        ("{not json", "deal"),
    ],
)
def test_bad_deal_files_name_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, needle: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run_cli(capsys, "solve", "freecell", "--deal-file", str(path))
    assert code == 2 and err.count("\n") == 1
    assert "bad.json" in err and needle in err


def test_golden_deal_file_11982(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / "freecell-11982.deal.json"
    code, out, _ = run_cli(capsys, "solve", "freecell", "--deal-file", str(path))
    assert code == 1 and "proved unsolvable" in out


def test_bad_variant_file_names_the_json_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"tableau piles": {"build policy": "foo"}}))
    code, out, err = run_cli(capsys, "solve", str(path), "--deal", "1")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "rules.json" in err and '["build policy"]' in err and "'foo'" in err


def test_duplicate_card_in_a_deal_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = json.loads(deal_to_json(ms_deal(1)))
    deal["tableau piles"][0][0] = deal["tableau piles"][1][0]  # one card twice, one missing
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(deal))
    code, _, err = run_cli(capsys, "solve", "freecell", "--deal-file", str(path))
    assert code == 2 and err.count("\n") == 1 and "dup.json" in err
    assert "twice" in err or "duplicate" in err
