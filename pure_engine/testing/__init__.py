"""pure_engine.testing: check any game's rules the way hypothesis users expect.

* :func:`check_game` — the conformance battery in one call;
* :func:`check_encoding` — a game's observation tensors and action numbers;
* strategies (:func:`states`, :func:`action_sequences`, :func:`deals`, ...)
  that shrink to the shortest game;
* :func:`game_state_machine` — a hypothesis ``RuleBasedStateMachine`` for a game;
* :func:`playthrough` / :func:`assert_golden` — golden playthrough files;
* :mod:`pure_engine.testing.toys` — two toy games small enough for a doctest.

hypothesis is a dependency of pure_engine itself (installed with it), so all
of this works from a plain install; only :mod:`pure_engine.testing.pytest_plugin`
needs pytest.

>>> from pure_engine.testing import toys
>>> check_game(toys.make_coin_guess(), games=2).games
2
"""

from pure_engine.testing.check import (
    ALL_CHECKS,
    DEEP_KEY_SEARCH,
    FAST_CHECKS,
    Check,
    CheckReport,
    GameCheckError,
    KeySearch,
    check_game,
)
from pure_engine.testing.check_encoding import EncodingReport, check_encoding
from pure_engine.testing.check_state import find_mutable
from pure_engine.testing.golden import (
    GoldenMismatchError,
    assert_golden,
    playthrough,
    stable_repr,
)
from pure_engine.testing.stateful import GameModel, game_state_machine
from pure_engine.testing.strategies import (
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

__all__ = [
    "ALL_CHECKS",
    "DEEP_KEY_SEARCH",
    "FAST_CHECKS",
    "ChanceMode",
    "Check",
    "CheckReport",
    "EncodingReport",
    "GameCheckError",
    "GameModel",
    "GoldenMismatchError",
    "KeySearch",
    "Playout",
    "action_sequences",
    "actions_at",
    "assert_golden",
    "check_encoding",
    "check_game",
    "deals",
    "find_mutable",
    "game_state_machine",
    "play_choices",
    "playouts",
    "playthrough",
    "seeds",
    "stable_repr",
    "states",
    "terminal_states",
]
