"""Run every benchmark (or the ones named) and print Markdown tables.

Usage: ``python -m benchmarks [--both-builds] [NAME ...]`` with names such as ``core``,
``crab``, ``poker``, ``mcts``, ``search``, ``patience``.  Each table's heading names the
build that ran it (compiled or pure, ``pure_engine.build_info()``); ``--both-builds`` runs
each benchmark twice in one run, on the compiled build and then with ``PURE_ENGINE_PURE=1``,
so the two builds' figures sit side by side (docs/performance.md).  Peers (OpenSpiel,
RLCard) come from the ``peers`` extra; a benchmark whose peer is missing says
so and measures pure_engine alone.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
import time

import benchmarks
import pure_engine

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
    both = "--both-builds" in argv
    names = [name for name in argv if name != "--both-builds"] or available()
    unknown = [n for n in names if n not in available()]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(available())}")
        return 2
    for name in names:
        if both:
            for pure in ("0", "1"):
                environment = {**os.environ, "PURE_ENGINE_PURE": pure}
                command = [sys.executable, "-m", "benchmarks", name]
                subprocess.run(command, env=environment, check=True)
            continue
        info = pure_engine.build_info()
        build = f"{info['build']} build, {len(info['compiled'])} modules compiled"
        print(
            f"\n## {name}  ({time.strftime('%Y-%m-%d %H:%M:%S')}, "
            f"python {sys.version.split()[0]}, {build})"
        )
        module = importlib.import_module(f"benchmarks.bench_{name}")
        module.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
