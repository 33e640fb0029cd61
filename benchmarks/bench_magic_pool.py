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
what the games are.  ``python -m benchmarks.bench_magic_pool --against DIR`` does that: this
tree against the checkout at ``DIR`` (e.g. the commit before a change, unpacked with ``git
archive``), a fresh process per tree and round, alternating which goes first, each playing the
same deck-drawing loop (:data:`WORKER`: it uses only what every tree has — ``load_game``, the
card list, ``cost_of``), with games and decisions per CPU second, decisions per game and ticks
per decision for each.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks._timing import interleaved_rates, median_ratio, print_table
from benchmarks.bench_magic import ROUNDS, SECONDS, Tally, play_one
from pure_engine import load_game
from pure_engine.games.magic_lite.decks import random_pair

__all__ = ["WORKER", "against", "main", "pool_contender"]

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


WORKER = r"""
import json, random, sys, tempfile, time, os
from pure_engine import load_game
from pure_engine.games.magic_lite.cards import CARDS, cost_of

LANDS = ("plains", "island", "swamp", "mountain", "forest")
SPELLS = [c.key for c in CARDS
          if c.key != "player" and not {"land", "token"} & set(c.types)]

def deck(rng):
    colours = rng.sample(range(5), 2)
    castable = [k for k in SPELLS
                if all(n == 0 or c in colours for c, n in enumerate(cost_of(k).colored))]
    counts = {LANDS[colours[0]]: 9, LANDS[colours[1]]: 8}
    for key in rng.choices(castable, k=23):
        counts[key] = counts.get(key, 0) + 1
    return {"name": "pool", "cards": counts}

def game_for(seed, tmp, params):
    rng = random.Random(10_000 + seed % PAIRS)
    files = []
    for seat in (0, 1):
        path = os.path.join(tmp, f"{seed % PAIRS}_{seat}.json")
        with open(path, "w") as out:
            json.dump(deck(rng), out)
        files.append(path)
    return load_game("magic_lite", deck0=files[0], deck1=files[1], **params)

def build(tmp, params):
    return [game_for(pair, tmp, params) for pair in range(PAIRS)]

def play_game(built, seed):
    game = built[seed % PAIRS]
    rng = random.Random(seed)
    state = game.initial_state(seed)
    decisions = 0
    while game.current_player(state) >= 0:
        legal = game.legal_actions(state)
        state = game.step(state, legal[int(rng.random() * len(legal))])
        decisions += 1
    return decisions, state.ticks

def play(seconds, params):
    games = decisions = ticks = 0
    with tempfile.TemporaryDirectory() as tmp:
        built = build(tmp, params)
        t0 = time.process_time()
        while True:
            mine, tick = play_game(built, games)
            games += 1
            decisions += mine
            ticks += tick
            elapsed = time.process_time() - t0
            if elapsed >= seconds:
                return {"games": games, "seconds": elapsed, "decisions": decisions,
                        "ticks": ticks}

PAIRS = 8
if __name__ == "__main__":
    print(json.dumps(play(float(sys.argv[1]), json.loads(sys.argv[2]))))
"""
"""The game loop both trees run (a script: it may import only what every tree has)."""


HERE = Path(__file__).resolve().parent.parent
"""This tree (the directory holding ``pure_engine``)."""


def _round(tree: Path, seconds: float) -> dict[str, float]:
    """One fresh process of *tree* playing for *seconds* of CPU time."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PURE_ENGINE_PURE": "1"}
    done = subprocess.run(  # our interpreter, our worker
        [sys.executable, "-c", WORKER, str(seconds), "{}"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tree,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def against(other: Path, *, rounds: int = ROUNDS, seconds: float = SECONDS) -> None:
    """This tree against *other*, in fresh processes, alternating which goes first each round."""
    trees = (HERE, other)
    rates: tuple[list[float], list[float]] = ([], [])
    per_decision: tuple[list[float], list[float]] = ([], [])
    runs: tuple[list[dict[str, float]], list[dict[str, float]]] = ([], [])
    for k in range(rounds):
        order = (0, 1) if k % 2 == 0 else (1, 0)
        for index in order:
            run = _round(trees[index], seconds)
            runs[index].append(run)
            rates[index].append(run["games"] / run["seconds"])
            per_decision[index].append(run["decisions"] / run["seconds"])
    rows = []
    for index, tree in enumerate(trees):
        total = {name: sum(run[name] for run in runs[index]) for name in runs[index][0]}
        rows.append(
            [
                str(tree),
                " / ".join(f"{r:.1f}" for r in rates[index]),
                f"{median_ratio(rates[index], rates[1]):.3f}",
                f"{total['decisions'] / total['games']:.1f}",
                f"{statistics.median(per_decision[index]):,.0f}",
                f"{median_ratio(per_decision[index], per_decision[1]):.3f}",
                f"{total['ticks'] / total['decisions']:.3f}",
            ]
        )
    print_table(
        f"magic_lite, decks from the whole pool, this tree against another ({rounds} rounds of "
        f"{seconds:g} s CPU in fresh processes; load {os.getloadavg()[0]:.1f})",
        [
            "tree",
            "games / CPU s, round by round",
            "vs the other (median ratio)",
            "decisions / game",
            "decisions / CPU s (median)",
            "vs the other",
            "ticks / decision",
        ],
        rows,
    )


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    """Random games of decks drawn from the whole pool, per CPU second; with ``--against DIR``,
    this tree against the checkout at DIR."""
    args = sys.argv[1:]
    if "--against" in args:
        against(Path(args[args.index("--against") + 1]).resolve())
        return
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
