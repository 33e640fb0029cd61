"""The double-dummy solver: exact against brute force, DDS's golden tables, and DDS itself."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine.games.bridge.double_dummy.search import to_relative as _to_relative
from pure_engine.games.bridge.double_dummy.solver import (
    Position,
    dd_table,
    score_cards,
    solve,
    solve_position,
)
from pure_engine.games.trick_taking.pbn import parse_pbn, pbn_str, random_hands
from pure_engine.games.trick_taking.tricks import (
    Seat,
    Strain,
    Tricks,
    cards_of,
    legal_cards,
    play_card,
    to_play,
)
from tests.bridge_oracle import brute_tricks

GOLDEN = Path(__file__).parent / "golden" / "bridge" / "dd_tables.txt"


def random_position(rng: random.Random, size: int) -> Position:
    """A random ending, with 0-3 random legal cards already on the table."""
    hands = random_hands(rng, size)
    strain = Strain(rng.randrange(5))
    tricks = Tricks(hands, rng.randrange(4))
    for _ in range(rng.randrange(4)):
        tricks = play_card(tricks, rng.choice(cards_of(legal_cards(tricks))), strain.trump)
    h = tricks.hands
    return Position((h[0], h[1], h[2], h[3]), tricks.leader, strain, tricks.trick)


def golden_tables(max_size: int) -> list[tuple[str, list[list[int]]]]:
    out = []
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#"):
            continue
        deal, *rows = line.split(" | ")
        if len(deal.split()[0]) - 2 - 3 <= max_size:
            out.append((deal, [[int(x) for x in row.split()] for row in rows]))
    return out


@settings(max_examples=150)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_solver_equals_brute_force_on_small_endings(seed: int, size: int) -> None:
    position = random_position(random.Random(seed), size)
    tricks = Tricks(position.hands, position.leader, position.trick)
    assert solve_position(position).tricks == brute_tricks(tricks, position.strain.trump)


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_every_card_is_scored_like_brute_force(seed: int, size: int) -> None:
    position = random_position(random.Random(seed), size)
    tricks = Tricks(position.hands, position.leader, position.trick)
    seat = to_play(tricks)
    total = tricks.hands[seat].bit_count()
    expected = {}
    for card in cards_of(legal_cards(tricks)):
        after = play_card(tricks, card, position.strain.trump)
        if after.trick:
            theirs = brute_tricks(after, position.strain.trump)
            same = to_play(after) % 2 == seat % 2
            expected[card] = theirs if same else total - theirs
        else:
            won = 1 if after.leader % 2 == seat % 2 else 0
            rest = brute_tricks(after, position.strain.trump)
            same = after.leader % 2 == seat % 2
            expected[card] = won + (rest if same else total - 1 - rest)
    scored = score_cards(position)
    assert dict(scored) == expected
    assert [t for _, t in scored] == sorted((t for _, t in scored), reverse=True)
    assert scored[0][1] == solve_position(position).tricks


def _rename(rng: random.Random, hands: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The same position with each suit's cards moved to other ranks, order kept."""
    out = [0, 0, 0, 0]
    for suit in range(4):
        held = sorted(
            ((card % 13 - 1) % 13, seat, card)
            for seat, hand in enumerate(hands)
            for card in cards_of(hand)
            if card // 13 == suit
        )
        places = sorted(rng.sample(range(13), len(held)))
        for (_, seat, _), place in zip(held, places, strict=True):
            out[seat] |= 1 << (suit * 13 + (place + 1) % 13)
    return (out[0], out[1], out[2], out[3])


@settings(max_examples=100)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_canonical_key_merges_only_positions_of_equal_value(seed: int, size: int) -> None:
    """Positions with the same relative ranks (the solver's key) have the same value."""
    rng = random.Random(seed)
    hands = random_hands(rng, size)
    other = _rename(rng, hands)
    assert _to_relative(hands, ()).hands == _to_relative(other, ()).hands
    strain, leader = Strain(rng.randrange(5)), rng.randrange(4)
    assert brute_tricks(Tricks(hands, leader), strain.trump) == brute_tricks(
        Tricks(other, leader), strain.trump
    )


