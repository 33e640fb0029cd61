"""Pieces the test toy games share (tests/toys.py, tests/leduc_toy.py, tests/mcts_toys.py)."""

from __future__ import annotations

from pure_engine.core.game import GameInfo

__all__ = ["hidden_cards_info"]


def hidden_cards_info(name: str, bound: float, length: int) -> GameInfo:
    """Two players, zero-sum, returns in ``[-bound, bound]``, chance deals hidden cards.

    >>> hidden_cards_info("toy", 2.0, 3).perfect_information
    False
    """
    return GameInfo(
        name,
        2,
        -bound,
        bound,
        length,
        zero_sum=True,
        has_chance=True,
        perfect_information=False,
    )
