"""The skirmish card set: each card in a line or a few, written with the kit's DSL.

Card data (costs, stats, text) follow the Basic and Classic sets of the
reference game; names are its English names in snake_case, so puzzle files
can name them.  Tokens (``whelp``, ``damaged_golem``...), hero cards
(``hero_mage``...) and hero powers (``fireblast``...) are cards too, marked
``collectible=False`` in ``extra``.

>>> len(COLLECTIBLE) >= 60, "fireball" in COLLECTIBLE, "whelp" in COLLECTIBLE
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pure_engine.cards import (
    ADJACENT,
    ATK,
    COST,
    DEATH,
    ENEMY,
    FRIENDLY,
    OTHER,
    RANDOM,
    SELF,
    TARGET,
    Armor,
    Aura,
    Buff,
    CardDef,
    ChooseOne,
    ChooseTarget,
    Count,
    Destroy,
    Discard,
    Do,
    Draw,
    Effect,
    ForEach,
    Freeze,
    GiveTag,
    HasStatus,
    HasTag,
    HasType,
    Heal,
    Hit,
    If,
    LookAndChoose,
    Player,
    RandomNumber,
    ReturnToHand,
    SearchDeck,
    Selector,
    Silence,
    Summon,
    Transform,
    Trigger,
    TriggerRemote,
    Zone,
)
from pure_engine.cards.runtime import FROZEN, CardState, Frame, is_alive
from pure_engine.games.skirmish.base import (
    BEAST,
    CANT_ATTACK,
    CHARACTERS,
    CHARGE,
    DAMAGED,
    DIVINE_SHIELD,
    ELUSIVE,
    ENEMY_CHARACTERS,
    ENEMY_HERO,
    ENEMY_MINIONS,
    FRIENDLY_CHARACTERS,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    HERO_ZONES,
    MINIONS,
    POISONOUS,
    SPELLPOWER,
    STEALTH,
    TAUNT,
    UNDAMAGED,
    WINDFURY,
    SkirmishEvent,
)
from pure_engine.games.skirmish.cards_effects import (
    TOTEMS,
    Missiles,
    SummonRandomTotem,
    TakeControl,
    board_not_full,
    combo,
    dagger,
    draw_cheaper,
    equip,
    gain_mana,
    health_to_one,
    opponent_crystal,
)

__all__ = ["CARDS", "CLASSES", "COLLECTIBLE", "TOTEMS", "equip", "targetable"]

CLASSES: Final = (
    "mage", "hunter", "warlock", "druid", "paladin", "priest", "rogue", "warrior", "shaman",
)  # fmt: skip
"""The hero classes, each with a hero card ``hero_<class>`` and a hero power."""


def targetable(selector: Selector) -> Selector:
    """*selector* without the enemy's stealthed minions (which cannot be targeted)."""
    return selector - (ENEMY + MINIONS + HasTag(STEALTH, "STEALTH"))


def spell_targetable(selector: Selector) -> Selector:
    """:func:`targetable`, and without the minions spells and hero powers cannot target."""
    return targetable(selector) - (MINIONS + HasTag(ELUSIVE, "ELUSIVE"))


def _name(key: str) -> str:
    return " ".join(w.capitalize() for w in key.split("_"))


def minion(
    key: str,
    cost: int,
    attack: int,
    health: int,
    *effects: Effect,
    tags: int = 0,
    types: tuple[str, ...] = (),
    text: str = "",
    deathrattle: tuple[Effect, ...] = (),
    triggers: tuple[Trigger, ...] = (),
    aura: Aura | None = None,
    target: Selector | None = None,
    cls: str = "neutral",
    collectible: bool = True,
    spell_power: int = 1,
) -> CardDef:
    """A minion: *effects* are its battlecry (run when it is played from the hand)."""
    return CardDef(
        key, _name(key), frozenset({"minion", *types}), cost, attack, health, tags, text,
        play=effects, deathrattle=deathrattle, triggers=triggers, aura=aura,
        target=None if target is None else targetable(target),
        extra={"class": cls, "collectible": collectible, "spell_power": spell_power},
    )  # fmt: skip


def spell(
    key: str, cost: int, text: str, *effects: Effect, target: Selector | None = None,
    cls: str = "neutral", collectible: bool = True, spell_damage: str = "damage",
    needs_weapon: bool = False, needs_room: bool = False,
) -> CardDef:  # fmt: skip
    """A spell: *effects* run when it is cast (on *target* when it has one: it then needs one).

    ``spell_damage="missiles"``: spell damage adds missiles (:class:`.Missiles`), not damage;
    ``needs_weapon`` / ``needs_room``: it can be cast only while its caster has a weapon / room
    for a minion on the board.
    """
    return CardDef(
        key, _name(key), frozenset({"spell"}), cost, text=text, play=effects,
        target=None if target is None else spell_targetable(target),
        extra={
            "class": cls, "collectible": collectible, "spell_damage": spell_damage,
            "needs_weapon": needs_weapon, "needs_room": needs_room,
        },
    )  # fmt: skip


