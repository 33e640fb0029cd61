"""Single-agent puzzle search with proofs: BFS, DFS, IDDFS, A*, weighted A*, greedy, IDA*.

Two entry points:

* :func:`search` — the low-level engine over any state space given as a
  ``successors`` function (``state -> iterable of (action, next_state)``);
* :func:`solve` — adapts a single-player :class:`~pure_engine.core.game.Game`
  (transposition on ``game.key``, goal = a terminal with the best return,
  optional dominance hook of safe forced moves).

Every search returns a :class:`PuzzleResult` whose verdict separates
``solved``, ``proved_unsolvable`` (the reachable space was exhausted) and
``unknown`` (the budget ran out — nothing is claimed).

>>> def successors(n):                      # count up by 1 or 3, never past 10
...     return [(d, n + d) for d in (1, 3) if n + d <= 10]
>>> r = search(0, successors=successors, is_goal=lambda n: n == 10)
>>> r.verdict, r.actions, r.cost
(<Verdict.SOLVED: 'solved'>, (1, 3, 3, 3), 4.0)
>>> search(0, successors=successors, is_goal=lambda n: n == 11).verdict
<Verdict.PROVED_UNSOLVABLE: 'proved_unsolvable'>
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Hashable, Iterable, Iterator
from enum import StrEnum
from typing import Generic, TypeVar, assert_never

from pure_engine.core.enums import parse_enum
from pure_engine.core.game import CHANCE, Game
from pure_engine.core.struct import Struct
from pure_engine.search.budget import (
    PROVED_UNSOLVABLE,
    SOLVED,
    UNKNOWN,
    Budget,
    Limiter,
    SearchStats,
    Verdict,
)
from pure_engine.search.puzzle_engines import BestFirst, Blind, Deepening, Engine
from pure_engine.search.puzzle_records import Counters, Problem, unwind

__all__ = ["ALGORITHMS", "Algorithm", "PuzzleResult", "PuzzleSearch", "search", "solve"]

S = TypeVar("S")
A = TypeVar("A")


class Algorithm(StrEnum):
    """The search algorithms of :func:`search` and :func:`solve` (members equal their names)."""

    BFS = "bfs"
    DFS = "dfs"
    IDDFS = "iddfs"
    ASTAR = "astar"
    WASTAR = "wastar"
    GREEDY = "greedy"
    IDASTAR = "idastar"


ALGORITHMS = tuple(algorithm.value for algorithm in Algorithm)
"""The names :func:`search` and :func:`solve` accept for ``algorithm``."""


class PuzzleResult(Struct, Generic[A]):
    """What a puzzle search found.

    ``actions`` is the solution (empty unless the verdict is :data:`SOLVED`),
    ``cost`` its total cost (``math.inf`` when there is none).  ``solved`` and
    ``proved_unsolvable`` read the verdict, as on every solver's result.
    """

    verdict: Verdict
    actions: tuple[A, ...]
    cost: float
    stats: SearchStats

    @property
    def solved(self) -> bool:
        """True when a solution was found (it is in ``actions``)."""
        return self.verdict is SOLVED

    @property
    def proved_unsolvable(self) -> bool:
        """True only when the whole space was searched without a solution."""
        return self.verdict is PROVED_UNSOLVABLE

    @property
    def is_solved(self) -> bool:
        """Deprecated: :attr:`solved`."""
        warnings.warn("is_solved is deprecated: use solved", DeprecationWarning, stacklevel=2)
        return self.solved


def _identity(state: S) -> Hashable:
    return state  # states are immutable, hence hashable


def search(
    start: S,
    *,
    successors: Callable[[S], Iterable[tuple[A, S]]],
    is_goal: Callable[[S], bool],
    key: Callable[[S], Hashable] | None = None,
    heuristic: Callable[[S], float] | None = None,
    cost: Callable[[S, A, S], float] | None = None,
    algorithm: Algorithm | str = "astar",
    weight: float = 1.0,
    budget: Budget | None = None,
) -> PuzzleResult[A]:
    """Search from *start* for a state satisfying *is_goal*.

    * ``bfs`` — fewest actions; ``dfs`` — any solution, least memory per node (with a
      *heuristic*, children are explored most promising first);
    * ``iddfs`` — fewest actions, depth-first memory per iteration;
    * ``astar`` — cheapest solution when *heuristic* never overestimates
      (no heuristic: uniform-cost search); ``wastar`` — ``f = g + weight*h``,
      at most *weight* times the optimum; ``greedy`` — by *heuristic* alone;
    * ``idastar`` — A*'s optimum in memory linear in the solution depth.

    *key* maps a state to its transposition key (default: the state itself);
    *cost* gives each step's cost (default 1).  A heuristic value of
    ``math.inf`` marks a dead state: it is pruned, and the claim that it has no
    solution is the heuristic's.  The verdict is ``proved_unsolvable`` only
    when the whole reachable space was exhausted, never after a budget cut
    (IDA* and IDDFS prove it when a full iteration saw no cut-off).  One run of
    a :class:`PuzzleSearch`, which can also be paused and resumed.

    >>> succ = lambda n: [("+1", n + 1), ("*2", n * 2)] if n < 40 else []
    >>> r = search(1, successors=succ, is_goal=lambda n: n == 40, algorithm="bfs")
    >>> r.actions, r.stats.stopped_by
    (('+1', '*2', '+1', '*2', '*2', '*2'), <StopReason.NOTHING: ''>)
    >>> search(1, successors=succ, is_goal=lambda n: n == 40, budget=Budget(nodes=5)).verdict
    <Verdict.UNKNOWN: 'unknown'>
    """
    return PuzzleSearch(
        start,
        successors=successors,
        is_goal=is_goal,
        key=key,
        heuristic=heuristic,
        cost=cost,
        algorithm=algorithm,
        weight=weight,
    ).run(budget)


class PuzzleSearch(Generic[S, A]):
    """A :func:`search` that can be paused and resumed: each :meth:`run` carries on from
    where the last one stopped (the same frontier, seen set and counts), so a portfolio
    can interleave several searches of one problem, each for a quota of expansions,
    without throwing any work away.

    The arguments are :func:`search`'s, less the budget, which each run takes.  A run
    stopped by its budget answers ``unknown``; once a run answers ``solved`` or
    ``proved_unsolvable``, every later run gives that answer again without searching.

    >>> succ = lambda n: [("+1", n + 1), ("*2", n * 2)] if n < 40 else []
    >>> paused = PuzzleSearch(1, successors=succ, is_goal=lambda n: n == 37, algorithm="bfs")
    >>> first = paused.run(Budget(nodes=10))
    >>> first.verdict, first.stats.expanded, paused.done
    (<Verdict.UNKNOWN: 'unknown'>, 10, False)
    >>> second = paused.run()
    >>> second.actions, second.stats.expanded, paused.done
    (('+1', '*2', '*2', '+1', '*2', '*2', '+1'), 30, True)
    >>> second.actions == search(1, successors=succ, is_goal=lambda n: n == 37,
    ...                          algorithm="bfs").actions
    True
    """

    def __init__(
        self,
        start: S,
        *,
        successors: Callable[[S], Iterable[tuple[A, S]]],
        is_goal: Callable[[S], bool],
        key: Callable[[S], Hashable] | None = None,
        heuristic: Callable[[S], float] | None = None,
        cost: Callable[[S, A, S], float] | None = None,
        algorithm: Algorithm | str = "astar",
        weight: float = 1.0,
    ) -> None:
        chosen = parse_enum(Algorithm, algorithm, what="search algorithm")
        if not weight > 0:
            raise ValueError(f"weight must be > 0, found {weight!r}")
        problem = Problem(start, successors, is_goal, key or _identity, heuristic, cost)
        self._counters = Counters(None)
        self._seconds = 0.0
        self._last: PuzzleResult[A] | None = None
        self._engine: Engine[A]
        match chosen:
            case Algorithm.BFS | Algorithm.DFS:
                self._engine = Blind(problem, depth_first=chosen is Algorithm.DFS)
            case Algorithm.IDDFS | Algorithm.IDASTAR:
                self._engine = Deepening(problem, by_cost=chosen is Algorithm.IDASTAR)
            case Algorithm.ASTAR:
                self._engine = BestFirst(problem, greedy=False, reopen=True, weight=1.0)
            case Algorithm.WASTAR:
                self._engine = BestFirst(problem, greedy=False, reopen=False, weight=weight)
            case Algorithm.GREEDY:
                self._engine = BestFirst(problem, greedy=True, reopen=False, weight=weight)
            case _:
                assert_never(chosen)

    @property
    def done(self) -> bool:
        """True once a run has answered ``solved`` or ``proved_unsolvable``."""
        return self._last is not None and self._last.verdict is not UNKNOWN

    @property
    def expanded(self) -> int:
        """The states expanded by every run so far."""
        return self._counters.expanded

    def run(self, budget: Budget | None = None) -> PuzzleResult[A]:
        """Search on until a verdict or until *budget* runs out.  The budget is this run's:
        its ``nodes`` count this run's expansions and its ``seconds`` this run's time
        (``states`` bounds the states held, which the earlier runs' count in).  The
        statistics are those of every run so far."""
        if self._last is not None and self._last.verdict is not UNKNOWN:
            return self._last
        counters = self._counters
        if budget is not None and budget.nodes is not None:
            budget = budget.replace(nodes=counters.expanded + budget.nodes)
        counters.limiter = Limiter(budget)
        outcome = self._engine.run(counters)
        if outcome is None:
            verdict, path, total = UNKNOWN, None, math.inf
        else:
            verdict, path, total = outcome
        stats = counters.stats()
        self._seconds += stats.seconds
        actions = unwind(path) if verdict is SOLVED else ()
        self._last = PuzzleResult(
            verdict,
            actions,
            total if verdict is SOLVED else math.inf,
            stats.replace(seconds=self._seconds),
        )
        return self._last


def solve(
    game: Game[S, A],
    state: S,
    *,
    algorithm: Algorithm | str = "astar",
    heuristic: Callable[[S], float] | None = None,
    dominance: Callable[[S], tuple[A, ...]] | None = None,
    is_goal: Callable[[S], bool] | None = None,
    weight: float = 1.0,
    budget: Budget | None = None,
) -> PuzzleResult[A]:
    """Solve a deterministic single-player *game* from *state*.

    Transposition is on ``game.key``; the goal is a terminal state whose return
    is ``game.info.max_return`` unless *is_goal* says otherwise.  *dominance*
    (optional) lists safe forced moves for a state; they are played without
    branching, repeatedly until it returns ``()``, and appear in the solution.
    The cost of a solution is its number of actions, forced ones included.
    A chance node reached during the search is an error: resolve the deal first.

    >>> from pure_engine.core.game import TERMINAL
    >>> from pure_engine.testing.toys import Node, make_graph_game
    >>> maze = make_graph_game({                 # from room 0, reach the exit (4)
    ...     0: Node(0, (1, 2)), 1: Node(0, (0, 3)), 2: Node(0, (0, 3, 4)),
    ...     3: Node(TERMINAL, payoff=(0.0,)), 4: Node(TERMINAL, payoff=(1.0,)),
    ... }, num_players=1, zero_sum=False)
    >>> result = solve(maze, 0)
    >>> result.verdict, result.actions, result.cost
    (<Verdict.SOLVED: 'solved'>, (1, 2), 2.0)
    """
    if is_goal is None:
        is_goal = _winning(game)

    current_player, legal_actions, step = game.current_player, game.legal_actions, game.step
    cap = max(game.info.max_game_length, 1) + 1

    def settle(s: S) -> tuple[tuple[A, ...], S]:
        if dominance is None:
            return (), s
        forced: list[A] = []
        moves = dominance(s)
        rounds = 0
        while moves:
            for a in moves:
                s = step(s, a)
                forced.append(a)
            rounds += 1
            if rounds > cap:
                raise ValueError(
                    f"{game.name}: dominance hook kept forcing moves after {cap} rounds"
                )
            moves = dominance(s)
        return tuple(forced), s

    def successors(s: S) -> Iterator[tuple[tuple[A, ...], S]]:
        if current_player(s) == CHANCE:
            raise ValueError(
                f"{game.name}: solve met a chance node; resolve chance (the deal) before searching"
            )
        for a in legal_actions(s):
            forced, child = settle(step(s, a))
            yield (a, *forced), child

    prefix, root = settle(state)
    macro_cost = None if dominance is None else _macro_cost
    result = search(
        root,
        successors=successors,
        is_goal=is_goal,
        key=game.key,
        heuristic=heuristic,
        cost=macro_cost,
        algorithm=algorithm,
        weight=weight,
        budget=budget,
    )
    if not result.solved:
        return PuzzleResult(result.verdict, (), math.inf, result.stats)
    actions = prefix + tuple(a for macro in result.actions for a in macro)
    return PuzzleResult(result.verdict, actions, result.cost + len(prefix), result.stats)


def _winning(game: Game[S, A]) -> Callable[[S], bool]:
    """The goal of a single-player *game*: a terminal state with the best return."""
    if game.num_players != 1:
        raise ValueError(
            f"solve needs a single-player game or an is_goal, found {game.num_players} players"
        )
    best = game.info.max_return

    def reaches_best(s: S) -> bool:
        return game.is_terminal(s) and game.returns(s)[0] >= best

    return reaches_best


def _macro_cost(state: object, macro: tuple[object, ...], child: object) -> float:
    return float(len(macro))
