"""Doctest collection: the interop modules whose optional libraries are missing are skipped
(their tests skip too), so the core install's test run stays green; the compiled modules'
doctests are read from their sources (see below)."""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem, DoctestModule

import pure_engine

_NEEDS = {
    "pure_engine/interop/pettingzoo_env.py": ("numpy", "gymnasium", "pettingzoo"),
    "pure_engine/interop/gymnasium_env.py": ("numpy", "gymnasium"),
    "pure_engine/interop/openspiel_game.py": ("pyspiel",),
    "pure_engine/interop/openspiel_wrap.py": ("pyspiel",),
    "pure_engine/interop/dask_batch.py": ("distributed",),
}

collect_ignore = [
    path
    for path, modules in _NEEDS.items()
    if any(importlib.util.find_spec(name) is None for name in modules)
]


# --- doctests of the compiled modules --------------------------------------------------------
#
# A module compiled with mypyc keeps no docstrings, and pytest's doctest collector, importing
# ``pure_engine/x.py``, finds the compiled ``x.*.so`` in its place and refuses the mismatch.
# So for the compiled modules the examples are read from the source file and run against the
# compiled module's namespace: the compiled build passes the same doctests as the pure one.

_COMPILED = frozenset(pure_engine.build_info()["compiled"])
if _COMPILED:  # the module behind pure_engine/x.py is x.*.so: expected, not a stale import
    os.environ["PY_IGNORE_IMPORTMISMATCH"] = "1"


def _module_name(path: Path) -> str | None:
    """The dotted name of *path* when it is the source of a compiled module, else None."""
    if path.suffix != ".py" or path.name == "__init__.py":
        return None
    try:
        relative = path.resolve().relative_to(Path(__file__).resolve().parent)
    except ValueError:
        return None
    name = ".".join(relative.with_suffix("").parts)
    return name if name in _COMPILED else None


def _docstrings(tree: ast.Module, module: str) -> Iterator[tuple[str, str, int]]:
    """(qualified name, docstring, line of the docstring) of the module and of every class,
    function and method at module or class level (what doctest's finder visits)."""
    doc = ast.get_docstring(tree, clean=False)
    if doc is not None:
        yield module, doc, tree.body[0].lineno - 1
    pending: list[tuple[ast.Module | ast.ClassDef, str]] = [(tree, module)]
    while pending:
        node, prefix = pending.pop()
        for child in node.body:
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}.{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc is not None:
                    yield name, doc, child.body[0].lineno - 1
                if isinstance(child, ast.ClassDef):
                    pending.append((child, name))


class SourceDoctests(DoctestModule):
    """The doctests of a compiled module, read from its source, run in its namespace."""

    def collect(self) -> Iterator[DoctestItem]:
        from _pytest.doctest import _get_checker, _get_runner, get_optionflags

        name = _module_name(self.path)
        assert name is not None
        namespace = vars(importlib.import_module(name))
        runner = _get_runner(
            checker=_get_checker(),
            verbose=False,
            optionflags=get_optionflags(self.config),
            continue_on_failure=False,
        )
        parser = doctest.DocTestParser()
        tree = ast.parse(self.path.read_text(encoding="utf-8"))
        for qualname, doc, line in _docstrings(tree, name):
            test = parser.get_doctest(doc, dict(namespace), qualname, str(self.path), line)
            if test.examples:
                yield DoctestItem.from_parent(self, name=qualname, runner=runner, dtest=test)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> SourceDoctests | None:
    if parent.config.option.doctestmodules and _module_name(file_path) is not None:
        return SourceDoctests.from_parent(parent, path=file_path)
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """pytest's own doctest items of a compiled module (found on the compiled objects, which
    keep no docstrings but a few classes' ones) give way to :class:`SourceDoctests`'."""
    items[:] = [
        item
        for item in items
        if not (
            isinstance(item, DoctestItem)
            and not isinstance(item.parent, SourceDoctests)
            and _module_name(item.path) is not None
        )
    ]
