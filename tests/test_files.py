"""Files pure_engine writes: atomic, never half-written, and with the mode the umask asks for.

A record written through a temporary file used to end up 0600 (``mkstemp``'s mode),
whatever the user's umask; now a new file gets 0o666 less the umask, as ``open``
would give, and a replaced file keeps its mode.
"""

from __future__ import annotations

import importlib.util
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import pure_engine.cli
from pure_engine import load_game
from pure_engine.cli import main
from pure_engine.core import gamerecord
from pure_engine.core.files import write_atomic
from pure_engine.testing import assert_golden

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


@pytest.fixture
def umask() -> Iterator[int]:
    """Run the test under umask 027 (group may read, others nothing); restore it after."""
    old = os.umask(0o027)
    try:
        yield 0o027
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_mode_the_umask_asks_for(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "a.txt"
    write_atomic(path, "one\n")
    assert mode(path) == 0o666 & ~umask == 0o640
    assert path.read_text() == "one\n"


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_every_umask_is_followed(tmp_path: Path, mask: int) -> None:
    old = os.umask(mask)
    try:
        write_atomic(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert mode(tmp_path / "a.txt") == 0o666 & ~mask


def test_a_replaced_file_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "a.txt"
    path.write_text("old")
    path.chmod(0o604)
    write_atomic(path, "new")
    assert (mode(path), path.read_text()) == (0o604, "new")


def test_overwrite_false_never_replaces_and_leaves_nothing_behind(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("precious")
    with pytest.raises(FileExistsError):
        write_atomic(path, "new", overwrite=False)
    assert path.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_failed_write_keeps_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("precious")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, "\udcff")  # a lone surrogate cannot be written as UTF-8
    assert path.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_saved_game_record_follows_the_umask(tmp_path: Path, umask: int) -> None:
    game = load_game("kuhn_poker")
    record = gamerecord.make_record(game, [0, 1, 0], seed=3)
    gamerecord.save(record, tmp_path / "game.json")
    assert mode(tmp_path / "game.json") == 0o640
    assert gamerecord.load(tmp_path / "game.json") == record


def test_the_demo_record_written_by_the_cli_follows_the_umask(tmp_path: Path, umask: int) -> None:
    record = tmp_path / "leduc.json"
    assert main(["demo", "--record", str(record)]) == 0
    assert mode(record) == 0o640


def test_batch_output_follows_the_umask_and_keeps_it_when_repaired(
    tmp_path: Path, umask: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    present = tuple(e for e in pure_engine.cli._COMMANDS if importlib.util.find_spec(e[1]))
    monkeypatch.setattr(pure_engine.cli, "_COMMANDS", present)
    out = tmp_path / "results.jsonl"
    assert main(["batch", "solve", "freecell", "--deals", "1", "--out", str(out)]) == 0
    assert mode(out) == 0o640
    out.chmod(0o644)
    out.write_text(out.read_text() + '{"deal": 2, "verd')  # a torn last line: rewritten
    assert main(["batch", "solve", "freecell", "--deals", "1", "--out", str(out)]) == 0
    assert mode(out) == 0o644 and out.read_text().count("\n") == 1


def test_a_regenerated_golden_file_follows_the_umask(tmp_path: Path, umask: int) -> None:
    assert_golden("text\n", tmp_path / "golden.txt", regenerate=True)
    assert mode(tmp_path / "golden.txt") == 0o640
