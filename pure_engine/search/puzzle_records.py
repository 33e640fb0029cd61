"""The records a puzzle search (:mod:`.puzzle`) keeps while it runs: the problem, the
solution paths, the tallies.

>>> unwind(Step(2, Step(1, None)))
(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Final, Generic, TypeVar, final

from pure_engine.core.struct import Struct
from pure_engine.search.budget import Budget, Limiter, SearchStats

__all__ = ["Counters", "HashedKey", "Path", "Problem", "Step", "unwind"]

S = TypeVar("S")
A = TypeVar("A")


class Step(Generic[A]):
    """One cell of a solution path kept as a persistent linked list (the action, and the
    path before it), so each generated node costs one small object and no parent dictionary.
    (A class rather than a recursive tuple alias: mypyc cannot compile the alias.)"""

    __slots__ = ("action", "parent")

    def __init__(self, action: A, parent: Step[A] | None) -> None:
        self.action = action
        self.parent = parent


Path = Step[A] | None


def unwind(path: Path[A]) -> tuple[A, ...]:
    """The actions of *path*, first to last."""
    out: list[A] = []
    while path is not None:
        out.append(path.action)
        path = path.parent
    out.reverse()
    return tuple(out)


@final
class HashedKey:
    """A transposition key that keeps its hash: for keys that are large nested tuples.

    A search looks a child's key up about four times (seen? record it; popped: still the
    best? close it), and Python hashes a tuple anew, every item of every nested tuple, at
    each lookup.  Wrapped, the key is hashed once, when it is made, and compared item by
    item only when the hashes match.  The hash is Python's, so the key never leaves the
    process.

    >>> a, b = HashedKey(((1, 2), (3,))), HashedKey(((1, 2), (3,)))
    >>> a == b, hash(a) == hash(b), a == HashedKey(((3,), (1, 2))), len({a, b})
    (True, True, False, 1)
    """

    def __init__(self, key: tuple[object, ...]) -> None:
        self.key: Final = key
        self.hashed: Final = hash(key)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, HashedKey) and self.hashed == other.hashed and self.key == other.key
        )

    def __repr__(self) -> str:
        return f"HashedKey({self.key!r})"


class Problem(Struct, Generic[S, A]):
    """What every search loop reads: the state space and the guidance over it."""

    start: S
    successors: Callable[[S], Iterable[tuple[A, S]]]
    is_goal: Callable[[S], bool]
    key: Callable[[S], Hashable]
    heuristic: Callable[[S], float] | None
    cost: Callable[[S, A, S], float] | None


class Counters:
    """The mutable tallies of one running search (turned into SearchStats at the end)."""

    __slots__ = ("duplicates", "expanded", "generated", "limiter", "peak")

    def __init__(self, budget: Budget | None) -> None:
        self.limiter = Limiter(budget)
        self.expanded = 0
        self.generated = 0
        self.duplicates = 0
        self.peak = 0

    def stats(self) -> SearchStats:
        """The tallies as the search's statistics."""
        return self.limiter.stats(
            expanded=self.expanded,
            generated=self.generated,
            duplicates=self.duplicates,
            peak_frontier=self.peak,
        )
