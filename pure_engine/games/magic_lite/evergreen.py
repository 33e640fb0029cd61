"""The cards of the evergreen mechanics, each written after its Oracle text.

Double strike (rule 702.4): Fencing Ace, Boros Swiftblade.  Menace (rule 702.111): Boggart
Brute, Alley Strangler.  Flash (rule 702.8): Ambush Viper, Briarpack Alpha.  Hexproof (rule
702.11): Gladecover Scout, Sacred Wolf.  Protection (rule 702.16): White Knight, Black Knight,
Paladin en-Vec.  Indestructible (rule 702.12): Darksteel Myr, Darksteel Gargoyle.  -X/-X until
end of turn, and with it the 0-toughness state-based action (rule 704.5f): Disfigure, Grasp of
Darkness.

>>> [c.name for c in KEYWORD_CARDS if "instant" in c.types]
['Disfigure', 'Grasp of Darkness']
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import TARGET, Buff, CardDef, ChooseTarget
from pure_engine.games.magic_lite.dsl import CREATURES, card, creature, etb
from pure_engine.games.magic_lite.state import (
    DEATHTOUCH,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    FLASH,
    FLYING,
    HEXPROOF,
    INDESTRUCTIBLE,
    MENACE,
    protection_from,
)

__all__ = ["EVERGREEN_CARDS", "KEYWORD_CARDS"]

EVERGREEN_CARDS: Final[tuple[CardDef, ...]] = (
    creature("fencing_ace", "Fencing Ace", "1W", 1, 1, "Double strike.", tags=DOUBLE_STRIKE),
    creature(
        "boros_swiftblade", "Boros Swiftblade", "RW", 1, 2, "Double strike.", tags=DOUBLE_STRIKE
    ),
    creature("boggart_brute", "Boggart Brute", "2R", 3, 2, "Menace.", tags=MENACE),
    creature("alley_strangler", "Alley Strangler", "2B", 2, 3, "Menace.", tags=MENACE),
)
"""Cards listed after the first set: the encoding's card numbers of the others stay."""

KEYWORD_CARDS: Final[tuple[CardDef, ...]] = (
    # flash
    creature(
        "ambush_viper", "Ambush Viper", "1G", 2, 1, "Flash. Deathtouch.", tags=FLASH | DEATHTOUCH
    ),
    creature(
        "briarpack_alpha",
        "Briarpack Alpha",
        "3G",
        3,
        3,
        "Flash. When Briarpack Alpha enters, target creature gets +2/+2 until end of turn.",
        tags=FLASH,
        triggers=(etb(ChooseTarget(CREATURES, lambda t: [Buff(t, 2, 2, one_turn=True)])),),
    ),
    # hexproof
    creature("gladecover_scout", "Gladecover Scout", "G", 1, 1, "Hexproof.", tags=HEXPROOF),
    creature("sacred_wolf", "Sacred Wolf", "2G", 3, 1, "Hexproof.", tags=HEXPROOF),
    # protection
    creature(
        "white_knight",
        "White Knight",
        "WW",
        2,
        2,
        "First strike. Protection from black.",
        tags=FIRST_STRIKE | protection_from("B"),
    ),
    creature(
        "black_knight",
        "Black Knight",
        "BB",
        2,
        2,
        "First strike. Protection from white.",
        tags=FIRST_STRIKE | protection_from("W"),
    ),
    creature(
        "paladin_en_vec",
        "Paladin en-Vec",
        "1WW",
        2,
        2,
        "First strike. Protection from black and from red.",
        tags=FIRST_STRIKE | protection_from("BR"),
    ),
    # indestructible
    card(
        "darksteel_myr",
        "Darksteel Myr",
        "3",
        ("artifact", "creature"),
        "Indestructible.",
        power=0,
        toughness=1,
        tags=INDESTRUCTIBLE,
    ),
    card(
        "darksteel_gargoyle",
        "Darksteel Gargoyle",
        "7",
        ("artifact", "creature"),
        "Flying. Indestructible.",
        power=3,
        toughness=3,
        tags=FLYING | INDESTRUCTIBLE,
    ),
    # -X/-X
    card(
        "disfigure",
        "Disfigure",
        "B",
        ("instant",),
        "Target creature gets -2/-2 until end of turn.",
        target=CREATURES,
        play=(Buff(TARGET, -2, -2, one_turn=True),),
    ),
    card(
        "grasp_of_darkness",
        "Grasp of Darkness",
        "BB",
        ("instant",),
        "Target creature gets -4/-4 until end of turn.",
        target=CREATURES,
        play=(Buff(TARGET, -4, -4, one_turn=True),),
    ),
)
"""The cards of flash, hexproof, protection, indestructible and -X/-X, listed last of all the
cards (after :mod:`~.mechanics`'): every older card keeps its encoding number."""
