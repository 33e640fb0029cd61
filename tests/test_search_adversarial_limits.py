"""Adversarial search beyond the value: the principal variation, budgets and determinism,
the fail-soft window contract, and whole games (dice duel, tic-tac-toe, Kuhn and Leduc).
(The random games: tests/adversarial_graphs.py.)"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pure_engine
from pure_engine.core.game import TERMINAL, Game
from pure_engine.search import (
    Budget,
    alphabeta,
    expectimax,
)
from pure_engine.search.expecti import UNLIMITED, root_side_players, side_value
from tests.adversarial_graphs import (
    Tree,
    game_graphs,
    graph_game,
    make_engine,
    searches,
    seeded_graph,
)
from tests.search_toys import Node, make_dice_duel, make_graph_game, make_tictactoe

# -- principal variation ---------------------------------------------------------------


def follow(game: Game[int, int], line: Sequence[int]) -> int:
    s = 0
    for action in line:
        assert action in game.legal_actions(s)
        s = game.step(s, action)
    return s


@given(game_graphs(chance=False))
def test_the_principal_variation_reaches_a_leaf_worth_the_value(tree: Tree) -> None:
    game = graph_game(tree)
    result = alphabeta(game, 0, tt=False)
    end = follow(game, result.pv)
    assert game.is_terminal(end)
    players, _ = root_side_players(game, game.current_player(0), None)
    assert side_value(game.returns(end), players) == result.value
    assert result.pv[0] == result.action


@given(game_graphs(dag=True))
def test_the_principal_variation_is_a_legal_prefix(tree: Tree) -> None:
    game = graph_game(tree)
    for result in searches(game).values():
        follow(game, result.pv)
        assert not result.pv or result.pv[0] == result.action


# -- budgets and determinism -----------------------------------------------------------


def test_a_node_budget_gives_a_clean_partial_result() -> None:
    game = make_tictactoe()
    start = game.initial_state()
    result = alphabeta(game, start, budget=Budget(nodes=200))
    assert result.stats.stopped_by == "nodes"
    assert not result.complete
    assert result.action in game.legal_actions(start)
    assert result.stats.expanded <= 200
    assert 1 <= result.depth < 9  # the last finished iteration


def test_a_budget_cut_in_the_first_iteration_keeps_the_best_root_move_so_far() -> None:
    game = make_tictactoe()
    start = game.initial_state()
    result = alphabeta(game, start, tt=False, deepen=False, budget=Budget(nodes=50))
    assert (result.stats.stopped_by, result.complete, result.depth) == ("nodes", False, 0)
    assert result.action in game.legal_actions(start)
    nothing = alphabeta(game, start, tt=False, deepen=False, budget=Budget(nodes=1))
    assert math.isnan(nothing.value) and nothing.action == 0 and nothing.pv == ()


def test_a_cancellation_keeps_the_last_finished_iteration() -> None:
    game = make_tictactoe()
    start = game.initial_state()
    # depth 1 needs no budget poll (its children are leaves); depth 2 is cancelled
    cancelled = alphabeta(game, start, budget=Budget(cancel=lambda: True))
    assert (cancelled.stats.stopped_by, cancelled.depth, cancelled.complete) == (
        "cancelled",
        1,
        False,
    )
    assert cancelled.action in game.legal_actions(start)


def test_the_reference_reports_a_budget_cut_instead_of_raising() -> None:
    game = make_tictactoe()
    result = expectimax(game, game.initial_state(), budget=Budget(nodes=10))
    assert math.isnan(result.value) and result.stats.stopped_by == "nodes"


@given(game_graphs(dag=True), st.integers(1, 40))
def test_any_budget_gives_a_legal_move_and_a_big_one_the_exact_answer(
    tree: Tree, nodes: int
) -> None:
    game = graph_game(tree)
    cut = alphabeta(game, 0, budget=Budget(nodes=nodes))
    assert cut.action in game.legal_actions(0)
    assert cut.complete == (not cut.stats.stopped_by)
    full = alphabeta(game, 0, budget=Budget(nodes=10**6))
    assert full.value == expectimax(game, 0).value


def test_the_same_inputs_give_the_same_choice() -> None:
    game = make_tictactoe()
    s = game.step(game.initial_state(), 4)
    runs = [alphabeta(game, s, depth=4) for _ in range(3)]
    assert len({(r.action, r.value, r.pv, r.stats.expanded) for r in runs}) == 1


def test_the_move_ordering_hook_changes_the_work_not_the_answer() -> None:
    game = make_tictactoe()
    s = game.step(game.initial_state(), 0)
    plain = alphabeta(game, s, tt=False)
    reordered = alphabeta(game, s, tt=False, order=lambda state, actions: actions[::-1])
    assert plain.value == reordered.value == 0.0
    assert plain.stats.expanded != reordered.stats.expanded


def test_the_transposition_table_saves_work_on_tictactoe() -> None:
    game = make_tictactoe()
    start = game.initial_state()
    with_tt = alphabeta(game, start)
    without = alphabeta(game, start, tt=False)
    assert with_tt.value == without.value == 0.0 and with_tt.complete
    assert with_tt.stats.expanded * 4 < without.stats.expanded  # 2209 vs 10967
    assert with_tt.stats.duplicates > 0


def test_full_tictactoe_is_a_draw_and_every_first_move_is_known() -> None:
    game = make_tictactoe()
    start = game.initial_state()
    values = [alphabeta(game, game.step(start, a)).value for a in range(9)]
    assert values == [0.0] * 9  # from O's view after X's move: no first move wins


def test_bad_arguments_are_refused() -> None:
    game = make_tictactoe()
    s = game.initial_state()
    with pytest.raises(ValueError, match="expected a pruning, one of 'star1', 'star2'"):
        alphabeta(game, s, pruning="star3")
    with pytest.raises(ValueError, match="depth must be"):
        alphabeta(game, s, depth=0)


def test_a_terminal_root_has_no_action() -> None:
    game = make_graph_game({0: Node(TERMINAL, payoff=(1.0, -1.0))})
    result = alphabeta(game, 0)
    assert (result.value, result.action, result.pv, result.complete) == (1.0, None, (), True)


# -- the fail-soft contract every node obeys -------------------------------------------


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("pruning", [None, "star1", "star2"])
@pytest.mark.parametrize("dyadic", [True, False])
def test_every_window_gives_a_fail_soft_answer(
    seed: int, pruning: str | None, dyadic: bool
) -> None:
    """Below the window: an upper bound; above it: a lower bound; inside: the value.

    Probes one engine (with its table kept between calls, as a search does)
    with many windows, so a wrong bound stored in the table shows up too.
    """
    tree = seeded_graph(seed, dag=True, max_depth=5, dyadic=dyadic)
    game = graph_game(tree)
    rng = random.Random(seed)
    slack = 0.0 if dyadic else 1e-9  # sevenths are not exact in binary
    engine = make_engine(game, pruning=pruning)
    nodes = list(tree[0])
    for _ in range(60):
        node = rng.choice(nodes)
        exact = expectimax(game, node, player=game.current_player(0)).value
        # windows near the value test the boundary cases, wide ones the pruning
        offsets = (-4.0, -1.0, -0.5, -0.25, -0.125, 0.0, 0.125, 0.25, 0.5, 1.0, 4.0)
        lo, hi = sorted(exact + rng.choice(offsets) for _ in range(2))
        if lo == hi:
            hi += 0.125
        engine.limit = UNLIMITED
        v = engine.value(node, UNLIMITED, lo, hi, 0)
        if v <= lo:
            assert exact <= v + slack, (node, lo, hi)
        elif v >= hi:
            assert exact >= v - slack, (node, lo, hi)
        else:
            assert abs(exact - v) <= slack, (node, lo, hi)


def test_the_depth_says_how_far_the_search_went() -> None:
    game = make_tictactoe()
    s = game.step(game.step(game.initial_state(), 0), 4)  # 7 empty cells left
    assert expectimax(game, s).depth == alphabeta(game, s).depth == 7
    assert alphabeta(game, s, tt=False).depth == 7
    limited = alphabeta(game, s, depth=3)
    assert (limited.depth, limited.complete) == (3, False)


# -- a game with chance and transpositions ---------------------------------------------


@pytest.mark.parametrize("turns", [2, 3])
def test_dice_duel_every_search_agrees_with_expectimax(turns: int) -> None:
    game = make_dice_duel(turns=turns)
    start = game.initial_state()
    reference = expectimax(game, start)
    for pruning in (None, "star1", "star2"):
        for tt in (False, True):
            result = alphabeta(game, start, pruning=pruning, tt=tt)
            assert math.isclose(result.value, reference.value, abs_tol=1e-12), (pruning, tt)
            assert result.action == reference.action == 1  # the first player rolls
            assert result.complete
    # at a chance root the value is player 0's unless player= says otherwise
    after = game.step(game.step(start, 0), 1)  # player 0 stands; player 1 rolls ...
    assert game.is_chance_node(after)
    zero, one = alphabeta(game, after), alphabeta(game, after, player=1)
    assert zero.action is None and zero.value == alphabeta(game, after, player=0).value
    assert math.isclose(zero.value, -one.value, abs_tol=1e-12)


def test_dice_duel_the_table_and_star_pruning_save_work() -> None:
    game = make_dice_duel(turns=3)
    start = game.initial_state()
    plain = alphabeta(game, start, pruning=None, tt=False)
    star1 = alphabeta(game, start, pruning="star1", tt=False)
    tabled = alphabeta(game, start)
    assert star1.stats.expanded < plain.stats.expanded  # 25737 vs 36330
    assert tabled.stats.expanded * 10 < plain.stats.expanded  # 1619 vs 36330


# -- real card games: Kuhn and Leduc poker with every card seen ------------------------


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker"])
def test_poker_every_search_agrees_with_expectimax(name: str) -> None:
    game = pure_engine.load_game(name)
    rng = random.Random(7)
    states = [game.initial_state()]
    for _ in range(6):  # a few mid-game positions along random lines
        s = game.initial_state()
        while not game.is_terminal(s) and rng.random() < 0.8:
            if game.is_chance_node(s):
                s = game.step(s, game.sample_chance(s, rng))
            else:
                s = game.step(s, rng.choice(game.legal_actions(s)))
            if not game.is_terminal(s):
                states.append(s)
    for s in states:
        reference = expectimax(game, s)
        for pruning in (None, "star1", "star2"):
            for tt in (False, True):
                result = alphabeta(game, s, pruning=pruning, tt=tt)
                assert math.isclose(result.value, reference.value, abs_tol=1e-9), (s, pruning)
                assert result.complete
        if game.is_chance_node(s):
            assert math.isclose(alphabeta(game, s, player=1).value, -reference.value, abs_tol=1e-9)


def test_the_old_names_warn_and_run_the_one_search() -> None:
    from pure_engine.search import expectiminimax, minimax

    game = make_dice_duel(turns=2, limit=6)
    start = game.initial_state()
    with pytest.warns(DeprecationWarning, match="use alphabeta"):
        old = expectiminimax(game, start, pruning="star1")
    new = alphabeta(game, start, pruning="star1")
    assert (old.value, old.action, old.pv) == (new.value, new.action, new.pv)
    with pytest.warns(DeprecationWarning, match="use expectimax"):
        plain = minimax(game, start)
    assert (plain.value, plain.action) == (expectimax(game, start).value, new.action)
