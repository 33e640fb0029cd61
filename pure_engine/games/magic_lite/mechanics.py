"""The cards of tokens, equipment, legendary creatures and X spells, each after its Oracle text.

Tokens (rule 111): Raise the Alarm and Dragon Fodder make them (the Soldier and Goblin tokens'
cards are here too: never in a deck).  Equipment (rule 301.5): Bonesplitter, Short Sword.
Legendary creatures (rule 704.5j): Isamaru, Hound of Konda; Yargle, Glutton of Urborg; Kamahl,
Pit Fighter.  X spells (rule 107.3): Blaze, Mind Spring, Stream of Life.

>>> [c.name for c in MECHANICS_CARDS if "token" in c.types]
['Soldier', 'Goblin']
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import TARGET, CardDef, CreateToken, Draw, Heal, Hit
from pure_engine.games.magic_lite.dsl import (
    ANY_TARGET,
    PLAYERS,
    ability,
    card,
    equipment,
    legendary,
    token,
    x_spell,
)
from pure_engine.games.magic_lite.state import HASTE

__all__ = ["MECHANICS_CARDS"]

MECHANICS_CARDS: Final[tuple[CardDef, ...]] = (
    # tokens
    token("soldier_token", "Soldier", "W", 1, 1, "A 1/1 white Soldier creature token."),
    token("goblin_token", "Goblin", "R", 1, 1, "A 1/1 red Goblin creature token."),
    card(
        "raise_the_alarm",
        "Raise the Alarm",
        "1W",
        ("instant",),
        "Create two 1/1 white Soldier creature tokens.",
        play=(CreateToken("soldier_token", 2),),
        tokens=2,
    ),
    card(
        "dragon_fodder",
        "Dragon Fodder",
        "1R",
        ("sorcery",),
        "Create two 1/1 red Goblin creature tokens.",
        play=(CreateToken("goblin_token", 2),),
        tokens=2,
    ),
    # equipment
    equipment(
        "bonesplitter",
        "Bonesplitter",
        "1",
        "1",
        "Equipped creature gets +2/+0.\nEquip {1}",
        attack=2,
    ),
    equipment(
        "short_sword",
        "Short Sword",
        "1",
        "1",
        "Equipped creature gets +1/+1.\nEquip {1}",
        attack=1,
        health=1,
    ),
    # legendary creatures
    legendary("isamaru", "Isamaru, Hound of Konda", "W", 2, 2),
    legendary("yargle", "Yargle, Glutton of Urborg", "4B", 9, 3),
    legendary(
        "kamahl_pit_fighter",
        "Kamahl, Pit Fighter",
        "4RR",
        6,
        1,
        "Haste\n{T}: Kamahl, Pit Fighter deals 3 damage to any target.",
        tags=HASTE,
        abilities=(ability("", Hit(TARGET, 3), tap=True, target=ANY_TARGET),),
    ),
    # X spells
    x_spell(
        "blaze",
        "Blaze",
        "XR",
        ("sorcery",),
        "Blaze deals X damage to any target.",
        lambda x: (Hit(TARGET, x),),
        target=ANY_TARGET,
    ),
    x_spell(
        "mind_spring",
        "Mind Spring",
        "XUU",
        ("sorcery",),
        "Draw X cards.",
        lambda x: (Draw(count=x),),
    ),
    x_spell(
        "stream_of_life",
        "Stream of Life",
        "XG",
        ("sorcery",),
        "Target player gains X life.",
        lambda x: (Heal(TARGET, x),),
        target=PLAYERS,
    ),
)
"""Cards listed after the evergreen ones: the encoding's card numbers of the others stay."""
