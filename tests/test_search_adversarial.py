"""Adversarial search: alpha-beta and *-minimax against plain enumeration on random games,
with partnerships and more than two players (the games: tests/adversarial_graphs.py)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.search import (
    alphabeta,
    expectimax,
)
from tests.adversarial_graphs import (
    Tree,
    estimate,
    game_graphs,
    graph_game,
    searches,
    seeded_graph,
)
from tests.search_toys import Node, make_graph_game, make_tictactoe

# -- pruned == plain -----------------------------------------------------------------


@given(game_graphs())
def test_pruned_searches_equal_expectimax_on_trees_with_chance(tree: Tree) -> None:
    game = graph_game(tree)
    reference = expectimax(game, 0)
    assert reference.complete
    for name, result in searches(game).items():
        assert (result.value, result.action) == (reference.value, reference.action), name
        assert result.complete and not result.stats.stopped_by, name


@given(game_graphs(dag=True))
def test_pruned_searches_equal_expectimax_on_dags(tree: Tree) -> None:
    game = graph_game(tree)
    reference = expectimax(game, 0)
    for name, result in searches(game).items():
        assert (result.value, result.action) == (reference.value, reference.action), name


@pytest.mark.parametrize("seed", range(40))
def test_pruned_searches_equal_expectimax_on_bigger_games(seed: int) -> None:
    for tree, dag in (
        (seeded_graph(seed, dag=seed % 2 == 1), seed % 2 == 1),
        (seeded_graph(seed, num_players=4, dag=seed % 3 == 0), seed % 3 == 0),
    ):
        game = graph_game(tree)
        sides = (0, 1, 0, 1) if tree[1] == 4 else None
        reference = expectimax(game, 0, sides=sides)
        for name, result in searches(game, sides=sides).items():
            assert (result.value, result.action) == (reference.value, reference.action), name
        depth = 1 + seed % 4
        evaluate = estimate(game)
        limited = expectimax(game, 0, depth=depth, sides=sides, evaluate=evaluate)
        for name, result in searches(game, depth=depth, sides=sides, evaluate=evaluate).items():
            if not dag:  # in a DAG a table entry may hold a deeper (better) value
                assert (result.value, result.action) == (limited.value, limited.action), name


@given(game_graphs(chance=False, dag=True))
def test_alphabeta_equals_minimax_without_chance(tree: Tree) -> None:
    game = graph_game(tree)
    reference = expectimax(game, 0)
    for tt in (False, True):
        result = alphabeta(game, 0, tt=tt)
        assert (result.value, result.action) == (reference.value, reference.action)
        assert result.stats.generated <= reference.stats.generated or tt


@given(game_graphs(max_depth=5), st.integers(1, 4))
def test_depth_limited_searches_equal_depth_limited_expectimax(tree: Tree, depth: int) -> None:
    game = graph_game(tree)
    evaluate = estimate(game)
    reference = expectimax(game, 0, depth=depth, evaluate=evaluate)
    exact = expectimax(game, 0)
    for name, result in searches(game, depth=depth, evaluate=evaluate).items():
        assert (result.value, result.action) == (reference.value, reference.action), name
        # pruning may skip every cut-off leaf; then the value is the game's exact value
        assert result.complete or not reference.complete, name
        if result.complete:
            assert result.value == exact.value, name


@given(game_graphs(dyadic=False, dag=True))
def test_pruned_searches_match_expectimax_up_to_rounding_for_any_fractions(tree: Tree) -> None:
    game = graph_game(tree)
    reference = expectimax(game, 0)
    for name, result in searches(game).items():
        assert math.isclose(result.value, reference.value, rel_tol=1e-9, abs_tol=1e-9), name


def test_star1_prunes_a_chance_node() -> None:
    half = Fraction(1, 2)
    game = make_graph_game(
        {
            0: Node(0, (1, 2)),
            1: Node(TERMINAL, payoff=(2.0, -2.0)),
            2: Node(CHANCE, (3, 4), (half, half)),
            3: Node(TERMINAL, payoff=(-4.0, 4.0)),  # with 4 at best, the flip is worth <= 0 < 2
            4: Node(1, (5, 6)),
            5: Node(TERMINAL, payoff=(4.0, -4.0)),
            6: Node(TERMINAL, payoff=(3.0, -3.0)),
        }
    )
    plain = alphabeta(game, 0, pruning=None, tt=False)
    star1 = alphabeta(game, 0, pruning="star1", tt=False)
    assert (plain.value, plain.action) == (star1.value, star1.action) == (2.0, 0)
    assert star1.stats.expanded < plain.stats.expanded  # node 4 is never expanded


def test_a_leaf_outside_the_bounds_is_refused() -> None:
    game = make_graph_game(
        {
            0: Node(CHANCE, (1, 2), (Fraction(1, 2),) * 2),
            1: Node(TERMINAL, payoff=(9.0, -9.0)),
            2: Node(TERMINAL, payoff=(0.0, 0.0)),
        }
    )
    with pytest.raises(ValueError, match="outside the bounds"):
        alphabeta(game, 0, bounds=(-1.0, 1.0))
    assert alphabeta(game, 0, bounds=(-1.0, 1.0), pruning=None).value == 4.5


# -- partnerships and perspective ------------------------------------------------------


@given(game_graphs(players=(4,), dag=True))
def test_partnerships_equal_expectimax_with_the_same_sides(tree: Tree) -> None:
    game = graph_game(tree)
    for sides in ((0, 1, 0, 1), (0, 0, 1, 1)):
        reference = expectimax(game, 0, sides=sides)
        for name, result in searches(game, sides=sides).items():
            assert (result.value, result.action) == (reference.value, reference.action), name


@given(game_graphs(players=(3,)))
def test_more_than_two_players_are_searched_paranoid(tree: Tree) -> None:
    game = graph_game(tree)
    paranoid = expectimax(game, 0, sides=lambda p: 0 if p == game.current_player(0) else 1)
    assert alphabeta(game, 0).value == paranoid.value == expectimax(game, 0).value


def test_partners_share_the_value() -> None:
    # player 0 can take 3 for itself or give partner 2 a 10: the partnership takes the 10
    game = make_graph_game(
        {
            0: Node(0, (1, 2)),
            1: Node(TERMINAL, payoff=(3.0, 0.0, 0.0, 0.0)),
            2: Node(TERMINAL, payoff=(0.0, 0.0, 10.0, 0.0)),
        },
        num_players=4,
        zero_sum=False,
    )
    assert alphabeta(game, 0).action == 0
    teamed = alphabeta(game, 0, sides=(0, 1, 0, 1))
    assert (teamed.action, teamed.value) == (1, 5.0)


def test_the_value_is_from_the_given_players_view() -> None:
    game = make_tictactoe()
    start = game.initial_state()
    s = game.step(game.step(start, 0), 4)  # X corner, O centre: X to move, a draw
    assert alphabeta(game, s).value == 0.0
    s = game.step(game.step(start, 0), 1)  # O blunders next to X's corner: X wins
    assert alphabeta(game, s).value == 1.0
    assert alphabeta(game, s, player=1).value == -1.0


def test_sides_of_the_wrong_length_are_refused() -> None:
    with pytest.raises(ValueError, match="one side per seat"):
        alphabeta(make_tictactoe(), make_tictactoe().initial_state(), sides=(0,))
