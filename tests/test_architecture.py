"""The house rules, checked on the code: imports flow one way with no cycle, a game knows only
its own family and the shared kernels, and no module or function outgrows a reader.

Each checker is a plain function over plain data (an import graph, a source text), so the tests
at the bottom show that each one can fail.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pure_engine"
# Outside the package, the same sizes hold for what a reader opens next: the scripts and tests.
OUTSIDE = ("benchmarks", "examples", "tests")

# Layers, lowest first: a module may import its own layer's package and anything lower.
LAYERS: Mapping[str, int] = {
    "errors": 0,
    "core": 1,
    "search": 2,
    "cards": 2,
    "rules": 2,
    "games": 3,
    "testing": 4,
    "interop": 4,
    "view": 4,
    "cli": 5,
    "__main__": 6,
}
# Games may share these kernels; otherwise a game imports only its own family.
KERNELS = frozenset({"playing_cards", "trick_taking"})
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80
MAX_TURN_LINES = 300  # magic_lite's turn.py, read top to bottom (issue 30)

# Known oversize places, each with its size when listed: the list may only shrink. A listed
# place that is now within the limit must leave the list; one that grew fails.
KNOWN_LONG_MODULES: Mapping[str, int] = {}
KNOWN_LONG_FUNCTIONS: Mapping[str, int] = {}
# The same ratchet for benchmarks/, examples/ and tests/, by path from the repository's root.
KNOWN_LONG_SCRIPTS: Mapping[str, int] = {}
KNOWN_LONG_SCRIPT_FUNCTIONS: Mapping[str, int] = {}

Graph = Mapping[str, Set[str]]


def module_name(path: Path, root: Path) -> str:
    """``pure_engine/games/poker/kuhn.py`` -> ``pure_engine.games.poker.kuhn``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, name: str, is_package: bool, known: Set[str]) -> set[str]:
    """The modules of *known* that *source* imports anywhere: at the top, in a function, in a
    ``TYPE_CHECKING`` block (a name imported from a package counts as its module if it is one)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    found.add(full)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Every module of the package mapped to the package modules it imports."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    known = set(paths)
    return {
        name: imported_modules(p.read_text(), name, p.name == "__init__.py", known)
        for name, p in paths.items()
    }


def cycles(graph: Graph) -> list[frozenset[str]]:
    """The strongly connected components of *graph* with more than one module (Tarjan's
    algorithm, iterative so a deep graph cannot exhaust the stack).

    >>> sorted(sorted(c) for c in cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}))
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in graph:
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def layer_violations(graph: Graph) -> list[str]:
    """Imports that flow the wrong way: up a layer, sideways between two packages of one layer,
    or from one game family into another (the shared kernels excepted).

    >>> layer_violations({"pure_engine.core.x": {"pure_engine.games.y"}})
    ['pure_engine.core.x -> pure_engine.games.y (core may not import games)']
    """
    bad = []
    for name, targets in graph.items():
        for target in sorted(targets):
            src, dst = name.split("."), target.split(".")
            if len(src) < 2 or len(dst) < 2:
                continue  # the package's own __init__ re-exports everything
            src_layer, dst_layer = LAYERS.get(src[1]), LAYERS.get(dst[1])
            if src_layer is None or dst_layer is None:
                bad.append(f"{name} -> {target} (a top-level package with no layer)")
            elif dst_layer > src_layer or (dst_layer == src_layer and src[1] != dst[1]):
                bad.append(f"{name} -> {target} ({src[1]} may not import {dst[1]})")
            elif _crosses_families(src, dst):
                bad.append(f"{name} -> {target} (a game imports another family)")
    return bad


def _crosses_families(src: list[str], dst: list[str]) -> bool:
    if not (src[1] == dst[1] == "games" and len(src) > 2 and len(dst) > 2):
        return False
    return src[2] != dst[2] and dst[2] not in KERNELS


def oversize(source: str) -> tuple[int, dict[str, int]]:
    """A module's line count and its functions longer than the limit, by name.

    >>> oversize("def f():\\n" + "    x = 1\\n" * 90)[1]
    {'f': 91}
    """
    lines = source.count("\n")
    long: dict[str, int] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                long[node.name] = max(length, long.get(node.name, 0))
    return lines, long


