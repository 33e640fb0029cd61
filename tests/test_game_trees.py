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
    infosets: tuple[int, ...]


# (game, players) -> its whole tree
GOLDEN = {
    ("kuhn_poker", 2): Tree(58, 30, 4, 24, (6, 6)),
    ("kuhn_poker", 3): Tree(617, 312, 17, 288, (16, 16, 16)),
    ("leduc_poker", 2): Tree(9457, 5520, 157, 3780, (468, 468)),
}


def count(
    players: int,
    root: Any,
    kind: Callable[[Any], int],  # CHANCE, TERMINAL, or the player to act
    children: Callable[[Any, int], Iterable[Any]],
    infoset: Callable[[Any, int], Hashable],
) -> Tree:
    nodes = terminals = chance = decisions = 0
    seen: list[set[Hashable]] = [set() for _ in range(players)]
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
    return Tree(nodes, terminals, chance, decisions, tuple(len(infosets) for infosets in seen))


def our_tree(name: str, players: int) -> Tree:
    game = load_game(name) if players == 2 else load_game(name, players=players)

    def children(state: Any, player: int) -> Iterable[Any]:
        if player == CHANCE:
            return [game.step(state, a) for a, _ in game.chance_outcomes(state)]
        return [game.step(state, a) for a in game.legal_actions(state)]

    return count(players, game.initial_state(), game.current_player, children, game.observation)


@pytest.mark.parametrize(("name", "players"), sorted(GOLDEN))
def test_the_whole_tree_has_the_golden_counts(name: str, players: int) -> None:
    assert our_tree(name, players) == GOLDEN[name, players]


@pytest.mark.peers
@pytest.mark.parametrize(("name", "players"), sorted(GOLDEN))
def test_the_golden_counts_are_openspiels(name: str, players: int) -> None:
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

    spiel = pyspiel.load_game(name, {"players": players})
    tree = count(players, spiel.new_initial_state(), kind, children, infoset)
    assert tree == GOLDEN[name, players]
