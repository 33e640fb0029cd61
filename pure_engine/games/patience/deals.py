"""Deals: the starting layout of a patience game, and every way to get one.

A :class:`Deal` lists each tableau pile bottom to top (the last card is the
exposed one), one entry per cell (``None`` when empty), the stock (its last
card is dealt first), the reserve, the hole card and any foundation piles.
Sources: Microsoft FreeCell deal numbers (:func:`ms_deal`), Solvitaire deal
JSON (:func:`parse_deal_json` / :func:`deal_to_json`), fc-solve board text
(:func:`parse_fcs_board` / :func:`fcs_board`), files of either kind
(:func:`load_deal`), and seeded random deals for any variant (:func:`random_deal`).
Every parser checks the deal against the variant (:func:`validate_deal`).

>>> from pure_engine.games.playing_cards import card_str
>>> deal = ms_deal(1)
>>> [card_str(pile[0]) for pile in deal.piles]
['JD', '2D', '9H', 'JC', '5D', '7H', '7C', '5H']
>>> [len(pile) for pile in deal.piles], deal.cells
([7, 7, 7, 7, 6, 6, 6, 6], (None, None, None, None))
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from pure_engine.core.rng import Rng, shuffled
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.patience.spec import (
    DealType,
    FoundationsInitial,
    Variant,
    deck_size,
    parse_json,
)
from pure_engine.games.playing_cards import card_str, full_deck, parse_card, parse_rank

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


class Deal(Struct):
    """A starting layout; piles bottom -> top, stock's last card dealt first.

    ``foundations`` holds one pile per foundation (bottom -> top) when cards
    start there (Beleaguered Castle's aces, an fc-solve mid-game board);
    ``waste`` (bottom -> top) is empty at the start of a game, not mid-game.

    >>> Deal(((1, 2), (3,)), (None,)).cells
    (None,)
    """

    piles: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...] = ()
    stock: tuple[int, ...] = ()
    reserve: tuple[int, ...] = ()
    hole: int | None = None
    foundations: tuple[tuple[int, ...], ...] = ()
    waste: tuple[int, ...] = ()


def deal_cards(deal: Deal) -> tuple[int, ...]:
    """Every card of *deal*, wherever it lies (piles, cells, stock, reserve, hole, foundations).

    >>> len(deal_cards(ms_deal(5)))
    52
    """
    out: list[int] = [card for pile in deal.piles for card in pile]
    out.extend(card for card in deal.cells if card is not None)
    out.extend(deal.stock)
    out.extend(deal.reserve)
    if deal.hole is not None:
        out.append(deal.hole)
    out.extend(card for pile in deal.foundations for card in pile)
    out.extend(deal.waste)
    return tuple(out)


# -------------------------------------------------------------- Microsoft deals
def ms_deal(number: int) -> Deal:
    """Microsoft FreeCell deal *number* (1..2**33-1; above 2**31 the pysol/fc-solve extension).

    The deck (AC AD AH AS 2C ... KS) is dealt by Microsoft's C library LCG:
    each step picks ``deck[rand() % cards_left]``, swaps the last card into its
    place, and the picks go round the 8 piles.

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


# -------------------------------------------------------------------- checking
def validate_deal(deal: Deal, variant: Variant, where: str = "deal") -> Deal:
    """Check *deal* against *variant*; return it unchanged or raise :class:`ParseError`.

    Checks: pile and cell counts, stock and reserve sizes, the hole card, and
    that the cards are exactly the variant's deck (none missing, none unknown,
    none twice -- twice is allowed once more for two-deck games).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> fc = load_variant("freecell")
    >>> validate_deal(ms_deal(3), fc) == ms_deal(3)
    True
    >>> piles = ms_deal(3).piles
    >>> validate_deal(Deal((piles[0][:-1],) + piles[1:], (None,) * 4), fc, "d.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: d.json: expected 52 cards, found 51; missing: 8C
    >>> validate_deal(Deal((piles[0] + (0,),) + piles[1:], (None,) * 4), fc, "d.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: d.json: duplicate card AC (found 2 times)
    """
    if len(deal.piles) != variant.piles:
        msg = f"expected {variant.piles} tableau piles for {variant.name}, found {len(deal.piles)}"
        raise ParseError(msg, where=where)
    if len(deal.cells) != variant.cells:
        msg = f"expected {variant.cells} cells for {variant.name}, found {len(deal.cells)}"
        raise ParseError(msg, where=where)
    if len(deal.stock) + len(deal.waste) != variant.stock_size:
        found = len(deal.stock) + len(deal.waste)
        msg = f"expected a stock (and waste) of {variant.stock_size} cards, found {found}"
        raise ParseError(msg, where=where)
    if deal.waste and variant.stock_deal_type is not DealType.WASTE:
        raise ParseError(f"{variant.name} has no waste, found waste cards", where=where)
    if len(deal.reserve) != variant.reserve_size:
        msg = f"expected a reserve of {variant.reserve_size} cards, found {len(deal.reserve)}"
        raise ParseError(msg, where=where)
    if variant.hole:
        if deal.hole is None:
            raise ParseError("expected a hole card, found none", where=where)
        if variant.hole_base != "random" and deal.hole != parse_card(variant.hole_base):
            msg = (
                f"expected the hole to start with {variant.hole_base}, found {card_str(deal.hole)}"
            )
            raise ParseError(msg, where=where)
    elif deal.hole is not None:
        raise ParseError(f"{variant.name} has no hole, found {card_str(deal.hole)}", where=where)
    if deal.foundations and not variant.foundations:
        raise ParseError(f"{variant.name} has no foundations, found foundation cards", where=where)
    _check_cards(deal_cards(deal), variant, where)
    _check_foundations(deal, variant, where)
    return deal


def _check_foundations(deal: Deal, variant: Variant, where: str) -> None:
    """Each foundation pile: one suit, consecutive ranks up from a common base."""
    per_suit = [0, 0, 0, 0]
    bases = set()
    for pile in deal.foundations:
        shown = " ".join(card_str(c % 52) for c in pile)
        suit_index = pile[0] % 52 // 13
        per_suit[suit_index] += 1
        bases.add(pile[0] % 13)
        if any(c % 52 // 13 != suit_index for c in pile):
            raise ParseError(f"a foundation holds one suit, found {shown}", where=where)
        if any(b % 13 != (a % 13 + 1) % variant.max_rank for a, b in pairwise(pile)):
            raise ParseError(f"a foundation builds up by one rank, found {shown}", where=where)
    if max(per_suit) > (2 if variant.two_decks else 1):
        raise ParseError("too many foundation piles of one suit", where=where)
    fixed = variant.foundations_base != "random"
    expected = {parse_rank(variant.foundations_base) - 1} if fixed else bases
    if len(bases) > 1 or not bases <= expected:
        names = ", ".join(sorted(card_str(b)[:-1] for b in bases))
        start = variant.foundations_base
        raise ParseError(
            f"foundations start from {start}, found piles starting {names}", where=where
        )


def _check_cards(cards: Sequence[int], variant: Variant, where: str) -> None:
    expected = Counter(full_deck(max_rank=variant.max_rank, two_decks=variant.two_decks))
    found = Counter(cards)
    if found == expected:
        return
    extra = found - expected
    missing = expected - found
    unknown = [c for c in extra if c % 52 % 13 >= variant.max_rank or c >= 104]
    if unknown:
        msg = f"card {_name(unknown[0])} is not in the deck (max rank {variant.max_rank})"
        raise ParseError(msg, where=where)
    if extra:
        card = min(extra)
        times = found[card] + (found[card - 52] if card >= 52 else 0)
        raise ParseError(f"duplicate card {card_str(card % 52)} (found {times} times)", where=where)
    names = ", ".join(card_str(c % 52) for c in sorted(missing))
    msg = f"expected {deck_size(variant)} cards, found {len(cards)}; missing: "
    raise ParseError(msg + names, where=where)


def _name(card: int) -> str:
    return card_str(card % 52) if card < 104 else repr(card)


# ------------------------------------------------------------- Solvitaire JSON
_DEAL_KEYS = ("tableau piles", "cells", "stock", "waste", "reserve", "hole", "foundations")


class _CardReader:
    """Parses card texts in order, numbering second copies ``+ 52`` for two-deck games."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.seen: set[int] = set()

    def card(self, value: object, path: str) -> int:
        if not isinstance(value, str):
            raise ParseError(
                f"expected a card like 'AS' or '10D', found {value!r}", where=self.at(path)
            )
        card = parse_card(value, self.at(path))
        if card in self.seen:
            card += 52
        self.seen.add(card % 52 if card >= 52 else card)
        return card

    def cards(self, value: object, path: str) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list of cards, found {value!r}", where=self.at(path))
        return tuple(self.card(item, f"{path}[{i}]") for i, item in enumerate(value))

    def piles(self, value: object, path: str) -> tuple[tuple[int, ...], ...]:
        if not isinstance(value, list):
            raise ParseError(f"expected a list of piles, found {value!r}", where=self.at(path))
        return tuple(self.cards(pile, f"{path}[{i}]") for i, pile in enumerate(value))

    def at(self, path: str) -> str:
        return f"{self.where}: {path}" if self.where else path


def parse_deal_json(text: str, variant: Variant, *, where: str = "deal") -> Deal:
    """Parse a Solvitaire deal (JSON text) and check it against *variant*.

    Keys: ``"tableau piles"`` (piles bottom -> top), ``"cells"`` (one entry per
    cell, ``""`` for an empty one; fewer entries than cells leave the rest
    empty), ``"stock"`` (last card dealt first), ``"waste"`` (mid-game positions
    only; its last card is on top), ``"reserve"``, ``"hole"``
    and ``"foundations"`` (piles).  Ranks A 2-10 J Q K (``T`` too), suits C D H S.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> fc = load_variant("freecell")
    >>> parse_deal_json(deal_to_json(ms_deal(7)), fc) == ms_deal(7)
    True
    >>> parse_deal_json('{"tableau piles": [["AS", "ZZ"]]}', fc, where="d.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: d.json: $["tableau piles"][0][1]: expected a card like 'AS' \
or '10D', found 'ZZ'
    """
    return deal_from_json(parse_json(text, where=where), variant, where=where)


def deal_from_json(data: object, variant: Variant, *, where: str = "deal") -> Deal:
    """The :class:`Deal` of decoded Solvitaire deal JSON (see :func:`parse_deal_json`).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> deal_from_json({"tableau piles": []}, load_variant("freecell"), where="x")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: x: expected 8 tableau piles for freecell, found 0
    """
    reader = _CardReader(where)
    if not isinstance(data, dict):
        raise ParseError(f"expected a JSON object, found {type(data).__name__}", where=where)
    for key in data:
        if key not in _DEAL_KEYS:
            options = ", ".join(repr(k) for k in _DEAL_KEYS)
            msg = f"unknown key; expected one of {options}"
            raise ParseError(msg, where=reader.at(f"$[{json.dumps(key)}]"))
    if "tableau piles" not in data:
        raise ParseError('missing key "tableau piles"', where=reader.at("$"))
    piles = reader.piles(data["tableau piles"], '$["tableau piles"]')
    cells: list[int | None] = []
    raw_cells = data.get("cells", [])
    if not isinstance(raw_cells, list):
        raise ParseError(
            f"expected a list of cells, found {raw_cells!r}", where=reader.at('$["cells"]')
        )
    for i, item in enumerate(raw_cells):
        cells.append(None if item in ("", None) else reader.card(item, f'$["cells"][{i}]'))
    if len(cells) > variant.cells:
        msg = f"expected at most {variant.cells} cells for {variant.name}, found {len(cells)}"
        raise ParseError(msg, where=reader.at('$["cells"]'))
    cells.extend([None] * (variant.cells - len(cells)))
    stock = reader.cards(data.get("stock", []), '$["stock"]')
    waste = reader.cards(data.get("waste", []), '$["waste"]')
    reserve = reader.cards(data.get("reserve", []), '$["reserve"]')
    hole_text = data.get("hole")
    hole = None if hole_text in (None, "") else reader.card(hole_text, '$["hole"]')
    if hole is None and variant.hole and variant.hole_base != "random":
        hole = parse_card(variant.hole_base)  # a fixed base card may be left implicit
    foundations = reader.piles(data.get("foundations", []), '$["foundations"]')
    if (
        "foundations" not in data
        and variant.foundations
        and variant.foundations_initial is FoundationsInitial.ALL
    ):
        # as Solvitaire does: a deal without foundations starts them with each suit's ace
        # (the base card's rank, where a variant names another base)
        copies = 2 if variant.two_decks else 1
        fixed = variant.foundations_base != "random"
        base = parse_rank(variant.foundations_base) - 1 if fixed else 0
        foundations = tuple((s * 13 + base + 52 * k,) for k in range(copies) for s in range(4))
    kept = tuple(p for p in foundations if p)
    deal = Deal(piles, tuple(cells), stock, reserve, hole, kept, waste)
    return validate_deal(deal, variant, where)


def deal_to_json(deal: Deal) -> str:
    """Solvitaire deal JSON for *deal* (one pile per line; keys only where used).

    >>> print(deal_to_json(Deal(((0, 1), (51,)), (None, 13), hole=39)))
    {
      "tableau piles": [
        ["AC", "2C"],
        ["KS"]
      ],
      "cells": ["", "AD"],
      "hole": "AS"
    }
    """

    def cards(seq: Sequence[int]) -> str:
        return "[" + ", ".join(f'"{card_str(c % 52)}"' for c in seq) + "]"

    lines = ['  "tableau piles": [\n' + ",\n".join("    " + cards(p) for p in deal.piles) + "\n  ]"]
    if deal.cells:
        texts = ", ".join('""' if c is None else f'"{card_str(c % 52)}"' for c in deal.cells)
        lines.append(f'  "cells": [{texts}]')
    if deal.stock:
        lines.append(f'  "stock": {cards(deal.stock)}')
    if deal.waste:
        lines.append(f'  "waste": {cards(deal.waste)}')
    if deal.reserve:
        lines.append(f'  "reserve": {cards(deal.reserve)}')
    if deal.hole is not None:
        lines.append(f'  "hole": "{card_str(deal.hole % 52)}"')
    if deal.foundations:
        lines.append('  "foundations": [' + ", ".join(cards(p) for p in deal.foundations) + "]")
    return "{\n" + ",\n".join(lines) + "\n}"


# ------------------------------------------------------------- fc-solve boards
_FCS_SUITS = "HCDS"  # fc-solve's order on its "Foundations:" line
_FIXED_CELLS = re.compile(r"(?:  [2-9TJQKA][CDHS]|    )+ {0,3}")


def parse_fcs_board(text: str, variant: Variant, *, where: str = "board") -> Deal:
    """Parse fc-solve board text: one line per pile (bottom card first), optional
    ``Freecells:`` / ``FC:`` and ``Foundations:`` / ``Founds:`` lines.

    A leading ``:`` on pile lines is allowed, ``-`` marks an empty cell (or, as
    in the states fc-solve prints, cells sit in 4-character slots), ``#``
    starts a comment, and ``Foundations: H-5 C-A D-0 S-K`` puts each suit's
    ace up to the named rank on its foundation.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> fc = load_variant("freecell")
    >>> parse_fcs_board(fcs_board(ms_deal(11982)), fc) == ms_deal(11982)
    True
    >>> parse_fcs_board("AS 2S XS", fc, where="b.txt")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: b.txt:1: expected a card like 'AS' or '10D', found 'XS'
    """
    reader = _CardReader("")
    piles: list[tuple[int, ...]] = []
    cells: list[int | None] = []
    foundations: list[tuple[int, ...]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        at = f"{where}:{number}"
        if not line:
            continue
        head, _, rest = line.partition(":")
        label = head.strip().lower()
        if label in ("freecells", "fc"):
            if _FIXED_CELLS.fullmatch(rest):  # fc-solve's printed states: 4-column slots
                slots = [rest[i : i + 4].strip() for i in range(0, len(rest), 4)]
            else:
                slots = ["" if text == "-" else text for text in rest.split()]
            for text in slots:
                cells.append(reader.card(text, at) if text else None)
        elif label in ("foundations", "founds"):
            foundations.extend(_fcs_foundations(rest, reader, at, variant))
        else:
            body = rest if line.startswith(":") else line
            piles.append(tuple(reader.card(token, at) for token in body.split()))
    if len(cells) > variant.cells:
        msg = f"expected at most {variant.cells} free cells for {variant.name}, found {len(cells)}"
        raise ParseError(msg, where=where)
    cells.extend([None] * (variant.cells - len(cells)))
    deal = Deal(tuple(piles), tuple(cells), foundations=tuple(foundations))
    return validate_deal(deal, variant, where)


def _fcs_foundations(
    text: str, reader: _CardReader, at: str, variant: Variant
) -> list[tuple[int, ...]]:
    out = []
    for token in text.split():
        suit_text, _, rank_text = token.partition("-")
        suit_text = suit_text.upper()
        if suit_text not in _FCS_SUITS or len(suit_text) != 1:
            raise ParseError(f"expected a foundation like 'H-5', found {token!r}", where=at)
        if rank_text in ("0", ""):
            continue
        top = reader.card(rank_text + suit_text, at)
        if top % 13 >= variant.max_rank:
            raise ParseError(f"expected a rank <= {variant.max_rank}, found {token!r}", where=at)
        pile = tuple(range(top - top % 13, top))
        for card in pile:
            if card in reader.seen:
                raise ParseError(f"duplicate card {card_str(card)} (foundation {token})", where=at)
            reader.seen.add(card)
        out.append((*pile, top))
    return out


def fcs_board(deal: Deal) -> str:
    """fc-solve board text for *deal*: pile lines (ten as ``T``), then cells and foundations
    lines when they hold cards.

    >>> print(fcs_board(ms_deal(1)).splitlines()[0])
    JD KD 2S 4C 3S 6D 6S
    """
    lines = [" ".join(card_str(c % 52, ten="T") for c in pile) for pile in deal.piles]
    if any(c is not None for c in deal.cells):
        cells = " ".join("-" if c is None else card_str(c % 52, ten="T") for c in deal.cells)
        lines.insert(0, f"Freecells: {cells}")
    if deal.foundations:
        tops = {pile[-1] // 13 % 4: pile[-1] for pile in deal.foundations if pile}
        parts = []
        for letter in _FCS_SUITS:
            suit_index = "CDHS".index(letter)
            top = tops.get(suit_index)
            parts.append(f"{letter}-{'0' if top is None else card_str(top % 52, ten='T')[:-1]}")
        lines.insert(0, "Foundations: " + " ".join(parts))
    return "\n".join(lines) + "\n"


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
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError as exc:
        raise ParseError(
            f"expected UTF-8 text, found byte {exc.object[exc.start]:#x}", where=path
        ) from None
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
        hole = rest.pop(0) if variant.hole_base == "random" else parse_card(variant.hole_base)
        if variant.hole_base != "random":
            rest.remove(hole)
    foundations: list[tuple[int, ...]] = []
    if variant.foundations and variant.foundations_initial is FoundationsInitial.ALL:
        random_base = variant.foundations_base == "random"
        base = 0 if random_base else parse_rank(variant.foundations_base) - 1
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
