"""The trick-taking kernel: winners, follow suit, the play loop, Belote's orders and points."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine.errors import ParseError
from pure_engine.games.playing_cards import (
    ace_high,
    card_str,
    from_ace_high,
    parse_card,
    parse_card_any_order,
    suit_first_str,
)
from pure_engine.games.trick_taking.tricks import (
    BELOTE_ORDER,
    BRIDGE_ORDER,
    SUIT_MASKS,
    RankOrder,
    Seat,
    Strain,
    Tricks,
    beats,
    best_card,
    card_points,
    cards_of,
    follow_suit,
    hand_of,
    legal_cards,
    parse_seat,
    parse_strain,
    partner_of,
    play_card,
    side_of,
    start_tricks,
    suit_cards,
    to_play,
    trick_winner,
    winning_index,
)


def cards(*texts: str) -> list[int]:
    return [parse_card_any_order(t) for t in texts]


# ----------------------------------------------------------------- notation


@given(st.integers(0, 51))
def test_suit_first_notation_round_trips_in_both_orders(card: int) -> None:
    assert parse_card_any_order(suit_first_str(card)) == card
    assert parse_card_any_order(suit_first_str(card, ten="10")) == card
    assert parse_card_any_order(card_str(card)) == card
    assert parse_card_any_order(suit_first_str(card).lower()) == card


@pytest.mark.parametrize("text", ["", "S", "SS", "AA", "S1", "S11", "XA", "A", "SA1", "10"])
def test_bad_card_in_either_order_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError, match=r"^trick 2: expected a card like 'SA', 'DT' or 'AS'"):
        parse_card_any_order(text, "trick 2")


@given(st.integers(0, 51))
def test_ace_high_ranks_round_trip(card: int) -> None:
    assert 2 <= ace_high(card) <= 14
    assert from_ace_high(ace_high(card), card // 13) == card


def test_ace_high_orders_the_suit() -> None:
    spades = [parse_card(t + "S") for t in ("2", "10", "J", "Q", "K", "A")]
    assert sorted(spades, key=ace_high) == spades


def test_seats_and_strains_parse_and_reject() -> None:
    assert [parse_seat(t) for t in "nesw"] == list(Seat)
    assert parse_strain("H") is Strain.HEARTS and parse_strain("notrump") is Strain.NO_TRUMP
    assert parse_strain("club") is Strain.CLUBS
    with pytest.raises(ParseError, match="expected a seat"):
        parse_seat("NE")
    with pytest.raises(ParseError, match="expected a strain"):
        parse_strain("")


def test_partnerships() -> None:
    assert [side_of(s) for s in Seat] == [0, 1, 0, 1]
    assert [partner_of(s) for s in Seat] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]


# -------------------------------------------------------------- trick winner


def naive_winner(trick: list[int], trump: int | None, order: RankOrder) -> int:
    """The reference: sort by (is trump, is led suit, strength)."""
    led = trick[0] // 13

    def key(i: int) -> tuple[int, int]:
        card = trick[i]
        if card // 13 == trump:
            return (2, order.trump_strength[card % 13 + 1])
        if card // 13 == led:
            return (1, order.plain_strength[card % 13 + 1])
        return (0, 0)

    return max(range(len(trick)), key=key)


@given(
    st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True),
    st.sampled_from([None, 0, 1, 2, 3]),
)
def test_winner_is_the_highest_trump_else_the_highest_of_the_led_suit(
    trick: list[int], trump: int | None
) -> None:
    assert winning_index(trick, trump) == naive_winner(trick, trump, BRIDGE_ORDER)
    assert (
        trick_winner(Seat.EAST, trick, trump) == (1 + naive_winner(trick, trump, BRIDGE_ORDER)) % 4
    )
    assert best_card(trick, trump) == trick[winning_index(trick, trump)]


belote_cards = st.sampled_from(BELOTE_ORDER.deck())


@given(st.lists(belote_cards, min_size=2, max_size=4, unique=True), st.sampled_from([0, 1, 2, 3]))
def test_belote_winner_and_beats_agree_with_the_reference(trick: list[int], trump: int) -> None:
    assert winning_index(trick, trump, BELOTE_ORDER) == naive_winner(trick, trump, BELOTE_ORDER)
    *before, last = trick
    takes_over = winning_index(trick, trump, BELOTE_ORDER) == len(trick) - 1
    assert beats(last, before, trump, BELOTE_ORDER) is takes_over


def test_belote_trump_order_is_jack_nine_ace_ten() -> None:
    hearts = cards("7H", "8H", "QH", "KH", "10H", "AH", "9H", "JH")
    for low, high in itertools.pairwise(hearts):
        assert winning_index([low, high], 2, BELOTE_ORDER) == 1
        assert winning_index([high, low], 2, BELOTE_ORDER) == 0
    # the same cards out of trumps: A 10 K Q J 9 8 7
    assert best_card(cards("JH", "9H", "10H", "KH"), None, BELOTE_ORDER) == parse_card("10H")


def test_belote_deck_is_worth_152_points_whatever_the_trump() -> None:
    deck = hand_of(BELOTE_ORDER.deck())
    assert [card_points(deck, trump, BELOTE_ORDER) for trump in range(4)] == [152] * 4
    assert card_points(deck, None, BRIDGE_ORDER) == 0


def test_a_discard_never_wins_and_a_ruff_beats_the_ace() -> None:
    assert winning_index(cards("H2", "SA", "H3"), None) == 2
    assert winning_index(cards("HA", "C2"), 0) == 1
    assert winning_index(cards("HA", "C2", "CK"), 0) == 2  # overruff


# ------------------------------------------------------------- follow suit


@given(st.sets(st.integers(0, 51), min_size=1, max_size=13), st.integers(0, 51))
def test_follow_suit_is_the_led_suit_when_held_else_everything(
    hand_cards: set[int], led: int
) -> None:
    hand = hand_of(hand_cards)
    allowed = follow_suit(hand, [led])
    in_suit = suit_cards(hand, led // 13)
    assert allowed & ~hand == 0
    assert allowed == (in_suit or hand)
    assert follow_suit(hand, []) == hand


def test_hand_sets_round_trip() -> None:
    chosen = cards("SA", "C2", "HT", "D7")
    assert cards_of(hand_of(chosen)) == tuple(sorted(chosen))
    assert [hand_of(chosen) & m != 0 for m in SUIT_MASKS] == [True, True, True, True]


def test_a_negative_hand_is_refused_not_looped_on_forever() -> None:
    # a negative int has infinitely many set bits: cards_of once never returned on it
    with pytest.raises(ValueError, match=r"expected a bit set of cards .* found -1"):
        cards_of(-1)


# ------------------------------------------------------------------ the play


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 13), st.sampled_from([None, 0, 1, 2, 3]))
def test_random_play_conserves_cards_and_counts_every_trick(
    rng: object, size: int, trump: int | None
) -> None:
    import random

    assert isinstance(rng, random.Random)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = tuple(hand_of(deck[i * size : (i + 1) * size]) for i in range(4))
    everything = hands[0] | hands[1] | hands[2] | hands[3]
    t = start_tricks(hands, leader=rng.randrange(4))
    for step in range(4 * size):
        player = to_play(t)
        allowed = legal_cards(t)
        assert allowed and allowed & ~t.hands[player] == 0
        card = rng.choice(cards_of(allowed))
        before = t
        t = play_card(t, card, trump)
        on_table = hand_of(t.trick)
        assert (
            t.hands[0] | t.hands[1] | t.hands[2] | t.hands[3] | on_table | t.taken[0] | t.taken[1]
            == everything
        )
        assert t.taken[0] & t.taken[1] == 0
        if step % 4 == 3:  # a trick closed: its winner leads, the side scores
            closed = (*before.trick, card)
            winner = trick_winner(before.leader, closed, trump)
            assert t.leader == winner and t.trick == ()
            assert t.won[side_of(winner)] == before.won[side_of(winner)] + 1
        else:
            assert t.won == before.won and len(t.trick) == len(before.trick) + 1
    assert sum(t.won) == size and t.hands == (0, 0, 0, 0)
    assert t.taken[0] | t.taken[1] == everything
    assert t.won[0] * 4 == t.taken[0].bit_count()


def test_play_returns_new_values_and_leaves_the_input_alone() -> None:
    t0 = start_tricks(
        (hand_of(cards("SA")), hand_of(cards("SK")), hand_of(cards("S2")), hand_of(cards("S3"))), 0
    )
    t1 = play_card(t0, parse_card("AS"), None)
    assert t0 == Tricks(t0.hands, 0) and t1.trick == (parse_card("AS"),)
    assert t1.hands[0] == 0 and t0.hands[0] != 0
