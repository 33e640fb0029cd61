"""Steps and readings of the state that druid, hunter, mage and paladin cards' text needs (a
count, a stat, a mana change), each named for what it does."""

from __future__ import annotations

from pure_engine.cards.runtime import (
    FROZEN,
    CardRules,
    CardState,
    EntityId,
    Frame,
    event_value,
    move,
    put,
)
from pure_engine.games.skirmish.base import (
    BOARD,
    DECK,
    GRAVE,
    HAND,
    HERO,
    MAX_MANA,
    SECRET,
    STEALTH,
    WEAPON,
    SkirmishState,
)

__all__ = [
    "cards_behind",
    "draw_and_hit",
    "empty_crystal",
    "flare",
    "freeze_the_damaged",
    "gain_crystals",
    "hero_attack",
    "ten_crystals",
]


def cards_behind(state: CardState, frame: Frame) -> int:
    """How many more cards the opponent holds than the caster (Divine Favor draws that many)."""
    me = frame.ctx.controller
    zones = state.table.zones
    return max(0, len(zones.at(HAND.places[1 - me])) - len(zones.at(HAND.places[me])))


def draw_and_hit(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Draw a card and deal damage equal to its printed Cost to the target (Holy Wrath: none
    when no card reaches the hand)."""
    me, target = frame.ctx.controller, frame.ctx.target
    deck = state.table.zones.at(DECK.places[me])
    top = deck[-1] if deck else None
    state = rules.draw(state, me, 1)
    if top is None or target is None or top not in state.table.zones.at(HAND.places[me]):
        return state
    return rules.damage(state, frame, target, state.table.entities[top].cost)


def hero_attack(state: CardState, frame: Frame) -> int:
    """The caster's hero's Attack, its weapon's included (Savagery)."""
    me = frame.ctx.controller
    zones, entities = state.table.zones, state.table.entities
    weapons = sum(entities[w].attack for w in zones.at(WEAPON.places[me]))
    return entities[zones.at(HERO.places[me])[0]].attack + weapons


def gain_crystals(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Gain 2 full Mana Crystals, up to 10 (Nourish)."""
    assert isinstance(state, SkirmishState)
    me = frame.ctx.controller
    gained = min(MAX_MANA, state.crystals[me] + 2) - state.crystals[me]
    crystals, mana = list(state.crystals), list(state.mana)
    crystals[me] += gained
    mana[me] = min(MAX_MANA, mana[me] + gained)
    return state.replace(crystals=(crystals[0], crystals[1]), mana=(mana[0], mana[1]))


def ten_crystals(state: CardState, frame: Frame) -> bool:
    """The caster has 10 Mana Crystals (Wild Growth gives Excess Mana instead)."""
    assert isinstance(state, SkirmishState)
    return state.crystals[frame.ctx.controller] >= MAX_MANA


def empty_crystal(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Gain an empty Mana Crystal (Wild Growth)."""
    assert isinstance(state, SkirmishState)
    crystals = list(state.crystals)
    crystals[frame.ctx.controller] = min(MAX_MANA, crystals[frame.ctx.controller] + 1)
    return state.replace(crystals=(crystals[0], crystals[1]))


def freeze_the_damaged(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Freeze the character the ``DEALT`` event that queued this program names (Water
    Elemental)."""
    damaged = event_value(frame, rules)
    assert damaged is not None
    e = state.table.entities[EntityId(damaged)]
    return state.replace(table=put(state.table, e.replace(status=e.status | FROZEN)))


def flare(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """All minions lose Stealth; the enemy's secrets are destroyed (not revealed)."""
    them = 1 - frame.ctx.controller
    table = state.table
    for zone in BOARD.zones:
        for i in table.zones[zone]:
            e = table.entities[i]
            if e.tags & STEALTH:
                table = put(table, e.replace(tags=e.tags & ~STEALTH))
    for i in table.zones.at(SECRET.places[them]):
        table = move(table, i, GRAVE.zones[them])
    return state.replace(table=table)
