"""magic_lite: issue 13's speed target, and what each of seed 002's proposals is worth here.

Run: ``python -m benchmarks magic``.

Seed 002 profiled manabot (a C++ Magic simulator with Python bindings): 340
random games/s, 10.1 turn/phase/step ticks and 6.9 skip-trivial loop passes
per agent decision.  Every figure here is **games per CPU second**
(``time.process_time``): the machine is shared, and CPU time does not count
the time other processes take the core away.  Contenders run in alternating
rounds (``benchmarks._timing.interleaved_rates``), each round giving every
contender the same slice of CPU time, and ratios are the median of the
per-round ratios.  A game is dealt from its seed (the deal is timed) and
played with random choices from ``Random(seed)`` at real decisions, so every
configuration plays the same games; each contender plays seeds 0, 1, 2...

* **The target table**: the shipped game (skip-trivial on) on the four
  preset decks, all 40 cards, in mirror matches (the mirror-comparable
  workload) and green_stompy against red_burn (what ``pure-engine bench``
  plays), against manabot's 340 games/s; and per decision, against manabot's
  16.6 k decisions/s (its 200 profiled games made 9 779 decisions, 48.9 a
  game: random games here are about twice as long).
* **Seed 002's proposals**, on the green_stompy mirror and green against red:
  **flat + integrated skip-trivial** (what ships: the turn is one
  ``TurnMachine`` table; ``advance`` passes priority for players who cannot
  act — ``can_act``, no action list built — and skips combat when nothing can
  attack); **flat + outer skip-trivial** (``skip_trivial=False``, and a driver
  loop that builds every legal-action list and plays the single option itself:
  manabot's outer ``while actionSpaceTrivial()`` loop); **nested + integrated**
  / **nested + outer**: the same rules, but each tick walks a Turn → Phase →
  Step → Priority object hierarchy, rebuilt every turn (written for this
  benchmark only; not shipped).

A tick is one pass through the flow loop; nested ticks count every level
visited, as manabot's profiler did.  Also: the game-length distribution, the
profile of the shipped configuration (top 10 functions), MCTS simulations/s
from a mid-game position, and the cost of forking a mid-game state against
``copy.deepcopy`` of an equivalent mutable state.
"""

from __future__ import annotations

import copy
import cProfile
import io
import os
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks._timing import interleaved_rates, median_ns, median_ratio, print_table
from pure_engine import load_game
from pure_engine.core.flow import FlowStep
from pure_engine.core.game import Game
from pure_engine.core.struct import fields_of
from pure_engine.games.magic_lite import MagicState, Step
from pure_engine.games.magic_lite.actions import apply_action, auto
from pure_engine.games.magic_lite.state import Action
from pure_engine.games.magic_lite.turn import TURN

__all__ = ["main"]

SECONDS = 2.0
"""CPU seconds per contender per round (``interleaved_rates``)."""
ROUNDS = 5
LENGTH_GAMES = 300
PROFILE_GAMES = 60
DECKS = (("green_stompy", "green_stompy"), ("green_stompy", "red_burn"))
"""The decks of the configuration tables: the green_stompy mirror and green against red."""
TARGET_DECKS = (
    ("green_stompy", "green_stompy"),
    ("red_burn", "red_burn"),
    ("white_weenie", "white_weenie"),
    ("dimir_fliers", "dimir_fliers"),
    ("green_stompy", "red_burn"),
)
"""Every preset is a 40-card deck; the mirrors are the mirror-comparable workload (manabot's
figure is for mirror matches), green against red is what ``pure-engine bench`` plays."""


# --- the nested Turn -> Phase -> Step -> Priority walk (benchmark only) ---------------------------


class _Counter:
    """The walk's counts, and the turn table it walks."""

    def __init__(self) -> None:
        self.ticks = self.steps = self.autos = 0
        self.machine = TURN


class _PriorityNode:
    """The innermost level: asks the auto rule at a decision point."""

    def __init__(self, counter: _Counter) -> None:
        self.counter = counter

    def tick(self, state: MagicState) -> tuple[MagicState, bool]:
        self.counter.ticks += 1
        after = auto(state)
        if after is None:
            return state, True
        self.counter.autos += 1
        return after, False


