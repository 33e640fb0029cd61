"""Loading rule sets (from JSON values, text or files, overlaid) and running them.

A :class:`RuleSet` is what :func:`load_rules` (a decoded JSON document),
:func:`parse_rules_text` (JSON text) and :func:`load_rule_files` (files laid
over one another) return: the validated rules, compiled once into plain
functions.  Run it with :func:`apply` (a new state and a trace), :func:`query`
(the instantiations, acting on nothing) or :func:`query_values` (the values of
one variable).

How files are laid over one another and included is in
:mod:`pure_engine.rules.parsing.files`.

>>> rules = load_rules({"grow": {"condition": {"gold": "<20"}, "action": {"gold": "$this + 1"}}})
>>> state = {"gold": 5}
>>> new, trace = apply(rules, state)
>>> new["gold"], state["gold"], bool(trace)
(6, 5, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compiler import (
    CompiledRule,
    ValuesQuery,
    compile_rules,
    compile_values_query,
)
from pure_engine.rules.driver import Call
from pure_engine.rules.errors import RuleError, RuleSyntaxError
from pure_engine.rules.library import BUILTINS, Library
from pure_engine.rules.limits import DEFAULT_LIMITS, Budget, Limits
from pure_engine.rules.parsing import RuleFiles, decode, export_rules, parse_rules
from pure_engine.rules.trace import Trace, Tracer
from pure_engine.rules.weights import action_weight, condition_weight

__all__ = [
    "DEFAULT_MAX_STEPS",
    "Instance",
    "RuleSet",
    "apply",
    "export_rule_set",
    "load_rule_files",
    "load_rules",
    "parse_rules_text",
    "query",
    "query_values",
]

DEFAULT_MAX_STEPS = DEFAULT_LIMITS.max_steps
"""Steps one call may take before :class:`StepLimitError` (``Limits.max_steps``)."""


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A loaded, validated, compiled rule set (a value: nothing in it changes)."""

    rules: m.RuleList
    """The rules as loaded (see :mod:`pure_engine.rules.model`)."""
    library: Library
    """The functions and types the rules may name."""
    given: tuple[str, ...]
    """The variables every call must bind (``bindings=``)."""
    compiled: Mapping[str, CompiledRule]
    """The compiled functions of every rule, by the rule's JSON path."""
    logged: bool
    """True when some rule or template says ``"@log": true``."""
    inner_logs: frozenset[str]
    """The rules whose condition holds an ``"@log"`` object (traced in the interpreter)."""
    limits: Limits = DEFAULT_LIMITS
    """The bounds it was loaded with; its calls' work and values are held to them too."""
    weights: Mapping[str, tuple[int, int]] = field(default_factory=dict, repr=False)
    """``(condition, action)`` weights of every rule, by its JSON path (what a candidate
    and a firing cost, in steps)."""
    value_queries: dict[str, ValuesQuery | None] = field(default_factory=dict, repr=False)
    """Memo of the generated fast paths of :func:`query_values`, by variable (None: none)."""


class Instance(tuple[str, Mapping[str, Any]]):
    """One instantiation a query found: ``(rule name, bindings)``."""

    __slots__ = ()

    @property
    def rule(self) -> str:
        """The name of the rule whose condition matched."""
        return self[0]

    @property
    def bindings(self) -> Mapping[str, Any]:
        """The variables and their values (the given ones included)."""
        return self[1]


def _walk_rules(rules: m.RuleList) -> list[m.Rule]:
    out: list[m.Rule] = []
    for rule in rules.rules:
        out.append(rule)
        if isinstance(rule.action, m.RuleList):
            out.extend(_walk_rules(rule.action))
        elif isinstance(rule.action, m.ActionTemplate):
            for nested in _nested_lists(rule.action):
                out.extend(_walk_rules(nested))
    return out


def _nested_lists(template: m.ActionTemplate) -> list[m.RuleList]:
    found: list[m.RuleList] = []
    for entry in template.entries:
        match entry:
            case m.RulesEntry(rules=rules):
                found.append(rules)
            case m.ParentEntry(value=value):
                found.extend(_nested_lists(value))
            case (
                m.SetEntry(value=m.ActionTemplate() as value)
                | m.VarEntry(value=m.ActionTemplate() as value)
                | m.PathEntry(value=m.ActionTemplate() as value)
            ):
                found.extend(_nested_lists(value))
    return found


def _has_log(template: Any) -> bool:
    match template:
        case m.ObjectTemplate(lines=lines, log=log):
            return log is not None or any(_has_log(line) for line in lines)
        case m.ArrayTemplate(items=items):
            return any(_has_log(item) for item in items)
        case (
            m.KeyLine(sub=sub)
            | m.VarLine(sub=sub)
            | m.ParentLine(sub=sub)
            | m.NotLine(sub=sub)
            | m.PathLine(sub=sub)
        ):
            return _has_log(sub)
    return False


