"""Rule files: JSON text decoded strictly, files laid over one another, ``@include``.

Overlays (seed 001, item 11): files are laid over one another in order, as
trees.  Two objects merge key by key (keys keep the order they first appear
in, later values win); an array or a scalar replaces what was there; an
object over a non-object (or the reverse) is a conflict and an error naming
both files; ``"@remove"`` deletes what was there (a whole rule, say).  Two
arrays at the top level (two lists of rules) are concatenated.  A file may
start with ``"@include": "other.json"`` (or a list of names): those files
are laid down first, this file over them; names are relative to the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.parsing.reading import json_path

__all__ = ["Overlay", "decode"]


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKeyError(key)
        out[key] = value
    return out


class _DuplicateKeyError(ValueError):
    pass


def decode(text: str, source: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicates)
    except _DuplicateKeyError as exc:
        raise RuleSyntaxError(
            f"duplicate key {exc.args[0]!r} (to test one node twice write 'key@2')", source=source
        ) from None
    except json.JSONDecodeError as exc:
        raise RuleSyntaxError(
            f"line {exc.lineno} column {exc.colno}: malformed JSON: {exc.msg}", source=source
        ) from None


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

    def load(self, path: Path, merged: Any, seen: tuple[Path, ...]) -> Any:
        source = str(path)
        resolved = path.resolve()
        if resolved in seen:
            chain = " -> ".join(str(p) for p in (*seen, resolved))
            raise RuleSyntaxError(f"@include cycle: {chain}", source=source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise RuleSyntaxError(f"cannot read the file: {exc.strerror}", source=source) from None
        except UnicodeDecodeError:
            raise RuleSyntaxError("expected UTF-8 JSON text", source=source) from None
        document = decode(text, source)
        if isinstance(document, dict) and "@include" in document:
            names = document.pop("@include")
            if isinstance(names, str):
                names = [names]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise RuleSyntaxError(
                    f"@include expects a file name or a list of them, found {names!r}",
                    source=source,
                    path="$.@include",
                )
            for name in names:
                merged = self.load(path.parent / name, merged, (*seen, resolved))
        if merged is None:
            self.origins[()] = source
            return document
        return self.lay(merged, document, (), source)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return "value"
