"""Cards as ints: every card round-trips through its text, bad text names where."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.errors import ParseError
from pure_engine.games.playing_cards import (
    card_str,
    full_deck,
    is_red,
    make_card,
    parse_card,
    rank,
    suit,
)


def test_encoding_is_suit_major_with_clubs_first() -> None:
    assert parse_card("AC") == 0
    assert parse_card("KC") == 12
    assert parse_card("AD") == 13
    assert parse_card("AS") == 39
    assert parse_card("KS") == 51


@given(st.integers(0, 51))
def test_every_card_round_trips_through_both_ten_spellings(card: int) -> None:
    assert parse_card(card_str(card)) == card
    assert parse_card(card_str(card, ten="T")) == card
    assert parse_card(card_str(card).lower()) == card
    assert make_card(rank(card), suit(card)) == card


def test_colours() -> None:
    assert [is_red(make_card(5, s)) for s in range(4)] == [False, True, True, False]


def test_second_deck_keeps_rank_and_suit() -> None:
    card = parse_card("QH")
    assert rank(card + 52) == 12 and suit(card + 52) == 2 and is_red(card + 52)


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "AX", "10", "JOKER", " S", "TT"])
def test_bad_card_text_is_a_parse_error_naming_where(text: str) -> None:
    with pytest.raises(ParseError, match=r"^deal\.json:3: expected a card like 'AS' or '10D'"):
        parse_card(text, "deal.json:3")


def test_non_string_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match=r"found 7"):
        parse_card(7)  # type: ignore[arg-type]  # untrusted JSON may hold anything


def test_full_deck_sizes() -> None:
    assert sorted(full_deck()) == list(range(52))
    assert len(set(full_deck(two_decks=True))) == 104
    assert {rank(c) for c in full_deck(max_rank=4)} == {1, 2, 3, 4}


def test_make_card_rejects_out_of_range() -> None:
    with pytest.raises(ValueError, match=r"rank 1..13"):
        make_card(14, 0)