def _build(rules: m.RuleList, library: Library, given: tuple[str, ...], limits: Limits) -> RuleSet:
    every = _walk_rules(rules)
    inner = frozenset(rule.path for rule in every if _has_log(rule.condition))
    logged = bool(inner) or any(rule.log for rule in every)
    weights = {
        rule.path: (condition_weight(rule.condition), action_weight(rule.action)) for rule in every
    }
    compiled = compile_rules(rules, library, limits)
    return RuleSet(rules, library, given, compiled, logged, inner, limits, weights)


def _loaded(source: str, load: Callable[[], RuleSet]) -> RuleSet:
    """*load()*, with what Python itself may still refuse (a structure too deep or too big
    for it) as a :class:`RuleSyntaxError` rather than a traceback."""
    try:
        return load()
    except (RecursionError, MemoryError) as exc:
        raise RuleSyntaxError(
            f"too deep or too large to load ({type(exc).__name__})", source=source
        ) from None


def load_rules(
    document: Any,
    *,
    library: Library = BUILTINS,
    source: str = "",
    given: Sequence[str] = (),
    limits: Limits = DEFAULT_LIMITS,
) -> RuleSet:
    """A rule set from a decoded JSON document: an array of rules, an object of named rules,
    or one rule.  *given* names the variables each call binds from outside; *limits* bounds
    the document and the calls (see :class:`~pure_engine.rules.limits.Limits`).

    >>> load_rules({"r": {"condition": {"gold": "<<20"}}}, source="r.json")
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: r.json: $.r.condition.gold: expected a value, ...
    """

    def load() -> RuleSet:
        parsed = parse_rules(
            document, library=library, source=source, bound=tuple(given), limits=limits
        )
        return _build(parsed, library, tuple(given), limits)

    return _loaded(source, load)


def parse_rules_text(
    text: str,
    *,
    library: Library = BUILTINS,
    source: str = "",
    given: Sequence[str] = (),
    limits: Limits = DEFAULT_LIMITS,
) -> RuleSet:
    """A rule set from JSON text (duplicate keys are an error: JSON objects are ordered here).

    >>> parse_rules_text('[{"condition": {"a": 1}, "condition": {}}]', source="x.json")
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: x.json: duplicate key 'condition' (to test one ...
    """
    if len(text) > limits.max_file_bytes:
        raise RuleSyntaxError(
            f"larger than {limits.max_file_bytes} bytes (Limits.max_file_bytes)", source=source
        )
    document = decode(text, source)
    return load_rules(document, library=library, source=source, given=given, limits=limits)


