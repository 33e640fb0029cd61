"""The names of :func:`~pure_engine.testing.check.check_game`'s checks: one closed set.

:class:`Check` is a ``StrEnum``: a member equals its text, so ``checks={"key"}``,
``error.check == "purity"`` and JSON keep working, while the code inside works
with typed members (a misspelt name is a mypy error there, and a ``ValueError``
at the boundary, where :func:`parse_checks` reads what a user passed).

Per-state code tests a check many times a state; it reads the members through
:class:`Checks`, a plain class of ``Final`` aliases, because reading a member off
an enum class goes through the enum's slow attribute hook on Python 3.11 (see
docs/design.md, "Enums on hot paths").

>>> Check.KEY == "key"
True
>>> sorted(parse_checks({"key", Check.PURITY}))
[<Check.KEY: 'key'>, <Check.PURITY: 'purity'>]
>>> parse_checks({"purty"})
Traceback (most recent call last):
...
ValueError: unknown checks ['purty']; known: purity, determinism, global_random, legal_actions, \
illegal_actions, chance, sampler, key, notation, record, returns, length, observation, \
resample, invariants, cross_process
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum
from typing import Final

__all__ = ["ALL_CHECKS", "FAST_CHECKS", "Check", "Checks", "parse_checks"]


class Check(StrEnum):
    """A check of the battery, or what else a failure can be named after."""

    PURITY = "purity"
    DETERMINISM = "determinism"
    GLOBAL_RANDOM = "global_random"
    LEGAL_ACTIONS = "legal_actions"
    ILLEGAL_ACTIONS = "illegal_actions"
    CHANCE = "chance"
    SAMPLER = "sampler"
    KEY = "key"
    NOTATION = "notation"
    RECORD = "record"
    RETURNS = "returns"
    LENGTH = "length"
    OBSERVATION = "observation"
    RESAMPLE = "resample"
    INVARIANTS = "invariants"
    CROSS_PROCESS = "cross_process"
    NO_CRASH = "no_crash"
    """Not a check one turns on: a game function raised while another check ran."""
    ENCODING = "encoding"
    """The check of :func:`~pure_engine.testing.check_encoding.check_encoding`."""


class Checks:
    """The members as plain class attributes (``Final`` aliases), for per-state code."""

    PURITY: Final = Check.PURITY
    DETERMINISM: Final = Check.DETERMINISM
    GLOBAL_RANDOM: Final = Check.GLOBAL_RANDOM
    LEGAL_ACTIONS: Final = Check.LEGAL_ACTIONS
    ILLEGAL_ACTIONS: Final = Check.ILLEGAL_ACTIONS
    CHANCE: Final = Check.CHANCE
    SAMPLER: Final = Check.SAMPLER
    KEY: Final = Check.KEY
    NOTATION: Final = Check.NOTATION
    RECORD: Final = Check.RECORD
    RETURNS: Final = Check.RETURNS
    LENGTH: Final = Check.LENGTH
    OBSERVATION: Final = Check.OBSERVATION
    RESAMPLE: Final = Check.RESAMPLE
    INVARIANTS: Final = Check.INVARIANTS
    CROSS_PROCESS: Final = Check.CROSS_PROCESS
    NO_CRASH: Final = Check.NO_CRASH


ALL_CHECKS: tuple[Check, ...] = tuple(
    check for check in Check if check not in (Check.NO_CRASH, Check.ENCODING)
)
"""Every check :func:`~pure_engine.testing.check.check_game` knows, in the order a state
meets them."""

FAST_CHECKS: tuple[Check, ...] = tuple(c for c in ALL_CHECKS if c is not Check.CROSS_PROCESS)
"""All checks but the one that starts a fresh interpreter."""


def parse_checks(checks: Collection[Check | str]) -> frozenset[Check]:
    """The checks named by *checks* (members or their text), refusing unknown names."""
    known = {check.value: check for check in ALL_CHECKS}
    unknown = sorted(str(name) for name in checks if name not in known)
    if unknown:
        raise ValueError(f"unknown checks {unknown}; known: {', '.join(ALL_CHECKS)}")
    return frozenset(known[str(name)] for name in checks)
