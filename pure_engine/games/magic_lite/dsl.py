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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from pure_engine.cards import (
    FRIENDLY,
    SELF,
    Activated,
    Aura,
    CardDef,
    Do,
    Effect,
    HasType,
    Selector,
    Trigger,
    Zone,
)
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
    "etb",
    "exile_gain_power",
    "land",
    "tap_target",
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
    owner = s.table.entities[spell].owner
    return s.replace(stack=stack, table=move(s.table, spell, LAYOUT.zone("graveyard", owner)))


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
) -> CardDef:
    """A card: its cost in Magic's notation (``"2GG"``), types, rules text, and abilities."""
    parsed = parse_cost(cost) if cost else _NO_COST
    colours = {_COLOR_WORDS[c] for c, n in zip(COLORS, parsed.colored, strict=True) if n}
    extra: Mapping[str, object] = {"cost": parsed, "mana": mana}
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
