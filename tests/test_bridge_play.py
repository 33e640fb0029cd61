"""The bridge_play game: follow suit, dummy and declarer, observations, resampling."""

from __future__ import annotations

import random

import pytest

from pure_engine import load_game
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.bridge.game import make_game
from pure_engine.games.bridge.play import BridgeState, observation, resample, shown_voids
from pure_engine.games.trick_taking.pbn import parse_pbn
from pure_engine.games.trick_taking.tricks import cards_of
from pure_engine.testing import check_encoding, check_game

DEAL = "N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82"


def cards_conserved(state: BridgeState) -> bool:
    """Every card dealt is in a hand, on the table, or played; none twice."""
    held = sum(h.bit_count() for h in state.play.hands)
    on_table = len(state.play.trick)
    played = len(state.played)
    dealt = held + played
    return on_table <= played and dealt == len(set(state.played)) + held


def tricks_add_up(state: BridgeState) -> bool:
    return sum(state.play.won) == len(state.played) // 4


def test_a_given_deal_passes_check_game() -> None:
    report = check_game(
        make_game(deal=DEAL, strain="H", declarer="S"),
        games=6,
        invariants=[cards_conserved, tricks_add_up],
    )
    assert report.terminals == report.games


def test_a_dealt_ending_passes_check_game() -> None:
    report = check_game(load_game("bridge_play", cards=3), games=6, invariants=[tricks_add_up])
    assert report.terminals == report.games


def test_resample_of_a_dealt_ending_hides_which_cards_are_in_play() -> None:
    check_game(load_game("bridge_play", cards=3), games=6, checks={"resample"})
    game = load_game("bridge_play", cards=3)
    state = game.initial_state(seed=4)
    while game.is_chance_node(state):
        _, state = game.resolve_chance(state)
    in_play = set().union(*(cards_of(hand) for hand in state.play.hands))
    drawn = set()
    for seed in range(30):
        again = resample(state, 1, random.Random(seed))
        assert observation(again, 1) == observation(state, 1)
        drawn |= set().union(*(cards_of(hand) for hand in again.play.hands))
    assert drawn - in_play  # cards that were never dealt turn up in other worlds


def test_the_opening_leader_is_declarers_left_hand_opponent() -> None:
    game = make_game(deal=DEAL, strain="S", declarer="N")
    state = game.initial_state()
    assert game.current_player(state) == 1
    assert game.legal_strings(state)[:3] == ("CA", "CJ", "D3")


def test_declarer_plays_dummys_cards_and_dummy_is_seen_after_the_lead() -> None:
    game = make_game(deal=DEAL, strain="NT", declarer="S")
    state = game.initial_state()
    assert observation(state, 1).dummy is None
    state = game.play_str(state, "C2")  # West leads
    assert game.current_player(state) == 2  # North is dummy: South plays its cards
    assert game.legal_strings(state) == ("C3", "C4", "C6", "C7")
    assert observation(state, 1).dummy == state.play.hands[0]
    state = game.play_str(state, "C3")
    assert game.current_player(state) == 1


def test_follow_suit_is_enforced() -> None:
    game = make_game(deal=DEAL, strain="NT", declarer="S")
    state = game.play_str(game.initial_state(), "C2")
    with pytest.raises(IllegalActionError, match="illegal action 'SA'"):
        game.play_str(state, "SA")


def test_the_play_ends_after_every_trick_with_tricks_per_side() -> None:
    game = make_game(deal="N:A.... K... Q... J...".replace("....", "..."), declarer="S")
    state = game.initial_state()  # West leads the jack: North's ace wins
    for text in ("SJ", "SA", "SK", "SQ"):
        state = game.play_str(state, text)
    assert game.current_player(state) == TERMINAL
    assert game.returns(state) == (1.0, 0.0, 1.0, 0.0)


def test_a_random_deal_is_dealt_by_chance_and_replays_from_its_seed() -> None:
    game = load_game("bridge_play", cards=13)
    state = game.initial_state(seed=3)
    assert game.current_player(state) == CHANCE
    for _ in range(52):
        _, state = game.resolve_chance(state)
    again = game.initial_state(seed=3)
    for _ in range(52):
        _, again = game.resolve_chance(again)
    assert state.play.hands == again.play.hands
    assert [h.bit_count() for h in state.play.hands] == [13, 13, 13, 13]
    assert game.current_player(state) == 3


def test_resample_keeps_what_the_player_sees_and_the_voids_shown() -> None:
    game = make_game(deal=DEAL, strain="NT", declarer="S")
    rng = random.Random(5)
    state = game.initial_state()
    for _ in range(22):  # five tricks and two cards, played at random
        state = game.step(state, rng.choice(game.legal_actions(state)))
    voids = shown_voids(state)
    for player in range(4):
        for _ in range(20):
            other = game.resample(state, player, rng)
            assert game.observation(other, player) == game.observation(state, player)
            assert [h.bit_count() for h in other.play.hands] == [
                h.bit_count() for h in state.play.hands
            ]
            for seat in range(4):
                held_suits = {c // 13 for c in cards_of(other.play.hands[seat])}
                assert not any(voids[seat] >> suit & 1 for suit in held_suits)


def test_resample_respects_a_shown_void() -> None:
    game = make_game(deal="N:AK.2.. .3.2.Q J2.4.. .5..AK", strain="NT", leader="N")
    state = game.initial_state()
    for text in ("SA", "CQ", "S2", "CA"):  # East and West both show out of spades
        state = game.play_str(state, text)
    assert shown_voids(state) == (0, 0b1000, 0, 0b1000)
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        other = game.resample(state, 0, rng)  # North (dummy) sees only its own hand
        assert other.play.hands[2] & (1 << 49)  # the spade jack can only be South's
        seen.add(other.play.hands)
    assert len(seen) > 1


def test_bad_parameters_are_one_line_errors() -> None:
    with pytest.raises(ParseError, match="bridge_play deal: hand E: unknown rank 'X'"):
        make_game(deal="N:AK54.T.9752.7643 QJ9X.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82")
    with pytest.raises(ParseError, match="bridge_play declarer: expected a seat"):
        make_game(declarer="Q")
    with pytest.raises(ValueError, match=r"expected cards 1\.\.13"):
        make_game(cards=14)


def test_parse_pbn_matches_the_state() -> None:
    game = make_game(deal=DEAL)
    assert game.initial_state().play.hands == parse_pbn(DEAL)


def test_the_matching_deal_fits_tight_voids() -> None:
    from pure_engine.games.bridge.play import _matching_deal, _Redeal

    # East is void in spades and hearts, West in diamonds and clubs: one deal fits
    pool = [39, 40, 26, 27, 13, 14, 0, 1]
    voids = (0, 0b1100, 0, 0b0011)
    for seed in range(5):
        owner = _matching_deal(_Redeal(pool, [1, 3], {1: 4, 3: 4}, voids), random.Random(seed))
        assert sorted(c for c, s in owner.items() if s == 1) == [0, 1, 13, 14]
        assert sorted(c for c, s in owner.items() if s == 3) == [26, 27, 39, 40]


def test_the_encoding_keeps_its_contract() -> None:
    report = check_encoding(make_game(deal=DEAL, strain="S", declarer="E"), games=3)
    assert report.tensors > 0
    dealt = check_encoding(load_game("bridge_play", cards=2), games=3)
    assert dealt.tensors > 0
