"""What magic_lite's rule tests share: the default game, playing moves by their notation and
reading the zones."""

from __future__ import annotations

from pure_engine import load_game
from pure_engine.cards.runtime import EntityId
from pure_engine.games.magic_lite import MagicState
from pure_engine.games.magic_lite.engine import ZONES

GAME = load_game("magic_lite")


def play(state: MagicState, *texts: str) -> MagicState:
    """*state* after the moves *texts*, each in ``GAME``'s notation and checked."""
    for text in texts:
        state = GAME.play_str(state, text)
    return state


def cards(state: MagicState, zone: str, player: int) -> list[str]:
    """The cards in *player*'s *zone* (``"hand"``, ``"library"``...), in order."""
    ids = state.table.zones[getattr(ZONES, zone)[player]]
    return [state.table.entities[i].card for i in ids]


def find(state: MagicState, card: str) -> EntityId:
    """The id of a *card* on a battlefield (the first one)."""
    for e in state.table.entities.values():
        if e.card == card and e.zone in ZONES.battlefield:
            return e.id
    raise AssertionError(f"{card} is not on a battlefield")
