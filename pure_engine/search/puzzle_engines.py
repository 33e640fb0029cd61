"""The loops of the puzzle searches (:mod:`.puzzle`), one class per family of algorithm,
each over its own frontier: best-first (A*, weighted A*, greedy), blind (breadth- and
depth-first) and deepening (IDDFS, IDA*).  Each :meth:`~Engine.run` expands until it has an
outcome or until its counters' limiter says stop, and the next run resumes from the same
frontier: :class:`~pure_engine.search.puzzle.PuzzleSearch` is the public face.

>>> from pure_engine.search.puzzle_records import Counters, Problem
>>> succ = lambda n: [(d, n + d) for d in (1, 3) if n + d <= 10]
>>> engine = Blind(Problem(0, succ, lambda n: n == 10, lambda n: n, None, None), depth_first=False)
>>> verdict, path, cost = engine.run(Counters(None))
>>> verdict.value, cost
('solved', 4.0)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Hashable, Iterator
from heapq import heappop, heappush
from typing import Generic, Protocol, TypeVar, cast

from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, Verdict
from pure_engine.search.puzzle_records import Counters, Path, Problem, Step

__all__ = ["BestFirst", "Blind", "Deepening", "Engine", "Outcome"]

S = TypeVar("S")
A = TypeVar("A")

Outcome = tuple[Verdict, Path[A], float]
"""A finished search: its verdict, the solution path (``None`` unless solved), its cost."""


class Engine(Protocol[A]):
    """One algorithm's loop over its own frontier: :meth:`run` expands until an outcome
    (returned) or until the counters' limiter says stop (``None``; the next run resumes)."""

    def run(self, counters: Counters) -> Outcome[A] | None: ...


class _Entry:
    """An entry of :class:`BestFirst`'s frontier: the lowest *priority* first, then the
    deeper (larger *g*), then the first generated (*tie*, a counter: states are never
    compared).  A native record whose ``__lt__`` compares machine floats, where a tuple
    ``(priority, -g, tie, ...)`` was compared item by item through Python's rich
    comparisons (compiled, FreeCell deals 2-31: 482.5 M instructions against 525.8 M).

    An entry is also a node of the search tree: the *action* that led to its state from
    its *parent*'s, so a child costs one object, not an entry and a step of its path
    (compiled, FreeCell deals 2-31: 425.2 M against 433.7 M); :meth:`path` writes the path out."""

    def __init__(
        self,
        priority: float,
        g: float,
        tie: int,
        key: Hashable,
        state: object,
        action: object,
        parent: _Entry | None,
    ) -> None:
        self.priority = priority
        self.g = g
        self.tie = tie
        self.key = key
        self.state = state
        self.action = action
        self.parent = parent

    def path(self) -> Path[object]:
        """The actions from the start to this entry's state, as a path."""
        actions = []
        entry = self
        while entry.parent is not None:
            actions.append(entry.action)
            entry = entry.parent
        path: Path[object] = None
        for action in reversed(actions):
            path = Step(action, path)
        return path

    def __lt__(self, other: _Entry) -> bool:
        if self.priority != other.priority:
            return self.priority < other.priority
        if self.g != other.g:
            return self.g > other.g
        return self.tie < other.tie


