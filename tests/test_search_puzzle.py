"""Puzzle search: optimality against brute force, sound verdicts, budgets, the Game adapter."""

from __future__ import annotations

import heapq
import json
import math
from collections import deque
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.game import TERMINAL, Game
from pure_engine.search import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget, StopReason
from pure_engine.search.puzzle import ALGORITHMS, PuzzleResult, PuzzleSearch, search, solve
from tests.search_toys import (
    Node,
    SlideState,
    goal_board,
    is_solvable_board,
    make_graph_game,
    make_sliding_game,
    manhattan,
)

Graph = dict[int, list[tuple[int, int]]]  # node -> [(target, cost)], action = index


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Graph, int]:
    """A random weighted digraph (cycles, parallel edges, self-loops) and a goal node."""
    n = draw(st.integers(2, 9))
    edges = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(1, 5)),
            max_size=3 * n,
        )
    )
    graph: Graph = {v: [] for v in range(n)}
    for u, v, c in edges:
        graph[u].append((v, c))
    return graph, draw(st.integers(0, n - 1))


def successors_of(graph: Graph) -> Callable[[int], Iterator[tuple[int, int]]]:
    def successors(u: int) -> Iterator[tuple[int, int]]:
        for j, (v, _) in enumerate(graph[u]):
            yield j, v

    return successors


def cost_of(graph: Graph) -> Callable[[int, int, int], float]:
    def cost(u: int, j: int, v: int) -> float:
        return float(graph[u][j][1])

    return cost


def search_graph(
    case: tuple[Graph, int], *, weighted: bool = True, **options: Any
) -> PuzzleResult[int]:
    """``search`` from node 0 of *case*'s graph to its goal (the edges' costs unless not
    *weighted*: one a move), with the search *options*."""
    graph, goal = case
    cost = cost_of(graph) if weighted else None
    return search(
        0, successors=successors_of(graph), is_goal=lambda v: v == goal, cost=cost, **options
    )


def dijkstra_to(graph: Graph, goal: int) -> dict[int, float]:
    """Exact distances to *goal* (reverse Dijkstra): the optimum, and a perfect heuristic."""
    reverse: dict[int, list[tuple[int, int]]] = {v: [] for v in graph}
    for u, out in graph.items():
        for v, c in out:
            reverse[v].append((u, c))
    dist = {goal: 0.0}
    heap = [(0.0, goal)]
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        for u, c in reverse[v]:
            if d + c < dist.get(u, math.inf):
                dist[u] = d + c
                heapq.heappush(heap, (d + c, u))
    return dist


def hops_to(graph: Graph, start: int, goal: int) -> int | None:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        if u == goal:
            return seen[u]
        for v, _ in graph[u]:
            if v not in seen:
                seen[v] = seen[u] + 1
                queue.append(v)
    return None


def replay_cost(graph: Graph, start: int, actions: tuple[int, ...]) -> tuple[int, float]:
    node, total = start, 0.0
    for j in actions:
        v, c = graph[node][j]
        node, total = v, total + c
    return node, total


@given(graphs(), st.sampled_from(ALGORITHMS))
def test_every_algorithm_solves_exactly_the_reachable_goals(
    case: tuple[Graph, int], algorithm: str
) -> None:
    graph, goal = case
    result = search_graph(case, weighted=False, algorithm=algorithm)
    reachable = hops_to(graph, 0, goal) is not None
    assert result.verdict == (SOLVED if reachable else PROVED_UNSOLVABLE)
    if reachable:
        end, _ = replay_cost(graph, 0, result.actions)
        assert end == goal
        assert result.cost == len(result.actions)
    else:
        assert result.actions == () and result.cost == math.inf
    assert result.stats.stopped_by == ""


@given(graphs(), st.sampled_from(["bfs", "iddfs"]))
def test_bfs_and_iddfs_find_fewest_actions(case: tuple[Graph, int], algorithm: str) -> None:
    graph, goal = case
    result = search_graph(case, weighted=False, algorithm=algorithm)
    hops = hops_to(graph, 0, goal)
    if hops is not None:
        assert len(result.actions) == hops


