"""``pure-engine solve bridge-dd``: tables, one strain, scored cards, files, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pure_engine.cli import main

ENDING = "N:AKQ... JT9... 876... 5.AK.."


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_table_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "solve", "bridge-dd", ENDING)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ENDING
    assert lines[1].split()[-5:] == ["C", "D", "H", "S", "NT"]
    assert lines[2].split() == ["North", "3", "3", "1", "3", "3"]
    assert lines[5].split() == ["West", "0", "0", "2", "0", "0"]


def test_one_strain_and_leader_scores_every_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "bridge-dd", ENDING, "--strain", "NT", "--leader", "W")
    assert code == 0
    assert "NT, West leads: East-West take 2 (declarer South 1)" in out
    assert "cards: HA 2, HK 2, S5 0" in out


def test_json_lists_each_leader(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "solve", "bridge-dd", ENDING, "--strain", "s", "--json")
    answer = json.loads(out)
    assert code == 0
    assert [(e["leader"], e["tricks"]) for e in answer["leads"]] == [
        ("N", 3),
        ("E", 0),
        ("S", 3),
        ("W", 0),
    ]


def test_a_pbn_file_solves_every_deal_with_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = tmp_path / "deals.pbn"
    deals.write_text(f'# endings\n{ENDING}\n\n[Deal "W:K... A... Q... J..."]\n[Event "x"]\n')
    code, out, err = run_cli(capsys, "solve", "bridge-dd", "--pbn-file", str(deals), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [row.get("source") for row in rows[:2]] == [f"{deals}:2", f"{deals}:4"]
    assert rows[1]["table"]["NT"] == {"N": 1, "E": 0, "S": 1, "W": 0}
    assert rows[2]["summary"]["deals"] == 2
    assert err.startswith("2 deals solved in ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["N:AK.. QJ... T9... 87..."], "DEAL: hand N: expected 4 suits separated by '.'"),
        (["N:A... K... Q... A..."], "DEAL: card SA is in hand N and in hand W"),
        (["N:AK... Q... T... 8..."], "DEAL: hands must hold the same number of cards"),
        (["N:AX... Q... T... 8..."], "DEAL: hand N: unknown rank 'X' in spades at column 4"),
        ([ENDING, "--strain", "Z"], "--strain: expected a strain C, D, H, S or NT, found 'Z'"),
        ([ENDING, "--strain", "S", "--leader", "Q"], "--leader: expected a seat N, E, S or W"),
        ([ENDING, "--leader", "N"], "--leader needs --strain"),
        ([], "bridge-dd needs a DEAL"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "solve", "bridge-dd", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_a_bad_line_in_a_file_names_the_line_and_solves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = tmp_path / "deals.pbn"
    deals.write_text(f"{ENDING}\nN:A... K... Q...\n")
    code, out, err = run_cli(capsys, "solve", "bridge-dd", "--pbn-file", str(deals))
    assert code == 2 and out == ""
    assert f"{deals}:2: expected 4 hands" in err
