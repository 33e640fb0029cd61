"""Skirmish's encoding: the contract over random games, stable numbers, nothing hidden shown."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pure_engine.games.skirmish import SkirmishState, make_game
from pure_engine.games.skirmish import encoding as enc
from pure_engine.games.skirmish.base import HAND
from pure_engine.testing import GameCheckError, check_encoding
from tests.skirmish_helpers import GAME, play, position

ENCODING = enc.make_encoding()


@pytest.mark.parametrize(
    ("deck0", "deck1"),
    [("mage_basic", "hunter_basic"), ("druid_basic", "shaman_basic")],
)
def test_skirmish_encoding_keeps_the_contract_over_random_games(deck0: str, deck1: str) -> None:
    report = check_encoding(make_game(deck0=deck0, deck1=deck1), games=3, max_steps=150)
    assert report.actions > 100


def test_the_tensor_is_the_players_view_and_hides_the_opponents_hand() -> None:
    s = position({"hand": ["fireball"]}, {"hand": ["wisp"]})
    hidden = position({"hand": ["fireball"]}, {"hand": ["leeroy_jenkins"]})
    mine = position({"hand": ["frostbolt"]}, {"hand": ["wisp"]})
    assert ENCODING.observation_tensor(s, 0) == ENCODING.observation_tensor(hidden, 0)
    assert ENCODING.observation_tensor(s, 0) != ENCODING.observation_tensor(mine, 0)
    assert ENCODING.observation_tensor(s, 1) != ENCODING.observation_tensor(hidden, 1)
    first = enc.CARD_KEYS.index("fireball")
    assert ENCODING.observation_tensor(s, 0)[first] == 1.0  # hand slot 1 is a fireball
    assert len(ENCODING.observation_tensor(s, 1)) == enc.OBSERVATION_SIZE


def test_a_number_means_the_same_move_in_every_state() -> None:
    one = position(
        {"mana": 4, "hand": ["fireball"], "board": [{"card": "wisp"}]},
        {"board": [{"card": "wisp"}]},
    )
    two = position(
        {"mana": 10, "hand": ["fireball", "frostbolt"], "board": [{"card": "chillwind_yeti"}]},
        {"board": [{"card": "boulderfist_ogre"}, {"card": "wisp"}]},
    )
    for text in ("end_turn", "attack 1 -> enemy_hero", "attack 1 -> 1", "play fireball -> enemy 1"):
        numbers = {ENCODING.action_index(s, GAME.parse_action(s, text)) for s in (one, two)}
        assert len(numbers) == 1, text
    assert ENCODING.action_index(one, GAME.parse_action(one, "end_turn")) == 0
    for s in (one, two):
        for action in GAME.legal_actions(s):
            number = ENCODING.action_index(s, action)
            assert 0 <= number < enc.NUM_ACTIONS
            assert ENCODING.index_action(s, number) == action


def test_minion_places_and_decisions_get_their_own_numbers() -> None:
    s = position({"mana": 10, "hand": ["dire_wolf_alpha"], "board": [{"card": "wisp"}] * 2})
    places = [ENCODING.action_index(s, a) for a in GAME.legal_actions(s) if a.kind == 1]
    assert len(places) == len(set(places)) == 3
    s = position({"class": "druid", "mana": 2, "hand": ["wrath"]}, {"board": [{"card": "wisp"}]})
    s = play(s, "play wrath")
    assert [ENCODING.action_index(s, a) for a in GAME.legal_actions(s)] == [
        enc.NUM_ACTIONS - enc.MAX_OPTIONS,
        enc.NUM_ACTIONS - enc.MAX_OPTIONS + 1,
    ]


def test_cards_offered_by_a_decision_are_shown_to_the_chooser_only() -> None:
    tracking = position(
        {
            "class": "hunter",
            "mana": 1,
            "hand": ["tracking"],
            "deck": ["wolfrider", "wisp", "fireball"],
        }
    )
    tracking = play(tracking, "play tracking")  # looked at: the three cards are known now
    offered = enc.OBSERVATION_SIZE - 3 - len(enc.CARD_KEYS)  # the cards offered, then 3 modes
    wisp, ogre = (offered + enc.CARD_KEYS.index(card) for card in ("wisp", "boulderfist_ogre"))
    assert ENCODING.observation_tensor(tracking, 0)[wisp] > 0.0
    assert ENCODING.observation_tensor(tracking, 0)[ogre] == 0.0  # not offered
    assert ENCODING.observation_tensor(tracking, 1)[wisp] == 0.0  # not the opponent's to see
    rng = random.Random(1)
    for player in (0, 1):
        again = GAME.resample(tracking, player, rng)
        assert ENCODING.observation_tensor(again, player) == ENCODING.observation_tensor(
            tracking, player
        )


def test_check_encoding_catches_a_skirmish_tensor_that_shows_the_opponents_hand() -> None:
    def cheat(state: SkirmishState, player: int) -> list[float]:
        out = enc.observation_tensor(state, player)
        theirs = state.table.zones[HAND.zones[1 - player]]
        if theirs:
            out[0] = enc.CARD_KEYS.index(state.table.entities[theirs[0]].card) / len(out)
        return out

    leaky = replace(make_game(), encoding=replace(ENCODING, observation_tensor=cheat))
    with pytest.raises(GameCheckError, match="hidden"):
        check_encoding(leaky, games=2, max_steps=20)


def test_an_action_number_without_a_move_is_a_clear_error() -> None:
    s = position({"mana": 1})
    with pytest.raises(ValueError, match="no hand card 1"):
        ENCODING.index_action(s, 1)
    with pytest.raises(ValueError, match=r"expected an action number 0\.\."):
        ENCODING.index_action(s, enc.NUM_ACTIONS)


def test_chance_outcomes_are_numbered_apart_from_the_moves() -> None:
    s = position({"mana": 1, "hand": ["arcane_missiles"]}, {"board": [{"card": "wisp"}]})
    s = play(s, "play arcane_missiles")
    outcomes = [a for a, _ in GAME.chance_outcomes(s)]
    assert [ENCODING.action_index(s, a) for a in outcomes] == [0, 1]
    assert [ENCODING.index_action(s, n) for n in (0, 1)] == outcomes
    with pytest.raises(ValueError, match=r"expected a chance outcome 0\.\.31"):
        ENCODING.index_action(s, enc.MAX_CHANCE_OUTCOMES)


@pytest.mark.peers
def test_openspiel_plays_skirmish_through_the_encoding() -> None:
    pytest.importorskip("pyspiel")
    from pure_engine.interop import to_openspiel

    game = to_openspiel(make_game())
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (enc.NUM_ACTIONS, 32)
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, weights)[0]
        else:
            assert len(state.observation_tensor()) == enc.OBSERVATION_SIZE
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
