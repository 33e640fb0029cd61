"""Small readings of the state a few cards' text needs (a count, a stat), each named for it."""

from __future__ import annotations

from pure_engine.cards.runtime import CardRules, CardState, Frame, put
from pure_engine.games.skirmish.base import (
    BOARD_ZONES,
    HERO_ZONES,
    WEAPON_ZONES,
    SkirmishState,
)

__all__ = ["four_enemy_minions", "health_to_15", "hero_armor", "weapon_attack"]


def four_enemy_minions(state: CardState, frame: Frame) -> bool:
    """The opponent has 4 or more minions (Mind Control Tech)."""
    return len(state.table.zones[BOARD_ZONES[1 - frame.ctx.controller]]) >= 4


def hero_armor(state: CardState, frame: Frame) -> int:
    """The caster's hero's armor (Shield Slam)."""
    zone = state.table.zones[HERO_ZONES[frame.ctx.controller]]
    return state.table.entities[zone[0]].armor


def weapon_attack(state: SkirmishState, player: int) -> int:
    """*player*'s weapon's attack, 0 without one (Dread Corsair)."""
    weapons = state.table.zones[WEAPON_ZONES[player]]
    return state.table.entities[weapons[0]].attack if weapons else 0


def health_to_15(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The target hero's remaining Health becomes 15 (its maximum grows if need be)."""
    target = frame.ctx.target
    assert target is not None
    hero = state.table.entities[target]
    health = max(hero.health, 15)
    return state.replace(table=put(state.table, hero.replace(health=health, damage=health - 15)))
