"""Search speed: puzzle search on the 3x3 sliding puzzle, adversarial search on tic-tac-toe.

Run: ``PYTHONPATH=. python3 benchmarks/bench_search.py`` (from the repository root);
``... bench_search.py puzzle`` (or ``adversarial``, ``chance``, ``poker``) runs one part.

Every algorithm solves the same seeded 3x3 positions through
:func:`pure_engine.search.puzzle.solve` (so through the Game adapter, with
``game.key`` transposition).  The "bare loop" row is a minimal A* written
inline over the same step function and heuristic, with no budget checks, no
stats and no Game indirection: the floor the library loop is compared with.

The adversarial table solves tic-tac-toe from the empty board (a draw) with
plain minimax, alpha-beta without and with the transposition table, and,
when OpenSpiel is installed, its Python ``alpha_beta_search`` over its C++
tic-tac-toe in the same run (no table there; time is the comparable figure).
The chance table solves a dice duel (tests/search_toys.py) with expectimax
and each *-minimax / table configuration; the poker table solves Leduc with
every card seen, beside OpenSpiel's Python ``expectiminimax`` over its C++ Leduc.
"""

from __future__ import annotations

import heapq
import math
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from benchmarks._timing import print_table
from pure_engine.core.game import Game
from pure_engine.search import (
    AdversarialResult,
    alphabeta,
    expectimax,
)
from pure_engine.search.puzzle import solve
from tests.search_toys import (
    SlideState,
    TicState,
    goal_board,
    make_dice_duel,
    make_sliding_game,
    make_tictactoe,
    manhattan,
)

__all__ = ["adversarial", "chance", "main", "poker", "puzzle"]

T = TypeVar("T")

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


def puzzle() -> None:
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
            assert result.solved
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


def _open_spiel_tictactoe() -> Callable[[], float] | None:
    """OpenSpiel's Python alpha-beta over its C++ tic-tac-toe, if the peer is installed."""
    game = _spiel_game("tic_tac_toe")
    if game is None:
        return None
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    return lambda: float(alpha_beta_search(game, maximizing_player_id=0)[0])


