"""The card set of magic_lite, written in the card DSL (:mod:`pure_engine.cards`).

Fifty-one cards in five colours: basic lands, creatures with the common
keywords, instants (so priority matters: Giant Growth in combat, Counterspell
on the stack, Lightning Bolt at the end of a turn), sorceries, auras and
global enchantments, with the three kinds of triggered ability the rules
know — "when this enters", "at the beginning of your upkeep / combat / end
step", "whenever this attacks".

A card is a :class:`~pure_engine.cards.rules.CardDef`; its mana cost
(:class:`~pure_engine.games.magic_lite.state.Cost`) and the colour of mana a
source makes are in ``extra``.  Effects that mean the same in every card game
are the kit's (``Hit``, ``Buff``, ``Destroy``, ``ReturnToHand``, ``Draw``,
``ChooseTarget``...); the few that only Magic has (counter a spell, attach an
aura, exile) are ``Do`` steps defined here.

>>> POOL.card("lightning_bolt").text
'Lightning Bolt deals 3 damage to any target.'
>>> len([c for c in POOL.defs if c != PLAYER])
51
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from pure_engine.cards import (
    ENEMY,
    FRIENDLY,
    OTHER,
    SELF,
    TARGET,
    Aura,
    Buff,
    CardDef,
    CardState,
    ChooseTarget,
    Destroy,
    Do,
    Draw,
    Effect,
    Frame,
    HasType,
    Heal,
    Hit,
    Kinds,
    Layout,
    ReturnToHand,
    Rules,
    Selector,
    Trigger,
    Zone,
    apply_buff,
    build_pool,
    move,
)
from pure_engine.cards.table import Enchantment, EntityId
from pure_engine.core.zones import Visibility
from pure_engine.games.magic_lite.state import (
    COLORS,
    DEATHTOUCH,
    DEFENDER,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    LIFELINK,
    PACIFIED,
    REACH,
    TRAMPLE,
    VIGILANCE,
    Cost,
    MagicState,
    parse_cost,
)

__all__ = [
    "ANY_TARGET",
    "CREATURES",
    "KINDS",
    "LAYOUT",
    "PLAYER",
    "PLAYERS",
    "POOL",
    "cost_of",
    "is_permanent",
    "mana_of",
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


def _state(state: CardState) -> MagicState:
    assert isinstance(state, MagicState)
    return state


def _target(frame: Frame) -> EntityId:
    assert frame.ctx.target is not None
    return frame.ctx.target


# --- the Do steps only Magic has ----------------------------------------------------------------


def _counter(state: CardState, frame: Frame, rules: Rules[CardState]) -> CardState:
    """Counter the target spell: off the stack, into its owner's graveyard."""
    s, spell = _state(state), _target(frame)
    stack = tuple(i for i in s.stack if not (i.spell and i.frame.ctx.source == spell))
    owner = s.table.entities[spell].owner
    return s.replace(stack=stack, table=move(s.table, spell, LAYOUT.zone("graveyard", owner)))


def _exile_gain_power(state: CardState, frame: Frame, rules: Rules[CardState]) -> CardState:
    """Swords to Plowshares: exile the target creature; its controller gains life equal to its
    power."""
    s, creature = _state(state), _target(frame)
    e = s.table.entities[creature]
    life = list(s.life)
    life[e.owner] += max(e.attack, 0)
    table = move(s.table, creature, LAYOUT.zone("exile", e.owner))
    return s.replace(table=table, life=(life[0], life[1]))


def _attach(attack: int = 0, health: int = 0, tags: int = 0) -> Effect:
    """An aura's resolution: it enters attached to its target, which gets the stats."""

    def attach(state: CardState, frame: Frame, rules: Rules[CardState]) -> CardState:
        s, creature = _state(state), _target(frame)
        aura = frame.ctx.source
        assert aura is not None
        table = move(s.table, aura, LAYOUT.zone("battlefield", frame.ctx.controller))
        buff = Enchantment(f"#{aura}", attack, health, tags)
        table = apply_buff(table, creature, buff)
        return s.replace(table=table, attached=(*s.attached, (aura, creature)))

    return Do(attach)