def size_problems(
    sources: Mapping[str, str],
    known_modules: Mapping[str, int] = KNOWN_LONG_MODULES,
    known_functions: Mapping[str, int] = KNOWN_LONG_FUNCTIONS,
    *,
    lists: tuple[str, str] = ("KNOWN_LONG_MODULES", "KNOWN_LONG_FUNCTIONS"),
) -> list[str]:
    """Modules and functions over the limits and not on the known lists, listed ones that grew,
    and listed ones now within the limit (they must leave the list, named in *lists*)."""
    problems = []
    seen_functions: set[str] = set()
    for path, source in sorted(sources.items()):
        lines, long = oversize(source)
        allowed = known_modules.get(path)
        if lines > MAX_MODULE_LINES and (allowed is None or lines > allowed):
            problems.append(f"{path}: {lines} lines (limit {MAX_MODULE_LINES}, listed {allowed})")
        if allowed is not None and lines <= MAX_MODULE_LINES:
            problems.append(f"{path}: now {lines} lines, remove it from {lists[0]}")
        elif allowed is not None and lines < allowed:
            problems.append(f"{path}: now {lines} lines, lower its listed size")
        for function, length in long.items():
            place = f"{path}:{function}"
            seen_functions.add(place)
            listed = known_functions.get(place)
            if listed is None or length > listed:
                problems.append(f"{place}: {length} lines (limit {MAX_FUNCTION_LINES})")
            elif length < listed:  # the list is a ratchet: a place that shrank may not regrow
                problems.append(f"{place}: now {length} lines, lower its listed size")
    problems.extend(
        f"{place}: now within {MAX_FUNCTION_LINES} lines, remove it from {lists[1]}"
        for place in sorted(set(known_functions) - seen_functions)
    )
    return problems


def package_sources() -> dict[str, str]:
    return {p.relative_to(PACKAGE).as_posix(): p.read_text() for p in sorted(PACKAGE.rglob("*.py"))}


def outside_sources() -> dict[str, str]:
    return {
        p.relative_to(ROOT).as_posix(): p.read_text()
        for folder in OUTSIDE
        for p in sorted((ROOT / folder).rglob("*.py"))
    }


# ------------------------------------------------------------------ the package


def test_no_import_cycle_anywhere() -> None:
    assert cycles(import_graph()) == []


def test_imports_flow_one_way() -> None:
    assert layer_violations(import_graph()) == []


def test_no_module_or_function_outgrows_a_reader() -> None:
    assert size_problems(package_sources()) == []


def test_no_script_or_test_outgrows_a_reader() -> None:
    lists = ("KNOWN_LONG_SCRIPTS", "KNOWN_LONG_SCRIPT_FUNCTIONS")
    found = size_problems(
        outside_sources(), KNOWN_LONG_SCRIPTS, KNOWN_LONG_SCRIPT_FUNCTIONS, lists=lists
    )
    assert found == []


def test_magic_lites_turn_stays_one_read() -> None:
    # issue 30: a newcomer follows a turn of Magic in turn.py top to bottom, so it stays short
    turn = PACKAGE / "games" / "magic_lite" / "turn.py"
    assert len(turn.read_text(encoding="utf-8").splitlines()) <= MAX_TURN_LINES


# ------------------------------------------------------------- each checker can fail


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function() -> None:
    source = "def f():\n    from pure_engine.b import x\n"
    graph = {
        "pure_engine.a": imported_modules(source, "pure_engine.a", False, {"pure_engine.b"}),
        "pure_engine.b": {"pure_engine.a"},
    }
    assert cycles(graph) == [frozenset({"pure_engine.a", "pure_engine.b"})]


def test_relative_imports_resolve_to_their_modules() -> None:
    known = {"pure_engine.games.poker.shared", "pure_engine.games.poker"}
    found = imported_modules("from . import shared\n", "pure_engine.games.poker.kuhn", False, known)
    assert found == {"pure_engine.games.poker.shared"}


@pytest.mark.parametrize(
    ("source", "target", "why"),
    [
        ("pure_engine.cards.table", "pure_engine.rules.model", "cards may not import rules"),
        ("pure_engine.games.bridge.play", "pure_engine.testing.check", "games may not import"),
        ("pure_engine.games.belote.game", "pure_engine.games.poker.shared", "another family"),
    ],
)
def test_the_layer_check_refuses_a_wrong_way_import(source: str, target: str, why: str) -> None:
    (problem,) = layer_violations({source: {target}})
    assert why in problem


def test_a_game_may_import_the_shared_kernels() -> None:
    graph = {"pure_engine.games.belote.play": {"pure_engine.games.trick_taking.tricks"}}
    assert layer_violations(graph) == []


def test_the_size_check_refuses_a_long_function_and_a_stale_entry() -> None:
    long_function = "def f():\n" + "    x = 1\n" * 81
    assert size_problems({"m.py": long_function}, {}, {}) == ["m.py:f: 82 lines (limit 80)"]
    assert size_problems({"m.py": "x = 1\n"}, {"m.py": 600}, {}) == [
        "m.py: now 1 lines, remove it from KNOWN_LONG_MODULES"
    ]
    assert size_problems({"m.py": long_function}, {}, {"m.py:f": 81}) == [
        "m.py:f: 82 lines (limit 80)"
    ]
    assert size_problems({"m.py": long_function}, {}, {"m.py:f": 90}) == [
        "m.py:f: now 82 lines, lower its listed size"
    ]
    assert size_problems({"m.py": "x = 1\n" * 502}, {"m.py": 510}, {}) == [
        "m.py: now 502 lines, lower its listed size"
    ]
    assert size_problems({"m.py": "x = 1\n"}, {}, {"m.py:f": 90}, lists=("A", "B")) == [
        "m.py:f: now within 80 lines, remove it from B"
    ]