class _StepNode:
    def __init__(self, row: FlowStep[MagicState, Step], counter: _Counter) -> None:
        self.row = row
        self.priority = _PriorityNode(counter)
        self.counter = counter

    def tick(self, state: MagicState) -> tuple[MagicState, bool]:
        self.counter.ticks += 1
        decides = self.row.decides
        if decides is not None and decides(state):
            return self.priority.tick(state)
        self.counter.steps += 1
        return self.counter.machine.finish_step(state), False


class _PhaseNode:
    def __init__(self, steps: list[_StepNode], counter: _Counter) -> None:
        self.steps = {s.row.name: s for s in steps}
        self.counter = counter

    def tick(self, state: MagicState) -> tuple[MagicState, bool]:
        self.counter.ticks += 1
        return self.steps[state.step].tick(state)


_PHASES = (
    (Step.UNTAP, Step.UPKEEP, Step.DRAW),
    (Step.MAIN1,),
    (
        Step.BEGIN_COMBAT,
        Step.ATTACKERS,
        Step.BLOCKERS,
        Step.FIRST_STRIKE_DAMAGE,
        Step.DAMAGE,
        Step.END_COMBAT,
    ),
    (Step.MAIN2,),
    (Step.END, Step.CLEANUP),
)


class _TurnNode:
    """A turn's phases and steps as objects, built anew every turn (as manabot's were)."""

    def __init__(self, counter: _Counter) -> None:
        self.counter = counter
        self.phases = [
            _PhaseNode([_StepNode(counter.machine.steps[s], counter) for s in names], counter)
            for names in _PHASES
        ]

    def tick(self, state: MagicState) -> tuple[MagicState, bool]:
        self.counter.ticks += 1
        for phase in self.phases:
            if state.step in phase.steps:
                return phase.tick(state)
        raise AssertionError(state.step)


def nested_advance(state: MagicState, counter: _Counter) -> MagicState:
    turn, number = _TurnNode(counter), state.turn
    while not state.lost:
        if state.turn != number:
            turn, number = _TurnNode(counter), state.turn
        state, stop = turn.tick(state)
        if stop:
            break
    return state


# --- drivers ------------------------------------------------------------------------------------


def _nested_step(counter: _Counter) -> Callable[[MagicState, Action], MagicState]:
    def step(state: MagicState, action: Action) -> MagicState:
        return nested_advance(apply_action(state, action), counter)

    return step


class Tally:
    """What a configuration played: games, real decisions, driver-played trivial decisions,
    ticks, step changes and automatic actions (summed), and per-game lengths."""

    def __init__(self) -> None:
        self.games = self.decisions = self.outer = self.ticks = self.steps = self.autos = 0
        self.turns: list[int] = []
        self.per_game: list[int] = []


def play_one(
    game: Game[MagicState, Action],
    step: Callable[[MagicState, Action], MagicState],
    seed: int,
    tally: Tally,
    *,
    outer_skip: bool,
) -> None:
    """One random game on *seed* (the deal included): choices from ``Random(seed)`` at real
    decisions only, so every configuration plays the same game for the same seed."""
    rng = random.Random(seed)
    legal_actions = game.legal_actions
    state = game.initial_state(seed)
    mine = outer = 0
    while not state.lost:
        legal = legal_actions(state)
        if outer_skip and len(legal) == 1:
            state = step(state, legal[0])
            outer += 1
            continue
        state = step(state, legal[int(rng.random() * len(legal))])
        mine += 1
    tally.games += 1
    tally.decisions += mine
    tally.outer += outer
    tally.ticks += state.ticks
    tally.steps += state.steps
    tally.autos += state.autos
    tally.turns.append(state.turn)
    tally.per_game.append(mine)


def contender(
    d0: str, d1: str, *, skip_trivial: bool, nested: bool
) -> tuple[Callable[[], int], Tally, _Counter | None]:
    """A timing contender: each call plays the next seed's game (seeds 0, 1, 2...) and returns 1.

    ``skip_trivial=False`` is manabot's outer loop: the driver plays every single-option
    decision itself; ``nested`` walks the Turn -> Phase -> Step -> Priority objects.
    """
    game = load_game("magic_lite", deck0=d0, deck1=d1, skip_trivial=skip_trivial)
    counter = _Counter() if nested else None
    step = game.step if counter is None else _nested_step(counter)
    tally = Tally()

    def one() -> int:
        play_one(game, step, tally.games, tally, outer_skip=not skip_trivial)
        return 1

    return one, tally, counter


