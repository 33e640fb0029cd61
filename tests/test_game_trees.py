"""Whole game trees of Kuhn and Leduc poker, counted node by node ("perft" for card games).

The golden counts are OpenSpiel's trees of the same games (nodes, terminals, chance
nodes, decisions, information states per player); the peers test recounts them with
pyspiel.  A rule change that adds or loses a single history changes a count.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple

import pytest

from pure_engine import CHANCE, TERMINAL, load_game


class Tree(NamedTuple):
    nodes: int
    terminals: int
    chance: int
    decisions: int
    infosets: tuple[int, int]


GOLDEN = {
    "kuhn_poker": Tree(58, 30, 4, 24, (6, 6)),
    "leduc_poker": Tree(9457, 5520, 157, 3780, (468, 468)),
}


def count(
    root: Any,
    kind: Callable[[Any], int],  # CHANCE, TERMINAL, or the player to act
    children: Callable[[Any, int], Iterable[Any]],
    infoset: Callable[[Any, int], Hashable],
) -> Tree:
    nodes = terminals = chance = decisions = 0
    seen: tuple[set[Hashable], set[Hashable]] = (set(), set())
    stack = [root]
    while stack:
        state = stack.pop()
        nodes += 1
        player = kind(state)
        if player == TERMINAL:
            terminals += 1
            continue
        if player == CHANCE:
            chance += 1
        else:
            decisions += 1
            seen[player].add(infoset(state, player))
        stack.extend(children(state, player))
    return Tree(nodes, terminals, chance, decisions, (len(seen[0]), len(seen[1])))


def our_tree(name: str) -> Tree:
    game = load_game(name)

    def children(state: Any, player: int) -> Iterable[Any]:
        if player == CHANCE:
            return [game.step(state, a) for a, _ in game.chance_outcomes(state)]
        return [game.step(state, a) for a in game.legal_actions(state)]

    return count(game.initial_state(), game.current_player, children, game.observation)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_whole_tree_has_the_golden_counts(name: str) -> None:
    assert our_tree(name) == GOLDEN[name]


@pytest.mark.peers
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_golden_counts_are_openspiels(name: str) -> None:
    import pyspiel

    def kind(state: Any) -> int:
        if state.is_terminal():
            return TERMINAL
        return CHANCE if state.is_chance_node() else int(state.current_player())

    def children(state: Any, player: int) -> Iterable[Any]:
        if player == CHANCE:
            return [state.child(a) for a, _ in state.chance_outcomes()]
        return [state.child(a) for a in state.legal_actions()]

    def infoset(state: Any, player: int) -> Hashable:
        return str(state.information_state_string(player))

    spiel = pyspiel.load_game(name)
    assert count(spiel.new_initial_state(), kind, children, infoset) == GOLDEN[name]
