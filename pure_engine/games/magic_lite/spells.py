"""The instants, sorceries, auras and enchantments of magic_lite, in the card DSL.

Instants make priority matter (Giant Growth in combat, Counterspell on the
stack, Lightning Bolt at the end of a turn); auras attach to their target
(:func:`~.dsl.attach`: buffs the kit keeps, so they are undone exactly);
Glorious Anthem is a kit ``Aura``, recomputed from the board.

>>> [c.name for c in SPELL_CARDS if "instant" in c.types][:3]
['Giant Growth', 'Titanic Growth', 'Lightning Bolt']
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    FRIENDLY,
    SELF,
    TARGET,
    Aura,
    Buff,
    CardDef,
    Destroy,
    Draw,
    HasType,
    Heal,
    Hit,
    Mode,
    Prevent,
    ReturnToHand,
    Trigger,
)
from pure_engine.games.magic_lite.dsl import (
    ANY_TARGET,
    CREATURES,
    PLAYERS,
    SPELLS,
    YOU,
    at_beginning,
    attach,
    card,
    counter_target,
    exile_gain_power,
)
from pure_engine.games.magic_lite.state import PACIFIED, TRAMPLE, MagicEvent

__all__ = ["SPELL_CARDS"]

SPELL_CARDS: Final[tuple[CardDef, ...]] = (
    # green
    card(
        "giant_growth",
        "Giant Growth",
        "G",
        ("instant",),
        "Target creature gets +3/+3 until end of turn.",
        target=CREATURES,
        play=(Buff(TARGET, 3, 3, one_turn=True),),
    ),
    card(
        "titanic_growth",
        "Titanic Growth",
        "1G",
        ("instant",),
        "Target creature gets +4/+4 until end of turn.",
        target=CREATURES,
        play=(Buff(TARGET, 4, 4, one_turn=True),),
    ),
    card(
        "rancor",
        "Rancor",
        "G",
        ("enchantment", "aura"),
        "Enchant creature. Enchanted creature gets +2/+0 and has trample. When Rancor is put "
        "into a graveyard from the battlefield, return Rancor to its owner's hand.",
        target=CREATURES,
        play=(attach(attack=2, tags=TRAMPLE),),
        triggers=(Trigger(MagicEvent.TO_GRAVEYARD, (ReturnToHand(SELF),), SELF, ("graveyard",)),),
    ),
    card(
        "overrun",
        "Overrun",
        "2GGG",
        ("sorcery",),
        "Creatures you control get +3/+3 and gain trample until end of turn.",
        play=(Buff(FRIENDLY + CREATURES, 3, 3, TRAMPLE, one_turn=True),),
    ),
    # red
    card(
        "lightning_bolt",
        "Lightning Bolt",
        "R",
        ("instant",),
        "Lightning Bolt deals 3 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 3),),
    ),
    card(
        "shock",
        "Shock",
        "R",
        ("instant",),
        "Shock deals 2 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 2),),
    ),
    card(
        "searing_spear",
        "Searing Spear",
        "1R",
        ("instant",),
        "Searing Spear deals 3 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 3),),
    ),
    card(
        "volcanic_hammer",
        "Volcanic Hammer",
        "1R",
        ("sorcery",),
        "Volcanic Hammer deals 3 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 3),),
    ),
    card(
        "lava_spike",
        "Lava Spike",
        "R",
        ("sorcery",),
        "Lava Spike deals 3 damage to target player.",
        target=PLAYERS,
        play=(Hit(TARGET, 3),),
    ),
    # white
    card(
        "healing_salve",
        "Healing Salve",
        "W",
        ("instant",),
        "Choose one — Target player gains 3 life; or prevent the next 3 damage that would be "
        "dealt to any target this turn.",
        modes=(
            Mode("gain 3 life", (Heal(TARGET, 3),), PLAYERS),
            Mode("prevent 3 damage", (Prevent(TARGET, 3),), ANY_TARGET),
        ),
    ),
    card(
        "swords_to_plowshares",
        "Swords to Plowshares",
        "W",
        ("instant",),
        "Exile target creature. Its controller gains life equal to its power.",
        target=CREATURES,
        play=(exile_gain_power,),
    ),
    card(
        "pacifism",
        "Pacifism",
        "1W",
        ("enchantment", "aura"),
        "Enchanted creature can't attack or block.",
        target=CREATURES,
        play=(attach(tags=PACIFIED),),
    ),
    card(
        "holy_strength",
        "Holy Strength",
        "W",
        ("enchantment", "aura"),
        "Enchanted creature gets +1/+2.",
        target=CREATURES,
        play=(attach(attack=1, health=2),),
    ),
    card(
        "glorious_anthem",
        "Glorious Anthem",
        "1WW",
        ("enchantment",),
        "Creatures you control get +1/+1.",
        aura=Aura(FRIENDLY + CREATURES, 1, 1),
    ),
    card(
        "rallying_pennant",
        "Rallying Pennant",
        "2W",
        ("enchantment",),
        "At the beginning of combat on your turn, creatures you control get +1/+0 "
        "until end of turn.",
        triggers=(
            at_beginning(MagicEvent.BEGIN_COMBAT, Buff(FRIENDLY + CREATURES, 1, 0, one_turn=True)),
        ),
    ),
    # blue
    card(
        "counterspell",
        "Counterspell",
        "UU",
        ("instant",),
        "Counter target spell.",
        target=SPELLS,
        play=(counter_target,),
    ),
    card(
        "unsummon",
        "Unsummon",
        "U",
        ("instant",),
        "Return target creature to its owner's hand.",
        target=CREATURES,
        play=(ReturnToHand(TARGET),),
    ),
    card("divination", "Divination", "2U", ("sorcery",), "Draw two cards.", play=(Draw(count=2),)),
    # black
    card(
        "doom_blade",
        "Doom Blade",
        "1B",
        ("instant",),
        "Destroy target nonblack creature.",
        target=CREATURES - HasType("black"),
        play=(Destroy(TARGET),),
    ),
    card(
        "phyrexian_arena",
        "Phyrexian Arena",
        "1BB",
        ("enchantment",),
        "At the beginning of your upkeep, you draw a card and you lose 1 life.",
        triggers=(at_beginning(MagicEvent.UPKEEP, Draw(), Hit(YOU, 1)),),
    ),
)
