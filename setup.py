"""Build pure_engine: compile the hot modules with mypyc when a C compiler is present.

The modules to compile are listed in one place, ``[tool.pure-engine] compiled`` in
pyproject.toml.  Without a C compiler (or Python's headers), or with ``PURE_ENGINE_PURE=1``
set, the install is pure Python: the same modules, run as source.  A compile that fails part
way leaves no compiled module behind (all or nothing), so an install never mixes builds.

mypyc writes one C file per module (``multi_file``) into one shared library, and the C
files are compiled on every core at once: one C file of every module took gcc minutes on a
single core.  pip runs this script three times per install (build requirements, metadata,
the wheel); only a run that builds extensions runs mypyc.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import sysconfig
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def compiled_modules() -> list[str]:
    """The dotted names listed in pyproject.toml's ``[tool.pure-engine] compiled``."""
    with (HERE / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)
    modules: list[str] = config["tool"]["pure-engine"]["compiled"]
    return modules


def why_pure() -> str | None:
    """Why this build cannot (or must not) compile, or None when it can."""
    if os.environ.get("PURE_ENGINE_PURE", "") not in ("", "0"):
        return "PURE_ENGINE_PURE is set"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    if not compiler or shutil.which(compiler[0]) is None:
        return f"no C compiler ({compiler[0] if compiler else 'CC unset'!s} not found)"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers (Python.h not in {include})"
    try:
        import mypyc.build  # noqa: F401 - only asking whether the compiler is installed
    except ImportError:
        return "mypyc is not installed (it ships with mypy)"
    return None


# the setup.py commands that build extension modules; pip's other runs of this script
# (egg_info for the build requirements, dist_info for the metadata) need no extension, and
# mypyc's type check and C generation cost half a minute of CPU each time
BUILDING = frozenset({"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"})


def ext_modules() -> list[Any]:
    """The mypyc extensions of the listed modules, or none (a pure-Python build)."""
    if BUILDING.isdisjoint(sys.argv[1:]):
        return []
    reason = why_pure()
    if reason is not None:
        print(f"pure_engine: building pure Python: {reason}", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    paths = [name.replace(".", "/") + ".py" for name in compiled_modules()]
    # mypyc type-checks the listed modules and follows their imports into the rest of the
    # package, whose optional dependencies (numpy, gymnasium: the interop extras) the build
    # environment does not have: errors outside the compiled modules are not the build's
    options = ["--follow-imports=silent"]
    try:
        extensions = mypycify(
            [*options, *paths],
            group_name="pure_engine",
            opt_level="3",
            debug_level="0",
            multi_file=True,
        )
        for extension in extensions:
            for source in extension.sources:
                mend_weak_references(Path(source))
        return extensions
    except (Exception, SystemExit) as error:  # noqa: BLE001 - a failed compile: a pure build
        print(f"pure_engine: compiling failed, building pure Python: {error}", file=sys.stderr)
        return []


# mypyc (2.4, on Python < 3.12) gives a compiled class with a Python base (``Generic[...]``:
# the dense map, the seen-state caches, the MCTS nodes...) and each closure object a
# ``__dict__`` and a ``__weakref__`` slot, and then treats the weak-reference list as a
# reference the object owns: ``tp_traverse`` visits it and ``tp_clear`` (which the dealloc
# calls) releases it, while nothing clears the weak references when the object dies.  An
# object owns no reference to its weak references (CPython's documentation of tp_traverse),
# so the collector miscounted the first weak reference's references and a weak reference
# could outlive its object: a segfault wherever weak references to such objects are held
# (hypothesis holds them to the values it draws).  The generated lines are rewritten: no
# visit, and the weak references cleared as CPython's own dealloc does
# (tests/test_build.py holds the crash this mends).
_WEAKLIST = r"\*\(\(PyObject \*\*\)\(\(char \*\)self \+ sizeof\(PyObject \*\) \+ sizeof\(\w+\)\)\)"
_VISIT_WEAKLIST = re.compile(rf"Py_VISIT\(({_WEAKLIST})\);")
_CLEAR_WEAKLIST = re.compile(rf"Py_CLEAR\(({_WEAKLIST})\);")
# a finished generator's environment lets go of its fields, not of its weak references
_ON_COMPLETION = re.compile(
    r"\nstatic int32_t \w+_clear_on_completion(?:_subtype)?\(PyObject \*cpy_r_self\)"
    r"\n\{\n.*?\n\}\n",
    re.S,
)


def mend_weak_references(source: Path) -> None:
    """Rewrite mypyc's handling of a weak-reference list in the C file *source* (above)."""
    text = source.read_text()
    mended = _VISIT_WEAKLIST.sub("/* the weak-reference list is not owned */", text)
    mended = _ON_COMPLETION.sub(lambda function: _CLEAR_WEAKLIST.sub("", function.group()), mended)
    mended = _CLEAR_WEAKLIST.sub(
        r"if (\1 != NULL) PyObject_ClearWeakRefs((PyObject *)self);", mended
    )
    if mended != text:
        source.write_text(mended)


def cores() -> int:
    """The CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class AllOrNothingBuildExt(build_ext):
    """build_ext that compiles an extension's C files in parallel, and falls back to a
    pure-Python build when a compile fails.

    mypyc puts the compiled code in one shared library and a small stub per module; a stub
    without its library would break the import, so on any compile error every compiled
    file is removed and the package installs as plain Python.
    """

    def build_extension(self, ext: Any) -> None:
        # setuptools compiles an extension's sources one after the other (its --parallel
        # runs whole extensions side by side, and pip does not pass it): compile them one
        # source a call, on every core, then link as usual
        compile_in_series = self.compiler.compile

        def compile_in_parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(max_workers=cores()) as pool:
                objects = pool.map(lambda c: compile_in_series([c], *args, **kwargs), sources)
                return [name for names in objects for name in names]

        self.compiler.compile = compile_in_parallel
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_in_series

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any compile failure means a pure build
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            print(f"pure_engine: compiling failed, building pure Python: {error}", file=sys.stderr)


setup(ext_modules=ext_modules(), cmdclass={"build_ext": AllOrNothingBuildExt})
