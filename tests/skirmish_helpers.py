"""Shared helpers for the skirmish tests: positions from puzzle JSON, and play by notation."""

from __future__ import annotations

import json
from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.zones import ZoneId
from pure_engine.games.skirmish import SkirmishAction, SkirmishState, make_game
from pure_engine.games.skirmish.puzzle import parse_puzzle

GAME: Game[SkirmishState, SkirmishAction] = make_game()


def position(me: dict[str, Any], them: dict[str, Any] | None = None, **top: Any) -> SkirmishState:
    """A position for player 0 (mage vs hunter unless the dicts say otherwise)."""
    players = [{"class": "mage", **me}, {"class": "hunter", **(them or {})}]
    return parse_puzzle(json.dumps({"to_move": 0, "players": players, **top}))


def play(state: SkirmishState, *moves: str) -> SkirmishState:
    """Play *moves* (checked) in notation."""
    for move in moves:
        state = GAME.play_str(state, move)
    return state


def board(state: SkirmishState, player: int) -> list[tuple[str, int, int]]:
    """(card, attack, health left) of each minion on *player*'s board."""
    entities = state.table.entities
    out = []
    for i in state.table.zones[ZoneId(f"board{player}")]:
        e = entities[i]
        out.append((e.card, e.attack, e.health - e.damage))
    return out


def health(state: SkirmishState, player: int) -> int:
    """Hero health left."""
    hero = state.table.entities[state.table.zones[ZoneId(f"hero{player}")][0]]
    return hero.health - hero.damage


def armor(state: SkirmishState, player: int) -> int:
    """Hero armor."""
    return state.table.entities[state.table.zones[ZoneId(f"hero{player}")][0]].armor


def zone_cards(state: SkirmishState, zone: str) -> list[str]:
    """The cards in one zone (``"hand0"``...)."""
    return [state.table.entities[i].card for i in state.table.zones[ZoneId(zone)]]
