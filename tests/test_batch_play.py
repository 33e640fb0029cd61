"""``pure-engine batch play`` and ``batch bench``: one line per game or task, resumable, exact."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pure_engine.cli import main
from pure_engine.core.gamerecord import load, replay

TIMING = ("seconds", "think_seconds")  # the only fields that differ between two runs


def lines(path: Path) -> list[dict[str, object]]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def by_number(path: Path) -> dict[int, dict[str, object]]:
    rows = lines(path)
    table = {int(str(row["number"])): row for row in rows}
    assert len(table) == len(rows), "a game written twice"
    return table


def untimed(path: Path) -> dict[int, dict[str, object]]:
    """The games of an output file by number, without their timings (which differ per run)."""
    return {
        number: {name: value for name, value in row.items() if name not in TIMING}
        for number, row in by_number(path).items()
    }


def test_batch_play_writes_one_line_per_game_and_play_s_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, records = tmp_path / "games.jsonl", tmp_path / "records"
    argv = ["batch", "play", "kuhn_poker", "--games", "1-6", "--bots", "random,greedy"]
    code = main([*argv, "--out", str(out), "--records", str(records)])
    stdout = capsys.readouterr().out
    assert code == 0
    rows = by_number(out)
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    for number, row in rows.items():
        assert row["seats"] == ([0, 1] if number % 2 else [1, 0])  # seats rotate every game
        returns = row["returns"]
        assert isinstance(returns, list) and sum(returns) == 0  # zero-sum poker
        assert row["length"] == len(load(str(row["record"])).actions)
        game, final = replay(load(str(row["record"])))  # the record replays to the same end
        assert list(game.returns(final)) == returns
    # the games of one rotation block share their deal
    assert rows[1]["seed"] == rows[2]["seed"] != rows[3]["seed"]
    assert "kuhn_poker: 6 games, 6 run now in" in stdout
    assert re.search(r"\nrandom +6 ", stdout) and re.search(r"\ngreedy +6 ", stdout)


def test_batch_play_lines_do_not_depend_on_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    argv = [
        "batch",
        "play",
        "leduc_poker",
        "--games",
        "1-8",
        "--bots",
        "mcts:simulations=30,random",
    ]
    assert main([*argv, "--out", str(one)]) == 0
    assert main([*argv, "--workers", "2", "--out", str(two)]) == 0
    assert untimed(one) == untimed(two)


def test_batch_play_resumes_and_default_bots_are_random(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["batch", "play", "leduc_poker", "--param", "players=3", "--out", str(out)]
    assert main([*argv, "--games", "1-3"]) == 0
    before = out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main([*argv, "--games", "1-5"]) == 0
    stdout = capsys.readouterr().out
    assert "resuming: 3 of 5 games already in" in stdout
    assert "leduc_poker: 5 games, 2 run now in" in stdout
    assert out.read_text(encoding="utf-8").startswith(before)  # appended, never rewritten
    rows = by_number(out)
    assert sorted(rows) == [1, 2, 3, 4, 5]
    assert all(
        row["bots"] == ["random"] * 3 and row["params"] == {"players": 3} for row in rows.values()
    )


def test_a_torn_play_line_is_dropped_and_the_game_played_again(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["batch", "play", "kuhn_poker", "--games", "1-3", "--out", str(out)]
    assert main(argv) == 0
    whole = untimed(out)
    text = out.read_text(encoding="utf-8")
    cut = text.rindex("\n", 0, len(text) - 1) + 10  # the last line, torn after 9 characters
    out.write_text(text[:cut], encoding="utf-8")
    assert main(argv) == 0
    assert untimed(out) == whole


def test_a_play_output_of_other_bots_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["batch", "play", "kuhn_poker", "--games", "1-2", "--out", str(out)]
    assert main(argv) == 0
    before = out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main([*argv, "--bots", "random,greedy"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "holds results for" in error and "(bots)" in error
    assert out.read_text(encoding="utf-8") == before


def test_batch_bench_writes_one_line_per_task_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.jsonl"
    argv = ["batch", "bench", "kuhn_poker", "--seconds", "0.05", "--out", str(out)]
    assert main([*argv, "--tasks", "3", "--workers", "2"]) == 0
    stdout = capsys.readouterr().out
    rows = lines(out)
    assert sorted(int(str(row["task"])) for row in rows) == [1, 2, 3]
    assert all(float(str(row["games_per_s"])) > 0 and row["truncated"] == 0 for row in rows)
    assert re.search(r"\ntasks +3\n", stdout) and "median games per s" in stdout
    assert main([*argv, "--tasks", "4", "--progress", "always"]) == 0
    captured = capsys.readouterr()
    assert "resuming: 3 of 4 tasks already in" in captured.out
    assert re.search(r"\ntasks +4\n", captured.out)
    assert "] 1/1 " in captured.err  # the runner's progress bar, as batch solve draws it
    assert sorted(int(str(row["task"])) for row in lines(out)) == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "kuhn_pokr", "--games", "1-3"], "unknown game 'kuhn_pokr'"),
        (["play", "kuhn_poker", "--games", "3-1"], "--games: expected game numbers"),
        (["play", "kuhn_poker", "--games", "0"], "--games: expected game numbers"),
        (["play", "kuhn_poker", "--games", "1-x"], "--games: expected game numbers"),
        (["play", "kuhn_poker", "--games", "1", "--bots", "random"], "2 seats, --bots gave 1"),
        (["play", "kuhn_poker", "--games", "1", "--bots", "random,mtcs"], "unknown kind 'mtcs'"),
        (["play", "kuhn_poker", "--games", "1", "--workers", "0"], "--workers: expected an int"),
        (["play", "kuhn_poker", "--games", "1", "--param", "players"], "--param expects KEY=VALUE"),
        (["bench", "nogame", "--tasks", "2"], "unknown game 'nogame'"),
        (["bench", "kuhn_poker", "--tasks", "0"], "--tasks: expected an integer in [1,"),
        (["bench", "kuhn_poker", "--tasks", "2", "--seconds", "0"], "--seconds: expected seconds"),
        (
            ["bench", "kuhn_poker", "--tasks", "2", "--dask", "--scheduler", "tcp://127.0.0.1:1"],
            "either --dask or --scheduler",
        ),
    ],
)
def test_bad_batch_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["batch", *argv, "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and needle in error, error
    assert not out.exists()