@given(graphs(), st.sampled_from(["astar", "idastar"]), st.fractions(0, 1))
def test_astar_and_idastar_are_optimal_with_admissible_heuristics(
    case: tuple[Graph, int], algorithm: str, scale: Fraction
) -> None:
    graph, goal = case
    exact = dijkstra_to(graph, goal)
    # scale * exact distance is consistent; unreachable nodes are dead (inf)
    result = search_graph(
        case,
        heuristic=lambda v: float(scale) * exact[v] if v in exact else math.inf,
        algorithm=algorithm,
    )
    if 0 in exact:
        assert result.verdict == SOLVED
        end, total = replay_cost(graph, 0, result.actions)
        assert end == goal and total == result.cost == exact[0]
    else:
        assert result.verdict == PROVED_UNSOLVABLE


@given(graphs(), st.sampled_from(["astar", "idastar", "bfs", "dfs", "iddfs"]))
def test_unsolvable_is_proved_without_a_heuristic_too(
    case: tuple[Graph, int], algorithm: str
) -> None:
    graph, goal = case
    result = search_graph(case, algorithm=algorithm)
    exact = dijkstra_to(graph, goal)
    assert (result.verdict == PROVED_UNSOLVABLE) == (0 not in exact)
    if algorithm in ("astar", "idastar") and 0 in exact:
        assert result.cost == exact[0]


@given(graphs(), st.floats(1.0, 4.0))
def test_weighted_astar_is_within_its_weight_of_the_optimum(
    case: tuple[Graph, int], weight: float
) -> None:
    graph, goal = case
    exact = dijkstra_to(graph, goal)
    result = search_graph(
        case, heuristic=lambda v: exact.get(v, math.inf), algorithm="wastar", weight=weight
    )
    if 0 in exact:
        assert exact[0] <= result.cost <= weight * exact[0] + 1e-9


@given(graphs(), st.sampled_from(ALGORITHMS), st.integers(0, 6), st.integers(0, 12))
def test_a_budget_cut_never_claims_unsolvable(
    case: tuple[Graph, int], algorithm: str, nodes: int, states: int
) -> None:
    graph, goal = case
    result = search_graph(
        case, weighted=False, algorithm=algorithm, budget=Budget(nodes=nodes, states=states)
    )
    reachable = hops_to(graph, 0, goal) is not None
    if result.verdict == UNKNOWN:
        assert result.stats.stopped_by in ("nodes", "states")
    elif result.verdict == PROVED_UNSOLVABLE:
        assert not reachable and result.stats.stopped_by == ""
    else:
        assert reachable and replay_cost(graph, 0, result.actions)[0] == goal


@given(graphs(), st.sampled_from(ALGORITHMS), st.integers(1, 4), st.booleans())
def test_a_search_resumed_in_slices_answers_as_one_run(
    case: tuple[Graph, int], algorithm: str, quota: int, guided: bool
) -> None:
    """Paused every *quota* expansions and resumed, a search does exactly what one run does:
    the same verdict, solution and counts; an unknown run claims nothing."""
    graph, goal = case
    exact = dijkstra_to(graph, goal)
    options: dict[str, Any] = {"algorithm": algorithm, "cost": cost_of(graph)}
    if guided:
        options["heuristic"] = lambda v: exact.get(v, math.inf)
    whole = search(0, successors=successors_of(graph), is_goal=lambda v: v == goal, **options)
    paused = PuzzleSearch(
        0, successors=successors_of(graph), is_goal=lambda v: v == goal, **options
    )
    runs = 0
    while not paused.done:
        part = paused.run(Budget(nodes=quota))
        runs += 1
        assert part.verdict == UNKNOWN or paused.done
        if algorithm not in ("iddfs", "idastar"):  # these expand each iteration's root unasked
            assert part.stats.expanded <= runs * quota
        if not paused.done:
            assert part.stats.stopped_by == "nodes" and part.actions == ()
    assert (part.verdict, part.actions, part.cost) == (whole.verdict, whole.actions, whole.cost)
    assert (part.stats.expanded, part.stats.generated, part.stats.duplicates) == (
        whole.stats.expanded,
        whole.stats.generated,
        whole.stats.duplicates,
    )
    assert paused.run(Budget(nodes=0)) is part  # a finished search answers again, unchanged


