"""Recursive Combat (AoC 2020 day 22 part 2) on PEERS.md's seeded inputs, side by side.

Run: ``python -m benchmarks crab``.

The baseline is the straightforward solution PEERS.md measures: deque decks,
a set of ``(tuple, tuple)`` per game, Python recursion
(``tests/crab_reference.py``, which the differential tests use too).  We report our engine
with its proven sub-game shortcut (the default) and without it (then every
round the baseline plays is played too, and the round counts match).  Goal:
engine time <= 0.8x the baseline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from benchmarks._timing import print_table
from pure_engine.games.crab_combat.solver import seeded_decks, solve
from tests.crab_reference import recursive_combat

__all__ = ["main"]

Deck = tuple[int, ...]


def _best_of(fn: Callable[[], tuple[int, int]], repeat: int = 3) -> tuple[float, tuple[int, int]]:
    best, answer = float("inf"), (0, 0)
    for _ in range(repeat):
        t0 = time.perf_counter()
        answer = fn()
        best = min(best, time.perf_counter() - t0)
    return best, answer


def main() -> None:
    """One row per seed: times, ratios, and the agreed answer."""
    rows: list[list[object]] = []
    totals = [0.0, 0.0, 0.0]
    for seed in range(5):
        d1, d2 = seeded_decks(seed)

        def ours(shortcut: bool, d1: Deck = d1, d2: Deck = d2) -> tuple[int, int]:
            result = solve(d1, d2, recursive=True, shortcut=shortcut)
            return result.winner, result.score

        t_base, want = _best_of(partial(recursive_combat, d1, d2))
        t_full, got_full = _best_of(lambda: ours(False))
        t_fast, got_fast = _best_of(lambda: ours(True))
        assert got_full == want and got_fast == want, (seed, want, got_full, got_fast)
        totals = [totals[0] + t_base, totals[1] + t_full, totals[2] + t_fast]
        rows.append(
            [
                seed,
                f"{want[0]} / {want[1]}",
                f"{t_base * 1e3:.1f} ms",
                f"{t_full * 1e3:.1f} ms ({t_full / t_base:.2f}x)",
                f"{t_fast * 1e3:.2f} ms ({t_fast / t_base:.3f}x)",
            ]
        )
    rows.append(
        [
            "all",
            "",
            f"{totals[0] * 1e3:.1f} ms",
            f"{totals[1] * 1e3:.1f} ms ({totals[1] / totals[0]:.2f}x)",
            f"{totals[2] * 1e3:.2f} ms ({totals[2] / totals[0]:.3f}x)",
        ]
    )
    print_table(
        "Recursive Combat part 2, seeds 0-4 (best of 3; ratio = time / baseline)",
        ["seed", "winner / score", "deque baseline", "ours, every round", "ours, shortcut"],
        rows,
    )


if __name__ == "__main__":
    main()
