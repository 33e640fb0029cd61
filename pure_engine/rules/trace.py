"""The hierarchical trace of a rule application (seed 001, item 12).

``apply`` returns a :class:`Trace`: a tree of :class:`TraceNode` values saying
which rules ran, which instantiations were tried, which template line failed
and with what values, which rule fired and what it changed.  It is a plain
immutable value (``to_json`` for machines) and prints as an indented tree.

Tracing is switched per rule with ``"@log": true|false`` (and inside a
condition, per template object); rules that are not traced run the compiled
code, which holds no trace calls at all.

>>> trace = Trace((TraceNode(TraceKind.RULE, "rule 'grow'", (
...     TraceNode(TraceKind.FIRE, "fire $X = 'a'", (
...         TraceNode(TraceKind.EDIT, "set $.gold: 5 -> 6", ()),)),)),))
>>> print(format_trace(trace))
rule 'grow'
  fire $X = 'a'
    set $.gold: 5 -> 6
"""

from __future__ import annotations

import enum
from typing import Any

from pure_engine.core.struct import Struct

__all__ = ["Trace", "TraceKind", "TraceNode", "Tracer", "format_trace"]


class TraceKind(enum.StrEnum):
    """What a trace line reports."""

    RULE = "rule"
    """A rule starts (one line per pass when it repeats)."""
    TRY = "try"
    """A candidate for a variable (a child key, a path step)."""
    FAIL = "fail"
    """A template line did not hold, with the values it saw."""
    MATCH = "match"
    """A complete instantiation of the condition."""
    NOT = "not"
    """An ``@not`` template, and whether it held."""
    FIRE = "fire"
    """The action runs for one instantiation."""
    EDIT = "edit"
    """A change the action made to the state."""
    NOTE = "note"
    """Anything else worth saying (no instantiation, repeat stopped ...)."""


class TraceNode(Struct):
    """One line of the trace and the lines below it."""

    kind: TraceKind
    text: str
    children: tuple[TraceNode, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., "text": ..., "children": [...]}``."""
        out: dict[str, Any] = {"kind": self.kind.value, "text": self.text}
        if self.children:
            out["children"] = [node.to_json() for node in self.children]
        return out


class Trace(Struct):
    """The trace of one ``apply``/``query`` call: its top-level nodes (empty when off)."""

    nodes: tuple[TraceNode, ...] = ()

    def to_json(self) -> list[dict[str, Any]]:
        """The nodes as JSON objects."""
        return [node.to_json() for node in self.nodes]

    def __bool__(self) -> bool:
        return bool(self.nodes)


def format_trace(trace: Trace, *, indent: str = "  ") -> str:
    """The trace as an indented tree, one node per line."""
    lines: list[str] = []

    def emit(node: TraceNode, depth: int) -> None:
        lines.append(f"{indent * depth}{node.text}")
        for below in node.children:
            emit(below, depth + 1)

    for node in trace.nodes:
        emit(node, 0)
    return "\n".join(lines)


class Tracer:
    """Builds a trace during one call (local mutable state, frozen by :meth:`freeze`)."""

    __slots__ = ("_stack",)

    def __init__(self) -> None:
        self._stack: list[tuple[TraceKind, str, list[TraceNode]]] = [(TraceKind.NOTE, "", [])]

    def open(self, kind: TraceKind, text: str) -> int:
        """Start a node that later lines nest under; returns the depth to :meth:`close` to."""
        self._stack.append((kind, text, []))
        return len(self._stack) - 1

    def close(self, depth: int) -> None:
        """Finish every node opened at *depth* or deeper."""
        while len(self._stack) > depth:
            kind, text, below = self._stack.pop()
            self._stack[-1][2].append(TraceNode(kind, text, tuple(below)))

    def add(self, kind: TraceKind, text: str) -> None:
        """A leaf line under the innermost open node."""
        self._stack[-1][2].append(TraceNode(kind, text, ()))

    def freeze(self) -> Trace:
        """The finished trace (closing what is still open)."""
        self.close(1)
        return Trace(tuple(self._stack[0][2]))
