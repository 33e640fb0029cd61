"""The rule engine, feature by feature (numbered as in seed 001 / issue 12), each run through
both the compiled code and the interpreter."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import immutables
import pytest

from pure_engine.core.struct import Struct
from pure_engine.rules import (
    BUILTINS,
    DEFAULT_MAX_STEPS,
    RuleRuntimeError,
    RuleSyntaxError,
    StepLimitError,
    TraceKind,
    apply,
    export_rule_set,
    format_trace,
    from_json,
    load_rule_files,
    load_rules,
    parse_rules_text,
    query,
    query_values,
    to_json,
)
from pure_engine.rules.limits import Budget
from pure_engine.testing import assert_golden

GOLDEN = Path(__file__).parent / "golden" / "rules"

PLAYERS = from_json(
    {
        "player": {
            "a": {"gold": 5, "name": "Ann", "target": "b"},
            "b": {"gold": 30, "name": "Bob", "target": "a"},
            "c": {"gold": 25, "name": "Cy", "target": "b"},
        },
        "superfluous": 1,
    }
)


def found(document: Any, state: Any = PLAYERS, **kwargs: Any) -> list[dict[str, Any]]:
    """The instantiations of *document*'s rules, checked equal under both engines."""
    bindings = kwargs.pop("bindings", None)
    rules = load_rules(document, **kwargs)
    compiled, _ = query(rules, state, bindings=bindings)
    interpreted, _ = query(rules, state, bindings=bindings, compiled=False)
    assert compiled == interpreted
    return [dict(instance.bindings) for instance in compiled]


def applied(document: Any, state: Any = PLAYERS, **kwargs: Any) -> Any:
    """The state after applying *document*'s rules, checked equal under both engines."""
    rules = load_rules(document, **kwargs)
    compiled, _ = apply(rules, state)
    interpreted, _ = apply(rules, state, compiled=False)
    assert compiled == interpreted
    return compiled


# --- 1. JSON import and export ---------------------------------------------------------------


def test_export_reproduces_the_document_and_reloads_equal() -> None:
    document = {
        "poor": {
            "comment": "give the poor some gold",
            "condition": {"player": {"$X": {"gold": "< 20", "name": "$NAME"}}},
            "action": {"player": {"$X": {"gold": "$this + 10"}}},
            "repeat": 2,
        },
        "lookup": {"condition": {"_": "$S = 3", "@path": {"/player/$P/gold": "> $S"}}},
    }
    rules = load_rules(document)
    assert export_rule_set(rules) == document
    again = load_rules(json.loads(json.dumps(export_rule_set(rules))))
    assert again.rules == rules.rules


# --- 2. rule arrays, in order, each once per pass ---------------------------------------------


def test_rules_apply_in_order_each_once() -> None:
    document = [
        {"condition": {"n": "$N"}, "action": {"n": "$this * 10"}},
        {"condition": {"n": "$N"}, "action": {"n": "$this + 1"}},
    ]
    assert applied(document, from_json({"n": 1})) == from_json({"n": 11})
    assert applied(document[::-1], from_json({"n": 1})) == from_json({"n": 20})


# --- 3. several instantiations: the action runs once for each, in a fixed order ------------


def test_instantiations_come_in_key_order_and_each_fires() -> None:
    assert [b["X"] for b in found([{"condition": {"player": {"$X": {}}}}])] == ["a", "b", "c"]
    state = applied(
        [{"condition": {"player": {"$X": {"gold": "$G"}}}, "action": {"total": "$this + $G"}}],
        PLAYERS.set("total", 0),
    )
    assert state["total"] == 60


def test_struct_fields_are_children_in_declaration_order() -> None:
    class Seat(Struct):
        score: int
        name: str

    state = from_json({"seats": [None]}).set("seats", (Seat(3, "N"), Seat(9, "S")))
    document = [{"condition": {"seats": {"$I": {"score": ">$L"}}, "_": "$L = 4"}}]
    with pytest.raises(RuleSyntaxError, match=r"\$L is read before"):
        load_rules(document)
    rows = found([{"condition": {"_": "$L = 4", "seats": {"$I": {"score": ">$L"}}}}], state)
    assert rows == [{"L": 4, "I": 1}]
    new = applied([{"condition": {"seats": {"$I": {"score": "<5"}}},
                    "action": {"seats": {"$I": {"name": "\\$low"}}}}], state)  # fmt: skip
    assert new["seats"][0] == Seat(3, "$low") and state["seats"][0] == Seat(3, "N")


