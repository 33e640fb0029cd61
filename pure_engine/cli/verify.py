"""``pure-engine verify VARIANT (--deal N | --deal-file F) SOLUTION``: check a patience solution.

The solution is replayed by :mod:`pure_engine.games.patience.verify`, which
shares no move-generation code with the solver.  Prints ``ok: N moves, game
won`` and exits 0; an illegal move prints ``move K of N (src->dst xC): why``
(K counted from 1) and a legal but unfinished game prints what is left, both
exit 1; unreadable or malformed input is one line on stderr, exit 2.

SOLUTION is the JSON ``solve --json`` prints (``{"moves": [...], ...}``), a
bare JSON list of moves, or ``-`` for standard input.  ``--show`` adds the
table just before the first bad move (or at the end of an unfinished game):
fc-solve board text for FreeCell-like variants, deal JSON otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys

from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import (
    Deal,
    deal_to_json,
    fcs_board,
    load_deal,
    numbered_deal,
)
from pure_engine.games.patience.moves import Move, moves_from_json
from pure_engine.games.patience.spec import load_variant, parse_json
from pure_engine.games.patience.variant import Variant
from pure_engine.games.patience.verify import describe, position, verify

__all__ = ["add_arguments", "read_solution", "run", "show"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``VARIANT``, one deal source, ``SOLUTION``, and ``--json``."""
    parser.add_argument(
        "variant",
        help="a preset name (freecell, golf, ...) or a rule JSON file; or skirmish-lethal",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--deal",
        type=int,
        metavar="N",
        help="Microsoft deal N (FreeCell layouts) or the variant's random deal N",
    )
    source.add_argument(
        "--deal-file", metavar="F", help="a deal file: Solvitaire JSON or fc-solve board text"
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="SOLUTION",
        help="solution JSON ({'moves': [...]}, a move list, or -); "
        "skirmish-lethal: PUZZLE.json ANSWER.json",
    )
    parser.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    parser.add_argument(
        "--show",
        action="store_true",
        help="also print the table before the first bad move (or at the end of an unfinished game)",
    )


def read_solution(path: str) -> tuple[Move, ...]:
    """The moves of a solution file (``-`` reads standard input).

    Raises ``OSError`` for unreadable files and :class:`ParseError` (naming
    the file and JSON path) for anything else that is not a move list.
    """
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start]
        raise ParseError(f"expected UTF-8 text, found byte {byte:#x}", where=path) from None
    data = parse_json(text, where=path)
    if isinstance(data, dict):
        if "moves" not in data:
            raise ParseError('expected a "moves" list in the solution object', where=path)
        return moves_from_json(data["moves"], f'{path}: $["moves"]')
    return moves_from_json(data, path)


def _skirmish(args: argparse.Namespace) -> int:
    from pure_engine.cli import skirmish  # the skirmish checker loads only when asked for

    paths = args.paths
    if len(paths) != 2:
        raise ValueError("usage: pure-engine verify skirmish-lethal PUZZLE.json ANSWER.json")
    if args.deal is not None or args.deal_file is not None:
        raise ValueError("--deal/--deal-file are patience options, not skirmish-lethal ones")
    args.variant, args.solution = paths
    return skirmish.verify(args)


def _load(args: argparse.Namespace) -> tuple[Variant, Deal]:
    variant = load_variant(args.variant)
    if args.deal_file is not None:
        return variant, load_deal(args.deal_file, variant)
    return variant, numbered_deal(variant, args.deal)


def show(variant: Variant, table: Deal) -> str:
    """The table as fc-solve board text for FreeCell-like variants, else as deal JSON."""
    plain = not (variant.stock_size or variant.reserve_size or variant.hole)
    return fcs_board(table) if plain else deal_to_json(table) + "\n"


def run(args: argparse.Namespace) -> int:
    """Load, replay with checks, print the verdict; exit 0 won, 1 not."""
    if args.variant.strip().lower().replace("-", "_") == "skirmish_lethal":
        return _skirmish(args)
    if args.deal is None and args.deal_file is None:
        raise ValueError("one of --deal or --deal-file is required for a patience solution")
    if len(args.paths) != 1:
        raise ValueError(
            f"expected one SOLUTION file, found {len(args.paths)}: {' '.join(args.paths)}"
        )
    args.solution = args.paths[0]
    variant, deal = _load(args)
    moves = read_solution(args.solution)
    result = verify(variant, deal, moves)
    line = describe(result, moves)
    table = None
    if args.show and not result.won:
        good = moves if result.first_bad is None else moves[: result.first_bad]
        table = position(variant, deal, good)
    if args.json:
        verdict: dict[str, object] = {
            "ok": result.ok,
            "won": result.won,
            "first_bad": result.first_bad,
            "reason": result.reason,
            "moves": len(moves),
            "message": line,
        }
        if table is not None:
            verdict["position"] = json.loads(deal_to_json(table))
        print(json.dumps(verdict))
    else:
        print(line)
        if table is not None:
            print(show(variant, table), end="")
    return 0 if result.ok and result.won else 1
