"""Deals: the starting layout of a patience game, and every way to get one.

A :class:`Deal` lists each tableau pile bottom to top (the last card is the
exposed one), one entry per cell (``None`` when empty), the stock (its last
card is dealt first), the reserve, the hole card and any foundation piles.
Sources: Microsoft FreeCell deal numbers (:func:`ms_deal`), Solvitaire deal
JSON (:func:`parse_deal_json` / :func:`deal_to_json`), fc-solve board text
(:func:`parse_fcs_board` / :func:`fcs_board`), files of either kind
(:func:`load_deal`), and seeded random deals for any variant (:func:`random_deal`).
Every parser checks the deal against the variant (:func:`validate_deal`).
The value and its check live in :mod:`~pure_engine.games.patience.layout`, the
two text formats in :mod:`~pure_engine.games.patience.deal_json` and
:mod:`~pure_engine.games.patience.fcs_board`; this module gathers them.

>>> from pure_engine.games.playing_cards import card_str
>>> deal = ms_deal(1)
>>> [card_str(pile[0]) for pile in deal.piles]
['JD', '2D', '9H', 'JC', '5D', '7H', '7C', '5H']
>>> [len(pile) for pile in deal.piles], deal.cells
([7, 7, 7, 7, 6, 6, 6, 6], (None, None, None, None))
"""

from __future__ import annotations

from pure_engine.core.rng import Rng, shuffled
from pure_engine.errors import ParseError
from pure_engine.games.patience.deal_json import deal_from_json, deal_to_json, parse_deal_json
from pure_engine.games.patience.fcs_board import fcs_board, parse_fcs_board
from pure_engine.games.patience.layout import Deal, deal_cards, validate_deal
from pure_engine.games.patience.spec import read_text
from pure_engine.games.patience.variant import FoundationsInitial, Variant
from pure_engine.games.playing_cards import full_deck

__all__ = [
    "MS_DEAL_MAX",
    "Deal",
    "deal_cards",
    "deal_from_json",
    "deal_to_json",
    "fcs_board",
    "has_ms_layout",
    "load_deal",
    "ms_deal",
    "numbered_deal",
    "parse_deal",
    "parse_deal_json",
    "parse_fcs_board",
    "random_deal",
    "validate_deal",
]

#: Highest Microsoft deal number: the 32-bit extension (fc-solve, pysol) of the 1..2**31-1 range.
MS_DEAL_MAX = 2**33 - 1


