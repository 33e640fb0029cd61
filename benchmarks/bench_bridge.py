"""The double-dummy solver side by side with DDS (C++, through endplay), on the same positions.

Run: ``python -m benchmarks bridge`` (sizes and counts from the environment:
``BRIDGE_SIZES="1 2 3 4 5 6 7 8"``, ``BRIDGE_ENDINGS=200`` per size up to 8 cards,
``BRIDGE_LARGE=20`` per size from 9 to 12 cards, ``BRIDGE_FULL=0`` full 13-card
deals, ``BRIDGE_SEED=14``).  The growth with the cards per hand:
``BRIDGE_SIZES="1 2 3 4 5 6 7 8 9 10 11 12" BRIDGE_FULL=20``.

Each position is a random ending (*size* cards a hand from a shuffled deck),
a random strain and a random leader; both solvers answer "how many tricks
does the side on lead take?" (DDS: ``SolveBoard`` asking for one optimal
card, the deal object built before the clock starts).  Every answer is
compared: a disagreement stops the benchmark.  "Trick nodes" counts the
positions each solver reached at a trick boundary (every fourth-hand card
tried: what DDS reports as its nodes, our ``DDResult.trick_nodes``), so the
two searches' sizes compare apart from the cost per node.
Both clocks are CPU time of this
process (``time.process_time``: what other processes on a shared machine take
does not count), the two solvers alternating position by position.  We report
the median time per solve of each, the ratio ours / DDS, and our nodes per second.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

from benchmarks._timing import print_table
from pure_engine.games.bridge.double_dummy.solver import solve
from pure_engine.games.trick_taking.pbn import pbn_str, random_hands
from pure_engine.games.trick_taking.tricks import Strain

__all__ = ["main"]


def _dds() -> Any:
    try:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return None
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]

    def run(
        hands: tuple[int, int, int, int], strain: Strain, leader: int
    ) -> tuple[float, int, int]:
        """DDS's CPU seconds, its answer and its node count (trick-boundary searches)."""
        deal = Deal(pbn_str(hands))
        deal.trump = denoms[strain]
        deal.first = Player(leader)
        started = time.process_time()
        board = solve_board(deal, SolveMode.OptimalOne)
        answer = max(t for _, t in board)
        return time.process_time() - started, int(answer), int(board._data.nodes)

    return run


def main() -> None:
    """One row per hand size: medians, the ratio, nodes/s; then the full deals if asked."""
    sizes = [int(s) for s in os.environ.get("BRIDGE_SIZES", "1 2 3 4 5 6 7 8").split()]
    count = int(os.environ.get("BRIDGE_ENDINGS", "200"))
    large = int(os.environ.get("BRIDGE_LARGE", "20"))
    full = int(os.environ.get("BRIDGE_FULL", "0"))
    seed = int(os.environ.get("BRIDGE_SEED", "14"))
    dds = _dds()
    if dds is None:
        print("endplay (DDS) is not installed: pip install '.[peers]'; measuring ours alone")
    rows: list[list[object]] = []
    plan = [(size, count if size <= 8 else large) for size in sizes if size < 13]
    plan += [(13, full)] if full else []
    for size, n in plan:
        row = _size_row(size, n, random.Random(seed * 100 + size), dds)
        rows.append(row)
        print("  " + " | ".join(str(cell) for cell in row), flush=True)
    print_table(
        "Double dummy, one strain and leader per solve (median; ratio = ours / DDS)",
        [
            "cards a hand",
            "positions",
            "ours",
            "ours max",
            "DDS",
            "ratio",
            "our nodes/s",
            "trick nodes: ours / DDS (mean)",
        ],
        rows,
    )


def _size_row(size: int, n: int, rng: random.Random, dds: Any) -> list[object]:
    """*n* random endings of *size* cards a hand solved by both solvers: the table's row."""
    ours_t: list[float] = []
    theirs_t: list[float] = []
    by_strain: dict[Strain, list[float]] = {}
    nodes = trick_nodes = dds_nodes = their_nodes = 0
    for index in range(n):
        hands = random_hands(rng, size)
        strain, leader = Strain(rng.randrange(5)), rng.randrange(4)
        started = time.process_time()
        result = solve(hands, strain, leader)
        ours_t.append(time.process_time() - started)
        by_strain.setdefault(strain, []).append(ours_t[-1])
        nodes += result.nodes
        trick_nodes += result.trick_nodes
        if dds is not None:
            seconds, tricks, their_nodes = dds(hands, strain, leader)
            theirs_t.append(seconds)
            dds_nodes += their_nodes
            if tricks != result.tricks:
                raise AssertionError(
                    f"disagreement on {pbn_str(hands)} {strain.letter} leader {leader}: "
                    f"ours {result.tricks}, DDS {tricks}"
                )
        if size > 8:  # large deals are slow: one line each, so a cut-short run says something
            dds_ms = f"{theirs_t[-1] * 1e3:.1f} ms ({their_nodes:,} nodes)" if theirs_t else "-"
            print(
                f"    deal {index + 1}/{n} {strain.letter} leader {'NESW'[leader]}: "
                f"{result.tricks} tricks, ours {ours_t[-1]:.2f} s ({result.nodes:,} nodes, "
                f"{result.trick_nodes:,} trick nodes), "
                f"DDS {dds_ms}, median so far {statistics.median(ours_t):.2f} s",
                flush=True,
            )
    if size == 13:
        for strain in sorted(by_strain):
            times = by_strain[strain]
            print(
                f"    {strain.letter}: {len(times)} deals, "
                f"median {statistics.median(times):.2f} s, max {max(times):.2f} s",
                flush=True,
            )
    ours = statistics.median(ours_t)
    row: list[object] = [size, n, f"{ours * 1e3:.2f} ms", f"{max(ours_t) * 1e3:.0f} ms"]
    if theirs_t:
        theirs = statistics.median(theirs_t)
        row += [f"{theirs * 1e3:.3f} ms", f"{ours / theirs:.1f}x"]
    else:
        row += ["-", "-"]
    row.append(f"{nodes / sum(ours_t):,.0f}")
    row.append(
        f"{trick_nodes / n:,.0f} / {dds_nodes / n:,.0f}" if theirs_t else f"{trick_nodes / n:,.0f}"
    )
    return row


if __name__ == "__main__":
    main()
