"""Test configuration: ``--run-slow`` opts into long property runs; ``peers`` tests
skip cleanly when open-spiel / rlcard are not installed."""

from __future__ import annotations

import importlib.util
import os

import pytest
from hypothesis import HealthCheck, settings

# --regen-golden: rewrite golden files on purpose (pure_engine.testing.assert_golden)
pytest_plugins = ["pure_engine.testing.pytest_plugin"]

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("slow", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("PURE_ENGINE_HYPOTHESIS", "ci"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="run the long property tests")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--run-slow"):
        settings.load_profile("slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    run_slow = config.getoption("--run-slow")
    have_peers = importlib.util.find_spec("pyspiel") is not None
    for item in items:
        if "slow" in item.keywords and not run_slow:
            item.add_marker(pytest.mark.skip(reason="slow: pass --run-slow"))
        if "peers" in item.keywords and not have_peers:
            item.add_marker(pytest.mark.skip(reason="peers extra not installed"))
