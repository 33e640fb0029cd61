"""OpenSpiel's own tools on our games: IS-MCTS through ``resample_from_infostate``, pickle
round trips of games and states, and ``load_game("openspiel", ...)`` in a fresh process."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import pure_engine
from pure_engine.interop import to_openspiel

pytestmark = pytest.mark.peers

HIDDEN = ["kuhn_poker", "leduc_poker", "belote", "bridge_play"]


def _dealt(spiel_game: Any, seed: int) -> Any:
    """A state after the deal (chance resolved by a seeded generator)."""
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, weights)[0])
    return state


@pytest.mark.parametrize("name", HIDDEN)
def test_resample_from_infostate_keeps_the_players_view_and_varies_the_rest(name: str) -> None:
    spiel_game = to_openspiel(name)
    state = _dealt(spiel_game, 1)
    player = state.current_player()
    seen = state.information_state_string(player)
    worlds = set()
    for seed in range(12):
        world = state.resample_from_infostate(player, random.Random(seed).random)
        assert world.information_state_string(player) == seen
        assert world.current_player() == player and world.legal_actions() == state.legal_actions()
        worlds.add(_others_view(world, player))
    assert len(worlds) > 1  # the other hands are drawn, not copied
    again = state.resample_from_infostate(player, random.Random(3).random)
    same = state.resample_from_infostate(player, random.Random(3).random)
    assert _others_view(again, player) == _others_view(same, player)


def _others_view(state: Any, player: int) -> tuple[str, ...]:
    seats = range(state.get_game().num_players())
    return tuple(state.information_state_string(p) for p in seats if p != player)


@pytest.mark.parametrize("name", HIDDEN)
def test_openspiels_ismcts_bot_plays_our_hidden_information_games(name: str) -> None:
    spiel_game = to_openspiel(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, 2.0, 8, random_state=np.random.RandomState(0))
    state = _dealt(spiel_game, 2)
    decisions = 0
    rng = random.Random(2)
    while not state.is_terminal() and decisions < 6:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 6 or state.is_terminal()


@pytest.mark.parametrize("name", [*HIDDEN, "crab_combat"])
def test_games_and_states_pickle_by_name_params_and_history(name: str) -> None:
    spiel_game = to_openspiel(name)
    game = pickle.loads(pickle.dumps(spiel_game))
    assert str(game) == str(spiel_game)
    state = _dealt(spiel_game, 4)
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    assert copy.legal_actions() == state.legal_actions()
    assert copy.returns() == state.returns()


def test_a_game_with_params_pickles_with_its_params() -> None:
    spiel_game = to_openspiel("leduc_poker", players=3)
    copy = pickle.loads(pickle.dumps(spiel_game))
    assert copy.num_players() == 3 and str(copy) == str(spiel_game)


def test_an_unregistered_game_refuses_to_pickle_in_one_line() -> None:
    from dataclasses import replace

    from pure_engine.core.game import GameInfo

    kuhn = pure_engine.load_game("kuhn_poker")
    info: GameInfo = replace(kuhn.info, name="nobody_registered_this_kuhn")
    spiel_game = to_openspiel(replace(kuhn, info=info))
    with pytest.raises(pickle.PicklingError, match="not a registered game"):
        pickle.dumps(spiel_game)


def test_a_pickled_state_loads_in_a_fresh_process() -> None:
    state = _dealt(to_openspiel("leduc_poker"), 5)
    state.apply_action(1)
    code = (
        "import pickle, sys\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(state.history(), state.information_state_string(1))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=pickle.dumps(state),
        capture_output=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.decode().strip() == f"{state.history()} {state.information_state_string(1)}"


def test_load_game_openspiel_works_in_a_fresh_process() -> None:
    code = (
        "import pure_engine\n"
        "game = pure_engine.load_game('openspiel', game='leduc_poker', players=3)\n"
        "print(game.name, game.num_players)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, timeout=120
    )
    assert done.stdout.decode().split() == ["openspiel", "3"]


def test_cpp_cfr_on_our_kuhn_reaches_openspiels_exploitability() -> None:
    found = []
    for game in (to_openspiel("kuhn_poker"), pyspiel.load_game("kuhn_poker")):
        solver = pyspiel.CFRSolver(game)
        for _ in range(50):
            solver.evaluate_and_update_policy()
        found.append(pyspiel.exploitability(game, solver.average_policy()))
    assert found[0] == pytest.approx(found[1], abs=1e-12)
