"""The shaman cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ADJACENT,
    TARGET,
    Aura,
    Buff,
    CardDef,
    ForEach,
    Freeze,
    Hit,
    RandomNumber,
    Silence,
    Transform,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    ENEMY_CHARACTERS,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_MINIONS,
    MINIONS,
)
from pure_engine.games.skirmish.cards.define import minion, spell
from pure_engine.games.skirmish.cards_effects import draw_cheaper

__all__ = ["SHAMAN"]

SHAMAN: Final[tuple[CardDef, ...]] = (
    minion("flametongue_totem", 2, 0, 3, types=("totem",), aura=Aura(ADJACENT, 2, 0), cls="shaman", text="Adjacent minions have +2 Attack."),
    spell("lightning_storm", 3, "Deal 2-3 damage to all enemy minions.", ForEach(ENEMY_MINIONS, lambda m: [Hit(m, RandomNumber(2, 3))]), cls="shaman"),
    spell("bloodlust", 5, "Give your minions +3 Attack this turn.", Buff(FRIENDLY_MINIONS, 3, one_turn=True), cls="shaman"),
    spell("hex", 3, "Transform a minion into a 0/1 Frog with Taunt.", Transform(TARGET, "frog"), target=MINIONS, cls="shaman"),
    spell("far_sight", 3, "Draw a card. That card costs (3) less.", draw_cheaper(3), cls="shaman"),
    spell("frost_shock", 1, "Deal 1 damage to an enemy character and Freeze it.", Hit(TARGET, 1), Freeze(TARGET), target=ENEMY_CHARACTERS, cls="shaman"),
    spell("earth_shock", 1, "Silence a minion, then deal 1 damage to it.", Silence(TARGET), Hit(TARGET, 1), target=MINIONS, cls="shaman"),
    spell("rockbiter_weapon", 1, "Give a friendly character +3 Attack this turn.", Buff(TARGET, 3, one_turn=True), target=FRIENDLY_CHARACTERS, cls="shaman"),
    minion("fire_elemental", 6, 6, 5, Hit(TARGET, 3), target=CHARACTERS, cls="shaman", text="Battlecry: deal 3 damage."),
)  # fmt: skip
"""The shaman cards of the Basic and Classic sets."""
