"""``pure-engine bench GAME``: how fast this machine plays a registered game.

Times :func:`~pure_engine.core.playout.random_playouts` (the plain driver loop:
``sample_chance`` at chance nodes, a uniformly random legal action otherwise)
for about ``--seconds`` and prints games/s, decisions/s, plies/s, the mean
game length and, for a game that counts its own work (``Game.counters``, e.g.
magic_lite's flow ticks and automatic actions), those counts per game; ``--mcts K``
also times K UCT simulations from the first decision.
Use it to size a search budget, or to see what a change to your own game's
rules costs.  The side-by-side comparisons with the peers are in
``benchmarks/`` (``python -m benchmarks``), not here.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from pure_engine.cli._game_args import add_game_arguments, load_game_from_args
from pure_engine.cli._options import (
    Progress,
    add_progress_arguments,
    count,
    positive_count,
    seconds,
    seed,
    show_progress,
)
from pure_engine.core.game import Game
from pure_engine.core.playout import random_playouts

__all__ = [
    "add_arguments",
    "add_playout_arguments",
    "check_playout_arguments",
    "measure",
    "run",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME [--param K=V] [--seconds S] [--seed N] [--max-decisions N] [--mcts K] [--json]``."""
    add_game_arguments(parser, example="leduc_poker")
    add_playout_arguments(parser)
    parser.add_argument(
        "--mcts", type=count, default=0, metavar="K", help="also time K MCTS simulations"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress_arguments(parser)


def add_playout_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seconds S``, ``--seed N`` and ``--max-decisions N`` (also ``batch bench``'s)."""
    parser.add_argument(
        "--seconds", type=seconds, default=2.0, help="time to spend on playouts (default 2)"
    )
    parser.add_argument("--seed", type=seed, default=0, help="playout seed (default 0)")
    parser.add_argument(
        "--max-decisions",
        type=positive_count,
        default=None,
        help="abandon a game after this many decisions (default: the game's max length)",
    )


def measure(
    game: Game[Any, Any],
    *,
    seconds: float,
    seed: int = 0,
    max_decisions: int | None = None,
) -> dict[str, float | int]:
    """Play random games in batches sized to fill about *seconds*; return the rates.

    >>> from pure_engine.core.registry import load_game
    >>> figures = measure(load_game("kuhn_poker"), seconds=0.05)
    >>> figures["games"] > 0 and figures["games_per_s"] > 0 and figures["truncated"] == 0
    True
    """
    cap = max_decisions if max_decisions is not None else game.info.max_game_length
    games = decisions = plies = truncated = 0
    sums: dict[str, int] = {}
    batch, elapsed = 1, 0.0
    while elapsed < seconds:
        start = time.perf_counter()
        counts = random_playouts(game, batch, seed=seed + games, max_decisions=cap)
        elapsed += time.perf_counter() - start
        games += counts.games
        decisions += counts.decisions
        plies += counts.plies
        truncated += counts.truncated
        for name, value in counts.counters:
            sums[name] = sums.get(name, 0) + value
        # double the batch, but never past what the time left is expected to hold
        batch = max(1, min(batch * 2, int((seconds - elapsed) * games / elapsed)))
    per_game = {f"{name}_per_game": round(value / games, 2) for name, value in sorted(sums.items())}
    return per_game | {
        "games": games,
        "seconds": round(elapsed, 4),
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed, 1),
        "plies_per_s": round(plies / elapsed, 1),
        "mean_decisions": round(decisions / games, 2),
        "truncated": truncated,
        "max_decisions": cap,
    }


def _mcts_rate(game: Game[Any, Any], simulations: int, seed: int) -> dict[str, float | int]:
    from pure_engine.search.mcts import mcts

    rng = random.Random(seed)
    state = game.initial_state()
    while game.current_player(state) < 0 and not game.is_terminal(state):
        state = game.step(state, game.sample_chance(state, rng))
    if game.is_terminal(state):
        raise ValueError(f"{game.name}: the game ends before its first decision; nothing to search")
    start = time.perf_counter()
    mcts(game, state, simulations=simulations, seed=seed)
    elapsed = time.perf_counter() - start
    return {"mcts_simulations": simulations, "mcts_simulations_per_s": round(simulations / elapsed)}


def check_playout_arguments(args: argparse.Namespace) -> None:
    """Refuse ``--seconds`` <= 0 and ``--max-decisions`` < 1 (also ``batch bench``'s)."""
    if not args.seconds > 0:
        raise ValueError(f"--seconds must be > 0, found {args.seconds}")
    if args.max_decisions is not None and args.max_decisions < 1:
        raise ValueError(f"--max-decisions must be >= 1, found {args.max_decisions}")


def run(args: argparse.Namespace) -> int:
    """Measure and print (or print JSON)."""
    check_playout_arguments(args)
    if args.mcts < 0:
        raise ValueError(f"--mcts must be >= 0, found {args.mcts}")
    game = load_game_from_args(args)
    figures: dict[str, Any] = {"game": game.name, "params": dict(game.info.params)}
    progress = Progress(enabled=show_progress(args))
    with progress.ticking(lambda: f"timing {args.game} for {args.seconds:g} s..."):
        figures.update(
            measure(game, seconds=args.seconds, seed=args.seed, max_decisions=args.max_decisions)
        )
        if args.mcts:
            figures.update(_mcts_rate(game, args.mcts, args.seed))
    progress.clear()
    if args.json:
        print(json.dumps(figures, sort_keys=True))
        return 0
    print(f"{game.name}: {figures['games']} random games in {figures['seconds']:.2f} s")
    print(f"  games/s       {figures['games_per_s']:>14,.0f}")
    print(f"  decisions/s   {figures['decisions_per_s']:>14,.0f}")
    print(f"  plies/s       {figures['plies_per_s']:>14,.0f}")
    print(f"  decisions per game {figures['mean_decisions']:>9.2f}")
    for name in sorted(k for k in figures if k.endswith("_per_game")):
        label = name.removesuffix("_per_game").replace("_", " ")
        print(f"  {label + ' per game':<19}{figures[name]:>10,.2f}")
    if figures["truncated"]:
        print(f"  cut at {figures['max_decisions']} decisions: {figures['truncated']} games")
    if args.mcts:
        print(f"  MCTS simulations/s {figures['mcts_simulations_per_s']:>9,}")
    return 0
