"""``pure-engine demo``: the README's first command shows every main job, and each works."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pure_engine.cli import main


def test_demo_shows_each_job_working(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "leduc.json"
    assert main(["demo", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "part 1: player 2 wins with score 306" in out
    assert "part 2: player 2 wins with score 291" in out
    assert "final digest" in out and "matches" in out and "DIFFERS" not in out
    assert "expectiminimax picks" in out and "MCTS, 2000 simulations" in out
    assert re.search(r"solved in \d+ moves, \d+ states expanded, [\d.]+ s; verified", out)
    assert re.search(r"\d+ checks passed over \d+ steps", out)
    # the record it kept replays on its own
    assert main(["replay", str(record)]) == 0


def test_demo_seed_changes_the_leduc_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "7"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "8"])
    second = capsys.readouterr().out
    leduc = [line for line in first.splitlines() if line.startswith("   chance")]
    assert leduc and leduc != [line for line in second.splitlines() if line.startswith("   chance")]


def test_demo_never_overwrites_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    precious = tmp_path / "notes.json"
    precious.write_text("my notes\n")
    assert main(["demo", "--record", str(precious)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pure-engine demo: error:") and "notes.json" in err
    assert precious.read_text() == "my notes\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.json"]  # no temp file left behind


def test_demo_prints_cards_not_reprs_and_mcts_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Observation(" not in out and "own card Qs" in out
    assert "wrote a temporary record" in out and "wrote leduc.json" not in out
    picks = re.search(r"expectiminimax picks (\w+) .* MCTS, 2000 simulations, picks (\w+)", out)
    assert picks is not None and picks.group(1) == picks.group(2)


def test_demo_refuses_a_bad_record_path_before_starting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--record", str(tmp_path / "no" / "such" / "leduc.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no such folder" in err