def test_a_refuted_card_speaks_for_its_whole_run_in_the_table() -> None:
    """Regression (found by the 4,000-ending DDS comparison): only the lowest card of a
    run of touching cards is searched; if the proof used the rank of a card of that run,
    the whole run must be relevant, else the table answers for a position where the run
    is split.  Here the solver once said 3; DDS says South's side takes 4."""
    # N:K4.QJ.AT8.Q2 E:Q5.543.KQ9.6 S:A73.A92.73.- W:2.K8.J65.543, diamonds, South led SJ
    position = Position(
        (2256404023879682, 1134697931341856, 37950532911104, 1382988251164),
        Seat.SOUTH,
        Strain.DIAMONDS,
        (49,),
    )
    assert pbn_str(position.hands) == "N:K4.QJ.AT8.Q2 Q5.543.KQ9.6 A73.A92.73. 2.K8.J65.543"
    assert solve_position(position).tricks == 4


def test_the_key_tells_different_positions_apart() -> None:
    # the same cards, one seat's spade swapped with another's: different relative hands
    a = parse_pbn("N:A... K... Q... J...")
    b = parse_pbn("N:K... A... Q... J...")
    assert _to_relative(a, ()).hands != _to_relative(b, ()).hands
    assert solve(a, Strain.NO_TRUMP, Seat.NORTH).tricks == 1
    assert solve(b, Strain.NO_TRUMP, Seat.NORTH).tricks == 0


@pytest.mark.parametrize(("deal", "rows"), golden_tables(max_size=5))
def test_tables_equal_dds_golden(deal: str, rows: list[list[int]]) -> None:
    table = dd_table(parse_pbn(deal))
    assert [list(row) for row in table.tricks] == rows


@pytest.mark.slow
@pytest.mark.parametrize(("deal", "rows"), golden_tables(max_size=10))
def test_larger_ending_tables_equal_dds_golden(deal: str, rows: list[list[int]]) -> None:
    table = dd_table(parse_pbn(deal))
    assert [list(row) for row in table.tricks] == rows


def test_a_wrong_answer_fails_the_golden_comparison() -> None:
    deal, rows = golden_tables(max_size=3)[0]
    table = dd_table(parse_pbn(deal))
    wrong = [list(row) for row in table.tricks]
    wrong[0][0] += 1
    assert wrong != rows


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ((1, 1, 2, 4), "card CA is held twice"),
        ((1, 2, 4, 8 | 16), "hands of unequal size"),
        ((1, 2, 4), "expected 4 hands"),
    ],
)
def test_bad_positions_are_refused_in_one_line(hands: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve(hands, Strain.NO_TRUMP, Seat.NORTH)


# ------------------------------------------------ against DDS (the peers extra)


def _dds_tricks(position: Position) -> int:
    endplay_types = pytest.importorskip("endplay.types")
    dds = pytest.importorskip("endplay.dds")
    deal = endplay_types.Deal(pbn_str(_with_trick(position)))
    deal.trump = [
        endplay_types.Denom.clubs,
        endplay_types.Denom.diamonds,
        endplay_types.Denom.hearts,
        endplay_types.Denom.spades,
        endplay_types.Denom.nt,
    ][position.strain]
    deal.first = endplay_types.Player(position.leader)
    for card in position.trick:
        deal.play(_endplay_card(endplay_types, card))
    solve_mod = pytest.importorskip("endplay.dds.solve")
    return int(max(t for _, t in dds.solve_board(deal, solve_mod.SolveMode.OptimalOne)))


def _with_trick(position: Position) -> tuple[int, ...]:
    hands = list(position.hands)
    for offset, card in enumerate(position.trick):
        hands[(position.leader + offset) % 4] |= 1 << card
    return tuple(hands)


def _endplay_card(types: object, card: int) -> object:
    from pure_engine.games.playing_cards import suit_first_str

    return types.Card(suit_first_str(card))  # type: ignore[attr-defined]  # endplay is untyped


def _agrees_with_dds(seed: int, endings: int, largest: int) -> None:
    """*endings* random endings of 1 to *largest* cards a hand (any strain, leader and cards
    on the table) from ``Random(seed)``: our answer is DDS's."""
    pytest.importorskip("endplay")
    rng = random.Random(seed)
    for index in range(endings):
        position = random_position(rng, 1 + index % largest)
        ours = solve_position(position).tricks
        assert ours == _dds_tricks(position), (pbn_str(position.hands), position)


@pytest.mark.peers
@pytest.mark.parametrize("block", range(10))
def test_equal_to_dds_on_random_endings(block: int) -> None:
    """500 endings (sizes 1-7 cards a hand)."""
    _agrees_with_dds(1400 + block, 50, 7)


@pytest.mark.peers
@pytest.mark.slow
@pytest.mark.parametrize("block", range(40))
def test_equal_to_dds_on_many_endings(block: int) -> None:
    """4000 endings (sizes 1-10 cards a hand)."""
    _agrees_with_dds(9000 + block, 100, 10)
