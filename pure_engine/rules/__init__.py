"""A JSON rule engine over immutable states (seed 001's "Logrus"); it knows no game.

Rules are JSON tree templates with ``$variables``, matched against the state
seen as a tree (structs, maps, sequences, sets) with backtracking; their
actions are templates written back into a *new* state.  A rule set is
validated and compiled once; :func:`apply`, :func:`query` and
:func:`query_values` run it.  See docs/rules.md.

The engine by stage, in the order a rule set goes through it:

1. :mod:`~pure_engine.rules.parsing` reads JSON (files, overlays, ``@include``)
   into the loaded form, :mod:`~pure_engine.rules.model`, checking everything;
2. :mod:`~pure_engine.rules.expressions` parses expressions into small trees and
   evaluates them;
3. :mod:`~pure_engine.rules.interpreter` runs the loaded form by walking it: the
   reference, and the engine behind traces;
4. :mod:`~pure_engine.rules.compiler` turns it into Python functions once: the fast
   back ends;
5. :mod:`~pure_engine.rules.driver` runs rule lists with either engine, and
   :mod:`~pure_engine.rules.ruleset` is the entry point (load, apply, query).

Shared by all: :mod:`~pure_engine.rules.tree` (the state seen as a tree),
:mod:`~pure_engine.rules.library` (the functions and types rules name),
:mod:`~pure_engine.rules.trace` and :mod:`~pure_engine.rules.errors`.

>>> rules = load_rules([{"condition": {"player": {"$X": {"gold": "<20"}}},
...                      "action": {"player": {"$X": {"gold": "$this + 10"}}}}])
>>> state = {"player": {"ann": {"gold": 5}, "bob": {"gold": 40}}}
>>> new, _ = apply(rules, state)
>>> new["player"]["ann"]["gold"], state["player"]["ann"]["gold"]
(15, 5)
"""

from pure_engine.rules.errors import RuleError, RuleRuntimeError, RuleSyntaxError, StepLimitError
from pure_engine.rules.library import BUILTINS, Library
from pure_engine.rules.ruleset import (
    DEFAULT_MAX_STEPS,
    Instance,
    RuleSet,
    apply,
    export_rule_set,
    load_rule_files,
    load_rules,
    parse_rules_text,
    query,
    query_values,
)
from pure_engine.rules.trace import Trace, TraceKind, TraceNode, format_trace
from pure_engine.rules.tree import from_json, to_json

__all__ = [
    "BUILTINS",
    "DEFAULT_MAX_STEPS",
    "Instance",
    "Library",
    "RuleError",
    "RuleRuntimeError",
    "RuleSet",
    "RuleSyntaxError",
    "StepLimitError",
    "Trace",
    "TraceKind",
    "TraceNode",
    "apply",
    "export_rule_set",
    "format_trace",
    "from_json",
    "load_rule_files",
    "load_rules",
    "parse_rules_text",
    "query",
    "query_values",
    "to_json",
]
