"""One episode of a game behind a tensor adapter: seeding, chance, masks, checked steps.

The PettingZoo and Gymnasium environments are mutable objects by their APIs'
design; :class:`Episode` is the one mutable piece they share.  It holds the
current (immutable) state, resolves chance nodes with an explicit seeded
``random.Random``, numbers legal actions through the game's
:class:`~pure_engine.core.encoding.Encoding`, and refuses an action outside the
mask with a one-line :class:`~pure_engine.errors.IllegalActionError`.

>>> import pure_engine
>>> episode = Episode(pure_engine.load_game("kuhn_poker"))
>>> episode.reset(7)
>>> episode.player, episode.legal_numbers()
(0, (0, 1))
>>> episode.play(1)                      # player 0 bets
>>> episode.player, episode.steps
(1, 1)
"""

from __future__ import annotations

import operator
import random
from typing import Any

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL, Game, encoding_of
from pure_engine.errors import IllegalActionError

__all__ = ["Episode", "as_index"]


class Episode:
    """The state of one game in play, and how it goes on (mutable; owned by one adapter)."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        fixed_start: bool = False,
        max_steps: int | None = None,
    ) -> None:
        self.game = game
        self.encoding: Encoding[Any, Any] = encoding_of(game)
        self.fixed_start = fixed_start
        limit = game.info.max_game_length if max_steps is None else max_steps
        if limit < 1:
            raise ValueError(f"expected max_steps >= 1, found {limit!r}")
        self.max_steps = limit
        self._seeds = random.Random()  # OS entropy until reset(seed) is called
        self.rng = random.Random(0)
        self.state: Any = None
        self.player = TERMINAL
        self.steps = 0
        self._legal: tuple[int, ...] | None = None

    def reset(self, seed: int | None = None) -> None:
        """Start a new game; with *seed*, this game and every later one replay exactly."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.start(self._seeds.getrandbits(62))

    def start(self, game_seed: int) -> None:
        """Start the game of *game_seed*: ``initial_state(game_seed)`` (unless ``fixed_start``),
        chance drawn from ``random.Random(game_seed)``."""
        self.rng = random.Random(game_seed)
        game = self.game
        self.state = game.initial_state() if self.fixed_start else game.initial_state(game_seed)
        self.steps = 0
        self._settle()

    def _settle(self) -> None:
        """Resolve chance until a player decides or the game is over."""
        game, state = self.game, self.state
        player = game.current_player(state)
        while player == CHANCE:
            state = game.step(state, game.sample_chance(state, self.rng))
            player = game.current_player(state)
        self.state, self.player, self._legal = state, player, None

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.player == TERMINAL

    @property
    def is_truncated(self) -> bool:
        """True when the game is still on but ``max_steps`` decisions were played."""
        return self.player != TERMINAL and self.steps >= self.max_steps

    def legal_numbers(self) -> tuple[int, ...]:
        """The numbers of the legal actions, in ``legal_actions`` order (empty at the end)."""
        if self._legal is None:
            if self.player == TERMINAL:
                self._legal = ()
            else:
                index, state = self.encoding.action_index, self.state
                self._legal = tuple(index(state, a) for a in self.game.legal_actions(state))
        return self._legal

    def mask(self) -> list[int]:
        """1 for each legal action number, 0 elsewhere (``num_distinct_actions`` entries)."""
        out = [0] * self.encoding.num_distinct_actions
        for number in self.legal_numbers():
            out[number] = 1
        return out

    def tensor(self, player: int) -> list[float]:
        """*player*'s observation tensor of the current state, flat."""
        return list(self.encoding.observation_tensor(self.state, player))

    def returns(self) -> tuple[float, ...]:
        """The game's returns at the current state."""
        return tuple(self.game.returns(self.state))

    def play(self, number: object) -> None:
        """Play the legal action numbered *number* (checked), then resolve chance."""
        if self.player == TERMINAL:
            raise IllegalActionError(f"action {number!r} after the end of the game")
        index = as_index(number)
        legal = self.legal_numbers()
        if index is None or index not in legal:
            shown = ", ".join(map(str, legal[:20])) + (", ..." if len(legal) > 20 else "")
            raise IllegalActionError(
                f"action {number!r} of player {self.player} is not legal "
                f"(outside the action mask); legal numbers: {shown}"
            )
        self._advance(self.game.step(self.state, self.encoding.index_action(self.state, index)))

    def apply(self, action: Any) -> None:
        """Play *action* (an action of the game, as a bot chooses it; checked), then chance."""
        self._advance(self.game.play(self.state, action))

    def _advance(self, state: Any) -> None:
        self.state = state
        self.steps += 1
        self._settle()

    def render(self) -> str:
        """The game's text rendering of the current state."""
        return self.game.render(self.state)

    def render_as(self, render_mode: str | None) -> str | None:
        """``render()`` of a Gymnasium or PettingZoo environment in *render_mode*: ``ansi``
        returns the text, ``human`` prints it (and returns None), no mode returns None."""
        if render_mode is None:
            return None
        text = self.render()
        if render_mode == "human":
            print(text)  # render_mode="human" asks for exactly this
            return None
        return text


def as_index(number: object) -> int | None:
    """An int action number from an int or a numpy integer (bools and floats are refused)."""
    if isinstance(number, bool):
        return None
    try:
        return operator.index(number)  # type: ignore[arg-type]  # checked by the call itself
    except TypeError:
        return None
