"""Encodings: how a game looks to tensor-based learners.

Reinforcement-learning libraries (PettingZoo, Gymnasium) and OpenSpiel's
algorithms see a game through fixed-size numeric observations and actions
numbered ``0..N-1``.  A game opts in by giving its :class:`~pure_engine.core.game.Game`
an :class:`Encoding` (``Game(..., encoding=Encoding(...))``); the adapters in
:mod:`pure_engine.interop` refuse a game without one, in one line
(:func:`~pure_engine.core.game.encoding_of`).  The names
follow OpenSpiel's (``observation_tensor``, ``num_distinct_actions``,
``max_chance_outcomes``).

The contract (checked by :func:`pure_engine.testing.check_encoding`):

* ``observation_tensor(state, player)`` is a flat sequence of
  ``prod(observation_shape)`` numbers, row-major, each within
  ``observation_bounds``, and a function of ``observation(state, player)``
  alone: it never shows what that player may not see;
* ``action_index(state, action)`` numbers every legal action of a decision
  node in ``0..num_distinct_actions-1`` (distinct actions, distinct numbers),
  and ``index_action(state, index)`` is its inverse.  The same number should
  mean the same action in every state, as in OpenSpiel: a policy network's
  output unit then always means one thing;
* at chance nodes, when ``max_chance_outcomes > 0``, the outcomes are numbered
  ``0..max_chance_outcomes-1`` the same way (OpenSpiel needs that; PettingZoo
  and Gymnasium resolve chance inside the environment and do not).

>>> enc = Encoding(
...     observation_shape=(3,),
...     observation_tensor=lambda state, player: one_hot(state, 3),
...     num_distinct_actions=2,
...     action_index=same_index,
...     index_action=same_action,
... )
>>> enc.observation_size, enc.observation_tensor(1, 0), enc.index_action(0, enc.action_index(0, 1))
(3, [0.0, 1.0, 0.0], 1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

__all__ = ["Encoding", "one_hot", "same_action", "same_index"]

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Encoding(Generic[S, A]):
    """Fixed-size observation tensors and numbered actions for one game (see the module doc)."""

    observation_shape: tuple[int, ...]
    """The tensor's shape; ``observation_tensor`` returns it flattened, row-major."""
    observation_tensor: Callable[[S, int], Sequence[float]]
    """``(state, player) -> numbers``: what *player* observes, as ``prod(shape)`` numbers."""
    num_distinct_actions: int
    """How many action numbers there are: decision actions are ``0..num_distinct_actions-1``."""
    action_index: Callable[[S, A], int]
    """``(state, action) -> number``: the number of a legal action (or chance outcome)."""
    index_action: Callable[[S, int], A]
    """``(state, number) -> action``: the inverse of ``action_index`` at that state."""
    max_chance_outcomes: int = 0
    """How many chance outcome numbers there are (0: chance outcomes are not numbered)."""
    observation_bounds: tuple[float, float] = (0.0, 1.0)
    """Every number of every tensor lies in ``[low, high]`` (the adapters' ``Box`` bounds)."""

    def __post_init__(self) -> None:
        shape = self.observation_shape
        if not shape or any(isinstance(d, bool) or not isinstance(d, int) or d < 1 for d in shape):
            raise ValueError(f"expected observation_shape of positive ints, found {shape!r}")
        if self.num_distinct_actions < 1:
            raise ValueError(
                f"expected num_distinct_actions >= 1, found {self.num_distinct_actions!r}"
            )
        if self.max_chance_outcomes < 0:
            raise ValueError(
                f"expected max_chance_outcomes >= 0, found {self.max_chance_outcomes!r}"
            )
        low, high = self.observation_bounds
        if not low <= high:
            raise ValueError(f"expected observation_bounds (low, high), found {(low, high)!r}")

    @property
    def observation_size(self) -> int:
        """How many numbers one observation tensor holds: the product of the shape."""
        return math.prod(self.observation_shape)


def one_hot(index: int | None, size: int) -> list[float]:
    """A list of *size* zeros with a one at *index* (all zeros when *index* is ``None``).

    >>> one_hot(2, 4), one_hot(None, 2)
    ([0.0, 0.0, 1.0, 0.0], [0.0, 0.0])
    """
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def same_index(state: Any, action: int) -> int:
    """``action_index`` for games whose actions already are the numbers ``0..N-1``.

    >>> same_index(None, 4)
    4
    """
    return action


def same_action(state: Any, index: int) -> int:
    """``index_action`` for games whose actions already are the numbers ``0..N-1``.

    >>> same_action(None, 4)
    4
    """
    return index
