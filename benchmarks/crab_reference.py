"""The straightforward Crab Combat solution: the baseline of ``bench_crab`` and the tests' oracle.

Deque decks, a set of ``(tuple, tuple)`` per game and Python recursion, as
PEERS.md measures it; no shortcut, so it plays every round.  It lives here, one
copy, because the benchmark times it and ``tests/test_crab_combat.py`` checks
the engine against it (tests may import benchmarks; the library imports
neither).

>>> reference((9, 2, 6, 3, 1), (5, 8, 4, 7, 10))
(2, 291)
>>> reference((9, 2, 6, 3, 1), (5, 8, 4, 7, 10), recursive=False)
(2, 306)
"""

from __future__ import annotations

from collections import deque

from pure_engine.games.crab_combat import score

__all__ = ["reference"]

Deck = tuple[int, ...]


def reference(d1: Deck, d2: Deck, *, recursive: bool = True) -> tuple[int, int]:
    """``(winner, score)`` of Recursive Combat, or of plain Combat with ``recursive=False``.

    Plain Combat has no repetition rule: on a deal that cycles it never returns.
    """
    a, b = deque(d1), deque(d2)
    winner = _play(a, b) if recursive else _play_plain(a, b)
    return winner, score(a if winner == 1 else b)


def _play(a: deque[int], b: deque[int]) -> int:
    seen: set[tuple[Deck, Deck]] = set()
    while a and b:
        config = (tuple(a), tuple(b))
        if config in seen:
            return 1
        seen.add(config)
        x, y = a.popleft(), b.popleft()
        if len(a) >= x and len(b) >= y:
            win = _play(deque(list(a)[:x]), deque(list(b)[:y]))
        else:
            win = 1 if x > y else 2
        if win == 1:
            a.extend((x, y))
        else:
            b.extend((y, x))
    return 1 if a else 2


def _play_plain(a: deque[int], b: deque[int]) -> int:
    while a and b:
        x, y = a.popleft(), b.popleft()
        if x > y:
            a.extend((x, y))
        else:
            b.extend((y, x))
    return 1 if a else 2
