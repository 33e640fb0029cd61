"""magic_lite: what each of seed 002's proposals is worth here, side by side in one run.

Run: ``python -m benchmarks magic``.

Seed 002 profiled manabot (a C++ Magic simulator with Python bindings): 340
random games/s, 10.1 turn/phase/step ticks and 6.9 skip-trivial loop passes
per agent decision.  The same random-games workload is played here four ways
on the same seeds and decks:

* **flat + integrated skip-trivial** (what ships): the turn is one
  ``TurnMachine`` table; ``MACHINE.advance`` passes priority for players who
  cannot act (``can_act``, no action list built) and skips combat when nothing
  can attack;
* **flat + outer skip-trivial**: the game with ``skip_trivial=False``, and a
  driver loop that builds every legal-action list and plays the single option
  itself (manabot's outer ``while actionSpaceTrivial()`` loop);
* **nested + integrated** / **nested + outer**: the same rules, but each tick
  walks a Turn → Phase → Step → Priority object hierarchy, rebuilt every turn
  (written for this benchmark only; not shipped).

A tick is one pass through the flow loop (a step change or an automatic
action); nested ticks count every level visited, as manabot's profiler did.
Also: the game-length distribution, the profile of the shipped configuration
(top 10 functions), MCTS simulations/s from a mid-game position, and the cost
of forking a mid-game state against ``copy.deepcopy`` of an equivalent
mutable state.
"""

from __future__ import annotations

import copy
import cProfile
import io
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks._timing import median_ns, print_table
from pure_engine import load_game
from pure_engine.core.flow import FlowStep
from pure_engine.core.game import Game
from pure_engine.core.struct import fields_of
from pure_engine.games.magic_lite import MagicState, Step
from pure_engine.games.magic_lite.actions import apply_action, auto_action
from pure_engine.games.magic_lite.priority import CanAct, make_can_act
from pure_engine.games.magic_lite.state import Action
from pure_engine.games.magic_lite.turn import make_turn

__all__ = ["main"]

GAMES = 40
DECKS = (("green_stompy", "green_stompy"), ("green_stompy", "red_burn"))


# --- the nested Turn -> Phase -> Step -> Priority walk (benchmark only) ---------------------------


class _Counter:
    """The walk's counts, and the turn rules it walks (with their own memo of the check)."""

    def __init__(self) -> None:
        self.ticks = self.steps = self.autos = 0
        self.can_act: CanAct = make_can_act()
        self.machine = make_turn(self.can_act).machine


class _PriorityNode:
    """The innermost level: asks the auto rule at a decision point."""

    def __init__(self, counter: _Counter) -> None:
        self.counter = counter

    def tick(self, state: MagicState) -> tuple[MagicState, bool]:
        self.counter.ticks += 1
        after = auto_action(state, self.counter.can_act)
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


def _flat_step(game: Game[MagicState, Action]) -> Callable[[MagicState, Action], MagicState]:
    return game.step


def _nested_step(counter: _Counter) -> Callable[[MagicState, Action], MagicState]:
    def step(state: MagicState, action: Action) -> MagicState:
        return nested_advance(apply_action(state, action, counter.can_act), counter)

    return step


def play(
    game: Game[MagicState, Action],
    step: Callable[[MagicState, Action], MagicState],
    *,
    outer_skip: bool,
    games: int = GAMES,
) -> dict[str, Any]:
    """Random games on seeds 0..games-1; choices from Random(1) at real decisions only."""
    rng = random.Random(1)
    decisions = outer = ticks = steps = autos = 0
    turns: list[int] = []
    per_game: list[int] = []
    start = time.perf_counter()
    for seed in range(games):
        state = game.initial_state(seed)
        mine = 0
        while not state.lost:
            legal = game.legal_actions(state)
            if outer_skip and len(legal) == 1:
                state = step(state, legal[0])
                outer += 1
                continue
            state = step(state, legal[int(rng.random() * len(legal))])
            mine += 1
        decisions += mine
        per_game.append(mine)
        turns.append(state.turn)
        ticks += state.ticks
        steps += state.steps
        autos += state.autos
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": games / elapsed,
        "decisions": decisions,
        "outer": outer,
        "ticks": ticks,
        "steps": steps,
        "autos": autos,
        "turns": turns,
        "per_game": per_game,
    }


def _configurations() -> list[tuple[str, Callable[[str, str], dict[str, Any]]]]:
    def flat_integrated(d0: str, d1: str) -> dict[str, Any]:
        game = load_game("magic_lite", deck0=d0, deck1=d1)
        return play(game, game.step, outer_skip=False)

    def flat_outer(d0: str, d1: str) -> dict[str, Any]:
        game = load_game("magic_lite", deck0=d0, deck1=d1, skip_trivial=False)
        return play(game, game.step, outer_skip=True)

    def nested_integrated(d0: str, d1: str) -> dict[str, Any]:
        game, counter = load_game("magic_lite", deck0=d0, deck1=d1), _Counter()
        out = play(game, _nested_step(counter), outer_skip=False)
        return out | {"nested_ticks": counter.ticks, "nested_steps": counter.steps}

    def nested_outer(d0: str, d1: str) -> dict[str, Any]:
        game = load_game("magic_lite", deck0=d0, deck1=d1, skip_trivial=False)
        counter = _Counter()
        out = play(game, _nested_step(counter), outer_skip=True)
        return out | {"nested_ticks": counter.ticks, "nested_steps": counter.steps}

    return [
        ("flat + integrated skip-trivial (shipped)", flat_integrated),
        ("flat + outer skip-trivial loop", flat_outer),
        ("nested walk + integrated skip-trivial", nested_integrated),
        ("nested walk + outer skip-trivial loop", nested_outer),
    ]


def _workload_table() -> None:
    for d0, d1 in DECKS:
        rows = []
        base = 0.0
        for name, run in _configurations():
            best: dict[str, Any] | None = None
            for _ in range(2):
                out = run(d0, d1)
                if best is None or out["games_per_s"] > best["games_per_s"]:
                    best = out
            assert best is not None
            real = best["decisions"]
            ticks = best.get("nested_ticks", best["ticks"])
            steps = best.get("nested_steps", best["steps"])
            loops = real + best["outer"]  # decision points the driver saw
            base = base or best["games_per_s"]
            rows.append(
                [
                    name,
                    f"{best['games_per_s']:.1f}",
                    f"{best['games_per_s'] / base:.2f}",
                    f"{real / GAMES:.1f}",
                    f"{ticks / real:.2f}",
                    f"{steps / real:.2f}",
                    f"{loops / real:.2f}",
                    f"{(best['autos'] + best['outer']) / GAMES:.1f}",
                ]
            )
        print_table(
            f"{GAMES} random games, {d0} vs {d1} (same seeds)",
            [
                "configuration",
                "games/s",
                "vs shipped",
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
    out = play(game, game.step, outer_skip=False, games=100)
    rows = []
    for label, values in (("turns", out["turns"]), ("decisions", out["per_game"])):
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
        "game length, 100 random games, green_stompy mirror",
        ["per game", "min", "p10", "median", "p90", "max"],
        rows,
    )


def _profile() -> None:
    game = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    profiler = cProfile.Profile()
    profiler.enable()
    play(game, game.step, outer_skip=False, games=15)
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
        "profile of the shipped configuration (cProfile, 15 games, top 10 by own time)",
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
    _workload_table()
    _length_table()
    _search_and_fork()
    _profile()


if __name__ == "__main__":
    main()
