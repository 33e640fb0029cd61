"""Exact chance draws: every outcome drawn with exactly its ``Fraction`` probability.

One way to draw, used everywhere a chance node is sampled (``Game.sample_chance``,
``Game.resolve_chance``, MCTS, the games' fast samplers): the outcomes'
probabilities become integer weights over a common denominator (a
:class:`ChanceTable`), a uniform integer below their total is drawn exactly
(by rejection, never through a float), and the outcome whose cumulative weight
first exceeds it is the draw.  The integer comes from an explicit
``random.Random`` (:func:`uniform_index`) or from the state's own counter-based
:class:`~pure_engine.core.rng.Rng` (:func:`~pure_engine.core.rng.randbelow`).

>>> from fractions import Fraction
>>> table = chance_table((("h", Fraction(1, 3)), ("t", Fraction(2, 3))))
>>> table.cumulative, table.total
((1, 3), 3)
>>> table.pick(0), table.pick(1), table.pick(2)
('h', 't', 't')
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from math import lcm
from typing import Generic, TypeVar

from pure_engine.core.rng import Rng, randbelow

__all__ = ["ChanceTable", "chance_table", "draw", "draw_from_rng", "uniform_index"]

T = TypeVar("T")


def uniform_index(rng: random.Random, n: int) -> int:
    """A uniform integer in ``range(n)``, exactly: the fewest random bits, redrawn when too big.

    What ``rng.randrange(n)`` computes, without its argument checks (this is
    the hot path of every random playout).  ``n`` must be at least 1.

    >>> rng = random.Random(5)
    >>> sorted({uniform_index(rng, 3) for _ in range(100)}), uniform_index(rng, 1)
    ([0, 1, 2], 0)
    """
    bits = (n - 1).bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


class ChanceTable(Generic[T]):
    """A chance node's outcomes as integer weights: ``cumulative[i]`` is the weight of
    outcomes ``0..i``; ``total`` (the last one) is their common denominator.

    Build it once per node (:func:`chance_table`) where a node is sampled more
    than once (MCTS keeps it in the tree).
    """

    __slots__ = ("actions", "cumulative", "total")

    def __init__(self, actions: tuple[T, ...], cumulative: tuple[int, ...]) -> None:
        self.actions = actions
        self.cumulative = cumulative
        self.total = cumulative[-1]

    def pick(self, value: int) -> T:
        """The outcome that owns *value*, a uniform integer in ``range(total)``."""
        return self.actions[bisect_right(self.cumulative, value)]

    def __repr__(self) -> str:
        return f"ChanceTable({self.actions!r}, {self.cumulative!r})"


def chance_table(outcomes: Sequence[tuple[T, Fraction]]) -> ChanceTable[T]:
    """The :class:`ChanceTable` of ``(action, Fraction)`` outcomes (they must sum to 1).

    >>> chance_table([])
    Traceback (most recent call last):
    ...
    ValueError: expected at least one chance outcome, found none
    """
    if not outcomes:
        raise ValueError("expected at least one chance outcome, found none")
    scale = lcm(*(p.denominator for _, p in outcomes))
    running, cumulative = 0, []
    for _, p in outcomes:
        running += p.numerator * (scale // p.denominator)
        cumulative.append(running)
    if running != scale:
        raise ValueError(
            f"expected chance probabilities summing to 1, found {Fraction(running, scale)}"
        )
    return ChanceTable(tuple(action for action, _ in outcomes), tuple(cumulative))


def draw(outcomes: Sequence[tuple[T, Fraction]], rng: random.Random) -> T:
    """One outcome, drawn with exactly its probability from the explicit *rng*.

    >>> from fractions import Fraction as F
    >>> rng = random.Random(0)
    >>> sorted({draw([("a", F(1, 4)), ("b", F(3, 4))], rng) for _ in range(50)})
    ['a', 'b']
    """
    table = chance_table(outcomes)
    return table.pick(uniform_index(rng, table.total))


def draw_from_rng(outcomes: Sequence[tuple[T, Fraction]], rng: Rng) -> tuple[T, Rng]:
    """One outcome, drawn with exactly its probability from an in-state :class:`Rng`;
    returns it and the advanced generator.

    >>> from fractions import Fraction as F
    >>> pick, after = draw_from_rng([("a", F(1, 3)), ("b", F(2, 3))], Rng(1))
    >>> pick in {"a", "b"}, after.counter
    (True, 1)
    """
    table = chance_table(outcomes)
    value, rng = randbelow(rng, table.total)
    return table.pick(value), rng
