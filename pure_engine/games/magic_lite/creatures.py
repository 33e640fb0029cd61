"""The creatures of magic_lite, written in the card DSL (:mod:`~.dsl` has Magic's words).

Keywords are tags; "when this enters", "at the beginning of..." and
"whenever this attacks" are triggers; the last group has activated abilities
({T}, mana, sacrifice, sorcery speed: :func:`~.dsl.ability`).

>>> [c.name for c in CREATURE_CARDS if c.abilities][:3]
['Prodigal Sorcerer', 'Royal Assassin', 'Frozen Shade']
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    ENEMY,
    OTHER,
    SELF,
    TARGET,
    Buff,
    CardDef,
    ChooseTarget,
    Destroy,
    Draw,
    HasStatus,
    HasType,
    Heal,
    Hit,
    Trigger,
)
from pure_engine.games.magic_lite.dsl import (
    ANY_TARGET,
    CREATURES,
    ON_BATTLEFIELD,
    PLAYERS,
    YOU,
    ability,
    at_beginning,
    card,
    creature,
    etb,
    tap_target,
)
from pure_engine.games.magic_lite.state import (
    CANT_BLOCK,
    DEATHTOUCH,
    DEFENDER,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    LIFELINK,
    ONE_BLOCKER,
    REACH,
    TAPPED,
    TRAMPLE,
    VIGILANCE,
    MagicEvent,
)

__all__ = ["CREATURE_CARDS"]

_ITSELF = SELF + CREATURES
"""The source, while it is a creature on the battlefield (a pump whose creature left does
nothing)."""

CREATURE_CARDS: Final[tuple[CardDef, ...]] = (  # green
    creature("llanowar_elves", "Llanowar Elves", "G", 1, 1, "T: add G.", mana="G"),
    creature("grizzly_bears", "Grizzly Bears", "1G", 2, 2),
    creature(
        "deadly_recluse",
        "Deadly Recluse",
        "1G",
        1,
        2,
        "Reach, deathtouch.",
        tags=REACH | DEATHTOUCH,
    ),
    creature(
        "elvish_visionary",
        "Elvish Visionary",
        "1G",
        1,
        1,
        "When this enters, draw a card.",
        triggers=(etb(Draw()),),
    ),
    creature("trained_armodon", "Trained Armodon", "1GG", 3, 3),
    creature("giant_spider", "Giant Spider", "3G", 2, 4, "Reach.", tags=REACH),
    creature(
        "charging_rhino",
        "Charging Rhino",
        "3GG",
        4,
        4,
        "Charging Rhino can't be blocked by more than one creature.",
        tags=ONE_BLOCKER,
    ),
    creature("craw_wurm", "Craw Wurm", "4GG", 6, 4),
    # red
    creature("raging_goblin", "Raging Goblin", "R", 1, 1, "Haste.", tags=HASTE),
    creature(
        "goblin_piker", "Goblin Piker", "1R", 2, 1, "Goblin Piker can't block.", tags=CANT_BLOCK
    ),
    creature(
        "ashfield_skirmisher",
        "Ashfield Skirmisher",
        "2R",
        2,
        2,
        "Whenever this attacks, it deals 1 damage to each opponent.",
        triggers=(Trigger(MagicEvent.ATTACKS, (Hit(ENEMY + PLAYERS, 1),), SELF, ON_BATTLEFIELD),),
    ),
    creature("hill_giant", "Hill Giant", "3R", 3, 3),
    creature(
        "flametongue_kavu",
        "Flametongue Kavu",
        "3R",
        4,
        2,
        "When this enters, it deals 4 damage to target creature.",
        triggers=(etb(ChooseTarget(CREATURES, lambda t: [Hit(t, 4)])),),
    ),
    creature(
        "ball_lightning",
        "Ball Lightning",
        "RRR",
        6,
        1,
        "Trample, haste. At the beginning of the end step, sacrifice it.",
        tags=TRAMPLE | HASTE,
        triggers=(at_beginning(MagicEvent.END_STEP, Destroy(SELF)),),
    ),
    # white
    creature("savannah_lions", "Savannah Lions", "W", 2, 1),
    creature(
        "soul_warden",
        "Soul Warden",
        "W",
        1,
        1,
        "Whenever another creature enters, you gain 1 life.",
        triggers=(
            Trigger(
                MagicEvent.ENTERS, (Heal(YOU, 1),), OTHER + HasType("creature"), ON_BATTLEFIELD
            ),
        ),
    ),
    creature("youthful_knight", "Youthful Knight", "1W", 2, 1, "First strike.", tags=FIRST_STRIKE),
    creature(
        "knight_of_meadowgrain",
        "Knight of Meadowgrain",
        "WW",
        2,
        2,
        "First strike, lifelink.",
        tags=FIRST_STRIKE | LIFELINK,
    ),
    creature(
        "venerable_monk",
        "Venerable Monk",
        "2W",
        2,
        2,
        "When this enters, you gain 2 life.",
        triggers=(etb(Heal(YOU, 2)),),
    ),
    creature(
        "serra_angel", "Serra Angel", "3WW", 4, 4, "Flying, vigilance.", tags=FLYING | VIGILANCE
    ),
    # blue
    creature("wind_drake", "Wind Drake", "2U", 2, 2, "Flying.", tags=FLYING),
    creature("air_elemental", "Air Elemental", "3UU", 4, 4, "Flying.", tags=FLYING),
    creature(
        "wall_of_air", "Wall of Air", "1UU", 1, 5, "Defender, flying.", tags=DEFENDER | FLYING
    ),
    # black
    creature("typhoid_rats", "Typhoid Rats", "B", 1, 1, "Deathtouch.", tags=DEATHTOUCH),
    creature("child_of_night", "Child of Night", "1B", 2, 1, "Lifelink.", tags=LIFELINK),
    creature(
        "vampire_nighthawk",
        "Vampire Nighthawk",
        "1BB",
        2,
        3,
        "Flying, deathtouch, lifelink.",
        tags=FLYING | DEATHTOUCH | LIFELINK,
    ),
    # activated abilities
    creature(
        "prodigal_sorcerer",
        "Prodigal Sorcerer",
        "2U",
        1,
        1,
        "T: Prodigal Sorcerer deals 1 damage to any target.",
        abilities=(ability("", Hit(TARGET, 1), tap=True, target=ANY_TARGET),),
    ),
    creature(
        "royal_assassin",
        "Royal Assassin",
        "1BB",
        1,
        1,
        "T: Destroy target tapped creature.",
        abilities=(ability("", Destroy(TARGET), tap=True, target=CREATURES + HasStatus(TAPPED)),),
    ),
    creature(
        "frozen_shade",
        "Frozen Shade",
        "2B",
        0,
        1,
        "B: Frozen Shade gets +1/+1 until end of turn.",
        abilities=(ability("B", Buff(_ITSELF, 1, 1, one_turn=True)),),
    ),
    creature(
        "furnace_whelp",
        "Furnace Whelp",
        "2RR",
        2,
        2,
        "Flying. R: Furnace Whelp gets +1/+0 until end of turn.",
        tags=FLYING,
        abilities=(ability("R", Buff(_ITSELF, 1, 0, one_turn=True)),),
    ),
    creature(
        "mogg_fanatic",
        "Mogg Fanatic",
        "R",
        1,
        1,
        "Sacrifice Mogg Fanatic: It deals 1 damage to any target.",
        abilities=(ability("", Hit(TARGET, 1), sacrifice=True, target=ANY_TARGET),),
    ),
    card(
        "bottle_gnomes",
        "Bottle Gnomes",
        "3",
        ("artifact", "creature"),
        "Sacrifice Bottle Gnomes: You gain 3 life.",
        power=1,
        toughness=3,
        abilities=(ability("", Heal(YOU, 3), sacrifice=True),),
    ),
    creature(
        "master_decoy",
        "Master Decoy",
        "1W",
        1,
        2,
        "W, T: Tap target creature.",
        abilities=(ability("W", tap_target, tap=True, target=CREATURES),),
    ),
    creature(
        "salt_road_patrol",
        "Salt Road Patrol",
        "3W",
        2,
        5,
        "Outlast 1W (1W, T: put a +1/+1 counter on this creature; only as a sorcery).",
        abilities=(ability("1W", Buff(_ITSELF, 1, 1), tap=True, sorcery=True),),
    ),
)
