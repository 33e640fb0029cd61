"""The patience verifier's test cases: the golden solutions (fc-solve's and hand-made) and
the two hand-made deals they are built from."""

from __future__ import annotations

import json
from pathlib import Path

from pure_engine.games.patience.deals import Deal, load_deal, parse_fcs_board
from pure_engine.games.patience.moves import HOLE, PILES, STOCK, Move, moves_from_json
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.variant import Variant
from pure_engine.games.playing_cards import make_card, parse_card

GOLDEN = Path(__file__).parent / "golden" / "patience"
CELL_SOLUTIONS = sorted(GOLDEN.glob("*.solution.json"))  # fc-solve's: <variant>-<deal number>
SOLUTIONS = CELL_SOLUTIONS + sorted(GOLDEN.glob("*-handmade.moves.json"))


def golden_case(path: Path) -> tuple[Variant, Deal, tuple[Move, ...]]:
    """The variant, the deal and the moves of the golden solution *path*."""
    data = json.loads(path.read_text())
    variant = load_variant(data["variant"])
    if "board" in data:
        deal = parse_fcs_board(data["board"], variant)
    else:
        deal = load_deal(str(path).replace(".moves.json", ".deal.json"), variant)
    return variant, deal, moves_from_json(data["moves"])


def black_hole_by_hand() -> tuple[Deal, tuple[Move, ...]]:
    """A black-hole deal built backwards from its solution: ranks climb 2..K, A..K, A..K, A..K
    (wrapping K -> A), the first 17 plays are the pile tops, the next 17 the middles."""
    ranks = [*range(2, 14), *range(1, 14), *range(1, 14), *range(1, 14)]
    used: dict[int, int] = {}
    order = []
    for value in ranks:
        order.append(make_card(value, used.get(value, 0)))  # aces: C D H (AS is the hole)
        used[value] = used.get(value, 0) + 1
    piles = tuple((order[j + 34], order[j + 17], order[j]) for j in range(17))
    moves = tuple(Move(PILES[i % 17], HOLE) for i in range(51))
    return Deal(piles, hole=parse_card("AS")), moves


def golf_by_hand() -> tuple[Deal, tuple[Move, ...]]:
    """Golf built backwards: the hole starts on AC; the 35 tableau plays zigzag A2A2.. 3434..
    5656.. 7878.. 9T9T, then all 16 stock cards are dealt onto the hole."""
    path_ranks = [1, 2] * 4 + [3, 4] * 4 + [5, 6] * 4 + [7, 8] * 4 + [9, 10, 9, 10]
    seen: dict[int, int] = {}
    path = []
    for value in path_ranks:
        path.append(make_card(value, seen.get(value, 0)))
        seen[value] = seen.get(value, 0) + 1
    hole, plays = path[0], path[1:]
    stock = tuple(c for c in range(52) if c not in set(path))
    piles = tuple(tuple(plays[j + 7 * k] for k in (4, 3, 2, 1, 0)) for j in range(7))
    moves = tuple(Move(PILES[i % 7], HOLE) for i in range(35)) + (Move(STOCK, HOLE),) * 16
    return Deal(piles, stock=stock, hole=hole), moves
