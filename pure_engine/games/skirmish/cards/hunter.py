"""The hunter cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    DEATH,
    FRIENDLY,
    RANDOM,
    SELF,
    TARGET,
    TARGET_ADJACENT,
    Aura,
    Buff,
    CardDef,
    Count,
    Destroy,
    Do,
    Draw,
    Hit,
    If,
    LookAndChoose,
    SetStats,
    Summon,
    Trigger,
    TriggerRemote,
    Zone,
)
from pure_engine.games.skirmish.base import (
    BEAST,
    CHARACTERS,
    CHARGE,
    ENEMY_CHARACTERS,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    IMMUNE,
    MINIONS,
    ON_ATTACKED,
    ON_PLAYED,
    ON_REVEALED,
    TAUNT,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards.class_rules import flare
from pure_engine.games.skirmish.cards.copies import SummonRandom
from pure_engine.games.skirmish.cards.define import (
    OTHER_FRIENDLY_MINIONS,
    minion,
    secret,
    spell,
    weapon,
)
from pure_engine.games.skirmish.immune import immune_while_attacking
from pure_engine.games.skirmish.secrets import (
    Misdirect,
    attacker_is_minion,
    board_has_room,
    freezing_trap,
)

__all__ = ["HUNTER"]

HUNTER: Final[tuple[CardDef, ...]] = (
    spell("arcane_shot", 1, "Deal 2 damage.", Hit(TARGET, 2), target=CHARACTERS, cls="hunter"),
    spell("hunters_mark", 1, "Change a minion's Health to 1.", SetStats(TARGET, health=1), target=MINIONS, cls="hunter"),
    spell("tracking", 1, "Look at the top 3 cards of your deck. Draw one and discard the others.", LookAndChoose(3), cls="hunter"),
    spell("kill_command", 3, "Deal 3 damage. If you control a Beast, deal 5 instead.", If(FRIENDLY_MINIONS + BEAST, (Hit(TARGET, 5),), (Hit(TARGET, 3),)), target=CHARACTERS, cls="hunter"),
    spell("feign_death", 2, "Trigger all Deathrattles on your minions.", TriggerRemote(FRIENDLY_MINIONS), cls="hunter"),
    spell("multi_shot", 4, "Deal 3 damage to two random enemy minions.", Hit(RANDOM(ENEMY_MINIONS) * 2, 3), cls="hunter", needs_enemies=2),
    minion("timber_wolf", 1, 1, 1, types=("beast",), aura=Aura(OTHER_FRIENDLY_MINIONS + BEAST, 1, 0), cls="hunter", text="Your other Beasts have +1 Attack."),
    secret("explosive_trap", 2, "hunter", "Secret: When your hero is attacked, deal 2 damage to all enemies.", ON_ATTACKED, FRIENDLY_HERO, Hit(ENEMY_CHARACTERS, 2)),
    secret("freezing_trap", 2, "hunter", "Secret: When an enemy minion attacks, return it to its owner's hand and it costs (2) more.", ON_ATTACKED, FRIENDLY_CHARACTERS, Do(freezing_trap), only_if=(attacker_is_minion,)),
    secret("snake_trap", 2, "hunter", "Secret: When one of your minions is attacked, summon three 1/1 Snakes.", ON_ATTACKED, FRIENDLY_MINIONS, Summon("snake", count=3), only_if=(board_has_room,)),
    secret("snipe", 2, "hunter", "Secret: When your opponent plays a minion, deal 4 damage to it.", ON_PLAYED, ENEMY_MINIONS, Hit(TARGET, 4)),
    minion("king_krush", 9, 8, 8, tags=CHARGE, types=("beast",), cls="hunter", text="Charge"),
    minion("houndmaster", 4, 4, 3, Buff(TARGET, 2, 2, tags=TAUNT), target=FRIENDLY_MINIONS + BEAST, cls="hunter", text="Battlecry: give a friendly Beast +2/+2 and Taunt."),
    minion("scavenging_hyena", 2, 2, 2, types=("beast",), triggers=(Trigger(DEATH, (Buff(SELF, 2, 1),), FRIENDLY + Zone("graveyard") + BEAST),), cls="hunter", text="Whenever a friendly Beast dies, gain +2/+1."),
    minion("starving_buzzard", 2, 2, 1, types=("beast",), triggers=(Trigger(SkirmishEvent.SUMMON, (Draw(),), OTHER_FRIENDLY_MINIONS + BEAST),), cls="hunter", text="Whenever you summon a Beast, draw a card."),
    spell("deadly_shot", 3, "Destroy a random enemy minion.", Destroy(RANDOM(ENEMY_MINIONS)), cls="hunter", needs_enemies=1),
    # the rest of the Basic and Classic hunter cards
    spell("animal_companion", 3, "Summon a random Beast Companion.", SummonRandom(("misha", "leokk", "huffer")), cls="hunter", needs_room=True),
    spell("unleash_the_hounds", 3, "For each enemy minion, summon a 1/1 Hound with Charge.", Summon("hound", count=Count(ENEMY_MINIONS)), cls="hunter", needs_room=True, needs_enemies=1),
    spell("explosive_shot", 5, "Deal 5 damage to a minion and 2 damage to adjacent ones.", Hit(TARGET, 5), Hit(TARGET_ADJACENT, 2), target=MINIONS, cls="hunter"),
    spell("flare", 1, "All minions lose Stealth. Destroy all enemy Secrets. Draw a card.", Do(flare), Draw(), cls="hunter"),
    minion("savannah_highmane", 6, 6, 5, types=("beast",), deathrattle=(Summon("hyena", count=2),), cls="hunter", text="Deathrattle: summon two 2/2 Hyenas."),
    secret("misdirection", 2, "hunter", "Secret: When an enemy attacks your hero, instead it attacks another random character.", ON_ATTACKED, FRIENDLY_HERO, Misdirect()),
    minion("tundra_rhino", 5, 2, 5, types=("beast",), aura=Aura(FRIENDLY_MINIONS + BEAST, tags=CHARGE), cls="hunter", text="Your Beasts have Charge."),
    weapon("eaglehorn_bow", 3, 3, 2, "hunter", text="Whenever a friendly Secret is revealed, gain +1 Durability.", triggers=(Trigger(ON_REVEALED, (Buff(SELF, 0, 1),), FRIENDLY + Zone("graveyard"), zones=("weapon",)),)),
    # Immune (skirmish/immune.py): for a turn, and while the hero attacks
    spell("bestial_wrath", 1, "Give a friendly Beast +2 Attack and Immune this turn.", Buff(TARGET, 2, tags=IMMUNE, one_turn=True), target=FRIENDLY_MINIONS + BEAST, cls="hunter"),
    immune_while_attacking(weapon("gladiators_longbow", 7, 5, 2, "hunter", text="Your hero is Immune while attacking.")),
)  # fmt: skip
"""The hunter cards of the Basic and Classic sets."""
