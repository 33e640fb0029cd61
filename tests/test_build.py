"""The compiled build and the pure one: which runs, the switch between them, and safety."""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import pure_engine
from pure_engine import _build
from pure_engine.search.bot_spec import BotKind

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        cwd=ROOT,
        check=False,
        timeout=120,
    )


def test_build_info_names_the_build_and_its_modules() -> None:
    info = pure_engine.build_info()
    assert info["build"] in ("compiled", "pure")
    assert (info["build"] == "compiled") == bool(info["compiled"])
    assert set(info["compiled"]) <= set(info["installed"])


def test_the_compiled_list_names_existing_modules() -> None:
    listed = _listed()
    assert listed == sorted(set(listed), key=listed.index)  # no repeats
    missing = [name for name in listed if not (ROOT / (name.replace(".", "/") + ".py")).is_file()]
    assert missing == []


def _listed() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        listed: list[str] = tomllib.load(file)["tool"]["pure-engine"]["compiled"]
    return listed


def test_a_compiled_install_holds_exactly_the_listed_modules() -> None:
    # the build is all or nothing: a compiled install has every listed module and no other
    # (a module mypyc refused would have made the whole install pure, which .ci/run refuses)
    installed = pure_engine.build_info()["installed"]
    assert installed == [] or sorted(installed) == sorted(_listed())


def test_every_listed_module_imports() -> None:
    # some constructs compile but fail when the compiled module loads (a class attribute that
    # a compiled dataclass's subclass sets, a slotted Python subclass of a compiled dataclass
    # with fields): this names the module, where the rest of the suite fails everywhere
    for name in _listed():
        importlib.import_module(name)


