"""The warlock cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ADJACENT,
    FRIENDLY,
    RANDOM,
    SELF,
    TARGET,
    Buff,
    CardDef,
    Destroy,
    Discard,
    Do,
    Draw,
    HasType,
    Heal,
    Hit,
    If,
    Trigger,
    Zone,
)
from pure_engine.games.skirmish.base import (
    CHARACTERS,
    CHARGE,
    ENEMY_HERO,
    ENEMY_MINIONS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    MINIONS,
    ON_TURN_END,
    ON_TURN_START,
    STEALTH,
    TAUNT,
)
from pure_engine.games.skirmish.cards.copies import (
    DrawThese,
    SummonRandom,
    enchantment,
    equip_weapon,
    give_card,
)
from pure_engine.games.skirmish.cards.define import (
    OTHER_FRIENDLY_MINIONS,
    YOUR_TURN,
    cost_aura,
    minion,
    spell,
    token,
    weapon,
)
from pure_engine.games.skirmish.cards.rules_text import (
    destroy_crystal,
    neighbours_attack,
    neighbours_health,
    target_attack,
    target_died,
)
from pure_engine.games.skirmish.cards_moves import replace_hero

__all__ = ["WARLOCK"]

DEMONS: Final = (
    "voidwalker", "flame_imp", "pit_lord", "dread_infernal", "doomguard", "blood_imp",
    "felguard", "void_terror", "felstalker",
)  # fmt: skip
"""The collectible Demons of the card list (Bane of Doom summons one)."""
_DECK_DEMONS: Final = FRIENDLY + Zone("deck") + HasType("demon")
_SENSE: Final = If(_DECK_DEMONS, (DrawThese(RANDOM(_DECK_DEMONS)),), (give_card("worthless_imp"),))

WARLOCK: Final[tuple[CardDef, ...]] = (
    spell("soulfire", 1, "Deal 4 damage. Discard a random card.", Hit(TARGET, 4), Discard(1), target=CHARACTERS, cls="warlock"),
    spell("mortal_coil", 1, "Deal 1 damage to a minion. If that kills it, draw a card.", Hit(TARGET, 1), If(lambda s, f: f.ctx.target is not None and s.table.entities[f.ctx.target].damage >= s.table.entities[f.ctx.target].health, (Draw(),)), target=MINIONS, cls="warlock"),
    spell("hellfire", 4, "Deal 3 damage to ALL characters.", Hit(CHARACTERS, 3), cls="warlock"),
    minion("voidwalker", 1, 1, 3, tags=TAUNT, types=("demon",), cls="warlock", text="Taunt"),
    spell("shadow_bolt", 3, "Deal 4 damage to a minion.", Hit(TARGET, 4), target=MINIONS, cls="warlock"),
    spell("drain_life", 3, "Deal 2 damage. Restore 2 Health to your hero.", Hit(TARGET, 2), Heal(FRIENDLY_HERO, 2), target=CHARACTERS, cls="warlock"),
    minion("flame_imp", 1, 3, 2, Hit(FRIENDLY_HERO, 3), types=("demon",), cls="warlock", text="Battlecry: deal 3 damage to your hero."),
    minion("pit_lord", 4, 5, 6, Hit(FRIENDLY_HERO, 5), types=("demon",), cls="warlock", text="Battlecry: deal 5 damage to your hero."),
    minion("dread_infernal", 6, 6, 6, Hit(CHARACTERS - SELF, 1), types=("demon",), cls="warlock", text="Battlecry: deal 1 damage to ALL other characters."),
    spell("siphon_soul", 6, "Destroy a minion. Restore 3 Health to your hero.", Destroy(TARGET), Heal(FRIENDLY_HERO, 3), target=MINIONS, cls="warlock"),
    spell("twisting_nether", 8, "Destroy all minions.", Destroy(MINIONS), cls="warlock"),
    minion("doomguard", 5, 5, 7, Discard(2), tags=CHARGE, types=("demon",), cls="warlock", text="Charge. Battlecry: discard two random cards."),
    spell("sacrificial_pact", 0, "Destroy a friendly Demon. Restore 5 Health to your hero.", Destroy(TARGET), Heal(FRIENDLY_HERO, 5), target=FRIENDLY_MINIONS + HasType("demon"), cls="warlock"),
    spell("bane_of_doom", 5, "Deal 2 damage to a character. If that kills it, summon a random Demon.", Hit(TARGET, 2), If(target_died, (SummonRandom(DEMONS),)), target=CHARACTERS, cls="warlock"),
    minion("blood_imp", 1, 0, 1, tags=STEALTH, types=("demon",), triggers=(Trigger(ON_TURN_END, (Buff(RANDOM(OTHER_FRIENDLY_MINIONS), 0, 1),), YOUR_TURN),), cls="warlock", text="Stealth. At the end of your turn, give another random friendly minion +1 Health."),
    spell("corruption", 1, "Choose an enemy minion. At the start of your turn, destroy it.", Buff(TARGET, source="corruption_e"), target=ENEMY_MINIONS, cls="warlock"),
    minion("felguard", 3, 3, 5, Do(destroy_crystal), tags=TAUNT, types=("demon",), cls="warlock", text="Taunt. Battlecry: Destroy one of your Mana Crystals."),
    spell("power_overwhelming", 1, "Give a friendly minion +4/+4 until end of turn. Then, it dies. Horribly.", Buff(TARGET, 4, 4, source="power_overwhelming_e"), target=FRIENDLY_MINIONS, cls="warlock"),
    spell("sense_demons", 3, "Put 2 random Demons from your deck into your hand.", _SENSE, _SENSE, cls="warlock"),
    spell("shadowflame", 4, "Destroy a friendly minion and deal its Attack damage to all enemy minions.", Hit(ENEMY_MINIONS, target_attack), Destroy(TARGET), target=FRIENDLY_MINIONS, cls="warlock"),
    cost_aura(minion("summoning_portal", 4, 0, 4, cls="warlock", text="Your minions cost (2) less, but not less than (1)."), 2, 1),
    minion("void_terror", 3, 3, 3, Buff(SELF, neighbours_attack, neighbours_health), Destroy(ADJACENT), types=("demon",), cls="warlock", text="Battlecry: Destroy the minions on either side of this minion and gain their Attack and Health."),
    minion("felstalker", 2, 4, 3, Discard(1), types=("demon",), cls="warlock", text="Battlecry: Discard a random card."),  # first printed as Succubus
    spell("demonfire", 2, "Deal 2 damage to a minion. If it's a friendly Demon, give it +2/+2 instead.", If(TARGET + FRIENDLY + HasType("demon"), (Buff(TARGET, 2, 2),), (Hit(TARGET, 2),)), target=MINIONS, cls="warlock"),
    token("worthless_imp", 1, 1, 1, 0, "demon"),
    minion("lord_jaraxxus", 9, 3, 15, replace_hero("hero_lord_jaraxxus"), equip_weapon("blood_fury"), types=("demon",), cls="warlock", text="Battlecry: Destroy your hero and replace it with Lord Jaraxxus."),
    token("infernal", 6, 6, 6, 0, "demon"),
    weapon("blood_fury", 3, 3, 8, "warlock", collectible=False),
    enchantment("corruption_e", "At the start of the corrupting player's turn, destroy this minion.", Trigger(ON_TURN_START, (Destroy(SELF),), ENEMY_HERO)),
    enchantment("power_overwhelming_e", "+4/+4. At the end of the turn, this minion dies.", Trigger(ON_TURN_END, (Destroy(SELF),), Zone("hero"))),
)  # fmt: skip
"""The warlock cards of the Basic and Classic sets."""