def _spiel_game(name: str) -> Any:
    """``pyspiel.load_game(name)``, or None when the peers extra is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(name)


def bare_alphabeta(game: Game[TicState, int], state: TicState) -> tuple[float, int]:
    """(value for the player to move, expanded) by a minimal negamax: the engine's floor."""
    current_player, legal_actions = game.current_player, game.legal_actions
    step, returns = game.step, game.returns
    expanded = 0

    def negamax(s: TicState, alpha: float, beta: float) -> float:
        nonlocal expanded
        mover = current_player(s)
        if mover < 0:
            return returns(s)[(9 - s.board.count(0)) & 1]  # the view of the player to move
        expanded += 1
        best = -math.inf
        for a in legal_actions(s):
            v = -negamax(step(s, a), -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    return negamax(state, -math.inf, math.inf) + 0.0, expanded  # no -0.0


def adversarial() -> None:
    """Print one table: tic-tac-toe solved by each search, nodes expanded, time, nodes/s."""
    game = make_tictactoe()
    start = game.initial_state()
    searches: list[tuple[str, Callable[[], AdversarialResult[int]]]] = [
        ("minimax (no pruning)", lambda: expectimax(game, start)),
        ("alphabeta, no table", lambda: alphabeta(game, start, tt=False)),
        ("alphabeta, table", lambda: alphabeta(game, start)),
        ("alphabeta, table + deepening", lambda: alphabeta(game, start, deepen=True)),
        ("alphabeta, table, depth 4", lambda: alphabeta(game, start, depth=4)),
    ]
    rows: list[list[object]] = []
    base = 0.0
    for name, run in searches:
        seconds, result = _best_of(run, repeat=3 if name.startswith("minimax") else 7)
        if name.startswith("alphabeta, no"):
            base = seconds
        expanded = result.stats.expanded
        rows.append(_search_row(name, result.value, expanded, seconds))
    seconds, (value, expanded) = _best_of(lambda: bare_alphabeta(game, start), repeat=7)
    rows.append(_search_row("bare negamax loop (no table, no stats)", value, expanded, seconds))
    peer = _open_spiel_tictactoe()
    if peer is not None:
        seconds, value = _best_of(peer, repeat=3)
        rows.append(
            [
                "OpenSpiel alpha_beta_search (Python over C++ game)",
                value,
                "-",
                f"{seconds * 1000:.1f}",
                f"{seconds / base:.2f}x our no-table time",
            ]
        )
    print_table(
        "tic-tac-toe from the empty board (value 0 = draw), best of several runs",
        ["search", "value", "expanded", "ms", "expanded/s"],
        rows,
    )


def chance() -> None:
    """Print one table: the dice duel (4 turns each) by expectimax and each pruned search."""
    game = make_dice_duel(turns=4)
    start = game.initial_state()
    rows: list[list[object]] = []
    base_expanded = 0
    configurations: list[tuple[str, Callable[[], AdversarialResult[int]]]] = [
        ("expectimax (no pruning, no table)", lambda: expectimax(game, start)),
        ("star1, no table", lambda: alphabeta(game, start, pruning="star1", tt=False)),
        ("star2, no table", lambda: alphabeta(game, start, pruning="star2", tt=False)),
        ("no pruning, table", lambda: alphabeta(game, start, pruning=None)),
        ("star1, table", lambda: alphabeta(game, start, pruning="star1")),
        ("star2, table (alphabeta's default)", lambda: alphabeta(game, start)),
    ]
    for name, run in configurations:
        seconds, result = _best_of(run, repeat=1 if "no table" in name else 5)
        expanded = result.stats.expanded
        base_expanded = base_expanded or expanded
        rows.append(
            [
                name,
                f"{result.value:.6f}",
                expanded,
                f"{base_expanded / expanded:.0f}x",
                f"{seconds * 1000:.0f}",
                f"{expanded / seconds / 1000:.0f} k",
            ]
        )
    print_table(
        "dice duel, 4 decisions each (chance nodes, transpositions), solved from the start",
        ["search", "value", "expanded", "fewer than expectimax", "ms", "expanded/s"],
        rows,
    )


def poker() -> None:
    """Print one table: Leduc poker solved with every card seen (a perfect-information tree).

    Not a poker strategy (players see each other's cards): a measure of search
    speed on a real card game with chance, beside OpenSpiel's Python
    ``expectiminimax`` over its C++ Leduc when that peer is installed.
    """
    import pure_engine

    game = pure_engine.load_game("leduc_poker")
    start = game.initial_state()
    rows: list[list[object]] = []
    configurations: list[tuple[str, Callable[[], AdversarialResult[int]]]] = [
        ("expectimax (no pruning, no table)", lambda: expectimax(game, start)),
        ("star1, no table", lambda: alphabeta(game, start, pruning="star1", tt=False)),
        ("star2, table (alphabeta's default)", lambda: alphabeta(game, start)),
    ]
    for name, run in configurations:
        seconds, result = _best_of(run, repeat=5)
        expanded = result.stats.expanded
        rows.append(_search_row(name, f"{result.value:.6f}", expanded, seconds))
    peer = _open_spiel_leduc()
    if peer is not None:
        seconds, value = _best_of(peer, repeat=5)
        rows.append(
            [
                "OpenSpiel expectiminimax (Python over C++ game)",
                f"{value:.6f}",
                "-",
                f"{seconds * 1000:.1f}",
                "-",
            ]
        )
    print_table(
        "Leduc poker, every card seen, solved from the deal (value for player 0)",
        ["search", "value", "expanded", "ms", "expanded/s"],
        rows,
    )


def _open_spiel_leduc() -> Callable[[], float] | None:
    game = _spiel_game("leduc_poker")
    if game is None:
        return None
    from open_spiel.python.algorithms.minimax import expectiminimax

    return lambda: float(expectiminimax(game.new_initial_state(), 20, None, 0)[0])


def _search_row(name: str, value: object, expanded: int, seconds: float) -> list[object]:
    """A row of the adversarial and poker tables: the search, its value, the nodes it expanded,
    milliseconds and expansions a second."""
    return [name, value, expanded, f"{seconds * 1000:.1f}", f"{expanded / seconds / 1000:.0f} k"]


def _best_of(run: Callable[[], T], *, repeat: int) -> tuple[float, T]:
    best = float("inf")
    result: T | None = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - t0)
    assert result is not None
    return best, result


def main(argv: list[str] | None = None) -> None:
    """Run the parts named in *argv* (puzzle, adversarial, chance, poker); by default all."""
    parts = argv if argv else ["puzzle", "adversarial", "chance", "poker"]
    table = {"puzzle": puzzle, "adversarial": adversarial, "chance": chance, "poker": poker}
    for part in parts:
        table[part]()


if __name__ == "__main__":
    main(sys.argv[1:])
