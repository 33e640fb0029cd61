"""Closed sets as enums, parsed once at the boundary.

A closed set of names (search verdicts, pruning modes, patience build
policies, ...) is a :class:`~enum.StrEnum`: its members compare equal to their
string values, so JSON output and string comparisons keep working, while the
code inside works with typed members and dispatches with ``match`` ending in
``assert_never``.  :func:`parse_enum` is the boundary: it turns user input (a
member or its text) into a member, or raises one clear ``ValueError``.

>>> from enum import StrEnum
>>> class Suit(StrEnum):
...     CLUBS = "clubs"
...     SPADES = "spades"
>>> parse_enum(Suit, "spades", what="suit") is Suit.SPADES
True
>>> parse_enum(Suit, "hearts", what="suit")
Traceback (most recent call last):
...
ValueError: expected a suit, one of 'clubs', 'spades', found 'hearts'
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

__all__ = ["parse_enum"]

E = TypeVar("E", bound=StrEnum)


def parse_enum(kind: type[E], value: object, *, what: str) -> E:
    """*value* (a member of *kind* or its string value) as a member of *kind*.

    Raises ``ValueError`` naming *what* was expected, the choices, and what was found.
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    choices = ", ".join(repr(member.value) for member in kind)
    raise ValueError(f"expected {_article(what)} {what}, one of {choices}, found {value!r}")


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
