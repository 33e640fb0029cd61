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
import importlib
import json
from collections.abc import Callable, Sequence

from pure_engine.games.patience.deals import Deal, load_deal, ms_deal, random_deal
from pure_engine.games.patience.game import is_freecell_like, move_to_str, resolve_variant
from pure_engine.games.patience.moves import Move, fc_notation, moves_to_json
from pure_engine.games.patience.solver import SolveResult
from pure_engine.games.patience.solver import solve as solve_deal
from pure_engine.games.patience.spec import Variant
from pure_engine.search.budget import Budget

__all__ = [
    "deal_for_number",
    "has_ms_layout",
    "load_verifier",
    "result_to_json",
    "solve",
]

Verifier = Callable[[Variant, Deal, Sequence[Move]], object]


def has_ms_layout(variant: Variant) -> bool:
    """True when Microsoft deal numbers lay out this variant (8 piles, 4 empty cells, 52 cards).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> has_ms_layout(load_variant("freecell")), has_ms_layout(load_variant("black-hole"))
    (True, False)
    """
    return (
        variant.piles == 8
        and variant.cells == 4
        and variant.cells_prefilled == 0
        and variant.stock_size == 0
        and variant.reserve_size == 0
        and not variant.hole
        and not variant.two_decks
        and variant.max_rank == 13
    )


def deal_for_number(variant: Variant, number: int) -> Deal:
    """Microsoft deal *number* when the layout fits, else the variant's random deal *number*."""
    if number < 1:
        raise ValueError(f"expected a deal number >= 1, found {number!r}")
    if has_ms_layout(variant):
        return ms_deal(number)
    return random_deal(variant, number)


def load_verifier() -> Verifier | None:
    """pat-rules' independent ``verify`` when installed, else ``None``."""
    try:
        module = importlib.import_module("pure_engine.games.patience.verify")
    except ImportError:
        return None
    found: Verifier = module.verify
    return found


def is_verified(verifier: Verifier | None, variant: Variant, deal: Deal, moves: Sequence[Move]) -> bool | None:
    """Run the verifier: True when the moves win the deal, None without a verifier."""
    if verifier is None:
        return None
    outcome = verifier(variant, deal, moves)
    return bool(getattr(outcome, "ok", False) and getattr(outcome, "won", False))


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
            "verdict": result.verdict,
            "mode": result.mode,
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
        return variant, deal_for_number(variant, deal_number), f"deal {deal_number}"
    return variant, load_deal(deal_file, variant), deal_file


def solve(args: argparse.Namespace) -> int:
    """Solve one deal and print the answer; 0 solved, 1 unsolvable or unknown."""
    variant, deal, label = _load_input(args)
    seconds = getattr(args, "budget", None)
    if seconds is not None and seconds <= 0:
        raise ValueError(f"expected --budget > 0 seconds, found {seconds!r}")
    result = solve_deal(variant, deal, budget=Budget(seconds=seconds))
    verified = is_verified(load_verifier(), variant, deal, result.moves) if result.solved else None
    if getattr(args, "json", False):
        print(json.dumps(result_to_json(result, verified=verified)))
    else:
        print(_human(result, variant, label, verified))
    return 0 if result.solved and verified is not False else 1


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