# --- 4. expressions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("test", "names"),
    [
        ("<20", ["a"]),
        (">= 25", ["b", "c"]),
        ("$this > 4 and not $this == 30", ["a", "c"]),
        ("$this < 6 or $this > 29", ["a", "b"]),
        ("$this > 0 and max($this, 26) == 26 and min($this, 3) == 3", ["a", "c"]),
        ("abs($this - 27) < 3", ["c"]),
        ("$this % 2 == 1", ["a", "c"]),
    ],
)
def test_comparisons_and_boolean_expressions(test: str, names: list[str]) -> None:
    document = [{"condition": {"player": {"$X": {"gold": test}}}}]
    assert [b["X"] for b in found(document)] == names


def test_expressions_bind_with_this_and_read_earlier_variables() -> None:
    rows = found([{"condition": {"player": {"$X": {"gold": "$G = 3 + $this", "name": "$N"}},
                                 "_": "len($N) == 3 and $G > 30"}}])  # fmt: skip
    assert rows == [{"X": "b", "G": 33, "N": "Bob"}]
    assert [b["X"] for b in found([{"condition": {"player": {"$X": {"gold": ">= $T * 10"}}},
                                    }], bindings={"T": 2}, given=["T"])] == ["b", "c"]  # fmt: skip


# --- 5. variables: first mention binds, later ones test equality -----------------------------


def test_a_variable_binds_once_then_tests_equality() -> None:
    rows = found([{"condition": {"player": {"$X": {"gold": ">20"}, "$Y": {"target": "$X"}}}}])
    assert rows == [{"X": "b", "Y": "a"}, {"X": "b", "Y": "c"}]


def test_a_variable_read_before_it_is_bound_is_a_load_time_error_naming_the_rule() -> None:
    with pytest.raises(RuleSyntaxError) as caught:
        load_rules({"greedy": {"condition": {"player": {"$X": {"gold": "< $LIMIT"}}}}})
    message = str(caught.value)
    assert "$.greedy.condition.player.$X.gold" in message and "'greedy'" in message
    assert "$LIMIT" in message and "\n" not in message


# --- 6. backtracking --------------------------------------------------------------------------


def test_a_failing_later_line_moves_earlier_bindings_on() -> None:
    # $X = a fails only at the "_" line; the search backs up to $X = b
    rows = found([{"condition": {"player": {"$X": {"gold": "$G"}}, "_": "$G > 26"}}])
    assert rows == [{"X": "b", "G": 30}]


def test_swapping_lines_keeps_the_answers() -> None:
    one = [{"condition": {"player": {"$X": {"gold": ">20"}, "$Y": {"target": "$X"}}}}]
    two = [{"condition": {"player": {"$Y": {"target": "$X"}, "$X": {"gold": ">20"}}}}]
    assert {tuple(sorted(r.items())) for r in found(one)} == {
        tuple(sorted(r.items())) for r in found(two)
    }


# --- 7. actions write a new state ------------------------------------------------------------


def test_actions_set_create_and_remove_without_touching_the_input() -> None:
    before = PLAYERS
    document = [{"condition": {"player": {"$X": {"gold": ">20"}, "$Y": {"target": "$X"}}},
                 "action": {"player": {"$X": {"target": "$Y"}, "d": {"gold": 0}},
                            "superfluous": "@remove"}}]  # fmt: skip
    after = applied(document)
    assert before == PLAYERS and "superfluous" in PLAYERS
    assert "superfluous" not in after
    assert after["player"]["b"]["target"] == "c"  # the last instantiation writes last
    assert after["player"]["d"] == immutables.Map(gold=0)


def test_removing_a_struct_field_is_a_located_runtime_error() -> None:
    class Box(Struct):
        gold: int

    rules = load_rules({"drop": {"condition": {}, "action": {"box": {"gold": "@remove"}}}})
    state = immutables.Map(box=Box(3))
    for compiled in (True, False):
        with pytest.raises(RuleRuntimeError, match=r"\$\.drop.*cannot remove the field 'gold'"):
            apply(rules, state, compiled=compiled)
    assert state["box"] == Box(3)


# --- 8. an action that is an array of rules ---------------------------------------------------


def test_an_array_action_runs_its_rules_with_the_instantiation() -> None:
    document = [{"condition": {"player": {"$X": {"gold": "<20"}}},
                 "action": [{"condition": {"player": {"$Y": {"target": "$X"}}},
                             "action": {"player": {"$Y": {"gold": "$this - 1"}}}}]}]  # fmt: skip
    after = applied(document)
    assert after["player"]["b"]["gold"] == 29 and after["player"]["c"]["gold"] == 25
    rows = found(document)  # a query descends into the array with the bindings
    assert rows == [{"X": "a", "Y": "b"}]


