"""The search behind :mod:`~pure_engine.games.bridge.double_dummy.solver` (its API is there).

Positions are in **relative ranks**: a card is its place among the cards still in play
in its suit (bit ``13 * suit + place``, the lowest card at place 0), so positions that
differ only in which small cards have gone are the same four integers.  When a trick is
complete its four cards are squeezed out of every hand (:data:`_KEEP` / :data:`_ABOVE`:
two masks and a shift per hand and card).

:class:`Search` answers "can North-South take at least *t* of the remaining tricks?"
(a boolean AND/OR search) with partition search: each answer comes with the set of
cards whose rank the proof used, and the table stores it under the position's shape
(suit lengths per hand) with the owners of those cards and all higher ones only.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.struct import Struct
from pure_engine.games.bridge.double_dummy.bounds import (
    defenders_trick,
    last_trick,
    later_tricks,
    quick_tricks,
    second_hand_tricks,
    sure_trumps,
    trump_honours,
    trump_length,
)
from pure_engine.games.bridge.double_dummy.order import bit_positions, order_follow, order_moves
from pure_engine.games.trick_taking.tricks import SUIT_MASKS, cards_of

__all__ = ["Relative", "Search", "finish_trick", "to_relative"]

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


class Search:
    """One strain's search, with its transposition table (local to one solve or table).

    The searches return ``relevant << 1 | result``: *result* answers the question and
    *relevant* is the set of cards (relative positions) whose rank the proof used — the
    cards that took a trick from a lower card of their suit, and the winners a quick-trick
    bound counted.  A position with the same suit lengths in each hand and the same owners
    of every card from the lowest relevant card of each suit upwards has the same answer
    (partition search, as DDS's "winning ranks"), so the table stores each result under
    the shape with those owners only.

    The inner loop is plain ints: a position at a trick boundary is four hands, the
    leader and its *shape* (the suit lengths of each hand, four bits each, kept up to
    date by subtraction as cards are played); inside a trick the hands are one small
    list changed and restored in place.
    """

    __slots__ = ("_play", "best", "ge", "nodes_box", "tt")

    def __init__(self, trump: int | None) -> None:
        # shape << 2 | leader -> region -> owners of the region's cards -> [low, high,
        # relevant]: a lookup is one dict probe per region stored under the shape
        tt: dict[int, dict[int, dict[int, list[int]]]] = {}
        # hints: the card that settled the last lead of a shape (the suit lengths of the
        # hands, or the side's, or the leader's: int keys for these two), and the card
        # that settled the last follow of a shape and trick so far
        best: dict[tuple[int, ...] | int, int] = {}
        nodes = [0, 0]  # cards played, and of them the fourth hand's (tricks completed)
        trump_mask = _SUIT[trump] if trump is not None else 0
        suit_masks = _SUIT
        keep, above = _KEEP, _ABOVE
        from_low = _FROM  # from_low[p]: the bits of p's suit at or above p
        shift_up = _SHIFT_UP  # the bits that move up when a card is put back at p
        unit = _UNIT  # unit[seat][card]: that card's one in the shape
        below_in_suit = _BELOW_IN_SUIT
        bottom = _BOTTOM

        def store(
            regions: dict[int, dict[int, list[int]]],
            a: int,
            b: int,
            c: int,
            d: int,
            relevant: int,
            low: int,
            high: int,
        ) -> None:
            region = 0
            for mask in suit_masks:
                inside = relevant & mask
                if inside:
                    region |= from_low[(inside & -inside).bit_length() - 1]
            owners = regions.get(region)
            if owners is None:
                owners = regions[region] = {}
            index = ((b | d) & region) << 52 | (c | d) & region
            e = owners.get(index)
            if e is None:
                owners[index] = [low, high, relevant]
            else:
                if low > e[0]:
                    e[0] = low
                if high < e[1]:
                    e[1] = high

        def ge(a: int, b: int, c: int, d: int, leader: int, target: int, shape: int) -> int:
            """Can North-South take at least *target* of the remaining tricks? (trick
            boundary; *shape* holds the suit lengths of the hands)"""
            if target <= 0:
                return 1
            n = a.bit_count()
            if target > n:
                return 0
            nodes[0] += 1
            if n == 1:
                v = last_trick((a, b, c, d), leader, trump_mask)
                return v if target == 1 else v & ~1
            key = shape << 2 | leader
            regions = tt.get(key)
            if regions is None:
                regions = tt[key] = {}
            else:  # (the fourth hand has its own copy of this loop)
                x, y = b | d, c | d
                # the latest region first; one that answers becomes the latest
                for region, owners in reversed(regions.items()):
                    e = owners.get((x & region) << 52 | y & region)
                    if e is not None:
                        if e[0] >= target:
                            regions[region] = regions.pop(region)
                            return e[2] << 1 | 1
                        if e[1] < target:
                            regions[region] = regions.pop(region)
                            return e[2] << 1
            return resolve(a, b, c, d, leader, target, shape, n, regions)

        def resolve(
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
            """:func:`ge` for a position the table did not settle (*n* tricks left, the
            table's *regions* for the position's shape and leader)."""
            h = (a, b, c, d)
            # the side on lead needs *need* tricks: its quick tricks, or those of them
            # taken before its line plays a trump and then its trump length (no
            # trump changes hands in those tricks, so the count still holds after)
            need = n - target + 1 if leader & 1 else target
            length = 0
            if trump_mask:
                side = leader & 1
                x, y = h[side], h[side + 2]
                if (x | y) & trump_mask:
                    length, length_used = trump_length(x, y, h[side ^ 1] | h[side ^ 3], trump_mask)
            if length:
                keep = side if length_used & x else side + 2
                quick, used, clean = quick_tricks(h, leader, trump_mask, need - length, keep)
                if clean + length >= need:
                    quick, used = clean + length, used | length_used
                elif quick >= need - length:  # (it stopped there: go on)
                    quick, used, _ = quick_tricks(h, leader, trump_mask, need)
            else:
                quick, used, _ = quick_tricks(h, leader, trump_mask, need)
            if quick >= need:
                if leader & 1 == 0:
                    store(regions, a, b, c, d, used, quick, n)
                    return used << 1 | 1
                store(regions, a, b, c, d, used, 0, n - quick)
                return used << 1
            if trump_mask:
                # the trump bounds count at most a side's longer trump holding (the
                # side on lead's trump length is counted above)
                ns_long = (a & trump_mask).bit_count()
                long_ = (c & trump_mask).bit_count()
                if long_ > ns_long:
                    ns_long = long_
                ew_long = (b & trump_mask).bit_count()
                long_ = (d & trump_mask).bit_count()
                if long_ > ew_long:
                    ew_long = long_
                if leader & 1 and ns_long >= target:
                    sure, used = trump_length(a, c, b | d, trump_mask)
                    if sure >= target:
                        store(regions, a, b, c, d, used, sure, n)
                        return used << 1 | 1
                if not leader & 1 and ew_long > n - target:
                    sure, used = trump_length(b, d, a | c, trump_mask)
                    if n - sure < target:
                        store(regions, a, b, c, d, used, 0, n - sure)
                        return used << 1
                if ns_long >= target or ew_long > n - target:
                    ns_sure, ew_sure, used = sure_trumps(h, trump_mask)
                    if ns_sure >= target:
                        store(regions, a, b, c, d, used, ns_sure, n)
                        return used << 1 | 1
                    if n - ew_sure < target:
                        store(regions, a, b, c, d, used, 0, n - ew_sure)
                        return used << 1
            if target == n if leader & 1 == 0 else target == 1:
                # the side not on lead takes this trick, whatever is led
                used = defenders_trick(h, leader, trump_mask)
                if not used:
                    if (a | b | c | d) & trump_mask:
                        # the other side's second trump, guarded behind the ace, or
                        # its second and third
                        used = trump_honours(h, leader, trump_mask)
                    else:
                        # no trump left: the side's top suits are too short for every trick
                        used = later_tricks(h, leader, n)
                if used:
                    if leader & 1 == 0:
                        store(regions, a, b, c, d, used, 0, n - 1)
                        return used << 1
                    store(regions, a, b, c, d, used, 1, n)
                    return used << 1 | 1
            elif (target == 1 if leader & 1 == 0 else target == n) and not (
                a | b | c | d
            ) & trump_mask:
                # the side not on lead needs every trick: its top suits too short?
                used = later_tricks(h, leader ^ 1, n)
                if used:
                    if leader & 1 == 0:
                        store(regions, a, b, c, d, used, 1, n)
                        return used << 1 | 1
                    store(regions, a, b, c, d, used, 0, n - 1)
                    return used << 1
            v = lead(a, b, c, d, leader, target, shape)
            if v & 1:
                store(regions, a, b, c, d, v >> 1, target, n)
            else:
                store(regions, a, b, c, d, v >> 1, 0, target - 1)
            return v

        def lead(a: int, b: int, c: int, d: int, leader: int, target: int, shape: int) -> int:
            """The first card of a trick."""
            h = [a, b, c, d]
            hand = h[leader]
            # first the card that settled the last lead of this shape, else of the
            # same suit lengths on this side, else in the leader's hand (the same
            # position searched again, for another target, hits the first): itself
            # if the leader holds it, else its nearest lower card of the suit (the
            # lowest of its run: _lead_like); that card alone is ordered, the others
            # only if it fails
            suit_: int | None
            first = best.get((shape, leader))
            if first is not None:
                suit_ = first // 13
                first = _lead_like(hand, first)
            else:
                mine = shape >> 16 * leader & 0xFFFF
                first = best.get(
                    -(mine << 18 | (shape >> 16 * (leader ^ 2) & 0xFFFF) << 2 | leader)
                )
                if first is None:
                    first = best.get(mine << 2 | leader)
                if first is None:
                    suit_ = None
                else:
                    suit_ = first // 13
                    first = _lead_like(hand, first)
            ordered = suit_ is None
            if first is not None:
                candidates = [first]
            elif suit_ is None:
                candidates = order_moves(h, hand, (), leader, leader, trump_mask)
            else:
                candidates = order_moves(
                    h, hand & suit_masks[suit_], (), leader, leader, trump_mask
                )
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
                nodes[0] += 1
                v = follow(h, leader, (card,), target, shape)
                if v & 1 == maximizing:
                    best[(shape, leader)] = card
                    mine = shape >> 16 * leader & 0xFFFF
                    best[
                        -(mine << 18 | (shape >> 16 * (leader ^ 2) & 0xFFFF) << 2 | leader)
                    ] = best[mine << 2 | leader] = card
                    return v
                if v > 1:
                    used = v >> 1
                    up = (hand & from_low[card]) >> card  # (_with_run, inlined)
                    run = (up & ~(up + 1)) << card
                    if used & run & ~(1 << card):
                        used |= run
                    relevant |= used
                refuted = card
                if not ordered:  # (the list grows while the loop runs over it)
                    ordered = True
                    h[leader] = hand
                    candidates += [
                        c for c in order_moves(h, hand, (), leader, leader, trump_mask) if c != card
                    ]
            return relevant << 1 | (1 - maximizing)

        def follow(
            h: list[int],
            leader: int,
            trick: tuple[int, ...],
            target: int,
            shape: int,
        ) -> int:
            """Second or third hand (*h* is changed and restored)."""
            seat = (leader + len(trick)) & 3
            hand = h[seat]
            if len(trick) == 1:
                # the second hand's side needs *need* tricks: are they sure ones?
                need = hand.bit_count() - target + 1 if seat & 1 else target
                if need == 1 or not trump_mask:
                    quick, used = second_hand_tricks(h, leader, trick[0], trump_mask, need)
                    if quick >= need:
                        return used << 1 | (1 - (seat & 1))
                else:
                    # this trick by a side suit's top card, then the trump length: no
                    # trump is played to this trick when both can play another card
                    mate = h[seat ^ 2]
                    led = suit_masks[trick[0] // 13]
                    if (
                        led != trump_mask
                        and (hand & led or hand & ~trump_mask)
                        and (mate & led or mate & ~trump_mask)
                        and (
                            (hand & trump_mask).bit_count() >= need - 1
                            or (mate & trump_mask).bit_count() >= need - 1
                        )
                    ):
                        sure, length_used = trump_length(
                            hand, mate, h[leader] | h[leader ^ 2], trump_mask
                        )
                        if sure + 1 >= need:
                            quick, used = second_hand_tricks(h, leader, trick[0], trump_mask, 1)
                            if quick and used:
                                return (used | length_used) << 1 | (1 - (seat & 1))
            legal = hand & suit_masks[trick[0] // 13] or hand
            runs = legal & ~((legal << 1) & ~bottom)
            hint_key = None
            ordered = True
            if not runs & (runs - 1):  # one card, or one run of touching cards
                candidates = [runs.bit_length() - 1]
            else:
                hint_key = (shape, leader, *trick)
                hint = best.get(hint_key)
                if hint is not None and runs >> hint & 1:
                    # the hint alone first: the rest is ordered only if it fails
                    candidates = [hint]
                    ordered = False
                else:
                    candidates = order_follow(h, hand, trick, leader, seat, trump_mask)
            maximizing = 1 - (seat & 1)
            relevant = 0
            third = len(trick) == 2
            floors = None
            refuted = -1
            for card in candidates:
                if refuted >= 0:  # the floors after the last refuted card, when needed
                    floors = _raise_floor(floors, relevant, refuted)
                    refuted = -1
                if floors is not None and _below_floor(floors, hand, card):
                    continue
                h[seat] = hand ^ (1 << card)
                nodes[0] += 1
                if third:
                    v = last_hand(h, leader, (*trick, card), target, shape)
                else:
                    v = follow(h, leader, (*trick, card), target, shape)
                if v & 1 == maximizing:
                    h[seat] = hand
                    if hint_key is not None:
                        best[hint_key] = card
                    return v
                if v > 1:
                    used = v >> 1
                    up = (hand & from_low[card]) >> card  # (_with_run, inlined)
                    run = (up & ~(up + 1)) << card
                    if used & run & ~(1 << card):
                        used |= run
                    relevant |= used
                refuted = card
                if not ordered:  # (the list grows while the loop runs over it)
                    ordered = True
                    h[seat] = hand
                    candidates += [
                        c
                        for c in order_follow(h, hand, trick, leader, seat, trump_mask)
                        if c != card
                    ]
            h[seat] = hand
            return relevant << 1 | (1 - maximizing)

        def last_hand(
            h: list[int], leader: int, trick: tuple[int, ...], target: int, shape: int
        ) -> int:
            """Fourth hand: each card closes the trick; the three cards already played are
            squeezed out of the hands once, the fourth per candidate."""
            seat = (leader + 3) & 3
            hand = h[seat]
            first, second, third = trick
            led = suit_masks[first // 13]
            # who holds the trick so far, and whether by rank over a lower card of its suit
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
            best3_suit = best3 // 13
            above_best = ~((2 << best3) - 1)
            if hand & led:
                legal = hand & led
                beat = legal & above_best if led >> best3 & 1 else 0
            else:
                legal = hand
                if trump_mask >> best3 & 1:
                    beat = hand & trump_mask & above_best
                else:
                    beat = hand & trump_mask
            runs = legal & ~((legal << 1) & ~bottom)  # one card per run of touching cards
            ordered = True
            if not runs & (runs - 1):
                candidates = [runs.bit_length() - 1]
            else:
                # the first card alone (the rest is ordered only if it fails): the
                # cheapest that takes the trick, or the lowest when partner (second to
                # play) holds it or nothing takes it
                ordered = False
                wins = runs & beat
                first_bits = (runs & ~beat or wins) if win3 == 1 else (wins or runs & ~beat)
                if first_bits is wins or hand & led:
                    candidates = [(first_bits & -first_bits).bit_length() - 1]
                else:
                    candidates = [_lowest_rank(first_bits)]
            maximizing = 1 - (seat & 1)
            n = hand.bit_count() - 1  # tricks left after this one
            # the hands without the trick's first three cards, their shape, when needed
            a = b = c = d = x = y = after = removed_bits = up_low = up_mid = up_high = -1
            unit4 = unit[seat]
            relevant = 0
            floors = None
            refuted = -1
            for card in candidates:
                if refuted >= 0:  # the floors after the last refuted card, when needed
                    floors = _raise_floor(floors, relevant, refuted)
                    refuted = -1
                if floors is not None and _below_floor(floors, hand, card):
                    continue
                nodes[0] += 1
                nodes[1] += 1
                if card // 13 == best3_suit:
                    if card > best3:
                        win_card, win_index, by_rank = card, 3, True
                    else:
                        win_card, win_index, by_rank = best3, win3, True
                elif trump_mask >> card & 1:
                    win_card, win_index, by_rank = card, 3, False
                else:
                    win_card, win_index, by_rank = best3, win3, rank3
                winner = (leader + win_index) & 3
                need = target - 1 if winner & 1 == 0 else target
                if need <= 0:
                    v = 1
                elif need > n:
                    v = 0
                else:
                    if x < 0:
                        after = shape - (
                            unit[leader][first]
                            + unit[(leader + 1) & 3][second]
                            + unit[(leader + 2) & 3][third]
                        )
                        removed_bits = 1 << first | 1 << second | 1 << third
                        low, mid, high = first, second, third
                        if low > mid:
                            low, mid = mid, low
                        if mid > high:
                            mid, high = high, mid
                            if low > mid:
                                low, mid = mid, low
                        # squeezed out from the highest down; no hand holds these cards,
                        # so the bits below a card's place added to a hand and the sum
                        # halved drop the bits above it by one.  The table's key needs
                        # only b | d and c | d (a squeeze maps bits one to one, so it
                        # commutes with |): the four hands are squeezed only for a
                        # position the table does not settle (unrolled: a hot loop)
                        x, y = h[1] | h[3], h[2] | h[3]
                        k = keep[high]
                        x, y = (x + (x & k)) >> 1, (y + (y & k)) >> 1
                        k = keep[mid]
                        x, y = (x + (x & k)) >> 1, (y + (y & k)) >> 1
                        k = keep[low]
                        x, y = (x + (x & k)) >> 1, (y + (y & k)) >> 1
                        up_low, up_mid, up_high = (
                            shift_up[low],
                            shift_up[mid],
                            shift_up[high],
                        )
                    pos = card - (removed_bits & below_in_suit[card]).bit_count()
                    k, u = keep[pos], above[pos]
                    # ge's first steps, without the call (need is 1 .. n here)
                    nodes[0] += 1
                    v = -1
                    if n > 1:
                        shape4 = after - unit4[card]
                        key = shape4 << 2 | winner
                        regions = tt.get(key)
                        if regions is None:
                            regions = tt[key] = {}
                        else:
                            x4 = (x & k) | ((x & u) >> 1)
                            y4 = (y & k) | ((y & u) >> 1)
                            latest = True
                            for region, owners in reversed(regions.items()):
                                e = owners.get((x4 & region) << 52 | y4 & region)
                                if e is not None:
                                    if e[0] >= need:
                                        v = e[2] << 1 | 1
                                    elif e[1] < need:
                                        v = e[2] << 1
                                    else:
                                        latest = False
                                        continue
                                    if not latest:  # it becomes the latest
                                        regions[region] = regions.pop(region)
                                    break
                                latest = False
                    if v < 0:  # the table did not settle it (or the last trick): squeeze and solve
                        if a < 0:
                            a, b, c, d = _squeeze3(h, high, mid, low)
                        a4 = (a & k) | ((a & u) >> 1)
                        b4 = (b & k) | ((b & u) >> 1)
                        c4 = (c & k) | ((c & u) >> 1)
                        d4 = (d & k) | ((d & u) >> 1)
                        if n > 1:
                            assert regions is not None  # looked up (or made) by the probe
                            v = resolve(a4, b4, c4, d4, winner, need, shape4, n, regions)
                        else:
                            v = last_trick((a4, b4, c4, d4), winner, trump_mask)
                    child = v >> 1
                    if child:  # back to this trick's coordinates (adding bits doubles them)
                        child += child & shift_up[pos]
                        child += child & up_low
                        child += child & up_mid
                        child += child & up_high
                        v = child << 1 | (v & 1)
                if by_rank:
                    v |= 2 << win_card
                if v & 1 == maximizing:
                    return v
                if v > 1:
                    used = v >> 1
                    up = (hand & from_low[card]) >> card  # (_with_run, inlined)
                    run = (up & ~(up + 1)) << card
                    if used & run & ~(1 << card):
                        used |= run
                    relevant |= used
                refuted = card
                if not ordered:  # (the list grows while the loop runs over it)
                    ordered = True
                    wins_ = bit_positions(runs & beat)
                    loses = bit_positions(runs & ~beat)
                    if len(loses) > 1 and not hand & led:
                        loses.sort(key=_rank_key)
                    # partner (second to play) holds the trick: low cards first
                    candidates += [
                        c for c in (loses + wins_ if win3 == 1 else wins_ + loses) if c != card
                    ]
            return relevant << 1 | (1 - maximizing)

        def play(
            h: tuple[int, int, int, int],
            leader: int,
            trick: tuple[int, ...],
            target: int,
        ) -> int:
            """The question with *trick* (1-3 cards) already on the table."""
            hands = list(h)
            shape = _shape(h)
            for index, card in enumerate(trick):
                shape += unit[(leader + index) & 3][card]
            if len(trick) == 3:
                return last_hand(hands, leader, trick, target, shape)
            return follow(hands, leader, trick, target, shape)

        self.tt = tt
        self.best = best
        self.nodes_box = nodes
        self.ge = ge
        self._play = play

    def at_least(self, rel: Relative, leader: int, target: int) -> bool:
        """North-South take at least *target* tricks from the relative position *rel*."""
        h = rel.hands
        if rel.trick:
            return bool(self._play(h, leader, rel.trick, target) & 1)
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


def _with_run(relevant: int, hand: int, card: int) -> int:
    """The relevant cards of a refuted *card*, made to hold for the cards it stood for.

    Only the lowest card of a run of touching cards in *hand* is searched.  Had a higher
    card of the run been played instead, the proof would be the same with the run's cards
    renamed, so if it used the rank of any card of the run, the whole run is relevant:
    a position that shares the relevant cards' owners then holds the same run.  (The
    search loops inline this: it runs for every refuted card.)

    >>> bin(_with_run(1 << 3, 0b1110, 1))  # cards 1-3 touch, card 3's rank was used
    '0b1110'
    >>> bin(_with_run(1 << 9, 0b1110, 1))  # a card above the run: the run stays one card
    '0b1000000000'
    """
    up = (hand & _FROM[card]) >> card  # the card's suit in hand, from the card up
    run = (up & ~(up + 1)) << card  # the touching cards from the card up, itself included
    if relevant & run & ~(1 << card):
        relevant |= run
    return relevant


def _raise_floor(floors: list[int] | None, relevant: int, card: int) -> list[int] | None:
    """The suits' floors after *card* is refuted (*relevant*: the cards whose rank the
    proofs so far used, *card*'s included).

    If no proof used a card of *card*'s suit at or below it, any other card of the suit
    below the lowest used one, played instead, leads to a position that differs from
    the refuted one only in cards below every used rank of the suit, which the proof
    does not see: it is refuted too.  So the suit's floor rises to the lowest used card
    (the top of the suit when none is used) and the search skips the cards below it
    (DDS's "one small card per suit").  A suit's floor is set once, by its first
    refuted card below every used rank: later proofs may use lower cards, but the
    skipped cards stay refuted by the one that set the floor.

    >>> _raise_floor(None, 0, 3)  # no club's rank used: every club is alike
    [13, -1, -1, -1]
    >>> _raise_floor(None, 1 << 5, 3)  # place 5 of clubs used: the clubs below it are alike
    [5, -1, -1, -1]
    >>> _raise_floor(None, 1 << 2, 3) is None  # a lower club used: no floor
    True
    """
    suit_ = card // 13
    if floors is not None and floors[suit_] >= 0:
        return floors
    inside = relevant & _SUIT[suit_]
    low = (inside & -inside).bit_length() - 1 if inside else 13 * suit_ + 13
    if card >= low:
        return floors
    if floors is None:
        floors = [-1, -1, -1, -1]
    floors[suit_] = low
    return floors


def _below_floor(floors: list[int], hand: int, card: int) -> bool:
    """Whether *card* (the lowest of its run in *hand*) and its whole run lie below the
    floor of its suit, so that the refutation that set the floor refutes them too.

    >>> _below_floor([5, -1, -1, -1], 0b000110, 1)  # clubs 1-2 held, the floor at 5
    True
    >>> _below_floor([5, -1, -1, -1], 0b111110, 1)  # the run 1-5 reaches the floor card
    False
    """
    floor = floors[card // 13]
    if floor <= card:
        return False
    if floor % 13 == 0:  # no rank of the suit used (the floor is the top of the suit)
        return True
    run = ((2 << floor) - 1) & ~((1 << card) - 1)
    return hand & run != run


def _lead_like(hand: int, card: int) -> int | None:
    """The lead in *hand* that stands for a remembered *card*: the lowest of its run if
    the hand holds it, else the hand's nearest lower card of its suit (the lowest
    when none is lower), the lowest of its run; None when the hand is void there.

    >>> _lead_like(0b0111_0000, 6), _lead_like(0b0100_0011, 5), _lead_like(0b0110_0000, 2)
    (4, 0, 5)
    >>> _lead_like(1 << 13, 3) is None
    True
    """
    if not hand >> card & 1:
        suit = hand & _SUIT[card // 13]
        if not suit:
            return None
        below = suit & ((1 << card) - 1)
        card = below.bit_length() - 1 if below else (suit & -suit).bit_length() - 1
    while card % 13 and hand >> (card - 1) & 1:
        card -= 1
    return card


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
