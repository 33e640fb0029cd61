"""``pure-engine batch solve``: one verified line per deal, resumable, never a corrupted file."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

import pure_engine.cli
from pure_engine.cli import main
from pure_engine.cli.batch import format_summary, parse_deal_ranges, read_results, summarize
from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import ms_deal
from pure_engine.games.patience.moves import moves_from_json
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.verify import verify


@pytest.fixture(autouse=True)
def only_installed_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leave out subcommands whose module is not in this tree yet (other branches own them)."""
    present = tuple(
        entry for entry in pure_engine.cli._COMMANDS if importlib.util.find_spec(entry[1])
    )
    monkeypatch.setattr(pure_engine.cli, "_COMMANDS", present)


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """The results file a test's batch run writes (not there yet)."""
    return tmp_path / "results.jsonl"


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def solve(out: Path, deals: str, *options: str, variant: str = "freecell") -> int:
    """The exit code of ``pure-engine batch solve VARIANT --deals DEALS --out OUT OPTIONS``."""
    return main(["batch", "solve", variant, "--deals", deals, "--out", str(out), *options])


def test_batch_writes_one_verified_line_per_deal(
    capsys: pytest.CaptureFixture[str], out: Path
) -> None:
    code = solve(out, "1-4")
    stdout = capsys.readouterr().out
    assert code == 0
    rows = lines(out)
    assert sorted(int(str(row["deal"])) for row in rows) == [1, 2, 3, 4]
    for row in rows:
        assert row["verdict"] == "solved" and row["verified"] is True
        moves = moves_from_json(row["moves"])
        assert verify(load_variant("freecell"), ms_deal(int(str(row["deal"]))), moves).won
    assert re.search(r"\nsolved +4\n", stdout)
    assert re.search(r"\nunsolvable +0\n", stdout)
    assert "mean length" in stdout and "p90 seconds" in stdout


def test_batch_resumes_and_skips_done_deals(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    solve(out, "1-2")
    first = out.read_text()
    capsys.readouterr()
    code = solve(out, "1-3")
    stdout = capsys.readouterr().out
    assert code == 0
    assert "resuming: 2 of 3 deals already in" in stdout
    assert out.read_text().startswith(first)  # appended, never rewritten
    assert [row["deal"] for row in lines(out)] == [1, 2, 3]
    assert re.search(r"\ndeals +3\n", stdout)


def test_a_torn_last_line_is_dropped_before_appending(
    capsys: pytest.CaptureFixture[str], out: Path
) -> None:
    solve(out, "1")
    whole = out.read_text()
    out.write_text(whole + '{"variant": "freecell", "deal": 2, "verd')  # died mid-write
    code = solve(out, "1-2")
    assert code == 0
    rows = lines(out)  # every line parses again
    assert [row["deal"] for row in rows] == [1, 2]
    assert capsys.readouterr().out.count("resuming: 1 of 2") == 1


def test_two_workers_give_the_same_verdicts(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    code = solve(out, "5-8", "--workers", "2")
    assert code == 0
    rows = lines(out)
    assert sorted(int(str(row["deal"])) for row in rows) == [5, 6, 7, 8]
    assert all(row["verified"] is True for row in rows)


def test_unknown_deals_are_retried_on_request(
    capsys: pytest.CaptureFixture[str], out: Path
) -> None:
    solve(out, "11982", "--budget", "0.05")
    assert lines(out)[-1]["verdict"] == "unknown"
    solve(out, "11982")  # already there: skipped
    assert len(lines(out)) == 1
    solve(out, "11982", "--retry-unknown", "--budget", "600")
    rows = lines(out)
    assert len(rows) == 2 and rows[-1]["verdict"] == "proved_unsolvable"
    assert re.search(r"\nunsolvable +1\n", capsys.readouterr().out.split("resuming")[-1])


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    solve(out, "1-2", "--progress", "always", variant="eight-off")
    err = capsys.readouterr().err
    assert "\r[" in err and "2/2 solved 2" in err


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--deals", "3-1"], "--deals: expected deal numbers"),
        (["--deals", "1-2", "--workers", "0"], "--workers: expected an integer in [1,"),
        (["--deals", "1", "--budget", "0"], "--budget: expected seconds in (0,"),
    ],
)
def test_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], out: Path, extra: list[str], needle: str
) -> None:
    code = main(["batch", "solve", "freecell", "--out", str(out), *extra])
    err = capsys.readouterr().err
    assert code == 2 and needle in err and err.count("\n") == 1
    assert not out.exists()


def test_output_of_another_variant_is_refused(
    capsys: pytest.CaptureFixture[str], out: Path
) -> None:
    solve(out, "1", variant="eight-off")
    before = out.read_text()
    code = solve(out, "1")
    assert code == 2 and "holds results for 'eight-off'" in capsys.readouterr().err
    assert out.read_text() == before


def test_a_garbled_middle_line_is_an_error_not_a_repair(out: Path) -> None:
    out.write_text('{"deal": 1, "verdict": "solved"}\nnot json\n{"deal": 3}\n')
    with pytest.raises(ParseError, match=r"results.jsonl:2"):
        read_results(str(out))


def test_deal_ranges() -> None:
    assert parse_deal_ranges("1-3, 5,2") == (1, 2, 3, 5)
    for bad in ("", "0", "a-b", "4-2", "1--2"):
        with pytest.raises(ParseError):
            parse_deal_ranges(bad)


def test_summary_figures() -> None:
    rows: list[dict[str, object]] = [
        {"verdict": "solved", "seconds": float(i), "length": 100} for i in range(1, 11)
    ]
    rows.append({"verdict": "proved_unsolvable", "seconds": 20.0, "length": 0})
    summary = summarize(rows)
    assert summary["solved"] == 10 and summary["unsolvable"] == 1
    assert summary["median_seconds"] == 6.0 and summary["p90_seconds"] == 10.0
    assert summary["max_seconds"] == 20.0 and summary["mean_length"] == 100.0
    assert re.search(r"\nmax seconds +20\.0000\n", format_summary(summary))


def test_absurd_deal_ranges_are_refused() -> None:
    with pytest.raises(ParseError, match="at most"):
        parse_deal_ranges("1-4294967297")
