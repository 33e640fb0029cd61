"""Random playouts of Kuhn poker and Leduc hold'em, side by side with the peers.

Run: ``python -m benchmarks poker``.

One driver loop over each engine: ``sample_chance`` (or the peer's chance
distribution) at chance nodes, a uniformly random legal action otherwise,
until the game ends.  Peers: OpenSpiel's C++ ``leduc_poker``/``kuhn_poker``
and its pure-Python ``python_kuhn_poker`` driven by the same loop, and
RLCard's raw ``LeducholdemGame`` (its rules end random games sooner, so it is
compared per decision).  Goals: Leduc games/s >= OpenSpiel C++, decisions/s
>= 2x RLCard; Kuhn >= 3x ``python_kuhn_poker``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from benchmarks._timing import print_table
from pure_engine import load_game
from pure_engine.core.playout import random_playouts

__all__ = ["main"]

Runner = Callable[[int], tuple[int, int]]  # games -> (decisions, plies)
SECONDS = 1.5


def ours(name: str) -> Runner:
    """Our protocol, driven by the plain loop (:func:`pure_engine.core.playout.random_playouts`)."""
    game = load_game(name)
    calls = itertools.count(1)

    def run(games: int) -> tuple[int, int]:
        counts = random_playouts(game, games, seed=next(calls))
        return counts.decisions, counts.plies

    return run


def openspiel(name: str) -> Runner | None:
    """OpenSpiel's game *name*, the same loop through its Python bindings."""
    try:
        import pyspiel

        if name.startswith("python_"):
            import open_spiel.python.games  # noqa: F401 - registers the Python games
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    rand = rng.random

    def run(games: int) -> tuple[int, int]:
        decisions = plies = 0
        for _ in range(games):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(rand() * len(outcomes))][0])
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[int(rand() * len(legal))])
                    decisions += 1
                plies += 1
        return decisions, plies

    return run


def rlcard_leduc() -> Runner | None:
    """RLCard's raw Leduc game object (no env wrapper), the same loop."""
    try:
        from rlcard.games.leducholdem.game import LeducholdemGame
    except ImportError:
        return None
    game: Any = LeducholdemGame()
    rng = random.Random(1)
    rand = rng.random

    def run(games: int) -> tuple[int, int]:
        decisions = 0
        for _ in range(games):
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(rand() * len(legal))])
                decisions += 1
        return decisions, decisions

    return run


def measure(run: Runner) -> tuple[float, float, float]:
    """(games/s, decisions/s, plies/s) over about SECONDS seconds."""
    import time

    run(200)  # warm the memo tables and caches
    games = decisions = plies = 0
    t0 = time.perf_counter()
    while (elapsed := time.perf_counter() - t0) < SECONDS:
        d, p = run(500)
        games, decisions, plies = games + 500, decisions + d, plies + p
    return games / elapsed, decisions / elapsed, plies / elapsed


def main() -> None:
    """Print one table per game with ratios to our engine."""
    peers: dict[str, list[tuple[str, Runner | None]]] = {
        "kuhn_poker": [
            ("OpenSpiel C++ kuhn_poker", openspiel("kuhn_poker")),
            ("OpenSpiel python_kuhn_poker", openspiel("python_kuhn_poker")),
        ],
        "leduc_poker": [
            ("OpenSpiel C++ leduc_poker", openspiel("leduc_poker")),
            ("RLCard LeducholdemGame (raw)", rlcard_leduc()),
        ],
    }
    for name, rivals in peers.items():
        g, d, p = measure(ours(name))
        rows: list[list[object]] = [
            [f"pure_engine {name}", f"{g / 1e3:.1f} k", f"{d / 1e3:.1f} k", f"{p / 1e3:.0f} k", "1"]
        ]
        for label, runner in rivals:
            if runner is None:
                rows.append([label, "not installed", "", "", ""])
                continue
            pg, pd, pp = measure(runner)
            rows.append(
                [
                    label,
                    f"{pg / 1e3:.1f} k",
                    f"{pd / 1e3:.1f} k",
                    f"{pp / 1e3:.0f} k",
                    f"ours {g / pg:.2f}x games/s, {d / pd:.2f}x decisions/s",
                ]
            )
        print_table(
            f"{name}: random playouts, one driver loop",
            ["engine", "games/s", "decisions/s", "plies/s", "ratio"],
            rows,
        )


if __name__ == "__main__":
    main()
