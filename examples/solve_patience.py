"""Solve a patience deal, check the answer with the independent verifier, print it.

Run: ``python examples/solve_patience.py [VARIANT] [DEAL]`` (default: freecell, deal 1).

The solver and the verifier share no move-generation code: a solution is only
reported after a separate replayer has accepted every move and seen the game won.
"""

from __future__ import annotations

import sys

from pure_engine.games.patience.deals import numbered_deal
from pure_engine.games.patience.game import is_freecell_like, move_to_str
from pure_engine.games.patience.moves import fc_notation
from pure_engine.games.patience.solver import solve
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.verify import verify
from pure_engine.search import SOLVED, Budget

THIRTY_SECONDS = Budget(seconds=30)


def solve_and_check(
    variant_name: str = "freecell", number: int = 1, budget: Budget = THIRTY_SECONDS
) -> tuple[str, list[str]]:
    """The verdict and, when solved, the verified moves in the variant's notation.

    >>> verdict, moves = solve_and_check("freecell", 1)
    >>> verdict, len(moves) > 0, all(len(move) == 2 for move in moves)  # e.g. '1a': column to cell
    ('solved', True, True)
    >>> # the one impossible deal of 1..32000, under a budget of expansions (the same on
    >>> # every machine; the proof takes about 95 000, 10 s of CPU in pure Python)
    >>> solve_and_check("freecell", 11982, Budget(nodes=300_000))[0]
    'proved_unsolvable'
    """
    variant = load_variant(variant_name)
    deal = numbered_deal(variant, number)
    result = solve(variant, deal, budget=budget)
    if result.verdict != SOLVED:
        return str(result.verdict), []  # never "unsolvable" after a budget cut: that is "unknown"
    check = verify(variant, deal, result.moves)
    assert check.won, f"the verifier refused move {check.first_bad}: {check.reason}"
    write = fc_notation if is_freecell_like(variant) else move_to_str
    return str(result.verdict), [write(move) for move in result.moves]


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "freecell"
    deal_number = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    verdict, moves = solve_and_check(name, deal_number)
    print(f"{name} deal {deal_number}: {verdict}, {len(moves)} moves (verified)")
    print(" ".join(moves))
