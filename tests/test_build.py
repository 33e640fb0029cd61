"""The compiled build and the pure one: which runs, the switch between them, and safety."""

from __future__ import annotations

import importlib
import inspect
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pure_engine
from pure_engine import _build

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
    with (ROOT / "pyproject.toml").open("rb") as file:
        listed = tomllib.load(file)["tool"]["pure-engine"]["compiled"]
    assert listed == sorted(set(listed), key=listed.index)  # no repeats
    missing = [name for name in listed if not (ROOT / (name.replace(".", "/") + ".py")).is_file()]
    assert missing == []


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


def test_the_bot_searches_keep_their_signatures() -> None:
    # bot specs read the keyword-only options of these functions and their annotations; a
    # compiled function's signature has neither (mypyc writes every parameter positional and
    # untyped), so these modules stay Python (docs/performance.md)
    from pure_engine.search.search_bot import SEARCHES

    for kind in SEARCHES.values():
        function = getattr(importlib.import_module(kind.module), kind.function)
        options = [
            parameter
            for parameter in inspect.signature(function).parameters.values()
            if parameter.kind is parameter.KEYWORD_ONLY
        ]
        assert options, function
        assert all(parameter.annotation is not parameter.empty for parameter in options)
