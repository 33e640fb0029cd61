"""``pure-engine solve VARIANT (--deal N | --deal-file F) [--json] [--budget SECONDS]``.

VARIANT is a patience preset name (``freecell``, ``bakers-game``, ...) or a
variant JSON file.  ``--deal N`` is the Microsoft deal N for variants with the
Microsoft layout (8 piles, 4 empty cells, no stock or hole) and the variant's
deterministic random deal N otherwise.  Output: the moves in standard FreeCell
notation for FreeCell-like variants, a numbered move list otherwise; ``--json``
prints ``{"solved", "proved_unsolvable", "moves", "stats"}``.  Exit code 0
when solved, 1 when unsolvable or unknown, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json

from pure_engine.cli._options import Progress, show_progress
from pure_engine.games.patience.deals import Deal, load_deal, numbered_deal
from pure_engine.games.patience.game import is_freecell_like, move_to_str, resolve_variant
from pure_engine.games.patience.moves import Move, fc_notation, moves_to_json
from pure_engine.games.patience.solver import SolveResult
from pure_engine.games.patience.solver import solve as solve_deal
from pure_engine.games.patience.variant import Variant
from pure_engine.games.patience.verify import verify
from pure_engine.search.budget import Budget

__all__ = ["is_verified", "result_to_json", "solve"]


def is_verified(variant: Variant, deal: Deal, moves: tuple[Move, ...]) -> bool:
    """True when the independent verifier replays *moves* to a won game.

    >>> from pure_engine.games.patience.moves import parse_move
    >>> from pure_engine.games.patience.spec import load_variant
    >>> from pure_engine.games.patience.deals import ms_deal
    >>> is_verified(load_variant("freecell"), ms_deal(1), (parse_move("t1-f"),))
    False
    """
    outcome = verify(variant, deal, moves)
    return outcome.ok and outcome.won


def result_to_json(result: SolveResult, *, verified: bool | None = None) -> dict[str, object]:
    """The solution JSON object that ``verify`` reads back.

    >>> from pure_engine.search.budget import UNKNOWN
    >>> result_to_json(SolveResult(UNKNOWN))["proved_unsolvable"]
    False
    """
    stats = result.stats
    return {
        "solved": result.solved,
        "proved_unsolvable": result.proved_unsolvable,
        "moves": moves_to_json(result.moves),
        "stats": {
            "verdict": result.verdict.value,
            "mode": "" if result.mode is None else result.mode.value,
            "length": len(result.moves),
            "expanded": stats.expanded,
            "generated": stats.generated,
            "duplicates": stats.duplicates,
            "peak_frontier": stats.peak_frontier,
            "seconds": round(stats.seconds, 6),
            "stopped_by": stats.stopped_by,
            "verified": verified,
        },
    }


def _load_input(args: argparse.Namespace) -> tuple[Variant, Deal, str]:
    variant = resolve_variant(args.game)
    deal_number = getattr(args, "deal", None)
    deal_file = getattr(args, "deal_file", None)
    if (deal_number is None) == (deal_file is None):
        raise ValueError("expected exactly one of --deal N or --deal-file FILE")
    if deal_number is not None:
        if deal_number < 1:
            raise ValueError(f"expected --deal N >= 1, found {deal_number!r}")
        return variant, numbered_deal(variant, deal_number), f"deal {deal_number}"
    path = str(deal_file)
    return variant, load_deal(path, variant), path


def solve(args: argparse.Namespace) -> int:
    """Solve one deal and print the answer; 0 solved, 1 unsolvable or unknown."""
    variant, deal, label = _load_input(args)
    seconds = getattr(args, "budget", None)
    if seconds is not None and seconds <= 0:
        raise ValueError(f"expected --budget > 0 seconds, found {seconds!r}")
    memory = getattr(args, "memory", None)
    if memory is not None and memory <= 0:
        raise ValueError(f"expected --memory > 0 MiB, found {memory!r}")
    progress = Progress(enabled=show_progress(args))
    limit = f" (budget {seconds:g} s)" if seconds is not None else ""
    with progress.ticking(lambda: f"solving {variant.name} {label}{limit}..."):
        result = solve_deal(variant, deal, budget=Budget(seconds=seconds, memory_mb=memory))
    progress.clear()
    verified = is_verified(variant, deal, result.moves) if result.solved else None
    if getattr(args, "json", False):
        print(json.dumps(result_to_json(result, verified=verified)))
    else:
        print(_human(result, variant, label, verified))
    return 0 if result.solved and verified else 1


def _human(result: SolveResult, variant: Variant, label: str, verified: bool | None) -> str:
    stats = result.stats
    where = f"{variant.name} {label}"
    tail = f"{stats.expanded} states expanded, {stats.seconds:.3f} s"
    if result.proved_unsolvable:
        return f"{where}: proved unsolvable ({tail})"
    if not result.solved:
        return f"{where}: unknown, the budget ran out ({stats.stopped_by}; {tail})"
    check = {True: ", verified", False: ", VERIFICATION FAILED", None: ""}[verified]
    lines = [f"{where}: solved in {len(result.moves)} moves ({tail}{check})"]
    if is_freecell_like(variant):
        words = [fc_notation(m, variant) for m in result.moves]
        lines.extend(" ".join(words[i : i + 16]) for i in range(0, len(words), 16))
    else:
        width = len(str(len(result.moves)))
        lines.extend(f"{i:>{width}}. {move_to_str(m)}" for i, m in enumerate(result.moves, 1))
    return "\n".join(lines)
