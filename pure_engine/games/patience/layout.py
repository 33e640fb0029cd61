"""The :class:`Deal` value (a starting layout) and its check against a variant.

Every source of deals (:mod:`~pure_engine.games.patience.deals`: Microsoft
numbers and random deals; :mod:`~pure_engine.games.patience.deal_json`:
Solvitaire JSON; :mod:`~pure_engine.games.patience.fcs_board`: fc-solve board
text) builds a :class:`Deal` and passes it through :func:`validate_deal`.

>>> Deal(((0, 1), (51,)), (None,)).piles
((0, 1), (51,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.patience.variant import DealType, Variant, deck_size
from pure_engine.games.playing_cards import card_str, full_deck, parse_card

__all__ = ["CardReader", "Deal", "deal_cards", "validate_deal"]


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

    >>> from pure_engine.games.patience.deals import ms_deal
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


def validate_deal(deal: Deal, variant: Variant, where: str = "deal") -> Deal:
    """Check *deal* against *variant*; return it unchanged or raise :class:`ParseError`.

    Checks: pile and cell counts, stock and reserve sizes, the hole card, and
    that the cards are exactly the variant's deck (none missing, none unknown,
    none twice -- twice is allowed once more for two-deck games).

    >>> from pure_engine.games.patience.deals import ms_deal
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
        fixed_hole = variant.fixed_hole_card
        if fixed_hole is not None and deal.hole != fixed_hole:
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
    fixed = variant.fixed_foundation_rank
    expected = bases if fixed is None else {fixed - 1}
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


# ------------------------------------------------------------------- parsing
class CardReader:
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
