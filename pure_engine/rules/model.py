"""The loaded form of a rule set: immutable structs, what every stage after parsing reads.

:mod:`pure_engine.rules.parsing` builds these from JSON (validating as it goes),
the interpreter (:mod:`pure_engine.rules.interpreter`) walks them, the compiler
(:mod:`pure_engine.rules.compiler`) turns them into Python, and
:func:`~pure_engine.rules.parsing.export.export_rules` writes them back.  Every
node keeps the JSON key it was written under, so an export reproduces the
document (expressions in their canonical spelling) and importing the export
gives an equal structure.

Whether a variable mention binds or tests is decided at load time (the first
mention in matching order binds) and recorded in ``binds``.
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.struct import Struct

__all__ = [
    "ActionTemplate",
    "ArrayTemplate",
    "ArrayValue",
    "CalcLine",
    "Const",
    "KeyLine",
    "LeafAssign",
    "LeafCompare",
    "LeafEqual",
    "LeafTest",
    "LeafVar",
    "Literal",
    "MapValue",
    "NotLine",
    "ObjectTemplate",
    "ParentEntry",
    "ParentLine",
    "PathEntry",
    "PathKey",
    "PathLine",
    "PathVar",
    "Remove",
    "Rule",
    "RuleList",
    "RulesEntry",
    "SetEntry",
    "SetValue",
    "VarEntry",
    "VarLine",
]


# --- condition templates ---------------------------------------------------------------------


class Literal(Struct):
    """A leaf that must equal *value* (``true``/``false`` never match ``1``/``0``)."""

    value: Any


class LeafCompare(Struct):
    """``"<20"``, ``">= $X * 10"``: ``$this op expr``."""

    op: str
    expr: Any


class LeafVar(Struct):
    """``"$NAME"`` or ``"$NAME:type"``: binds the node's value, or tests equality if bound."""

    name: str
    type: str | None
    binds: bool


class LeafAssign(Struct):
    """``"$X = 3 + $this"``: binds ``$X`` to the value, or tests equality if bound."""

    name: str
    type: str | None
    expr: Any
    binds: bool


class LeafTest(Struct):
    """``"$this > 3 and $this < 9"``: a boolean expression that must hold."""

    expr: Any


class LeafEqual(Struct):
    """``"$A + 1"``: the node's value must equal the expression's."""

    expr: Any


class ArrayTemplate(Struct):
    """A JSON array in a condition: a sequence of exactly this length, element by element."""

    items: tuple[Any, ...]


class ObjectTemplate(Struct):
    """A JSON object in a condition: its lines, tried in order, with backtracking."""

    lines: tuple[Any, ...]
    log: bool | None = None


class KeyLine(Struct):
    """``"gold": ...`` (or ``"gold@cnt"``, re-entering ``gold``): the child must exist."""

    key: str
    name: str
    number: int | None
    sub: Any


class VarLine(Struct):
    """``"$X": ...``: every child (binding ``$X`` to its key), or the child at ``$X`` if bound."""

    key: str
    name: str
    type: str | None
    binds: bool
    sub: Any


class CalcLine(Struct):
    """``"_": "$SUM = $A + $B"`` or ``"_@check": "$SUM < 20"``: arithmetic on no node."""

    key: str
    name: str | None
    type: str | None
    binds: bool
    expr: Any


class ParentLine(Struct):
    """``"@parent": ...``: the template is matched against the parent node."""

    key: str
    sub: Any


class PathKey(Struct):
    """A literal step of an ``@path``."""

    name: str
    number: int | None


class PathVar(Struct):
    """A ``$VAR`` step of an ``@path``: every child if unbound, the child at its value if bound."""

    name: str
    type: str | None
    binds: bool


class PathLine(Struct):
    """``"@path": {"/players/$P/hand": ...}``: a template matched at a path from the root."""

    key: str
    text: str
    steps: tuple[Any, ...]
    sub: Any


class NotLine(Struct):
    """``"@not": {...}``: holds when the template has no instantiation; binds nothing."""

    key: str
    sub: Any


# --- actions -------------------------------------------------------------------------------


class Const(Struct):
    """A literal value an action writes."""

    value: Any


class SetValue(Struct):
    """An expression whose value an action writes (``$this`` is the value being replaced)."""

    expr: Any


class Remove(Struct):
    """``"@remove"``: delete the node."""


class ArrayValue(Struct):
    """A JSON array in an action: a tuple of the values."""

    items: tuple[Any, ...]


class MapValue(Struct):
    """A JSON object inside an array value: a new map."""

    items: tuple[tuple[str, Any], ...]


class ActionTemplate(Struct):
    """A JSON object in an action: merged into the node, entry by entry, in order."""

    entries: tuple[Any, ...]


class SetEntry(Struct):
    """``"gold": value``: set (or merge into, or remove) the child; created when missing."""

    key: str
    name: str
    number: int | None
    value: Any


class VarEntry(Struct):
    """``"$X": value``: the child whose key is the value of ``$X``."""

    key: str
    name: str
    value: Any


class ParentEntry(Struct):
    """``"@parent": {...}``: merge into the parent node."""

    key: str
    value: Any


class PathEntry(Struct):
    """``"@path": {"/a/$X": value}``: write at a path from the root (variables bound)."""

    key: str
    text: str
    steps: tuple[Any, ...]
    value: Any


class RulesEntry(Struct):
    """``"@rules": [...]``: child rules applied with this node as their root."""

    key: str
    rules: Any


# --- rules ---------------------------------------------------------------------------------


class Rule(Struct):
    """One rule: a condition template, an action (template or rule list) and its options."""

    name: str
    source: str
    path: str
    condition: Any
    action: Any
    repeat: int = 1
    first: bool = False
    log: bool | None = None
    comment: str | None = None
    explicit_name: bool = False
    given: tuple[str, ...] = ()
    """The variables bound outside the rule (by the rules whose action holds it)."""


class RuleList(Struct):
    """Rules applied in order; ``named`` when written as an object ``{"name": rule, ...}``."""

    rules: tuple[Rule, ...]
    named: bool = False
