"""Magic's words for the card DSL: the zones, the common selectors, the few effects only Magic
has, and the constructors the card lists (:mod:`~.creatures`, :mod:`~.spells`) are written with.

A card is a :class:`~pure_engine.cards.runtime.pool.CardDef`; its mana cost
(:class:`~pure_engine.games.magic_lite.state.Cost`) and the colour of mana a
source makes are in ``extra``.  Effects that mean the same in every card game
are the kit's (``Hit``, ``Buff``, ``Destroy``, ``ReturnToHand``, ``Draw``,
``ChooseTarget``...); the few that only Magic has (counter a spell, attach an
aura, exile, tap a creature) are ``Do`` steps defined here.  An activated
ability is the kit's :class:`~pure_engine.cards.runtime.pool.Activated` whose cost is
an :class:`AbilityCost` (:func:`ability` builds one).

>>> str(ability("1W", tap_target, tap=True, sorcery=True).cost)
'{1}{W}, {T} (sorcery speed)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from pure_engine.cards import (
    FRIENDLY,
    LEGENDARY,
    SELF,
    TOKEN,
    Activated,
    Aura,
    CardDef,
    Do,
    Effect,
    HasType,
    Mode,
    Pred,
    Selector,
    Trigger,
    Zone,
)
from pure_engine.cards.decisions import NumberLike
from pure_engine.cards.permanents import attachment, carries, reattach
from pure_engine.cards.runtime import (
    CardRules,
    CardState,
    Frame,
    Kinds,
    Layout,
    apply_buff,
    move,
    put,
)
from pure_engine.cards.runtime.table import Enchantment, EntityId
from pure_engine.core.struct import Struct
from pure_engine.core.zones import Visibility
from pure_engine.games.magic_lite.state import (
    COLORS,
    TAPPED,
    Cost,
    MagicEvent,
    MagicState,
    parse_cost,
)

__all__ = [
    "ANY_TARGET",
    "CREATURES",
    "EQUIP_TARGETS",
    "KINDS",
    "LAYOUT",
    "ON_BATTLEFIELD",
    "PLAYER",
    "PLAYERS",
    "SPELLS",
    "YOU",
    "AbilityCost",
    "Attach",
    "ability",
    "at_beginning",
    "attach",
    "card",
    "counter_target",
    "creature",
    "equipment",
    "etb",
    "exile_gain_power",
    "land",
    "legendary",
    "tap_target",
    "token",
    "x_spell",
]

PLAYER: Final = "player"
"""The card of the entity standing for a player (a target of burn spells, the subject of
"your upkeep" triggers)."""

LAYOUT: Final = Layout.build(
    [
        *(("player", p, Visibility.PUBLIC) for p in (0, 1)),
        *(("battlefield", p, Visibility.PUBLIC) for p in (0, 1)),
        *(("hand", p, Visibility.OWNER) for p in (0, 1)),
        *(("library", p, Visibility.HIDDEN) for p in (0, 1)),
        *(("graveyard", p, Visibility.PUBLIC) for p in (0, 1)),
        *(("exile", p, Visibility.PUBLIC) for p in (0, 1)),
        ("stack", None, Visibility.PUBLIC),
    ]
)
"""The zones, in the order selectors list entities: players first, then permanents."""

KINDS: Final = Kinds(
    hand="hand",
    deck="library",
    graveyard="graveyard",
    board="battlefield",
    hero="player",
    mortal=("battlefield",),
    auras=("battlefield",),
)

CREATURES: Final[Selector] = Zone("battlefield") + HasType("creature")
PLAYERS: Final[Selector] = Zone("player")
ANY_TARGET: Final[Selector] = PLAYERS | CREATURES
YOU: Final[Selector] = FRIENDLY + PLAYERS
EQUIP_TARGETS: Final[Selector] = (
    FRIENDLY
    + CREATURES
    + Pred(lambda e, ctx: not carries(e, ctx.source), "not already equipped with it")
)
"""Equip's target: a creature you control (rule 702.6a) — but the one the equipment is already
attached to, where equipping it again would do nothing (rule 701.3b): a legal activation the
game does not offer, as it offers no dominated damage assignment."""
SPELLS: Final[Selector] = Zone("stack")

_COLOR_WORDS = dict(zip(COLORS, ("white", "blue", "black", "red", "green"), strict=True))
_NO_COST: Final = Cost(0, (0, 0, 0, 0, 0))


def _state(state: CardState) -> MagicState:
    assert isinstance(state, MagicState)
    return state


def _target(frame: Frame) -> EntityId:
    assert frame.ctx.target is not None
    return frame.ctx.target


# --- the Do steps only Magic has ----------------------------------------------------------------


def _counter(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Counter the target spell: off the stack, into its owner's graveyard."""
    s, spell = _state(state), _target(frame)
    stack = tuple(i for i in s.stack if not (i.spell and i.frame.ctx.source == spell))
    e = s.table.entities[spell]
    printed = rules.pool.card(e.card).cost  # X is 0 off the stack (rule 202.3e)
    table = put(s.table, e.replace(cost=printed)) if e.cost != printed else s.table
    return s.replace(stack=stack, table=move(table, spell, LAYOUT.zone("graveyard", e.owner)))


