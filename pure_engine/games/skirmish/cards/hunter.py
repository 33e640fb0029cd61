"""The hunter cards of the Basic and Classic sets."""

from __future__ import annotations

from typing import Final

from pure_engine.cards import (
    RANDOM,
    TARGET,
    Aura,
    CardDef,
    Do,
    Hit,
    If,
    LookAndChoose,
    TriggerRemote,
)
from pure_engine.games.skirmish.base import (
    BEAST,
    CHARACTERS,
    ENEMY_MINIONS,
    FRIENDLY_MINIONS,
    MINIONS,
)
from pure_engine.games.skirmish.cards.define import OTHER_FRIENDLY_MINIONS, minion, spell
from pure_engine.games.skirmish.cards_effects import health_to_one

__all__ = ["HUNTER"]

HUNTER: Final[tuple[CardDef, ...]] = (
    spell("arcane_shot", 1, "Deal 2 damage.", Hit(TARGET, 2), target=CHARACTERS, cls="hunter"),
    spell("hunters_mark", 1, "Change a minion's Health to 1.", Do(health_to_one), target=MINIONS, cls="hunter"),
    spell("tracking", 1, "Look at the top 3 cards of your deck. Draw one and discard the others.", LookAndChoose(3), cls="hunter"),
    spell("kill_command", 3, "Deal 3 damage. If you control a Beast, deal 5 instead.", If(FRIENDLY_MINIONS + BEAST, (Hit(TARGET, 5),), (Hit(TARGET, 3),)), target=CHARACTERS, cls="hunter"),
    spell("feign_death", 2, "Trigger all Deathrattles on your minions.", TriggerRemote(FRIENDLY_MINIONS), cls="hunter"),
    spell("multi_shot", 4, "Deal 3 damage to two random enemy minions.", Hit(RANDOM(ENEMY_MINIONS) * 2, 3), cls="hunter"),
    minion("timber_wolf", 1, 1, 1, types=("beast",), aura=Aura(OTHER_FRIENDLY_MINIONS + BEAST, 1, 0), cls="hunter", text="Your other Beasts have +1 Attack."),
)  # fmt: skip
"""The hunter cards of the Basic and Classic sets."""
