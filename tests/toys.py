"""The coin-guess toy of the core's own tests: the library's :mod:`pure_engine.testing.toys`
under the names the tests use (a coin flip, a guess, a forced acknowledgement)."""

from __future__ import annotations

from pure_engine.testing.toys import COIN_NAMES as NAMES
from pure_engine.testing.toys import CoinState
from pure_engine.testing.toys import coin_action_to_str as action_to_str
from pure_engine.testing.toys import coin_chance_outcomes as chance_outcomes
from pure_engine.testing.toys import coin_current_player as current_player
from pure_engine.testing.toys import coin_initial_state as initial_state
from pure_engine.testing.toys import coin_key as key
from pure_engine.testing.toys import coin_legal_actions as legal_actions
from pure_engine.testing.toys import coin_observation as observation
from pure_engine.testing.toys import coin_parse_action as parse_action
from pure_engine.testing.toys import coin_returns as returns
from pure_engine.testing.toys import coin_step as step
from pure_engine.testing.toys import make_coin_guess as make_game

__all__ = [
    "NAMES",
    "CoinState",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "initial_state",
    "key",
    "legal_actions",
    "make_game",
    "observation",
    "parse_action",
    "returns",
    "step",
]