# --- card constructors ------------------------------------------------------------------------


def _card(
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
) -> CardDef:
    parsed = parse_cost(cost) if cost else Cost(0, (0, 0, 0, 0, 0))
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
    )


def _land(key: str, name: str, color: str) -> CardDef:
    return _card(key, name, "", ("land", "basic"), f"T: add {color}.", mana=color)


def _creature(
    key: str, name: str, cost: str, power: int, toughness: int, text: str = "", **kw: object
) -> CardDef:
    return _card(key, name, cost, ("creature",), text, power=power, toughness=toughness, **kw)  # type: ignore[arg-type]  # keyword pass-through


_BF = ("battlefield",)


def _etb(*effects: Effect) -> Trigger:
    return Trigger("enters", effects, SELF, _BF)


def _at(event: str, *effects: Effect) -> Trigger:
    """At the beginning of your upkeep / combat / end step."""
    return Trigger(event, effects, YOU, _BF)


CARDS: Final[tuple[CardDef, ...]] = (
    CardDef(PLAYER, "player", frozenset({PLAYER}), 0),
    _land("plains", "Plains", "W"),
    _land("island", "Island", "U"),
    _land("swamp", "Swamp", "B"),
    _land("mountain", "Mountain", "R"),
    _land("forest", "Forest", "G"),
    # green
    _creature("llanowar_elves", "Llanowar Elves", "G", 1, 1, "T: add G.", mana="G"),
    _creature("grizzly_bears", "Grizzly Bears", "1G", 2, 2),
    _creature(
        "deadly_recluse",
        "Deadly Recluse",
        "1G",
        1,
        2,
        "Reach, deathtouch.",
        tags=REACH | DEATHTOUCH,
    ),
    _creature(
        "elvish_visionary",
        "Elvish Visionary",
        "1G",
        1,
        1,
        "When this enters, draw a card.",
        triggers=(_etb(Draw()),),
    ),
    _creature("trained_armodon", "Trained Armodon", "1GG", 3, 3),
    _creature("giant_spider", "Giant Spider", "3G", 2, 4, "Reach.", tags=REACH),
    _creature("charging_rhino", "Charging Rhino", "3GG", 4, 4, "Trample.", tags=TRAMPLE),
    _creature("craw_wurm", "Craw Wurm", "4GG", 6, 4),
    _card(
        "giant_growth",
        "Giant Growth",
        "G",
        ("instant",),
        "Target creature gets +3/+3 until end of turn.",
        target=CREATURES,
        play=(Buff(TARGET, 3, 3, one_turn=True),),
    ),
    _card(
        "titanic_growth",
        "Titanic Growth",
        "1G",
        ("instant",),
        "Target creature gets +4/+4 until end of turn.",
        target=CREATURES,
        play=(Buff(TARGET, 4, 4, one_turn=True),),
    ),
    _card(
        "rancor",
        "Rancor",
        "G",
        ("enchantment", "aura"),
        "Enchanted creature gets +2/+0 and has trample.",
        target=CREATURES,
        play=(_attach(attack=2, tags=TRAMPLE),),
    ),
    _card(
        "overrun",
        "Overrun",
        "2GGG",
        ("sorcery",),
        "Creatures you control get +3/+3 and gain trample until end of turn.",
        play=(Buff(FRIENDLY + CREATURES, 3, 3, TRAMPLE, one_turn=True),),
    ),
    # red
    _creature("raging_goblin", "Raging Goblin", "R", 1, 1, "Haste.", tags=HASTE),
    _creature("goblin_piker", "Goblin Piker", "1R", 2, 1),
    _creature(
        "blazing_skirmisher",
        "Blazing Skirmisher",
        "2R",
        2,
        2,
        "Whenever this attacks, it deals 1 damage to each opponent.",
        triggers=(Trigger("attacks", (Hit(ENEMY + PLAYERS, 1),), SELF, _BF),),
    ),
    _creature("hill_giant", "Hill Giant", "3R", 3, 3),
    _creature(
        "flametongue_kavu",
        "Flametongue Kavu",
        "3R",
        4,
        2,
        "When this enters, it deals 4 damage to target creature.",
        triggers=(_etb(ChooseTarget(CREATURES, lambda t: [Hit(t, 4)])),),
    ),
    _creature(
        "ball_lightning",
        "Ball Lightning",
        "RRR",
        6,
        1,
        "Trample, haste. At the beginning of the end step, sacrifice it.",
        tags=TRAMPLE | HASTE,
        triggers=(_at("end_step", Destroy(SELF)),),
    ),
    _card(
        "lightning_bolt",
        "Lightning Bolt",
        "R",
        ("instant",),
        "Lightning Bolt deals 3 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 3),),
    ),
    _card(
        "shock",
        "Shock",
        "R",
        ("instant",),
        "Shock deals 2 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 2),),
    ),
    _card(
        "searing_spear",
        "Searing Spear",
        "1R",
        ("instant",),
        "Searing Spear deals 3 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 3),),
    ),
    _card(
        "volcanic_hammer",
        "Volcanic Hammer",
        "1R",
        ("sorcery",),
        "Volcanic Hammer deals 3 damage to any target.",
        target=ANY_TARGET,
        play=(Hit(TARGET, 3),),
    ),
    _card(
        "lava_spike",
        "Lava Spike",
        "R",
        ("sorcery",),
        "Lava Spike deals 3 damage to target player.",
        target=PLAYERS,
        play=(Hit(TARGET, 3),),
    ),
    # white
    _creature("savannah_lions", "Savannah Lions", "W", 2, 1),
    _creature(
        "soul_warden",
        "Soul Warden",
        "W",
        1,
        1,
        "Whenever another creature enters, you gain 1 life.",
        triggers=(Trigger("enters", (Heal(YOU, 1),), OTHER + HasType("creature"), _BF),),
    ),
    _creature("youthful_knight", "Youthful Knight", "1W", 2, 1, "First strike.", tags=FIRST_STRIKE),
    _creature(
        "knight_of_meadowgrain",
        "Knight of Meadowgrain",
        "WW",
        2,
        2,
        "First strike, lifelink.",
        tags=FIRST_STRIKE | LIFELINK,
    ),
    _creature(
        "venerable_monk",
        "Venerable Monk",
        "2W",
        2,
        2,
        "When this enters, you gain 2 life.",
        triggers=(_etb(Heal(YOU, 2)),),
    ),
    _creature(
        "serra_angel", "Serra Angel", "3WW", 4, 4, "Flying, vigilance.", tags=FLYING | VIGILANCE
    ),
    _card(
        "healing_salve",
        "Healing Salve",
        "W",
        ("instant",),
        "You gain 3 life.",
        play=(Heal(YOU, 3),),
    ),
    _card(
        "swords_to_plowshares",
        "Swords to Plowshares",
        "W",
        ("instant",),
        "Exile target creature. Its controller gains life equal to its power.",
        target=CREATURES,
        play=(Do(_exile_gain_power),),
    ),
    _card(
        "pacifism",
        "Pacifism",
        "1W",
        ("enchantment", "aura"),
        "Enchanted creature can't attack or block.",
        target=CREATURES,
        play=(_attach(tags=PACIFIED),),
    ),
    _card(
        "holy_strength",
        "Holy Strength",
        "W",
        ("enchantment", "aura"),
        "Enchanted creature gets +1/+2.",
        target=CREATURES,
        play=(_attach(attack=1, health=2),),
    ),
    _card(
        "glorious_anthem",
        "Glorious Anthem",
        "1WW",
        ("enchantment",),
        "Creatures you control get +1/+1.",
        aura=Aura(FRIENDLY + CREATURES, 1, 1),
    ),
    _card(
        "battle_standard",
        "Battle Standard",
        "2W",
        ("enchantment",),
        "At the beginning of combat on your turn, creatures you control get +1/+0 "
        "until end of turn.",
        triggers=(_at("begin_combat", Buff(FRIENDLY + CREATURES, 1, 0, one_turn=True)),),
    ),
    # blue
    _creature("wind_drake", "Wind Drake", "2U", 2, 2, "Flying.", tags=FLYING),
    _creature("air_elemental", "Air Elemental", "3UU", 4, 4, "Flying.", tags=FLYING),
    _creature(
        "wall_of_air", "Wall of Air", "1UU", 1, 5, "Defender, flying.", tags=DEFENDER | FLYING
    ),
    _card(
        "counterspell",
        "Counterspell",
        "UU",
        ("instant",),
        "Counter target spell.",
        target=SPELLS,
        play=(Do(_counter),),
    ),
    _card(
        "unsummon",
        "Unsummon",
        "U",
        ("instant",),
        "Return target creature to its owner's hand.",
        target=CREATURES,
        play=(ReturnToHand(TARGET),),
    ),
    _card("divination", "Divination", "2U", ("sorcery",), "Draw two cards.", play=(Draw(count=2),)),
    # black
    _creature("typhoid_rats", "Typhoid Rats", "B", 1, 1, "Deathtouch.", tags=DEATHTOUCH),
    _creature("child_of_night", "Child of Night", "1B", 2, 1, "Lifelink.", tags=LIFELINK),
    _creature(
        "vampire_nighthawk",
        "Vampire Nighthawk",
        "1BB",
        2,
        3,
        "Flying, deathtouch, lifelink.",
        tags=FLYING | DEATHTOUCH | LIFELINK,
    ),
    _card(
        "doom_blade",
        "Doom Blade",
        "1B",
        ("instant",),
        "Destroy target nonblack creature.",
        target=CREATURES - HasType("black"),
        play=(Destroy(TARGET),),
    ),
    _card(
        "phyrexian_arena",
        "Phyrexian Arena",
        "1BB",
        ("enchantment",),
        "At the beginning of your upkeep, you draw a card and you lose 1 life.",
        triggers=(_at("upkeep", Draw(), Hit(YOU, 1)),),
    ),
)

