"""The errors the rule engine raises: every one names the file and the JSON path.

>>> str(RuleSyntaxError("unknown keyword '@foo'", source="legal.json", path="$.follow.condition"))
"legal.json: $.follow.condition: unknown keyword '@foo'"
>>> issubclass(RuleSyntaxError, ValueError), issubclass(StepLimitError, RuleError)
(True, True)
"""

from __future__ import annotations

from pure_engine.errors import ParseError, PureEngineError

__all__ = ["OutOfStepsError", "RuleError", "RuleRuntimeError", "RuleSyntaxError", "StepLimitError"]


class RuleError(PureEngineError, ValueError):
    """Root of the rule engine's errors; ``source`` is the file, ``path`` the JSON path."""

    def __init__(self, message: str, *, source: str = "", path: str = "") -> None:
        where = ": ".join(part for part in (source, path) if part)
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.source = source
        self.path = path
        self.where = where or None


class RuleSyntaxError(RuleError, ParseError):
    """A rule set could not be loaded: bad JSON, an unknown keyword, a malformed expression,
    an unbound variable, an unknown type or function, an overlay conflict, an include cycle."""


class RuleRuntimeError(RuleError):
    """A rule failed while it ran (a comparison of a number with a string, a write into a
    scalar, a registered function that raised ...).  The state given to ``apply`` is intact."""


class StepLimitError(RuleRuntimeError):
    """A rule set did more than ``max_steps`` rule attempts and firings in one call."""


class OutOfStepsError(Exception):
    """A fast path ran out of steps (not a RuleError: the caller re-runs the slow path, which
    raises the located :class:`StepLimitError`)."""