# --- 9. @rules: child rules rooted at a node ---------------------------------------------------


def test_at_rules_roots_the_child_rules_at_the_node() -> None:
    document = [{"condition": {"player": {"$X": {"name": "Cy"}}},
                 "action": {"player": {"$X": {"@rules": [
                     {"condition": {"gold": "$G"}, "action": {"gold": "$G * 2", "seen": True}}
                 ]}}}}]  # fmt: skip
    after = applied(document)
    assert after["player"]["c"]["gold"] == 50 and after["player"]["c"]["seen"] is True
    assert "seen" not in after and after["player"]["a"] == PLAYERS["player"]["a"]


# --- 10. repeat, and the global step limit ----------------------------------------------------


def test_repeat_runs_a_rule_again_and_stops_when_nothing_matches() -> None:
    document = [{"condition": {"n": "<10"}, "action": {"n": "$this + 3"}, "repeat": 100}]
    assert applied(document, from_json({"n": 0}))["n"] == 12


def test_the_step_limit_stops_a_runaway_rule_set_with_a_clear_error() -> None:
    rules = load_rules({"count": {"condition": {"n": "$N"}, "action": {"n": "$N + 1"},
                                  "repeat": 10_000}}, source="count.json")  # fmt: skip
    state = from_json({"n": 0})
    with pytest.raises(StepLimitError) as caught:
        apply(rules, state, max_steps=500)
    assert str(caught.value).startswith("count.json: $.count: more than 500 steps")
    assert state["n"] == 0


# --- 11. several files overlaid, and @include ----------------------------------------------