POOL: Final = build_pool(CARDS, LAYOUT)
"""Every card compiled once: programs by (card, slot), target selectors, listeners, auras."""

_COSTS: Final[dict[str, Cost]] = {
    c.key: cost for c in CARDS if isinstance(cost := c.extra.get("cost"), Cost)
}
_MANA: Final[dict[str, int]] = {
    c.key: COLORS.index(str(c.extra["mana"])) for c in CARDS if c.extra.get("mana")
}
_PERMANENT: Final = frozenset({"creature", "land", "enchantment"})
BY_NAME: Final[dict[str, str]] = {c.name.lower(): c.key for c in CARDS if c.key != PLAYER}
"""Card key by lower-case name (deck lists and notation use names)."""


def cost_of(card: str) -> Cost:
    """The mana cost of *card* (lands: nothing).

    >>> str(cost_of("serra_angel")), str(cost_of("forest"))
    ('3WW', '0')
    """
    return _COSTS[card]


def mana_of(card: str) -> int:
    """The colour (index in WUBRG) of the mana *card* taps for, or -1.

    >>> mana_of("forest"), mana_of("llanowar_elves"), mana_of("grizzly_bears")
    (4, 4, -1)
    """
    return _MANA.get(card, -1)


def is_permanent(card: str) -> bool:
    """True when *card* stays on the battlefield once it resolves (not an instant or sorcery,
    nor an aura, which enters through its own program)."""
    types = POOL.defs[card].types
    return bool(types & _PERMANENT) and "aura" not in types
