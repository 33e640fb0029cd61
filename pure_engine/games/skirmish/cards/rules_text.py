"""Small readings of the state a few cards' text needs (a count, a stat), each named for it."""

from __future__ import annotations

from collections.abc import Callable

from pure_engine.cards.runtime import CardRules, CardState, EntityId, Frame, is_alive, put
from pure_engine.games.skirmish.base import (
    BOARD,
    HERO,
    WEAPON,
    SkirmishState,
)

__all__ = [
    "betray",
    "cheaper_target",
    "destroy_crystal",
    "four_enemy_minions",
    "health_to_15",
    "hero_armor",
    "my_weapon_attack",
    "neighbours_attack",
    "neighbours_health",
    "other_cards_played",
    "target_attack",
    "target_died",
    "weapon_attack",
]


def four_enemy_minions(state: CardState, frame: Frame) -> bool:
    """The opponent has 4 or more minions (Mind Control Tech)."""
    return len(state.table.zones.at(BOARD.places[1 - frame.ctx.controller])) >= 4


def hero_armor(state: CardState, frame: Frame) -> int:
    """The caster's hero's armor (Shield Slam)."""
    zone = state.table.zones.at(HERO.places[frame.ctx.controller])
    return state.table.entities[zone[0]].armor


def weapon_attack(state: SkirmishState, player: int) -> int:
    """*player*'s weapon's attack, 0 without one (Dread Corsair)."""
    weapons = state.table.zones.at(WEAPON.places[player])
    return state.table.entities[weapons[0]].attack if weapons else 0


def health_to_15(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The target hero's remaining Health becomes 15 (its maximum grows if need be)."""
    target = frame.ctx.target
    assert target is not None
    hero = state.table.entities[target]
    health = max(hero.health, 15)
    return state.replace(table=put(state.table, hero.replace(health=health, damage=health - 15)))


def _neighbours(state: CardState, entity: EntityId | None) -> tuple[EntityId, ...]:
    """The minions left and right of *entity* on its board."""
    if entity is None:
        return ()
    row = state.table.zones[state.table.entities[entity].zone]
    at = row.index(entity)
    return row[max(at - 1, 0) : at] + row[at + 1 : at + 2]


def neighbours_attack(state: CardState, frame: Frame) -> int:
    """The Attack of the minions beside this one (Void Terror)."""
    return sum(state.table.entities[i].attack for i in _neighbours(state, frame.ctx.source))


def neighbours_health(state: CardState, frame: Frame) -> int:
    """The Health left of the minions beside this one (Void Terror)."""
    entities = state.table.entities
    return sum(
        entities[i].health - entities[i].damage for i in _neighbours(state, frame.ctx.source)
    )


def target_attack(state: CardState, frame: Frame) -> int:
    """The target's Attack (Shadowflame, Betrayal)."""
    assert frame.ctx.target is not None
    return state.table.entities[frame.ctx.target].attack


def target_died(state: CardState, frame: Frame) -> bool:
    """The target is dead (destroyed, or damaged to its Health): Bane of Doom."""
    target = frame.ctx.target
    return target is not None and not is_alive(state.table.entities[target])


def destroy_crystal(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The controller loses a Mana Crystal: an empty one if they have one, else a full one
    (their mana this turn drops only then)."""
    assert isinstance(state, SkirmishState)
    me = frame.ctx.controller
    crystals = max(0, state.crystals[me] - 1)
    mana = min(state.mana[me], crystals)
    return state.replace(
        crystals=(crystals, state.crystals[1]) if me == 0 else (state.crystals[0], crystals),
        mana=(mana, state.mana[1]) if me == 0 else (state.mana[0], mana),
    )


def my_weapon_attack(state: CardState, frame: Frame) -> int:
    """The controller's weapon's Attack, 0 without one (Blade Flurry)."""
    assert isinstance(state, SkirmishState)
    return weapon_attack(state, frame.ctx.controller)


def other_cards_played(state: CardState, frame: Frame) -> int:
    """+2 for each other card played this turn (Edwin VanCleef counts itself out)."""
    assert isinstance(state, SkirmishState)
    return 2 * (state.played - 1)


def betray(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The target deals its damage to the minions beside it: as its own, not a spell's (no
    spell damage; a Poisonous minion destroys them)."""
    target = frame.ctx.target
    assert target is not None
    e = state.table.entities[target]
    as_minion = frame.replace(card=e.card, ctx=frame.ctx.replace(source=target, controller=e.owner))
    for neighbour in _neighbours(state, target):
        state = rules.damage(state, as_minion, neighbour, e.attack)
    return state


def cheaper_target(less: int) -> Callable[[CardState, Frame, CardRules[CardState]], CardState]:
    """The target (a card in hand now) costs *less* less (Shadowstep)."""

    def cheaper(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        target = frame.ctx.target
        assert target is not None
        e = state.table.entities[target]
        return state.replace(table=put(state.table, e.replace(cost=max(0, e.cost - less))))

    return cheaper
