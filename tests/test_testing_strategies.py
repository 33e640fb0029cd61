"""Strategies: every drawn game is legal play, and failures shrink to the shortest game."""

from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.testing import (
    ChanceMode,
    Playout,
    action_sequences,
    actions_at,
    deals,
    play_choices,
    playouts,
    seeds,
    states,
    terminal_states,
)
from pure_engine.testing.check_state import fingerprint
from tests import toys

# --- a race game: long enough that the shortest failing game is not the first one drawn ----

GOAL = 12


class Race(Struct):
    """Players alternately add 1, 2 or 3 to a shared total; whoever reaches GOAL wins."""

    total: int = 0
    turn: int = 0


def _race_player(s: Race) -> int:
    return TERMINAL if s.total >= GOAL else s.turn


def _race_returns(s: Race) -> tuple[float, ...]:
    if s.total < GOAL:
        return (0.0, 0.0)
    winner = 1 - s.turn  # the player who just moved
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def _race_parse(s: Race, text: str) -> int:
    if text not in ("+1", "+2", "+3"):
        raise ParseError(f"expected +1, +2 or +3, found {text!r}")
    return int(text[1:])


def race() -> Game[Race, int]:
    return Game(
        info=GameInfo("race", 2, -1.0, 1.0, GOAL, zero_sum=True),
        initial_state=lambda seed=None: Race(),
        current_player=_race_player,
        legal_actions=lambda s: (1, 2, 3) if s.total < GOAL else (),
        chance_outcomes=lambda s: (),
        step=lambda s, a: Race(s.total + a, 1 - s.turn),
        returns=_race_returns,
        observation=lambda s, p: (s.total, s.turn),
        key=lambda s: (s.total, s.turn),
        action_to_str=lambda s, a: f"+{a}",
        parse_action=_race_parse,
    )


RACE = race()
COIN = toys.make_game()
S = TypeVar("S")


def _replay(game: Game[S, int], playout: Playout) -> S:
    state: S = game.initial_state(playout.seed)
    assert state == playout.states[0]
    for action, expected in zip(playout.actions, playout.states[1:], strict=True):
        before = fingerprint(state)
        after = game.play(state, action)  # checked: raises if the action were illegal
        assert fingerprint(state) == before
        assert after == expected
        state = after
    return state


@given(playouts(RACE, max_steps=30))
def test_playouts_are_legal_play_recorded_state_by_state(playout: Playout) -> None:
    assert len(playout.states) == len(playout.actions) + 1
    assert _replay(RACE, playout) == playout.final


@given(playouts(COIN, seed=seeds()))
def test_seeded_playouts_replay_from_their_seed(playout: Playout) -> None:
    assert playout.seed is not None and _replay(COIN, playout) == playout.final


@given(action_sequences(COIN, seed=7))
def test_action_sequences_are_legal_from_the_seeded_state(actions: tuple[int, ...]) -> None:
    state = COIN.initial_state(7)
    for action in actions:
        state = COIN.play(state, action)


def test_a_failing_property_shrinks_to_the_shortest_game() -> None:
    # "the total never passes 6": the fewest moves that break it are three (+3 +3 +1 etc.)
    found = find(
        playouts(RACE, max_steps=30),
        lambda p: p.final.total > 6,
        settings=settings(database=None, max_examples=500),
    )
    assert len(found.actions) == 3
    # among the three-move games, shrinking prefers the first-listed actions
    assert found.actions == (1, 3, 3)


def _wins(actions: tuple[int, ...]) -> bool:
    state = RACE.initial_state()
    for action in actions:
        state = RACE.step(state, action)
    return RACE.is_terminal(state)


def test_failing_given_test_reports_a_locally_minimal_game() -> None:
    seen: list[tuple[int, ...]] = []

    @settings(database=None, max_examples=300)
    @given(action_sequences(RACE, max_steps=30))
    def never_wins(actions: tuple[int, ...]) -> None:
        seen.append(actions)
        assert not _wins(actions)

    with pytest.raises(AssertionError):
        never_wins()
    # hypothesis replays the shrunk example last.  Its shrinker is local: no single action
    # can be dropped or moved to an earlier-listed one, though the global minimum (+3 four
    # times) may need several coordinated changes and is not promised.
    shrunk = seen[-1]
    assert _wins(shrunk) and len(shrunk) <= 8
    for index in range(len(shrunk)):
        assert not _wins(shrunk[:index] + shrunk[index + 1 :])
        for earlier in range(1, shrunk[index]):
            assert not _wins((*shrunk[:index], earlier, *shrunk[index + 1 :]))


