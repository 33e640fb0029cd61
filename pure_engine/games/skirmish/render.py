"""Skirmish as a scene: the kit's card table (heroes, boards, hands, decks) and the counters.

A seat's scene is built from :func:`~pure_engine.games.skirmish.game_rules.observation` alone,
so the opponent's hand and both decks show face down.

>>> from pure_engine.core.registry import load_game
>>> game = load_game("skirmish")
>>> state = game.initial_state(1)
>>> truth, mine = scene(game, state, None), scene(game, state, 0)
>>> hand = {z.name: z for z in mine.zones}["hand1"]
>>> all(card.face == "" for card in hand.cards), mine.texts[0]
(True, 'turn 1, player 0 to move')
"""

from __future__ import annotations

from typing import Any

from pure_engine.cards.runtime.render import table_zones, truth_views
from pure_engine.cards.runtime.view import ZoneView
from pure_engine.core.scene import Scene
from pure_engine.games.skirmish.base import KEYWORDS, LAYOUT, SkirmishState

__all__ = ["scene"]


def scene(game: Any, state: SkirmishState, seat: int | None) -> Scene:
    """The table as *seat* observes it (None: the whole truth)."""
    if seat is None:
        views: tuple[ZoneView, ...] = truth_views(state.table, LAYOUT)
        public = (state.to_move, state.turn, state.mana, state.crystals, state.winner)
    else:
        seen = game.observation(state, seat)
        views = seen[0]
        public = (seen[4], seen[5], seen[7], seen[8], seen[12])
    to_move, turn, mana, crystals, winner = public
    texts = [f"turn {turn}, player {to_move} to move"]
    texts.append(" · ".join(f"player {p} mana {mana[p]}/{crystals[p]}" for p in (0, 1)))
    if winner is not None:
        texts.append(f"player {winner} wins" if winner in (0, 1) else "draw")
    return Scene(table_zones(views, LAYOUT, KEYWORDS), tuple(texts))
