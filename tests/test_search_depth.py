"""The recursive searches' depth guard: a line deeper than MAX_PLIES stops the search cleanly.

Compiled recursion does not check Python's recursion limit, so alpha-beta and expectimax
check an explicit limit themselves: both builds stop at the same node, with the stop reason
``"recursion"``, never with a crash of the interpreter.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.search import alphabeta, expectimax
from pure_engine.search.expecti import MAX_PLIES
from tests.search_toys import Node, make_graph_game


def test_a_line_deeper_than_the_stack_stops_cleanly() -> None:
    length = 5000  # decision plies in a row: far past Python's recursion limit
    nodes = {i: Node(i % 2, (i + 1,)) for i in range(length)}
    nodes[length] = Node(TERMINAL, payoff=(1.0, -1.0))
    game = make_graph_game(nodes)
    for tt in (False, True):
        result = alphabeta(game, 0, tt=tt)
        assert (result.stats.stopped_by, result.complete, result.action) == ("recursion", False, 0)
    assert alphabeta(game, 0, depth=50).depth == 50
    assert expectimax(game, 0).stats.stopped_by == "recursion"


@pytest.mark.parametrize("chance", [False, True])
def test_the_depth_guard_stops_both_builds_at_the_same_ply(chance: bool) -> None:
    # compiled recursion does not check Python's limit: the searches check MAX_PLIES themselves
    def chain(length: int) -> Any:
        nodes = {
            i: Node(CHANCE, (i + 1,), (Fraction(1),)) if chance and i % 2 else Node(i % 2, (i + 1,))
            for i in range(length)
        }
        nodes[length] = Node(TERMINAL, payoff=(1.0, -1.0))
        return make_graph_game(nodes)

    deepest, deeper = chain(MAX_PLIES + 1), chain(MAX_PLIES + 2)
    for search in (alphabeta, expectimax):
        assert search(deepest, 0).complete
        assert search(deeper, 0).stats.stopped_by == "recursion"