def _write(folder: Path, name: str, document: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_files_overlay_in_order_and_include(tmp_path: Path) -> None:
    base = _write(tmp_path, "base.json", {
        "tax": {"condition": {"gold": ">10"}, "action": {"gold": "$this - 1"}},
        "gift": {"condition": {"gold": "<100"}, "action": {"gold": "$this + 5"}},
        "noise": {"condition": {}, "action": {"noise": 1}},
    })  # fmt: skip
    top = _write(tmp_path, "top.json", {
        "@include": "base.json",
        "tax": {"action": {"gold": "$this - 2"}},
        "noise": "@remove",
        "last": {"condition": {"gold": "$G"}, "action": {"seen": "$G"}},
    })  # fmt: skip
    rules = load_rule_files(top)
    assert [rule.name for rule in rules.rules.rules] == ["tax", "gift", "last"]
    assert apply(rules, {"gold": 20})[0] == {"gold": 23, "seen": 23}
    patched = load_rule_files(base, _write(tmp_path, "t2.json", {"tax": {"repeat": 2}}))
    tax = patched.rules.rules[0]
    assert (tax.name, tax.repeat, tax.source) == ("tax", 2, str(base))
    assert apply(patched, {"gold": 12})[0] == {"gold": 15, "noise": 1}  # 12 - 1 - 1 + 5


def test_errors_name_the_file_each_part_came_from(tmp_path: Path) -> None:
    base = _write(tmp_path, "base.json", {"a": {"condition": {"gold": ">10"}}})
    bad = _write(tmp_path, "bad.json", {"b": {"condition": {"gold": ">> 1"}}})
    with pytest.raises(RuleSyntaxError, match=r"bad\.json: \$\.b\.condition\.gold: expected"):
        load_rule_files(base, bad)
    clash = _write(tmp_path, "clash.json", {"a": {"condition": 3}})
    with pytest.raises(RuleSyntaxError, match=r"clash\.json: \$\.a\.condition: overlay conflict"):
        load_rule_files(base, clash)
    loop = _write(tmp_path, "loop.json", {"@include": "loop.json"})
    with pytest.raises(RuleSyntaxError, match="@include cycle"):
        load_rule_files(loop)
    with pytest.raises(RuleSyntaxError, match="cannot read the file"):
        load_rule_files(tmp_path / "missing.json")


# --- 12. @log: the hierarchical trace ------------------------------------------------------


TRACED = {
    "target": {
        "@log": True,
        "condition": {"player": {"$X": {"gold": ">20"}, "$Y": {"target": "$X"}}},
        "action": {"player": {"$X": {"target": "$Y"}}, "superfluous": "@remove"},
    },
    "quiet": {"@log": False, "condition": {"player": {"$X": {}}}, "action": {"n": 1}},
}


def test_the_trace_shows_tries_failures_firings_and_edits() -> None:
    rules = load_rules(TRACED, source="traced.json")
    new, trace = apply(rules, PLAYERS)
    assert new == apply(rules, PLAYERS, log=False)[0]
    kinds = {node.kind for node in trace.nodes[0].children}
    assert {TraceKind.TRY, TraceKind.MATCH, TraceKind.FIRE} <= kinds
    assert len(trace.nodes) == 1  # "quiet" is @log false: nothing from it
    assert_golden(format_trace(trace) + "\n", GOLDEN / "trace_target.txt")
    assert trace.to_json()[0]["kind"] == "rule"


def test_tracing_is_off_unless_asked_and_can_be_forced() -> None:
    rules = load_rules({"r": {"condition": {"player": {"$X": {"gold": "<6"}}},
                              "action": {"n": 1}}})  # fmt: skip
    assert not apply(rules, PLAYERS)[1]
    traced = apply(rules, PLAYERS, log=True)[1]
    assert "fire: $X = 'a'" in format_trace(traced)


def test_log_inside_a_condition_traces_that_template_only() -> None:
    rules = load_rules({"r": {"condition": {"player": {"$X": {"@log": True, "gold": "<6"}}},
                              "action": {"n": 1}}})  # fmt: skip
    text = format_trace(apply(rules, PLAYERS)[1])
    assert "player.$X.gold: 30 < 6 is false" in text
    assert "gold: 5 <" not in text and "fire" not in text  # only the template is traced


# --- 13. types -------------------------------------------------------------------------------


def test_typed_variables_use_registered_predicates() -> None:
    library = BUILTINS.extend(types={"card": lambda v: isinstance(v, int) and 0 <= v < 52})
    state = from_json({"hand": [3, "joker", 60, 17]})
    rows = found([{"condition": {"hand": {"$I": "$C:card"}}}], state, library=library)
    assert rows == [{"I": 0, "C": 3}, {"I": 3, "C": 17}]
    assert [r["I"] for r in found([{"condition": {"hand": {"$I": "$V:str"}}}], state)] == [1]
    with pytest.raises(RuleSyntaxError, match=r"unknown type 'card' for \$C; known: any"):
        load_rules([{"condition": {"hand": {"$I": "$C:card"}}}])


# --- 14. re-entry ----------------------------------------------------------------------------


def test_one_node_checked_twice_with_re_entry() -> None:
    rows = found([{"condition": {"player": {"$X": {"gold": "<20", "gold@cnt": "$COUNT"}}}}])
    assert rows == [{"X": "a", "COUNT": 5}]
    with pytest.raises(RuleSyntaxError, match="duplicate key 'gold'"):
        parse_rules_text('[{"condition": {"gold": "<20", "gold": "$C"}}]')


# --- 15. "_" arithmetic lines -----------------------------------------------------------------


def test_underscore_lines_compute_and_check() -> None:
    rows = found([{"condition": {"player": {"$X": {"gold": "$A"}, "$Y": {"gold": "$B"}},
                                 "_": "$SUM = $A + $B", "_@check": "$SUM < 11"}}])  # fmt: skip
    assert rows == [{"X": "a", "A": 5, "Y": "a", "B": 5, "SUM": 10}]


# --- 16. @parent and @path -------------------------------------------------------------------


def test_parent_climbs_and_path_starts_from_the_root() -> None:
    def targeted_by(name: str) -> Any:
        climb = {"name": name, "@parent": {"$Y": {"target": "$X"}}}
        return [{"condition": {"player": {"$X": climb}}}]

    assert found(targeted_by("Cy")) == []
    assert found(targeted_by("Ann")) == [{"X": "a", "Y": "b"}]
    at_path = {"target": "$T", "@path": {"/player/$T/gold": ">20"}}
    rows = found([{"condition": {"player": {"$X": at_path}}}])
    assert rows == [{"X": "a", "T": "b"}, {"X": "c", "T": "b"}]
    with pytest.raises(RuleRuntimeError, match="@parent climbs above the root"):
        apply(load_rules([{"condition": {"@parent": {}}, "action": {"x": 1}}]), PLAYERS)


# --- 17. registered pure functions -----------------------------------------------------------


def test_rules_call_registered_functions_only() -> None:
    library = BUILTINS.extend(functions={"double": lambda x: 2 * x})
    after = applied([{"condition": {"player": {"$X": {"gold": "<6"}}},
                      "action": {"player": {"$X": {"gold": "double($this)"}}}}],
                    library=library)  # fmt: skip
    assert after["player"]["a"]["gold"] == 10
    with pytest.raises(RuleSyntaxError, match="unknown function 'double'"):
        load_rules([{"condition": {"x": "double($this) > 1"}}])
    with pytest.raises(RuleSyntaxError, match="function 'double' takes at most 1 arguments"):
        load_rules([{"condition": {"x": "double($this, 2) > 1"}}], library=library)


# --- 18. first -------------------------------------------------------------------------------


def test_first_acts_on_the_first_instantiation_only() -> None:
    document = [{"condition": {"player": {"$X": {"gold": ">20"}}}, "first": True,
                 "action": {"player": {"$X": {"gold": 0}}}}]  # fmt: skip
    after = applied(document)
    assert after["player"]["b"]["gold"] == 0 and after["player"]["c"]["gold"] == 25
    assert found(document) == [{"X": "b"}]


# --- query, @not, bad input ------------------------------------------------------------------


def test_query_values_and_not() -> None:
    rules = load_rules([{"condition": {"player": {"$X": {"@not": {"name": "Bob"}}}}}])
    assert query_values(rules, PLAYERS, "X") == ("a", "c")
    assert query_values(rules, PLAYERS, "X", compiled=False) == ("a", "c")


class Seat(Struct):
    hand: tuple[int, ...]
    led: int


class Lead(Struct):  # no "led" field: the rules read it as missing
    hand: tuple[int, ...]


def test_query_values_reads_structs_maps_and_missing_fields_alike() -> None:
    rules = load_rules([{"condition": {"hand": {"$I": "$C"}, "led": "$S", "_": "$C // 10 == $S"}},
                        {"condition": {"@not": {"led": "$S"}, "hand": {"$I": "$C"}}}])  # fmt: skip
    states = [
        (Seat((11, 25, 17), 1), (11, 17)),
        (Lead((11, 25)), (11, 25)),
        (Seat((31, 5), 3), (31,)),  # the same struct class again: its fields are remembered
        (from_json({"hand": [40, 41], "led": 4}), (40, 41)),
        (from_json({"hand": [40, 41]}), (40, 41)),
        (Lead((7,)), (7,)),
    ]
    for state, expected in states:
        assert query_values(rules, state, "C") == expected
        assert query_values(rules, state, "C", compiled=False) == expected
        fused = rules.value_queries["C"]  # the fast path itself, not a fallback
        out: dict[Any, None] = {}
        assert fused is not None
        fused(state, {}, out, Budget(DEFAULT_MAX_STEPS, 10**5))
        assert tuple(out) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[{", "line 1 column 3: malformed JSON"),
        ('[{"conditon": {}}]', "$[0].conditon: unknown rule keyword 'conditon'"),
        ('[{"condition": {"@rules": []}}]', "unknown keyword '@rules' in a condition"),
        ('[{"condition": {"x": "<"}}]', "$[0].condition.x: expected an expression, found an"),
        ('[{"condition": {"x": "$X $Y"}}]', "expected an operator or the end"),
        ('[{"condition": {"x": "@wat"}}]', "unknown keyword '@wat'"),
        ('[{"condition": {}, "action": {"x": "<3"}}]', "is a test (tests belong in conditions)"),
        ('[{"condition": {}, "repeat": 0}]', "repeat expects a positive integer, found 0"),
        ('[{"condition": {}, "action": {"$Q": 1}}]', "variable $Q is read before"),
        ('[{"condition": {"_": "$this = 3"}}]', "$this is the value at the current node"),
        ('[{"condition": {"x": "abs($this, 2) < 1"}}]', "function 'abs' takes at most 1"),
    ],
)
def test_bad_rule_files_get_one_line_errors_with_the_json_path(text: str, expected: str) -> None:
    with pytest.raises(RuleSyntaxError) as caught:
        parse_rules_text(text, source="bad.json")
    message = str(caught.value)
    assert message.startswith("bad.json: ") and expected in message and "\n" not in message


def test_runtime_errors_are_located_and_leave_the_state_intact() -> None:
    rules = load_rules({"mix": {"condition": {"player": {"$X": {"name": "<3"}}},
                                "action": {"n": 1}}}, source="mix.json")  # fmt: skip
    for compiled in (True, False):
        with pytest.raises(RuleRuntimeError) as caught:
            apply(rules, PLAYERS, compiled=compiled)
        assert str(caught.value).startswith("mix.json: $.mix.condition.player.$X.name: TypeError")
    assert "n" not in PLAYERS


def test_to_json_round_trips_the_state_model() -> None:
    assert from_json(to_json(PLAYERS)) == PLAYERS
