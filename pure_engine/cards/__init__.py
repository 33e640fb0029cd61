"""The card kit: what a card author writes — card definitions, selectors, effects, decisions.

A card is one :class:`CardDef` beside its rules text: printed stats, and its
abilities as effect lists ("on play", "deathrattle", :class:`Trigger`-ed,
:class:`Activated`, an :class:`Aura`).  Effects (``Hit``, ``Buff``,
``Summon``...) take *selectors* (``ENEMY + MINIONS``, ``RANDOM(...)``,
``HIGHEST(ATK, ...)``) and numbers; decisions (``ChooseTarget``,
``ChooseOne``, ``RandomNumber``...) suspend a card's program until a player or
chance answers.

>>> from pure_engine.cards import ENEMY, TARGET, CardDef, Hit, Zone
>>> fireball = CardDef("fireball", "Fireball", frozenset({"spell"}), 4,
...                    play=(Hit(TARGET, 6),), target=ENEMY + Zone("board"),
...                    text="Deal 6 damage.")
>>> fireball.play
(Hit(targets=TARGET, amount=6),)

How a game runs those cards — the entity table, compiled programs, the
interpreter, events and the resolve loop — is :mod:`pure_engine.cards.runtime`.
docs/cards.md is the guide.
"""

from pure_engine.cards.decisions import (
    ChooseOne,
    ChooseTarget,
    Count,
    LookAndChoose,
    OrderDeck,
    Player,
    RandomNumber,
    SearchDeck,
    TriggerRemote,
)
from pure_engine.cards.effects import (
    Armor,
    Buff,
    Destroy,
    Discard,
    Do,
    Draw,
    ForEach,
    Freeze,
    GiveTag,
    Heal,
    Hit,
    If,
    ReturnToHand,
    Shuffle,
    Silence,
    Summon,
    Transform,
)
from pure_engine.cards.runtime.pool import Activated, Aura, CardDef, Effect, Trigger
from pure_engine.cards.runtime.resolve import DEATH
from pure_engine.cards.selectors import (
    ADJACENT,
    ALL,
    ATK,
    COST,
    CURRENT_HEALTH,
    DAMAGE,
    ENEMY,
    FRIENDLY,
    HEALTH,
    HIGHEST,
    LOWEST,
    OTHER,
    RANDOM,
    SELF,
    TARGET,
    CardIs,
    Ctx,
    HasStatus,
    HasTag,
    HasType,
    Pred,
    RandomPick,
    Selector,
    Zone,
)

__all__ = [
    "ADJACENT",
    "ALL",
    "ATK",
    "COST",
    "CURRENT_HEALTH",
    "DAMAGE",
    "DEATH",
    "ENEMY",
    "FRIENDLY",
    "HEALTH",
    "HIGHEST",
    "LOWEST",
    "OTHER",
    "RANDOM",
    "SELF",
    "TARGET",
    "Activated",
    "Armor",
    "Aura",
    "Buff",
    "CardDef",
    "CardIs",
    "ChooseOne",
    "ChooseTarget",
    "Count",
    "Ctx",
    "Destroy",
    "Discard",
    "Do",
    "Draw",
    "Effect",
    "ForEach",
    "Freeze",
    "GiveTag",
    "HasStatus",
    "HasTag",
    "HasType",
    "Heal",
    "Hit",
    "If",
    "LookAndChoose",
    "OrderDeck",
    "Player",
    "Pred",
    "RandomNumber",
    "RandomPick",
    "ReturnToHand",
    "SearchDeck",
    "Selector",
    "Shuffle",
    "Silence",
    "Summon",
    "Transform",
    "Trigger",
    "TriggerRemote",
    "Zone",
]
