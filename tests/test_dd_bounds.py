"""The double-dummy search's bounds: each is a sure count, never more than perfect play gives."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine.games.bridge.double_dummy.bounds import (
    defenders_trick,
    later_tricks,
    quick_tricks,
    second_hand_tricks,
    sure_trumps,
    trump_honours,
    trump_length,
)
from pure_engine.games.bridge.double_dummy.search import Relative, to_relative
from pure_engine.games.playing_cards import parse_card_any_order
from pure_engine.games.trick_taking.pbn import Hands, parse_pbn, random_hands
from pure_engine.games.trick_taking.tricks import SUIT_MASKS, Strain, Tricks, cards_of
from tests.bridge_oracle import brute_ns


def _random_deal(seed: int, size: int) -> tuple[random.Random, Hands, Strain, int]:
    """A seeded random *size*-card ending: the generator (to draw more), the hands, the
    strain and the leader."""
    rng = random.Random(seed)
    hands = random_hands(rng, size)
    return rng, hands, Strain(rng.randrange(5)), rng.randrange(4)


def _trump_mask(strain: Strain) -> int:
    return SUIT_MASKS[strain.trump] if strain.trump is not None else 0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_bounds_never_exceed_perfect_play(seed: int, size: int) -> None:
    _, hands, strain, leader = _random_deal(seed, size)
    ns = brute_ns(Tricks(hands, leader), strain.trump)
    side = ns if leader % 2 == 0 else size - ns  # the side on lead
    rel = to_relative(hands, ()).hands
    trump_mask = _trump_mask(strain)
    quick, used, clean = quick_tricks(rel, leader, trump_mask, size)
    assert clean <= quick
    assert quick <= side
    assert (quick == 0) == (used == 0) or strain.trump is not None  # ruffs use no rank
    if defenders_trick(rel, leader, trump_mask):
        assert side <= size - 1
    ns_sure, ew_sure, _ = sure_trumps(rel, trump_mask)
    assert ns_sure <= ns and ew_sure <= size - ns


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_later_tricks_never_deny_a_side_what_perfect_play_gives(seed: int, size: int) -> None:
    # no trump: a side whose top suits are shorter than the tricks left takes fewer
    # than all of them, whether it is on lead or not
    rng = random.Random(seed)
    hands = random_hands(rng, size)
    leader = rng.randrange(4)
    ns = brute_ns(Tricks(hands, leader), None)
    rel = to_relative(hands, ()).hands
    for side, tricks in ((0, ns), (1, size - ns)):
        used = later_tricks(rel, side, size)
        if used:
            assert tricks < size
            # a position with the same suit lengths and owners of those cards: the same
            renamed = _keep_owners(rng, rel, used)
            assert later_tricks(renamed, side, size)


def _keep_owners(rng: random.Random, rel: tuple[int, ...], used: int) -> tuple[int, ...]:
    """*rel* with the cards below the used ones of each suit dealt again, the suit
    lengths of each hand kept."""
    hands = list(rel)
    for mask in SUIT_MASKS:
        inside = used & mask
        low = inside & -inside if inside else (mask & -mask) << 13
        free = mask & (low - 1) & (hands[0] | hands[1] | hands[2] | hands[3])
        cards = [card for card in range(52) if free >> card & 1]
        owners = [seat for card in cards for seat in range(4) if hands[seat] >> card & 1]
        rng.shuffle(owners)
        for seat in range(4):
            hands[seat] &= ~free
        for card, seat in zip(cards, owners, strict=True):
            hands[seat] |= 1 << card
    return tuple(hands)


def test_winners_split_between_partners_count_with_the_entry_inside_the_suit() -> None:
    # West AK9 opposite East Q8632: A, K, then the 9 to the queen and two long cards
    hands = parse_pbn("N:.T5..AKQ .Q8632.. .J74..JT .AK9..32")
    rel = to_relative(hands, ()).hands
    assert quick_tricks(rel, 3, 0, 5)[0] == 5
    assert quick_tricks(rel, 3, 0, 2)[0] == 2  # it stops counting once it has enough


def test_a_blocked_suit_counts_only_what_the_leader_can_reach() -> None:
    # West's bare ace opposite KQJ32, no way back to East: one trick, not five
    hands = parse_pbn("N:98.AKQ.. KQJ32... 76.JT9.. A.5432..")
    rel = to_relative(hands, ()).hands
    assert quick_tricks(rel, 3, 0, 5)[0] == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_second_hand_tricks_never_exceed_perfect_play(seed: int, size: int) -> None:
    rng, hands, strain, leader = _random_deal(seed, size)
    lead = rng.choice(list(cards_of(hands[leader])))
    after = tuple(h & ~(1 << lead) if seat == leader else h for seat, h in enumerate(hands))
    ns = brute_ns(Tricks(after, leader, (lead,)), strain.trump)
    second = (leader + 1) % 4
    side = ns if second % 2 == 0 else size - ns  # the second hand's side, this trick included
    rel = to_relative(after, (lead,))
    quick, _ = second_hand_tricks(rel.hands, leader, rel.trick[0], _trump_mask(strain), size)
    assert quick <= side


def test_the_second_hand_counts_its_side_s_winners_in_no_trump() -> None:
    # West leads a small spade; North's ace wins, then North cashes the king and a
    # club nobody else holds (no rank needed for that one): 3 tricks.
    hands = parse_pbn("N:AK...A 43.2.. Q2.3.. 5.4.2.")
    lead = parse_card_any_order("S5")
    after = (hands[0], hands[1], hands[2], hands[3] & ~(1 << lead))
    rel = to_relative(after, (lead,))
    assert second_hand_tricks(rel.hands, 3, rel.trick[0], 0, 3) == (3, _bits(rel, "SA SK"))
    # with spades trumps only this trick counts
    assert second_hand_tricks(rel.hands, 3, rel.trick[0], SUIT_MASKS[3], 3)[0] == 1


def _bits(rel: Relative, cards: str) -> int:
    out = 0
    for text in cards.split():
        out |= 1 << rel.cards.index(parse_card_any_order(text))
    return out


def _trump_rich_deal(rng: random.Random, size: int) -> tuple[tuple[int, int, int, int], int, int]:
    """Hands of *size* cards, half of all the cards from the trump suit (so the trump
    bounds often fire), the trump suit and a leader."""
    trump = rng.randrange(4)
    trumps = [13 * trump + rank for rank in range(13)]
    others = [card for card in range(52) if card // 13 != trump]
    deck = rng.sample(trumps, 2 * size) + rng.sample(others, 2 * size)
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for index, card in enumerate(deck):
        hands[index % 4] |= 1 << card
    return (hands[0], hands[1], hands[2], hands[3]), trump, rng.randrange(4)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_trump_length_never_exceeds_perfect_play(seed: int, size: int) -> None:
    # deals rich in trumps (half the cards from the trump suit) so the count often fires
    h, trump, leader = _trump_rich_deal(random.Random(seed), size)
    ns = brute_ns(Tricks(h, leader), trump)
    rel = to_relative(h, ()).hands
    mask = SUIT_MASKS[trump]
    ns_sure, ns_used = trump_length(rel[0], rel[2], rel[1] | rel[3], mask)
    ew_sure, _ = trump_length(rel[1], rel[3], rel[0] | rel[2], mask)
    assert ns_sure <= ns and ew_sure <= size - ns
    assert (ns_sure == 0) == (ns_used == 0)
    # the quick tricks taken before the line plays a trump, then the trump length
    side = ns if leader % 2 == 0 else size - ns
    mine, theirs = (rel[leader], rel[leader ^ 2]), rel[leader ^ 1] | rel[leader ^ 3]
    length, used = trump_length(mine[0], mine[1], theirs, mask)
    keep = leader if used & mine[0] else leader ^ 2  # the hand whose trumps count
    _, _, clean = quick_tricks(rel, leader, mask, size, keep if length else -1)
    assert clean + length <= side


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_trump_honours_never_deny_the_side_on_lead_what_perfect_play_gives(
    seed: int, size: int
) -> None:
    # deals rich in trumps, as above: the side on lead takes fewer than all the tricks
    h, trump, leader = _trump_rich_deal(random.Random(seed), size)
    rel = to_relative(h, ()).hands
    if trump_honours(rel, leader, SUIT_MASKS[trump]):
        ns = brute_ns(Tricks(h, leader), trump)
        assert (ns if leader % 2 == 0 else size - ns) < size


def test_trump_length_counts_the_trumps_the_other_side_cannot_beat() -> None:
    # spades trumps: South's J9873 against East's KQ and West's 2 (North's ace is a
    # partner's): East's two higher spades beat two of South's at most, three take tricks
    hands = parse_pbn("N:A.5432.. KQ..AKQ. J9873... 2...AKQJ")
    rel = to_relative(hands, ()).hands
    sure, used = trump_length(rel[0], rel[2], rel[1] | rel[3], SUIT_MASKS[3])
    assert sure == 3 and used == _bits(to_relative(hands, ()), "S3")
