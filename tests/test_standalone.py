"""The library stands without tests/: no module imports the ``tests`` package (not even in a
doctest), and the doctests pass from a wheel installed in a fresh venv."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

import pure_engine

PACKAGE = Path(pure_engine.__file__).parent
REPO = PACKAGE.parent
_IMPORTS_TESTS = re.compile(
    r"^\s*(?:>>>\s*|\.\.\.\s*)?(?:from\s+tests[\s.]|import\s+tests\b)", re.M
)

# run by the fresh venv's python, outside the repository: every doctest of the installed package
_DOCTESTS = """
import doctest, importlib, pkgutil, sys
import pure_engine
assert "site-packages" in pure_engine.__file__, pure_engine.__file__
flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
failed = tried = 0
for info in pkgutil.walk_packages(pure_engine.__path__, "pure_engine."):
    if info.name.endswith("__main__"):
        continue  # importing it runs the command line
    module = importlib.import_module(info.name)
    result = doctest.testmod(module, optionflags=flags)
    failed, tried = failed + result.failed, tried + result.attempted
print(f"{tried} examples, {failed} failed")
sys.exit(1 if failed or not tried else 0)
"""


def test_no_module_of_the_library_imports_tests() -> None:
    offenders = [
        f"{path.relative_to(REPO)}:{text[: match.start()].count(chr(10)) + 1}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for text in [path.read_text(encoding="utf-8")]
        for match in _IMPORTS_TESTS.finditer(text)
    ]
    assert offenders == []


def test_the_scan_finds_an_import_of_tests() -> None:
    # the checker above can fail: both shapes of the import are caught, in code and doctests
    assert _IMPORTS_TESTS.search("    >>> from tests.toys import make_game\n")
    assert _IMPORTS_TESTS.search("import tests.search_toys\n")
    assert not _IMPORTS_TESTS.search(">>> from pure_engine.testing import toys\n")


@pytest.mark.slow
def test_doctests_pass_from_a_wheel_in_a_fresh_venv(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(REPO)]
    subprocess.run(build, check=True, cwd=tmp_path, timeout=600)
    wheel = next(dist.glob("pure_engine-*.whl"))
    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=False)
    python = fresh / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps"]
    subprocess.run([*install, str(wheel)], check=True, cwd=tmp_path, timeout=600)
    # the dependencies (pyrsistent, hypothesis, ...) come from this environment's site-packages,
    # appended after the fresh one, so pure_engine itself can only be the installed wheel
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(site, "_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    run = subprocess.run(
        [str(python), "-c", _DOCTESTS],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
