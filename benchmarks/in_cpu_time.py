"""Run ``python -m benchmarks NAME ...`` with every clock read counting CPU time, not wall time.

    cd CHECKOUT && python /path/to/benchmarks/in_cpu_time.py NAME ...

The machine the benchmarks run on is shared (two cores, several people): a
figure timed with ``time.perf_counter`` counts the time other processes held
the core, and ours and the peer's are timed at different moments, so a ratio
moves by more than the few per cent a before/after comparison judges.  Before
any benchmark or library module is imported, this replaces
``time.perf_counter`` (and ``perf_counter_ns``) by the CPU seconds of this
process plus those of its finished child processes (``check_game``'s fresh
process, ``make-microsoft-freecell-board``).  Every figure every benchmark
prints -- ours and the peer's, and the solvers' time budgets -- is then CPU
time, with no change to the benchmark code.

It runs the ``benchmarks`` package of the current directory against the
``pure_engine`` there, so one command measures any checkout the same way (the
code before a change, in its own worktree, included).
"""

from __future__ import annotations

import os
import resource
import runpy
import sys
import time

__all__ = ["cpu_seconds"]


def cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and of its children that have exited."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _cpu_ns() -> int:
    return int(cpu_seconds() * 1e9)


if __name__ == "__main__":
    time.perf_counter = cpu_seconds
    time.perf_counter_ns = _cpu_ns
    sys.path[0] = os.getcwd()  # the checkout being measured, not this file's directory
    sys.argv = ["benchmarks", *sys.argv[1:]]
    runpy.run_module("benchmarks", run_name="__main__", alter_sys=True)
