"""Histories as integers, and a memo of what each history implies.

Small imperfect-information games (Kuhn, Leduc) are decided entirely by their
action history, chance's draws included.  Storing that history as one ``int``
keeps a state to ``(class, path, rng)``: a step is one multiply-add and one
tuple allocation, equality and hashing are integer work, and the path is the
same number in every process (the encoding is fixed, not ``hash()``).

A history ``a1, a2, ..., an`` (each action ``0 <= a < BASE - 1``) is the path
``(...((a1 + 1) * BASE + (a2 + 1)) * BASE ...) + (an + 1)``; digits are never
zero, so every history has exactly one path and the empty history is ``0``.

Whatever a game derives from a history (whose turn, the legal actions, the
returns) is a pure function of the path; :class:`NodeTable` memoises it,
building a missing node from its parent's.  The table is a cache of a pure
function held outside every state, like :func:`functools.lru_cache`.

>>> p = extend(extend(ROOT, 2), 0)
>>> p, actions_of(p)
(25, (2, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["BASE", "ROOT", "NodeTable", "actions_of", "extend"]

N = TypeVar("N")

BASE = 8
"""Digits per action: actions ``0..6`` fit."""
ROOT = 0
"""The empty history."""


def extend(path: int, action: int) -> int:
    """The path after *action* is taken."""
    return path * BASE + action + 1


def actions_of(path: int) -> tuple[int, ...]:
    """The history a path encodes, first action first.

    >>> actions_of(ROOT)
    ()
    """
    out: list[int] = []
    while path:
        out.append(path % BASE - 1)
        path //= BASE
    return tuple(reversed(out))


class NodeTable(Generic[N]):
    """``path -> node``: a memo of a game's pure per-history function.

    *advance(node, action)* builds a child node from its parent; the table
    calls it only on a miss, walking down from the nearest known ancestor.

    >>> table = NodeTable(0, lambda total, action: total + action)
    >>> table.get(extend(extend(ROOT, 3), 4)), len(table)
    (7, 3)
    """

    __slots__ = ("_advance", "table")

    def __init__(self, root: N, advance: Callable[[N, int], N]) -> None:
        self.table: dict[int, N] = {ROOT: root}
        self._advance = advance

    def get(self, path: int) -> N:
        """The node of *path*, built (and remembered) if new."""
        node = self.table.get(path)
        if node is not None:
            return node
        missing: list[int] = []
        known = path
        while known not in self.table:
            missing.append(known)
            known //= BASE
        node = self.table[known]
        for child in reversed(missing):
            node = self._advance(node, child % BASE - 1)
            self.table[child] = node
        return node

    def __len__(self) -> int:
        return len(self.table)