def test_pure_engine_pure_runs_every_module_from_its_source() -> None:
    code = (
        "import pure_engine, sys\n"
        "info = pure_engine.build_info()\n"
        "loaded = [m.__file__ for n, m in sys.modules.items() if n.startswith('pure_engine.')]\n"
        "print(info['build'], all(f is None or f.endswith('.py') for f in loaded))\n"
    )
    result = _run(code, PURE_ENGINE_PURE="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["pure", "True"]


def test_a_wrong_argument_type_raises_type_error_in_either_build() -> None:
    code = (
        "from pure_engine.games.bridge.double_dummy.search import to_relative\n"
        "try:\n"
        "    to_relative(['not', 'a', 'hand', '!'], ())\n"
        "except TypeError:\n"
        "    print('TypeError')\n"
    )
    for pure in ("0", "1"):
        result = _run(code, PURE_ENGINE_PURE=pure)
        assert (result.returncode, result.stdout.strip()) == (0, "TypeError"), result.stderr


def test_an_edited_source_makes_its_compiled_module_stale(tmp_path: Path) -> None:
    package = tmp_path / "pure_engine"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    source, compiled = package / "hot.py", package / "hot.cpython-311-x86_64-linux-gnu.so"
    source.write_text("")
    compiled.write_text("")
    os.utime(source, (1_000, 1_000))
    os.utime(compiled, (2_000, 2_000))
    modules = {"pure_engine.hot": compiled}
    assert _build._stale(modules, package=package) == []
    os.utime(source, (3_000, 3_000))  # edited after the build
    assert _build._stale(modules, package=package) == ["pure_engine.hot"]
    library = tmp_path / "pure_engine__mypyc.cpython-311-x86_64-linux-gnu.so"
    library.write_text("")
    os.utime(library, (4_000, 4_000))  # rebuilt: the stub was left as it was, the code is new
    assert _build._stale(modules, package=package) == []
    os.utime(library, (2_500, 2_500))
    (tmp_path / "pyproject.toml").unlink()  # an installed wheel: not checked
    assert _build._stale(modules, package=package) == []


def _keywords(module: str, function: str) -> dict[str, tuple[str, object]]:
    """*function*'s keyword-only parameters in *module*'s source: name -> (annotation, default).

    Read from the source, not the signature: a compiled function's signature has neither.
    A factory that is a class (``make_bot = Bot``) has its ``__init__``'s keywords.
    """
    tree = ast.parse((ROOT / (module.replace(".", "/") + ".py")).read_text())
    named = {
        target.id: node.value.id
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    name = named.get(function, function)
    found = next(node for node in tree.body if getattr(node, "name", None) == name)
    if isinstance(found, ast.ClassDef):
        found = next(node for node in found.body if getattr(node, "name", None) == "__init__")
    assert isinstance(found, ast.FunctionDef), found
    arguments = found.args
    return {
        argument.arg: (ast.unparse(argument.annotation or ast.Constant(None)), _literal(default))
        for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    }


def _literal(node: ast.expr | None) -> object:
    try:
        return ast.literal_eval(node) if node is not None else inspect.Parameter.empty
    except ValueError:
        return ast.unparse(node) if node is not None else None


@pytest.mark.parametrize("kind", ["mcts", "ismcts", "pimc", "alphabeta", "dd-pimc"])
def test_the_declared_bot_options_match_the_functions_keywords(kind: str) -> None:
    # the bot specs read a declared table, so the searches can be compiled (a compiled
    # function's signature is all positional and untyped): the table must say what the
    # source says, each option a keyword-only parameter of its type and default
    from pure_engine.search.bot_spec import game_bot_factories, parse_bot_kind
    from pure_engine.search.bots import bot_options
    from pure_engine.search.search_bot import SEARCHES

    parsed = parse_bot_kind(kind)
    if isinstance(parsed, BotKind):
        module, function = SEARCHES[parsed].module, SEARCHES[parsed].function
        declared = SEARCHES[parsed].options
    else:
        module, function = game_bot_factories(parsed)["bridge_play"].split(":")
        declared = bot_options(parsed)
    keywords = _keywords(module, function)
    for option in declared:
        annotation, default = keywords[option.name]
        assert option.type.__name__ in annotation.split(" | "), option
        assert (option.default, type(option.default)) == (default, type(default)), option
        assert ("None" in annotation.split(" | ")) == (option.nullable or option.default is None)
    # every plainly typed keyword is an option, apart from those the adapter sets itself
    plain = {"int", "float", "bool", "str", "None"}
    reserved = {"seed", "name", "tree", "budget", "player"}
    expected = {
        name
        for name, (annotation, _) in keywords.items()
        if set(annotation.split(" | ")) <= plain and name not in reserved
    }
    assert expected == {option.name for option in declared}


# Every callable a compiled module defines (functions, classes, and the classes' methods called
# through the class), called with 0-4 arguments of each wrong type: any exception is fine, a
# crash of the interpreter is not.  The probe names each callable on stderr before calling it,
# so a crash names the culprit.  (Negative ints are left out: a bit set of -1 never empties,
# which is a hang in both builds, not a crash.)
_PROBE = """
import importlib, inspect, sys, tomllib
with open("pyproject.toml", "rb") as file:
    listed = tomllib.load(file)["tool"]["pure-engine"]["compiled"]
BAD = (None, "x", 3, 2.5, object(), (), [], {}, b"")
SKIP = {"__init_subclass__", "__class_getitem__", "__new__", "__del__"}
def callables(name, module):
    for attr, obj in sorted(vars(module).items()):
        if attr.startswith("__") or getattr(obj, "__module__", None) != name:
            continue
        if callable(obj):
            yield attr, obj
        if inspect.isclass(obj):
            for meth in sorted(vars(obj)):
                value = getattr(obj, meth, None)
                if meth not in SKIP and callable(value) and not inspect.isclass(value):
                    yield f"{attr}.{meth}", value
calls = 0
for name, module in [(n, importlib.import_module(n)) for n in listed] + EXTRA:
    for label, target in callables(name, module):
        print(f"{name}.{label}", file=sys.stderr, flush=True)
        for arity in range(5):
            for bad in BAD:
                calls += 1
                try:
                    target(*([bad] * arity))
                except BaseException:
                    pass
print(calls)
"""


def _probe(extra: str = "EXTRA = []") -> subprocess.CompletedProcess[str]:
    return _run(extra + "\n" + _PROBE)


def test_no_compiled_callable_crashes_the_interpreter_on_wrong_types() -> None:
    result = _probe()
    assert result.returncode == 0, f"crashed in {result.stderr.splitlines()[-1:]}"
    assert int(result.stdout) > 50_000  # ~80 000 calls pure, ~100 000 compiled


def test_the_crash_probe_names_a_callable_that_crashes() -> None:
    # a module whose one function reads address 3 when given the int 3: a crash, which the
    # probe must report, naming the function
    crashing = """
import ctypes, types
def at(*args):
    if args == (3,):
        ctypes.string_at(3)
at.__module__ = "crash"
EXTRA = [("crash", types.ModuleType("crash"))]
EXTRA[0][1].at = at
"""
    result = _probe(crashing)
    assert result.returncode < 0  # killed by a signal
    assert result.stderr.splitlines()[-1] == "crash.at"


# A compiled class with a Python base (``Generic[...]``) has a weak-reference slot, which
# mypyc's generated C treated as owned (setup.py's ``mend_weak_references``): hypothesis,
# which holds weak references to the values it draws, segfaulted the compiled build drawing
# DenseMaps, and a weak reference outlived its object.  Either build must run this.
_WEAK_REFERENCES = """
import gc, weakref
from hypothesis import given, settings, strategies as st
from pure_engine.core.dense import DenseMap

@settings(max_examples=200, database=None, deadline=None)
@given(st.lists(st.text(min_size=1), min_size=1).map(lambda xs: DenseMap(tuple(xs))))
def drawn(dense):
    assert len(dense) >= 1

drawn()
values = [DenseMap(("a",)), DenseMap().mutate()]
refs = [weakref.ref(value) for value in values]
alive = [ref() is value for ref, value in zip(refs, values)]
del values
gc.collect()
print(all(alive), [ref() for ref in refs])
"""


def test_weak_references_to_compiled_objects_are_safe() -> None:
    result = _run(_WEAK_REFERENCES)
    assert result.returncode == 0, f"exit {result.returncode}: {result.stderr[-500:]}"
    assert result.stdout.split(maxsplit=1) == ["True", "[None, None]\n"]
