"""The interpreter and the compiled code agree on every rule set that loads, budgets included:
generated rule sets with ``@path``, ``@not`` (under ``@path`` too), checked arithmetic, lists,
big and non-finite constants, nested rule lists, and small step budgets, so that running out
of steps happens at the same point in both (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from pure_engine.rules import (
    RuleError,
    RuleSyntaxError,
    apply,
    from_json,
    load_rules,
    query,
    query_values,
)

KEYS = ("a", "b", "c")

states = st.recursive(
    st.integers(-2, 3),
    lambda inner: st.dictionaries(st.sampled_from(KEYS), inner, min_size=1, max_size=3),
    max_leaves=12,
)
CONSTANTS = ("1e999", "-1e999", "123456789012345678901234567890", "2.5", "0")
EXPRESSIONS = (
    "$this + {c}",
    "$this * 2 < {c}",
    "$this % 3 == 1",
    "[$this, {c}][0] == $this",
    "len([$this, $this]) == 2",
    "$this + $this > {c}",
    "max($this, 0) >= 0",
)


def _leaf(data: st.DataObject, bound: list[str]) -> Any:
    kind = data.draw(st.sampled_from(["var", "int", "expr", "assign"]))
    if kind == "var" or (kind == "assign" and len(bound) > 2):
        name = data.draw(st.sampled_from(["X", "Y", "Z"]))
        if name not in bound:
            bound.append(name)
        return f"${name}"
    if kind == "int":
        return data.draw(st.integers(-1, 3))
    if kind == "assign":
        name = f"A{len(bound)}"
        bound.append(name)
        return f"${name} = $this * 2"
    text = data.draw(st.sampled_from(EXPRESSIONS)).format(c=data.draw(st.sampled_from(CONSTANTS)))
    return text if text.startswith("$") else f"= {text}"


def _template(data: st.DataObject, depth: int, bound: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for index in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["key", "loop", "not", "path", "leaf"]))
        if depth == 0 or kind == "leaf":
            out[f"{data.draw(st.sampled_from(KEYS))}@{index}"] = _leaf(data, bound)
        elif kind == "key":
            out[f"{data.draw(st.sampled_from(KEYS))}@{index}"] = _template(data, depth - 1, bound)
        elif kind == "loop":
            name = f"L{len(bound)}"
            bound.append(name)
            out[f"${name}"] = _template(data, depth - 1, bound)
        elif kind == "not":
            out[f"@not@{index}"] = _template(data, depth - 1, list(bound))
        else:
            key = data.draw(st.sampled_from(KEYS))
            below = _template(data, depth - 1, bound)
            if data.draw(st.booleans()):
                below = {**below, "@not": {key: 2}}
            out[f"@path@{index}"] = {f"/tree/{key}": below}
    return out


def _rule(data: st.DataObject, depth: int) -> dict[str, Any]:
    bound: list[str] = []
    rule: dict[str, Any] = {"condition": {"tree": _template(data, 2, bound)}}
    if data.draw(st.booleans()):
        rule["first"] = True
    choice = data.draw(st.sampled_from(["none", "write", "rules"] if depth else ["none", "write"]))
    if choice == "write":
        value = data.draw(st.sampled_from(["$this + 1", "= [$this, 1]", "= $this * 3"]))
        rule["action"] = {"count": value}
        rule["repeat"] = data.draw(st.integers(1, 4))
    elif choice == "rules":
        rule["action"] = [_rule(data, depth - 1) for _ in range(data.draw(st.integers(1, 2)))]
    return rule


def outcome(function: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return ("ok", function(*args, **kwargs))
    except RuleError as exc:
        return ("error", str(exc))


@settings(max_examples=150, deadline=None)
@given(st.data(), states)
def test_interpreter_and_compiled_code_agree(data: st.DataObject, raw: Any) -> None:
    document = [_rule(data, 1) for _ in range(data.draw(st.integers(1, 3)))]
    try:
        rules = load_rules(document)
    except RuleSyntaxError:
        event("does not load")
        return  # not a rule set that loads (a variable read before it is bound, say)
    state = from_json({"tree": raw, "count": 0})
    steps = data.draw(st.one_of(st.none(), st.integers(1, 120)))
    for call in (query, apply):
        fast = outcome(call, rules, state, max_steps=steps)
        slow = outcome(call, rules, state, max_steps=steps, compiled=False)
        if call is query and fast[0] == "ok":
            fast = ("ok", [(i.rule, dict(i.bindings)) for i in fast[1][0]])
            slow = (
                ("ok", [(i.rule, dict(i.bindings)) for i in slow[1][0]])
                if slow[0] == "ok"
                else slow
            )
        elif fast[0] == "ok":
            fast, slow = ("ok", fast[1][0]), ("ok", slow[1][0]) if slow[0] == "ok" else slow
        assert fast == slow
        event(f"{call.__name__}: {fast[0]}{' (steps)' if 'max_steps' in str(fast[1]) else ''}")
    names = [name for name in ("X", "Y", "Z") if name in str(document)]
    for name in names[:1]:
        fused = outcome(query_values, rules, state, name, max_steps=steps)
        reference = outcome(query_values, rules, state, name, max_steps=steps, compiled=False)
        assert fused == reference