def load_rule_files(
    *paths: str | Path,
    library: Library = BUILTINS,
    given: Sequence[str] = (),
    include_root: str | Path | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> RuleSet:
    """A rule set from one or more JSON files laid over one another in order; errors name
    the file each part came from.  An ``@include`` resolves inside the folder of the file
    that names it first (or *include_root*), to a regular ``.json`` file, and every read is
    bounded by *limits* (see :mod:`pure_engine.rules.parsing.files`).
    """
    if not paths:
        raise RuleSyntaxError("expected at least one rule file")

    def load() -> RuleSet:
        files = RuleFiles(limits, include_root)
        merged: Any = None
        for path in paths:
            merged = files.load(path, merged)
        parsed = parse_rules(
            merged,
            library=library,
            origin=files.overlay.origin,
            bound=tuple(given),
            limits=limits,
            included=frozenset(files.included),
        )
        return _build(parsed, library, tuple(given), limits)

    return _loaded(str(paths[0]), load)


def export_rule_set(rules: RuleSet) -> Any:
    """The JSON document of a rule set (overlays and includes resolved); loading it again
    gives an equal rule set.

    >>> export_rule_set(load_rules([{"condition": {"x": "$X"}, "first": True}]))
    [{'condition': {'x': '$X'}, 'first': True}]
    """
    return export_rules(rules.rules)


_UNMADE: Any = object()

# --- running ---------------------------------------------------------------------------------


def _start(
    rules: RuleSet,
    bindings: Mapping[str, Any] | None,
    log: bool | None,
    max_steps: int | None,
    compiled: bool,
) -> tuple[Call, dict[str, Any]]:
    env = dict(bindings or {})
    missing = [name for name in rules.given if name not in env]
    extra = [name for name in env if name not in rules.given]
    if missing or extra:
        raise RuleError(
            f"expected bindings for {', '.join('$' + n for n in rules.given) or 'no variable'}, "
            f"found {', '.join('$' + n for n in env) or 'none'}"
        )
    tracing = bool(log) or (log is None and rules.logged)
    steps = rules.limits.max_steps if max_steps is None else max_steps
    call = Call(
        functions=rules.library.functions,
        types=rules.library.types,
        compiled=rules.compiled if compiled else None,
        inner_logs=rules.inner_logs,
        weights=rules.weights,
        max_steps=steps,
        budget=Budget(steps, rules.limits.max_value_size),
        sink=Tracer() if tracing else None,
    )
    return call, env


def apply(
    rules: RuleSet,
    state: Any,
    *,
    bindings: Mapping[str, Any] | None = None,
    log: bool | None = None,
    max_steps: int | None = None,
    compiled: bool = True,
) -> tuple[Any, Trace]:
    """Apply the rules in order to *state*: ``(new state, trace)``; *state* is untouched.

    *log*: None traces what the rules mark with ``"@log": true``; True traces every
    rule (except below ``"@log": false``); False traces nothing.  *compiled* False runs the
    interpreter only (the reference; slower).  *max_steps* bounds the work of the call
    (default: the rule set's ``Limits.max_steps``).

    >>> rules = load_rules([{"condition": {"n": "<3"}, "action": {"n": "$this+1"}, "repeat": 9}])
    >>> apply(rules, {"n": 0})[0]
    {'n': 3}
    >>> apply(rules, {"n": 0}, max_steps=3)
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.StepLimitError: $[0]: more than 3 steps ...
    """
    call, env = _start(rules, bindings, log, max_steps, compiled)
    new = call.apply_list(rules.rules, state, (), env, logging=bool(log))
    return new, call.sink.freeze() if call.sink is not None else Trace()


def query(
    rules: RuleSet,
    state: Any,
    *,
    bindings: Mapping[str, Any] | None = None,
    log: bool | None = None,
    max_steps: int | None = None,
    compiled: bool = True,
) -> tuple[tuple[Instance, ...], Trace]:
    """Every instantiation of every rule's condition, acting on nothing: rules whose action
    is a rule list are descended into with each instantiation.  In rule order, then match order.

    >>> rules = load_rules({"rich": {"condition": {"player": {"$X": {"gold": ">=$G"}}}}},
    ...                    given=["G"])
    >>> found, _ = query(rules, {"player": {"a": {"gold": 5}, "b": {"gold": 30}}},
    ...                  bindings={"G": 10})
    >>> [(i.rule, dict(i.bindings)) for i in found]
    [('rich', {'G': 10, 'X': 'b'})]
    """
    call, env = _start(rules, bindings, log, max_steps, compiled)
    out: list[tuple[m.Rule, dict[str, Any]]] = []
    call.query_list(rules.rules, state, (), env, out, logging=bool(log))
    found = tuple(Instance((rule.name, bound)) for rule, bound in out)
    return found, call.sink.freeze() if call.sink is not None else Trace()


def query_values(
    rules: RuleSet,
    state: Any,
    name: str,
    *,
    bindings: Mapping[str, Any] | None = None,
    compiled: bool = True,
    max_steps: int | None = None,
) -> tuple[Any, ...]:
    """The distinct values ``$name`` takes over every instantiation, in the order found
    (the shape of a legality query: "which cards may be played?").

    >>> rules = load_rules([{"condition": {"hand": {"$C": {}}, "led": "$S",
    ...                                    "_": "$C // 10 == $S"}}])
    >>> query_values(rules, {"hand": {11: {}, 25: {}, 17: {}}, "led": 1}, "C")
    (11, 17)
    """
    if compiled and (bindings.keys() == set(rules.given) if bindings else not rules.given):
        fast_query = rules.value_queries.get(name, _UNMADE)
        if fast_query is _UNMADE:
            fast_query = compile_values_query(
                rules.rules, rules.compiled, name, rules.given, rules.library, rules.limits
            )  # None: some rule cannot bind $name (the slow path says which), or too deep
            rules.value_queries[name] = fast_query
        if fast_query is not None:
            fast: dict[Any, None] = {}
            steps = rules.limits.max_steps if max_steps is None else max_steps
            try:
                fast_query(state, bindings or {}, fast, Budget(steps, rules.limits.max_value_size))
            except RuleError:
                raise
            except Exception:  # noqa: BLE001, S110 - the slow path below locates the error
                pass
            else:
                return tuple(fast)
    call, env = _start(rules, bindings, False, max_steps, compiled)
    out: list[tuple[m.Rule, dict[str, Any]]] = []
    call.query_list(rules.rules, state, (), env, out, logging=False)
    values: dict[Any, None] = {}
    for _, bound in out:
        if name not in bound:
            raise RuleError(f"no rule binds ${name}")
        values[bound[name]] = None
    return tuple(values)
