"""The tables a variant's :class:`~pure_engine.games.patience.rules.PatienceRules` are built
from, once per variant: which rule features the engine plays, which card may go on which,
which pairs form a built group, and when a card is safe to send up.

>>> from pure_engine.games.patience.variant import BuildPolicy
>>> from pure_engine.games.playing_cards import parse_card_any_order as card
>>> hosts = host_table(BuildPolicy.RED_BLACK)
>>> sorted(hosts[card("9H")]) == sorted([card("TS"), card("TC")])
True
>>> card_safe_need(BuildPolicy.RED_BLACK, card("5H"))   # both black fours up first
((0, 4), (3, 4))
"""

from __future__ import annotations

from typing import assert_never

from pure_engine.errors import ParseError
from pure_engine.games.patience.variant import (
    BuildPolicy,
    DealType,
    FoundationsInitial,
    SpacesPolicy,
    Variant,
)
from pure_engine.games.playing_cards import is_red, rank, suit

__all__ = [
    "SUPPORTED_NOTE",
    "builds",
    "card_safe_need",
    "host_table",
    "link_table",
    "refuse_unsupported",
]

SUPPORTED_NOTE = (
    "tableau piles (any build policy; spaces any/kings/no-build; single cards, built groups "
    "or whole piles), cells, foundations (removable or not), a hole (with or without "
    "loops), a stock dealt to the waste or the hole (with or without redeals), a reserve"
)


def refuse_unsupported(variant: Variant) -> None:
    """Raise ``ParseError`` naming every rule feature of *variant* the engine does not play."""
    unsupported = []
    if variant.two_decks:
        unsupported.append("two decks")
    if variant.max_rank != 13:
        unsupported.append("max rank other than 13")
    if variant.foundations_initial is FoundationsInitial.ONE or variant.fixed_foundation_rank != 1:
        unsupported.append("a random foundation card or a base card other than A")
    if variant.spaces not in (SpacesPolicy.ANY, SpacesPolicy.KINGS, SpacesPolicy.NO_BUILD):
        unsupported.append(f"spaces policy {variant.spaces.value!r}")
    if variant.foundations_complete_only:
        unsupported.append("complete-pile-only foundation moves")
    if variant.stock_size and variant.stock_deal_type is DealType.TABLEAU_PILES:
        unsupported.append(f"stock deal type {variant.stock_deal_type.value!r}")
    if unsupported:
        raise ParseError(
            f"variant {variant.name!r} uses {', '.join(unsupported)}: not supported by "
            f"the engine (supported: {SUPPORTED_NOTE})"
        )


def builds(policy: BuildPolicy, below: int, above: int) -> bool:
    """True when *above* may sit on *below* under the build *policy*."""
    if rank(above) != rank(below) - 1:
        return False
    match policy:
        case BuildPolicy.ANY_SUIT:
            return True
        case BuildPolicy.RED_BLACK:
            return is_red(above) != is_red(below)
        case BuildPolicy.SAME_SUIT:
            return suit(above) == suit(below)
        case BuildPolicy.NO_BUILD:
            return False
        case _:
            assert_never(policy)


# a card's possible hosts are the four cards one rank up: only those are checked
_ABOVE = tuple(
    tuple(s * 13 + a % 13 + 1 for s in range(4)) if a % 13 < 12 else () for a in range(52)
)


# Tuples (in the order of the frozensets they were: the search order, hence the solutions,
# stay as they were) and a table of links, not a set of ints: compiled, a tuple iterates
# and indexes natively where a set goes through the iterator protocol and boxes each int;
# with the list of tops in ``moves``, FreeCell deals 2-31 take 143 M instructions fewer
# (of 1 606 M).
def host_table(build: BuildPolicy) -> tuple[tuple[int, ...], ...]:
    """``hosts[c]``: the cards card *c* may be placed on in the tableau under *build*."""
    return tuple(tuple(frozenset(b for b in _ABOVE[a] if builds(build, b, a))) for a in range(52))


def link_table(policy: BuildPolicy) -> tuple[bool, ...]:
    """``links[below * 64 + above]``: the pair forms a built group that moves under *policy*."""
    linked = {b * 64 + a for a in range(52) for b in _ABOVE[a] if builds(policy, b, a)}
    return tuple(pair in linked for pair in range(52 * 64))


def card_safe_need(build: BuildPolicy, card: int) -> tuple[tuple[int, int], ...]:
    """(suit, rank) pairs that must be on the foundations for *card* to be safe to send up."""
    # A card on the tableau is only ever useful as a host for the cards that
    # may be built on it.  Once all of those are on the (never-needed-again)
    # foundations, moving the card up loses nothing: a true dominance.
    # Aces host nothing useful; a 2 hosts only aces, which may always go up.
    height, own_suit = rank(card), suit(card)
    if height <= 2:
        return ()
    suits: tuple[int, ...]
    match build:
        case BuildPolicy.SAME_SUIT | BuildPolicy.NO_BUILD:
            return ()
        case BuildPolicy.RED_BLACK:
            suits = (0, 3) if is_red(card) else (1, 2)
        case BuildPolicy.ANY_SUIT:
            suits = tuple(s for s in range(4) if s != own_suit)
        case _:
            assert_never(build)
    return tuple((s, height - 1) for s in suits)
