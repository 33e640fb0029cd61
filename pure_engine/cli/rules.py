"""``pure-engine rules (trace|query|check) RULES.json... [STATE.json]``: debug a rule set.

``pure-engine rules trace RULES.json STATE.json``: the last file is the state when
``--state`` is not given (trace and query take at least two files then).

* ``trace RULES... --state STATE`` applies the rules to the state and prints the
  hierarchical trace of every rule considered — those that fired, those without an
  action that held (and for which instantiations), those that did not, and why —
  then a summary line (``--marked`` traces only what the rules mark with ``@log``),
  and the changed state with ``--show-state``;
* ``query RULES... --state STATE`` prints each instantiation, one per line;
* ``check RULES...`` loads and validates, printing the rule names; without
  ``--library`` the functions and types the rules name are taken on trust and listed.

Several rule files are laid over one another in order; an ``@include`` resolves inside
the folder of the file naming it (``--include-root DIR`` widens that).
``--library module:NAME`` loads the functions and types a game's rules need
(``pure_engine.games.belote.play:LIBRARY``).  ``--bind X=JSON`` gives a value to a
variable the rule set declares as given.  Bad input is one line on stderr and exit 2;
nothing printed carries a control character from a file.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
from pathlib import Path
from typing import Any

from pure_engine.errors import ParseError
from pure_engine.rules import (
    BUILTINS,
    Library,
    RuleSet,
    RuleSyntaxError,
    Trace,
    TraceKind,
    TraceNode,
    apply,
    format_trace,
    from_json,
    load_rule_files,
    query,
    to_json,
)
from pure_engine.rules.checking import check_rule_files
from pure_engine.rules.errors import printable
from pure_engine.rules.limits import DEFAULT_LIMITS

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ACTION RULES... [--state FILE] [--library M:NAME] [--bind X=V] [--json]``."""
    parser.add_argument("action", choices=("trace", "query", "check"), help="what to do")
    parser.add_argument("rules", nargs="+", help="rule JSON files, laid over one another")
    parser.add_argument("--state", metavar="FILE", help="the state as a JSON file")
    parser.add_argument("--library", metavar="MODULE:NAME", help="a Library of functions/types")
    parser.add_argument(
        "--include-root", metavar="DIR", help="the folder @include may read from (default: "
        "the folder of each rule file named)"
    )  # fmt: skip
    parser.add_argument(
        "--bind", action="append", default=[], metavar="X=JSON", help="a given variable"
    )
    parser.add_argument("--marked", action="store_true", help="trace only what has @log: true")
    parser.add_argument("--show-state", action="store_true", help="also print the new state")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def _say(text: str) -> None:
    print(printable(text))


def _library(spec: str | None) -> Library:
    if spec is None:
        return BUILTINS
    module_name, _, attribute = spec.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), attribute or "LIBRARY")
    except (ImportError, AttributeError) as exc:
        raise ParseError(
            f"expected MODULE:NAME of a rules Library, found {spec!r} ({exc})"
        ) from None
    if not isinstance(found, Library):
        raise ParseError(f"expected a rules Library at {spec!r}, found {type(found).__name__}")
    return found


def _bindings(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip().lstrip("$")
        if not sep or not name.isidentifier() or not name.isascii():
            raise ParseError(f"expected --bind X=JSON, found {pair!r}")
        try:
            out[name] = from_json(json.loads(text))
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            message = f"--bind {name}: expected a JSON value, found {text[:60]!r}"
            raise ParseError(f"{message} ({getattr(exc, 'msg', 'too deep or too long')})") from None
    return out


def _state(path: str | None) -> Any:
    if path is None:
        raise ParseError("expected --state FILE (the state as JSON)")
    size = Path(path).stat().st_size
    if size > DEFAULT_LIMITS.max_total_bytes:
        raise ParseError(
            f"a state of {size} bytes; at most {DEFAULT_LIMITS.max_total_bytes}", where=path
        )
    try:
        return from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"line {exc.lineno} column {exc.colno}: malformed JSON: {exc.msg}", where=path
        ) from None
    except RecursionError:
        raise ParseError("malformed JSON: nested too deep to read", where=path) from None
    except UnicodeDecodeError as exc:
        found = f"byte {exc.object[exc.start]:#04x} at {exc.start}"
        raise ParseError(f"expected UTF-8 JSON text, found {found}", where=path) from None


