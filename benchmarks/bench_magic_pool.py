"""magic_lite on decks drawn from the whole card pool: every card of the set in play.

Run: ``python -m benchmarks magic_pool``.

Twelve deck pairs are drawn from the whole pool (``decks.random_deck``: two colours, 17 basic
lands, 23 cards those colours cast; pair *k* from ``Random(k)``), and random games are played
on them with skip-trivial on, seed *k* on pair *k* mod 12, as ``bench_magic`` plays its preset
decks (choices from ``Random(seed)`` at real decisions).  Reported: games per CPU second over
alternating rounds (``benchmarks._timing.interleaved_rates``), decisions per game and ticks per
decision.  A change of the rules or of the pool is measured by running this module from the
trees before and after it in alternating fresh processes and comparing the figures round by
round: games per second move with the pool as well as with the code, since new cards change
what the games are.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks._timing import interleaved_rates, print_table
from benchmarks.bench_magic import ROUNDS, SECONDS, Tally, play_one
from pure_engine import load_game
from pure_engine.games.magic_lite.decks import random_pair

__all__ = ["main", "pool_contender"]

POOL_PAIRS = 12
"""Deck pairs drawn from the whole pool (``decks.random_pair``: pair *k* from ``Random(k)``)."""


def pool_contender(where: Path) -> tuple[Callable[[], int], Tally]:
    """A timing contender playing random games of decks drawn from the whole card pool: seed
    *k* plays pair *k* mod :data:`POOL_PAIRS` (deck files written under *where*)."""
    games = []
    for value in range(POOL_PAIRS):
        files = random_pair(where, value, "pool")
        games.append(load_game("magic_lite", deck0=files[0], deck1=files[1]))
    tally = Tally()

    def one() -> int:
        game = games[tally.games % POOL_PAIRS]
        play_one(game, game.step, tally.games, tally, outer_skip=False)
        return 1

    return one, tally


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    """Random games of decks drawn from the whole pool, per CPU second."""
    with tempfile.TemporaryDirectory() as tmp:
        one, tally = pool_contender(Path(tmp))
        load_before = _load()
        (per_round,) = interleaved_rates([one], seconds=SECONDS, rounds=ROUNDS)
    print_table(
        f"random games of {POOL_PAIRS} deck pairs drawn from the whole pool, skip-trivial on "
        f"({ROUNDS} rounds of {SECONDS:g} s CPU; load {load_before} -> {_load()})",
        ["games / CPU s (median)", "rounds min-max", "decisions / game", "ticks / decision"],
        [
            [
                f"{statistics.median(per_round):.1f}",
                f"{min(per_round):.1f}-{max(per_round):.1f}",
                f"{tally.decisions / tally.games:.1f}",
                f"{tally.ticks / tally.decisions:.3f}",
            ]
        ],
    )


if __name__ == "__main__":
    main()
