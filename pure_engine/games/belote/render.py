"""Belote and coinche as scenes: four hands, the trick, the contract and the scores.

A seat's scene is built from the game's ``observation`` (its own hand and the
size of every other hand); the whole truth shows every hand.

>>> from pure_engine.core.registry import load_game
>>> game = load_game("belote")
>>> state = game.initial_state(2)
>>> while game.is_chance_node(state):
...     state = game.resolve_chance(state)[1]
>>> mine = scene(game, state, 1)
>>> [sum(c.face != "" for c in z.cards) for z in mine.zones[:4]]
[0, 5, 0, 0]
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.scene import Card, Scene, Zone
from pure_engine.games.playing_cards import SUIT_NAMES, card_str
from pure_engine.games.trick_taking.render import table_scene

__all__ = ["SEAT_NAMES", "scene"]

SEAT_NAMES = ("player 0", "player 1", "player 2", "player 3")


def scene(game: Any, state: Any, seat: int | None) -> Scene:
    """The table as *seat* observes it (None: the whole truth)."""
    seen = game.observation(state, 0 if seat is None else seat)
    sizes = seen[4]
    leader, trick, won, score = seen[-9], seen[-8], seen[-7], seen[-3]
    hands: list[int | tuple[int]]
    if seat is None:
        hands = list(state.tricks.hands)
    else:
        hands = [(size,) for size in sizes]
        hands[seat] = seen[3]
    texts = [_phase(game, seen), f"tricks won {won[0]} - {won[1]} · score {score[0]} - {score[1]}"]
    extra = []
    if game.name == "belote" and seen[5] is not None and seen[2] < 4:
        extra.append(Zone("turned", 450, 320, (Card(card_str(seen[5])),)))
    return table_scene(SEAT_NAMES, hands, trick, leader, texts, extra=extra)


def _phase(game: Any, seen: tuple[Any, ...]) -> str:
    if game.name == "belote":
        phase = ("deal", "bid 1", "bid 2", "deal 2", "play", "over")[seen[2]]
        taker, trump = seen[7], seen[8]
        if taker is None:
            return f"{phase} · dealer {seen[1]}"
        return f"{phase} · trump {SUIT_NAMES[trump]} taken by player {taker}"
    phase = ("deal", "auction", "play", "over")[seen[2]]
    contract, bidder, trump, multiplier = seen[6], seen[7], seen[8], seen[9]
    if bidder is None:
        return f"{phase} · dealer {seen[1]}"
    doubled = {1: "", 2: " coinched", 4: " surcoinched"}.get(multiplier, "")
    suit = (*SUIT_NAMES, "SA", "TA")[trump] if trump is not None else "-"
    return f"{phase} · contract {contract} {suit} by player {bidder}{doubled}"
