"""Deals as Solvitaire deal JSON: :func:`parse_deal_json` / :func:`deal_from_json` read it
(checked against the variant), :func:`deal_to_json` writes it.

>>> print(deal_to_json(Deal(((0,),), ())))
{
  "tableau piles": [
    ["AC"]
  ]
}
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pure_engine.errors import ParseError
from pure_engine.games.patience.layout import CardReader, Deal, validate_deal
from pure_engine.games.patience.spec import parse_json
from pure_engine.games.patience.variant import FoundationsInitial, Variant
from pure_engine.games.playing_cards import card_str

__all__ = ["deal_from_json", "deal_to_json", "parse_deal_json"]

_DEAL_KEYS = ("tableau piles", "cells", "stock", "waste", "reserve", "hole", "foundations")


def parse_deal_json(text: str, variant: Variant, *, where: str = "deal") -> Deal:
    """Parse a Solvitaire deal (JSON text) and check it against *variant*.

    Keys: ``"tableau piles"`` (piles bottom -> top), ``"cells"`` (one entry per
    cell, ``""`` for an empty one; fewer entries than cells leave the rest
    empty), ``"stock"`` (last card dealt first), ``"waste"`` (mid-game positions
    only; its last card is on top), ``"reserve"``, ``"hole"``
    and ``"foundations"`` (piles).  Ranks A 2-10 J Q K (``T`` too), suits C D H S.

    >>> from pure_engine.games.patience.deals import ms_deal
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
    reader = CardReader(where)
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
    if hole is None and variant.hole:
        hole = variant.fixed_hole_card  # a fixed base card may be left implicit
    foundations = reader.piles(data.get("foundations", []), '$["foundations"]')
    if (
        "foundations" not in data
        and variant.foundations
        and variant.foundations_initial is FoundationsInitial.ALL
    ):
        # as Solvitaire does: a deal without foundations starts them with each suit's ace
        # (the base card's rank, where a variant names another base)
        copies = 2 if variant.two_decks else 1
        fixed = variant.fixed_foundation_rank
        base = 0 if fixed is None else fixed - 1
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
