"""A patience position as a scene: foundations (or the hole), cells, stock and waste,
reserve, and the tableau piles cascading down.

The game observes the whole position (its ``observation`` is the state), so
every view is the truth: the cards dealt face down at the bottom of a pile are
drawn face up and marked ``down``.

>>> from pure_engine.games.patience.position import PatienceState
>>> state = PatienceState(piles=((0, 14), ()), cells=(-1, 51), down=(1, 0))
>>> [[c.face for c in z.cards] for z in scene(None, state, 0).zones]
[[], [], [], [], [], ['KS'], ['AC', '2D'], []]
>>> [(c.face, c.mark) for c in scene(None, state, None).zones[6].cards]
[('AC', 'down'), ('2D', '')]
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.scene import Card, Scene, Zone
from pure_engine.games.patience.position import EMPTY, PatienceState
from pure_engine.games.playing_cards import SUIT_NAMES, card_str, make_card

__all__ = ["scene"]

_STEP = 62  # pixels between columns
_FACES = tuple(Card(card_str(card)) for card in range(104))
_DOWN = tuple(Card(card_str(card), mark="down") for card in range(104))
"""Every card of two decks, face up and dealt face down (built once: a scene is built per step)."""


def scene(game: Any, state: PatienceState, seat: int | None) -> Scene:
    """The layout (the same for every *seat*: patience has perfect information)."""
    zones = []
    cards: tuple[Card, ...]
    if state.hole != EMPTY:
        zones.append(Zone("hole", 10, 30, (Card(card_str(state.hole)),), "stack"))
    else:
        for index, top in enumerate(state.found):
            cards = (Card(card_str(make_card(top, index))),) if top else ()
            zones.append(Zone(f"found {SUIT_NAMES[index]}", 10 + index * _STEP, 30, cards, "stack"))
    x = 10 + 4.5 * _STEP if state.hole == EMPTY else 10 + 1.5 * _STEP
    for index, cell in enumerate(state.cells):
        cards = () if cell == EMPTY else (Card(card_str(cell)),)
        zones.append(Zone(f"c{index + 1}", int(x) + index * _STEP, 30, cards, "stack"))
    texts = []
    if state.stock or state.waste:
        stock = tuple(Card(card_str(c), mark="down") for c in state.stock)
        zones.append(Zone("stock", 10, 130, stock, "stack", f"{len(stock)}"))
        waste = tuple(Card(card_str(c)) for c in state.waste)
        zones.append(Zone("waste", 10 + _STEP, 130, waste, "stack", f"{len(waste)}"))
        texts.append(f"stock {len(stock)} cards, redeals {state.redeals}")
    top = 230 if (state.stock or state.waste) else 130
    for index, pile in enumerate(state.reserve):
        cards = tuple(_FACES[c] for c in pile)
        zones.append(Zone(f"r{index + 1}", 10 + index * _STEP, top, cards, "stack"))
    if state.reserve:
        top += 100
    for index, pile in enumerate(state.piles):
        hidden = state.down[index] if state.down else 0
        cards = tuple(_DOWN[c] if k < hidden else _FACES[c] for k, c in enumerate(pile))
        zones.append(Zone(f"t{index + 1}", 10 + index * _STEP, top, cards, "column"))
    on_foundations = sum(state.found)
    texts.append(f"{on_foundations} cards on the foundations")
    return Scene(tuple(zones), tuple(texts))
