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


def test_a_binary_state_file_is_named_in_one_line(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    rules, state = files
    Path(state).write_bytes(b"\x00\x01\xff\xfe")
    assert main(["rules", "trace", rules, "--state", state, "--bind", "MIN=1"]) == 2
    err = capsys.readouterr().err
    assert f"{state}: expected UTF-8 JSON text, found byte 0xff at 2" in err
    assert err.count("\n") == 1


def test_the_state_may_be_the_last_file(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    rules, state = files
    assert main(["rules", "trace", rules, state, "--bind", "MIN=20"]) == 0
    assert capsys.readouterr().out.startswith("rule 'target'")
    assert main(["rules", "trace", rules]) == 2
    assert "expected RULES.json... STATE.json" in capsys.readouterr().err


BELOTE = Path(__file__).parent.parent / "pure_engine" / "games" / "belote" / "play.json"
VIEW = {"hand": [1, 21, 45], "led": 1, "trump": 3, "played": 2, "best": 7, "holder": 1}


def test_trace_shows_every_rule_considered_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example of docs/belote.md: the action-less rules are in the trace, and the
    summary says that `follow` holds."""
    view = tmp_path / "view.json"
    view.write_text(json.dumps(VIEW), encoding="utf-8")
    library = "pure_engine.games.belote.play:LIBRARY"
    assert main(["rules", "trace", str(BELOTE), str(view), "--library", library]) == 0
    out = capsys.readouterr().out
    for name in ("lead", "follow", "trump led", "void"):
        assert f"rule {name!r} (" in out
    assert "  instantiation: $L = 1, $I = 1, $C = 21\n  holds: 1 instantiation" in out
    assert "condition.played: expected 0, found 2" in out
    assert out.rstrip().endswith(
        "considered 4 rules: held (no action) follow; did not fire or hold lead, trump led, void"
    )


def test_check_works_as_documented_without_a_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "check", str(BELOTE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ok: 4 rules: lead, follow, trump led, void"
    assert out[1] == (
        "taken on trust (give --library MODULE:NAME to check them): "
        "functions suit, power; types card, suit"
    )
    assert (
        main(["rules", "check", str(BELOTE), "--library", "pure_engine.games.belote.play:LIBRARY"])
        == 0
    )
    assert capsys.readouterr().out == "ok: 4 rules: lead, follow, trump led, void\n"


def test_trace_without_the_library_says_to_give_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    view = tmp_path / "view.json"
    view.write_text(json.dumps(VIEW), encoding="utf-8")
    assert main(["rules", "trace", str(BELOTE), str(view)]) == 2
    assert "give --library MODULE:NAME" in capsys.readouterr().err