CONFIGURATIONS = (
    ("flat + integrated skip-trivial (shipped)", True, False),
    ("flat + outer skip-trivial loop", False, False),
    ("nested walk + integrated skip-trivial", True, True),
    ("nested walk + outer skip-trivial loop", False, True),
)
"""(name, skip_trivial, nested)."""


MANABOT_DECISIONS_PER_SECOND = 340 * 9_779 / 200
"""Seed 002's rate per agent decision: 9 779 decisions in its 200 profiled games (48.9 a game),
at 340 games/s.  Random games here are about twice as long in decisions, so the games/s target
asks for about twice manabot's work per second; this column compares the work itself."""


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _target_table() -> None:
    """Issue 13's headline: random games per CPU second, skip-trivial on, the shipped game."""
    load_before = _load()
    contenders = [contender(d0, d1, skip_trivial=True, nested=False) for d0, d1 in TARGET_DECKS]
    rates = interleaved_rates([c[0] for c in contenders], seconds=SECONDS, rounds=ROUNDS)
    rows = []
    for (d0, d1), per_round, (_, tally, _) in zip(TARGET_DECKS, rates, contenders, strict=True):
        decisions_per_second = statistics.median(per_round) * tally.decisions / tally.games
        rows.append(
            [
                f"{d0} vs {d1}" + (" (mirror)" if d0 == d1 else ""),
                f"{statistics.median(per_round):.1f}",
                f"{min(per_round):.1f}-{max(per_round):.1f}",
                f"{statistics.median(per_round) / 340:.2f}",
                tally.games,
                f"{tally.decisions / tally.games:.1f}",
                f"{decisions_per_second:,.0f}",
                f"{decisions_per_second / MANABOT_DECISIONS_PER_SECOND:.2f}",
            ]
        )
    print_table(
        f"random games per CPU second, skip-trivial on, 40-card decks ({ROUNDS} alternating "
        f"rounds of {SECONDS:g} s CPU; load {load_before} -> {_load()})",
        [
            "decks",
            "games / CPU s (median)",
            "rounds min-max",
            "vs 340 (manabot)",
            "games played",
            "decisions / game",
            "decisions / CPU s",
            f"vs {MANABOT_DECISIONS_PER_SECOND:,.0f} (manabot)",
        ],
        rows,
    )


def _workload_table() -> None:
    """Seed 002's proposals side by side: four configurations in alternating CPU-time rounds."""
    for d0, d1 in DECKS:
        load_before = _load()
        runs = [contender(d0, d1, skip_trivial=sk, nested=ne) for _, sk, ne in CONFIGURATIONS]
        rates = interleaved_rates([r[0] for r in runs], seconds=SECONDS, rounds=ROUNDS)
        rows = []
        for (name, _, _), per_round, (_, tally, counter) in zip(
            CONFIGURATIONS, rates, runs, strict=True
        ):
            real = tally.decisions
            ticks = counter.ticks if counter is not None else tally.ticks
            steps = counter.steps if counter is not None else tally.steps
            loops = real + tally.outer  # decision points the driver saw
            rows.append(
                [
                    name,
                    f"{statistics.median(per_round):.1f}",
                    f"{median_ratio(per_round, rates[0]):.2f}",
                    tally.games,
                    f"{real / tally.games:.1f}",
                    f"{ticks / real:.2f}",
                    f"{steps / real:.2f}",
                    f"{loops / real:.2f}",
                    f"{(tally.autos + tally.outer) / tally.games:.1f}",
                ]
            )
        print_table(
            f"{d0} vs {d1}: {ROUNDS} alternating rounds of {SECONDS:g} s CPU per configuration "
            f"(seeds 0, 1, 2... in each; load {load_before} -> {_load()})",
            [
                "configuration",
                "games / CPU s",
                "vs shipped (median of rounds)",
                "games played",
                "decisions/game",
                "ticks/decision",
                "step changes/decision",
                "decision points/decision",
                "automatic actions/game",
            ],
            rows,
        )


