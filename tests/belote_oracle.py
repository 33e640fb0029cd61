"""A hand-written Python legality for Belote's card play: the differential oracle of the
legality written as rules (``pure_engine/games/play.json``), and the hand-written side
of the legality benchmark.  Written from the rules of the game, not from the rule file."""

from __future__ import annotations

from collections.abc import Sequence

_TRUMP_ORDER = (7, 8, 12, 13, 10, 1, 9, 11)  # 7 8 Q K 10 A 9 J, low to high
_PLAIN_ORDER = (7, 8, 9, 11, 12, 13, 10, 1)  # 7 8 9 J Q K 10 A


def _strength(card: int, led: int, trump: int) -> int:
    rank = card % 13 + 1
    if card // 13 == trump:
        return 100 + _TRUMP_ORDER.index(rank)
    if card // 13 == led:
        return _PLAIN_ORDER.index(rank)
    return -1


def oracle_legal(hand: Sequence[int], trick: Sequence[int], trump: int) -> tuple[int, ...]:
    """The cards of *hand* (a list of card ints) Belote's rules allow on *trick*, sorted."""
    cards = sorted(hand)
    if not trick:
        return tuple(cards)
    led = trick[0] // 13
    strengths = [_strength(c, led, trump) for c in trick]
    best = max(strengths)
    holder = strengths.index(best)
    partner_holds = len(trick) - holder == 2
    same_suit = [c for c in cards if c // 13 == led]
    trumps = [c for c in cards if c // 13 == trump]
    higher = [c for c in trumps if _strength(c, led, trump) > best]
    if led == trump:
        return tuple(higher or trumps or cards)
    if same_suit:
        return tuple(same_suit)
    if partner_holds:
        return tuple(cards)
    return tuple(higher or trumps or cards)


def oracle_legal_sans_atout(hand: Sequence[int], trick: Sequence[int]) -> tuple[int, ...]:
    """Sans-atout (Coinche): follow suit if you can, else any card; no duty to win."""
    cards = sorted(hand)
    if not trick:
        return tuple(cards)
    same_suit = [c for c in cards if c // 13 == trick[0] // 13]
    return tuple(same_suit or cards)


def oracle_legal_tout_atout(hand: Sequence[int], trick: Sequence[int]) -> tuple[int, ...]:
    """Tout-atout (Coinche): every suit ranks J 9 A 10 K Q 8 7; follow suit, beating the best
    card of the led suit on the table if you can (even your partner's), else any card."""
    cards = sorted(hand)
    if not trick:
        return tuple(cards)
    led = trick[0] // 13

    def strength(card: int) -> int:
        return _TRUMP_ORDER.index(card % 13 + 1)

    best = max(strength(c) for c in trick if c // 13 == led)
    same_suit = [c for c in cards if c // 13 == led]
    higher = [c for c in same_suit if strength(c) > best]
    return tuple(higher or same_suit or cards)
