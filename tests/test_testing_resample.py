"""check_game's resample and returns checks: each fails on the toy broken in its way, passes on
correct games, and reports what it found with its false-alarm rate."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from typing import Any

import pytest

import pure_engine
from pure_engine.testing import GameCheckError, check_game, toys
from pure_engine.testing.check_resample import list_worlds, resample_failure
from pure_engine.testing.toys import HIGH_CARD_FLAWS, HighCardState


def _failure(game: pure_engine.Game[Any, Any], **kwargs: Any) -> GameCheckError:
    with pytest.raises(GameCheckError) as caught:
        check_game(game, **kwargs)
    return caught.value


EXPECTED = {
    "peek": "resample",
    "fixed": "resample",
    "none": "resample",
    "running_returns": "returns",
}


def test_every_flaw_has_a_check_that_catches_it() -> None:
    assert set(EXPECTED) == set(HIGH_CARD_FLAWS)


@pytest.mark.parametrize("flaw", HIGH_CARD_FLAWS)
def test_each_broken_high_card_fails_its_own_check(flaw: Any) -> None:
    error = _failure(toys.make_high_card(flaw=flaw))
    assert error.check == EXPECTED[flaw]
    assert len(error.trace) == error.step


def test_the_correct_high_card_and_coin_guess_pass_every_check() -> None:
    for game in (toys.make_high_card(), toys.make_high_card(cards=5), toys.make_coin_guess()):
        report = check_game(game)
        assert "resample" in report.checks


def test_a_resample_that_returns_the_true_state_is_named_with_its_odds() -> None:
    error = _failure(toys.make_high_card(flaw="peek"), checks={"resample"}, false_alarm=1e-9)
    assert "not a fair draw from the 2 worlds" in error.detail
    assert "(the true state) came 200 times in 200 draws, expected 100.0" in error.detail
    assert "false-alarm rate 2.5e-10" in error.detail  # 1e-9 shared among 4 states


def test_a_game_with_hidden_information_and_no_resample_is_refused_at_once() -> None:
    error = _failure(toys.make_high_card(flaw="none"))
    assert error.step == 0 and error.trace == ()
    assert "perfect_information is False, but the game has no resample" in error.detail
    # a perfect-information game needs none
    check_game(pure_engine.load_game("crab_combat", cards=10), games=2, checks={"resample"})


def test_returns_out_of_bounds_before_the_end_are_found() -> None:
    error = _failure(toys.make_high_card(flaw="running_returns"), checks={"returns"})
    assert "returns 3.0 before the end, outside the declared" in error.detail


@pytest.mark.parametrize("flaw", ["peek", "fixed"])
def test_on_a_larger_state_a_resample_that_never_varies_fails(flaw: Any) -> None:
    # a search budget too small to list every world: the variation test decides
    game = toys.make_high_card(cards=8, flaw=flaw)
    error = _failure(game, checks={"resample"}, resample_budget=12)
    assert "returned the same world in all 40 draws, though at least 4 worlds" in error.detail
    check_game(toys.make_high_card(cards=8), checks={"resample"}, resample_budget=12)


def _half_leaky(state: HighCardState, player: int, rng: random.Random) -> HighCardState:
    """Keeps the true hidden card half of the time: it varies, but it leaks."""
    if player != 0 or 0 in state.cards or rng.random() < 0.5:
        return state
    rest = [card for card in range(1, 9) if card != state.cards[0]]
    return state.replace(cards=(state.cards[0], rng.choice(rest)))


def test_on_a_larger_state_a_resample_that_leaks_fails_the_sign_test() -> None:
    game = dataclasses.replace(toys.make_high_card(cards=8), resample=_half_leaky)
    error = _failure(game, checks={"resample"}, resample_budget=12, factory=None)
    assert "leaks what the player cannot see" in error.detail
    assert "false-alarm rate" in error.detail


def test_listed_worlds_weigh_each_history_by_its_chance() -> None:
    game = toys.make_high_card(cards=4)
    states = [game.initial_state(0)]
    for action in (4, 2):
        states.append(game.step(states[-1], action))
    worlds = list_worlds(game, states, [4, 2], 0, budget=1000)
    assert worlds.complete and len(worlds.weights) == 3
    assert set(worlds.weights.values()) == {Fraction(1, 12)}
    # player 1's view: player 0 holds any of the 3 other cards
    assert len(list_worlds(game, states, [4, 2], 1, budget=1000).weights) == 3


def test_a_correct_resample_passes_under_many_seeds() -> None:
    game = toys.make_high_card(cards=4)
    states = [game.initial_state(0), game.step(game.initial_state(0), 3)]
    states.append(game.step(states[-1], 1))
    for seed in range(20):
        found = resample_failure(
            game,
            states,
            [3, 1],
            draws=200,
            false_alarm=1e-6,
            budget=1000,
            seed=f"test:{seed}",
            hidden_start=False,
        )
        assert found is None
