"""magic_lite on decks drawn from the whole card pool: games per CPU second, ticks per decision.

Run: ``python -m benchmarks magic_pool`` (this tree), or ``python -m benchmarks.bench_magic_pool
--against DIR`` to set this tree against another checkout of pure_engine (``DIR``, e.g. the
commit before a change, unpacked with ``git archive``) round by round.

Each game is dealt from its seed with two 40-card two-colour decks drawn from the whole pool
(17 basic lands, 23 spells of those colours; the deck pair is drawn from the seed too), and
played with random choices from ``Random(seed)`` at real decisions, skip-trivial on; seeds 0,
1, 2... in turn.  A tree deals from its own pool, so two trees with different pools play
different games: the figure compares what a user of each gets from "random games with decks
from the whole pool".  Every figure is games per CPU second (``time.process_time``).

* **This tree** (in-process, :func:`~benchmarks._timing.interleaved_rates`): with and without
  the mulligan (a game parameter; the mulligan's keep/mulligan decisions are random too), and
  the ticks per decision of each (one pass of the flow loop per decision, and one for the deal).
* **Against another tree**: each round runs a fresh process per tree for the same CPU time,
  alternating which goes first; the ratio is the median of the per-round ratios.  The worker
  (:data:`WORKER`) uses only what both trees have (``load_game``, the card list, ``cost_of``).
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

__all__ = ["WORKER", "main"]

SECONDS = 3.0
"""CPU seconds per contender per round."""
ROUNDS = 5
HERE = Path(__file__).resolve().parent.parent
"""This tree (the directory holding ``pure_engine``)."""

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


def _worker_namespace() -> dict[str, object]:
    namespace: dict[str, object] = {"__name__": "bench_magic_pool_worker"}
    exec(compile(WORKER, "bench_magic_pool_worker", "exec"), namespace)  # our own code
    return namespace


def _this_tree() -> None:
    """Games per CPU second and ticks per decision in this tree, with and without the mulligan."""
    worker = _worker_namespace()
    build, play_game = worker["build"], worker["play_game"]
    assert callable(build) and callable(play_game)
    configurations: tuple[tuple[str, dict[str, object]], ...] = (
        ("skip-trivial on", {}),
        ("skip-trivial on, mulligan", {"mulligan": True}),
    )
    tallies = [[0, 0, 0] for _ in configurations]  # games, decisions, ticks
    with tempfile.TemporaryDirectory() as tmp:
        built = [build(tmp, params) for _, params in configurations]

        def contender(index: int) -> Callable[[], int]:
            def one() -> int:
                tally = tallies[index]
                decisions, ticks = play_game(built[index], tally[0])
                tally[0] += 1
                tally[1] += decisions
                tally[2] += ticks
                return 1

            return one

        runs = [contender(i) for i in range(len(configurations))]
        rates = interleaved_rates(runs, seconds=SECONDS, rounds=ROUNDS)
    rows = [
        [
            name,
            f"{statistics.median(per_round):.1f}",
            f"{min(per_round):.1f}-{max(per_round):.1f}",
            games,
            f"{decisions / games:.1f}",
            f"{ticks / decisions:.3f}",
        ]
        for (name, _), per_round, (games, decisions, ticks) in zip(
            configurations, rates, tallies, strict=True
        )
    ]
    print_table(
        f"magic_lite, decks from the whole pool ({ROUNDS} alternating rounds of {SECONDS:g} s CPU;"
        f" load {os.getloadavg()[0]:.1f})",
        [
            "configuration",
            "games / CPU s",
            "rounds",
            "games",
            "decisions / game",
            "ticks / decision",
        ],
        rows,
    )


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
            "ticks / decision",
        ],
        rows,
    )


def main() -> None:
    """This tree's table; with ``--against DIR``, this tree against the checkout at DIR."""
    args = sys.argv[1:]
    if "--against" in args:
        against(Path(args[args.index("--against") + 1]).resolve())
        return
    _this_tree()


if __name__ == "__main__":
    main()
