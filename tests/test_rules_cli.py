"""``pure-engine rules``: trace, query and check a rule set from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pure_engine.cli import main

RULES = {
    "target": {
        "condition": {"player": {"$X": {"gold": ">$MIN"}, "$Y": {"target": "$X"}}},
        "action": {"player": {"$X": {"target": "$Y"}}, "superfluous": "@remove"},
    }
}
STATE = {"player": {"a": {"gold": 5, "target": "b"}, "b": {"gold": 30, "target": "a"}}, "x": 1}


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    rules = tmp_path / "rules.json"
    state = tmp_path / "state.json"
    rules.write_text(json.dumps(RULES), encoding="utf-8")
    state.write_text(json.dumps(STATE), encoding="utf-8")
    return str(rules), str(state)


def test_trace_prints_the_hierarchical_trace(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    rules, state = files
    assert main(["rules", "trace", rules, "--state", state, "--bind", "MIN=20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rule 'target'")
    assert "\n  fire: $X = 'b', $Y = 'a'\n    set $.player.b.target: 'a' -> 'a'" in out


def test_query_and_check(files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    rules, state = files
    assert main(["rules", "query", rules, "--state", state, "--bind", "MIN=1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [f["bindings"] for f in found] == [
        {"MIN": 1, "X": "a", "Y": "b"},
        {"MIN": 1, "X": "b", "Y": "a"},
    ]
    assert main(["rules", "check", rules, "--bind", "MIN=0"]) == 0
    assert capsys.readouterr().out == "ok: 1 rules: target\n"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ([], "$.target.condition.player.$X.gold: variable $MIN is read before"),
        (["--bind", "MIN"], "expected --bind X=JSON, found 'MIN'"),
        (["--bind", "MIN=1", "--library", "json:dumps"], "expected a rules Library"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    rules, state = files
    assert main(["rules", "trace", rules, "--state", state, *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_state_may_be_the_last_file(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    rules, state = files
    assert main(["rules", "trace", rules, state, "--bind", "MIN=20"]) == 0
    assert capsys.readouterr().out.startswith("rule 'target'")
    assert main(["rules", "trace", rules]) == 2
    assert "expected RULES.json... STATE.json" in capsys.readouterr().err
