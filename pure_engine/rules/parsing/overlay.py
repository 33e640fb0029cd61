"""Overlays: rule documents laid over one another, as trees.

Two objects merge key by key (keys keep the order they first appear in, later
values win); an array or a scalar replaces what was there; an object over a
non-object (or the reverse) is a conflict and an error naming both files;
``"@remove"`` deletes what was there (a whole rule, say).  Two arrays at the
top level (two lists of rules) are concatenated.
"""

from __future__ import annotations

from typing import Any

from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.parsing.reading import json_path

__all__ = ["Overlay"]

_REMOVE = "@remove"


class Overlay:
    """Lays documents over one another, remembering which file each path came from."""

    def __init__(self) -> None:
        self.origins: dict[tuple[Any, ...], str] = {}

    def origin(self, path: tuple[Any, ...]) -> str:
        for end in range(len(path), -1, -1):
            found = self.origins.get(path[:end])
            if found is not None:
                return found
        return ""

    def place(self, merged: Any, document: Any, source: str) -> Any:
        """*document* (from *source*) laid over *merged* (None: nothing laid down yet)."""
        if merged is None:
            self.origins[()] = source
            return document
        return self.lay(merged, document, (), source)

    def lay(self, base: Any, top: Any, path: tuple[Any, ...], source: str) -> Any:
        if isinstance(base, dict) and isinstance(top, dict):
            merged = dict(base)
            for key, value in top.items():
                here = (*path, key)
                if value == _REMOVE:
                    merged.pop(key, None)
                elif key in merged:
                    merged[key] = self.lay(merged[key], value, here, source)
                else:
                    merged[key] = value
                    self.origins[here] = source
            return merged
        if not path and isinstance(base, list) and isinstance(top, list):
            start = len(base)
            for index in range(len(top)):
                self.origins[(start + index,)] = source
            return [*base, *top]
        if isinstance(base, dict) != isinstance(top, dict) or (
            not path and isinstance(base, list) != isinstance(top, list)
        ):
            earlier = self.origin(path) or "an earlier file"
            raise RuleSyntaxError(
                f"overlay conflict: {_kind(top)} over the {_kind(base)} from {earlier}",
                source=source,
                path=json_path(path),
            )
        self.origins[path] = source
        return top


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "value"