# -------------------------------------------------------------- Microsoft deals
def ms_deal(number: int) -> Deal:
    """Microsoft FreeCell deal *number* (1..2**33-1; above 2**31 the pysol/fc-solve extension).

    The deck (AC AD AH AS 2C ... KS) is dealt by Microsoft's C library LCG:
    each step picks ``deck[rand() % cards_left]``, swaps the last card into its
    place, and the picks go round the 8 piles.

    >>> from pure_engine.games.playing_cards import card_str
    >>> [card_str(c) for c in ms_deal(1).piles[0]]
    ['JD', 'KD', '2S', '4C', '3S', '6D', '6S']
    >>> ms_deal(0)
    Traceback (most recent call last):
    ...
    ValueError: expected a Microsoft deal number 1..8589934591, found 0
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MS_DEAL_MAX:
        raise ValueError(f"expected a Microsoft deal number 1..{MS_DEAL_MAX}, found {number!r}")
    # MS order is rank-major (AC AD AH AS 2C ...); ours is suit * 13 + rank - 1.
    deck = [(index % 4) * 13 + index // 4 for index in range(52)]
    seed = number if number < 2**32 else number - 2**32
    dealt: list[int] = []
    for left in range(52, 0, -1):
        seed = (seed * 214013 + 2531011) & 0xFFFFFFFF
        if number < 2**31:
            draw = (seed >> 16) & 0x7FFF
        elif number < 2**32:  # the extension: the same draw with bit 15 set
            draw = ((seed >> 16) & 0x7FFF) | 0x8000
        else:  # and beyond 2**32: sixteen bits, plus one
            draw = ((seed >> 16) & 0xFFFF) + 1
        pick = draw % left
        dealt.append(deck[pick])
        deck[pick] = deck[left - 1]
        deck.pop()
    piles = tuple(tuple(dealt[start::8]) for start in range(8))
    return Deal(piles, (None,) * 4)


# ---------------------------------------------------------------- files, random
def parse_deal(text: str, variant: Variant, *, where: str = "deal") -> Deal:
    """Sniff *text*: JSON (starts with ``{``) or fc-solve board text.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> parse_deal(fcs_board(ms_deal(2)), load_variant("freecell")) == ms_deal(2)
    True
    """
    if text.lstrip().startswith("{"):
        return parse_deal_json(text, variant, where=where)
    return parse_fcs_board(text, variant, where=where)


def load_deal(path: str, variant: Variant) -> Deal:
    """Read a deal file (Solvitaire JSON or fc-solve board text, sniffed) and check it.

    Unreadable files raise ``OSError``; bad content raises :class:`ParseError` naming the file.
    """
    text = read_text(path)
    if not text.strip():
        raise ParseError("expected a deal, found an empty file", where=path)
    return parse_deal(text, variant, where=path)


def random_deal(variant: Variant, seed: int) -> Deal:
    """A deterministic random deal for *variant* (``Rng(seed)``, never the global ``random``).

    The shuffled deck fills, in order: the hole (its fixed base card, or the
    first card when the base is ``"random"``), the foundations' starting cards,
    the pre-filled cells, the reserve, the stock, then the tableau -- row by row,
    or in a staircase for a diagonal deal (row *r* covers piles *r*..N-1).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> golf = random_deal(load_variant("golf"), 3)
    >>> [len(p) for p in golf.piles], len(golf.stock), golf.hole is not None
    ([5, 5, 5, 5, 5, 5, 5], 16, True)
    >>> random_deal(load_variant("golf"), 3) == golf
    True
    """
    deck = full_deck(max_rank=variant.max_rank, two_decks=variant.two_decks)
    cards, _ = shuffled(Rng(seed), deck)
    rest = list(cards)
    hole = None
    if variant.hole:
        hole = variant.fixed_hole_card
        if hole is None:
            hole = rest.pop(0)
        else:
            rest.remove(hole)
    foundations: list[tuple[int, ...]] = []
    if variant.foundations and variant.foundations_initial is FoundationsInitial.ALL:
        fixed = variant.fixed_foundation_rank
        base = 0 if fixed is None else fixed - 1
        bases = [c for c in deck if c % 13 == base]
        foundations = [(c,) for c in bases]
        rest = [c for c in rest if c not in set(bases)]
    elif variant.foundations and variant.foundations_initial is FoundationsInitial.ONE:
        foundations = [(rest.pop(0),)]
    cells: list[int | None] = [rest.pop(0) for _ in range(variant.cells_prefilled)]
    cells.extend([None] * (variant.cells - variant.cells_prefilled))
    reserve = tuple(rest[: variant.reserve_size])
    del rest[: variant.reserve_size]
    stock = tuple(rest[: variant.stock_size])
    del rest[: variant.stock_size]
    piles: list[list[int]] = [[] for _ in range(variant.piles)]
    if variant.diagonal_deal and variant.piles:
        row = 0
        while rest:
            for index in range(row % variant.piles, variant.piles):
                if rest:
                    piles[index].append(rest.pop(0))
            row += 1
    else:
        for index, card in enumerate(rest):
            piles[index % variant.piles].append(card)
    deal = Deal(
        tuple(tuple(p) for p in piles), tuple(cells), stock, reserve, hole, tuple(foundations)
    )
    return validate_deal(deal, variant, f"random deal {seed}")


def has_ms_layout(variant: Variant) -> bool:
    """True when Microsoft deal numbers lay out *variant* (8 piles, 4 empty cells, 52 cards
    all on the tableau).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> has_ms_layout(load_variant("bakers-game")), has_ms_layout(load_variant("eight-off"))
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
        and (not variant.foundations or variant.foundations_initial is FoundationsInitial.NONE)
    )


def numbered_deal(variant: Variant, number: int) -> Deal:
    """Deal *number* of *variant*: the Microsoft deal where the layout fits, else
    ``random_deal(variant, number)``.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> numbered_deal(load_variant("freecell"), 1) == ms_deal(1)
    True
    >>> numbered_deal(load_variant("golf"), 1) == random_deal(load_variant("golf"), 1)
    True
    """
    if has_ms_layout(variant):
        return ms_deal(number)
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"expected a deal number >= 0, found {number!r}")
    return random_deal(variant, number)
