"""``pure-engine solve``: dispatch to the puzzle family named by GAME."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

from pure_engine.cli._options import add_progress_arguments, megabytes, positive_count, seconds
from pure_engine.core.registry import canonical_name

__all__ = ["add_arguments", "run"]

_CRAB_NAMES = {"crab_combat", "combat", "recursive_combat"}
_BRIDGE_NAMES = {"bridge_dd", "bridge", "double_dummy"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments shared by every solvable puzzle family."""
    parser.add_argument(
        "game",
        help="crab-combat, bridge-dd, skirmish-lethal, or a patience preset / variant JSON file",
    )
    parser.add_argument(
        "input",
        nargs="?",
        help="puzzle input file (crab-combat, skirmish-lethal), PBN deal text (bridge-dd)",
    )
    parser.add_argument("--part", type=int, choices=(1, 2), help="crab-combat: only this part")
    parser.add_argument("--deal", type=positive_count, help="patience: Microsoft deal number")
    parser.add_argument("--deal-file", help="patience: deal JSON or fc-solve board text")
    parser.add_argument("--budget", type=seconds, default=None, help="seconds before giving up")
    parser.add_argument(
        "--memory",
        default=None,
        type=megabytes,
        metavar="MB",
        help="patience: give up (verdict unknown) once the process holds this many MiB",
    )
    parser.add_argument("--strain", help="bridge-dd: C, D, H, S or NT (default: every strain)")
    parser.add_argument("--leader", help="bridge-dd: N, E, S or W (with --strain: score its cards)")
    parser.add_argument("--table", action="store_true", help="bridge-dd: the 20-entry table")
    parser.add_argument("--pbn-file", help="bridge-dd: many deals, one PBN deal a line")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Run the solver for the named family."""
    name = canonical_name(args.game)
    if name in _BRIDGE_NAMES:
        from pure_engine.cli.bridge import solve_command

        return solve_command(args)
    if name in ("skirmish_lethal", "skirmish"):
        family = "skirmish"
    else:
        family = "crab" if name in _CRAB_NAMES else "patience"
    solver: Callable[[argparse.Namespace], int] = importlib.import_module(
        f"pure_engine.cli.{family}"
    ).solve
    return solver(args)