def _length_table() -> None:
    game = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    tally = Tally()
    for seed in range(LENGTH_GAMES):
        play_one(game, game.step, seed, tally, outer_skip=False)
    rows = []
    for label, values in (("turns", tally.turns), ("decisions", tally.per_game)):
        qs = statistics.quantiles(values, n=10)
        rows.append(
            [
                label,
                min(values),
                f"{qs[0]:.0f}",
                statistics.median(values),
                f"{qs[-1]:.0f}",
                max(values),
            ]
        )
    print_table(
        f"game length, {LENGTH_GAMES} random games (seeds 0-{LENGTH_GAMES - 1}), green mirror",
        ["per game", "min", "p10", "median", "p90", "max"],
        rows,
    )


def _profile() -> None:
    game = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    profiler = cProfile.Profile()
    profiler.enable()
    tally = Tally()
    for seed in range(PROFILE_GAMES):
        play_one(game, game.step, seed, tally, outer_skip=False)
    profiler.disable()
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    stats.sort_stats("tottime").print_stats(10)
    rows = []
    for line in text.getvalue().splitlines():
        parts = line.split(None, 5)
        if len(parts) == 6 and parts[0].replace("/", "").isdigit() and parts[1][0].isdigit():
            where = parts[5].replace("/work/wt/magic/", "").split("/site-packages/")[-1]
            rows.append([parts[0], parts[1], parts[3], where])
    print_table(
        f"profile of the shipped configuration (cProfile, {PROFILE_GAMES} games, top 10 own time)",
        ["calls", "own s", "cumulative s", "function"],
        rows,
    )


def _mid_game(game: Game[MagicState, Action]) -> MagicState:
    rng = random.Random(3)
    state = game.initial_state(7)
    while state.turn < 8 and not state.lost:
        legal = game.legal_actions(state)
        state = game.step(state, legal[int(rng.random() * len(legal))])
    return state


def _search_and_fork() -> None:
    from pure_engine.search.ismcts import ismcts
    from pure_engine.search.mcts import mcts

    game = load_game("magic_lite", deck0="green_stompy", deck1="red_burn")
    state = _mid_game(game)
    player = game.current_player(state)
    rows = []
    for name, run in (
        ("UCT (mcts), 200 simulations", lambda: mcts(game, state, simulations=200, seed=1)),
        (
            "IS-MCTS (ismcts), 200 simulations",
            lambda: ismcts(game, state, player, simulations=200, seed=1),
        ),
    ):
        t0 = time.perf_counter()
        run()
        rows.append([name, f"{200 / (time.perf_counter() - t0):.0f}"])
    print_table(
        f"search from a mid-game position (turn {state.turn}, green_stompy vs red_burn)",
        ["search", "simulations/s"],
        rows,
    )
    mutable = _as_mutable(state)
    fork_ns = median_ns(lambda: state.replace(life=(19, 20)), number=20_000)
    step_ns = median_ns(lambda: game.step(state, game.legal_actions(state)[0]), number=300)
    deep_ns = median_ns(lambda: copy.deepcopy(mutable), number=300)
    print_table(
        "forking a mid-game state",
        ["operation", "µs", "vs deepcopy"],
        [
            ["fork: keep a reference (immutable)", "0.0", "-"],
            [
                "fork and change a field (state.replace)",
                f"{fork_ns / 1e3:.2f}",
                f"{deep_ns / fork_ns:.0f}x cheaper",
            ],
            [
                "fork and play a decision (game.step)",
                f"{step_ns / 1e3:.1f}",
                f"{deep_ns / step_ns:.1f}x cheaper",
            ],
            ["copy.deepcopy of the same state as dicts and lists", f"{deep_ns / 1e3:.1f}", "1"],
        ],
    )


def _as_mutable(state: MagicState) -> dict[str, Any]:
    """The same position as a mutable engine would hold it: dicts and lists."""
    table = state.table
    return {
        "entities": {i: fields_of(e) for i, e in table.entities.items()},
        "zones": {z: list(ids) for z, ids in table.zones.items()},
        "game": {f: v for f, v in fields_of(state).items() if f != "table"},
    }


def main() -> None:
    """Every table of this benchmark."""
    _target_table()
    _workload_table()
    _length_table()
    _search_and_fork()
    _profile()


if __name__ == "__main__":
    main()
