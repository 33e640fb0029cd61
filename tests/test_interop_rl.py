"""PettingZoo and Gymnasium adapters: the libraries' own API checkers, masks, seeding, errors."""

from __future__ import annotations

import random
import warnings
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

with warnings.catch_warnings():
    # pettingzoo.test imports its connect_four example through a deprecated path
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

import pure_engine
from pure_engine import IllegalActionError, NoEncodingError
from pure_engine.interop import to_gymnasium, to_pettingzoo
from pure_engine.interop.gymnasium_env import IllegalActionPolicy, gymnasium_id
from pure_engine.search.bots import make_bot


def _bundled() -> list[str]:
    """Every game in the registry that pure_engine ships (new games are covered automatically)."""
    names = []
    for name in pure_engine.list_games(presets=False):
        try:
            game = pure_engine.load_game(name)
        except (TypeError, ValueError):  # an adapter that needs params (openspiel: game=...)
            continue
        if game.initial_state.__module__.startswith("pure_engine.games."):
            names.append(name)
    return names


BUNDLED = _bundled()
# more seats and every family of patience places, on top of each game's defaults
EXTRA_PARAMS: list[tuple[str, dict[str, Any]]] = [
    ("kuhn_poker", {"players": 3}),
    ("leduc_poker", {"players": 3}),
    ("patience", {"variant": "klondike"}),
    ("patience", {"variant": "golf"}),
    ("patience", {"variant": "flower-garden"}),
    ("coinche", {"sa_ta": True}),
]
PZ_GAMES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in BUNDLED] + EXTRA_PARAMS
GYM_GAMES = PZ_GAMES  # every seat; the other seats play make_bot("random")


def _encoded(name: str, params: dict[str, Any]) -> None:
    """Skip (naming the game) when a newly added game has no encoding yet."""
    if pure_engine.load_game(name, **params).encoding is None:
        pytest.skip(f"{name} has no Encoding yet (docs/encoding.md): its adapters cannot run")


def test_the_registry_walk_finds_the_bundled_games() -> None:
    assert {"kuhn_poker", "leduc_poker", "crab_combat", "freecell", "patience"} <= set(BUNDLED)


# PettingZoo's api_test warns about dict observations ({"observation", "action_mask"}, the
# convention of its classic card games) unless the env is one of its own, named in a list
_DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def _api_test(env: Any, cycles: int) -> None:
    with warnings.catch_warnings():
        for message in _DICT_OBSERVATION_WARNINGS:
            warnings.filterwarnings("ignore", message=message)
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize(("name", "params"), PZ_GAMES)
def test_pettingzoo_api_test_and_seed_test_pass(name: str, params: dict[str, Any]) -> None:
    _encoded(name, params)
    _api_test(to_pettingzoo(name, render_mode="ansi", **params), cycles=100)
    seed_test(lambda: to_pettingzoo(name, render_mode="ansi", **params), num_cycles=30)


def test_pettingzoo_plays_leduc_to_the_end_with_zero_sum_rewards() -> None:
    env = to_pettingzoo("leduc_poker")
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for episode in range(20):
        env.reset(seed=episode)
        rng = np.random.default_rng(episode)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            assert observation["observation"].shape == (30,)
            env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.agents == []
    assert totals["player_0"] == -totals["player_1"]
    assert totals["player_0"] != 0.0


def test_pettingzoo_observations_hide_the_other_card_and_mask_only_the_mover() -> None:
    env = to_pettingzoo("kuhn_poker")
    env.reset(seed=1)
    mover = env.observe("player_0")
    other = env.observe("player_1")
    assert mover["action_mask"].tolist() == [1, 1]
    assert other["action_mask"].tolist() == [0, 0]
    # one card bit each, each its own card: player 0's tensor never shows player 1's card
    assert mover["observation"][2:5].sum() == 1.0
    assert other["observation"][2:5].sum() == 1.0


def test_pettingzoo_refuses_an_action_outside_the_mask_in_one_line() -> None:
    env = to_pettingzoo("leduc_poker")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"action 0 of player 0 is not legal") as info:
        env.step(0)  # fold with nothing to call
    assert "\n" not in str(info.value)
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(7)
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(1.0)


def test_pettingzoo_seeded_reset_replays_the_same_deals() -> None:
    def deals(seed: int) -> list[list[float]]:
        env = to_pettingzoo("kuhn_poker")
        env.reset(seed=seed)
        out = []
        for _ in range(5):
            out.append(env.observe("player_0")["observation"].tolist())
            env.reset()
        return out

    assert deals(11) == deals(11)
    assert deals(11) != deals(12)


