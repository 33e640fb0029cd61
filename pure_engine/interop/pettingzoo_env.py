"""Any pure_engine game as a PettingZoo AEC environment (needs the ``rl`` extra).

``to_pettingzoo("leduc_poker")`` builds an :class:`pettingzoo.AECEnv` whose
agents are ``player_0 .. player_{n-1}``.  Each agent's observation is a dict,
as in PettingZoo's classic games: ``"observation"``, the game's observation
tensor for that agent (``float32``, the encoding's shape and bounds), and
``"action_mask"`` (``int8``, 1 for each legal action number of the agent to
move, all 0 for the others).  Actions are ``Discrete(num_distinct_actions)``;
an action outside the mask raises :class:`~pure_engine.errors.IllegalActionError`.
Chance is resolved inside the environment from a ``random.Random`` seeded by
``reset(seed=...)``, so a seeded run replays exactly.  Rewards are the change
of ``game.returns`` made by each step (zero-sum games pay at the end);
``max_steps`` decisions (default ``info.max_game_length``) truncate a game.

>>> env = to_pettingzoo("kuhn_poker")
>>> env.reset(seed=3)
>>> env.agent_selection, env.observation_space("player_0")["observation"].shape
('player_0', (11,))
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["action_mask"].tolist()
[1, 1]
>>> env.step(1)                                 # bet
>>> env.step(0)                                 # player 1 folds
>>> env.rewards, env.terminations["player_1"]
({'player_0': 1.0, 'player_1': -1.0}, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pure_engine.core.game import Game
from pure_engine.core.registry import load_game
from pure_engine.interop._episode import Episode

__all__ = ["PureEngineAECEnv", "to_pettingzoo"]

ObsDict = dict[str, np.ndarray[Any, Any]]


def to_pettingzoo(
    game: str | Game[Any, Any],
    *,
    render_mode: str | None = None,
    fixed_start: bool = False,
    max_steps: int | None = None,
    **params: Any,
) -> PureEngineAECEnv:
    """A PettingZoo AEC environment for *game* (a registered name with *params*, or a Game).

    ``fixed_start=True`` starts every game from ``initial_state()`` (a given
    patience deal, Crab Combat's decks) instead of ``initial_state(seed)``.
    """
    if isinstance(game, str):
        game = load_game(game, **params)
    elif params:
        raise ValueError(f"game params {sorted(params)} are for a game name, not a Game value")
    return PureEngineAECEnv(
        game, render_mode=render_mode, fixed_start=fixed_start, max_steps=max_steps
    )


class PureEngineAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A pure_engine :class:`~pure_engine.Game` behind PettingZoo's AEC API (see the module doc)."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        render_mode: str | None = None,
        fixed_start: bool = False,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"expected render_mode None, 'ansi' or 'human', found {render_mode!r}")
        self.episode = Episode(game, fixed_start=fixed_start, max_steps=max_steps)
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"pure_engine_{game.name}",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        encoding = self.episode.encoding
        low, high = encoding.observation_bounds
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self.agents = self.possible_agents[:]
        self._number = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low, high, shape=encoding.observation_shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        0, 1, shape=(encoding.num_distinct_actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(encoding.num_distinct_actions) for agent in self.possible_agents
        }
        self._returns: tuple[float, ...] = (0.0,) * game.num_players
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's ``Dict(observation=Box, action_mask=Box)`` space (one object per agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (chance resolved from a generator seeded by *seed*)."""
        episode = self.episode
        episode.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._returns = episode.returns()
        self._after_move()

    def observe(self, agent: str) -> ObsDict:
        """*agent*'s observation tensor and (for the agent to move) the action mask."""
        episode = self.episode
        player = self._number[agent]
        tensor = np.asarray(episode.tensor(player), dtype=np.float32)
        action_mask = np.zeros(episode.encoding.num_distinct_actions, dtype=np.int8)
        if player == episode.player:
            action_mask[list(episode.legal_numbers())] = 1  # not a list of every number: slow
        return {
            "observation": tensor.reshape(episode.encoding.observation_shape),
            "action_mask": action_mask,
        }

    def step(self, action: Any) -> None:
        """Play *action* (a number under the mask) for ``agent_selection``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.episode.play(action)
        self._cumulative_rewards[agent] = 0.0
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        episode = self.episode
        now = episode.returns()
        self.rewards = {
            agent: now[p] - self._returns[p] for p, agent in enumerate(self.possible_agents)
        }
        self._returns = now
        if episode.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif episode.is_truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[episode.player]
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The game's text rendering (``ansi``: returned; ``human``: printed)."""
        return self.episode.render_as(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
