"""Shared timing helpers for the benchmarks: medians over repeats, printed as tables."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

__all__ = ["median_ns", "print_table", "rate"]


def median_ns(fn: Callable[[], object], *, number: int = 10_000, repeat: int = 7) -> float:
    """Median nanoseconds per call of *fn* over *repeat* batches of *number* calls."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter_ns() - t0) / number)
    return statistics.median(samples)


def rate(fn: Callable[[], int], *, seconds: float = 1.0) -> float:
    """Units per second: *fn* does some work and returns how many units it did."""
    units = 0
    t0 = time.perf_counter()
    while True:
        units += fn()
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return units / elapsed


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """A plain Markdown table (pasteable into docs/benchmarks.md)."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
