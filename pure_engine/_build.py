"""Which build runs: the modules compiled with mypyc, or pure Python.

An install with a C compiler present compiles the hot modules listed in pyproject.toml
(``[tool.pure-engine] compiled``); each then sits beside its source as an extension module,
which Python imports in preference to the ``.py``.  This module decides, once, when
``pure_engine`` is first imported, whether to use them:

- ``PURE_ENGINE_PURE=1`` in the environment runs every module from its source (to debug or
  profile in Python, or to check that both builds agree);
- in a source checkout (an editable install), a compiled module older than its source is
  stale, and the whole package then runs from source too (compiled modules call each other
  directly, so one fresh source beside stale compiled neighbours would mix two versions).
  Rebuild with ``pip install -e .`` to compile again.

Either way this module installs an import hook that prefers the ``.py`` sources of
``pure_engine.*``; it is itself never compiled, so it runs before any compiled module loads.

>>> info = build_info()
>>> info["build"] in ("compiled", "pure")
True
>>> info["build"] == "pure" or bool(info["compiled"])
True
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final, Literal, TypedDict

__all__ = ["BuildInfo", "build_info"]

_PACKAGE: Final = Path(__file__).resolve().parent
_ENV: Final = "PURE_ENGINE_PURE"


def _compiled_files() -> dict[str, Path]:
    """The compiled modules installed beside their sources: dotted name -> extension file."""
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found: dict[str, Path] = {}
    for path in _PACKAGE.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            relative = path.relative_to(_PACKAGE.parent)
            found[".".join((*relative.parent.parts, path.name[: -len(suffix)]))] = path
    return dict(sorted(found.items()))


def _stale(compiled: dict[str, Path], *, package: Path = _PACKAGE) -> list[str]:
    """The compiled modules whose source changed after they were compiled, in a source
    checkout (an installed wheel's files all carry the install's time, so only a checkout,
    where pyproject.toml sits beside the package, is checked)."""
    if not (package.parent / "pyproject.toml").is_file():
        return []
    # each module's file is a small stub the build rewrites only when it changes; the code is
    # in the group's shared library beside the package, rebuilt with any change
    libraries = [path.stat().st_mtime for path in package.parent.glob(f"{package.name}__mypyc.*")]
    stale = []
    for name, path in compiled.items():
        source = path.with_name(name.rsplit(".", 1)[-1] + ".py")
        built = max([path.stat().st_mtime, *libraries])
        if source.is_file() and source.stat().st_mtime > built:
            stale.append(name)
    return stale


class _PreferSource:
    """A meta-path finder that loads ``pure_engine.*`` from the ``.py`` files, never from
    the compiled extension beside them."""

    def __init__(self) -> None:
        self._finders: dict[str, importlib.machinery.FileFinder] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("pure_engine.") or path is None:
            return None
        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                loaders = (
                    importlib.machinery.SourceFileLoader,
                    importlib.machinery.SOURCE_SUFFIXES,
                )
                finder = self._finders[entry] = importlib.machinery.FileFinder(entry, loaders)
            spec = finder.find_spec(fullname, target)
            if spec is not None and spec.origin is not None:
                return spec
        return None


def _decide() -> tuple[Literal["compiled", "pure"], str]:
    """The build to run and why; installs the source-preferring hook for a pure run."""
    compiled = _compiled_files()
    if os.environ.get(_ENV, "") not in ("", "0"):
        reason = f"{_ENV} is set"
    elif not compiled:
        return "pure", "no compiled modules are installed"
    elif stale := _stale(compiled):
        reason = f"stale compiled modules (edited since the build: {', '.join(stale)})"
    else:
        return "compiled", "the compiled modules are installed and up to date"
    if not any(isinstance(finder, _PreferSource) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PreferSource())
    return "pure", reason


class BuildInfo(TypedDict):
    """What :func:`build_info` returns."""

    build: Literal["compiled", "pure"]
    reason: str
    compiled: list[str]
    installed: list[str]


_BUILD, _REASON = _decide()


def build_info() -> BuildInfo:
    """Which build runs (``"compiled"`` or ``"pure"``), why, and the modules compiled.

    ``compiled`` lists the modules that run compiled (empty in a pure run); ``installed``
    the compiled modules present on disk, used or not.

    >>> sorted(build_info())
    ['build', 'compiled', 'installed', 'reason']
    """
    installed = list(_compiled_files())
    return {
        "build": _BUILD,
        "reason": _REASON,
        "compiled": installed if _BUILD == "compiled" else [],
        "installed": installed,
    }
