"""Random playouts of Kuhn poker and Leduc hold'em, side by side with the peers.

Run: ``python -m benchmarks poker``.

One driver loop over each engine: ``sample_chance`` (or the peer's chance
distribution) at chance nodes, a uniformly random legal action otherwise,
until the game ends.  Peers: OpenSpiel's C++ ``leduc_poker``/``kuhn_poker``
and its pure-Python ``python_kuhn_poker`` driven by the same loop, and
RLCard's raw ``LeducholdemGame`` (its rules end random games sooner, so it is
compared per decision).  Goals: Leduc games/s >= OpenSpiel C++, decisions/s
>= 2x RLCard; Kuhn >= 3x ``python_kuhn_poker``.

Each rival runs against ours in alternating rounds of CPU time
(:func:`benchmarks._timing.interleaved_rates`); the ratio is the median of the
per-round ratios, so a load change on the shared machine hits both sides.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from statistics import median
from typing import Any

from benchmarks._timing import interleaved_rates, median_ratio, print_table
from pure_engine import load_game
from pure_engine.core.playout import random_playouts

__all__ = ["main"]

Runner = Callable[[int], tuple[int, int]]  # games -> (decisions, plies)
ROUNDS = 9
SLICE = 0.3  # CPU seconds per contender per round
BATCH = 500  # games per call


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


class Tally:
    """Calls a runner for BATCH games at a time; counts games, decisions and plies."""

    def __init__(self, run: Runner) -> None:
        run(200)  # warm the memo tables and caches
        self.run = run
        self.games = self.decisions = self.plies = 0

    def __call__(self) -> int:
        d, p = self.run(BATCH)
        self.games, self.decisions, self.plies = (
            self.games + BATCH,
            self.decisions + d,
            self.plies + p,
        )
        return BATCH

    def row(self, label: str, games_per_s: float) -> list[object]:
        """games/s, decisions/s and plies/s, the last two from this tally's per-game counts."""
        per_game = games_per_s / self.games
        return [
            label,
            f"{games_per_s / 1e3:.1f} k",
            f"{self.decisions * per_game / 1e3:.1f} k",
            f"{self.plies * per_game / 1e3:.0f} k",
        ]


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
        rows: list[list[object]] = []
        for label, runner in rivals:
            if runner is None:
                rows.append([label, "not installed", "", "", ""])
                continue
            mine, theirs = Tally(ours(name)), Tally(runner)
            our_rates, their_rates = interleaved_rates([mine, theirs], seconds=SLICE, rounds=ROUNDS)
            ratio = median_ratio(our_rates, their_rates)
            per_decision = ratio * (mine.decisions / mine.games) / (theirs.decisions / theirs.games)
            rows.append([*mine.row(f"pure_engine {name}", median(our_rates)), "1"])
            rows.append(
                [
                    *theirs.row(label, median(their_rates)),
                    f"ours {ratio:.2f}x games/s, {per_decision:.2f}x decisions/s",
                ]
            )
        print_table(
            f"{name}: random playouts per CPU second ({ROUNDS} alternating rounds)",
            ["engine", "games/s", "decisions/s", "plies/s", "ratio"],
            rows,
        )


if __name__ == "__main__":
    main()
