"""A hypothesis ``RuleBasedStateMachine`` for any game, optionally checked against a naive model.

:func:`game_state_machine` builds a machine class that starts a game, plays
legal actions (chance outcomes by their probabilities), and — only once the
game is over — starts a new one.  After every step it checks the engine's
invariants, the user's invariants, and that the user's *model* (a plain,
mutable, obviously-right re-implementation) agrees with the state.
Failing runs print the actions in notation (``hypothesis.note``).

>>> from hypothesis import settings
>>> from hypothesis.stateful import run_state_machine_as_test
>>> from pure_engine.testing import toys
>>> Machine = game_state_machine(toys.make_coin_guess())
>>> quick = settings(max_examples=5, database=None, derandomize=True, deadline=None)
>>> run_state_machine_as_test(Machine, settings=quick)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pure_engine.core.enums import parse_enum
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.testing.check_rules import (
    CheckFailedError,
    check_legal,
    check_purity,
    check_returns,
    describe,
)
from pure_engine.testing.check_state import fingerprint
from pure_engine.testing.strategies import ChanceMode, chance_outcome, seeds

__all__ = ["GameModel", "game_state_machine"]

S = TypeVar("S")
A = TypeVar("A")


class GameModel(Generic[S, A]):
    """Base of a user's naive model: override the hooks you need (all default to no-ops).

    A model is deliberately mutable and simple; the machine calls
    :meth:`reset` at every new game, :meth:`apply` after every action, and
    :meth:`check` (which should ``assert``) after every step.

    >>> GameModel().check(None)
    """

    def reset(self, state: S) -> None:
        """A new game starts from *state*."""

    def apply(self, before: S, action: A, after: S) -> None:
        """*action* was played in *before* and led to *after*."""

    def check(self, state: S) -> None:
        """Assert that the model agrees with *state*."""


def game_state_machine(
    game: Game[S, A],
    model: Callable[[], GameModel[S, A]] | None = None,
    *,
    invariants: Sequence[Callable[[S], object]] = (),
    seed: st.SearchStrategy[int | None] | None = None,
    chance: ChanceMode | str = ChanceMode.PROBABILITY,
) -> type[RuleBasedStateMachine]:
    """Build a state machine class that plays *game* (see the module docstring).

    *model* is a zero-argument factory (a ``GameModel`` subclass works); *seed*
    draws each game's seed (default: :func:`~pure_engine.testing.strategies.seeds`).
    Use it as ``TestMyGame = game_state_machine(game, MyModel).TestCase``.
    """
    seed_strategy: st.SearchStrategy[int | None] = seeds() if seed is None else seed
    user_invariants = tuple(invariants)
    mode = parse_enum(ChanceMode, chance, what="chance mode")

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.model = model() if model is not None else None
            self.state: Any = None
            self.decisions = 0
            self.games = 0

        def _start(self, seed: int | None) -> None:
            self.state = game.initial_state(seed)
            self.decisions = 0
            self.games += 1
            note(f"game {self.games}: initial_state(seed={seed})")
            if self.model is not None:
                self.model.reset(self.state)

        @initialize(seed=seed_strategy)
        def start(self, seed: int | None) -> None:
            self._start(seed)

        @precondition(lambda self: game.is_terminal(self.state))
        @rule(seed=seed_strategy)
        def new_game(self, seed: int | None) -> None:
            self._start(seed)

        @precondition(lambda self: not game.is_terminal(self.state))
        @rule(choice=st.integers(min_value=0, max_value=2**16))
        def act(self, choice: int) -> None:
            before = self.state
            if game.current_player(before) == CHANCE:
                action = chance_outcome(game.chance_outcomes(before), choice, mode)
            else:
                legal = game.legal_actions(before)
                action = legal[choice % len(legal)]
                self.decisions += 1
            note(f"play {describe(game, before, action)}")
            snapshot = fingerprint(before)
            after = game.play(before, action)
            assert fingerprint(before) == snapshot, "purity: play changed its input state"
            self.state = after
            if self.model is not None:
                self.model.apply(before, action, after)

        @invariant()
        def consistent(self) -> None:
            if self.state is None:
                return
            _check_consistent(game, self.state, self.decisions, user_invariants)
            if self.model is not None:
                self.model.check(self.state)

    GameMachine.__name__ = GameMachine.__qualname__ = f"{game.name}_machine"
    return GameMachine


def _check_consistent(
    game: Game[S, A], state: S, decisions: int, invariants: Sequence[Callable[[S], object]]
) -> None:
    """Assert the engine's invariants (purity, legal actions, returns, the length bound) and
    the user's *invariants* on *state*, reached after *decisions* decisions.

    >>> from pure_engine.testing import toys
    >>> coin = toys.make_coin_guess()
    >>> _check_consistent(coin, coin.initial_state(), 99, ())
    Traceback (most recent call last):
    ...
    AssertionError: length: 99 decisions exceed max_game_length 3
    """
    player = game.current_player(state)
    try:
        check_purity(state, ())
        check_legal(game, state, player, game.legal_actions(state))
        check_returns(game, state, player == TERMINAL)
    except CheckFailedError as failed:
        raise AssertionError(f"{failed.check}: {failed.detail}") from None
    assert decisions <= game.info.max_game_length, (
        f"length: {decisions} decisions exceed max_game_length {game.info.max_game_length}"
    )
    for check in invariants:
        verdict = check(state)
        assert verdict is not False, (
            f"invariants: {getattr(check, '__name__', check)} returned False"
        )
