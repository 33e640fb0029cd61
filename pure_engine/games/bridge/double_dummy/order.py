"""Move ordering for the double-dummy search (:mod:`pure_engine.games.bridge.double_dummy.search`).

Cards are relative positions (``13 * suit + place``, higher place = higher card).  The
order changes only how fast a proof is found, never an answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.games.trick_taking.tricks import SUIT_MASKS

__all__ = ["bit_positions", "order_follow", "order_moves"]

_SUIT = SUIT_MASKS
_BOTTOM = 1 | 1 << 13 | 1 << 26 | 1 << 39


def _runs(legal: int) -> int:
    """The lowest card of each run of touching cards in *legal* (one card per class)."""
    return legal & ~((legal << 1) & ~_BOTTOM)


def bit_positions(bits: int) -> list[int]:
    """The positions of the set bits, lowest first (a list: the search sorts it in place).

    >>> bit_positions(0b10110)
    [1, 2, 4]
    """
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def order_moves(
    h: Sequence[int],
    legal: int,
    trick: tuple[int, ...],
    leader: int,
    seat: int,
    trump_mask: int,
) -> list[int]:
    """Candidate cards (one per class of equivalent cards), likeliest best first."""
    cards = bit_positions(_runs(legal))
    if len(cards) == 1:
        return cards
    if not trick:
        everyone = h[0] | h[1] | h[2] | h[3]
        partner = h[(seat + 2) & 3]
        lho, rho = h[(seat + 1) & 3], h[(seat + 3) & 3]
        scored = []
        for card in cards:
            mask = _SUIT[card // 13]
            top = 1 << ((everyone & mask).bit_length() - 1)
            ruffable = (
                trump_mask
                and mask != trump_mask
                and ((lho & trump_mask and not lho & mask) or (rho & trump_mask and not rho & mask))
            )
            if top == 1 << card and not ruffable:
                score = 40  # cash a winner
            elif top & partner and not ruffable:
                score = 30 - card % 13  # low card to partner's winner
            elif (
                trump_mask
                and not partner & mask
                and partner & trump_mask
                and mask != trump_mask
                and not ruffable
            ):
                score = 25 - card % 13  # partner ruffs, and neither opponent can ruff it
            elif top & lho and (partner & mask) > (rho & mask) and not ruffable:
                score = 20 - card % 13  # through the second hand, to partner's tenace
            else:
                score = 10 - card % 13 + (h[seat] & mask).bit_count() - (20 if ruffable else 0)
            scored.append((-score, card))
        scored.sort()
        return [card for _, card in scored]
    return order_follow(h, h[seat], trick, leader, seat, trump_mask)


def order_follow(
    h: Sequence[int], hand: int, trick: tuple[int, ...], leader: int, seat: int, trump_mask: int
) -> list[int]:
    """Second or third hand's candidate cards (one per class), likeliest best first."""
    first = trick[0]
    led = _SUIT[first // 13]
    win, best = 0, first
    if len(trick) == 2:
        second = trick[1]
        if second // 13 == first // 13:
            if second > first:
                win, best = 1, second
        elif trump_mask >> second & 1:
            win, best = 1, second
    above_best = ~((2 << best) - 1)
    if hand & led:
        legal = hand & led
        beat = legal & above_best if led >> best & 1 else 0
    else:
        legal = hand
        beat = hand & trump_mask & above_best if trump_mask >> best & 1 else hand & trump_mask
    runs = legal & ~((legal << 1) & ~_BOTTOM)  # one card per run of touching cards
    losing = bit_positions(runs & ~beat)
    if not beat:
        if len(losing) > 1 and not hand & led:
            losing.sort(key=_rank_key)
        return losing
    beating = bit_positions(runs & beat)
    if len(losing) > 1 and not hand & led:
        losing.sort(key=_rank_key)
    if len(trick) == 1:  # second hand: low first, but try the cheapest winner early
        third = _top_of(h[(seat + 1) & 3], led, trump_mask, best)
        fourth = _top_of(h[(seat + 2) & 3], led, trump_mask, best if third < 0 else third)
        if fourth >= 0:
            return losing + beating  # partner, last to play, can take the trick
        if third >= 0:
            # the third hand can beat the card led: first the cheapest card over the
            # third hand's best, if any (else the cheapest winner, as below)
            over = [c for c in beating if _beats(c, third, trump_mask)]
            if over:
                return over[:1] + losing + [c for c in beating if c != over[0]]
        return beating[:1] + losing + beating[1:]
    # third hand: what can the fourth hand do?
    partner_holds = win == 0
    top4 = _top_of(h[(seat + 1) & 3], led, trump_mask, best)
    if partner_holds and top4 < 0:
        return losing + beating  # partner's card stands: play low
    if top4 >= 0:
        # cards that also beat the fourth hand's best, cheapest first, come first
        over = [c for c in beating if _beats(c, top4, trump_mask)]
        if over:
            under = [c for c in beating if not _beats(c, top4, trump_mask)]
            if partner_holds:
                return over[:1] + losing + under + over[1:]
            return over + under + losing
    if partner_holds:
        return losing + beating
    return beating + losing


def _top_of(fourth: int, led: int, trump_mask: int, best: int) -> int:
    """The fourth hand's highest card that beats *best*, or -1 if it cannot."""
    follow = fourth & led
    if follow:
        top = follow.bit_length() - 1
        return top if _beats(top, best, trump_mask) else -1
    trumps = fourth & trump_mask
    if trumps:
        top = trumps.bit_length() - 1
        return top if _beats(top, best, trump_mask) else -1
    return -1


# ---------------------------------------------------------------- the API


def _rank_key(card: int) -> int:
    return card % 13


def _beats(card: int, best: int, trump_mask: int) -> bool:
    if card // 13 == best // 13:
        return card > best
    return bool(trump_mask >> card & 1)
