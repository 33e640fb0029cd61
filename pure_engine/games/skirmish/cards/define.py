"""How a card is written: the builders each class module uses, and the selectors they share.

>>> card = minion("wisp", 0, 1, 1)
>>> card.cost, card.attack, card.health, card.extra["collectible"]
(0, 1, 1, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from pure_engine.cards import (
    FRIENDLY,
    OTHER,
    SELF,
    Aura,
    CardDef,
    Do,
    Effect,
    Event,
    HasType,
    If,
    Pred,
    Selector,
    Trigger,
    Zone,
)
from pure_engine.cards.costs import COST_AURA, COST_CHANGE, CostChange
from pure_engine.cards.runtime import Table
from pure_engine.games.skirmish.base import (
    DAMAGED,
    FRIENDLY_HERO,
    FRIENDLY_MINIONS,
    SkirmishState,
    spell_targetable,
    targetable,
)
from pure_engine.games.skirmish.secrets import Test, armed, reveal

__all__ = [
    "CLASSES",
    "DECK_MINION",
    "ENRAGED",
    "OTHER_FRIENDLY_MINIONS",
    "YOUR_SPELLS",
    "YOUR_TURN",
    "HasEnchantment",
    "cost_aura",
    "costs_less",
    "hero",
    "minion",
    "overload",
    "power",
    "secret",
    "spell",
    "spell_targetable",
    "targetable",
    "token",
    "weapon",
]

CLASSES: Final = (
    "mage", "hunter", "warlock", "druid", "paladin", "priest", "rogue", "warrior", "shaman",
)  # fmt: skip
"""The hero classes, each with a hero card ``hero_<class>`` and a hero power."""


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
    needs_weapon: bool = False, needs_room: bool = False, needs_enemies: int = 0,
    needs_minions: int = 0,
) -> CardDef:  # fmt: skip
    """A spell: *effects* run when it is cast (on *target* when it has one: it then needs one).

    ``spell_damage="missiles"``: spell damage adds missiles (:class:`.Missiles`), not damage;
    ``needs_weapon`` / ``needs_room`` / ``needs_enemies`` / ``needs_minions``: it can be cast
    only while its caster has a weapon / room for a minion / at least that many enemy minions
    (Cleave: 2) / that many minions on both boards (Brawl: 2); they are kept together in
    ``extra["needs"]`` (absent when none is asked: one look-up a card).
    """
    return CardDef(
        key, _name(key), frozenset({"spell"}), cost, text=text, play=effects,
        target=None if target is None else spell_targetable(target),
        extra={
            "class": cls, "collectible": collectible, "spell_damage": spell_damage,
            **({"needs": (needs_weapon, needs_room, needs_enemies, needs_minions)}
               if needs_weapon or needs_room or needs_enemies or needs_minions else {}),
        },
    )  # fmt: skip


def weapon(
    key: str, cost: int, attack: int, durability: int, cls: str, *effects: Effect,
    target: Selector | None = None, text: str = "", collectible: bool = True, tags: int = 0,
    triggers: tuple[Trigger, ...] = (),
) -> CardDef:  # fmt: skip
    """A weapon: its health is its durability; *effects* are its battlecry; its *tags* are
    its hero's while it is equipped (Doomhammer's Windfury); its *triggers* listen from the
    weapon zone (``zones=("weapon",)``)."""
    return CardDef(
        key, _name(key), frozenset({"weapon"}), cost, attack, durability, tags, text=text,
        play=effects, triggers=triggers, target=None if target is None else targetable(target),
        extra={"class": cls, "collectible": collectible},
    )  # fmt: skip


def power(
    key: str, cls: str, text: str, *effects: Effect, target: Selector | None = None,
    usable: Callable[[Table, int], bool] | None = None,
) -> CardDef:  # fmt: skip
    """A hero power (cost 2, once a turn); *usable* ``(table, player)``, when given, says whether
    it can be used at all (a power that summons needs room on the board)."""
    extra: dict[str, object] = {"class": cls, "collectible": False}
    if usable is not None:
        extra["usable"] = usable
    return CardDef(
        key, _name(key), frozenset({"hero_power"}), 2, text=text, play=effects,
        target=None if target is None else spell_targetable(target), extra=extra,
    )  # fmt: skip


def secret(
    key: str, cost: int, cls: str, text: str, event: Event, condition: Selector,
    *effects: Effect, only_if: tuple[Test, ...] = (),
) -> CardDef:  # fmt: skip
    """A secret: played face down; on the opponent's turn, when *event* happens to what
    *condition* selects (and *only_if* holds), it is revealed and *effects* run."""
    fires = If(armed(*only_if), (Do(reveal), *effects))
    trigger = Trigger(event, (fires,), condition, zones=("secret",), opponents_turn=True)
    card = spell(key, cost, text, cls=cls)
    return replace(card, types=frozenset({"spell", "secret"}), triggers=(trigger,))


def overload(card: CardDef, locked: int) -> CardDef:
    """*card* with "Overload: (*locked*)": playing it locks that many of its player's mana
    crystals next turn (its type ``overload`` lets "cards with Overload" be selected)."""
    return replace(card, types=card.types | {"overload"}, extra={**card.extra, "overload": locked})


def HasEnchantment(source: str) -> Selector:  # noqa: N802 - a selector constructor
    """The entities holding an enchantment from *source* (a card's key)."""
    return Pred(lambda e, ctx: any(b.source == source for b in e.buffs), f"HAS[{source}]")


def cost_aura(
    card: CardDef, less: int, least: int = 0, *, kind: str = "minion", both: bool = False,
    unless: str = "",
) -> CardDef:  # fmt: skip
    """*card* (a minion) making its player's cards of type *kind* in hand cost *less* less, not
    below *least* (a negative *less* costs more: the kit's :class:`CostChange`); ``both``: every
    player's (Mana Wraith); *unless*: not while its player's hero holds that enchantment
    (Pint-Sized Summoner)."""
    change = CostChange(less, kind, least, both)
    extra = {**card.extra, COST_CHANGE: change, **({"unless": unless} if unless else {})}
    return replace(card, types=card.types | {COST_AURA}, extra=extra)


def costs_less(card: CardDef, less: Callable[[SkirmishState, int], int]) -> CardDef:
    """*card* costing ``less(state, player)`` less while in *player*'s hand (the Giants; never
    below 0 in the end, though a discount beyond the cost offsets what an aura adds).  Its type
    ``costs_less`` marks it, so only such cards pay for the look-up."""
    return replace(card, types=card.types | {"costs_less"}, extra={**card.extra, "less": less})


def hero(
    cls: str, hero_power: str, name: str = "", health: int = 30, types: tuple[str, ...] = ()
) -> CardDef:
    """The hero card of a class (30 health), or a hero of that class named *name*
    (``hero_`` + *name*: Lord Jaraxxus, 15 health, a Demon)."""
    return CardDef(
        f"hero_{name or cls}", _name(name or cls), frozenset({"hero", *types}), 0, 0, health,
        extra={"class": cls, "collectible": False, "power": hero_power},
    )  # fmt: skip


DECK_MINION: Final = FRIENDLY + Zone("deck") + HasType("minion")
OTHER_FRIENDLY_MINIONS: Final = FRIENDLY_MINIONS + OTHER
YOUR_TURN: Final = FRIENDLY_HERO  # a turn event's subject is the hero whose turn it is
YOUR_SPELLS: Final = FRIENDLY + (Zone("graveyard") | Zone("secret")) + HasType("spell")
"""A spell just cast (a secret goes to the secret zone)."""
ENRAGED: Final = SELF + DAMAGED
"""Enrage as an aura on itself: the bonus holds while the minion is damaged."""


def token(key: str, cost: int, attack: int, health: int, tags: int = 0, *types: str) -> CardDef:
    """A token minion (not collectible) without text."""
    return minion(key, cost, attack, health, tags=tags, types=types, collectible=False)
