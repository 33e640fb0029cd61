"""The straightforward Crab Combat solutions (AoC 2020 day 22) the engine is checked and timed
against: deque decks, a set of ``(tuple, tuple)`` per game, Python recursion (PEERS.md).

Used by tests/test_crab_combat.py (differential tests) and benchmarks/bench_crab.py (the
baseline of the speed goal).
"""

from __future__ import annotations

from collections import deque

from pure_engine.games.crab_combat.solver import score

__all__ = ["combat", "recursive_combat"]

Deck = tuple[int, ...]


def recursive_combat(d1: Deck, d2: Deck) -> tuple[int, int]:
    """Part 2: (winner, score).

    >>> recursive_combat((9, 2, 6, 3, 1), (5, 8, 4, 7, 10))
    (2, 291)
    """

    def play(a: deque[int], b: deque[int]) -> int:
        seen: set[tuple[Deck, Deck]] = set()
        while a and b:
            config = (tuple(a), tuple(b))
            if config in seen:
                return 1
            seen.add(config)
            x, y = a.popleft(), b.popleft()
            if len(a) >= x and len(b) >= y:
                win = play(deque(list(a)[:x]), deque(list(b)[:y]))
            else:
                win = 1 if x > y else 2
            if win == 1:
                a.extend((x, y))
            else:
                b.extend((y, x))
        return 1 if a else 2

    a, b = deque(d1), deque(d2)
    winner = play(a, b)
    return winner, score(a if winner == 1 else b)


def combat(d1: Deck, d2: Deck) -> tuple[int, int]:
    """Part 1 on decks that do not cycle: (winner, score).

    >>> combat((9, 2, 6, 3, 1), (5, 8, 4, 7, 10))
    (2, 306)
    """
    a, b = deque(d1), deque(d2)
    while a and b:
        x, y = a.popleft(), b.popleft()
        (a if x > y else b).extend((x, y) if x > y else (y, x))
    return (1, score(a)) if a else (2, score(b))
