"""Match throughput: ``play_match`` against OpenSpiel's Python bot loop, side by side.

Two rows per game:

* random vs random — the arena's own overhead (seat rotation, chance draws,
  bookkeeping) against ``open_spiel.python.algorithms.evaluate_bots`` with
  ``UniformRandomBot`` on OpenSpiel's C++ game states;
* MCTS (200 simulations, one random rollout per leaf, uct_c 1.4) vs random —
  our ``mcts:omniscient=1`` bot against OpenSpiel's Python ``MCTSBot`` with a
  ``RandomRolloutEvaluator``.  Both search the true state (OpenSpiel's bot
  clones it), so both cheat equally; the mean return of the MCTS side shows
  the two play at the same strength.

Run: ``PYTHONPATH=. python3 benchmarks/bench_play.py`` (or ``python -m benchmarks play``).
"""

from __future__ import annotations

import time

from benchmarks._timing import print_table
from pure_engine.core.registry import load_game
from pure_engine.search.arena import play_match
from pure_engine.search.bots import make_bot

__all__ = ["main"]

SIMULATIONS = 200


def _ours(name: str, specs: tuple[str, str], games: int) -> tuple[float, float]:
    game = load_game(name)
    bots = [
        make_bot(spec, game, seed=index, simulations=SIMULATIONS)
        for index, spec in enumerate(specs)
    ]
    started = time.perf_counter()
    result = play_match(game, bots, games=games, seed=1)
    return games / (time.perf_counter() - started), result.bots[0].mean


def _openspiel(name: str, first: str, games: int) -> tuple[float, float] | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import evaluate_bots, mcts
        from open_spiel.python.bots import uniform_random
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(1)

    def make_first(seat: int) -> object:
        if first == "random":
            return uniform_random.UniformRandomBot(seat, rng)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        return mcts.MCTSBot(game, 1.4, SIMULATIONS, evaluator, solve=False, random_state=rng)

    total = 0.0
    started = time.perf_counter()
    for index in range(games):
        seat = index % 2
        bots = [make_first(seat), uniform_random.UniformRandomBot(1 - seat, rng)]
        if seat == 1:
            bots.reverse()
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        total += returns[seat]
    return games / (time.perf_counter() - started), total / games


def _row(label: str, ours: tuple[float, float], peer: tuple[float, float] | None) -> list[object]:
    if peer is None:
        return [label, f"{ours[0]:,.0f}", f"{ours[1]:+.3f}", "n/a", "n/a", "n/a"]
    return [
        label,
        f"{ours[0]:,.0f}",
        f"{ours[1]:+.3f}",
        f"{peer[0]:,.0f}",
        f"{peer[1]:+.3f}",
        f"{ours[0] / peer[0]:.2f}",
    ]


def main() -> None:
    """Print the table."""
    rows: list[list[object]] = []
    cases: list[tuple[str, str, tuple[str, str], int, int]] = [
        ("kuhn_poker", "random", ("random", "random"), 20_000, 20_000),
        ("leduc_poker", "random", ("random", "random"), 10_000, 10_000),
        ("kuhn_poker", "mcts", ("mcts:omniscient=1", "random"), 200, 200),
        ("leduc_poker", "mcts", ("mcts:omniscient=1", "random"), 100, 100),
    ]
    for name, first, specs, our_games, peer_games in cases:
        ours = _ours(name, specs, our_games)
        peer = _openspiel(name, first, peer_games)
        rows.append(_row(f"{name}: {specs[0]} vs random", ours, peer))
    print_table(
        f"play_match vs OpenSpiel evaluate_bots (games/s; MCTS {SIMULATIONS} simulations/move)",
        ["match", "ours games/s", "ours mean", "OpenSpiel games/s", "OpenSpiel mean", "ratio"],
        rows,
    )


if __name__ == "__main__":
    main()