class BestFirst(Generic[S, A]):
    """A* (*reopen*: a state reached again more cheaply is expanded again), weighted A*
    (``f = g + weight * h``) or greedy (by *h* alone)."""

    def __init__(self, problem: Problem[S, A], *, greedy: bool, reopen: bool, weight: float):
        self.problem = problem
        self.greedy = greedy
        self.reopen = reopen
        self.weight = weight
        start, heuristic = problem.start, problem.heuristic
        h0 = 0.0 if heuristic is None else heuristic(start)
        start_key = problem.key(start)
        self.best_g: dict[Hashable, float] = {start_key: 0.0}
        self.heap: list[_Entry] = []
        if h0 != math.inf:  # else a dead start: nothing to expand, the space is empty
            self.heap.append(
                _Entry(h0 if greedy else weight * h0, 0.0, 0, start_key, start, None, None)
            )
        self.tie = 1

    def run(self, counters: Counters) -> Outcome[A] | None:
        problem = self.problem
        successors, is_goal = problem.successors, problem.is_goal
        keyf, heuristic, cost = problem.key, problem.heuristic, problem.cost
        greedy, weight = self.greedy, self.weight
        best_g, heap, tie = self.best_g, self.heap, self.tie
        inf = math.inf
        # A* reopens a state reached again more cheaply (needed for optimality when the
        # heuristic is admissible but inconsistent); weighted A* and greedy expand each
        # state once, which keeps their bound (w * optimum for a consistent h) and their
        # speed: an expanded state's g becomes -inf (closed), so no later copy is ever
        # cheaper.  One dict instead of a dict and a closed set hashes each key twice less
        # (the keys are nested tuples, hashed anew at every lookup): compiled, FreeCell
        # deals 2-31 take 2592 M instructions against 2721 M with the closed set
        closed = -inf if not self.reopen else None
        exhausted = counters.limiter.exhausted
        peak = max(counters.peak, 1)
        expanded, generated, duplicates = counters.expanded, counters.generated, counters.duplicates
        try:
            while heap:
                entry = heappop(heap)
                g, k = entry.g, entry.key
                state = cast(S, entry.state)
                if best_g[k] < g:  # closed, or a cheaper copy was pushed after this one
                    duplicates += 1
                    continue
                if is_goal(state):
                    return SOLVED, cast(Path[A], entry.path()), g
                if exhausted(expanded, len(best_g)):
                    heappush(heap, entry)  # the next run starts with it
                    return None
                if closed is not None:
                    best_g[k] = closed
                expanded += 1
                for action, child in successors(state):
                    generated += 1
                    ck = keyf(child)
                    cg = g + (1.0 if cost is None else cost(state, action, child))
                    old = best_g.get(ck)
                    if old is not None and old <= cg:
                        duplicates += 1
                        continue
                    h = 0.0 if heuristic is None else heuristic(child)
                    if h == inf:
                        continue
                    best_g[ck] = cg
                    priority = h if greedy else cg + weight * h
                    heappush(heap, _Entry(priority, cg, tie, ck, child, action, entry))
                    tie += 1
                if len(heap) > peak:
                    peak = len(heap)
            return PROVED_UNSOLVABLE, None, inf
        finally:
            counters.expanded, counters.generated = expanded, generated
            counters.duplicates, counters.peak = duplicates, peak
            self.tie = tie


class Blind(Generic[S, A]):
    """BFS (a FIFO frontier) or DFS (LIFO: the first successor is explored first, or with a
    *heuristic* the most promising one, dead states pruned), each state once; the goal test
    is on generation, so BFS finds a fewest-actions solution."""

    def __init__(self, problem: Problem[S, A], *, depth_first: bool) -> None:
        self.problem = problem
        self.depth_first = depth_first
        self.seen = {problem.key(problem.start)}
        self.frontier: deque[tuple[S, float, Path[A]]] = deque([(problem.start, 0.0, None)])
        self.start_checked = False

    def run(self, counters: Counters) -> Outcome[A] | None:
        problem = self.problem
        successors, is_goal, keyf, cost = (
            problem.successors,
            problem.is_goal,
            problem.key,
            problem.cost,
        )
        depth_first = self.depth_first
        heuristic = problem.heuristic if depth_first else None  # BFS orders nothing
        if not self.start_checked:
            self.start_checked = True
            if is_goal(problem.start):
                return SOLVED, None, 0.0
        seen, frontier = self.seen, self.frontier
        take = frontier.pop if depth_first else frontier.popleft
        exhausted = counters.limiter.exhausted
        while frontier:
            entry = take()
            if exhausted(counters.expanded, len(seen)):
                # the next run starts with it
                if depth_first:
                    frontier.append(entry)
                else:
                    frontier.appendleft(entry)
                return None
            state, g, path = entry
            counters.expanded += 1
            fresh: list[tuple[S, float, Path[A]]] = []
            for action, child in successors(state):
                counters.generated += 1
                ck = keyf(child)
                if ck in seen:
                    counters.duplicates += 1
                    continue
                seen.add(ck)
                cg = g + (1.0 if cost is None else cost(state, action, child))
                if is_goal(child):
                    return SOLVED, Step(action, path), cg
                fresh.append((child, cg, Step(action, path)))
            if depth_first:  # popped last-in first-out: what should come first goes last
                if heuristic is None:
                    fresh.reverse()
                else:
                    scored = [(heuristic(entry[0]), entry) for entry in fresh]
                    scored.sort(key=lambda pair: -pair[0])  # stable: equal scores keep their order
                    fresh = [entry for h, entry in scored if h != math.inf]
            frontier.extend(fresh)
            if len(frontier) > counters.peak:
                counters.peak = len(frontier)
        return PROVED_UNSOLVABLE, None, math.inf