def test_pettingzoo_truncates_after_max_steps() -> None:
    env = to_pettingzoo("freecell", max_steps=3)
    env.reset(seed=0)
    for _ in range(3):
        observation, *_ = env.last()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    _, _, terminated, truncated, _ = env.last()
    assert truncated and not terminated


def test_a_game_without_an_encoding_is_refused_by_both_adapters() -> None:
    bare = replace(pure_engine.load_game("crab_combat"), encoding=None)
    with pytest.raises(NoEncodingError, match="has no encoding"):
        to_pettingzoo(bare)
    with pytest.raises(NoEncodingError, match="has no encoding"):
        to_gymnasium(bare)


def _decides(game: pure_engine.Game[Any, Any], seat: int) -> bool:
    """Does *seat* decide in one of a few seeded random games (bridge's dummy never does)?"""
    for seed in range(4):
        rng = random.Random(seed)
        state = game.initial_state(seed)
        for _ in range(2_000):  # a patience game may go round in circles: stop somewhere
            if game.is_terminal(state):
                break
            if game.is_chance_node(state):
                state = game.step(state, game.sample_chance(state, rng))
                continue
            if game.current_player(state) == seat:
                return True
            state = game.step(state, rng.choice(game.legal_actions(state)))
    return False


GYM_SEATS: list[tuple[str, dict[str, Any], int]] = [
    (name, params, seat)
    for name, params in GYM_GAMES
    for seat in range(pure_engine.load_game(name, **params).num_players)
]


@pytest.mark.parametrize(("name", "params", "seat"), GYM_SEATS)
def test_gymnasium_check_env_passes_on_every_seat_with_the_random_opponent(
    name: str, params: dict[str, Any], seat: int
) -> None:
    _encoded(name, params)
    _check_env_on_seat(name, params, "random", seat)


def _check_env_on_seat(name: str, params: dict[str, Any], spec: str, seat: int) -> None:
    """Gymnasium's ``check_env`` on *seat*'s env against *spec* bots (a clear error instead
    where the seat never decides)."""
    game = pure_engine.load_game(name, **params)

    def build() -> Any:
        # check_env steps with unmasked action_space.sample(): Taxi's convention (penalize);
        # gymnasium.make gives the env the spec check_env needs to try every render mode
        return gymnasium.make(
            gymnasium_id(name),
            render_mode="ansi",
            illegal_action="penalize",
            player=seat,
            opponents=make_bot(spec, game, seed=3),
            **params,
        )

    if not _decides(game, seat):
        with pytest.raises(ValueError, match=rf"player {seat} never decides in {game.name}"):
            build()
        return
    check_env(build().unwrapped)


def test_a_seeded_reset_replays_the_random_opponents_choices() -> None:
    game = pure_engine.load_game("kuhn_poker")
    env = to_gymnasium(game, opponents=make_bot("random", game, seed=3))
    outcomes = set()
    for _ in range(6):
        env.reset(seed=123)
        outcomes.add(env.step(0)[1:3])
    assert len(outcomes) == 1
    # and different seeds do reach different opponent choices
    rewards = set()
    for seed in range(30):
        env.reset(seed=seed)
        rewards.add(env.step(0)[1])
    assert len(rewards) > 1


GAME_BOTS: list[tuple[str, dict[str, Any], str]] = [
    ("belote", {}, "rules"),
    ("coinche", {}, "rules"),
    ("coinche", {"sa_ta": True}, "rules"),
    ("bridge_play", {}, "dd-pimc:worlds=3"),
    # and a short ending, where every move of the bot is a double-dummy search
    ("bridge_play", {"cards": 4}, "dd-pimc:worlds=3"),
]
GAME_BOT_SEATS: list[tuple[str, dict[str, Any], str, int]] = [
    (name, params, spec, seat)
    for name, params, spec in GAME_BOTS
    for seat in range(pure_engine.load_game(name, **params).num_players)
]


@pytest.mark.parametrize(("name", "params", "spec", "seat"), GAME_BOT_SEATS)
def test_gymnasium_check_env_passes_on_every_seat_with_the_games_own_bot(
    name: str, params: dict[str, Any], spec: str, seat: int
) -> None:
    _check_env_on_seat(name, params, spec, seat)


