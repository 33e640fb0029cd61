"""Check a rule set without the game it was written for: every name it calls or types with
is taken on trust (and listed), everything else is checked as a load checks it.

A game's rule files name the game's functions and types (``suit($C)``,
``$C:card``); a reader who has the files but not the game still wants to know
that they load: the JSON, the keywords, the expressions, the variables, the
limits, and that the compiler takes every rule.  :func:`check_rule_files` loads
them with a stand-in for each name the library does not know, and says which.

>>> import json, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "r.json").write_text(json.dumps(
...     {"follow": {"condition": {"hand": {"$I": "$C:card"}, "_": "suit($C) == 1"}}}))
>>> report = check_rule_files(folder / "r.json")
>>> [rule.name for rule in report.rules.rules.rules], report.functions, report.types
(['follow'], ('suit',), ('card',))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pure_engine.rules.library import BUILTINS, Library
from pure_engine.rules.limits import DEFAULT_LIMITS, Limits
from pure_engine.rules.ruleset import RuleSet, load_rule_files

__all__ = ["CheckReport", "check_rule_files"]


class _Trusting(Mapping[str, Any]):
    """A library mapping that knows every name: the real entry, or *stand_in* (recorded)."""

    def __init__(self, known: Mapping[str, Any], stand_in: Callable[..., Any]) -> None:
        self.known = known
        self.stand_in = stand_in
        self.trusted: dict[str, None] = {}

    def __getitem__(self, name: str) -> Any:
        if name in self.known:
            return self.known[name]
        self.trusted[name] = None
        return self.stand_in

    def __contains__(self, name: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.known)

    def __len__(self) -> int:
        return len(self.known)


def _any_function(*args: Any) -> None:
    return None


def _any_value(value: Any) -> bool:
    return True


@dataclass(frozen=True)
class CheckReport:
    """What a check found: the rule set (loaded and compiled with stand-ins) and the names
    taken on trust, in the order first met."""

    rules: RuleSet
    functions: tuple[str, ...]
    types: tuple[str, ...]


def check_rule_files(
    *paths: str | Path,
    library: Library = BUILTINS,
    given: Sequence[str] = (),
    include_root: str | Path | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> CheckReport:
    """Load *paths* as :func:`~pure_engine.rules.load_rule_files` does, except that a
    function or type *library* does not know is taken on trust (any number of arguments;
    every value has the type) and listed in the report."""
    functions = _Trusting(library.functions, _any_function)
    types = _Trusting(library.types, _any_value)
    trusting = Library(functions=functions, types=types)
    load_rule_files(*paths, library=trusting, given=given, include_root=include_root, limits=limits)
    stand_ins = library.extend(
        functions=dict.fromkeys(functions.trusted, _any_function),
        types=dict.fromkeys(types.trusted, _any_value),
    )
    rules = load_rule_files(
        *paths, library=stand_ins, given=given, include_root=include_root, limits=limits
    )
    return CheckReport(rules, tuple(functions.trusted), tuple(types.trusted))