class _Frame(Generic[S, A]):
    """One level of an explicit depth-first stack."""

    __slots__ = ("children", "g", "key", "path", "state")

    def __init__(
        self, state: S, key: Hashable, g: float, path: Path[A], children: Iterator[tuple[A, S]]
    ) -> None:
        self.state = state
        self.key = key
        self.g = g
        self.path = path
        self.children = children


class Deepening(Generic[S, A]):
    """Iterative deepening over an explicit stack: IDDFS (*by_cost* false: the bound is the
    depth, and a state met again no shallower has nothing new below it) or IDA* (the bound
    is ``f = g + h``; a state already on the current path is a cycle, never part of a
    cheapest solution).  Each iteration raises the bound to the least value that cut
    something; an iteration that cut nothing has seen the whole space: a proof."""

    def __init__(self, problem: Problem[S, A], *, by_cost: bool) -> None:
        self.problem = problem
        self.by_cost = by_cost
        heuristic = problem.heuristic
        self.h0 = 0.0 if heuristic is None or not by_cost else heuristic(problem.start)
        self.start_key = problem.key(problem.start)
        self.bound = self.h0 if by_cost else 1.0
        self.next_bound = math.inf
        self.iterations = 0
        # IDDFS: key -> shallowest depth reached this iteration; IDA*: the keys on the path
        self.reached: dict[Hashable, int] = {}
        self.stack: list[_Frame[S, A]] = []
        # a child the limiter stopped before it was expanded: (state, key, g, path)
        self.pending: tuple[S, Hashable, float, Path[A]] | None = None

    def run(self, counters: Counters) -> Outcome[A] | None:
        problem = self.problem
        start, successors, is_goal = problem.start, problem.successors, problem.is_goal
        keyf, heuristic, cost = problem.key, problem.heuristic, problem.cost
        by_cost = self.by_cost
        inf = math.inf
        if self.h0 == inf:
            return PROVED_UNSOLVABLE, None, inf
        if is_goal(start):
            return SOLVED, None, 0.0
        exhausted = counters.limiter.exhausted
        stack, pending = self.stack, self.pending
        try:
            while True:
                if not stack and pending is None:
                    if self.iterations:  # one has ended: it proved, or the bound rises
                        if self.next_bound == inf:
                            return PROVED_UNSOLVABLE, None, inf
                        self.bound = self.next_bound
                    self.iterations += 1
                    self.reached = {self.start_key: 0}
                    self.next_bound = inf
                    counters.expanded += 1
                    stack.append(_Frame(start, self.start_key, 0.0, None, iter(successors(start))))
                reached, bound = self.reached, self.bound
                while stack or pending is not None:
                    if pending is not None:
                        if exhausted(counters.expanded, len(reached)):
                            return None
                        child, ck, cg, path = pending
                        pending = None
                        counters.expanded += 1
                        if by_cost:
                            reached[ck] = len(stack)
                        stack.append(_Frame(child, ck, cg, path, iter(successors(child))))
                        if len(stack) > counters.peak:
                            counters.peak = len(stack)
                    frame = stack[-1]
                    step = next(frame.children, None)
                    if step is None:
                        if by_cost:
                            del reached[frame.key]
                        stack.pop()
                        continue
                    action, child = step
                    counters.generated += 1
                    depth = len(stack)
                    ck = keyf(child)
                    old = reached.get(ck)
                    if old is not None and (by_cost or old <= depth):
                        counters.duplicates += 1
                        continue
                    cg = frame.g + (1.0 if cost is None else cost(frame.state, action, child))
                    if by_cost:
                        f = cg + (0.0 if heuristic is None else heuristic(child))
                        if f > bound:
                            self.next_bound = min(self.next_bound, f)
                            continue
                    else:
                        reached[ck] = depth
                    if is_goal(child):
                        return SOLVED, Step(action, frame.path), cg
                    if not by_cost and depth == bound:
                        # only a child nobody reached yet this iteration is a real cut-off;
                        # without one, the reached set is closed under successors
                        if self.next_bound == inf and any(
                            keyf(c) not in reached for _, c in successors(child)
                        ):
                            self.next_bound = bound + 1
                        continue
                    pending = (child, ck, cg, Step(action, frame.path))
        finally:
            self.pending = pending
