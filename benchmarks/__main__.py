"""Run every benchmark (or the ones named) and print Markdown tables.

Usage: ``python -m benchmarks [NAME ...]`` with names such as ``core``,
``crab``, ``poker``, ``mcts``, ``search``, ``patience``.  Peers (OpenSpiel,
RLCard) come from the ``peers`` extra; a benchmark whose peer is missing says
so and measures pure_engine alone.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks

__all__ = ["main"]


def available() -> list[str]:
    """Names of the benchmark modules (``bench_<name>.py``)."""
    return sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules(benchmarks.__path__)
        if m.name.startswith("bench_")
    )


def main(argv: list[str]) -> int:
    """Run the named benchmarks (all when none are named)."""
    names = argv or available()
    unknown = [n for n in names if n not in available()]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(available())}")
        return 2
    for name in names:
        print(
            f"\n## {name}  ({time.strftime('%Y-%m-%d %H:%M:%S')}, python {sys.version.split()[0]})"
        )
        module = importlib.import_module(f"benchmarks.bench_{name}")
        module.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