def test_cancel_and_seconds_budgets_stop_an_endless_space() -> None:
    def successors(n: int) -> list[tuple[int, int]]:
        return [(1, n + 1), (2, n + 2)]

    calls = iter(range(10**9))
    cancelled = search(
        0,
        successors=successors,
        is_goal=lambda n: n < 0,
        algorithm="astar",
        budget=Budget(cancel=lambda: next(calls) > 100),
    )
    assert cancelled.verdict == UNKNOWN and cancelled.stats.stopped_by == "cancelled"
    for algorithm in ALGORITHMS:
        timed = search(
            0,
            successors=successors,
            is_goal=lambda n: n < 0,
            algorithm=algorithm,
            budget=Budget(seconds=0.05),
        )
        assert timed.verdict == UNKNOWN and timed.stats.stopped_by == "seconds", algorithm


def all_distances_2x3() -> dict[tuple[int, ...], int]:
    game = make_sliding_game(2, 3)
    goal = SlideState(2, 3, goal_board(2, 3))
    dist = {goal.board: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        # moves are reversible, and legal_actions is empty at the goal, so step by hand
        blank = s.board.index(0)
        for a in range(4):
            r, c = divmod(blank, 3)
            if (
                (a == 0 and r == 0)
                or (a == 1 and r == 1)
                or (a == 2 and c == 0)
                or (a == 3 and c == 2)
            ):
                continue
            t = game.step(s, a)
            if t.board not in dist:
                dist[t.board] = dist[s.board] + 1
                queue.append(t)
    return dist


DIST_2X3 = all_distances_2x3()


def test_the_2x3_puzzle_has_360_reachable_positions() -> None:
    assert len(DIST_2X3) == 360
    assert max(DIST_2X3.values()) == 21  # the known diameter of the 2x3 puzzle
    assert all(is_solvable_board(2, 3, b) for b in DIST_2X3)


@given(st.permutations(range(6)), st.sampled_from(["astar", "idastar", "bfs", "iddfs"]))
def test_solve_is_optimal_on_the_2x3_puzzle(perm: list[int], algorithm: str) -> None:
    game = make_sliding_game(2, 3)
    start = SlideState(2, 3, tuple(perm))
    if start.board not in DIST_2X3:
        return  # unsolvable boards: see the test below (IDA* there would enumerate paths)
    heuristic = manhattan if algorithm in ("astar", "idastar") else None
    result = solve(game, start, algorithm=algorithm, heuristic=heuristic)
    assert result.verdict == SOLVED
    assert len(result.actions) == result.cost == DIST_2X3[start.board]
    end = start
    for a in result.actions:
        end = game.play(end, a)
    assert game.current_player(end) == TERMINAL and game.returns(end) == (1.0,)


@pytest.mark.parametrize("algorithm", ["astar", "bfs", "dfs", "iddfs", "greedy", "wastar"])
def test_solve_proves_the_swapped_2x3_puzzle_unsolvable_after_all_360_positions(
    algorithm: str,
) -> None:
    game = make_sliding_game(2, 3)
    board = (2, 1, 3, 4, 5, 0)
    assert not is_solvable_board(2, 3, board)
    result = solve(
        game, SlideState(2, 3, board), algorithm=algorithm, heuristic=manhattan, weight=2.0
    )
    assert result.verdict == PROVED_UNSOLVABLE
    if algorithm == "iddfs":  # counts every iteration's expansions
        assert result.stats.expanded > 360
    else:  # the other parity class, every position once
        assert result.stats.expanded == 360


def test_solve_on_a_3x3_puzzle_with_a_seed_and_budget() -> None:
    game = make_sliding_game(3, 3)
    start = game.initial_state(seed=11)
    result = solve(game, start, heuristic=manhattan)
    assert result.verdict == SOLVED
    assert solve(game, start, heuristic=manhattan, algorithm="idastar").cost == result.cost
    cut = solve(game, start, heuristic=manhattan, budget=Budget(nodes=3))
    assert cut.verdict == UNKNOWN and cut.stats.expanded == 3 and cut.stats.stopped_by == "nodes"
    # a typed member whose text is what JSON shows; a complete search stopped by nothing
    assert cut.stats.stopped_by is StopReason.NODES
    assert json.dumps(cut.stats.stopped_by) == '"nodes"'
    assert result.stats.stopped_by is StopReason.NOTHING and not result.stats.stopped_by


def corridor_game() -> Game[int, int]:
    """0 -> {1, 4}; 1 -> 2 -> 3 (forced) -> goal 7; 4 -> 5 -> 6 (forced) -> dead end 8."""
    win = Node(TERMINAL, payoff=(1.0,))
    lose = Node(TERMINAL, payoff=(0.0,))
    nodes = {
        0: Node(0, (4, 1)),
        1: Node(0, (2,)),
        2: Node(0, (3,)),
        3: Node(0, (7,)),
        4: Node(0, (5,)),
        5: Node(0, (6,)),
        6: Node(0, (8,)),
        7: win,
        8: lose,
    }
    return make_graph_game(nodes, num_players=1, zero_sum=False)


def test_dominance_moves_are_applied_without_branching_and_kept_in_the_solution() -> None:
    game = corridor_game()

    def only_move(s: int) -> tuple[int, ...]:
        legal = game.legal_actions(s)
        return legal if len(legal) == 1 else ()

    plain = solve(game, 0, algorithm="bfs")
    forced = solve(game, 0, algorithm="bfs", dominance=only_move)
    assert plain.actions == forced.actions == (1, 0, 0, 0)
    assert forced.cost == 4.0
    assert forced.stats.expanded < plain.stats.expanded
    # the start itself can be settled by the hook: its forced prefix is part of the answer
    from_one = solve(game, 1, dominance=only_move)
    assert from_one.actions == (0, 0, 0) and from_one.cost == 3.0


def test_solve_rejects_chance_nodes_and_many_players() -> None:
    coin = make_graph_game(
        {0: Node(-1, (1, 1), (Fraction(1, 2), Fraction(1, 2))), 1: Node(TERMINAL, payoff=(1.0,))},
        num_players=1,
    )
    with pytest.raises(ValueError, match="chance node"):
        solve(coin, 0)
    two = make_graph_game({0: Node(TERMINAL, payoff=(1.0, -1.0))})
    with pytest.raises(ValueError, match="single-player"):
        solve(two, 0)
    assert solve(two, 0, is_goal=lambda s: True).actions == ()


def test_search_rejects_unknown_algorithms_and_bad_weights() -> None:
    with pytest.raises(ValueError, match="expected a search algorithm, one of"):
        search(0, successors=lambda n: [], is_goal=lambda n: True, algorithm="magic")
    with pytest.raises(ValueError, match="weight must be > 0"):
        search(0, successors=lambda n: [], is_goal=lambda n: True, weight=0.0)


def test_a_goal_start_is_solved_with_no_actions_by_every_algorithm() -> None:
    for algorithm in ALGORITHMS:
        result = search(
            5, successors=lambda n: [(1, n + 1)], is_goal=lambda n: n == 5, algorithm=algorithm
        )
        assert (result.verdict, result.actions, result.cost) == (SOLVED, (), 0.0)


def test_results_are_deterministic() -> None:
    game = make_sliding_game(3, 3)
    start = game.initial_state(seed=3)
    first = solve(game, start, heuristic=manhattan, algorithm="greedy")
    again = solve(game, start, heuristic=manhattan, algorithm="greedy")
    assert first.actions == again.actions and first.stats.expanded == again.stats.expanded


def test_results_read_their_verdict_as_every_solver_result_does() -> None:
    found = search(0, successors=lambda n: [(1, n + 1)] if n < 3 else [], is_goal=lambda n: n == 3)
    dead = search(0, successors=lambda n: [(1, n + 1)] if n < 3 else [], is_goal=lambda n: n == 9)
    assert (found.solved, found.proved_unsolvable) == (True, False)
    assert (dead.solved, dead.proved_unsolvable) == (False, True)
    with pytest.warns(DeprecationWarning, match="use solved"):
        assert found.is_solved