def test_states_shrink_to_the_shortest_terminal_state() -> None:
    found = find(states(COIN), COIN.is_terminal, settings=settings(database=None))
    assert found == toys.CoinState(coin=0, guess=0, acked=True)


@given(terminal_states(RACE, max_steps=10))
def test_terminal_states_are_terminal(state: Race) -> None:
    assert RACE.is_terminal(state) and state.total >= GOAL


def test_terminal_states_refuses_a_game_that_never_ends() -> None:
    endless = Game(
        info=GameInfo("endless", 1, 0.0, 0.0, 10**9),
        initial_state=lambda seed=None: 0,
        current_player=lambda s: 0,
        legal_actions=lambda s: (0,),
        chance_outcomes=lambda s: (),
        step=lambda s, a: s + 1,
        returns=lambda s: (0.0,),
        observation=lambda s, p: s,
        key=lambda s: s,
        action_to_str=lambda s, a: "tick",
        parse_action=lambda s, text: 0,
    )
    with pytest.raises(ValueError, match="endless: no end within 20 first-listed actions"):
        find(terminal_states(endless, max_steps=2), lambda s: True)


@given(deals(COIN))
def test_deals_stop_at_the_first_decision(state: toys.CoinState) -> None:
    assert COIN.current_player(state) == 0 and state.coin in (0, 1)


def test_deals_by_probability_follow_the_chance_weights() -> None:
    # a 1/4 - 3/4 chance node: "probability" mode maps choice % 4 onto outcomes by weight
    weighted = Game(
        info=GameInfo("weighted", 1, 0.0, 0.0, 1, has_chance=True),
        initial_state=lambda seed=None: None,
        current_player=lambda s: CHANCE if s is None else 0 if s < 10 else TERMINAL,
        legal_actions=lambda s: (10,) if s is not None and s < 10 else (),
        chance_outcomes=lambda s: ((0, Fraction(1, 4)), (1, Fraction(3, 4))) if s is None else (),
        step=lambda s, a: a,
        returns=lambda s: (0.0,),
        observation=lambda s, p: s,
        key=lambda s: s,
        action_to_str=lambda s, a: str(a),
        parse_action=lambda s, text: int(text),
    )
    picks = [play_choices(weighted, [c], chance="probability").final for c in range(8)]
    assert picks == [0, 1, 1, 1, 0, 1, 1, 1]
    by_index = [play_choices(weighted, [c], chance="index").final for c in range(4)]
    assert by_index == [0, 1, 0, 1]
    assert play_choices(weighted, [1], chance=ChanceMode.PROBABILITY).final == 1  # a member too
    # the mode is parsed, once: a typo is an error, not a silent switch to the other mode
    with pytest.raises(ValueError, match="expected a chance mode, one of 'index', 'probability'"):
        play_choices(weighted, [1], chance="probabilty")
    with pytest.raises(ValueError, match="found 'indexed'"):
        playouts(weighted, chance="indexed")


def test_play_choices_stops_at_the_end_of_the_game_and_of_the_choices() -> None:
    assert play_choices(COIN, [0, 0, 0, 0, 0, 0]).actions == (0, 0, 2)
    assert play_choices(COIN, [1]).actions == (1,)
    assert play_choices(COIN, []).final == COIN.initial_state()


def test_play_choices_builds_a_game_specific_strategy() -> None:
    # a user's strategy: race states where player 1 is to move with total at least 8
    late = st.lists(st.integers(0, 2), max_size=12).map(lambda c: play_choices(RACE, c).final)
    found = find(late.filter(lambda s: s.turn == 1 and s.total >= 8), lambda s: True)
    assert found.total >= 8 and found.turn == 1


def test_actions_at_lists_outcomes_at_chance_and_refuses_terminal_states() -> None:
    start = COIN.initial_state()
    assert find(actions_at(COIN, start), lambda a: a == 1) == 1
    end = play_choices(COIN, [0, 0, 0]).final
    with pytest.raises(ValueError, match="coin_guess: no actions at a terminal state"):
        actions_at(COIN, end)


def test_seeds_are_non_negative_and_shrink_to_zero() -> None:
    assert find(seeds(), lambda s: True) == 0
