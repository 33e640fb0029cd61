"""The ``key`` check's transposition search: do states with equal keys have equal futures?

Search merges two states whenever ``game.key`` says they are equal, so a key
that leaves out something that decides the future makes every search over the
game silently wrong.  Random play almost never reaches one key twice, so
:func:`search_transpositions` makes transpositions on purpose.  From a few
*roots* (states along the played games) it explores

* every order of the next ``window`` actions that were played there (each one
  legal when it is played: the same cards in other tricks, the same moves in
  another order), and
* every sequence of the next ``depth`` steps (all legal actions, and up to
  ``chance`` outcomes at a chance node, the same ones wherever the node recurs),

groups every state it meets by ``key`` and compares the members of each group:
equal states must list their actions in the same order, and different states
with one key must have the same future (:mod:`.check_futures`) — who acts, the returns at the
end, what each player observes (when ``GameInfo.observations_in_key`` says so),
and one level down the multiset of successor keys (with their probabilities at
chance nodes).  Comparing successor multisets rather than actions by name
accepts canonical keys, whose equal states may name their actions differently
(patience's sorted piles).

>>> from pure_engine import load_game
>>> game = load_game("patience", variant="freecell", deal=1)
>>> root = Root(game.initial_state(), game.legal_actions(game.initial_state())[:3])
>>> finding, stats = search_transpositions(game, [root], KeySearch(depth=1, steps=100))
>>> finding is None, stats.groups > 0
(True, True)
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pure_engine.core.digest import digest
from pure_engine.core.game import CHANCE, Game
from pure_engine.testing.check_futures import (
    Future,
    SuccessorError,
    future_difference,
    future_of,
    hashed_key,
)
from pure_engine.testing.check_names import Check, Checks
from pure_engine.testing.check_play import Failure, Playthrough, Run
from pure_engine.testing.check_rules import CheckFailedError, describe, listed

__all__ = [
    "DEEP_KEY_SEARCH",
    "KeyFinding",
    "KeySearch",
    "Root",
    "SearchStats",
    "search_keys",
    "search_transpositions",
]


def _count(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"KeySearch.{name}: expected an int >= 0, found {value!r}")


@dataclass(frozen=True, slots=True)
class KeySearch:
    """Budgets of the transposition search (``check_game(key_search=...)``).

    ``roots`` states are taken along the played games; from each one the search
    tries every order of the next ``window`` played actions and every sequence
    of the next ``depth`` steps (at most ``chance`` outcomes per chance node),
    and calls ``step`` at most ``steps`` times per root, comparisons included.
    The defaults keep the whole battery within twice its cost without the
    search on the bundled games; :data:`DEEP_KEY_SEARCH` is for slow runs.

    >>> KeySearch().steps
    400
    >>> KeySearch(window=-1)
    Traceback (most recent call last):
    ...
    ValueError: KeySearch.window: expected an int >= 0, found -1
    """

    roots: int = 20
    window: int = 8
    depth: int = 2
    chance: int = 3
    steps: int = 400

    def __post_init__(self) -> None:
        for name in ("roots", "window", "depth", "chance", "steps"):
            _count(name, getattr(self, name))


DEEP_KEY_SEARCH = KeySearch(roots=200, window=10, depth=3, chance=6, steps=4000)
"""Ten times the roots and steps of the default, one step deeper (``pytest --run-slow``)."""


class Root:
    """Where a neighbourhood starts: a state and the actions played after it."""

    __slots__ = ("salt", "state", "window")

    def __init__(self, state: Any, window: Sequence[Any], *, salt: int = 0) -> None:
        self.state = state
        self.window = tuple(window)
        self.salt = salt


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the search covered: states met, ``step`` calls, and equal-key groups compared.

    ``groups`` counts keys met along two or more action traces (transpositions);
    ``canonical_groups`` those of them that held states that differ but share the
    key, whose futures were compared.
    """

    roots: int = 0
    states: int = 0
    steps: int = 0
    groups: int = 0
    canonical_groups: int = 0


@dataclass(frozen=True, slots=True)
class KeyFinding:
    """A failure met by the search: the check, what differs, and the two action paths
    (actions from the root) that reach the two states; ``other`` is empty when one
    state is enough to show it (a crash, a mutable value)."""

    check: Check
    detail: str
    root: int
    path: tuple[Any, ...]
    other: tuple[Any, ...] = ()


class _FindingError(Exception):
    def __init__(self, check: Check, detail: str, other: tuple[Any, ...] = ()) -> None:
        super().__init__(detail)
        self.check, self.detail, self.other = check, detail, other


class _SpentError(Exception):
    """The root's step budget is used up."""


@dataclass(eq=False, slots=True)
class _Node:
    state: Any
    path: tuple[Any, ...]
    key: Hashable
    future: Future | None = None


