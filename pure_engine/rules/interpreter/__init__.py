"""The interpreter: the reference engine, which runs a rule set by walking its loaded form.

It is the reference the compiled code (:mod:`pure_engine.rules.compiler`) is
tested against, the engine behind ``@log`` (it writes the trace), the locator
of runtime errors (it knows the JSON path of every line) and what
``compiled=False`` runs alone.

* :mod:`~pure_engine.rules.interpreter.scope`: what one rule's run needs, and how
  values and paths are shown;
* :mod:`~pure_engine.rules.interpreter.matching`: the instantiations of a condition;
* :mod:`~pure_engine.rules.interpreter.actions`: an action written into a new state.
"""

from pure_engine.rules.interpreter.actions import ApplyRules, act, build
from pure_engine.rules.interpreter.matching import match_rule
from pure_engine.rules.interpreter.scope import Env, RuleScope, format_path, same

__all__ = ["ApplyRules", "Env", "RuleScope", "act", "build", "format_path", "match_rule", "same"]
