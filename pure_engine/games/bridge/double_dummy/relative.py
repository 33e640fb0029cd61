"""Relative ranks: the double-dummy search's coordinates (:mod:`.search`).

A card is its place among the cards still in play in its suit (bit ``13 * suit + place``,
the lowest card at place 0), so positions that differ only in which small cards have gone
are the same four integers.  When a trick is complete its four cards are squeezed out of
every hand (:data:`_KEEP` / :data:`_ABOVE`: two masks and a shift per hand and card).
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.struct import Struct
from pure_engine.games.trick_taking.tricks import SUIT_MASKS, cards_of

__all__ = ["Relative", "finish_trick", "to_relative"]

_SUIT = SUIT_MASKS
_FULL = (1 << 52) - 1
# compressing out relative position p: keep the bits below it, shift those above down by one
_KEEP = tuple(_FULL & ~(((1 << (13 * (p // 13) + 13)) - 1) & ~((1 << p) - 1)) for p in range(52))
_FROM = tuple(((1 << (13 * (p // 13) + 13)) - 1) & ~((1 << p) - 1) for p in range(52))
_ABOVE = tuple(((1 << (13 * (p // 13) + 13)) - 1) & ~((1 << (p + 1)) - 1) for p in range(52))
_SHIFT_UP = tuple(_ABOVE[p] >> 1 | 1 << p for p in range(52))
_BELOW_IN_SUIT = tuple(((1 << p) - 1) & ~((1 << (p - p % 13)) - 1) for p in range(52))
_BOTTOM = 1 | 1 << 13 | 1 << 26 | 1 << 39
# a card's one in the shape (suit lengths, four bits per hand and suit), by seat
_UNIT = tuple(tuple(1 << (16 * seat + 4 * (p // 13)) for p in range(52)) for seat in range(4))


def _ace_high_index(card: int) -> int:
    """0 for the 2 .. 12 for the ace: the card's place in its suit, lowest first."""
    return (card % 13 - 1) % 13


class Relative(Struct):
    """The root position in relative ranks, and the way back to real cards."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    cards: tuple[int, ...]  # relative position -> real card (-1 where no card)


def to_relative(hands: Sequence[int], trick: Sequence[int]) -> Relative:
    present = 0
    for hand in hands:
        present |= hand
    for card in trick:
        present |= 1 << card
    to_rel: dict[int, int] = {}
    back = [-1] * 52
    for suit_ in range(4):
        held = list(cards_of(present & _SUIT[suit_]))
        held.sort(key=_ace_high_index)
        for index, card in enumerate(held):
            to_rel[card] = 13 * suit_ + index
            back[13 * suit_ + index] = card
    rel = [0, 0, 0, 0]
    for seat, hand in enumerate(hands):
        for card in cards_of(hand):
            rel[seat] |= 1 << to_rel[card]
    return Relative((rel[0], rel[1], rel[2], rel[3]), tuple(to_rel[c] for c in trick), tuple(back))


def _squeeze3(h: Sequence[int], high: int, mid: int, low: int) -> tuple[int, int, int, int]:
    """The four hands with the places *high* > *mid* > *low* (cards nobody holds, of
    any suits) squeezed out, as at the end of a trick.

    >>> _squeeze3([0b1000001, 0b10, 0b100000, 0], 4, 3, 2)  # places 2-4 gone in clubs
    (9, 2, 4, 0)
    """
    a, b, c, d = h
    for p in (high, mid, low):
        k = _KEEP[p]
        a, b, c, d = (a + (a & k)) >> 1, (b + (b & k)) >> 1, (c + (c & k)) >> 1, (d + (d & k)) >> 1
    return a, b, c, d


def _rank_key(card: int) -> int:
    return card % 13


def _lowest_rank(cards: int) -> int:
    """The lowest-ranked card of *cards* (the lowest suit's on a tie).

    >>> _lowest_rank(1 << 13 + 4 | 1 << 26 + 2 | 1 << 39 + 2)   # D6, H4, S4
    28
    """
    ranks = (cards | cards >> 13 | cards >> 26 | cards >> 39) & 0x1FFF
    place = (ranks & -ranks).bit_length() - 1
    while not cards >> place & 1:
        place += 13
    return place


def _shape(h: Sequence[int]) -> int:
    """The suit lengths of the four hands, four bits each (seat 0 clubs lowest)."""
    shape = 0
    for seat, hand in enumerate(h):
        for suit_ in range(4):
            shape |= (hand & _SUIT[suit_]).bit_count() << (16 * seat + 4 * suit_)
    return shape


def _winner(trick: tuple[int, ...], trump_mask: int) -> int:
    """Which card of a full trick (relative positions, lead first) wins it."""
    best_index, best = 0, trick[0]
    for index in (1, 2, 3):
        card = trick[index]
        if card // 13 == best // 13:
            if card > best:
                best_index, best = index, card
        elif trump_mask >> card & 1:
            best_index, best = index, card
    return best_index


def finish_trick(
    hands: tuple[int, int, int, int],
    leader: int,
    trick: tuple[int, ...],
    trump_mask: int,
) -> tuple[tuple[int, int, int, int], int]:
    """The hands with the four played cards compressed out, and the trick's winner."""
    winner = (leader + _winner(trick, trump_mask)) & 3
    a, b, c, d = hands
    for pos in sorted(trick, reverse=True):
        k, u = _KEEP[pos], _ABOVE[pos]
        a = (a & k) | ((a & u) >> 1)
        b = (b & k) | ((b & u) >> 1)
        c = (c & k) | ((c & u) >> 1)
        d = (d & k) | ((d & u) >> 1)
    return (a, b, c, d), winner
