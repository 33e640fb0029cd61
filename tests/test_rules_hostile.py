"""Rule files from strangers: a table of hostile rule sets, each run through the command line
(a subprocess with a memory cap) and through the API.  Each must end in one clean line
(exit 2 on the command line, a ``RuleError`` from the API), and nothing a file outside the
rule folder holds may appear in any output."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pure_engine.core.struct import Struct
from pure_engine.rules import (
    Library,
    RuleError,
    apply,
    from_json,
    load_rule_files,
    load_rules,
    query,
    query_values,
)

SECRET = "SECRET-7f3a9c-PRIVATE-KEY"
STATE = {"player": {"a": {"gold": 5}}, "n": 1, "s": "x"}


def _wide_state() -> dict[str, Any]:
    return {"k": {f"c{i}": i for i in range(40)}}


def _nested(depth: int, leaf: Any, key: str = "a") -> Any:
    node = leaf
    for _ in range(depth):
        node = {key: node}
    return node


def _loops(count: int) -> dict[str, Any]:
    return {"r": {"condition": {"k": {f"$V{i}": {} for i in range(count)}}, "action": {"x": 1}}}


def _action_lists(depth: int) -> dict[str, Any]:
    rule: dict[str, Any] = {"condition": {"n": "$N"}}
    for _ in range(depth):
        rule = {"condition": {"n": "$N"}, "action": [rule]}
    return {"r": rule}


def _includes(folder: Path, levels: int) -> str:
    """A chain of files each including the next twice (work doubling per level)."""
    for level in range(levels):
        following = f"f{level + 1}.json"
        body: dict[str, Any] = {"@include": [following, following]} if level + 1 < levels else {}
        (folder / f"f{level}.json").write_text(json.dumps({**body, f"r{level}": {}}))
    return "f0.json"


# Each case: (id, the main rule document or a callable writing files and returning the main
# file's name, the state, a fragment of the one-line error).
Case = tuple[str, Any, Any, str]
CASES: list[Case] = [
    ("include-absolute", {"@include": "/etc/passwd"}, STATE, "relative to the rule folder"),
    ("include-parent", {"@include": "../outside/secret.json"}, STATE, "outside the rule folder"),
    ("include-far-parent", {"@include": "../../../../../../etc/passwd"}, STATE, "outside"),
    ("include-proc", {"@include": "/proc/self/environ"}, STATE, "relative to the rule folder"),
    ("include-dev-zero", {"@include": "/dev/zero"}, STATE, "relative to the rule folder"),
    ("include-home", {"@include": "~/.bashrc"}, STATE, "relative to the rule folder"),
    (
        "include-remove-overlay",
        {"@include": "../outside/secret.json", "type": "@remove", "project_id": "@remove"},
        STATE,
        "outside the rule folder",
    ),
    ("include-link-out", lambda d: _include(d, "link.json"), STATE, "outside the rule folder"),
    ("include-link-zero", lambda d: _include(d, "zero.json"), STATE, "outside the rule folder"),
    ("include-fifo", lambda d: _include(d, "pipe.json"), STATE, "expected a regular .json file"),
    ("include-not-json", lambda d: _include(d, "notes.txt"), STATE, "a .json file"),
    ("include-folder", lambda d: _include(d, "sub.json"), STATE, "expected a regular .json file"),
    ("include-too-big", lambda d: _include(d, "big.json"), STATE, "larger than"),
    ("include-doubling", lambda d: _includes(d, 40), STATE, "more than 64 files"),
    ("include-cycle", {"@include": "main.json"}, STATE, "@include cycle"),
    ("included-content-hidden", lambda d: _include(d, "leaky.json"), STATE, "not shown"),
    ("included-expression-hidden", lambda d: _include(d, "leaky2.json"), STATE, "not shown"),
    ("loops-21-nested", _loops(21), _wide_state(), "nested $variable loops"),
    ("keys-101-nested", {"r": {"condition": _nested(101, 1)}}, STATE, "levels deep"),
    (
        "keys-101-siblings",
        {"r": {"condition": {f"k{i}": 1 for i in range(101)}}},
        STATE,
        "lines in the condition",
    ),
    (
        "sum-300-terms",
        {"r": {"condition": {"n": "$this + " + " + ".join(["1"] * 300)}}},
        STATE,
        "Limits.max_expression_depth",
    ),
    (
        "parentheses-100",
        {"r": {"condition": {"n": "= " + "(" * 100 + "1" + ")" * 100}}},
        STATE,
        "Limits.max_expression_depth",
    ),
    (
        "unary-chain",
        {"r": {"condition": {"n": "= " + "-" * 500 + "1"}}},
        STATE,
        "Limits.max_expression_depth",
    ),
    ("objects-500-nested", {"r": {"condition": _nested(500, {})}}, STATE, "levels deep"),
    ("json-100000-deep", "[" * 100_000 + "]" * 100_000, STATE, "nested too deep"),
    ("action-lists-25-deep", _action_lists(25), STATE, "levels deep"),
    (
        "expression-1mb",
        {"r": {"condition": {"n": "= " + "1+" * 400_000 + "1"}}},
        STATE,
        "Limits.max_expression_chars",
    ),
    (
        "integer-5000-digits-json",
        '{"r": {"condition": {"n": ' + "9" * 5000 + "}}}",
        STATE,
        "integer too long",
    ),
    (
        "integer-100-digits-expr",
        {"r": {"condition": {"n": "= " + "9" * 100}}},
        STATE,
        "digits",
    ),
    ("integer-60-digits-json", {"r": {"condition": {"n": int("9" * 60)}}}, STATE, "digits"),
    (
        "six-root-loops",
        {"r": {"condition": {f"$A{i}": {} for i in range(6)}, "action": {}}},
        _wide_state()["k"],
        "Limits.max_steps",
    ),
    ("six-loops-in-a-map", _loops(6), _wide_state(), "Limits.max_steps"),
    (
        "square-repeated",
        {"r": {"condition": {"n": "$N"}, "action": {"n": "$this * $this + 2"}, "repeat": 60}},
        STATE,
        "Limits.max_value_size",
    ),
    (
        "double-repeated",
        {"r": {"condition": {"s": "$S"}, "action": {"s": "$this + $this"}, "repeat": 60}},
        STATE,
        "Limits.max_",  # the steps its growing values cost, or their size: whichever first
    ),
    (
        "list-doubling",
        {"r": {"condition": {"s": "$S"}, "action": {"s": "= [$this, $this]"}, "repeat": 60}},
        STATE,
        "Limits.max_",
    ),
    (
        "string-repeat",
        {"r": {"condition": {"s": "$S"}, "action": {"s": "$this * 999999999"}}},
        STATE,
        "Limits.max_value_size",
    ),
    (
        "string-format",
        {"r": {"condition": {"s": "$S"}, "action": {"s": "= '%0999999999d' % 1"}}},
        STATE,
        "remainder of two numbers",
    ),
    (
        "control-characters",
        {"\x1b]0;owned\x07\x1b[2J": {"condition": {"n": "<<1"}}},
        STATE,
        "\\x1b",
    ),
    (
        "repeat-forever",
        {"r": {"condition": {"n": "$N"}, "action": {"n": "$this + 1"}, "repeat": 10**9}},
        STATE,
        "Limits.max_steps",
    ),
]


RUN_TIME = ("Limits.max_steps", "Limits.max_", "Limits.max_value_size", "remainder of two numbers")
"""The errors of running the actions (a query or a check runs none)."""


def _include(folder: Path, name: str) -> str:
    """The main file includes *name*, prepared in the rule folder."""
    outside = folder.parent / "outside"
    if name == "link.json":
        (folder / name).symlink_to(outside / "secret.json")
    elif name == "zero.json":
        (folder / name).symlink_to("/dev/zero")
    elif name == "pipe.json":
        os.mkfifo(folder / name)
    elif name == "notes.txt":
        (folder / name).write_text(json.dumps({"r": {}}))
    elif name == "sub.json":
        (folder / name).mkdir()
    elif name == "big.json":
        (folder / name).write_text(json.dumps({"r": {"comment": "x" * (2 << 20)}}))
    elif name == "leaky.json":
        (folder / name).write_text(json.dumps({"r": {"condition": SECRET}}))
    elif name == "leaky2.json":
        (folder / name).write_text(json.dumps({"r": {"condition": {"n": f"< {SECRET} +"}}}))
    (folder / "main.json").write_text(json.dumps({"@include": name}))
    return "main.json"


EACH_CASE = pytest.mark.parametrize(
    ("case", "document", "state", "expected"), CASES, ids=[c[0] for c in CASES]
)
"""A test run once per hostile case: its name, rule document, state and expected error."""


def _prepare(tmp_path: Path, document: Any, state: Any) -> tuple[Path, Path]:
    folder = tmp_path / "rules"
    folder.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.json").write_text(json.dumps({"type": SECRET, "project_id": SECRET}))
    if callable(document):
        main = folder / document(folder)
    else:
        main = folder / "main.json"
        main.write_text(document if isinstance(document, str) else json.dumps(document))
    state_file = tmp_path / "state.json"
    state_file.write_text(json.dumps(state))
    return main, state_file


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@EACH_CASE
def test_the_command_line_ends_in_one_clean_line(
    tmp_path: Path, case: str, document: Any, state: Any, expected: str
) -> None:
    main, state_file = _prepare(tmp_path, document, state)
    at_run_time = expected in RUN_TIME
    for action in ("trace", "check"):
        args = [str(main)] if action == "check" else [str(main), str(state_file)]
        done = subprocess.run(
            [sys.executable, "-m", "pure_engine", "rules", action, *args],
            capture_output=True,
            text=True,
            timeout=120,  # a guard against a hang, not a speed test
            preexec_fn=_limit_memory,  # a memory cap for the child (no threads here)
            check=False,
        )
        assert SECRET not in done.stdout + done.stderr
        if at_run_time and action != "trace" and done.returncode == 0:
            continue  # a limit of running the actions: query and check run none
        assert done.returncode == 2, (action, done.stdout[-300:], done.stderr[-300:])
        assert done.stderr.count("\n") == 1, done.stderr[-500:]
        assert expected in done.stderr, done.stderr
        assert SECRET not in done.stdout + done.stderr
        assert "\x1b" not in done.stdout + done.stderr


def _api_run(main: Path, state_file: Path) -> None:
    rules = load_rule_files(main)
    state = from_json(json.loads(state_file.read_text()))
    query(rules, state)
    apply(rules, state)
    apply(rules, state, compiled=False)


@EACH_CASE
def test_the_api_raises_one_clean_rule_error(
    tmp_path: Path, case: str, document: Any, state: Any, expected: str
) -> None:
    main, state_file = _prepare(tmp_path, document, state)
    with pytest.raises(RuleError) as caught:
        _api_run(main, state_file)
    message = str(caught.value)
    assert expected in message
    assert "\n" not in message and "\x1b" not in message
    assert SECRET not in message


def test_a_wider_include_root_is_the_callers_choice(tmp_path: Path) -> None:
    main, _ = _prepare(tmp_path, {"@include": "../outside/secret.json"}, STATE)
    with pytest.raises(RuleError) as caught:  # read now, but still never quoted
        load_rule_files(main, include_root=tmp_path)
    assert "a string (not shown: it comes from an included file)" in str(caught.value)
    assert SECRET not in str(caught.value)


def test_names_from_outside_the_rule_file_cannot_write_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    hostile = "x=open('PWNED','w').write('g');y"
    with pytest.raises(RuleError, match="a given variable is a name"):
        load_rules([{"condition": {"n": "$x"}}], given=[hostile])
    rules = load_rules([{"condition": {"n": "$N"}}])
    with pytest.raises(RuleError):
        query(rules, {"n": 1}, bindings={hostile: 1})
    with pytest.raises(ValueError, match="identifier"):
        Library(functions={hostile: len})
    with pytest.raises(ValueError, match="identifier"):
        Library(types={"ﬁ": bool})  # a ligature Python would read as "fi"
    assert not (tmp_path / "PWNED").exists()


class Seat(Struct):
    hand: tuple[int, ...]
    led: int


@pytest.mark.parametrize(
    "text",
    ["($P + [])[0]", "($P * 1)[0]", "sum([$P], [])", "max($P)", "min($P)", "($P + $P)[0]"],
)
def test_a_struct_never_turns_into_its_class(text: str) -> None:
    rules = load_rules([{"condition": {"seat": "$P", "_": f"$X = {text}"}}])
    state = {"seat": Seat((1, 2), 3)}
    for compiled in (True, False):
        with pytest.raises(RuleError, match=r"struct|sum adds numbers"):
            query(rules, state, compiled=compiled)
    assert query_values(
        load_rules([{"condition": {"seat": "$P", "_": "$L = len($P)"}}]), state, "L"
    ) == (2,)


@pytest.mark.parametrize(
    ("rule", "state", "expected"),
    [
        ({"condition": {"@path": {"/a": {"@not": {"b": 2}}}}}, {"a": {"b": 1}}, 1),
        ({"condition": {"@path": {"/a": {"@not": {"b": 2}}}}}, {"a": {"b": 2}}, 0),
        ({"condition": {"n": "< 1e999"}}, {"n": 5}, 1),
        ({"condition": {"n": "> -1e999"}}, {"n": 5}, 1),
        ({"condition": {"n": 1e999}}, {"n": float("inf")}, 1),
        ({"condition": {"n": "= 12345678901234567890123 * 2"}}, {"n": 24691357802469135780246}, 1),
    ],
)
def test_valid_rules_that_used_to_fail_load_and_agree(
    rule: dict[str, Any], state: dict[str, Any], expected: int
) -> None:
    rules = load_rules([rule])
    assert len(query(rules, state)[0]) == expected
    assert len(query(rules, state, compiled=False)[0]) == expected


def test_limits_can_be_raised_by_the_caller(tmp_path: Path) -> None:
    from pure_engine.rules.limits import Limits

    deep = {"r": {"condition": _nested(45, 1)}}
    with pytest.raises(RuleError, match=r"Limits\.max_depth"):
        load_rules(deep)
    rules = load_rules(deep, limits=Limits(max_depth=60))
    assert query(rules, _nested(45, 1))[0]
