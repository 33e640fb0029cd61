"""A pure_engine game as a single-agent Gymnasium environment (needs the ``rl`` extra).

``to_gymnasium("freecell")`` builds a :class:`gymnasium.Env` for one seat
(``player``, default 0): patience variants, Crab Combat played as a one-player
puzzle, or any game whose other seats are played by bots (``opponents``).
Observations are the seat's observation tensor (``Box``, ``float32``, the
encoding's shape and bounds); actions are ``Discrete(num_distinct_actions)``;
the legal ones are ``info["action_mask"]`` (``int8``) and ``env.action_masks()``
(sb3-contrib's convention).  Chance and ``reset(seed=...)`` follow Gymnasium's
seeding: a seeded reset replays exactly, the opponents' choices included --
each reset draws the game's seed and then one seed per opponent bot from
``np_random`` and calls the bot's ``restart(seed=...)`` (the bots of
:func:`~pure_engine.search.bots.make_bot` have it; a bot whose ``restart``
takes no seed is only restarted, so it replays only if it is deterministic).
The reward is the change of the seat's return; ``terminated`` when the game
ends, ``truncated`` after ``max_steps`` of the seat's decisions.

A seat that never decides (bridge's dummy, whose cards declarer plays) is
refused when the environment is built, naming the seat and the seats that do
decide: the builder plays a few seeded random games and looks.

An action outside the mask raises :class:`~pure_engine.errors.IllegalActionError`
in one line (``illegal_action="raise"``, the default).  ``illegal_action="penalize"``
follows Gymnasium's Taxi instead: the state stays, the reward is
``illegal_penalty`` and ``info["illegal_action"]`` is True -- the convention
``gymnasium.utils.env_checker.check_env`` assumes, since it steps with
unmasked ``action_space.sample()``.

>>> env = to_gymnasium("freecell", deal=1, fixed_start=True)
>>> observation, info = env.reset(seed=0)
>>> observation.shape, int(env.action_space.n), int(info["action_mask"].sum())
((52, 15), 804, 32)
>>> observation, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
>>> reward, terminated, truncated
(0.0, False, False)
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from pure_engine.core.enums import parse_enum
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.registry import list_games, load_game
from pure_engine.errors import IllegalActionError
from pure_engine.interop._episode import Episode, as_index
from pure_engine.search.bots import Bot, choose_action

__all__ = [
    "GYMNASIUM_IDS",
    "IllegalActionPolicy",
    "PureEngineEnv",
    "gymnasium_id",
    "register_envs",
    "restart_bot",
    "to_gymnasium",
]

Observation = np.ndarray[Any, np.dtype[np.float32]]


class IllegalActionPolicy(StrEnum):
    """What :meth:`PureEngineEnv.step` does with an action outside the mask (the
    ``illegal_action`` keyword, given as a member or its text).

    ``render_mode`` stays a string: Gymnasium's API defines it as one.
    """

    RAISE = "raise"
    """Raise :class:`~pure_engine.errors.IllegalActionError` (one line)."""
    PENALIZE = "penalize"
    """Gymnasium's Taxi: the state stays, the reward is ``illegal_penalty``."""


def to_gymnasium(
    game: str | Game[Any, Any],
    *,
    player: int = 0,
    opponents: Bot | Mapping[int, Bot] | None = None,
    render_mode: str | None = None,
    fixed_start: bool = False,
    max_steps: int | None = None,
    illegal_action: IllegalActionPolicy | str = IllegalActionPolicy.RAISE,
    illegal_penalty: float = -1.0,
    **params: Any,
) -> PureEngineEnv:
    """A Gymnasium environment for seat *player* of *game* (a registered name with
    *params*, or a Game).

    *opponents* is a bot (``choose(game, state) -> action``, as
    :func:`pure_engine.search.bots.make_bot` builds) for every other seat, or a
    ``{seat: bot}`` mapping.  ``fixed_start=True`` starts every game from
    ``initial_state()`` (a given patience deal) instead of ``initial_state(seed)``.
    """
    if isinstance(game, str):
        game = load_game(game, **params)
    elif params:
        raise ValueError(f"game params {sorted(params)} are for a game name, not a Game value")
    return PureEngineEnv(
        game,
        player=player,
        opponents=opponents,
        render_mode=render_mode,
        fixed_start=fixed_start,
        max_steps=max_steps,
        illegal_action=illegal_action,
        illegal_penalty=illegal_penalty,
    )


class PureEngineEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a pure_engine :class:`~pure_engine.Game` behind Gymnasium's API."""

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        player: int = 0,
        opponents: Bot | Mapping[int, Bot] | None = None,
        render_mode: str | None = None,
        fixed_start: bool = False,
        max_steps: int | None = None,
        illegal_action: IllegalActionPolicy | str = IllegalActionPolicy.RAISE,
        illegal_penalty: float = -1.0,
    ) -> None:
        if not 0 <= player < game.num_players:
            raise ValueError(
                f"expected player 0..{game.num_players - 1} of {game.name}, found {player!r}"
            )
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"expected render_mode None, 'ansi' or 'human', found {render_mode!r}")
        policy = parse_enum(IllegalActionPolicy, illegal_action, what="illegal_action")
        self.game = game
        self.player = player
        self.episode = Episode(game, fixed_start=fixed_start, max_steps=max_steps)
        self.metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}
        self.render_mode = render_mode
        self.illegal_action = policy
        self._penalize = policy is IllegalActionPolicy.PENALIZE  # read once, not per step
        self.illegal_penalty = float(illegal_penalty)
        self._bots = _seat_bots(opponents, game, player)
        _refuse_a_seat_that_never_decides(game, player, fixed_start=fixed_start)
        encoding = self.episode.encoding
        low, high = encoding.observation_bounds
        self.observation_space = spaces.Box(
            low, high, shape=encoding.observation_shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(encoding.num_distinct_actions)
        self._return = 0.0
        self._decisions = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game; the game's seed comes from ``self.np_random`` (seeded by *seed*)."""
        super().reset(seed=seed)
        self.episode.start(int(self.np_random.integers(2**62)))
        self._decisions = 0
        restarted: set[int] = set()  # one bot may sit in several seats: reseed it once
        for seat in sorted(self._bots):
            bot = self._bots[seat]
            bot_seed = int(self.np_random.integers(2**62))
            if id(bot) not in restarted:
                restarted.add(id(bot))
                restart_bot(bot, bot_seed)
        self._play_others()
        self._return = self.episode.returns()[self.player]
        return self._observe(), self._info()

    def step(self, action: int | np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play *action* for the seat, then the other seats' bots until the seat decides again."""
        episode = self.episode
        if episode.is_over or episode.player != self.player:
            raise IllegalActionError(f"step({action!r}) after the game ended: call reset() first")
        if self._penalize and as_index(action) not in episode.legal_numbers():
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_penalty, False, False, info
        episode.play(action)
        self._decisions += 1
        self._play_others()
        now = episode.returns()[self.player]
        reward, self._return = now - self._return, now
        truncated = not episode.is_over and self._decisions >= episode.max_steps
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, episode.is_over, truncated, self._info()

    def _play_others(self) -> None:
        episode = self.episode
        while not episode.is_over and episode.player != self.player:
            bot = self._bots.get(episode.player)
            if bot is None:
                raise ValueError(
                    f"player {episode.player} decides in {self.game.name}, but this environment "
                    f"plays only player {self.player}: pass opponents=a bot "
                    "(pure_engine.search.bots.make_bot)"
                )
            episode.apply(choose_action(bot, self.game, episode.state))

    def _observe(self) -> Observation:
        encoding = self.episode.encoding
        tensor = np.asarray(self.episode.tensor(self.player), dtype=np.float32)
        return tensor.reshape(encoding.observation_shape)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each legal action number (all 0 once the game is over)."""
        mask = np.zeros(self.episode.encoding.num_distinct_actions, dtype=np.int8)
        if self.episode.player == self.player:
            mask[list(self.episode.legal_numbers())] = 1
        return mask

    def render(self) -> str | None:
        """The game's text rendering (``ansi``: returned; ``human``: printed)."""
        return self.episode.render_as(self.render_mode)


def restart_bot(bot: Bot, seed: int) -> None:
    """Call *bot*'s ``restart(seed=seed)``; ``restart()`` when it takes no seed; nothing when
    it has no ``restart`` hook.

    >>> from pure_engine.search.bots import RandomBot
    >>> from pure_engine.testing.toys import make_coin_guess
    >>> game = make_coin_guess()
    >>> state = game.step(game.initial_state(), 0)
    >>> bot = RandomBot(seed=0)
    >>> restart_bot(bot, 5)
    >>> bot.choose(game, state) == RandomBot(seed=5).choose(game, state)
    True
    """
    restart = getattr(bot, "restart", None)
    if restart is None:
        return
    try:
        takes_seed = "seed" in inspect.signature(restart).parameters
    except (TypeError, ValueError):  # a builtin without a signature: call it plainly
        takes_seed = False
    if takes_seed:
        restart(seed=seed)
    else:
        restart()


_PROBE_GAMES = 8
"""Seeded random games played to find the seats that decide (a seat idle in all is refused)."""


def _refuse_a_seat_that_never_decides(
    game: Game[Any, Any], player: int, *, fixed_start: bool
) -> None:
    """Raise ``ValueError`` when *player* decides in none of a few seeded random games."""
    deciders: set[int] = set()
    for probe in range(_PROBE_GAMES):
        rng = random.Random(f"pure_engine.gymnasium.probe:{probe}")
        state = game.initial_state() if fixed_start else game.initial_state(probe)
        for _ in range(100_000):
            seat = game.current_player(state)
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                state = game.step(state, game.sample_chance(state, rng))
                continue
            deciders.add(seat)
            if seat == player:
                return
            legal = game.legal_actions(state)
            state = game.step(state, legal[rng.randrange(len(legal))])
    seats = ", ".join(map(str, sorted(deciders))) or "none"
    raise ValueError(
        f"player {player} never decides in {game.name} (in none of {_PROBE_GAMES} seeded random "
        f"games): an environment for it would have nothing to step; seats that decide: {seats}"
    )


def _seat_bots(
    opponents: Bot | Mapping[int, Bot] | None, game: Game[Any, Any], player: int
) -> dict[int, Bot]:
    if opponents is None:
        return {}
    if isinstance(opponents, Mapping):
        bots = dict(opponents)
        bad = sorted(set(bots) - set(range(game.num_players)) | ({player} & set(bots)))
        if bad:
            raise ValueError(f"expected opponents for seats other than {player}, found {bad}")
        return bots
    return {seat: opponents for seat in range(game.num_players) if seat != player}


GYMNASIUM_IDS = {
    "pure_engine/FreeCell-v0": "freecell",
    "pure_engine/Patience-v0": "patience",
    "pure_engine/CrabCombat-v0": "crab_combat",
}
"""Ids whose spelling is not the game name in CamelCase (see :func:`gymnasium_id`)."""


def gymnasium_id(name: str) -> str:
    """The Gymnasium id of the registered game *name* (``pure_engine/<CamelCase>-v0``).

    >>> gymnasium_id("leduc_poker"), gymnasium_id("freecell")
    ('pure_engine/LeducPoker-v0', 'pure_engine/FreeCell-v0')
    """
    for env_id, game in GYMNASIUM_IDS.items():
        if game == name:
            return env_id
    return f"pure_engine/{''.join(part.capitalize() for part in name.split('_'))}-v0"


def register_envs() -> None:
    """Register every game in the registry with Gymnasium (done on import; idempotent).

    ``gymnasium.make(gymnasium_id(name), **params)`` then builds
    ``to_gymnasium(name, **params)``; a game registered later gets its id on
    the next call.

    >>> env = gymnasium.make("pure_engine/Patience-v0", variant="golf")
    >>> env.unwrapped.game.info.params_dict["variant"]
    'golf'
    """
    for name in list_games():
        env_id = gymnasium_id(name)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="pure_engine.interop.gymnasium_env:to_gymnasium",
                kwargs={"game": name},
            )


register_envs()
