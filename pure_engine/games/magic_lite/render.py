"""Magic-lite as a scene: the kit's card table (players, battlefields, hands, libraries,
graveyards, the stack), attackers marked, and life, step and priority as text.

A seat's scene is built from :func:`~pure_engine.games.magic_lite.rules.observation` alone,
so the opponent's hand and both libraries show face down.

>>> from pure_engine.core.registry import load_game
>>> game = load_game("magic_lite")
>>> state = game.initial_state(1)
>>> mine = scene(game, state, 1)
>>> hand = {z.name: z for z in mine.zones}["hand0"]
>>> all(card.face == "" for card in hand.cards), mine.texts[1]
(True, 'life: player 0 20 · player 1 20')
"""

from __future__ import annotations

from typing import Any

from pure_engine.cards.runtime.render import table_zones, truth_views
from pure_engine.cards.runtime.view import ZoneView
from pure_engine.core.scene import Scene
from pure_engine.games.magic_lite.dsl import LAYOUT
from pure_engine.games.magic_lite.state import KEYWORDS, MagicState, Step

__all__ = ["scene"]


def scene(game: Any, state: MagicState, seat: int | None) -> Scene:
    """The table as *seat* observes it (None: the whole truth)."""
    if seat is None:
        views: tuple[ZoneView, ...] = truth_views(state.table, LAYOUT)
        step, turn, active, life = state.step, state.turn, state.active, state.life
        attackers, blocks, lost = state.attackers, state.blocks, state.lost
    else:
        seen = game.observation(state, seat)
        views, step, turn, active, life = seen[1], seen[2], seen[3], seen[4], seen[5]
        attackers, blocks, lost = seen[12], seen[13], seen[20]
    marks = dict.fromkeys(attackers, "attacking")
    marks.update({blocker: "blocking" for blocker, _ in blocks})
    phase = Step(step).name.lower().replace("_", " ")
    texts = [f"turn {turn}, player {active}'s {phase}"]
    texts.append(f"life: player 0 {life[0]} · player 1 {life[1]}")
    if lost:
        texts.append(f"lost: {', '.join(f'player {p}' for p in (0, 1) if lost >> p & 1)}")
    return Scene(table_zones(views, LAYOUT, KEYWORDS, marks=marks), tuple(texts))
