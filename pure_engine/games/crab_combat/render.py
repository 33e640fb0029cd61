"""Crab Combat as a scene: both decks, top card first, and how deep the recursion is.

Everything is public, so every seat sees the whole truth.

>>> from pure_engine.core.registry import load_game
>>> game = load_game("crab_combat")
>>> [[c.face for c in z.cards] for z in scene(game, game.initial_state(), 0).zones]
[['9', '2', '6', '3', '1'], ['5', '8', '4', '7', '10']]
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.scene import Card, Scene, Zone
from pure_engine.games.crab_combat.combat import CrabState
from pure_engine.games.crab_combat.solver import score

__all__ = ["scene"]


def scene(game: Any, state: CrabState, seat: int | None) -> Scene:
    """Both decks (the top card on the left) and the game's depth, round and winner."""
    depth, frame = 0, state.parent
    while frame is not None:
        depth, frame = depth + 1, frame.parent
    zones = tuple(
        Zone(
            f"player {number}",
            20,
            40 + 110 * index,
            tuple(Card(str(c)) for c in deck),
            note=f"{len(deck)} cards",
        )
        for index, (number, deck) in enumerate(((1, state.deck1), (2, state.deck2)))
    )
    texts = [f"game depth {depth}, round {state.rounds}"]
    if state.winner == 0:
        texts.append("the decks cycle: Combat never ends")
    elif state.winner is not None:
        deck = state.deck1 if state.winner == 1 else state.deck2
        texts.append(f"player {state.winner} wins with score {score(deck)}")
    return Scene(zones, tuple(texts))
