"""PBN deals: round trips for any hand size, one-line errors naming the hand and column."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.errors import ParseError
from pure_engine.games.trick_taking.pbn import hand_pbn, parse_pbn, parse_pbn_hand, pbn_str
from pure_engine.games.trick_taking.tricks import Seat, hand_of

EXAMPLE = "N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82"


@given(st.randoms(use_true_random=False), st.integers(0, 13), st.sampled_from(list(Seat)))
def test_any_equal_sized_deal_round_trips_from_any_first_seat(
    rng: random.Random, size: int, first: Seat
) -> None:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = tuple(hand_of(deck[i * size : (i + 1) * size]) for i in range(4))
    text = pbn_str(hands, first=first)
    assert text.startswith(first.letter + ":")
    assert parse_pbn(text) == hands
    assert parse_pbn(text.lower()) == hands


def test_example_deal_reads_hands_clockwise_from_the_first_seat() -> None:
    north, east, south, west = parse_pbn(EXAMPLE)
    assert hand_pbn(north) == "AK54.T.9752.7643" and hand_pbn(west) == "3.K6532.QT6.KT82"
    rotated = parse_pbn("E:QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82 AK54.T.9752.7643")
    assert rotated == (north, east, south, west)
    assert parse_pbn(
        "N:AK54.10.9752.7643 E:QJ97.J4.KJ843.AJ S:T862.AQ987.A.Q95 W:3.K6532.QT6.KT82"
    ) == (
        north,
        east,
        south,
        west,
    )


def test_voids_and_dashes() -> None:
    assert parse_pbn_hand("-.-.-.A") == parse_pbn_hand("...A")
    assert hand_pbn(parse_pbn_hand("...A")) == "...A"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AK54.T.9752.7643", r"expected a deal like .* found 'AK54"),
        ("X:...", r"first seat N, E, S or W"),
        ("N:A... K... Q...", r"expected 4 hands separated by spaces after 'N:', found 3"),
        ("N:A... K... Q... J... T...", r"found 5"),
        ("N:A.. K... Q... J...", r"hand N: expected 4 suits separated by '\.'"),
        ("N:A... KZ... Q... J...", r"hand E: unknown rank 'Z' in spades at column 9"),
        ("N:A... K... Q... J.1..", r"hand W: unknown rank '1' in hearts at column 20"),
        ("N:AA... K... Q... J...", r"hand N: rank 'A' twice in spades"),
        ("N:A... A... Q... J...", r"card SA is in hand N and in hand E \(column 8\)"),
        ("N:AK... K... Q... J...", r"card SK is in hand N and in hand E"),
        ("N:AK... Q... J... T...", r"same number of cards, found N 2, E 1, S 1, W 1"),
        ("N:A... N:K... Q... J...", r"hand N given twice"),
    ],
)
def test_bad_deals_are_one_line_errors_naming_hand_and_place(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        parse_pbn(text, "deals.pbn:7")
    assert str(caught.value).startswith("deals.pbn:7: ") and "\n" not in str(caught.value)


def test_unequal_hands_allowed_on_request() -> None:
    north, east, _, _ = parse_pbn("N:AK... Q... J... T...", equal=False)
    assert north.bit_count() == 2 and east.bit_count() == 1


def test_non_text_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="expected a deal"):
        parse_pbn(7)  # type: ignore[arg-type]  # untrusted input may be anything