def weapon(
    key: str, cost: int, attack: int, durability: int, cls: str, *effects: Effect,
    target: Selector | None = None, text: str = "", collectible: bool = True,
) -> CardDef:  # fmt: skip
    """A weapon: its health is its durability; *effects* are its battlecry."""
    return CardDef(
        key, _name(key), frozenset({"weapon"}), cost, attack, durability, text=text,
        play=effects, target=None if target is None else targetable(target),
        extra={"class": cls, "collectible": collectible},
    )  # fmt: skip


def power(
    key: str, cls: str, text: str, *effects: Effect, target: Selector | None = None
) -> CardDef:
    """A hero power (cost 2, once a turn)."""
    return CardDef(
        key, _name(key), frozenset({"hero_power"}), 2, text=text, play=effects,
        target=None if target is None else spell_targetable(target),
        extra={"class": cls, "collectible": False},
    )  # fmt: skip


def hero(cls: str, hero_power: str) -> CardDef:
    """The hero card of a class (30 health)."""
    return CardDef(
        f"hero_{cls}", _name(cls), frozenset({"hero"}), 0, 0, 30,
        extra={"class": cls, "collectible": False, "power": hero_power},
    )  # fmt: skip


# --- the cards --------------------------------------------------------------------------------

DECK_MINION: Final = FRIENDLY + Zone("deck") + HasType("minion")
OTHER_FRIENDLY_MINIONS: Final = FRIENDLY_MINIONS + OTHER
YOUR_TURN: Final = FRIENDLY_HERO  # a turn event's subject is the hero whose turn it is
YOUR_SPELLS: Final = FRIENDLY + Zone("graveyard") + HasType("spell")  # a spell just cast
ENRAGED: Final = SELF + DAMAGED
"""Enrage as an aura on itself: the bonus holds while the minion is damaged."""


def _low_health(state: CardState, frame: Frame) -> bool:
    """The caster's hero has 12 or less Health (Mortal Strike)."""
    hero = state.table.entities[state.table.zones[HERO_ZONES[frame.ctx.controller]][0]]
    return hero.health - hero.damage <= 12


def _target_survives(state: CardState, frame: Frame) -> bool:
    target = frame.ctx.target
    return target is not None and is_alive(state.table.entities[target])


def _t(key: str, cost: int, attack: int, health: int, tags: int = 0, *types: str) -> CardDef:
    """A token (not collectible)."""
    return minion(key, cost, attack, health, tags=tags, types=types, collectible=False)


