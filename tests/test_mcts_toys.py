"""The toy poker games of the MCTS tests and benchmark follow OpenSpiel's rules and encoding."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pure_engine.core.game import CHANCE, Game
from tests.leduc_toy import toy_leduc
from tests.mcts_toys import toy_kuhn


def _play_along(game: Game[Any, int], name: str, games: int, seed: int) -> int:
    """Random games played in both engines at once; returns how many steps were compared."""
    import pyspiel

    peer = pyspiel.load_game(name)
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        ours, theirs = game.initial_state(), peer.new_initial_state()
        while not theirs.is_terminal():
            assert game.current_player(ours) == theirs.current_player()
            if theirs.is_chance_node():
                outcomes = [(a, float(p)) for a, p in game.chance_outcomes(ours)]
                peer_outcomes = theirs.chance_outcomes()
                assert [a for a, _ in outcomes] == [a for a, _ in peer_outcomes]
                assert [p for _, p in outcomes] == pytest.approx([p for _, p in peer_outcomes])
                action = rng.choice([a for a, _ in outcomes])
            else:
                assert list(game.legal_actions(ours)) == theirs.legal_actions()
                action = rng.choice(game.legal_actions(ours))
            ours = game.play(ours, action)
            theirs.apply_action(action)
            compared += 1
        assert game.is_terminal(ours)
        assert list(game.returns(ours)) == theirs.returns()
    return compared


@pytest.mark.peers
@pytest.mark.parametrize(
    ("factory", "name"), [(toy_kuhn, "kuhn_poker"), (toy_leduc, "leduc_poker")]
)
def test_toy_poker_matches_openspiel_step_by_step(factory: Any, name: str) -> None:
    assert _play_along(factory(), name, games=300, seed=1) > 300


@pytest.mark.parametrize("factory", [toy_kuhn, toy_leduc])
def test_toy_poker_resample_keeps_the_observation(factory: Any) -> None:
    game = factory()
    rng = random.Random(5)
    for _ in range(200):
        state = game.initial_state()
        while not game.is_terminal(state):
            player = game.current_player(state)
            if player == CHANCE:
                state = game.step(state, game.sample_chance(state, rng))
                continue
            world = game.resample(state, player, rng)
            assert game.observation(world, player) == game.observation(state, player)
            assert game.legal_actions(world) == game.legal_actions(state)
            state = game.step(state, rng.choice(game.legal_actions(state)))
