"""``pure-engine replay``: verified replays print the game; bad records are one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pure_engine.cli import main
from pure_engine.core import session as sess
from pure_engine.core.gamerecord import record_session, save
from pure_engine.core.registry import load_game
from tests import toys  # noqa: F401 - registers coin_guess


def _write_record(path: Path, seed: int = 3) -> None:
    game = load_game("coin_guess")
    played = sess.start(game, seed=seed, policy=sess.AutoPolicy(skip_trivial=True))
    played = sess.act(game, played, 0)
    save(record_session(game, played), path)


def test_replay_prints_the_game_and_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    _write_record(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game coin_guess" in out
    assert "chance: " in out and "[chance]" in out
    assert "player 1: ack  [forced]" in out
    assert out.rstrip().endswith("matches")


def test_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    _write_record(path)
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verified"] is True and data["actions"] == 3 and data["terminal"] is True


def test_tampered_record_names_file_and_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    _write_record(path)
    data = json.loads(path.read_text())
    data["actions"][1]["action"] = "sideways"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert str(path) in err and "action 1 ('sideways')" in err


def test_truncated_record_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    _write_record(path)
    path.write_bytes(path.read_bytes()[:40])
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope.json" in err
