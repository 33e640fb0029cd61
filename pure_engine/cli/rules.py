"""``pure-engine rules (trace|query|check) RULES.json... [STATE.json]``: debug a rule set.

``pure-engine rules trace RULES.json STATE.json``: the last file is the state when
``--state`` is not given (trace and query take at least two files then).

* ``trace RULES... --state STATE`` applies the rules to the state and prints the
  hierarchical trace (every rule traced, except below ``"@log": false``; ``--marked``
  traces only what the rules mark), then the changed state with ``--show-state``;
* ``query RULES... --state STATE`` prints each instantiation, one per line;
* ``check RULES...`` loads and validates, printing the rule names.

Several rule files are laid over one another in order.  ``--library module:NAME``
loads the functions and types a game's rules need (``pure_engine.games.belote.belote:LIBRARY``).
``--bind X=JSON`` gives a value to a variable the rule set declares as given.
Bad input is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from pure_engine.errors import ParseError
from pure_engine.rules import (
    BUILTINS,
    Library,
    RuleSet,
    apply,
    format_trace,
    from_json,
    load_rule_files,
    query,
    to_json,
)

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ACTION RULES... [--state FILE] [--library M:NAME] [--bind X=V] [--json]``."""
    parser.add_argument("action", choices=("trace", "query", "check"), help="what to do")
    parser.add_argument("rules", nargs="+", help="rule JSON files, laid over one another")
    parser.add_argument("--state", metavar="FILE", help="the state as a JSON file")
    parser.add_argument("--library", metavar="MODULE:NAME", help="a Library of functions/types")
    parser.add_argument(
        "--bind", action="append", default=[], metavar="X=JSON", help="a given variable"
    )
    parser.add_argument("--marked", action="store_true", help="trace only what has @log: true")
    parser.add_argument("--show-state", action="store_true", help="also print the new state")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


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
        if not sep or not name.isidentifier():
            raise ParseError(f"expected --bind X=JSON, found {pair!r}")
        try:
            out[name] = from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            message = f"--bind {name}: expected a JSON value, found {text!r} ({exc.msg})"
            raise ParseError(message) from None
    return out


def _state(path: str | None) -> Any:
    if path is None:
        raise ParseError("expected --state FILE (the state as JSON)")
    try:
        return from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"line {exc.lineno} column {exc.colno}: malformed JSON: {exc.msg}", where=path
        ) from None


def run(args: argparse.Namespace) -> int:
    """Load, then trace, query or check; 0 when done, 2 on bad input (raised)."""
    bindings = _bindings(args.bind)
    rule_files, state_path = list(args.rules), args.state
    if args.action != "check" and state_path is None:
        if len(rule_files) < 2:
            raise ParseError("expected RULES.json... STATE.json, or --state FILE")
        state_path = rule_files.pop()
    rules: RuleSet = load_rule_files(
        *rule_files, library=_library(args.library), given=tuple(bindings)
    )
    if args.action == "check":
        names = [rule.name for rule in rules.rules.rules]
        print(
            json.dumps({"rules": names})
            if args.json
            else f"ok: {len(names)} rules: {', '.join(names)}"
        )
        return 0
    state = _state(state_path)
    if args.action == "query":
        found, _ = query(rules, state, bindings=bindings)
        if args.json:
            print(
                json.dumps([{"rule": i.rule, "bindings": to_json(dict(i.bindings))} for i in found])
            )
        else:
            for instance in found:
                shown = ", ".join(f"${k} = {v!r}" for k, v in instance.bindings.items())
                print(f"{instance.rule}: {shown}")
            print(f"{len(found)} instantiations")
        return 0
    new, trace = apply(rules, state, bindings=bindings, log=None if args.marked else True)
    if args.json:
        out: dict[str, Any] = {"trace": trace.to_json()}
        if args.show_state:
            out["state"] = to_json(new)
        print(json.dumps(out))
        return 0
    print(format_trace(trace) if trace else "(nothing traced)")
    if args.show_state:
        print(json.dumps(to_json(new), indent=2, sort_keys=True))
    return 0
