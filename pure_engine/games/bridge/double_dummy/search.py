"""The search behind :mod:`~pure_engine.games.bridge.double_dummy.solver` (its API is there).

Positions are in **relative ranks** (:mod:`.relative`): a card is its place among the
cards still in play in its suit, so positions that differ only in which small cards have
gone are the same four integers.

:class:`Search` answers "can North-South take at least *t* of the remaining tricks?"
(a boolean AND/OR search) with partition search (:mod:`.partition`): each answer comes with
the set of cards whose rank the proof used, and the table stores it under the position's
shape (suit lengths per hand) with the owners of those cards and all higher ones only.
"""

from __future__ import annotations

from pure_engine.games.bridge.double_dummy.boundary import one_trick_bound, quick_bound, trump_bound
from pure_engine.games.bridge.double_dummy.bounds import (
    last_trick,
    second_hand_tricks,
    trump_length,
)
from pure_engine.games.bridge.double_dummy.fourth import Closing, TrickSoFar
from pure_engine.games.bridge.double_dummy.order import order_follow, order_moves
from pure_engine.games.bridge.double_dummy.partition import (
    _below_floor,
    _lead_like,
    _probe,
    _raise_floor,
    _store,
    _with_run,
)
from pure_engine.games.bridge.double_dummy.relative import (
    _ABOVE,
    _BELOW_IN_SUIT,
    _BOTTOM,
    _KEEP,
    _SHIFT_UP,
    _SUIT,
    _UNIT,
    Relative,
    _shape,
    finish_trick,
    to_relative,
)

__all__ = ["Relative", "Search", "finish_trick", "to_relative"]


