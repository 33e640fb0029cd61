"""Belote and Coinche encodings: the contract, what each seat's tensor shows, and what it hides."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import pure_engine
from pure_engine.core.game import encoding_of
from pure_engine.games.belote.tensor import CARD_INDEX, CARDS
from pure_engine.testing import GameCheckError, check_encoding
from tests.random_play import random_states

GAMES = [  # (name, params, games): a match plays up to three deals per game
    ("belote", {}, 5),
    ("belote", {"target": 300, "max_deals": 3}, 2),
    ("coinche", {}, 5),
    ("coinche", {"target": 500, "max_deals": 3}, 2),
    ("coinche", {"sa_ta": True}, 5),
]


@pytest.mark.parametrize(("name", "params", "games"), GAMES)
def test_belote_and_coinche_encodings_keep_the_contract(
    name: str, params: dict[str, Any], games: int
) -> None:
    report = check_encoding(pure_engine.load_game(name, **params), games=games)
    assert report.games == games and report.tensors >= report.states


def _cards(tensor: Any, base: int) -> set[int]:
    return {CARDS[i] for i in range(32) if tensor[base + i] == 1.0}


@pytest.mark.parametrize("name", ["belote", "coinche"])
def test_each_seat_sees_its_hand_and_the_table_from_its_own_chair(name: str) -> None:
    game = pure_engine.load_game(name)
    encode = encoding_of(game).observation_tensor
    checked = 0
    for state in random_states(game, game.initial_state(seed=11), random.Random(11)):
        tricks = state.tricks
        for player in range(4):
            tensor = encode(state, player)
            assert _cards(tensor, 0) == {c for c in CARDS if tricks.hands[player] >> c & 1}
            for offset, card in enumerate(tricks.trick):  # seat (leader + offset), from player
                seat = (tricks.leader + offset - player) % 4
                assert _cards(tensor, 160 + 32 * seat) >= {card}
                assert tensor[32 + 32 * seat + CARD_INDEX[card]] == 1.0
            if state.trump is not None:
                assert tensor[416 + state.trump] == 1.0 and sum(tensor[416:422]) == 1.0
            mover = game.current_player(state)
            if mover >= 0:
                assert tensor[430 + (mover - player) % 4] == 1.0
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", ["belote", "coinche"])
def test_the_tensor_does_not_change_when_only_hidden_cards_do(name: str) -> None:
    game = pure_engine.load_game(name)
    encode = encoding_of(game).observation_tensor
    states = random_states(game, game.initial_state(seed=5), random.Random(5))
    middle = next(s for s in states if len(s.tricks.trick) == 2)  # mid-play, 2 cards on the table
    rng = random.Random(0)
    for player in range(4):
        other = game.resample(middle, player, rng)
        assert other.tricks.hands != middle.tricks.hands  # the others' cards did move
        assert encode(other, player) == encode(middle, player)


def test_check_encoding_catches_a_belote_tensor_that_shows_the_partner_s_hand() -> None:
    game = pure_engine.load_game("belote")
    encoding = encoding_of(game)

    def cheat(state: Any, player: int) -> list[float]:
        out = list(encoding.observation_tensor(state, player))
        partner = state.tricks.hands[(player + 2) % 4]
        out[0:32] = [float(partner >> card & 1) for card in CARDS]  # own hand slots, cheated
        return out

    leaky = replace(game, encoding=replace(encoding, observation_tensor=cheat))
    with pytest.raises(GameCheckError, match="hidden"):
        check_encoding(leaky, games=3)


@pytest.mark.parametrize(("name", "calls"), [("belote", 6), ("coinche", 63)])
def test_every_bid_and_card_has_one_number(name: str, calls: int) -> None:
    encoding = encoding_of(pure_engine.load_game(name))
    assert encoding.num_distinct_actions == 32 + calls
    state = pure_engine.load_game(name).initial_state()
    numbers = [
        encoding.action_index(state, encoding.index_action(state, n))
        for n in range(encoding.num_distinct_actions)
    ]
    assert numbers == list(range(encoding.num_distinct_actions))
