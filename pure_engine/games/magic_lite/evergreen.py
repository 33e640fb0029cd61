"""The cards of the evergreen mechanics, each written after its Oracle text.

Double strike (rule 702.4): Fencing Ace, Boros Swiftblade.  Menace (rule 702.111): Boggart
Brute, Alley Strangler.
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import CardDef
from pure_engine.games.magic_lite.dsl import creature
from pure_engine.games.magic_lite.state import DOUBLE_STRIKE, MENACE

__all__ = ["EVERGREEN_CARDS"]

EVERGREEN_CARDS: Final[tuple[CardDef, ...]] = (
    creature("fencing_ace", "Fencing Ace", "1W", 1, 1, "Double strike.", tags=DOUBLE_STRIKE),
    creature(
        "boros_swiftblade", "Boros Swiftblade", "RW", 1, 2, "Double strike.", tags=DOUBLE_STRIKE
    ),
    creature("boggart_brute", "Boggart Brute", "2R", 3, 2, "Menace.", tags=MENACE),
    creature("alley_strangler", "Alley Strangler", "2B", 2, 3, "Menace.", tags=MENACE),
)
"""Cards listed after the first set: the encoding's card numbers of the others stay."""
