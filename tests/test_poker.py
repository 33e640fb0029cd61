"""Kuhn poker and Leduc hold'em: exact rules, hidden information, and the OpenSpiel oracle."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pure_engine
from pure_engine import CHANCE, TERMINAL, Game, IllegalActionError, ParseError
from pure_engine.games.poker.paths import actions_of, path_of, swap_actions
from tests.random_play import random_states

POKER = ("kuhn_poker", "leduc_poker")


def _walk(game: Game[Any, int]) -> list[tuple[Any, Fraction]]:
    """Every terminal state with its reach probability under chance and a uniform policy."""
    out: list[tuple[Any, Fraction]] = []
    stack = [(game.initial_state(), Fraction(1))]
    while stack:
        state, p = stack.pop()
        player = game.current_player(state)
        if player == TERMINAL:
            out.append((state, p))
        elif player == CHANCE:
            stack.extend((game.step(state, a), p * q) for a, q in game.chance_outcomes(state))
        else:
            legal = game.legal_actions(state)
            stack.extend((game.step(state, a), p / len(legal)) for a in legal)
    return out


def test_kuhn_tree_has_openspiel_shape() -> None:
    game = pure_engine.load_game("kuhn_poker")
    leaves = _walk(game)
    # 6 deals x 5 betting sequences (pp, pbp, pbb, bp, bb)
    assert len(leaves) == 30
    assert sum(p for _, p in leaves) == 1
    outcomes = {game.returns(s) for s, _ in leaves}
    assert outcomes == {(1.0, -1.0), (-1.0, 1.0), (2.0, -2.0), (-2.0, 2.0)}


def test_leduc_tree_is_zero_sum_and_bounded() -> None:
    game = pure_engine.load_game("leduc_poker")
    leaves = _walk(game)
    assert sum(p for _, p in leaves) == 1
    assert all(sum(game.returns(s)) == 0 for s, _ in leaves)
    assert max(abs(game.returns(s)[0]) for s, _ in leaves) == 13.0
    # a checked-down game with a pair: J pairs the public J
    s = game.initial_state()
    for text in ("deal:Js", "deal:Kh", "call", "call", "deal:Jh", "call", "call"):
        s = game.play_str(s, text)
    assert game.returns(s) == (1.0, -1.0)
    # equal ranks split the pot
    s = game.initial_state()
    for text in ("deal:Qs", "deal:Qh", "raise", "call", "deal:Ks", "raise", "call"):
        s = game.play_str(s, text)
    assert game.returns(s) == (0.0, 0.0)


@pytest.mark.parametrize("name", POKER)
def test_play_refuses_illegal_and_names_legal(name: str) -> None:
    game = pure_engine.load_game(name)
    s = game.step(game.step(game.initial_state(), 0), 1)
    with pytest.raises(IllegalActionError, match=r"illegal action .*legal: "):
        game.play(s, 5)
    with pytest.raises(ParseError, match="found 'jump'"):
        game.parse_action(s, "jump")
    with pytest.raises(ValueError, match="players"):
        pure_engine.load_game(name, players=11)


@pytest.mark.parametrize("name", POKER)
@given(seed=st.integers(0, 2**32))
def test_notation_round_trips_and_observations_hide_the_opponent(name: str, seed: int) -> None:
    game = pure_engine.load_game(name)
    rng = random.Random(seed)
    for state in random_states(game, game.initial_state(), rng)[:-1]:
        if game.is_chance_node(state):
            actions = tuple(a for a, _ in game.chance_outcomes(state))
        else:
            actions = game.legal_actions(state)
        for a in actions:
            assert game.parse_action(state, game.action_to_str(state, a)) == a
        for player in (0, 1):
            other = game.resample(state, player, rng)
            assert game.observation(other, player) == game.observation(state, player)
            assert game.observation(state, player) == game.observation(state, player)
            hash(game.observation(state, player))


@given(
    actions=st.lists(st.integers(0, 14), max_size=12),
    changes=st.dictionaries(st.integers(0, 11), st.integers(0, 14)),
)
def test_swap_actions_changes_exactly_the_named_actions(
    actions: list[int], changes: dict[int, int]
) -> None:
    changes = {i: a for i, a in changes.items() if i < len(actions)}
    expected = [changes.get(i, a) for i, a in enumerate(actions)]
    swapped = swap_actions(path_of(actions, 16), changes, 16)
    assert actions_of(swapped, 16) == tuple(expected)


@pytest.mark.parametrize("players", [2, 3])
def test_kuhn_resample_deals_the_hidden_cards_uniformly(players: int) -> None:
    game = pure_engine.load_game("kuhn_poker", players=players)
    state = game.initial_state()
    for card in range(players):  # player p holds card p
        state = game.step(state, card)
    rng = random.Random(7)
    seen: dict[tuple[int, ...], int] = {}
    for _ in range(6000):
        cards = actions_of(game.resample(state, 0, rng).path)[:players]  # the deal
        assert cards[0] == 0  # player 0 keeps its own card
        seen[cards] = seen.get(cards, 0) + 1
    deals = 2 if players == 2 else 6  # the others' cards: any of the unseen ones, all orders
    assert len(seen) == deals
    assert all(abs(count - 6000 / deals) < 0.1 * 6000 / deals for count in seen.values())


@pytest.mark.parametrize("name", POKER)
def test_seeded_states_resolve_chance_identically(name: str) -> None:
    game = pure_engine.load_game(name)
    first = game.resolve_chance(game.initial_state(seed=11))
    again = game.resolve_chance(game.initial_state(seed=11))
    assert first == again
    assert first[1].rng != game.initial_state(seed=11).rng


@pytest.mark.peers
@pytest.mark.parametrize("name", POKER)
def test_identical_to_openspiel_on_random_games(name: str) -> None:
    """Identical legal actions, chance outcomes, players and returns at every step."""
    _compare_with_openspiel(name, {})


@pytest.mark.peers
@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("kuhn_poker", 3),
        ("kuhn_poker", 4),
        ("kuhn_poker", 10),  # 11 cards: actions past 6 need a wider path digit
        ("leduc_poker", 3),
        ("leduc_poker", 4),
        ("leduc_poker", 10),
    ],
)
def test_n_player_games_are_openspiels(name: str, players: int) -> None:
    _compare_with_openspiel(name, {"players": players})


def _compare_with_openspiel(name: str, params: dict[str, int]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    ours = pure_engine.load_game(name, **params)
    theirs = pyspiel.load_game(name, params)
    assert ours.info.max_game_length == theirs.max_game_length()
    assert (ours.info.min_return, ours.info.max_return) == (
        theirs.min_utility(),
        theirs.max_utility(),
    )
    rng = random.Random(2024)
    info_to_obs: dict[tuple[int, str], object] = {}
    obs_to_info: dict[object, str] = {}
    for _ in range(1500):
        state, spiel = ours.initial_state(), theirs.new_initial_state()
        while True:
            player = ours.current_player(state)
            assert player == spiel.current_player()
            assert ours.returns(state) == tuple(spiel.returns())
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = ours.chance_outcomes(state)
                assert [a for a, _ in outcomes] == [a for a, _ in spiel.chance_outcomes()]
                assert [float(p) for _, p in outcomes] == pytest.approx(
                    [p for _, p in spiel.chance_outcomes()]
                )
                assert ours.legal_actions(state) == ()
                action = ours.sample_chance(state, rng)
            else:
                assert list(ours.legal_actions(state)) == spiel.legal_actions()
                for p in range(ours.num_players):
                    info = spiel.information_state_string(p)
                    obs = ours.observation(state, p)
                    assert info_to_obs.setdefault((p, info), obs) == obs
                    assert obs_to_info.setdefault(obs, info) == info
                action = rng.choice(ours.legal_actions(state))
            state = ours.step(state, action)
            spiel.apply_action(action)
    # the observation partition equals OpenSpiel's information states, both ways
    assert len(info_to_obs) == len(obs_to_info)
