"""pure_engine.testing: check any game's rules the way hypothesis users expect.

* :func:`check_game` — the conformance battery in one call;
* strategies (:func:`states`, :func:`action_sequences`, ...) that shrink to the
  shortest game;
* :func:`game_state_machine` — a hypothesis ``RuleBasedStateMachine`` for a game;
* :func:`playthrough` / :func:`assert_golden` — golden playthrough files.
"""

from pure_engine.testing.check import (
    ALL_CHECKS,
    FAST_CHECKS,
    CheckReport,
    GameCheckError,
    check_game,
)
from pure_engine.testing.check_state import find_mutable

__all__ = [
    "ALL_CHECKS",
    "FAST_CHECKS",
    "CheckReport",
    "GameCheckError",
    "check_game",
    "find_mutable",
]
