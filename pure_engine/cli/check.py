"""``pure-engine check GAME``: run :func:`~pure_engine.testing.check_game` and report in words.

GAME is any name ``pure-engine list`` shows, or your own factory as
``package.module:make_game`` -- the way to check a game while you write it.
A pass prints what was covered (exit 0); a finding prints the check that
failed, the step, the seed and the action trace that reproduces it (exit 1).
``--fast`` leaves out the check that rebuilds the game in a fresh process.
"""

from __future__ import annotations

import argparse
import json

from pure_engine.cli._game_args import add_game_arguments, load_game_from_args
from pure_engine.cli._options import (
    Progress,
    add_progress_arguments,
    positive_count,
    seed,
    show_progress,
)
from pure_engine.testing import ALL_CHECKS, FAST_CHECKS, check_game
from pure_engine.testing.check import GameCheckError

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME [--param K=V] [--games N] [--max-steps N] [--seed S] [--fast] [--json]``."""
    add_game_arguments(parser, example="kuhn_poker")
    parser.add_argument(
        "--games", type=positive_count, default=20, help="random games to play (default 20)"
    )
    parser.add_argument(
        "--max-steps", type=positive_count, default=200, help="actions per game at most (200)"
    )
    parser.add_argument("--seed", type=seed, default=0, help="first game's seed (default 0)")
    parser.add_argument(
        "--fast", action="store_true", help="skip the fresh-process check (a few seconds less)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Check the game; print the report (0) or the finding (1)."""
    game = load_game_from_args(args)
    own = ":" in str(args.game)
    factory = str(args.game) if own else None
    # a fresh process rebuilds your factory by its path, which carries no --param: with
    # parameters that check is left out (the report lists the checks that ran)
    fast = args.fast or (own and bool(args.param))
    progress = Progress(enabled=show_progress(args))
    label = f"checking {args.game}: {args.games} games, then the checks that replay them..."
    try:
        with progress.ticking(lambda: label):
            report = check_game(
                game,
                games=args.games,
                max_steps=args.max_steps,
                seed=args.seed,
                checks=FAST_CHECKS if fast else ALL_CHECKS,
                factory=factory,
            )
    except GameCheckError as finding:
        progress.clear()
        if args.json:
            print(json.dumps(_finding_json(finding)))
        else:
            print(f"FAILED {finding}")
        return 1
    progress.clear()
    if args.json:
        print(
            json.dumps(
                {
                    "passed": True,
                    "game": report.game,
                    "games": report.games,
                    "steps": report.steps,
                    "states": report.states,
                    "checks": [str(check) for check in report.checks],
                }
            )
        )
    else:
        print(report)
    return 0


def _finding_json(finding: GameCheckError) -> dict[str, object]:
    return {
        "passed": False,
        "game": finding.game,
        "check": str(finding.check),
        "step": finding.step,
        "seed": finding.seed,
        "detail": finding.detail,
        "trace": list(finding.trace),
    }
