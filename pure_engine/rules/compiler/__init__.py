"""The compiled back ends: a loaded rule set turned into plain Python functions, once.

* :mod:`~pure_engine.rules.compiler.rules`: each rule becomes a generator (its
  condition) and a function (its action) — what the driver runs untraced;
* :mod:`~pure_engine.rules.compiler.fused`: a whole rule set fused into one
  function collecting the values of one variable (``query_values``);
* :mod:`~pure_engine.rules.compiler.conditions` and
  :mod:`~pure_engine.rules.compiler.actions`: the code of templates;
* :mod:`~pure_engine.rules.compiler.emitter`: names, constants and expressions in
  generated source; :mod:`~pure_engine.rules.compiler.runtime`: what that code calls.

The semantics are the interpreter's (:mod:`pure_engine.rules.interpreter`), and the
test suite checks the two agree on random rule sets and states.
"""

from pure_engine.rules.compiler.fused import ValuesQuery, compile_values_query, fused_source
from pure_engine.rules.compiler.rules import CompiledRule, compile_rules, rule_source

__all__ = [
    "CompiledRule",
    "ValuesQuery",
    "compile_rules",
    "compile_values_query",
    "fused_source",
    "rule_source",
]
