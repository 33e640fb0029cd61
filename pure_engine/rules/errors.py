"""The errors the rule engine raises: every one names the file and the JSON path.

>>> str(RuleSyntaxError("unknown keyword '@foo'", source="legal.json", path="$.follow.condition"))
"legal.json: $.follow.condition: unknown keyword '@foo'"
>>> issubclass(RuleSyntaxError, ValueError), issubclass(StepLimitError, RuleError)
(True, True)
"""

from __future__ import annotations

from pure_engine.errors import ParseError, PureEngineError

__all__ = [
    "OutOfStepsError",
    "RuleError",
    "RuleRuntimeError",
    "RuleSyntaxError",
    "StepLimitError",
    "printable",
]


def printable(text: str) -> str:
    r"""*text* with every control character (but the line break) escaped, so that nothing a
    rule file holds can move the cursor, recolour or retitle a terminal.

    >>> printable("rule '\x1b[2Jx'\nnext")
    "rule '\\x1b[2Jx'\nnext"
    """
    return "\n".join(
        "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in line)
        for line in text.split("\n")
    )


class RuleError(PureEngineError, ValueError):
    """Root of the rule engine's errors; ``source`` is the file, ``path`` the JSON path.
    The message is one line of printable text (control characters escaped)."""

    def __init__(self, message: str, *, source: str = "", path: str = "") -> None:
        where = ": ".join(part for part in (source, path) if part)
        text = f"{where}: {message}" if where else message
        super().__init__(printable(" ".join(text.split("\n"))))
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
    """A rule set did more work in one call than its budget of ``max_steps`` steps (rule
    attempts, firings, candidates tried, values built: see :mod:`pure_engine.rules.limits`)."""

    @classmethod
    def at(cls, max_steps: int, rule: str, source: str, path: str) -> StepLimitError:
        """The error for a call that ran out of steps in the rule *rule* (at *path* of
        *source*): the same words from the interpreter and the compiled code."""
        return cls(
            f"more than {max_steps} steps (rule attempts, firings, candidates tried and "
            f"values built; Limits.max_steps); stopped in rule {rule!r}",
            source=source,
            path=path,
        )


class OutOfStepsError(Exception):
    """A fast path ran out of steps (not a RuleError: the caller re-runs the slow path, which
    raises the located :class:`StepLimitError`)."""