class _NoRestart:
    """A bot that hides its ``restart``: the env cannot reseed it."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, game: Any, state: Any) -> Any:
        return self.bot.choose(game, state)


def _first_opponent_moves(env: Any, seed: int) -> tuple[bytes, ...]:
    """The observations after a seeded reset and a few masked steps (the opponents' play)."""
    seen = []
    _, info = env.reset(seed=seed)
    for _ in range(3):
        legal = np.flatnonzero(info["action_mask"])
        if not len(legal):
            break
        observation, _, terminated, _, info = env.step(int(legal[0]))
        seen.append(observation.tobytes())
        if terminated:
            break
    return tuple(seen)


def test_a_seeded_reset_replays_dd_pimc_and_would_not_without_its_restart() -> None:
    game = pure_engine.load_game("bridge_play", cards=4)
    bot = make_bot("dd-pimc:worlds=1", game, seed=3)
    env = to_gymnasium(game, player=1, opponents=bot)
    assert len({_first_opponent_moves(env, 11) for _ in range(4)}) == 1
    hidden = to_gymnasium(game, player=1, opponents=_NoRestart(bot))
    runs = {_first_opponent_moves(hidden, 11) for _ in range(12)}
    assert len(runs) > 1  # the same seed, yet the bot's own generator ran on


def test_bridge_dummy_seat_is_refused_naming_the_seats_that_decide() -> None:
    game = pure_engine.load_game("bridge_play")
    with pytest.raises(ValueError) as caught:
        to_gymnasium(game, player=0, opponents=make_bot("random", game, seed=0))
    message = str(caught.value)
    assert "player 0 never decides in bridge_play" in message
    assert message.endswith("seats that decide: 1, 2, 3") and "\n" not in message


def test_gymnasium_check_env_passes_in_strict_mode_when_every_action_is_legal() -> None:
    env = gymnasium.make("pure_engine/CrabCombat-v0", render_mode="ansi", cards=10)
    check_env(env.unwrapped)


def test_gymnasium_plays_seat_0_of_leduc_against_a_bot() -> None:
    game = pure_engine.load_game("leduc_poker")
    env = to_gymnasium(game, opponents=make_bot("random", game, seed=3))
    total = 0.0
    for episode in range(30):
        _, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            legal = np.flatnonzero(info["action_mask"])
            _, reward, terminated, truncated, info = env.step(int(legal[-1]))
            total += reward
            assert not truncated
        assert info["action_mask"].sum() == 0
    assert total != 0.0


def test_gymnasium_names_the_missing_opponent() -> None:
    env = to_gymnasium("kuhn_poker")
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"player 1 decides in kuhn_poker.*opponents="):
        env.step(0)


def test_gymnasium_refuses_a_masked_action_or_penalizes_it_when_asked() -> None:
    strict = to_gymnasium("freecell", deal=1, fixed_start=True)
    _, info = strict.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        strict.step(illegal)
    lenient = to_gymnasium("freecell", deal=1, fixed_start=True, illegal_action="penalize")
    before, _ = lenient.reset(seed=0)
    after, reward, terminated, _, info = lenient.step(illegal)
    assert reward == -1.0 and info["illegal_action"] and not terminated
    assert np.array_equal(before, after)
    # the policy is parsed once: a member or its text, anything else refused in one line
    assert lenient.illegal_action is IllegalActionPolicy.PENALIZE
    member = to_gymnasium("freecell", deal=1, illegal_action=IllegalActionPolicy.PENALIZE)
    assert member.illegal_action is IllegalActionPolicy.PENALIZE
    with pytest.raises(ValueError, match="expected an illegal_action, one of 'raise', 'penalize'"):
        to_gymnasium("freecell", deal=1, illegal_action="ignore")


def test_gymnasium_solves_freecell_deal_1_with_the_solvers_moves() -> None:
    from pure_engine.games.patience import deals, solver, spec

    answer = solver.solve(spec.load_variant("freecell"), deals.ms_deal(1))
    env = to_gymnasium("freecell", deal=1, fixed_start=True)
    _, info = env.reset(seed=0)
    encoding = env.game.encoding
    assert encoding is not None
    total = 0.0
    terminated = False
    for move in answer.moves:
        number = encoding.action_index(env.episode.state, move)
        assert info["action_mask"][number] == 1
        _, reward, terminated, _, info = env.step(number)
        total += reward
    assert terminated and total == 1.0


def test_missing_library_is_named_with_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from pure_engine.interop import MissingExtraError

    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # an import of it now fails
    with pytest.raises(MissingExtraError, match=r"pip install 'pure-engine\[rl\]'"):
        to_pettingzoo("kuhn_poker")