CARDS: Final[tuple[CardDef, ...]] = (
    # neutral minions
    minion("wisp", 0, 1, 1),
    minion("argent_squire", 1, 1, 1, tags=DIVINE_SHIELD),
    minion("leper_gnome", 1, 2, 1, deathrattle=(Hit(ENEMY_HERO, 2),), text="Deathrattle: deal 2 damage to the enemy hero."),
    minion("abusive_sergeant", 1, 1, 1, Buff(TARGET, 2, one_turn=True), target=MINIONS, text="Battlecry: give a minion +2 Attack this turn."),
    minion("elven_archer", 1, 1, 1, Hit(TARGET, 1), target=CHARACTERS, text="Battlecry: deal 1 damage."),
    minion("stonetusk_boar", 1, 1, 1, tags=CHARGE, types=("beast",)),
    minion("murloc_raider", 1, 2, 1, types=("murloc",)),
    minion("voodoo_doctor", 1, 2, 1, Heal(TARGET, 2), target=CHARACTERS, text="Battlecry: restore 2 health."),
    minion("worgen_infiltrator", 1, 2, 1, tags=STEALTH),
    minion("young_dragonhawk", 1, 1, 1, tags=WINDFURY, types=("beast",)),
    minion("bloodfen_raptor", 2, 3, 2, types=("beast",)),
    minion("river_crocolisk", 2, 2, 3, types=("beast",)),
    minion("bluegill_warrior", 2, 2, 1, tags=CHARGE, types=("murloc",)),
    minion("frostwolf_grunt", 2, 2, 2, tags=TAUNT),
    minion("kobold_geomancer", 2, 2, 2, tags=SPELLPOWER),
    minion("novice_engineer", 2, 1, 1, Draw(), text="Battlecry: draw a card."),
    minion("loot_hoarder", 2, 2, 1, deathrattle=(Draw(),), text="Deathrattle: draw a card."),
    minion("knife_juggler", 2, 2, 2, triggers=(Trigger(SkirmishEvent.SUMMONED, (Hit(RANDOM(ENEMY_CHARACTERS), 1),), OTHER_FRIENDLY_MINIONS),), text="After you summon a minion, deal 1 damage to a random enemy."),
    minion("dire_wolf_alpha", 2, 2, 2, types=("beast",), aura=Aura(ADJACENT, 1, 0), text="Adjacent minions have +1 Attack."),
    minion("mad_scientist", 2, 2, 2, deathrattle=(If(board_not_full, (SearchDeck(DECK_MINION + (COST <= 3), to="board"),)),), text="Deathrattle: put a minion costing 3 or less from your deck into play."),
    minion("acidic_swamp_ooze", 2, 3, 2, Destroy(ENEMY + Zone("weapon")), text="Battlecry: destroy your opponent's weapon."),
    minion("murloc_tidehunter", 2, 2, 1, Summon("murloc_scout"), types=("murloc",), text="Battlecry: summon a 1/1 Murloc Scout."),
    minion("raid_leader", 3, 2, 2, aura=Aura(OTHER_FRIENDLY_MINIONS, 1, 0), text="Your other minions have +1 Attack."),
    minion("wolfrider", 3, 3, 1, tags=CHARGE),
    minion("ironbeak_owl", 3, 2, 1, Silence(TARGET), types=("beast",), target=MINIONS, text="Battlecry: silence a minion."),
    minion("harvest_golem", 3, 2, 3, deathrattle=(Summon("damaged_golem"),), text="Deathrattle: summon a 2/1 Damaged Golem."),
    minion("arcane_golem", 3, 4, 2, Do(opponent_crystal), tags=CHARGE, text="Charge. Battlecry: give your opponent a Mana Crystal."),
    minion("shattered_sun_cleric", 3, 3, 2, Buff(TARGET, 1, 1), target=FRIENDLY_MINIONS, text="Battlecry: give a friendly minion +1/+1."),
    minion("ironforge_rifleman", 3, 2, 2, Hit(TARGET, 1), target=CHARACTERS, text="Battlecry: deal 1 damage."),
    minion("razorfen_hunter", 3, 2, 3, Summon("boar"), text="Battlecry: summon a 1/1 Boar."),
    minion("ironfur_grizzly", 3, 3, 3, tags=TAUNT, types=("beast",)),
    minion("magma_rager", 3, 5, 1),
    minion("silverback_patriarch", 3, 1, 4, tags=TAUNT, types=("beast",)),
    minion("jungle_panther", 3, 4, 2, tags=STEALTH, types=("beast",)),
    minion("thrallmar_farseer", 3, 2, 3, tags=WINDFURY),
    minion("acolyte_of_pain", 3, 1, 3, triggers=(Trigger(SkirmishEvent.DAMAGED, (Draw(),), SELF),), text="Whenever this minion takes damage, draw a card."),
    minion("dalaran_mage", 3, 1, 4, tags=SPELLPOWER),
    minion("chillwind_yeti", 4, 4, 5),
    minion("senjin_shieldmasta", 4, 3, 5, tags=TAUNT),
    minion("gnomish_inventor", 4, 2, 4, Draw(), text="Battlecry: draw a card."),
    minion("ogre_magi", 4, 4, 4, tags=SPELLPOWER),
    minion("defender_of_argus", 4, 2, 3, Buff(ADJACENT, 1, 1, tags=TAUNT), text="Battlecry: give adjacent minions +1/+1 and Taunt."),
    minion("cult_master", 4, 4, 2, triggers=(Trigger(DEATH, (Draw(),), FRIENDLY + Zone("graveyard") + HasType("minion")),), text="Whenever one of your other minions dies, draw a card."),
    minion("leeroy_jenkins", 5, 6, 2, Summon("whelp", Player.OPPONENT, 2), tags=CHARGE, text="Charge. Battlecry: summon two 1/1 Whelps for your opponent."),
    minion("frostwolf_warlord", 5, 4, 4, Buff(SELF, Count(OTHER_FRIENDLY_MINIONS), Count(OTHER_FRIENDLY_MINIONS)), text="Battlecry: gain +1/+1 for each other friendly minion."),
    minion("stormpike_commando", 5, 4, 2, Hit(TARGET, 2), target=CHARACTERS, text="Battlecry: deal 2 damage."),
    minion("darkscale_healer", 5, 4, 5, Heal(FRIENDLY_CHARACTERS, 2), text="Battlecry: restore 2 health to all friendly characters."),
    minion("gurubashi_berserker", 5, 2, 7, triggers=(Trigger(SkirmishEvent.DAMAGED, (Buff(SELF, 3),), SELF),), text="Whenever this minion takes damage, gain +3 Attack."),
    minion("boulderfist_ogre", 6, 6, 7),
    minion("lord_of_the_arena", 6, 6, 5, tags=TAUNT),
    minion("doomsayer", 2, 0, 7, triggers=(Trigger(SkirmishEvent.TURN_START, (Destroy(MINIONS),), YOUR_TURN),), text="At the start of your turn, destroy ALL minions."),
    minion("stormwind_champion", 7, 6, 6, aura=Aura(OTHER_FRIENDLY_MINIONS, 1, 1), text="Your other minions have +1/+1."),
    minion("core_hound", 7, 9, 5, types=("beast",)),
    minion("war_golem", 7, 7, 7),
    # class minions
    minion("flametongue_totem", 2, 0, 3, types=("totem",), aura=Aura(ADJACENT, 2, 0), cls="shaman", text="Adjacent minions have +2 Attack."),
    minion("keeper_of_the_grove", 4, 2, 4, ChooseOne((
        ("deal 2", (ChooseTarget(targetable(CHARACTERS), lambda t: [Hit(t, 2)]),), targetable(CHARACTERS)),
        ("silence", (ChooseTarget(targetable(MINIONS) - SELF, lambda t: [Silence(t)]),), targetable(MINIONS) - SELF),
    )), cls="druid", text="Choose one: deal 2 damage; or silence a minion."),
    minion("druid_of_the_claw", 5, 4, 4, ChooseOne((
        ("cat form", (Transform(SELF, "druid_of_the_claw_cat"),), None),
        ("bear form", (Transform(SELF, "druid_of_the_claw_bear"),), None),
    )), cls="druid", text="Choose one: transform into a 4/4 with Charge; or a 4/6 with Taunt."),
    # spells
    spell("the_coin", 0, "Gain 1 Mana Crystal this turn only.", gain_mana(1), collectible=False),
    spell("innervate", 0, "Gain 2 Mana Crystals this turn only.", gain_mana(2), cls="druid"),
    spell("moonfire", 0, "Deal 1 damage.", Hit(TARGET, 1), target=CHARACTERS, cls="druid"),
    spell("claw", 1, "Give your hero +2 Attack this turn and 2 Armor.", Buff(FRIENDLY_HERO, 2, one_turn=True), Armor(FRIENDLY_HERO, 2), cls="druid"),
    spell("wrath", 2, "Choose one: deal 3 damage to a minion; or 1 damage and draw a card.", ChooseOne((
        ("deal 3", (ChooseTarget(targetable(MINIONS), lambda t: [Hit(t, 3)]),), targetable(MINIONS)),
        ("deal 1, draw", (ChooseTarget(targetable(MINIONS), lambda t: [Hit(t, 1), Draw()]),), targetable(MINIONS)),
    )), cls="druid"),
    spell("savage_roar", 3, "Give your characters +2 Attack this turn.", Buff(FRIENDLY_CHARACTERS, 2, one_turn=True), cls="druid"),
    spell("swipe", 4, "Deal 4 damage to an enemy and 1 damage to all other enemies.", Hit(TARGET, 4), Hit(ENEMY_CHARACTERS - TARGET, 1), target=ENEMY_CHARACTERS, cls="druid"),
    spell("arcane_missiles", 1, "Deal 3 damage randomly split among all enemies.", Missiles(ENEMY_CHARACTERS, 3), cls="mage", spell_damage="missiles"),
    spell("arcane_explosion", 2, "Deal 1 damage to all enemy minions.", Hit(ENEMY_MINIONS, 1), cls="mage"),
    spell("frostbolt", 2, "Deal 3 damage to a character and Freeze it.", Hit(TARGET, 3), Freeze(TARGET), target=CHARACTERS, cls="mage"),
    spell("arcane_intellect", 3, "Draw 2 cards.", Draw(count=2), cls="mage"),
    spell("fireball", 4, "Deal 6 damage.", Hit(TARGET, 6), target=CHARACTERS, cls="mage"),
    spell("polymorph", 4, "Transform a minion into a 1/1 Sheep.", Transform(TARGET, "sheep"), target=MINIONS, cls="mage"),
    spell("flamestrike", 7, "Deal 4 damage to all enemy minions.", Hit(ENEMY_MINIONS, 4), cls="mage"),
    spell("arcane_shot", 1, "Deal 2 damage.", Hit(TARGET, 2), target=CHARACTERS, cls="hunter"),
    spell("hunters_mark", 1, "Change a minion's Health to 1.", Do(health_to_one), target=MINIONS, cls="hunter"),
    spell("tracking", 1, "Look at the top 3 cards of your deck. Draw one and discard the others.", LookAndChoose(3), cls="hunter"),
    spell("kill_command", 3, "Deal 3 damage. If you control a Beast, deal 5 instead.", If(FRIENDLY_MINIONS + BEAST, (Hit(TARGET, 5),), (Hit(TARGET, 3),)), target=CHARACTERS, cls="hunter"),
    spell("feign_death", 2, "Trigger all Deathrattles on your minions.", TriggerRemote(FRIENDLY_MINIONS), cls="hunter"),
    spell("multi_shot", 4, "Deal 3 damage to two random enemy minions.", Hit(RANDOM(ENEMY_MINIONS) * 2, 3), cls="hunter"),
    spell("soulfire", 1, "Deal 4 damage. Discard a random card.", Hit(TARGET, 4), Discard(1), target=CHARACTERS, cls="warlock"),
    spell("mortal_coil", 1, "Deal 1 damage to a minion. If that kills it, draw a card.", Hit(TARGET, 1), If(lambda s, f: f.ctx.target is not None and s.table.entities[f.ctx.target].damage >= s.table.entities[f.ctx.target].health, (Draw(),)), target=MINIONS, cls="warlock"),
    spell("hellfire", 4, "Deal 3 damage to ALL characters.", Hit(CHARACTERS, 3), cls="warlock"),
    spell("power_word_shield", 1, "Give a minion +2 Health. Draw a card.", Buff(TARGET, 0, 2), Draw(), target=MINIONS, cls="priest"),
    spell("holy_smite", 1, "Deal 2 damage.", Hit(TARGET, 2), target=CHARACTERS, cls="priest"),
    spell("mind_blast", 2, "Deal 5 damage to the enemy hero.", Hit(ENEMY_HERO, 5), cls="priest"),
    spell("shadow_word_pain", 2, "Destroy a minion with 3 or less Attack.", Destroy(TARGET), target=MINIONS + (ATK <= 3), cls="priest"),
    spell("shadow_word_death", 3, "Destroy a minion with 5 or more Attack.", Destroy(TARGET), target=MINIONS + (ATK >= 5), cls="priest"),
    spell("backstab", 0, "Deal 2 damage to an undamaged minion.", Hit(TARGET, 2), target=MINIONS + UNDAMAGED, cls="rogue"),
    spell("eviscerate", 2, "Deal 2 damage. Combo: deal 4 instead.", If(combo, (Hit(TARGET, 4),), (Hit(TARGET, 2),)), target=CHARACTERS, cls="rogue"),
    spell("sap", 2, "Return an enemy minion to your opponent's hand.", ReturnToHand(TARGET), target=ENEMY_MINIONS, cls="rogue"),
    spell("fan_of_knives", 3, "Deal 1 damage to all enemy minions. Draw a card.", Hit(ENEMY_MINIONS, 1), Draw(), cls="rogue"),
    spell("sinister_strike", 1, "Deal 3 damage to the enemy hero.", Hit(ENEMY_HERO, 3), cls="rogue"),
    spell("deadly_poison", 1, "Give your weapon +2 Attack.", Buff(FRIENDLY + Zone("weapon"), 2), cls="rogue", needs_weapon=True),
    spell("assassinate", 5, "Destroy an enemy minion.", Destroy(TARGET), target=ENEMY_MINIONS, cls="rogue"),
    spell("blessing_of_kings", 4, "Give a minion +4/+4.", Buff(TARGET, 4, 4), target=MINIONS, cls="paladin"),
    spell("blessing_of_might", 1, "Give a minion +3 Attack.", Buff(TARGET, 3), target=MINIONS, cls="paladin"),
    spell("consecration", 4, "Deal 2 damage to all enemies.", Hit(ENEMY_CHARACTERS, 2), cls="paladin"),
    spell("hammer_of_wrath", 4, "Deal 3 damage. Draw a card.", Hit(TARGET, 3), Draw(), target=CHARACTERS, cls="paladin"),
    spell("lightning_storm", 3, "Deal 2-3 damage to all enemy minions.", ForEach(ENEMY_MINIONS, lambda m: [Hit(m, RandomNumber(2, 3))]), cls="shaman"),
    spell("bloodlust", 5, "Give your minions +3 Attack this turn.", Buff(FRIENDLY_MINIONS, 3, one_turn=True), cls="shaman"),
    spell("hex", 3, "Transform a minion into a 0/1 Frog with Taunt.", Transform(TARGET, "frog"), target=MINIONS, cls="shaman"),
    spell("far_sight", 3, "Draw a card. That card costs (3) less.", draw_cheaper(3), cls="shaman"),
    spell("execute", 1, "Destroy a damaged enemy minion.", Destroy(TARGET), target=ENEMY_MINIONS + DAMAGED, cls="warrior"),
    spell("whirlwind", 1, "Deal 1 damage to ALL minions.", Hit(MINIONS, 1), cls="warrior"),
    spell("shield_block", 3, "Gain 5 Armor. Draw a card.", Armor(FRIENDLY_HERO, 5), Draw(), cls="warrior"),
    spell("charge", 3, "Give a friendly minion Charge.", Buff(TARGET, 2, tags=CHARGE), target=FRIENDLY_MINIONS, cls="warrior"),
    # more Basic and Classic neutral minions
    minion("goldshire_footman", 1, 1, 2, tags=TAUNT),
    minion("angry_chicken", 1, 1, 1, types=("beast",), aura=Aura(ENRAGED, 5, 0), text="Enrage: +5 Attack."),
    minion("lightwarden", 1, 1, 2, triggers=(Trigger(SkirmishEvent.HEALED, (Buff(SELF, 2),), CHARACTERS),), text="Whenever a character is healed, gain +2 Attack."),
    minion("amani_berserker", 2, 2, 3, aura=Aura(ENRAGED, 3, 0), text="Enrage: +3 Attack."),
    minion("bloodmage_thalnos", 2, 1, 1, tags=SPELLPOWER, deathrattle=(Draw(),), text="Spell Damage +1. Deathrattle: draw a card."),
    minion("wild_pyromancer", 2, 3, 2, triggers=(Trigger(SkirmishEvent.PLAYED, (Hit(MINIONS, 1),), YOUR_SPELLS),), text="After you cast a spell, deal 1 damage to ALL minions."),
    minion("scarlet_crusader", 3, 3, 1, tags=DIVINE_SHIELD),
    minion("tauren_warrior", 3, 2, 3, tags=TAUNT, aura=Aura(ENRAGED, 3, 0), text="Taunt. Enrage: +3 Attack."),
    minion("earthen_ring_farseer", 3, 3, 3, Heal(TARGET, 3), target=CHARACTERS, text="Battlecry: restore 3 Health."),
    minion("emperor_cobra", 3, 2, 3, tags=POISONOUS, types=("beast",)),
    minion("injured_blademaster", 3, 4, 7, Hit(SELF, 4), text="Battlecry: deal 4 damage to HIMSELF."),
    minion("questing_adventurer", 3, 2, 2, triggers=(Trigger(SkirmishEvent.PLAYED, (Buff(SELF, 1, 1),), FRIENDLY + (Zone("graveyard") | Zone("board") | Zone("weapon")) + OTHER),), text="Whenever you play a card, gain +1/+1."),
    minion("flesheating_ghoul", 3, 2, 3, triggers=(Trigger(DEATH, (Buff(SELF, 1),), Zone("graveyard") + HasType("minion")),), text="Whenever a minion dies, gain +1 Attack."),
    minion("oasis_snapjaw", 4, 2, 7, types=("beast",)),
    minion("stormwind_knight", 4, 2, 5, tags=CHARGE),
    minion("silvermoon_guardian", 4, 3, 3, tags=DIVINE_SHIELD),
    minion("dark_iron_dwarf", 4, 4, 4, Buff(TARGET, 2, one_turn=True), target=MINIONS, text="Battlecry: give a minion +2 Attack this turn."),
    minion("spellbreaker", 4, 4, 3, Silence(TARGET), target=MINIONS, text="Battlecry: silence a minion."),
    minion("violet_teacher", 4, 3, 5, triggers=(Trigger(SkirmishEvent.PLAYED, (Summon("violet_apprentice"),), YOUR_SPELLS),), text="Whenever you cast a spell, summon a 1/1 Violet Apprentice."),
    minion("booty_bay_bodyguard", 5, 5, 4, tags=TAUNT),
    minion("fen_creeper", 5, 3, 6, tags=TAUNT),
    minion("abomination", 5, 4, 4, tags=TAUNT, deathrattle=(Hit(CHARACTERS, 2),), text="Taunt. Deathrattle: deal 2 damage to ALL characters."),
    minion("azure_drake", 5, 4, 4, Draw(), tags=SPELLPOWER, types=("dragon",), text="Spell Damage +1. Battlecry: draw a card."),
    minion("gadgetzan_auctioneer", 6, 4, 4, triggers=(Trigger(SkirmishEvent.PLAYED, (Draw(),), YOUR_SPELLS),), text="Whenever you cast a spell, draw a card."),
    minion("archmage", 6, 4, 7, tags=SPELLPOWER),
    minion("reckless_rocketeer", 6, 5, 2, tags=CHARGE),
    minion("argent_commander", 6, 4, 2, tags=CHARGE | DIVINE_SHIELD),
    minion("sunwalker", 6, 4, 5, tags=TAUNT | DIVINE_SHIELD),
    minion("windfury_harpy", 6, 4, 5, tags=WINDFURY),
    minion("priestess_of_elune", 6, 5, 4, Heal(FRIENDLY_HERO, 4), text="Battlecry: restore 4 Health to your hero."),
    minion("frost_elemental", 6, 5, 5, Freeze(TARGET), target=CHARACTERS, text="Battlecry: freeze a character."),
    minion("cairne_bloodhoof", 6, 4, 5, deathrattle=(Summon("baine_bloodhoof"),), text="Deathrattle: summon a 4/5 Baine Bloodhoof."),
    minion("ravenholdt_assassin", 7, 7, 5, tags=STEALTH),
    # more Basic and Classic class cards
    minion("mana_wyrm", 1, 1, 3, triggers=(Trigger(SkirmishEvent.PLAYED, (Buff(SELF, 1),), YOUR_SPELLS),), cls="mage", text="Whenever you cast a spell, gain +1 Attack."),
    spell("ice_lance", 1, "Freeze a character. If it was already Frozen, deal 4 damage instead.", If(TARGET + HasStatus(FROZEN, "FROZEN"), (Hit(TARGET, 4),), (Freeze(TARGET),)), target=CHARACTERS, cls="mage"),
    spell("frost_nova", 3, "Freeze all enemy minions.", Freeze(ENEMY_MINIONS), cls="mage"),
    spell("blizzard", 6, "Deal 2 damage to all enemy minions and Freeze them.", Hit(ENEMY_MINIONS, 2), Freeze(ENEMY_MINIONS), cls="mage"),
    spell("pyroblast", 10, "Deal 10 damage.", Hit(TARGET, 10), target=CHARACTERS, cls="mage"),
    spell("healing_touch", 3, "Restore 8 Health.", Heal(TARGET, 8), target=CHARACTERS, cls="druid"),
    spell("mark_of_the_wild", 2, "Give a minion Taunt and +2/+2.", Buff(TARGET, 2, 2, tags=TAUNT), target=MINIONS, cls="druid"),
    spell("starfire", 6, "Deal 5 damage. Draw a card.", Hit(TARGET, 5), Draw(), target=CHARACTERS, cls="druid"),
    minion("voidwalker", 1, 1, 3, tags=TAUNT, types=("demon",), cls="warlock"),
    spell("shadow_bolt", 3, "Deal 4 damage to a minion.", Hit(TARGET, 4), target=MINIONS, cls="warlock"),
    spell("drain_life", 3, "Deal 2 damage. Restore 2 Health to your hero.", Hit(TARGET, 2), Heal(FRIENDLY_HERO, 2), target=CHARACTERS, cls="warlock"),
    minion("northshire_cleric", 1, 1, 3, triggers=(Trigger(SkirmishEvent.HEALED, (Draw(),), MINIONS),), cls="priest", text="Whenever a minion is healed, draw a card."),
    spell("holy_nova", 5, "Deal 2 damage to all enemies. Restore 2 Health to all friendly characters.", Hit(ENEMY_CHARACTERS, 2), Heal(FRIENDLY_CHARACTERS, 2), cls="priest"),
    spell("holy_fire", 6, "Deal 5 damage. Restore 5 Health to your hero.", Hit(TARGET, 5), Heal(FRIENDLY_HERO, 5), target=CHARACTERS, cls="priest"),
    spell("shiv", 2, "Deal 1 damage. Draw a card.", Hit(TARGET, 1), Draw(), target=CHARACTERS, cls="rogue"),
    spell("sprint", 7, "Draw 4 cards.", Draw(count=4), cls="rogue"),
    spell("vanish", 6, "Return all minions to their owner's hand.", ReturnToHand(MINIONS), cls="rogue"),
    spell("hand_of_protection", 1, "Give a minion Divine Shield.", GiveTag(TARGET, DIVINE_SHIELD), target=MINIONS, cls="paladin"),
    minion("argent_protector", 2, 2, 2, GiveTag(TARGET, DIVINE_SHIELD), target=FRIENDLY_MINIONS - SELF, cls="paladin", text="Battlecry: give a friendly minion Divine Shield."),
    spell("frost_shock", 1, "Deal 1 damage to an enemy character and Freeze it.", Hit(TARGET, 1), Freeze(TARGET), target=ENEMY_CHARACTERS, cls="shaman"),
    spell("earth_shock", 1, "Silence a minion, then deal 1 damage to it.", Silence(TARGET), Hit(TARGET, 1), target=MINIONS, cls="shaman"),
    spell("rockbiter_weapon", 1, "Give a friendly character +3 Attack this turn.", Buff(TARGET, 3, one_turn=True), target=FRIENDLY_CHARACTERS, cls="shaman"),
    minion("fire_elemental", 6, 6, 5, Hit(TARGET, 3), target=CHARACTERS, cls="shaman", text="Battlecry: deal 3 damage."),
    spell("heroic_strike", 2, "Give your hero +4 Attack this turn.", Buff(FRIENDLY_HERO, 4, one_turn=True), cls="warrior"),
    spell("mortal_strike", 4, "Deal 4 damage. If you have 12 or less Health, deal 6 instead.", If(_low_health, (Hit(TARGET, 6),), (Hit(TARGET, 4),)), target=CHARACTERS, cls="warrior"),
    spell("slam", 2, "Deal 2 damage to a minion. If it survives, draw a card.", Hit(TARGET, 2), If(_target_survives, (Draw(),)), target=MINIONS, cls="warrior"),
    minion("armorsmith", 2, 1, 4, triggers=(Trigger(SkirmishEvent.DAMAGED, (Armor(FRIENDLY_HERO, 1),), FRIENDLY_MINIONS),), cls="warrior", text="Whenever a friendly minion takes damage, gain 1 Armor."),
    minion("frothing_berserker", 3, 2, 4, triggers=(Trigger(SkirmishEvent.DAMAGED, (Buff(SELF, 1),), MINIONS),), cls="warrior", text="Whenever a minion takes damage, gain +1 Attack."),
    minion("grommash_hellscream", 8, 4, 9, tags=CHARGE, aura=Aura(ENRAGED, 6, 0), cls="warrior", text="Charge. Enrage: +6 Attack."),
    minion("twilight_drake", 4, 4, 1, Buff(SELF, 0, Count(FRIENDLY + Zone("hand"))), types=("dragon",), text="Battlecry: gain +1 Health for each card in your hand."),
    minion("sylvanas_windrunner", 6, 5, 5, deathrattle=(TakeControl(RANDOM(ENEMY_MINIONS)),), text="Deathrattle: take control of a random enemy minion."),
    minion("malygos", 9, 4, 12, tags=SPELLPOWER, spell_power=5, types=("dragon",), text="Spell Damage +5."),
    spell("mind_control", 10, "Take control of an enemy minion.", TakeControl(TARGET), target=ENEMY_MINIONS, cls="priest", needs_room=True),
    minion("faerie_dragon", 2, 3, 2, tags=ELUSIVE, types=("dragon",), text="Can't be targeted by spells or Hero Powers."),
    minion("ancient_watcher", 2, 4, 5, tags=CANT_ATTACK, text="Can't attack."),
    minion("ragnaros_the_firelord", 8, 8, 8, tags=CANT_ATTACK, triggers=(Trigger(SkirmishEvent.TURN_END, (Hit(RANDOM(ENEMY_CHARACTERS), 8),), YOUR_TURN),), text="Can't attack. At the end of your turn, deal 8 damage to a random enemy."),
    weapon("perditions_blade", 3, 2, 2, "rogue", If(combo, (Hit(TARGET, 2),), (Hit(TARGET, 1),)), target=CHARACTERS, text="Battlecry: deal 1 damage. Combo: deal 2 instead."),
    minion("timber_wolf", 1, 1, 1, types=("beast",), aura=Aura(OTHER_FRIENDLY_MINIONS + BEAST, 1, 0), cls="hunter", text="Your other Beasts have +1 Attack."),
    # weapons
    weapon("fiery_war_axe", 2, 3, 2, "warrior"),
    weapon("arcanite_reaper", 5, 5, 2, "warrior"),
    weapon("lights_justice", 1, 1, 4, "paladin"),
    weapon("assassins_blade", 5, 3, 4, "rogue"),
    weapon("wicked_knife", 1, 1, 2, "rogue", collectible=False),
    # tokens
    _t("damaged_golem", 1, 2, 1),
    _t("violet_apprentice", 0, 1, 1),
    _t("baine_bloodhoof", 4, 4, 5),
    _t("whelp", 1, 1, 1, 0, "dragon"),
    _t("boar", 1, 1, 1, 0, "beast"),
    _t("murloc_scout", 0, 1, 1, 0, "murloc"),
    _t("silver_hand_recruit", 1, 1, 1),
    _t("sheep", 1, 1, 1, 0, "beast"),
    _t("frog", 0, 0, 1, TAUNT, "beast"),
    _t("druid_of_the_claw_cat", 5, 4, 4, CHARGE, "beast"),
    _t("druid_of_the_claw_bear", 5, 4, 6, TAUNT, "beast"),
    minion("healing_totem", 1, 0, 2, types=("totem",), triggers=(Trigger(SkirmishEvent.TURN_END, (Heal(FRIENDLY_MINIONS, 1),), YOUR_TURN),), collectible=False),
    _t("searing_totem", 1, 1, 1, 0, "totem"),
    _t("stoneclaw_totem", 1, 0, 2, TAUNT, "totem"),
    _t("wrath_of_air_totem", 1, 0, 2, SPELLPOWER, "totem"),
    # heroes and hero powers
    *(hero(cls, hp) for cls, hp in (
        ("mage", "fireblast"), ("hunter", "steady_shot"), ("warlock", "life_tap"),
        ("druid", "shapeshift"), ("paladin", "reinforce"), ("priest", "lesser_heal"),
        ("rogue", "dagger_mastery"), ("warrior", "armor_up"), ("shaman", "totemic_call"),
    )),
    power("fireblast", "mage", "Deal 1 damage.", Hit(TARGET, 1), target=CHARACTERS),
    power("steady_shot", "hunter", "Deal 2 damage to the enemy hero.", Hit(ENEMY_HERO, 2)),
    power("life_tap", "warlock", "Draw a card and take 2 damage.", Draw(), Hit(FRIENDLY_HERO, 2)),
    power("shapeshift", "druid", "+1 Attack this turn. +1 Armor.", Buff(FRIENDLY_HERO, 1, one_turn=True), Armor(FRIENDLY_HERO, 1)),
    power("reinforce", "paladin", "Summon a 1/1 Silver Hand Recruit.", Summon("silver_hand_recruit")),
    power("lesser_heal", "priest", "Restore 2 Health.", Heal(TARGET, 2), target=CHARACTERS),
    power("dagger_mastery", "rogue", "Equip a 1/2 Dagger.", Do(dagger)),
    power("armor_up", "warrior", "Gain 2 Armor.", Armor(FRIENDLY_HERO, 2)),
    power("totemic_call", "shaman", "Summon a random Totem.", SummonRandomTotem()),
)  # fmt: skip
"""Every card, token, hero and hero power."""

DEFS: Final[Mapping[str, CardDef]] = {card.key: card for card in CARDS}
COLLECTIBLE: Final = frozenset(key for key, card in DEFS.items() if card.extra["collectible"])
"""The cards a deck, a hand or a puzzle may name."""
_ = (POISONOUS,)  # a keyword puzzles may give; no card in the set prints it