class Search:
    """One strain's search, with its transposition table (local to one solve or table).

    The searches return ``relevant << 1 | result``: *result* answers the question and
    *relevant* is the set of cards (relative positions) whose rank the proof used — the
    cards that took a trick from a lower card of their suit, and the winners a quick-trick
    bound counted.  A position with the same suit lengths in each hand and the same owners
    of every card from the lowest relevant card of each suit upwards has the same answer
    (partition search, as DDS's "winning ranks"), so the table stores each result under
    the shape with those owners only.

    A position at a trick boundary is four hands (ints), the leader and its *shape* (the
    suit lengths of each hand, four bits each, kept up to date by subtraction as cards are
    played); inside a trick the hands are one small list changed and restored in place.
    ``nodes`` counts the cards played, ``trick_nodes`` those that closed a trick.
    """

    __slots__ = ("best", "nodes", "trick_nodes", "trump_mask", "tt")

    def __init__(self, trump: int | None) -> None:
        # shape << 2 | leader -> region -> owners of the region's cards -> [low, high,
        # relevant]: a lookup is one dict probe per region stored under the shape
        self.tt: dict[int, dict[int, dict[int, list[int]]]] = {}
        # hints: the card that settled the last lead of a shape (the suit lengths of the
        # hands, or the side's, or the leader's: int keys for these two), and the card
        # that settled the last follow of a shape and trick so far
        self.best: dict[tuple[int, ...] | int, int] = {}
        self.nodes = 0
        self.trick_nodes = 0
        self.trump_mask = _SUIT[trump] if trump is not None else 0

    def at_least(self, rel: Relative, leader: int, target: int) -> bool:
        """North-South take at least *target* tricks from the relative position *rel*."""
        h = rel.hands
        if rel.trick:
            return bool(self.play(h, leader, rel.trick, target) & 1)
        return bool(self.ge(h[0], h[1], h[2], h[3], leader, target, _shape(h)) & 1)

    def ns_tricks(self, rel: Relative, leader: int) -> int:
        """North-South's exact tricks from *rel* (bisection on null-window searches)."""
        total = max(h.bit_count() for h in rel.hands)
        low, high = 0, total
        while low < high:
            target = (low + high + 1) // 2
            if self.at_least(rel, leader, target):
                low = target
            else:
                high = target - 1
        return low

    def play(
        self, h: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], target: int
    ) -> int:
        """The question with *trick* (1-3 cards) already on the table."""
        hands = list(h)
        shape = _shape(h)
        for index, card in enumerate(trick):
            shape += _UNIT[(leader + index) & 3][card]
        if len(trick) == 3:
            return self.last_hand(hands, leader, trick, target, shape)
        return self.follow(hands, leader, trick, target, shape)

    # --- a trick boundary: the table, the bounds, then the lead --------------------------

    def ge(self, a: int, b: int, c: int, d: int, leader: int, target: int, shape: int) -> int:
        """Can North-South take at least *target* of the remaining tricks? (trick
        boundary; *shape* holds the suit lengths of the hands)"""
        if target <= 0:
            return 1
        n = a.bit_count()
        if target > n:
            return 0
        self.nodes += 1
        if n == 1:
            v = last_trick((a, b, c, d), leader, self.trump_mask)
            return v if target == 1 else v & ~1
        key = shape << 2 | leader
        regions = self.tt.get(key)
        if regions is None:
            regions = self.tt[key] = {}
        else:
            v = _probe(regions, b | d, c | d, target)
            if v >= 0:
                return v
        return self.resolve(a, b, c, d, leader, target, shape, n, regions)

    def resolve(
        self,
        a: int,
        b: int,
        c: int,
        d: int,
        leader: int,
        target: int,
        shape: int,
        n: int,
        regions: dict[int, dict[int, list[int]]],
    ) -> int:
        """:meth:`ge` for a position the table did not settle (*n* tricks left, the
        table's *regions* for the position's shape and leader)."""
        h = (a, b, c, d)
        v = quick_bound(self.trump_mask, h, leader, target, n, regions)
        if v < 0 and self.trump_mask:
            v = trump_bound(self.trump_mask, h, leader, target, n, regions)
        if v < 0:
            v = one_trick_bound(self.trump_mask, h, leader, target, n, regions)
        if v >= 0:
            return v
        v = self.lead(a, b, c, d, leader, target, shape)
        if v & 1:
            _store(regions, b, c, d, v >> 1, target, n)
        else:
            _store(regions, b, c, d, v >> 1, 0, target - 1)
        return v

    # --- the four cards of a trick ---------------------------------------------------------

    def lead(self, a: int, b: int, c: int, d: int, leader: int, target: int, shape: int) -> int:
        """The first card of a trick."""
        h = [a, b, c, d]
        hand = h[leader]
        first, suit_ = self._lead_hint(hand, leader, shape)
        ordered = suit_ is None
        if first is not None:
            candidates = [first]
        elif suit_ is None:
            candidates = order_moves(h, hand, (), leader, leader, self.trump_mask)
        else:
            candidates = order_moves(h, hand & _SUIT[suit_], (), leader, leader, self.trump_mask)
            del candidates[1:]
        maximizing = 1 - (leader & 1)
        relevant = 0
        floors = None
        refuted = -1
        for card in candidates:
            if refuted >= 0:  # the floors after the last refuted card, when needed
                floors = _raise_floor(floors, relevant, refuted)
                refuted = -1
            if floors is not None and _below_floor(floors, hand, card):
                continue
            h[leader] = hand ^ (1 << card)
            self.nodes += 1
            v = self.follow(h, leader, (card,), target, shape)
            if v & 1 == maximizing:
                self._remember_lead(shape, leader, card)
                return v
            if v > 1:
                relevant |= _with_run(v >> 1, hand, card)
            refuted = card
            if not ordered:  # (the list grows while the loop runs over it)
                ordered = True
                h[leader] = hand
                more = order_moves(h, hand, (), leader, leader, self.trump_mask)
                candidates += [other for other in more if other != card]
        return relevant << 1 | (1 - maximizing)

    def _lead_hint(self, hand: int, leader: int, shape: int) -> tuple[int | None, int | None]:
        """The card to lead first and its suit, from the card that settled the last lead of
        this shape, else of the same suit lengths on this side, else in the leader's hand
        (the same position searched again, for another target, hits the first): itself if
        the leader holds it, else its nearest lower card of the suit (the lowest of its
        run: :func:`_lead_like`).  That card alone is tried, the others only if it fails;
        ``(None, None)`` when nothing is remembered, ``(None, suit)`` when the leader is
        void in the remembered suit (the best card of the hand is tried first then)."""
        best = self.best
        first = best.get((shape, leader))
        if first is None:
            mine = shape >> 16 * leader & 0xFFFF
            first = best.get(-(mine << 18 | (shape >> 16 * (leader ^ 2) & 0xFFFF) << 2 | leader))
            if first is None:
                first = best.get(mine << 2 | leader)
            if first is None:
                return None, None
        return _lead_like(hand, first), first // 13

    def _remember_lead(self, shape: int, leader: int, card: int) -> None:
        """*card* settled the lead of this shape: the hint of :meth:`_lead_hint`."""
        best = self.best
        best[(shape, leader)] = card
        mine = shape >> 16 * leader & 0xFFFF
        side = -(mine << 18 | (shape >> 16 * (leader ^ 2) & 0xFFFF) << 2 | leader)
        best[side] = best[mine << 2 | leader] = card

    def follow(
        self, h: list[int], leader: int, trick: tuple[int, ...], target: int, shape: int
    ) -> int:
        """Second or third hand (*h* is changed and restored)."""
        seat = (leader + len(trick)) & 3
        hand = h[seat]
        if len(trick) == 1:
            v = self._second_hand_bound(h, leader, trick[0], target, seat)
            if v >= 0:
                return v
        legal = hand & _SUIT[trick[0] // 13] or hand
        runs = legal & ~((legal << 1) & ~_BOTTOM)
        hint_key = None
        ordered = True
        if not runs & (runs - 1):  # one card, or one run of touching cards
            candidates = [runs.bit_length() - 1]
        else:
            hint_key = (shape, leader, *trick)
            hint = self.best.get(hint_key)
            if hint is not None and runs >> hint & 1:
                # the hint alone first: the rest is ordered only if it fails
                candidates = [hint]
                ordered = False
            else:
                candidates = order_follow(h, hand, trick, leader, seat, self.trump_mask)
        maximizing = 1 - (seat & 1)
        relevant = 0
        floors = None
        refuted = -1
        for card in candidates:
            if refuted >= 0:  # the floors after the last refuted card, when needed
                floors = _raise_floor(floors, relevant, refuted)
                refuted = -1
            if floors is not None and _below_floor(floors, hand, card):
                continue
            h[seat] = hand ^ (1 << card)
            self.nodes += 1
            if len(trick) == 2:
                v = self.last_hand(h, leader, (*trick, card), target, shape)
            else:
                v = self.follow(h, leader, (*trick, card), target, shape)
            if v & 1 == maximizing:
                h[seat] = hand
                if hint_key is not None:
                    self.best[hint_key] = card
                return v
            if v > 1:
                relevant |= _with_run(v >> 1, hand, card)
            refuted = card
            if not ordered:  # (the list grows while the loop runs over it)
                ordered = True
                h[seat] = hand
                more = order_follow(h, hand, trick, leader, seat, self.trump_mask)
                candidates += [other for other in more if other != card]
        h[seat] = hand
        return relevant << 1 | (1 - maximizing)

    def _second_hand_bound(
        self, h: list[int], leader: int, led_card: int, target: int, seat: int
    ) -> int:
        """The answer if the second hand's side surely takes the tricks it needs, else -1:
        its quick tricks, or (in a suit contract) this trick by a side suit's top card and
        then its trump length (no trump is played to this trick when both partners can
        play another card)."""
        trump_mask = self.trump_mask
        hand = h[seat]
        need = hand.bit_count() - target + 1 if seat & 1 else target
        if need == 1 or not trump_mask:
            quick, used = second_hand_tricks(h, leader, led_card, trump_mask, need)
            return used << 1 | (1 - (seat & 1)) if quick >= need else -1
        mate = h[seat ^ 2]
        led = _SUIT[led_card // 13]
        if (
            led != trump_mask
            and (hand & led or hand & ~trump_mask)
            and (mate & led or mate & ~trump_mask)
            and (
                (hand & trump_mask).bit_count() >= need - 1
                or (mate & trump_mask).bit_count() >= need - 1
            )
        ):
            sure, length_used = trump_length(hand, mate, h[leader] | h[leader ^ 2], trump_mask)
            if sure + 1 >= need:
                quick, used = second_hand_tricks(h, leader, led_card, trump_mask, 1)
                if quick and used:
                    return (used | length_used) << 1 | (1 - (seat & 1))
        return -1

    def last_hand(
        self, h: list[int], leader: int, trick: tuple[int, ...], target: int, shape: int
    ) -> int:
        """Fourth hand: each card closes the trick; the three cards already played are
        squeezed out of the hands once (:class:`Closing`), the fourth per candidate."""
        seat = (leader + 3) & 3
        hand = h[seat]
        so_far = TrickSoFar(trick, hand, self.trump_mask)
        maximizing = 1 - (seat & 1)
        n = hand.bit_count() - 1  # tricks left after this one
        closing: Closing | None = None
        candidates, ordered = so_far.first_candidates()
        relevant = 0
        floors = None
        refuted = -1
        for card in candidates:
            if refuted >= 0:  # the floors after the last refuted card, when needed
                floors = _raise_floor(floors, relevant, refuted)
                refuted = -1
            if floors is not None and _below_floor(floors, hand, card):
                continue
            self.nodes += 1
            self.trick_nodes += 1
            win_card, win_index, by_rank = so_far.winner_with(card, self.trump_mask)
            winner = (leader + win_index) & 3
            need = target - 1 if winner & 1 == 0 else target
            if need <= 0:
                v = 1
            elif need > n:
                v = 0
            else:
                if closing is None:
                    closing = Closing(h, leader, trick, shape)
                v = self._after_trick(closing, seat, card, winner, need, n)
            if by_rank:
                v |= 2 << win_card
            if v & 1 == maximizing:
                return v
            if v > 1:
                relevant |= _with_run(v >> 1, hand, card)
            refuted = card
            if not ordered:  # (the list grows while the loop runs over it)
                ordered = True
                candidates += [other for other in so_far.other_candidates() if other != card]
        return relevant << 1 | (1 - maximizing)

    def _after_trick(
        self, closing: Closing, seat: int, card: int, winner: int, need: int, n: int
    ) -> int:
        """The search after the trick that *card* closes (won by *winner*, after which
        North-South need *need* of *n* tricks), in this trick's coordinates: :meth:`ge`'s
        first steps without the call, the hands squeezed only for a position the table does
        not settle."""
        pos = card - (closing.removed & _BELOW_IN_SUIT[card]).bit_count()
        k, u = _KEEP[pos], _ABOVE[pos]
        self.nodes += 1
        v = -1
        shape4 = closing.after - _UNIT[seat][card]
        regions = None
        if n > 1:
            key = shape4 << 2 | winner
            regions = self.tt.get(key)
            if regions is None:
                regions = self.tt[key] = {}
            else:
                x, y = closing.x, closing.y
                v = _probe(regions, (x & k) | ((x & u) >> 1), (y & k) | ((y & u) >> 1), need)
        if v < 0:  # the table did not settle it (or the last trick): squeeze and solve
            a, b, c, d = closing.hands()
            a4 = (a & k) | ((a & u) >> 1)
            b4 = (b & k) | ((b & u) >> 1)
            c4 = (c & k) | ((c & u) >> 1)
            d4 = (d & k) | ((d & u) >> 1)
            if regions is not None:
                v = self.resolve(a4, b4, c4, d4, winner, need, shape4, n, regions)
            else:
                v = last_trick((a4, b4, c4, d4), winner, self.trump_mask)
        child = v >> 1
        if child:  # back to this trick's coordinates (adding bits doubles them)
            child += child & _SHIFT_UP[pos]
            child += child & closing.up_low
            child += child & closing.up_mid
            child += child & closing.up_high
            v = child << 1 | (v & 1)
        return v