def _exile_gain_power(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Swords to Plowshares: exile the target creature; its controller gains life equal to its
    power."""
    s, creature = _state(state), _target(frame)
    e = s.table.entities[creature]
    life = list(s.life)
    life[e.owner] += max(e.attack, 0)
    table = move(s.table, creature, LAYOUT.zone("exile", e.owner))
    return s.replace(table=table, life=(life[0], life[1]))


def _tap(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Tap the target permanent (a tapped creature can't attack or block)."""
    s = _state(state)
    e = s.table.entities[_target(frame)]
    return s.replace(table=put(s.table, e.replace(status=e.status | TAPPED)))


counter_target: Final[Effect] = Do(_counter)
"""Counter target spell (Counterspell)."""
exile_gain_power: Final[Effect] = Do(_exile_gain_power)
"""Exile target creature; its controller gains life equal to its power."""
tap_target: Final[Effect] = Do(_tap)
"""Tap target permanent."""


@dataclass(frozen=True)  # no slots of its own: they would hide the compiled Do's field
class Attach(Do):
    """An aura's resolution (:func:`attach`): the kit's ``Do`` step, with the *health* the aura
    gives its creature."""

    health: int = 0


def attach(attack: int = 0, health: int = 0, tags: int = 0) -> Effect:
    """An aura's resolution: it enters attached to its target, which gets the stats.

    >>> attach(attack=2).health, attach(health=2).health
    (0, 2)
    """

    def attach_aura(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        s, creature = _state(state), _target(frame)
        aura = frame.ctx.source
        assert aura is not None
        table = move(s.table, aura, LAYOUT.zone("battlefield", frame.ctx.controller))
        buff = Enchantment(f"#{aura}", attack, health, tags)
        table = apply_buff(table, creature, buff)
        return s.replace(table=table, attached=(*s.attached, (aura, creature)))

    return Attach(attach_aura, health)


# --- activated abilities ------------------------------------------------------------------------


class AbilityCost(Struct):
    """What activating an ability costs and when it may be activated: ``mana`` (paid from the
    controller's lands and mana creatures), ``tap`` ({T}: the source must be untapped, and a
    creature must have been under its controller's control since their turn began, or have
    haste), ``sacrifice`` (the source goes to the graveyard as the cost), and ``sorcery`` (only
    in its controller's main phase with an empty stack)."""

    mana: Cost = _NO_COST
    tap: bool = False
    sacrifice: bool = False
    sorcery: bool = False

    def __str__(self) -> str:
        mana = self.mana
        parts = [f"{{{mana.generic}}}"] if mana.generic else []
        parts += [f"{{{c}}}" * n for c, n in zip(COLORS, mana.colored, strict=True) if n]
        symbols = ["".join(parts)] if parts else []
        symbols += ["{T}"] * self.tap + ["sacrifice"] * self.sacrifice
        return ", ".join(symbols) + " (sorcery speed)" * self.sorcery


def ability(
    mana: str,
    *effects: Effect,
    tap: bool = False,
    sacrifice: bool = False,
    sorcery: bool = False,
    target: Selector | None = None,
    text: str = "",
) -> Activated:
    """An activated ability: its cost (*mana* in Magic's notation, ``""`` for none; {T};
    sacrifice; sorcery speed), its target (chosen on activation) and its *effects*."""
    cost = AbilityCost(parse_cost(mana) if mana else _NO_COST, tap, sacrifice, sorcery)
    return Activated(tuple(effects), target, cost, text)


# --- card constructors ------------------------------------------------------------------------


def card(
    key: str,
    name: str,
    cost: str,
    kinds: Sequence[str],
    text: str,
    *,
    power: int = 0,
    toughness: int = 0,
    tags: int = 0,
    play: tuple[Effect, ...] = (),
    triggers: tuple[Trigger, ...] = (),
    aura: Aura | None = None,
    target: Selector | None = None,
    mana: str = "",
    abilities: tuple[Activated, ...] = (),
    modes: tuple[Mode, ...] = (),
    tokens: int = 0,
) -> CardDef:
    """A card: its cost in Magic's notation (``"2GG"``), types, rules text, and abilities (a
    modal spell: its *modes*, each with its target, instead of *play* and *target*);
    *tokens*: how many tokens it makes when it resolves (the encoding keeps room for them)."""
    parsed = parse_cost(cost) if cost else _NO_COST
    colours = {_COLOR_WORDS[c] for c, n in zip(COLORS, parsed.colored, strict=True) if n}
    extra: dict[str, object] = {"cost": parsed, "mana": mana, "tokens": tokens}
    return CardDef(
        key,
        name,
        frozenset((*kinds, *colours)),
        parsed.value,
        power,
        toughness,
        tags,
        text,
        play=play,
        triggers=triggers,
        aura=aura,
        target=target,
        extra=extra,
        abilities=abilities,
        modes=modes,
    )


def land(key: str, name: str, color: str) -> CardDef:
    """A basic land: {T}: add one mana of *color*."""
    return card(key, name, "", ("land", "basic"), f"T: add {color}.", mana=color)


def creature(
    key: str, name: str, cost: str, power: int, toughness: int, text: str = "", **kw: object
) -> CardDef:
    """A creature card (keywords as ``tags``, abilities as keywords of :func:`card`)."""
    return card(key, name, cost, ("creature",), text, power=power, toughness=toughness, **kw)  # type: ignore[arg-type]  # keyword pass-through


ON_BATTLEFIELD: Final = ("battlefield",)
"""The zones a permanent's triggered abilities listen from."""


def etb(*effects: Effect) -> Trigger:
    """When this enters the battlefield."""
    return Trigger(MagicEvent.ENTERS, effects, SELF, ON_BATTLEFIELD)


def at_beginning(event: MagicEvent, *effects: Effect) -> Trigger:
    """At the beginning of your upkeep / combat / end step."""
    return Trigger(event, effects, YOU, ON_BATTLEFIELD)


# --- tokens, equipment, legendary permanents, X spells --------------------------------------------


def token(key: str, name: str, color: str, power: int, toughness: int, text: str) -> CardDef:
    """A creature token's card (rule 111.4: its colour and characteristics are what made it
    says; it has no mana cost).  It is never in a deck: a spell makes it
    (:class:`~pure_engine.cards.CreateToken`), and it ceases to exist off the battlefield."""
    colour = _COLOR_WORDS[color]
    return card(key, name, "", ("creature", TOKEN, colour), text, power=power, toughness=toughness)


def legendary(
    key: str, name: str, cost: str, power: int, toughness: int, text: str = "", **kw: object
) -> CardDef:
    """A legendary creature: its controller keeps only one of that name (rule 704.5j)."""
    kinds = ("creature", LEGENDARY)
    return card(key, name, cost, kinds, text, power=power, toughness=toughness, **kw)  # type: ignore[arg-type]  # keyword pass-through


def equip(attack: int = 0, health: int = 0, tags: int = 0) -> Effect:
    """Equip's resolution: the source equipment moves onto the target creature (off the one it
    was on), which gets the stats while it is equipped (rule 301.5c); nothing happens when the
    equipment has left its controller's battlefield.

    >>> equip(attack=2).fn.__name__
    'equip_creature'
    """

    def equip_creature(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        s, creature = _state(state), _target(frame)
        source = frame.ctx.source
        assert source is not None
        e = s.table.entities.get(source)
        if e is None or e.zone != LAYOUT.zone("battlefield", frame.ctx.controller):
            return s
        buff = attachment(source, attack, health, tags)
        table, pairs = reattach(s.table, s.attached, source, creature, buff)
        return s.replace(table=table, attached=pairs)

    return Do(equip_creature)


def equipment(
    key: str, name: str, cost: str, equip_cost: str, text: str, *, attack: int = 0, health: int = 0
) -> CardDef:
    """An equipment: an artifact that stays on the battlefield when its creature leaves (rule
    301.5), with "Equip [cost]: attach to target creature you control; equip only as a sorcery"
    (rule 702.6a)."""
    equip_ability = ability(
        equip_cost, equip(attack, health), sorcery=True, target=EQUIP_TARGETS, text="Equip"
    )
    return card(key, name, cost, ("artifact", "equipment"), text, abilities=(equip_ability,))


def x_spell(
    key: str,
    name: str,
    cost: str,
    kinds: Sequence[str],
    text: str,
    effects: Callable[[NumberLike], tuple[Effect, ...]],
    *,
    target: Selector | None = None,
) -> CardDef:
    """A spell with X in its cost: X is chosen when it is cast and paid in generic mana (rule
    107.3, 601.2b); on the stack the spell's mana value includes X (rule 202.3e), which is where
    *effects* (given the number X) read it."""
    base = parse_cost(cost).value

    def x(state: CardState, frame: Frame) -> int:
        source = frame.ctx.source
        assert source is not None
        return state.table.entities[source].cost - base

    return card(key, name, cost, kinds, text, play=effects(x), target=target)
