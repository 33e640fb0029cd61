"""Rule files, read as untrusted data: decoded strictly, ``@include`` confined, reads bounded.

``load_rule_files("base.json", "house.json")`` lays files over one another
(:mod:`pure_engine.rules.parsing.overlay`).  A file may say
``"@include": "other.json"`` (or a list of names): those files are laid down
first, this file over it.  Because a rule file is something people share and
download, an include is held to what a data file may name:

* a name relative to the including file, never absolute, that resolves (links
  followed) inside the **rule folder** — the folder of the file the caller named,
  or ``include_root`` when the caller names one;
* a regular file (not a device, a pipe or a folder) whose name ends in ``.json``;
* at most ``Limits.max_file_bytes`` each, and in one load at most
  ``Limits.max_files`` files and ``Limits.max_total_bytes`` bytes, every repeat
  of an include counted (so that a chain of files each including the next twice
  stops at once instead of doubling its work per level); a cycle is an error.

Nothing an included file holds appears in an error: only its path and a JSON path.
The files the caller names are read with the same size caps but may be any
readable file (``<(generate-rules)`` works).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from pure_engine.rules.errors import RuleSyntaxError
from pure_engine.rules.limits import Limits
from pure_engine.rules.parsing.overlay import Overlay
from pure_engine.rules.parsing.reading import check_depth

__all__ = ["RuleFiles", "decode"]


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
    """Decoded JSON, strictly: a duplicate key, malformed text, nesting too deep for the
    decoder or an integer too long to convert is a :class:`RuleSyntaxError`.

    >>> decode('{"a": 1, "a": 2}', "r.json")
    Traceback (most recent call last):
    ...
    pure_engine.rules.errors.RuleSyntaxError: r.json: duplicate key 'a' (to test one node ...
    """
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
    except RecursionError:
        raise RuleSyntaxError("malformed JSON: nested too deep to decode", source=source) from None
    except ValueError:  # an integer of thousands of digits
        raise RuleSyntaxError(
            "malformed JSON: an integer too long to read", source=source
        ) from None


def _read_bytes(fd: int, cap: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size <= cap:
        chunk = os.read(fd, min(1 << 16, cap + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


class RuleFiles:
    """One load of rule files: the overlay being built, the files read so far (the budget)
    and the files that were included (whose content no error may quote)."""

    def __init__(self, limits: Limits, include_root: str | Path | None = None) -> None:
        self.limits = limits
        self.overlay = Overlay()
        self.root = None if include_root is None else Path(os.path.realpath(include_root))
        self.files = 0
        self.bytes = 0
        self.included: set[str] = set()

    def load(self, path: str | Path, merged: Any) -> Any:
        """The file the caller named at *path*, with its includes, laid over *merged*."""
        named = Path(path)
        root = self.root or Path(os.path.realpath(named)).parent
        return self._load(named, merged, (), root, included=False)

    def _load(
        self, path: Path, merged: Any, seen: tuple[Path, ...], root: Path, *, included: bool
    ) -> Any:
        source = str(path)
        resolved = Path(os.path.realpath(path))
        if resolved in seen:
            chain = " -> ".join(str(p) for p in (*seen, resolved))
            raise RuleSyntaxError(f"@include cycle: {chain}", source=source)
        if included:
            self.included.add(source)
        document = decode(self._text(path, resolved, source, included=included), source)
        check_depth(document, self.limits.max_depth, lambda _: source)
        if isinstance(document, dict) and "@include" in document:
            for name in self._include_names(document.pop("@include"), source, included):
                target = self._confined(path, name, root, source, included)
                merged = self._load(target, merged, (*seen, resolved), root, included=True)
        return self.overlay.place(merged, document, source)

    def _include_names(self, names: Any, source: str, included: bool) -> list[str]:
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            shown = "something else" if included else repr(names)[:60]
            raise RuleSyntaxError(
                f"@include expects a file name or a list of them, found {shown}",
                source=source,
                path="$.@include",
            )
        return names

    def _confined(self, path: Path, name: str, root: Path, source: str, included: bool) -> Path:
        """The file an ``@include`` names, refused unless it is a ``.json`` file inside the
        rule folder (the same answer whether or not a file outside exists)."""
        shown = "an @include" if included else f"@include {name!r}"

        def refuse(why: str) -> RuleSyntaxError:
            return RuleSyntaxError(f"{shown}: {why}", source=source, path="$.@include")

        if not name or "\0" in name:
            raise refuse("expected a file name")
        if Path(name).is_absolute() or name.startswith("~"):
            raise refuse(f"expected a name relative to the rule folder {root}")
        target = path.parent / name
        if not Path(os.path.realpath(target)).is_relative_to(root):
            raise refuse(f"outside the rule folder {root} (give include_root to widen it)")
        if target.suffix.lower() != ".json":
            raise refuse("expected the name of a .json file")
        return target

    def _text(self, path: Path, resolved: Path, source: str, *, included: bool) -> str:
        limits = self.limits
        if self.files >= limits.max_files:
            raise RuleSyntaxError(
                f"more than {limits.max_files} files read in one load, includes repeated "
                "included (Limits.max_files)",
                source=source,
            )
        self.files += 1
        data = self._read(path if not included else resolved, source, included=included)
        if len(data) > limits.max_file_bytes:
            raise RuleSyntaxError(
                f"larger than {limits.max_file_bytes} bytes (Limits.max_file_bytes)", source=source
            )
        self.bytes += len(data)
        if self.bytes > limits.max_total_bytes:
            raise RuleSyntaxError(
                f"more than {limits.max_total_bytes} bytes read in one load, includes repeated "
                "included (Limits.max_total_bytes)",
                source=source,
            )
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise RuleSyntaxError("expected UTF-8 JSON text", source=source) from None

    def _read(self, path: Path, source: str, *, included: bool) -> bytes:
        """At most ``max_file_bytes + 1`` bytes of the file; an included one must be a
        regular file (opened without blocking and without following a last link, then
        checked on the open descriptor, so nothing can be swapped in between)."""
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
        if included:
            flags |= getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(path, flags)
        except OSError as exc:
            raise RuleSyntaxError(f"cannot read the file: {exc.strerror}", source=source) from None
        try:
            mode = os.fstat(fd).st_mode
            if stat.S_ISDIR(mode) or (included and not stat.S_ISREG(mode)):
                raise RuleSyntaxError("expected a regular .json file", source=source)
            if not stat.S_ISREG(mode):
                os.set_blocking(fd, True)  # a pipe the caller named: wait for its text
            return _read_bytes(fd, self.limits.max_file_bytes)
        except OSError as exc:
            raise RuleSyntaxError(f"cannot read the file: {exc.strerror}", source=source) from None
        finally:
            os.close(fd)
