"""Skirmish: a Hearthstone-like card game written on the card kit, with a lethal-puzzle solver.

``load_game("skirmish", deck0="mage_basic", deck1="hunter_basic")`` builds it;
:mod:`.lethal` solves "win this turn" puzzles exactly (docs/skirmish.md).
"""

from pure_engine.games.skirmish.actions import SkirmishAction
from pure_engine.games.skirmish.base import SkirmishState
from pure_engine.games.skirmish.game import make_game

__all__ = ["SkirmishAction", "SkirmishState", "make_game"]
