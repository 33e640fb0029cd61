"""pytest plugin: the ``--regen-golden`` option for golden files.

Enable it in a conftest.py with ``pytest_plugins = ["pure_engine.testing.pytest_plugin"]``
(or ``-p pure_engine.testing.pytest_plugin``).  The option sets
``PURE_ENGINE_REGEN_GOLDEN=1`` for the run, so every ``assert_golden`` call
rewrites its file instead of comparing; the ``regen_golden`` fixture tells a
test whether that is happening.
"""

from __future__ import annotations

import os

import pytest

from pure_engine.testing.golden import REGEN_ENV, regenerate_requested

__all__ = ["pytest_addoption", "pytest_configure", "regen_golden"]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--regen-golden``."""
    parser.addoption(
        "--regen-golden",
        action="store_true",
        help="rewrite golden files (pure_engine.testing.assert_golden) instead of comparing",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Turn the option into the environment switch assert_golden reads."""
    if config.getoption("--regen-golden", default=False):
        os.environ[REGEN_ENV] = "1"


@pytest.fixture
def regen_golden() -> bool:
    """True when golden files are being regenerated in this run."""
    return regenerate_requested()
