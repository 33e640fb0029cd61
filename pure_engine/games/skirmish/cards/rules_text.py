"""Small readings of the state a few cards' text needs (a count, a stat), each named for it."""

from __future__ import annotations

from pure_engine.cards import Do, Effect
from pure_engine.cards.runtime import (
    FROZEN,
    CardRules,
    CardState,
    EntityId,
    Frame,
    event_value,
    put,
    spawn,
)
from pure_engine.games.skirmish.base import (
    BOARD_ZONES,
    DECK_ZONES,
    HAND_LIMIT,
    HAND_ZONES,
    HERO_ZONES,
    MAX_MANA,
    WEAPON_ZONES,
    SkirmishState,
)
from pure_engine.games.skirmish.cards_effects import equip

__all__ = [
    "ashbringer",
    "cards_behind",
    "draw_and_hit",
    "four_enemy_minions",
    "freeze_the_damaged",
    "gain_crystals",
    "give_card",
    "health_to_15",
    "hero_armor",
    "hero_attack",
    "weapon_attack",
    "wild_growth",
]


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


def cards_behind(state: CardState, frame: Frame) -> int:
    """How many more cards the opponent holds than the caster (Divine Favor draws that many)."""
    me = frame.ctx.controller
    zones = state.table.zones
    return max(0, len(zones[HAND_ZONES[1 - me]]) - len(zones[HAND_ZONES[me]]))


def draw_and_hit(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Draw a card and deal damage equal to its printed Cost to the target (Holy Wrath: none
    when no card reaches the hand)."""
    me, target = frame.ctx.controller, frame.ctx.target
    deck = state.table.zones[DECK_ZONES[me]]
    top = deck[-1] if deck else None
    state = rules.draw(state, me, 1)
    if top is None or target is None or top not in state.table.zones[HAND_ZONES[me]]:
        return state
    return rules.damage(state, frame, target, state.table.entities[top].cost)


def ashbringer(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Equip a 5/3 Ashbringer (Tirion Fordring's deathrattle)."""
    return equip(state, rules, frame.ctx.controller, "ashbringer")


def hero_attack(state: CardState, frame: Frame) -> int:
    """The caster's hero's Attack, its weapon's included (Savagery)."""
    me = frame.ctx.controller
    zones, entities = state.table.zones, state.table.entities
    weapons = sum(entities[w].attack for w in zones[WEAPON_ZONES[me]])
    return entities[zones[HERO_ZONES[me]][0]].attack + weapons


def _give(state: CardState, rules: CardRules[CardState], player: int, card: str) -> CardState:
    if len(state.table.zones[HAND_ZONES[player]]) >= HAND_LIMIT:
        return state
    table, _ = spawn(state.table, rules.pool, HAND_ZONES[player], card, player)
    return state.replace(table=table)


def give_card(card: str) -> Effect:
    """Put a new *card* into the caster's hand (none when the hand is full)."""

    def give(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        return _give(state, rules, frame.ctx.controller, card)

    return Do(give)


def gain_crystals(amount: int) -> Effect:
    """Gain *amount* full Mana Crystals (up to 10): Nourish."""

    def gain(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        assert isinstance(state, SkirmishState)
        me = frame.ctx.controller
        gained = min(MAX_MANA, state.crystals[me] + amount) - state.crystals[me]
        crystals, mana = list(state.crystals), list(state.mana)
        crystals[me] += gained
        mana[me] = min(MAX_MANA, mana[me] + gained)
        return state.replace(crystals=(crystals[0], crystals[1]), mana=(mana[0], mana[1]))

    return Do(gain)


def wild_growth(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Gain an empty Mana Crystal; with 10 already, an Excess Mana card instead."""
    assert isinstance(state, SkirmishState)
    me = frame.ctx.controller
    if state.crystals[me] >= MAX_MANA:
        return _give(state, rules, me, "excess_mana")
    crystals = list(state.crystals)
    crystals[me] += 1
    return state.replace(crystals=(crystals[0], crystals[1]))


def freeze_the_damaged(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Freeze the character the ``DEALT`` event that queued this program names (Water
    Elemental)."""
    damaged = event_value(frame, rules)
    assert damaged is not None
    e = state.table.entities[EntityId(damaged)]
    return state.replace(table=put(state.table, e.replace(status=e.status | FROZEN)))
