"""Adversarial search: alpha-beta and *-minimax against plain enumeration on random games.

Random game trees and DAGs with chance nodes come from hypothesis; payoffs are
small integers and (for the exact comparisons) every probability is a power
of two, so every float sum, product and quotient the searches make is exact
and "the same value" can mean ``==``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pure_engine
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.seen import TranspositionTable
from pure_engine.search import (
    AdversarialResult,
    Budget,
    alphabeta,
    expectimax,
)
from pure_engine.search._engine import Engine, Entry, Pruning
from pure_engine.search.budget import Limiter
from pure_engine.search.expecti import UNLIMITED, root_side_players, side_value
from tests.search_toys import Node, make_dice_duel, make_graph_game, make_tictactoe

Tree = tuple[dict[int, Node], int]  # nodes, number of players


@st.composite
def game_graphs(
    draw: st.DrawFn,
    *,
    players: Sequence[int] = (2,),
    chance: bool = True,
    dyadic: bool = True,
    dag: bool = False,
    max_depth: int = 4,
) -> Tree:
    """A random finite game: decision, chance and leaf nodes; shared subtrees when *dag*."""
    num_players = draw(st.sampled_from(players))
    nodes: dict[int, Node] = {}
    finished: list[int] = []

    def payoff() -> tuple[float, ...]:
        if num_players == 2:
            x = float(draw(st.integers(-8, 8)))
            return (x, -x)
        return tuple(float(draw(st.integers(-8, 8))) for _ in range(num_players))

    def probabilities() -> tuple[Fraction, ...]:
        if not dyadic:
            weights = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
            return tuple(Fraction(w, sum(weights)) for w in weights)
        probs = [Fraction(1)]
        for _ in range(draw(st.integers(0, 3))):  # split one outcome in two halves
            j = draw(st.integers(0, len(probs) - 1))
            probs[j : j + 1] = [probs[j] / 2, probs[j] / 2]
        return tuple(probs)

    def build(depth: int) -> int:
        if dag and finished and draw(st.integers(0, 3)) == 0:
            return draw(st.sampled_from(finished))
        node_id = len(nodes)
        nodes[node_id] = Node(TERMINAL)
        # leaves last: hypothesis favours early entries, and trees should have some size
        if depth >= max_depth:
            kinds = ["leaf"]
        elif depth < 2:
            kinds = ["decision", "chance", "decision", "leaf"] if chance else ["decision", "leaf"]
        else:
            kinds = ["decision", "leaf", "chance", "leaf"] if chance else ["decision", "leaf"]
        kind = draw(st.sampled_from(kinds)) if depth > 0 else "decision"
        if kind == "leaf":
            nodes[node_id] = Node(TERMINAL, payoff=payoff())
        elif kind == "decision":
            mover = draw(st.integers(0, num_players - 1))
            children = tuple(build(depth + 1) for _ in range(draw(st.integers(1, 3))))
            nodes[node_id] = Node(mover, children)
        else:
            probs = probabilities()
            children = tuple(build(depth + 1) for _ in probs)
            nodes[node_id] = Node(CHANCE, children, probs)
        finished.append(node_id)
        return node_id

    build(0)
    return nodes, num_players


def seeded_graph(
    seed: int, *, num_players: int = 2, dag: bool = False, max_depth: int = 6, dyadic: bool = True
) -> Tree:
    """A bigger random game than hypothesis likes to draw (it favours small examples).

    Built from *seed* with ``random.Random``: dozens to hundreds of nodes,
    power-of-two probabilities, integer payoffs.
    """
    rng = random.Random(seed)
    nodes: dict[int, Node] = {}
    finished: list[int] = []

    def build(depth: int) -> int:
        if dag and finished and rng.random() < 0.3:
            return rng.choice(finished)
        node_id = len(nodes)
        nodes[node_id] = Node(TERMINAL)
        roll = rng.random() if depth else 0.0
        if depth >= max_depth or roll > 0.75:
            if num_players == 2:
                x = float(rng.randint(-8, 8))
                nodes[node_id] = Node(TERMINAL, payoff=(x, -x))
            else:
                payoff = tuple(float(rng.randint(-8, 8)) for _ in range(num_players))
                nodes[node_id] = Node(TERMINAL, payoff=payoff)
        elif roll > 0.5:
            probs = [Fraction(1)]
            for _ in range(rng.randint(1, 3)):
                j = rng.randrange(len(probs))
                part = Fraction(1, 2) if dyadic else Fraction(rng.randint(1, 6), 7)
                probs[j : j + 1] = [probs[j] * part, probs[j] * (1 - part)]
            children = tuple(build(depth + 1) for _ in probs)
            nodes[node_id] = Node(CHANCE, children, tuple(probs))
        else:
            mover = rng.randrange(num_players)
            children = tuple(build(depth + 1) for _ in range(rng.randint(1, 4)))
            nodes[node_id] = Node(mover, children)
        finished.append(node_id)
        return node_id

    build(0)
    return nodes, num_players


def graph_game(tree: Tree) -> Game[int, int]:
    nodes, num_players = tree
    return make_graph_game(nodes, num_players=num_players, zero_sum=num_players == 2)


def estimate(game: Game[int, int]) -> Callable[[int], tuple[float, ...]]:
    """A deterministic in-bounds evaluation for depth-limited searches."""
    lo, hi = game.info.min_return, game.info.max_return

    def evaluate(s: int) -> tuple[float, ...]:
        return tuple(lo + ((s * (p + 3)) % 5) * (hi - lo) / 4 for p in range(game.num_players))

    return evaluate


def searches(game: Game[int, int], **kwargs: object) -> dict[str, AdversarialResult[int]]:
    """Every pruned configuration on one game, keyed by a readable name."""
    out: dict[str, AdversarialResult[int]] = {}
    for pruning in (None, "star1", "star2"):
        for tt in (False, True):
            out[f"{pruning}/tt={tt}"] = alphabeta(
                game,
                0,
                pruning=pruning,
                tt=tt,
                **kwargs,  # type: ignore[arg-type]  # the test passes only valid keywords
            )
    out["alphabeta"] = alphabeta(game, 0, **kwargs)  # type: ignore[arg-type]  # as above
    for pruning in ("star1", "star2"):
        out[f"{pruning}/deepening"] = alphabeta(
            game,
            0,
            pruning=pruning,
            deepen=True,
            **kwargs,  # type: ignore[arg-type]  # as above
        )
    return out


def make_engine(game: Game[int, int], *, pruning: str | None) -> Engine[int, int]:
    """The search machinery itself, to test the contract each node keeps."""
    players, maximizing = root_side_players(game, game.current_player(0), None)
    table: TranspositionTable[Hashable, Entry] = TranspositionTable()
    return Engine(
        game,
        players=players,
        maximizing=maximizing,
        evaluate=None,
        order=None,
        table=table,
        pruning=None if pruning is None else Pruning(pruning),
        bounds=(game.info.min_return, game.info.max_return),
        limiter=Limiter(),
    )


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
