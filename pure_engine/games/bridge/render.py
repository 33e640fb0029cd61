"""Bridge card play as a scene: four hands, the trick, the contract and tricks per side.

A seat sees its own hand and dummy's (once it is down) from its
:class:`~pure_engine.games.bridge.play.BridgeObservation`; the other hands show
face down, as many cards as each still holds.

>>> from pure_engine.core.registry import load_game
>>> game = load_game("bridge_play")
>>> state = game.initial_state(1)
>>> while game.is_chance_node(state):
...     state = game.resolve_chance(state)[1]
>>> west = scene(game, state, 3)
>>> [len(z.cards) for z in west.zones], sum(c.face == "" for z in west.zones for c in z.cards)
([13, 13, 13, 13], 39)
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.scene import Scene
from pure_engine.games.bridge.play import BridgeState
from pure_engine.games.trick_taking.render import table_scene
from pure_engine.games.trick_taking.tricks import BRIDGE_ORDER, Strain, winning_index

__all__ = ["SEAT_NAMES", "scene"]

SEAT_NAMES = ("North", "East", "South", "West")


def scene(game: Any, state: BridgeState, seat: int | None) -> Scene:
    """The table as *seat* observes it (None: the whole truth)."""
    if seat is None:
        play = state.play
        texts = _texts(state.strain, state.declarer, play.won)
        hands: list[int | tuple[int]] = list(play.hands)
        return table_scene(SEAT_NAMES, hands, play.trick, play.leader, texts)
    seen = game.observation(state, seat)
    played_by, trick, leader = _replay(seen.played, seen.opening_leader, seen.strain)
    held = seen.hand.bit_count() + played_by[seat]
    hands = [(max(held - played_by[p], 0),) for p in range(4)]
    hands[seat] = seen.hand
    dummy = (seen.declarer + 2) % 4
    if seen.dummy is not None:
        hands[dummy] = seen.dummy
    texts = _texts(seen.strain, seen.declarer, seen.won)
    return table_scene(SEAT_NAMES, hands, trick, leader, texts)


def _texts(strain: Strain, declarer: int, won: tuple[int, int]) -> tuple[str, ...]:
    return (f"{strain.letter} by {SEAT_NAMES[declarer]}", f"tricks N-S {won[0]} · E-W {won[1]}")


def _replay(
    played: tuple[int, ...], leader: int, strain: Strain
) -> tuple[list[int], tuple[int, ...], int]:
    """Cards each seat has played, the trick on the table and its leader, from the play."""
    played_by = [0, 0, 0, 0]
    full = len(played) - len(played) % 4
    for start in range(0, full, 4):
        trick = played[start : start + 4]
        for offset in range(4):
            played_by[(leader + offset) % 4] += 1
        leader = (leader + winning_index(trick, strain.trump, BRIDGE_ORDER)) % 4
    current = played[full:]
    for offset in range(len(current)):
        played_by[(leader + offset) % 4] += 1
    return played_by, current, leader
