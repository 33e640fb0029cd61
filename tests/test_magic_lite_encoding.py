"""magic_lite's encoding: the contract over random games, stable numbers, nothing hidden shown."""

from __future__ import annotations

import pytest

import pure_engine
from pure_engine.core.game import encoding_of
from pure_engine.games.magic_lite import Act, Action, make_game
from pure_engine.games.magic_lite.encoding import CARD_KEYS, MAX_ORDERS
from pure_engine.games.magic_lite.rules import position
from pure_engine.testing import check_encoding

GAME = make_game()
ENCODING = encoding_of(GAME)


@pytest.mark.parametrize(
    "params",
    [{}, {"deck0": "white_weenie", "deck1": "dimir_fliers", "skip_trivial": False}],
)
def test_magic_lite_encoding_keeps_the_contract_over_random_games(params: dict[str, str]) -> None:
    report = check_encoding(make_game(**params), games=3, max_steps=120)  # type: ignore[arg-type]
    assert report.actions > 50


def test_the_tensor_hides_the_opponents_hand_and_shows_mine() -> None:
    base = position(hands=(("lightning_bolt",), ("shock",)), battlefields=(("mountain",), ()))
    theirs = position(hands=(("lightning_bolt",), ("craw_wurm",)), battlefields=(("mountain",), ()))
    mine = position(hands=(("shock",), ("shock",)), battlefields=(("mountain",), ()))
    assert ENCODING.observation_tensor(base, 0) == ENCODING.observation_tensor(theirs, 0)
    assert ENCODING.observation_tensor(base, 0) != ENCODING.observation_tensor(mine, 0)
    assert ENCODING.observation_tensor(base, 1) != ENCODING.observation_tensor(theirs, 1)


def test_a_number_means_the_same_decision_in_every_state() -> None:
    one = position(
        hands=(("lightning_bolt",), ()), battlefields=(("mountain",), ("grizzly_bears",))
    )
    two = position(
        hands=(("forest", "lightning_bolt", "lightning_bolt"), ()),
        battlefields=(("mountain", "forest"), ("grizzly_bears", "craw_wurm")),
    )
    for text in ("pass", "cast Lightning Bolt -> p1", "cast Lightning Bolt -> Grizzly Bears"):
        numbers = {ENCODING.action_index(s, GAME.parse_action(s, text)) for s in (one, two)}
        assert len(numbers) == 1, text
    bolt = 3 + 2 * len(CARD_KEYS) + CARD_KEYS.index("lightning_bolt") * (3 + 2 * 40 + 80)
    assert ENCODING.action_index(one, GAME.parse_action(one, "cast Lightning Bolt -> p1")) == (
        bolt + 2
    )
    for s in (one, two):
        for action in GAME.legal_actions(s):
            assert ENCODING.index_action(s, ENCODING.action_index(s, action)) == action


def test_the_shape_follows_the_larger_deck_and_the_card_numbers_stay() -> None:
    big = pure_engine.load_game("magic_lite", deck0="red_burn", deck1="green_stompy")
    forty = encoding_of(big)
    assert forty.observation_shape == ENCODING.observation_shape
    s = GAME.initial_state(seed=1)
    assert [ENCODING.action_index(s, a) for a in GAME.legal_actions(s)] == [
        0,
        3 + CARD_KEYS.index("forest"),
    ]


def test_numbers_without_a_decision_are_clear_errors() -> None:
    s = position(hands=(("lightning_bolt",), ()), battlefields=(("mountain",), ()))
    with pytest.raises(ValueError, match="damage order 721 is past 720"):
        ENCODING.action_index(s, Action(Act.ORDER, 0, MAX_ORDERS))
    with pytest.raises(ValueError, match="no shock in hand"):
        ENCODING.index_action(s, 3 + 2 * len(CARD_KEYS) + CARD_KEYS.index("shock") * 163)
    with pytest.raises(ValueError, match=r"expected an action number 0\.\."):
        ENCODING.index_action(s, ENCODING.num_distinct_actions)
