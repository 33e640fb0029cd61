"""Loading rule sets (from JSON values, text or files, overlaid) and running them.

A :class:`RuleSet` is what :func:`load_rules` (a decoded JSON document),
:func:`parse_rules_text` (JSON text) and :func:`load_rule_files` (files laid
over one another) return: the validated rules, compiled once into plain
functions.  Run it with :func:`apply` (a new state and a trace), :func:`query`
(the instantiations, acting on nothing) or :func:`query_values` (the values of
one variable).

Overlays (seed 001, item 11): files are laid over one another in order, as
trees.  Two objects merge key by key (keys keep the order they first appear
in, later values win); an array or a scalar replaces what was there; an
object over a non-object (or the reverse) is a conflict and an error naming
both files; ``"@remove"`` deletes what was there (a whole rule, say).  Two
arrays at the top level (two lists of rules) are concatenated.  A file may
start with ``"@include": "other.json"`` (or a list of names): those files
are laid down first, this file over them; names are relative to the file.

>>> rules = load_rules({"grow": {"condition": {"gold": "<20"}, "action": {"gold": "$this + 1"}}})
>>> state = {"gold": 5}
>>> new, trace = apply(rules, state)
>>> new["gold"], state["gold"], bool(trace)
(6, 5, False)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pure_engine.rules import model as m
from pure_engine.rules.compile import compile_rules
from pure_engine.rules.errors import RuleError, RuleSyntaxError
from pure_engine.rules.fused import ValuesQuery, compile_values_query
from pure_engine.rules.library import BUILTINS, Library
from pure_engine.rules.reading import json_path
from pure_engine.rules.run import Call, CompiledRule
from pure_engine.rules.syntax import parse_rules
from pure_engine.rules.trace import Trace

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

DEFAULT_MAX_STEPS = 100_000
"""Rule attempts and firings allowed in one call before :class:`StepLimitError`."""


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


def _build(rules: m.RuleList, library: Library, given: tuple[str, ...]) -> RuleSet:
    every = _walk_rules(rules)
    inner = frozenset(rule.path for rule in every if _has_log(rule.condition))
    logged = bool(inner) or any(rule.log for rule in every)
    return RuleSet(rules, library, given, compile_rules(rules, library), logged, inner)


def load_rules(
    document: Any,
    *,
    library: Library = BUILTINS,
    source: str = "",
    given: Sequence[str] = (),
) -> RuleSet:
    """A rule set from a decoded JSON document: an array of rules, an object of named rules,
    or one rule.  *given* names the variables each call binds from outside.

    >>> load_rules({"r": {"condition": {"gold": "<<20"}}}, source="r.json")
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: r.json: $.r.condition.gold: expected a value, ...
    """
    parsed = parse_rules(document, library=library, source=source, bound=tuple(given))
    return _build(parsed, library, tuple(given))


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKeyError(key)
        out[key] = value
    return out


class _DuplicateKeyError(ValueError):
    pass


def _decode(text: str, source: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicates)
    except _DuplicateKeyError as exc:
        raise RuleSyntaxError(
            f"duplicate key {exc.args[0]!r} (to test one node twice write 'key@2')", source=source
        ) from None
    except json.JSONDecodeError as exc:
        raise RuleSyntaxError(
            f"line {exc.lineno} column {exc.colno}: malformed JSON: {exc.msg}", source=source
        ) from None


def parse_rules_text(
    text: str, *, library: Library = BUILTINS, source: str = "", given: Sequence[str] = ()
) -> RuleSet:
    """A rule set from JSON text (duplicate keys are an error: JSON objects are ordered here).

    >>> parse_rules_text('[{"condition": {"a": 1}, "condition": {}}]', source="x.json")
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: x.json: duplicate key 'condition' (to test one ...
    """
    return load_rules(_decode(text, source), library=library, source=source, given=given)


# --- overlays --------------------------------------------------------------------------------

_REMOVE = "@remove"


class _Overlay:
    """Lays documents over one another, remembering which file each path came from."""

    def __init__(self) -> None:
        self.origins: dict[tuple[Any, ...], str] = {}

    def origin(self, path: tuple[Any, ...]) -> str:
        for end in range(len(path), -1, -1):
            found = self.origins.get(path[:end])
            if found is not None:
                return found
        return ""

    def lay(self, base: Any, top: Any, path: tuple[Any, ...], source: str) -> Any:
        if isinstance(base, dict) and isinstance(top, dict):
            merged = dict(base)
            for key, value in top.items():
                here = (*path, key)
                if value == _REMOVE:
                    merged.pop(key, None)
                elif key in merged:
                    merged[key] = self.lay(merged[key], value, here, source)
                else:
                    merged[key] = value
                    self.origins[here] = source
            return merged
        if not path and isinstance(base, list) and isinstance(top, list):
            start = len(base)
            for index in range(len(top)):
                self.origins[(start + index,)] = source
            return [*base, *top]
        if isinstance(base, dict) != isinstance(top, dict) or (
            not path and isinstance(base, list) != isinstance(top, list)
        ):
            earlier = self.origin(path) or "an earlier file"
            raise RuleSyntaxError(
                f"overlay conflict: {_kind(top)} over the {_kind(base)} from {earlier}",
                source=source,
                path=json_path(path),
            )
        self.origins[path] = source
        return top

    def load(self, path: Path, merged: Any, seen: tuple[Path, ...]) -> Any:
        source = str(path)
        resolved = path.resolve()
        if resolved in seen:
            chain = " -> ".join(str(p) for p in (*seen, resolved))
            raise RuleSyntaxError(f"@include cycle: {chain}", source=source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise RuleSyntaxError(f"cannot read the file: {exc.strerror}", source=source) from None
        except UnicodeDecodeError:
            raise RuleSyntaxError("expected UTF-8 JSON text", source=source) from None
        document = _decode(text, source)
        if isinstance(document, dict) and "@include" in document:
            names = document.pop("@include")
            if isinstance(names, str):
                names = [names]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise RuleSyntaxError(
                    f"@include expects a file name or a list of them, found {names!r}",
                    source=source,
                    path="$.@include",
                )
            for name in names:
                merged = self.load(path.parent / name, merged, (*seen, resolved))
        if merged is None:
            self.origins[()] = source
            return document
        return self.lay(merged, document, (), source)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "value"


def load_rule_files(
    *paths: str | Path, library: Library = BUILTINS, given: Sequence[str] = ()
) -> RuleSet:
    """A rule set from one or more JSON files laid over one another in order (see the module
    docstring for the merge rules and ``@include``); errors name the file each part came from.
    """
    if not paths:
        raise RuleSyntaxError("expected at least one rule file")
    overlay = _Overlay()
    merged: Any = None
    for path in paths:
        merged = overlay.load(Path(path), merged, ())
    parsed = parse_rules(merged, library=library, origin=overlay.origin, bound=tuple(given))
    return _build(parsed, library, tuple(given))


def export_rule_set(rules: RuleSet) -> Any:
    """The JSON document of a rule set (overlays and includes resolved); loading it again
    gives an equal rule set.

    >>> export_rule_set(load_rules([{"condition": {"x": "$X"}, "first": True}]))
    [{'condition': {'x': '$X'}, 'first': True}]
    """
    return m.export_rules(rules.rules)


_UNMADE: Any = object()

# --- running ---------------------------------------------------------------------------------


def _start(
    rules: RuleSet,
    bindings: Mapping[str, Any] | None,
    log: bool | None,
    max_steps: int,
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
    call = Call(
        functions=rules.library.functions,
        types=rules.library.types,
        compiled=rules.compiled if compiled else None,
        inner_logs=rules.inner_logs,
        max_steps=max_steps,
        tracing=tracing,
    )
    return call, env


def apply(
    rules: RuleSet,
    state: Any,
    *,
    bindings: Mapping[str, Any] | None = None,
    log: bool | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    compiled: bool = True,
) -> tuple[Any, Trace]:
    """Apply the rules in order to *state*: ``(new state, trace)``; *state* is untouched.

    *log*: None traces what the rules mark with ``"@log": true``; True traces every
    rule (except below ``"@log": false``); False traces nothing.  *compiled* False runs the
    interpreter only (the reference; slower).

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
    max_steps: int = DEFAULT_MAX_STEPS,
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
    max_steps: int = DEFAULT_MAX_STEPS,
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
            try:
                fast_query = compile_values_query(
                    rules.rules, rules.compiled, name, rules.given, rules.library
                )
            except KeyError:
                fast_query = None  # some rule cannot bind $name: the slow path says which
            rules.value_queries[name] = fast_query
        if fast_query is not None:
            fast: dict[Any, None] = {}
            try:
                fast_query(state, bindings or {}, fast, max_steps)
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