@dataclass(eq=False)
class _Neighbourhood:
    """One root's exploration: every state met, grouped by key."""

    game: Game[Any, Any]
    budget: KeySearch
    root: Root
    observe: bool
    allowed: tuple[type, ...]
    table: dict[Hashable, list[_Node]] = field(default_factory=dict)
    memo: dict[tuple[Hashable, int], list[Any]] = field(default_factory=dict)
    path: tuple[Any, ...] = ()
    steps: int = 0
    states: int = 0
    grouped: set[Hashable] = field(default_factory=set)
    canonical: set[Hashable] = field(default_factory=set)
    ranks: dict[Any, int] = field(default_factory=dict)

    # -- game calls, with the path of the state they are about (for findings) ----------
    def step(self, node: _Node, action: Any) -> Any:
        if self.steps >= self.budget.steps:
            raise _SpentError
        self.steps += 1
        self.path = (*node.path, action)
        return self.game.step(node.state, action)

    def key(self, state: Any) -> Hashable:
        return hashed_key(self.game, state, self.allowed)

    def future(self, node: _Node) -> Future:
        if node.future is None:
            self.path = node.path
            node.future = future_of(self.game, node.state, observe=False)
        return node.future

    def observed(self, node: _Node) -> Future:
        future = self.future(node)
        if self.observe and future.observations is None:
            self.path = node.path
            game = self.game
            future.observations = tuple(
                game.observation(node.state, p) for p in range(game.num_players)
            )
        return future

    # -- grouping ---------------------------------------------------------------------
    def visit(self, state: Any, path: tuple[Any, ...]) -> tuple[_Node, bool]:
        """Group *state* by key; return its node and whether the state is new."""
        self.path = path
        key = self.key(state)
        self.states += 1
        nodes = self.table.get(key)
        if nodes is None:
            node = _Node(state, path, key)
            self.table[key] = [node]
            return node, True
        for known in nodes:
            if known.path == path:
                return known, False  # met again by the same actions (reorder, then broaden)
        self.grouped.add(key)
        for known in nodes:
            if known.state == state:
                self.same_order(known, _Node(state, path, key))
                return known, False
        node = _Node(state, path, key)
        self.compare(nodes[0], node)
        self.canonical.add(key)
        if len(nodes) < 4:
            nodes.append(node)
        return node, True

    def same_order(self, first: _Node, again: _Node) -> None:
        """Equal states list their actions (chance outcomes) in the same order."""
        one, other = self.future(first), self.future(again)
        if one.choices == other.choices and one.probabilities == other.probabilities:
            return
        what = "chance_outcomes" if one.player == CHANCE else "legal_actions"
        self.path = again.path
        raise _FindingError(
            Checks.LEGAL_ACTIONS,
            f"{what} gives {listed(self.game, other.state, other.choices)} here but "
            f"{listed(self.game, one.state, one.choices)} for an "
            "equal state reached in another order: the order must depend on the state only",
            first.path,
        )

    def compare(self, first: _Node, other: _Node) -> None:
        one, two = self.observed(first), self.observed(other)
        self.path = other.path
        try:
            difference, spent = future_difference(self.game, one, two, allowed=self.allowed)
        except SuccessorError as failed:
            node = first if failed.state is first.state else other
            self.path = (*node.path, failed.after)
            raise _FindingError(failed.check, failed.detail) from None
        self.steps += spent
        if difference is not None:
            check, what = difference
            if check is Checks.KEY:
                what = f"states with the same key have different futures: {what}"
            raise _FindingError(check, what, first.path)

    # -- exploration ------------------------------------------------------------------
    def explore(self) -> None:
        root, _ = self.visit(self.root.state, ())
        with contextlib.suppress(_SpentError):
            self.reorder(root, 0, limit=self.budget.steps // 2)
        self.broaden(root)

    def reorder(self, node: _Node, used: int, *, limit: int) -> None:
        """Every order of the window's actions, each legal when played (depth first)."""
        window = self.root.window
        legal = set(self.future(node).choices)
        tried: set[Any] = set()
        for index, action in enumerate(window):
            if used >> index & 1 or action in tried:
                continue
            tried.add(action)
            if action not in legal:
                continue
            if self.steps >= limit:
                raise _SpentError
            after = self.step(node, action)
            child, _ = self.visit(after, (*node.path, action))
            mask = used | 1 << index
            seen = self.memo.setdefault((child.key, mask), [])
            if any(other == after for other in seen):
                continue  # this state with these actions left: explored already
            seen.append(after)
            self.reorder(child, mask, limit=limit)

    def broaden(self, root: _Node) -> None:
        """Every sequence of the next ``depth`` steps (breadth first, within the budget)."""
        frontier = [root]
        for _ in range(self.budget.depth):
            following: list[_Node] = []
            for node in frontier:
                for action in self.branches(node):
                    try:
                        after = self.step(node, action)
                    except _SpentError:
                        return
                    child, new = self.visit(after, (*node.path, action))
                    if new:
                        following.append(child)
            frontier = following

    def branches(self, node: _Node) -> tuple[Any, ...]:
        future = self.future(node)
        if future.player != CHANCE:
            return future.choices
        ranked = sorted(future.choices, key=self.rank)
        return tuple(ranked[: self.budget.chance])

    def rank(self, action: Any) -> int:
        """A stable pseudo-random rank: the same outcomes are expanded wherever a chance
        node recurs (so transpositions meet), different ones from root to root."""
        rank = self.ranks.get(action)
        if rank is None:
            try:
                rank = digest((self.root.salt, action))
            except TypeError:
                rank = len(self.ranks)
            self.ranks[action] = rank
        return rank


def search_transpositions(
    game: Game[Any, Any],
    roots: Sequence[Root],
    budget: KeySearch,
    *,
    observe: bool = False,
    allowed: tuple[type, ...] = (),
) -> tuple[KeyFinding | None, SearchStats]:
    """Explore each root's neighbourhood; return the first finding (or None) and the stats.

    *observe* compares every player's observation too (``GameInfo.observations_in_key``);
    *allowed* are the caller's extra immutable types (for naming a mutable value).
    """
    states = steps = groups = canonical = 0
    for number, root in enumerate(roots):
        area = _Neighbourhood(game, budget, root, observe, allowed)
        finding: KeyFinding | None = None
        try:
            area.explore()
        except _FindingError as found:
            finding = KeyFinding(found.check, found.detail, number, area.path, found.other)
        except CheckFailedError as failed:
            finding = KeyFinding(failed.check, failed.detail, number, area.path)
        except _SpentError:
            pass
        except Exception as exc:  # noqa: BLE001 - a crash in a state reached by another order
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            detail = (
                f"{type(exc).__name__}: {exc} (raised at {Path(frame.filename).name}:"
                f"{frame.lineno}, in a state the key check's search reached)"
            )
            finding = KeyFinding(Checks.NO_CRASH, detail, number, area.path)
        states += area.states
        steps += area.steps
        groups += len(area.grouped)
        canonical += len(area.canonical)
        if finding is not None:
            return finding, SearchStats(number + 1, states, steps, groups, canonical)
    return None, SearchStats(len(roots), states, steps, groups, canonical)


_GOLDEN = 0.6180339887498949  # spreads root positions evenly over each game


def _roots(played: Sequence[Playthrough], budget: KeySearch) -> list[tuple[Playthrough, int]]:
    """Where the search starts: *budget.roots* positions, round-robin over the games and
    spread along each one (a low-discrepancy sequence, so reproducible)."""
    games = [trace for trace in played if trace.actions]
    chosen: list[tuple[Playthrough, int]] = []
    for number in range(budget.roots if games else 0):
        trace = games[number % len(games)]
        fraction = (number * _GOLDEN + 0.5 / len(games)) % 1.0
        chosen.append((trace, int(fraction * len(trace.actions))))
    return chosen


def _path_notes(game: Game[Any, Any], state: Any, path: Sequence[Any]) -> list[str]:
    """The notation of *path* played from *state* (as far as the game lets it be played)."""
    notes: list[str] = []
    for action in path:
        notes.append(describe(game, state, action))
        try:
            state = game.step(state, action)
        except Exception:  # noqa: BLE001 - the crash itself is the finding being reported
            break
    return notes


def search_keys(
    run: Run, played: Sequence[Playthrough], budget: KeySearch
) -> tuple[Failure | None, SearchStats]:
    """The search over *played* games as check_game runs it: a finding becomes a
    :class:`Failure` whose trace runs from the initial state, with the other order."""
    game = run.game
    places = _roots(played, budget)
    roots = [
        Root(trace.states[at], trace.actions[at : at + budget.window], salt=number)
        for number, (trace, at) in enumerate(places)
    ]
    observe = game.info.observations_in_key
    found, stats = search_transpositions(game, roots, budget, observe=observe, allowed=run.allowed)
    if found is None:
        return None, stats
    trace, at = places[found.root]
    start = trace.states[at]
    before = list(trace.notes[:at])
    mine = _path_notes(game, start, found.path)
    notes = tuple(before + mine)
    if not found.other:
        return Failure(found.check, found.detail, len(notes), notes, trace.seed), stats
    theirs = _path_notes(game, start, found.other)
    common = 0
    while common < min(len(mine), len(theirs)) and mine[common] == theirs[common]:
        common += 1
    ancestor = " ".join(before + mine[:common]) or "(the initial state)"
    detail = (
        f"{found.detail}\n"
        f"  from the common ancestor at step {at + common} (after {ancestor}):\n"
        f"    this state is reached by  {' '.join(mine[common:]) or '(no action)'}\n"
        f"    the other by              {' '.join(theirs[common:]) or '(no action)'}"
    )
    return Failure(
        found.check, detail, len(notes), notes, trace.seed, other_trace=tuple(before + theirs)
    ), stats
