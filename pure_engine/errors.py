"""The exceptions pure_engine raises.

Every error derives from :class:`PureEngineError`, and each also inherits the
fitting built-in so callers may catch ``ValueError`` where that is natural.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CycleDetectedError",
    "IllegalActionError",
    "NoEncodingError",
    "ParseError",
    "PureEngineError",
    "RecordError",
    "TriggerDepthError",
    "UnknownGameError",
]


class PureEngineError(Exception):
    """Root of every error raised by pure_engine."""


class IllegalActionError(PureEngineError, ValueError):
    """An action that is not legal in the given state was played with a checked call."""


class ParseError(PureEngineError, ValueError):
    """Untrusted text (an action, a deal, an input file, JSON) could not be parsed.

    ``where`` names the place: a file and line, a JSON path, a byte offset.

    >>> str(ParseError("expected a card, found 'ZZ'", where="deal.txt:3"))
    "deal.txt:3: expected a card, found 'ZZ'"
    """

    def __init__(self, message: str, *, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class RecordError(ParseError):
    """A game record is corrupt, truncated, or does not replay to what it claims."""


class UnknownGameError(PureEngineError, KeyError):
    """``load_game`` was asked for a name that no game is registered under."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class CycleDetectedError(PureEngineError, RuntimeError):
    """A rule set without a loop rule revisited a state: play would never end."""


class NoEncodingError(PureEngineError, TypeError):
    """A game without an :class:`~pure_engine.core.encoding.Encoding` was given to a tensor
    adapter (PettingZoo, Gymnasium, OpenSpiel)."""


class TriggerDepthError(PureEngineError, RuntimeError):
    """Card programs nested deeper than the rules allow (a trigger loop, or a card calling
    itself): raised by the card kit's interpreter (:mod:`pure_engine.cards.runtime.vm`)."""