def _load(args: argparse.Namespace, files: list[str], given: tuple[str, ...]) -> RuleSet:
    try:
        return load_rule_files(
            *files, library=_library(args.library), given=given, include_root=args.include_root
        )
    except RuleSyntaxError as exc:
        if args.library is None and exc.message.startswith(("unknown type", "unknown function")):
            hint = "the rules name a game's functions and types: give --library MODULE:NAME"
            raise RuleSyntaxError(
                f"{exc.message}; {hint}", source=exc.source, path=exc.path
            ) from None
        raise


def _check(args: argparse.Namespace, files: list[str], given: tuple[str, ...]) -> int:
    report = check_rule_files(
        *files, library=_library(args.library), given=given, include_root=args.include_root
    )
    names = [rule.name for rule in report.rules.rules.rules]
    if args.json:
        shown = {"rules": names, "unchecked": {"functions": list(report.functions),
                                               "types": list(report.types)}}  # fmt: skip
        _say(json.dumps(shown))
        return 0
    _say(f"ok: {len(names)} rules: {', '.join(names)}")
    if report.functions or report.types:
        parts = [f"{kind} {', '.join(found)}" for kind, found in
                 (("functions", report.functions), ("types", report.types)) if found]  # fmt: skip
        _say(f"taken on trust (give --library MODULE:NAME to check them): {'; '.join(parts)}")
    return 0


_RULE_NAME = re.compile(r"rule ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def summary(trace: Trace) -> str:
    """One line saying which rules the trace shows firing, holding (no action) or not.

    >>> node = TraceNode(TraceKind.RULE, "rule 'a' (- $.a)", (
    ...     TraceNode(TraceKind.FIRE, "fire: $X = 1", ()),))
    >>> summary(Trace((node, TraceNode(TraceKind.RULE, "rule 'b' (- $.b)", ()))))
    'considered 2 rules: fired a; did not fire or hold b'
    """
    groups: dict[str, list[str]] = {"fired": [], "held (no action)": [], "did not fire or hold": []}
    count = 0

    def visit(node: TraceNode) -> None:
        nonlocal count
        if node.kind is TraceKind.RULE:
            count += 1
            found = _RULE_NAME.match(node.text)
            name = found.group(1)[1:-1] if found else node.text
            if any(below.kind is TraceKind.FIRE for below in node.children):
                group = "fired"
            elif any(below.text.startswith("holds:") for below in node.children):
                group = "held (no action)"
            else:
                group = "did not fire or hold"
            if name not in groups[group]:
                groups[group].append(name)
        for below in node.children:
            visit(below)

    for node in trace.nodes:
        visit(node)
    parts = [f"{group} {', '.join(names)}" for group, names in groups.items() if names]
    return f"considered {count} rule{'s' if count != 1 else ''}: {'; '.join(parts)}"


def run(args: argparse.Namespace) -> int:
    """Load, then trace, query or check; 0 when done, 2 on bad input (raised)."""
    bindings = _bindings(args.bind)
    rule_files, state_path = list(args.rules), args.state
    if args.action == "check":
        return _check(args, rule_files, tuple(bindings))
    if state_path is None:
        if len(rule_files) < 2:
            raise ParseError("expected RULES.json... STATE.json, or --state FILE")
        state_path = rule_files.pop()
    rules = _load(args, rule_files, tuple(bindings))
    state = _state(state_path)
    if args.action == "query":
        found, _ = query(rules, state, bindings=bindings)
        if args.json:
            _say(
                json.dumps([{"rule": i.rule, "bindings": to_json(dict(i.bindings))} for i in found])
            )
        else:
            for instance in found:
                shown = ", ".join(f"${k} = {v!r}" for k, v in instance.bindings.items())
                _say(f"{instance.rule}: {shown}")
            _say(f"{len(found)} instantiations")
        return 0
    new, trace = apply(rules, state, bindings=bindings, log=None if args.marked else True)
    if args.json:
        out: dict[str, Any] = {"trace": trace.to_json()}
        if args.show_state:
            out["state"] = to_json(new)
        _say(json.dumps(out))
        return 0
    _say(format_trace(trace) if trace else "(nothing traced)")
    if trace:
        _say(summary(trace))
    if args.show_state:
        _say(json.dumps(to_json(new), indent=2, sort_keys=True))
    return 0
