"""Puzzle search speed on the 3x3 sliding puzzle, and the overhead over a bare A* loop.

Run: ``PYTHONPATH=. python3 benchmarks/bench_search.py`` (from the repository root).

Every algorithm solves the same seeded 3x3 positions through
:func:`pure_engine.search.puzzle.solve` (so through the Game adapter, with
``game.key`` transposition).  The "bare loop" row is a minimal A* written
inline over the same step function and heuristic, with no budget checks, no
stats and no Game indirection: the floor the library loop is compared with.
"""

from __future__ import annotations

import heapq
import time

from benchmarks._timing import print_table
from pure_engine.search.puzzle import solve
from tests.search_toys import SlideState, goal_board, make_sliding_game, manhattan

__all__ = ["main"]

SEEDS = range(20)


def bare_astar(start: SlideState) -> tuple[int, int]:
    """(solution length, expanded) by a minimal A*: the floor for the library's loop."""
    game = make_sliding_game(3, 3)
    goal = goal_board(3, 3)
    best = {start.board: 0}
    heap = [(manhattan(start), 0, 0, 0, start)]
    tie = 1
    expanded = 0
    while heap:
        _, _, _, g, s = heapq.heappop(heap)
        if best[s.board] < g:
            continue
        if s.board == goal:
            return g, expanded
        expanded += 1
        for a in game.legal_actions(s):
            t = game.step(s, a)
            if best.get(t.board, 1 << 30) <= g + 1:
                continue
            best[t.board] = g + 1
            heapq.heappush(heap, (g + 1 + manhattan(t), -(g + 1), tie, g + 1, t))
            tie += 1
    raise AssertionError("unsolvable start")


def main() -> None:
    """Print one table: per algorithm, solution length sum, expanded nodes, time, nodes/s."""
    game = make_sliding_game(3, 3)
    starts = [game.initial_state(seed=s) for s in SEEDS]
    rows: list[list[object]] = []
    optimum = 0.0
    for algorithm, heuristic in (
        ("astar", manhattan),
        ("idastar", manhattan),
        ("wastar", manhattan),
        ("greedy", manhattan),
        ("bfs", None),
    ):
        t0 = time.perf_counter()
        length = expanded = 0
        for start in starts:
            result = solve(game, start, algorithm=algorithm, heuristic=heuristic, weight=2.0)
            assert result.is_solved
            length += len(result.actions)
            expanded += result.stats.expanded
        seconds = time.perf_counter() - t0
        if algorithm == "astar":
            optimum = length
        rows.append(
            [
                algorithm,
                length,
                expanded,
                f"{seconds:.2f}",
                f"{expanded / seconds / 1000:.0f} k",
            ]
        )
    t0 = time.perf_counter()
    length = expanded = 0
    for start in starts:
        solution, n = bare_astar(start)
        length += solution
        expanded += n
    seconds = time.perf_counter() - t0
    assert length == optimum
    rows.append(
        ["bare A* loop", length, expanded, f"{seconds:.2f}", f"{expanded / seconds / 1000:.0f} k"]
    )
    print_table(
        f"3x3 sliding puzzle, {len(starts)} seeded positions (manhattan; wastar weight 2)",
        ["algorithm", "total moves", "expanded", "seconds", "expanded/s"],
        rows,
    )


if __name__ == "__main__":
    main()
