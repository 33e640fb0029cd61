"""Shared timing helpers for the benchmarks: medians over repeats, printed as tables."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

__all__ = ["interleaved_rates", "median_ns", "median_ratio", "print_table", "rate"]


def median_ns(fn: Callable[[], object], *, number: int = 10_000, repeat: int = 7) -> float:
    """Median nanoseconds per call of *fn* over *repeat* batches of *number* calls."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter_ns() - t0) / number)
    return statistics.median(samples)


def rate(
    fn: Callable[[], int], *, seconds: float = 1.0, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Units per second of *clock*: *fn* does some work and returns how many units it did;
    it runs until *seconds* have passed."""
    units = 0
    t0 = clock()
    while True:
        units += fn()
        elapsed = clock() - t0
        if elapsed >= seconds:
            return units / elapsed


def interleaved_rates(
    contenders: Sequence[Callable[[], int]], *, seconds: float = 2.0, rounds: int = 5
) -> list[list[float]]:
    """Units per CPU second of each contender, measured in alternating rounds.

    The machines are shared: a contender timed alone, then its peer timed
    later, can see very different loads.  Here each round runs every
    contender in turn for *seconds* of this process's CPU time
    (``time.process_time``, which does not count the time other processes
    take the core away), so every contender meets the same conditions.
    Returns one list of per-round rates per contender; compare them round by
    round (:func:`median_ratio`).
    """
    rates: list[list[float]] = [[] for _ in contenders]
    for _ in range(rounds):
        for index, fn in enumerate(contenders):
            rates[index].append(rate(fn, seconds=seconds, clock=time.process_time))
    return rates


def median_ratio(ours: Sequence[float], theirs: Sequence[float]) -> float:
    """The median over rounds of ``ours[i] / theirs[i]`` (see :func:`interleaved_rates`)."""
    return statistics.median(a / b for a, b in zip(ours, theirs, strict=True))


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """A plain Markdown table (pasteable into docs/benchmarks.md)."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
