"""The examples in the docs pages run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize(
    "page", ["architecture.md", "tricks.md", "rules.md", "bridge.md", "performance.md"]
)
def test_page_examples_run(page: str) -> None:
    failures, tried = doctest.testfile(
        str(DOCS / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 0 and failures == 0
