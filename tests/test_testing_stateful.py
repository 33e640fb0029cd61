"""game_state_machine: plays whole games, starts a new one only at the end, and catches bugs
in the game or disagreements with the user's model."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from pure_engine.core.game import Game
from pure_engine.testing import GameModel, game_state_machine
from tests import broken_toys, toys

COIN = toys.make_game()
# print_blob off: hypothesis's CI profile (loaded when $CI is set) would add a reproduce note
QUICK = settings(
    max_examples=30, stateful_step_count=20, database=None, derandomize=True, print_blob=False
)
NO_SHRINK = settings(QUICK, phases=[Phase.explicit, Phase.generate])


class CoinModel(GameModel[toys.CoinState, int]):
    """The naive model: a plain mutable list of what happened."""

    def __init__(self) -> None:
        self.moves: list[int] = []

    def reset(self, state: toys.CoinState) -> None:
        self.moves = []

    def apply(self, before: toys.CoinState, action: int, after: toys.CoinState) -> None:
        self.moves.append(action)

    def check(self, state: toys.CoinState) -> None:
        expected = dict(zip(("coin", "guess"), self.moves, strict=False))
        assert state.coin == expected.get("coin")
        assert state.guess == expected.get("guess")
        assert state.acked == (len(self.moves) == 3)


TestCoinMachine = game_state_machine(COIN, CoinModel).TestCase
TestCoinMachine.settings = QUICK


def _failure(game: Game[Any, Any], *, shrink: bool = False, **kwargs: Any) -> AssertionError:
    machine = game_state_machine(game, **kwargs)
    with pytest.raises(AssertionError) as caught:
        run_state_machine_as_test(  # type: ignore[no-untyped-call]  # hypothesis leaves it unannotated
            machine, settings=QUICK if shrink else NO_SHRINK
        )
    return caught.value


def test_new_game_starts_only_once_the_game_is_over() -> None:
    games: list[int] = []

    class Watcher(GameModel[toys.CoinState, int]):
        def __init__(self) -> None:
            self.last: toys.CoinState | None = None
            self.games = 0

        def reset(self, state: toys.CoinState) -> None:
            # the first reset is the initial game; every later one is the new-game rule
            assert self.last is None or COIN.is_terminal(self.last), "new game mid-game"
            self.games += 1
            games.append(self.games)
            self.last = state

        def apply(self, before: toys.CoinState, action: int, after: toys.CoinState) -> None:
            assert not COIN.is_terminal(before), "action after the end"
            self.last = after

    machine = game_state_machine(COIN, Watcher)
    run_state_machine_as_test(machine, settings=QUICK)  # type: ignore[no-untyped-call]  # hypothesis: unannotated
    assert max(games) >= 3  # the rule is reachable: some runs play several games in a row


def test_model_disagreement_fails_with_the_actions_in_notation() -> None:
    class OffByOne(CoinModel):
        def check(self, state: toys.CoinState) -> None:
            assert state.guess is None or state.guess == 0, "model: guess is always heads"

    error = _failure(COIN, model=OffByOne, shrink=True)
    assert "model: guess is always heads" in str(error)
    notes = [
        line for line in getattr(error, "__notes__", []) if line.startswith(("game ", "play "))
    ]
    # shrunk to the shortest game that shows it: seed 0, heads, then the guess tails
    assert notes[-3:] == ["game 1: initial_state(seed=0)", "play heads", "play tails"]


def test_mutating_step_is_caught() -> None:
    error = _failure(broken_toys.mutating_step())
    assert "purity: play changed its input state" in str(error)


def test_broken_rules_are_caught_by_the_machine_invariant() -> None:
    error = _failure(broken_toys.terminal_actions())
    assert str(error).startswith("legal_actions: expected no legal actions at a terminal state")
    assert "returns" in str(_failure(broken_toys.not_zero_sum()))
    assert "length: 2 decisions exceed" in str(_failure(broken_toys.too_long()))


def test_user_invariants_are_checked_after_every_step() -> None:
    def coin_is_heads(state: toys.CoinState) -> bool:
        return state.coin != 1

    error = _failure(COIN, invariants=[coin_is_heads])
    assert "invariants: coin_is_heads returned False" in str(error)


def test_machine_is_named_after_the_game() -> None:
    assert game_state_machine(COIN).__name__ == "coin_guess_machine"
