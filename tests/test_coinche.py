"""Coinche: the conformance battery, the auction (bids, coinche, surcoinche), scoring."""

from __future__ import annotations

import random

import pytest

from pure_engine import load_game
from pure_engine.games.belote.coinche import (
    COINCHE,
    PASS,
    SURCOINCHE,
    CoincheState,
    Phase,
    bid_action,
    current_player,
    deal_result,
)
from pure_engine.games.belote.game import make_coinche as make_game
from pure_engine.games.belote.play import DECK_MASK
from pure_engine.games.trick_taking.tricks import cards_of, hand_of
from pure_engine.testing import check_game
from tests.belote_oracle import oracle_legal
from tests.random_play import dealt, play_out

GAME = make_game()


def test_check_game() -> None:
    def conserved(state: CoincheState) -> bool:
        parts = [*state.tricks.hands, hand_of(state.tricks.trick), *state.tricks.taken, state.deck]
        assert sum(p.bit_count() for p in parts) == 32 or state.phase == Phase.OVER
        every = 0
        for part in parts:
            assert every & part == 0
            every |= part
        return every & ~DECK_MASK == 0

    check_game(GAME, invariants=[conserved], games=10)
    assert load_game("coinche").info.name == "coinche"


def test_auction_bids_coinche_and_surcoinche() -> None:
    state = dealt(GAME, 1)
    assert current_player(state) == 1
    state = GAME.play_str(state, "bid 100 S")
    assert GAME.legal_strings(state)[:2] == ("pass", "coinche")  # player 2: an opponent
    state = GAME.play_str(state, "pass")  # player 2
    assert "coinche" not in GAME.legal_strings(state)  # player 3: partner of the bidder
    state = GAME.play_str(state, "pass")
    state = GAME.play_str(state, "coinche")  # player 0
    assert GAME.legal_actions(state) == (PASS, SURCOINCHE)  # player 1, the bidder
    state = GAME.play_str(state, "surcoinche")
    assert (state.phase, state.contract, state.trump, state.multiplier) == (Phase.PLAY, 100, 3, 4)
    assert current_player(state) == 1  # the dealer's left leads


def test_the_auction_ends_after_three_passes_or_four_without_a_bid() -> None:
    state = dealt(GAME, 2)
    for _ in range(4):
        state = GAME.step(state, PASS)
    assert state.phase == Phase.OVER and GAME.returns(state) == (0.0, 0.0, 0.0, 0.0)
    state = GAME.step(dealt(GAME, 2), bid_action(80, 2))
    for _ in range(3):
        state = GAME.step(state, PASS)
    assert state.phase == Phase.PLAY
    state = GAME.step(GAME.step(dealt(GAME, 2), bid_action(160, 0)), COINCHE)
    for _ in range(2):
        state = GAME.step(state, PASS)
    assert state.phase == Phase.AUCTION
    assert GAME.step(state, PASS).phase == Phase.PLAY


def test_play_legality_is_belotes_rules() -> None:
    def visit(state: CoincheState) -> None:
        if state.phase == Phase.PLAY:
            assert state.trump is not None
            hand = state.tricks.hands[current_player(state)]
            assert GAME.legal_actions(state) == oracle_legal(
                cards_of(hand), state.tricks.trick, state.trump
            )

    for seed in range(40):
        play_out(GAME, dealt(GAME, seed), seed, visit)


@pytest.mark.parametrize("multiplier", [1, 2, 4])
def test_scoring_made_and_failed_contracts(multiplier: int) -> None:
    for seed in range(30):
        state = GAME.step(dealt(GAME, seed), bid_action(80, seed % 4))
        state = state.replace(multiplier=multiplier, passes=2)
        end = play_out(GAME, GAME.step(state, PASS), seed)
        points = deal_result(end)
        taking = end.bidder % 2 if end.bidder is not None else 0
        if points[taking] >= 80 * multiplier:  # made
            assert points[taking] >= 80 * multiplier + 80
        else:  # failed: the defenders take 160 + the contract
            assert points[1 - taking] >= 160 + 80 * multiplier
        assert end.deal_points == points


def test_notation_and_bad_text() -> None:
    state = dealt(GAME, 3)
    assert GAME.parse_action(state, "bid capot H") == bid_action(250, 2)
    assert GAME.action_to_str(state, bid_action(250, 2)) == "bid capot H"
    for bad in ("bid 85 S", "bid 80 X", "coinche now", "QQ"):
        with pytest.raises(ValueError, match="expected"):
            GAME.parse_action(state, bad)


def test_a_match_to_a_target() -> None:
    match = make_game(target=500)
    state = match.initial_state(seed=4)
    rng = random.Random(4)
    while not match.is_terminal(state):
        if match.is_chance_node(state):
            state = match.resolve_chance(state)[1]
        else:
            state = match.step(state, rng.choice(match.legal_actions(state)))
    assert max(state.score) >= 500 or state.deals == 100
    assert abs(match.returns(state)[0]) == 1.0
