"""The fourth hand's view of a trick (:meth:`.search.Search.last_hand`): who holds the trick
so far, the candidates, and the hands with the first three cards squeezed out.
"""

from __future__ import annotations

from pure_engine.games.bridge.double_dummy.order import bit_positions
from pure_engine.games.bridge.double_dummy.relative import (
    _BOTTOM,
    _KEEP,
    _SHIFT_UP,
    _SUIT,
    _UNIT,
    _lowest_rank,
    _rank_key,
    _squeeze3,
)

__all__ = ["Closing", "TrickSoFar"]


class TrickSoFar:
    """The first three cards of a trick, seen by the fourth hand: who holds the trick so
    far (and whether by rank over a lower card of its suit), and the fourth hand's legal
    cards, one per run of touching cards, with those that would take the trick."""

    __slots__ = ("beat", "best3", "hand", "led", "rank3", "runs", "win3")

    def __init__(self, trick: tuple[int, ...], hand: int, trump_mask: int) -> None:
        first, second, third = trick
        win3, best3, rank3 = 0, first, False
        if second // 13 == first // 13:
            rank3 = True
            if second > first:
                win3, best3 = 1, second
        elif trump_mask >> second & 1:
            win3, best3, rank3 = 1, second, False
        if third // 13 == best3 // 13:
            rank3 = True
            if third > best3:
                win3, best3 = 2, third
        elif trump_mask >> third & 1:
            win3, best3, rank3 = 2, third, False
        led = _SUIT[first // 13]
        above_best = ~((2 << best3) - 1)
        if hand & led:
            legal = hand & led
            beat = legal & above_best if led >> best3 & 1 else 0
        else:
            legal = hand
            beat = hand & trump_mask & above_best if trump_mask >> best3 & 1 else hand & trump_mask
        self.win3, self.best3, self.rank3 = win3, best3, rank3
        self.hand, self.led, self.beat = hand, led, beat
        self.runs = legal & ~((legal << 1) & ~_BOTTOM)  # one card per run of touching cards

    def first_candidates(self) -> tuple[list[int], bool]:
        """The card to try first, alone unless it is the only run (then ``ordered``):
        the cheapest that takes the trick, or the lowest when partner (second to play)
        holds it or nothing takes it."""
        runs, beat = self.runs, self.beat
        if not runs & (runs - 1):
            return [runs.bit_length() - 1], True
        wins, loses = runs & beat, runs & ~beat
        if self.win3 == 1:
            first_bits, winning = (loses, False) if loses else (wins, True)
        else:
            first_bits, winning = (wins, True) if wins else (loses, False)
        if winning or self.hand & self.led:
            return [(first_bits & -first_bits).bit_length() - 1], False
        return [_lowest_rank(first_bits)], False

    def other_candidates(self) -> list[int]:
        """Every candidate in order, once the first failed: partner (second to play)
        holding the trick, low cards first; else the winners first."""
        wins = bit_positions(self.runs & self.beat)
        loses = bit_positions(self.runs & ~self.beat)
        if len(loses) > 1 and not self.hand & self.led:
            loses.sort(key=_rank_key)
        return loses + wins if self.win3 == 1 else wins + loses

    def winner_with(self, card: int, trump_mask: int) -> tuple[int, int, bool]:
        """The trick's winning card with *card* played fourth, its place in the trick, and
        whether it wins by rank over a lower card of its suit."""
        if card // 13 == self.best3 // 13:
            if card > self.best3:
                return card, 3, True
            return self.best3, self.win3, True
        if trump_mask >> card & 1:
            return card, 3, False
        return self.best3, self.win3, self.rank3


class Closing:
    """The hands of a trick whose first three cards are played, with those cards squeezed
    out: the shape after them, and the table key's two unions (squeezed at once: a squeeze
    maps bits one to one, so it commutes with |), the four hands only when needed."""

    __slots__ = (
        "_hands",
        "_squeezed",
        "after",
        "high",
        "low",
        "mid",
        "removed",
        "up_high",
        "up_low",
        "up_mid",
        "x",
        "y",
    )

    def __init__(self, h: list[int], leader: int, trick: tuple[int, ...], shape: int) -> None:
        first, second, third = trick
        self.after = shape - (
            _UNIT[leader][first] + _UNIT[(leader + 1) & 3][second] + _UNIT[(leader + 2) & 3][third]
        )
        self.removed = 1 << first | 1 << second | 1 << third
        low, mid, high = sorted(trick)
        self.low, self.mid, self.high = low, mid, high
        # squeezed out from the highest down; no hand holds these cards, so the bits below
        # a card's place added to a hand and the sum halved drop the bits above it by one
        x, y = h[1] | h[3], h[2] | h[3]
        for place in (high, mid, low):
            k = _KEEP[place]
            x, y = (x + (x & k)) >> 1, (y + (y & k)) >> 1
        self.x, self.y = x, y
        self.up_low, self.up_mid, self.up_high = _SHIFT_UP[low], _SHIFT_UP[mid], _SHIFT_UP[high]
        self._hands = h
        self._squeezed: tuple[int, int, int, int] | None = None

    def hands(self) -> tuple[int, int, int, int]:
        """The four hands without the trick's first three cards (the fourth hand's card
        still in place), squeezed once."""
        if self._squeezed is None:
            self._squeezed = _squeeze3(self._hands, self.high, self.mid, self.low)
        return self._squeezed
