"""Fixed workloads to count instructions of, for before/after comparisons that load cannot blur.

    cd CHECKOUT && valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python /path/to/benchmarks/instructions.py WORKLOAD N

runs WORKLOAD N times in the checkout of the current directory (its
``pure_engine``), after importing and preparing it; the difference between the
"I refs" of two values of N is the instructions of the extra runs.  The peers'
code is the same before and after a change, so a ratio against a peer moves as
our count does (as far as instructions track time in one interpreter).  On this
shared machine a timed run swings by more than the 5 % a before/after table
judges; an instruction count does not move at all.  Workloads (each written
with calls that exist before and after issue 9):

* ``freecell``: solve Microsoft FreeCell deals 1-8 and verify each solution;
* ``presets``: the same for Baker's Game 1, 2, 4, Seahaven Towers 1-3, Klondike 4;
* ``verify``: the independent verifier over the fc-solve solutions in tests/golden;
* ``play_mcts``: ``play_match`` of ``mcts:omniscient=1`` (200 simulations) against
  random, 40 Kuhn and 8 Leduc games;
* ``testing``: ``check_game`` with ``FAST_CHECKS`` over 50 games of Kuhn, Leduc and
  Crab Combat (the first table of ``python -m benchmarks testing``), without the
  transposition-key search where the checkout has one (issue 10 added it, so a
  before/after of issue 9 leaves it out);
* ``mcts_leduc``: UCT ``mcts`` on Leduc, 200 simulations from each of 4 dealt roots
  (the Leduc UCT row of ``python -m benchmarks mcts``);
* ``search_chance``: the dice duel of ``python -m benchmarks search``'s chance table
  (3 turns each there 4, so that a run under valgrind takes minutes), solved by
  expectimax and by the pruned search with each pruning, with and without the table;
* ``bridge_full``: the double-dummy solver on four of ``python -m benchmarks bridge``'s
  full deals (numbers 5, 8, 9 and 13 of its 50: two no-trump, a diamond and a heart
  deal, about a second and a half in all), each answer checked;
* ``magic``: 20 random games of magic_lite's green_stompy mirror (skip-trivial on), seeds
  0-19 dealt and played with ``Random(seed)`` — issue 13's target workload (every run plays
  the same games, so the count of one run is the difference of N=2 and N=1);
* ``leduc``: 2000 random Leduc playouts (``random_playouts``, the loop of ``python -m
  benchmarks poker``), seeded by the run's index;
* ``skirmish``: 10 seeded random games of skirmish, mage_basic against hunter_basic (the
  loop of ``python -m benchmarks skirmish``; every run plays the same games).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["WORKLOADS", "workload"]


Workload = Callable[[int], None]


def _patience(name: str) -> Workload:
    from pure_engine.games.patience.deals import ms_deal, numbered_deal
    from pure_engine.games.patience.solver import solve
    from pure_engine.games.patience.spec import load_variant
    from pure_engine.games.patience.verify import verify
    from pure_engine.search.budget import Budget

    chosen = (
        [("freecell", range(1, 9))]
        if name == "freecell"
        else [("bakers-game", (1, 2, 4)), ("seahaven-towers", (1, 2, 3)), ("klondike", (4,))]
    )
    variants = [(load_variant(variant), numbers) for variant, numbers in chosen]

    nodes = 10**9 if name == "freecell" else 200_000

    def solve_and_verify(index: int) -> None:
        for variant, numbers in variants:
            for number in numbers:
                deal = ms_deal(number) if name == "freecell" else numbered_deal(variant, number)
                result = solve(variant, deal, budget=Budget(nodes=nodes))
                assert not result.solved or verify(variant, deal, result.moves).won

    return solve_and_verify


def _freecell() -> Workload:
    return _patience("freecell")


def _presets() -> Workload:
    return _patience("presets")


def _verify() -> Workload:
    from pure_engine.games.patience.deals import parse_fcs_board
    from pure_engine.games.patience.moves import moves_from_json
    from pure_engine.games.patience.spec import load_variant
    from pure_engine.games.patience.verify import verify

    golden = Path(__file__).resolve().parent.parent / "tests" / "golden" / "patience"
    cases = []
    for path in sorted(golden.glob("*.solution.json")):
        data = json.loads(path.read_text())
        if "board" in data:
            variant = load_variant(data["variant"])
            start = parse_fcs_board(data["board"], variant)
            cases.append((variant, start, moves_from_json(data["moves"])))

    def verify_all(index: int) -> None:
        for variant, start, moves in cases:
            verify(variant, start, moves)

    return verify_all


def _play_mcts() -> Workload:
    from pure_engine.core.registry import load_game
    from pure_engine.search.arena import play_match
    from pure_engine.search.bots import make_bot

    games = [(load_game("kuhn_poker"), 40), (load_game("leduc_poker"), 8)]

    def play(index: int) -> None:
        for game, count in games:
            specs = ("mcts:omniscient=1", "random")
            bots = [
                make_bot(spec, game, seed=index * 2 + k, simulations=200)
                for k, spec in enumerate(specs)
            ]
            play_match(game, bots, games=count, seed=index)

    return play


def _testing() -> Workload:
    import inspect

    from pure_engine.core.registry import load_game
    from pure_engine.testing import FAST_CHECKS, check_game

    params = inspect.signature(check_game).parameters
    extra: dict[str, Any] = {"key_search": None} if "key_search" in params else {}
    checked = [load_game(game) for game in ("kuhn_poker", "leduc_poker", "crab_combat")]

    def check(index: int) -> None:
        for game in checked:
            check_game(game, games=50, checks=FAST_CHECKS, seed=index, **extra)

    return check


def _mcts_leduc() -> Workload:
    from pure_engine.core.registry import load_game
    from pure_engine.search import mcts

    leduc = load_game("leduc_poker")
    roots = []
    for deal in range(4):
        state = leduc.initial_state()
        while leduc.current_player(state) < 0:  # the deal: the first outcome of each draw
            state = leduc.step(state, leduc.chance_outcomes(state)[deal % 2][0])
        roots.append(state)

    def search(index: int) -> None:
        for k, root in enumerate(roots):
            mcts(leduc, root, simulations=200, uct_c=2**0.5, seed=index * 4 + k)

    return search


def _search_chance() -> Workload:
    import inspect

    import pure_engine.search as search_api
    from tests.search_toys import make_dice_duel

    expectimax = search_api.expectimax
    # before issue 9, the pruned search over chance was expectiminimax; now alphabeta
    pruned = (
        search_api.alphabeta
        if "pruning" in inspect.signature(search_api.alphabeta).parameters
        else search_api.expectiminimax
    )

    duel = make_dice_duel(turns=3)
    opening = duel.initial_state()

    def solve_all(index: int) -> None:
        expectimax(duel, opening)
        for pruning in ("star1", "star2", None):
            pruned(duel, opening, pruning=pruning, tt=not pruning)
            if pruning:
                pruned(duel, opening, pruning=pruning)

    return solve_all


def _magic() -> Workload:
    import random

    from pure_engine.core.registry import load_game

    magic = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    current_player, legal_actions, step = magic.current_player, magic.legal_actions, magic.step

    def play_magic(index: int) -> None:
        for seed in range(20):
            state = magic.initial_state(seed=seed)
            rand = random.Random(seed).random
            while current_player(state) >= 0:
                legal = legal_actions(state)
                state = step(state, legal[int(rand() * len(legal))])

    return play_magic


def _leduc() -> Workload:
    from pure_engine.core.playout import random_playouts
    from pure_engine.core.registry import load_game

    leduc = load_game("leduc_poker")

    def play_leduc(index: int) -> None:
        random_playouts(leduc, 2000, seed=index)

    return play_leduc


def _skirmish() -> Workload:
    import random

    from pure_engine.games.skirmish import make_game

    game = make_game(deck0="mage_basic", deck1="hunter_basic")

    def play_skirmish(index: int) -> None:
        for seed in range(10):
            rng = random.Random(seed)
            state = game.initial_state(seed)
            while not game.is_terminal(state):
                if game.is_chance_node(state):
                    _, state = game.resolve_chance(state)
                else:
                    state = game.step(state, rng.choice(game.legal_actions(state)))

    return play_skirmish


def _bridge_full() -> Workload:
    import random

    from pure_engine.games.bridge.double_dummy.solver import solve as dd_solve
    from pure_engine.games.trick_taking.pbn import random_hands
    from pure_engine.games.trick_taking.tricks import Strain

    rng = random.Random(14 * 100 + 13)  # the benchmark's full deals (BRIDGE_SEED=14)
    deals = []
    for _ in range(13):
        hands = random_hands(rng, 13)
        deals.append((hands, Strain(rng.randrange(5)), rng.randrange(4)))
    solved = [(deals[4], 6), (deals[7], 13), (deals[8], 12), (deals[12], 7)]  # DDS's tricks

    def solve_deals(index: int) -> None:
        for (hands, strain, leader), tricks in solved:
            assert dd_solve(hands, strain, leader).tricks == tricks

    return solve_deals


WORKLOADS: dict[str, Callable[[], Workload]] = {
    "freecell": _freecell,
    "presets": _presets,
    "verify": _verify,
    "play_mcts": _play_mcts,
    "testing": _testing,
    "mcts_leduc": _mcts_leduc,
    "search_chance": _search_chance,
    "magic": _magic,
    "bridge_full": _bridge_full,
    "leduc": _leduc,
    "skirmish": _skirmish,
}


def workload(name: str) -> Workload:
    """The prepared workload *name*: call it with the run's index."""
    sys.path.insert(0, os.getcwd())  # the checkout being measured
    if name not in WORKLOADS:
        print(f"unknown workload {name!r}; choose {', '.join(WORKLOADS)}", file=sys.stderr)
        raise SystemExit(2)
    return WORKLOADS[name]()


if __name__ == "__main__":
    run = workload(sys.argv[1])
    for index in range(int(sys.argv[2])):
        run(index)
