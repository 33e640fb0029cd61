"""Deals as fc-solve board text: :func:`parse_fcs_board` reads it (checked against the
variant), :func:`fcs_board` writes it.

>>> print(fcs_board(Deal(((0, 9), (51,)), (None, 13))), end="")
Freecells: - AD
AC TC
KS
"""

from __future__ import annotations

import re

from pure_engine.errors import ParseError
from pure_engine.games.patience.layout import CardReader, Deal, validate_deal
from pure_engine.games.patience.variant import Variant
from pure_engine.games.playing_cards import card_str

__all__ = ["fcs_board", "parse_fcs_board"]

_FCS_SUITS = "HCDS"  # fc-solve's order on its "Foundations:" line
_FIXED_CELLS = re.compile(r"(?:  [2-9TJQKA][CDHS]|    )+ {0,3}")


def parse_fcs_board(text: str, variant: Variant, *, where: str = "board") -> Deal:
    """Parse fc-solve board text: one line per pile (bottom card first), optional
    ``Freecells:`` / ``FC:`` and ``Foundations:`` / ``Founds:`` lines.

    A leading ``:`` on pile lines is allowed, ``-`` marks an empty cell (or, as
    in the states fc-solve prints, cells sit in 4-character slots), ``#``
    starts a comment, and ``Foundations: H-5 C-A D-0 S-K`` puts each suit's
    ace up to the named rank on its foundation.

    >>> from pure_engine.games.patience.deals import ms_deal
    >>> from pure_engine.games.patience.spec import load_variant
    >>> fc = load_variant("freecell")
    >>> parse_fcs_board(fcs_board(ms_deal(11982)), fc) == ms_deal(11982)
    True
    >>> parse_fcs_board("AS 2S XS", fc, where="b.txt")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: b.txt:1: expected a card like 'AS' or '10D', found 'XS'
    """
    reader = CardReader("")
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
    text: str, reader: CardReader, at: str, variant: Variant
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

    >>> from pure_engine.games.patience.deals import ms_deal
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
