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
with one key must have the same :class:`Future` — who acts, the returns at the
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
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pure_engine.core.digest import digest
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.testing.check_rules import (
    CheckFailedError,
    describe,
    listed,
    unhashable_finding,
)

__all__ = [
    "DEEP_KEY_SEARCH",
    "Future",
    "KeyFinding",
    "KeySearch",
    "Root",
    "SearchStats",
    "SuccessorError",
    "future_difference",
    "future_of",
    "hashed_key",
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

    check: str
    detail: str
    root: int
    path: tuple[Any, ...]
    other: tuple[Any, ...] = ()


@dataclass(slots=True)
class Future:
    """What decides a state's next step, as far as a transposition must agree."""

    state: Any
    player: int
    choices: tuple[Any, ...]
    probabilities: tuple[Fraction, ...]
    returns: tuple[float, ...] | None
    observations: tuple[Hashable, ...] | None
    successors: dict[Hashable, Fraction] | None = None
    successor_keys: tuple[Hashable, ...] = ()


def future_of(game: Game[Any, Any], state: Any, *, observe: bool) -> Future:
    """The cheap parts of *state*'s future (no ``step`` yet).

    >>> from pure_engine import load_game
    >>> kuhn = load_game("kuhn_poker")
    >>> future_of(kuhn, kuhn.initial_state(), observe=False).choices
    (0, 1, 2)
    """
    player = game.current_player(state)
    probabilities: tuple[Fraction, ...] = ()
    if player == CHANCE:
        outcomes = game.chance_outcomes(state)
        choices = tuple(a for a, _ in outcomes)
        probabilities = tuple(p for _, p in outcomes)
    else:
        choices = game.legal_actions(state)
    returns = tuple(game.returns(state)) if player == TERMINAL else None
    observations = (
        tuple(game.observation(state, p) for p in range(game.num_players)) if observe else None
    )
    return Future(state, player, choices, probabilities, returns, observations)


def hashed_key(game: Game[Any, Any], state: Any, allowed: tuple[type, ...] = ()) -> Hashable:
    """``game.key(state)``, checked to be hashable: a mutable value in the state is a purity
    finding that names its place, anything else unhashable a key finding."""
    key = game.key(state)
    try:
        hash(key)
    except TypeError as exc:
        check, detail = unhashable_finding(state, exc, allowed)
        raise CheckFailedError(check, detail) from None
    return key


class SuccessorError(CheckFailedError):
    """A check failed in the state after *action* from *state* (met while comparing)."""

    def __init__(self, failed: CheckFailedError, state: Any, action: Any) -> None:
        super().__init__(failed.check, failed.detail)
        self.state, self.after = state, action


def _fill_successors(game: Game[Any, Any], future: Future, allowed: tuple[type, ...]) -> int:
    """Step every choice once; return how many steps that took."""
    if future.successors is not None:
        return 0
    weights = future.probabilities or (Fraction(1),) * len(future.choices)
    keys = []
    for action in future.choices:
        try:
            keys.append(hashed_key(game, game.step(future.state, action), allowed))
        except CheckFailedError as failed:
            raise SuccessorError(failed, future.state, action) from None
    successors: dict[Hashable, Fraction] = {}
    for key, weight in zip(keys, weights, strict=True):
        successors[key] = successors.get(key, Fraction(0)) + weight
    future.successors, future.successor_keys = successors, tuple(keys)
    return len(keys)


def _who(player: int) -> str:
    if player == CHANCE:
        return "chance acts"
    if player == TERMINAL:
        return "the game is over"
    return f"player {player} acts"


def _shown(game: Game[Any, Any], future: Future) -> str:
    return listed(game, future.state, future.choices)


def _unsteady(game: Game[Any, Any], future: Future) -> Any:
    """An action whose successor's key changes when it is stepped again (else None)."""
    for action, key in zip(future.choices, future.successor_keys, strict=True):
        if game.key(game.step(future.state, action)) != key:
            return action
    return None


def future_difference(
    game: Game[Any, Any], one: Future, other: Future, *, allowed: tuple[type, ...] = ()
) -> tuple[tuple[str, str] | None, int]:
    """``(check, what differs)`` between two futures (None when they agree), and the
    ``step`` calls spent.  Successors are stepped only when everything cheaper agrees;
    before successors that differ are blamed on the key, ``step`` is tried again, so a
    nondeterministic step is reported as such."""
    if one.player != other.player:
        return ("key", f"{_who(one.player)} in one and {_who(other.player)} in the other"), 0
    if one.player == TERMINAL:
        if one.returns != other.returns:
            return ("key", f"both are over, with returns {one.returns} and {other.returns}"), 0
        return None, 0
    if one.observations is not None and other.observations is not None:
        for player, (mine, theirs) in enumerate(
            zip(one.observations, other.observations, strict=True)
        ):
            if mine != theirs:
                what = (
                    f"player {player} observes {mine!r:.80} in one and {theirs!r:.80} in the "
                    "other (GameInfo.observations_in_key: equal keys promise equal observations)"
                )
                return ("key", what), 0
    spent = _fill_successors(game, one, allowed) + _fill_successors(game, other, allowed)
    if one.successors == other.successors:
        return None, spent
    for future in (one, other):
        action = _unsteady(game, future)
        spent += len(future.choices)
        if action is not None:
            what = (
                f"stepping {describe(game, future.state, action)!r} twice from the same state "
                "gave next states with different keys"
            )
            return ("determinism", what), spent
    return ("key", _successor_difference(game, one, other)), spent


def _successor_difference(game: Game[Any, Any], one: Future, other: Future) -> str:
    if one.player == CHANCE:
        return (
            "their chance outcomes lead to next states with different keys or probabilities "
            f"({_shown(game, one)} vs {_shown(game, other)})"
        )
    if set(one.choices) == set(other.choices):
        by_action = dict(zip(other.choices, other.successor_keys, strict=True))
        for action, key in zip(one.choices, one.successor_keys, strict=True):
            if key != by_action[action]:
                return (
                    f"after {describe(game, one.state, action)!r} the next states' keys differ "
                    f"({key!r:.60} vs {by_action[action]!r:.60}), and no renaming of the actions "
                    "makes all successors agree"
                )
    return (
        f"{_who(one.player)} with legal actions {_shown(game, one)} in one and "
        f"{_shown(game, other)} in the other, and no renaming of one into the other leads to "
        "next states with equal keys"
    )


class _FindingError(Exception):
    def __init__(self, check: str, detail: str, other: tuple[Any, ...] = ()) -> None:
        super().__init__(detail)
        self.check, self.detail, self.other = check, detail, other


class _SpentError(Exception):
    """The root's step budget is used up."""


class _Node:
    __slots__ = ("future", "key", "path", "state")

    def __init__(self, state: Any, path: tuple[Any, ...], key: Hashable) -> None:
        self.state = state
        self.path = path
        self.key = key
        self.future: Future | None = None


class _Neighbourhood:
    """One root's exploration: every state met, grouped by key."""

    def __init__(
        self,
        game: Game[Any, Any],
        budget: KeySearch,
        root: Root,
        observe: bool,
        allowed: tuple[type, ...],
    ) -> None:
        self.game = game
        self.budget = budget
        self.root = root
        self.observe = observe
        self.allowed = allowed
        self.table: dict[Hashable, list[_Node]] = {}
        self.memo: dict[tuple[Hashable, int], list[Any]] = {}
        self.path: tuple[Any, ...] = ()
        self.steps = 0
        self.states = 0
        self.grouped: set[Hashable] = set()
        self.canonical: set[Hashable] = set()
        self.ranks: dict[Any, int] = {}

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
            "legal_actions",
            f"{what} gives {_shown(self.game, other)} here but {_shown(self.game, one)} for an "
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
            if check == "key":
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
            finding = KeyFinding("no_crash", detail, number, area.path)
        states += area.states
        steps += area.steps
        groups += len(area.grouped)
        canonical += len(area.canonical)
        if finding is not None:
            return finding, SearchStats(number + 1, states, steps, groups, canonical)
    return None, SearchStats(len(roots), states, steps, groups, canonical)
