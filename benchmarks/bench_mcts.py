"""MCTS simulations per second: pure_engine vs OpenSpiel, same game, budget, uct_c and rollouts.

Run: ``PYTHONPATH=. python3 benchmarks/bench_mcts.py`` (or ``python -m benchmarks mcts``);
``--quick`` for a short smoke run.

* **UCT**: :func:`pure_engine.search.mcts` against OpenSpiel's Python ``MCTSBot``
  (``open_spiel.python.algorithms.mcts``, ``RandomRolloutEvaluator(n_rollouts=1)``,
  ``solve=False`` so neither search stops early on a proven root) on the C++
  ``kuhn_poker`` / ``leduc_poker`` of ``pyspiel.load_game``.  Both search the same
  root states (the same dealt cards; the action encodings are identical) with the
  same number of simulations and ``uct_c = sqrt(2)``.  The target is >= 2x.
* **IS-MCTS**: :func:`pure_engine.search.ismcts` against OpenSpiel's Python
  ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``, the like-for-like peer) and,
  for reference, its C++ ``pyspiel.ISMCTSBot`` (C++ random-rollout evaluator,
  max-visit final policy).
  The algorithms differ in detail (OpenSpiel keys nodes by the mover's
  information state, ours by what the observer saw), and C++ is expected to win.

Rates are total simulations / total seconds over all root states, the median of
several rounds; ours and the peer's alternate within a round.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import print_table
from pure_engine import load_game
from pure_engine.core.game import CHANCE, Game
from pure_engine.search import ismcts, mcts

__all__ = ["main"]

UCT_C = 2**0.5
GAMES = ("kuhn_poker", "leduc_poker")


def deals(game: Game[Any, Any], count: int, seed: int) -> list[tuple[Any, ...]]:
    """Chance actions that lead from the initial state to the first decision, *count* times."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = game.initial_state()
        actions = []
        while game.current_player(state) == CHANCE:
            action = game.sample_chance(state, rng)
            actions.append(action)
            state = game.step(state, action)
        found.append(tuple(actions))
    return found


def ours_root(game: Game[Any, Any], actions: Sequence[Any]) -> Any:
    """Our state after *actions*."""
    state = game.initial_state()
    for action in actions:
        state = game.play(state, action)
    return state


def peer_root(peer_game: Any, actions: Sequence[int]) -> Any:
    """OpenSpiel's state after the same *actions* (checked against ours by the caller)."""
    state = peer_game.new_initial_state()
    for action in actions:
        state.apply_action(int(action))
    return state


def timed(run: Callable[[], object]) -> float:
    """Seconds one call of *run* takes."""
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def _load_ours(name: str) -> Game[Any, Any]:
    """Our game *name*; until the poker games land, the test toys (OpenSpiel's rules and
    encoding, checked step by step against pyspiel in tests/test_mcts_toys.py)."""
    try:
        return load_game(name)
    except ImportError:
        from tests.leduc_toy import toy_leduc
        from tests.mcts_toys import toy_kuhn

        print(f"{name}: pure_engine.games.{name} is missing; using the test toy")
        return toy_kuhn() if name == "kuhn_poker" else toy_leduc()


def bench_game(name: str, *, roots: int, simulations: int, rounds: int) -> list[list[object]]:
    """Rows (algorithm, ours, peer, ratio) for one game."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts as os_mcts

    game = _load_ours(name)
    peer_game = pyspiel.load_game(name)
    root_actions = deals(game, roots, seed=2026)
    pairs = []
    for actions in root_actions:
        ours, theirs = ours_root(game, actions), peer_root(peer_game, actions)
        assert game.current_player(ours) == theirs.current_player()
        assert list(game.legal_actions(ours)) == theirs.legal_actions(), name
        pairs.append((ours, theirs))

    def ours_uct() -> None:
        for index, (state, _) in enumerate(pairs):
            mcts(game, state, simulations=simulations, uct_c=UCT_C, seed=index)

    def peer_uct() -> None:
        for index, (_, state) in enumerate(pairs):
            bot = os_mcts.MCTSBot(
                peer_game,
                UCT_C,
                simulations,
                os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(index)),
                solve=False,
                random_state=np.random.RandomState(index),
            )
            bot.mcts_search(state)

    def ours_is() -> None:
        for index, (state, _) in enumerate(pairs):
            player = game.current_player(state)
            ismcts(game, state, player, simulations=simulations, uct_c=UCT_C, seed=index)

    def peer_is() -> None:
        for index, (_, state) in enumerate(pairs):
            bot = pyspiel.ISMCTSBot(
                index,
                pyspiel.RandomRolloutEvaluator(1, index),
                UCT_C,
                simulations,
                -1,
                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                False,
                False,
            )
            bot.step(state)

    def peer_is_python() -> None:
        for index, (_, state) in enumerate(pairs):
            bot = os_ismcts.ISMCTSBot(
                peer_game,
                os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(index)),
                UCT_C,
                simulations,
                random_state=np.random.RandomState(index),
            )
            bot.step(state)

    contenders = (
        ("UCT", ours_uct, peer_uct, "OpenSpiel Python MCTSBot"),
        ("IS-MCTS", ours_is, peer_is_python, "OpenSpiel Python ISMCTSBot"),
        ("IS-MCTS", ours_is, peer_is, "OpenSpiel C++ ISMCTSBot"),
    )
    return _rate_rows(name, contenders, total=simulations * len(pairs), rounds=rounds)


def _rate_rows(
    name: str,
    contenders: Sequence[tuple[str, Callable[[], None], Callable[[], None], str]],
    *,
    total: int,
    rounds: int,
) -> list[list[object]]:
    """One row a contender: simulations per second of ours and the peer, timed in alternation
    for *rounds* rounds (the median of each), and their ratio."""
    rows: list[list[object]] = []
    for label, ours, peer, peer_name in contenders:
        ours_rates, peer_rates = [], []
        for _ in range(rounds):
            ours_rates.append(total / timed(ours))
            peer_rates.append(total / timed(peer))
        ours_rate, peer_rate = statistics.median(ours_rates), statistics.median(peer_rates)
        rows.append(
            [
                name,
                label,
                f"{ours_rate:,.0f}",
                peer_name,
                f"{peer_rate:,.0f}",
                f"{ours_rate / peer_rate:.2f}x",
            ]
        )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    """Print the side-by-side table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--simulations", type=int, default=None, help="per search")
    args = parser.parse_args([] if argv is None else list(argv))
    roots, rounds = (4, 1) if args.quick else (20, 5)
    simulations = args.simulations or (300 if args.quick else 2000)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open-spiel is not installed (pip install '.[peers]'); nothing to compare")
        return
    rows = []
    for name in GAMES:
        rows.extend(bench_game(name, roots=roots, simulations=simulations, rounds=rounds))
    print_table(
        f"MCTS simulations/s: {roots} root states x {simulations} simulations, "
        f"uct_c={UCT_C:.4f}, random rollouts, median of {rounds} rounds",
        ["game", "search", "pure_engine sims/s", "peer", "peer sims/s", "ratio"],
        rows,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
