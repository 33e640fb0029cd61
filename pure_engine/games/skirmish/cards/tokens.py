"""The tokens: cards that cards make (not collectible): Whelps, totems, The Coin..."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import SELF, TARGET, Aura, Buff, CardDef, Destroy, Draw, Heal, Trigger
from pure_engine.games.skirmish.base import (
    CHARGE,
    FRIENDLY_MINIONS,
    MINIONS,
    SPELLPOWER,
    TAUNT,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.define import (
    OTHER_FRIENDLY_MINIONS,
    YOUR_TURN,
    minion,
    spell,
    token,
    weapon,
)
from pure_engine.games.skirmish.cards_effects import gain_mana

__all__ = ["TOKENS"]

TOKENS: Final[tuple[CardDef, ...]] = (
    spell("the_coin", 0, "Gain 1 Mana Crystal this turn only.", gain_mana(1), collectible=False),
    weapon("wicked_knife", 1, 1, 2, "rogue", collectible=False),
    token("damaged_golem", 1, 2, 1),
    token("violet_apprentice", 0, 1, 1),
    token("baine_bloodhoof", 4, 4, 5),
    token("whelp", 1, 1, 1, 0, "dragon"),
    token("boar", 1, 1, 1, 0, "beast"),
    token("murloc_scout", 0, 1, 1, 0, "murloc"),
    token("silver_hand_recruit", 1, 1, 1),
    token("sheep", 1, 1, 1, 0, "beast"),
    token("frog", 0, 0, 1, TAUNT, "beast"),
    token("druid_of_the_claw_cat", 5, 4, 4, CHARGE, "beast"),
    token("druid_of_the_claw_bear", 5, 4, 6, TAUNT, "beast"),
    minion("healing_totem", 1, 0, 2, types=("totem",), triggers=(Trigger(SkirmishEvent.TURN_END, (Heal(FRIENDLY_MINIONS, 1),), YOUR_TURN),), collectible=False),
    token("searing_totem", 1, 1, 1, 0, "totem"),
    token("stoneclaw_totem", 1, 0, 2, TAUNT, "totem"),
    token("wrath_of_air_totem", 1, 0, 2, SPELLPOWER, "totem"),
    token("snake", 0, 1, 1, 0, "beast"),
    token("defender", 1, 2, 1),
    token("spirit_wolf", 2, 2, 3, TAUNT),
    token("spellbender_minion", 0, 1, 3),
    token("mechanical_dragonling", 1, 2, 1, 0, "mech"),
    token("squire", 1, 2, 2),
    token("gnoll", 2, 2, 2, TAUNT),
    token("imp", 1, 1, 1, 0, "demon"),
    token("finkle_einhorn", 3, 3, 3),
    spell("bananas", 1, "Give a minion +1/+1.", Buff(TARGET, 1, 1), target=MINIONS, collectible=False),
    token("devilsaur", 5, 5, 5, 0, "beast"),
    token("squirrel", 1, 1, 1, 0, "beast"),
    weapon("ashbringer", 5, 5, 3, "paladin", collectible=False),
    spell("excess_mana", 0, "Draw a card.", Draw(), collectible=False),
    token("panther", 2, 3, 2, 0, "beast"),
    token("treant_taunt", 1, 2, 2, TAUNT),
    token("treant", 1, 2, 2),
    token("mirror_image_minion", 0, 0, 2, TAUNT),
    token("misha", 3, 4, 4, TAUNT, "beast"),
    minion("leokk", 3, 2, 4, types=("beast",), aura=Aura(OTHER_FRIENDLY_MINIONS, 1, 0), collectible=False, text="Your other minions have +1 Attack."),
    token("huffer", 3, 4, 2, CHARGE, "beast"),
    token("hound", 1, 1, 1, CHARGE, "beast"),
    token("hyena", 2, 2, 2, 0, "beast"),
    minion("treant_charge", 1, 2, 2, tags=CHARGE, triggers=(Trigger(SkirmishEvent.TURN_END, (Destroy(SELF),)),), collectible=False, text="Charge. At the end of the turn, destroy this minion."),
)  # fmt: skip
"""The tokens."""
