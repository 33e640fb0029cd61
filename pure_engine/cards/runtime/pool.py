"""Card definitions and their compiled form: programs, the card pool, and the game's rules.

This module holds the types that refer to one another: a card
(:class:`CardDef`) lists effects; an :class:`Effect` compiles itself through an
:class:`Assembler` into a :class:`Program` of :class:`Instr` instructions; an
instruction runs with the game's :class:`CardRules`, which hold the compiled
:class:`CardPool` — which holds the cards.

A game describes its cards as :class:`CardDef` values (stats, keywords, and
effect lists for "on play", "deathrattle", triggers, activated abilities and
an aura) and builds one :class:`CardRules` value: the layout of its zones, the
compiled pool (every effect list compiled once into a program, every selector
into a function), and the few hooks whose meaning differs between games —
what damage does (armor? divine shield?), what a draw does (fatigue? hand
limit?), how a summoned card enters play.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Generic

from mypy_extensions import mypyc_attr

from pure_engine.cards.runtime.aura import Aura, AuraAttack, AuraTerms, compile_aura
from pure_engine.cards.runtime.event import DEATH, SILENCE, Event, KitEvent
from pure_engine.cards.runtime.program import Frame, Reg, S, Value
from pure_engine.cards.runtime.slots import ability_slot, mode_slot, trigger_slot
from pure_engine.cards.runtime.table import ENCHANTMENT, Enchantment, EntityId, Kinds, Layout, Table
from pure_engine.cards.selector_compiler import compile_selector
from pure_engine.cards.selectors import Compiled, Ctx, Selector

__all__ = [
    "DEATH",
    "SILENCE",
    "Activated",
    "Assembler",
    "Aura",
    "CardDef",
    "CardPool",
    "CardRules",
    "Effect",
    "Event",
    "Heard",
    "Instr",
    "Kinds",
    "KitEvent",
    "Listener",
    "Mode",
    "Program",
    "Trigger",
    "ability_slot",
    "build_pool",
    "compile_effects",
    "mode_slot",
    "new_frame",
    "program_slots",
    "trigger_slot",
]


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own effects subclass it
class Effect:
    """Base of every effect of the DSL: it compiles itself into instructions."""

    __slots__ = ()

    def emit(self, asm: Assembler) -> None:
        """Append this effect's instructions to *asm*."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own instructions subclass it
class Instr:
    """Base of every instruction: a frozen, slotted dataclass with a ``run`` method.

    ``run`` returns the new state and the frame to go on with (its ``pc``
    advanced), or ``None`` when it pushed frames itself (a call).  An
    instruction that needs a decision sets ``state.pending`` and returns the
    frame unchanged; the answer comes back through ``resume``.
    """

    __slots__ = ()

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        """Execute the instruction."""
        raise NotImplementedError

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        """Go on after the pending decision was answered with *choice*."""
        raise TypeError(f"{type(self).__name__} never suspends")


@dataclass(frozen=True, slots=True)
class Program:
    """A compiled ability: instructions and how many registers it uses."""

    code: tuple[Instr, ...]
    regs: int = 0
    text: str = ""

    def __len__(self) -> int:
        return len(self.code)


class Assembler:
    """Builds a program: emits instructions, allocates registers, compiles selectors once.

    Effects compile themselves into an assembler (``effect.emit(asm)``); it
    knows the layout, so every selector of a card is compiled here, at
    definition time.
    """

    __slots__ = ("code", "layout", "regs")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.code: list[Instr] = []
        self.regs = 0

    def reg(self) -> Reg:
        """A fresh register."""
        self.regs += 1
        return Reg(self.regs - 1)

    def emit(self, instr: Instr) -> int:
        """Append *instr*; return its index."""
        self.code.append(instr)
        return len(self.code) - 1

    def here(self) -> int:
        """The index the next instruction will get."""
        return len(self.code)

    def patch(self, index: int, instr: Instr) -> None:
        """Replace the instruction at *index* (a jump whose target is now known)."""
        self.code[index] = instr

    def selector(self, selector: Selector) -> Compiled:
        """*selector* compiled for this layout."""
        return compile_selector(selector, self.layout)

    def program(self, text: str = "") -> Program:
        """The finished program."""
        return Program(tuple(self.code), self.regs, text)


@dataclass(frozen=True, slots=True)
class Trigger:
    """``event`` fires ``effects`` while the card is in a zone of ``zones``.

    ``condition`` (a selector evaluated from the listening entity) must select
    the event's subject: ``Trigger(SUMMONED, effects, FRIENDLY + OTHER)`` is
    "after you summon another minion" (``SUMMONED``: the game's :data:`Event`).
    ``opponents_turn``: it listens only while another player is active (a secret; the game
    says who is active with :attr:`CardRules.active`).
    """

    event: Event
    effects: tuple[Effect, ...]
    condition: Selector | None = None
    zones: tuple[str, ...] = ("board",)
    opponents_turn: bool = False


@dataclass(frozen=True, slots=True)
class Activated:
    """An activated ability, "cost: effects": a player chooses to use it.

    ``cost`` is the game's data (mana, tapping, sacrifice, timing: the kit does not read it;
    the game checks and pays it); ``target`` is chosen when the ability is activated (``None``:
    no target), and ``effects`` run when it resolves, as program slot :func:`ability_slot`.
    """

    effects: tuple[Effect, ...]
    target: Selector | None = None
    cost: Hashable = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Mode:
    """A mode of a modal card, chosen when it is played: ``target`` and ``effects`` (slot
    :func:`mode_slot`); ``label`` names it."""

    label: str
    effects: tuple[Effect, ...]
    target: Selector | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card: printed stats and keywords, and its abilities as effect lists.

    ``target`` is who the card may be played on (``None``: no target);
    ``extra`` holds game data the kit does not read (class, durability...).
    """

    key: str
    name: str
    types: frozenset[str]
    cost: int
    attack: int = 0
    health: int = 0
    tags: int = 0
    text: str = ""
    play: tuple[Effect, ...] = ()
    deathrattle: tuple[Effect, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    aura: Aura | None = None
    target: Selector | None = None
    extra: dict[str, object] = field(default_factory=dict)
    abilities: tuple[Activated, ...] = ()
    modes: tuple[Mode, ...] = ()  # a modal card's modes ("choose one —"), in place of play


@dataclass(frozen=True, slots=True)
class Listener:
    """A card listening for an event: its program slot, compiled condition, and zone kinds."""

    card: str
    slot: str
    condition: Compiled | None
    zones: frozenset[str]
    opponents_turn: bool = False


@dataclass(frozen=True, slots=True)
class Heard:
    """Who hears an event: its listeners by card, and the (zone place, kind) pairs of the zones
    where some card listens for it, in table order (``emit`` reads both with one lookup)."""

    by_card: dict[str, tuple[Listener, ...]]
    places: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class CardPool:
    """Every card of a game, compiled: programs by (card, slot), targets, listeners, auras."""

    # dicts, not Mappings: compiled, a lookup in a dict is a C call, where a Mapping's ``.get``
    # is a Python method call (the trigger scan alone: -1.7 % of a skirmish game, cachegrind)
    defs: dict[str, CardDef]
    programs: dict[tuple[str, str], Program]
    targets: dict[str, Compiled]
    listeners: dict[Event, Heard]
    """event -> who hears it: its listeners by card, and the zones where they listen."""
    auras: dict[str, tuple[Compiled, AuraAttack, int]]
    ability_targets: dict[tuple[str, str], Compiled] = field(default_factory=dict)
    """(card, slot) -> the compiled target selector of that activated ability or mode."""
    granted: frozenset[Event] = frozenset()
    """The events some enchantment card (type ``ENCHANTMENT``, in :data:`enchantments`) hears."""
    enchantments: frozenset[str] = frozenset()
    """The keys of the enchantment cards: a buff whose source is one grants its abilities."""
    aura_terms: dict[str, AuraTerms] = field(default_factory=dict)
    """card -> its aura's keywords, ``per`` and ``active`` (compiled), for the auras that have
    any (the others are only in :attr:`auras`)."""
    aura_keywords: bool = False
    """Some aura gives keywords (the aura pass then keeps track of them)."""

    def card(self, key: str) -> CardDef:
        """The definition of *key* (``KeyError`` naming it when unknown)."""
        try:
            return self.defs[key]
        except KeyError:
            raise KeyError(f"unknown card {key!r}") from None


def program_slots(card: CardDef) -> list[tuple[str, tuple[Effect, ...]]]:
    """Every program :func:`build_pool` compiles for *card*, as ``(slot, effects)``: its play
    and deathrattle (when it has them), each triggered ability (:func:`trigger_slot`) and each
    activated ability (:func:`ability_slot`) — for rules that ask what a card's programs can do.

    >>> from pure_engine.cards.effects import Draw
    >>> card = CardDef("seer", "Seer", frozenset({"minion"}), 1, play=(Draw(count=1),),
    ...                triggers=(Trigger(DEATH, (Draw(count=1),)),))
    >>> [slot for slot, _ in program_slots(card)]
    ['play', 'trigger0']
    """
    slots = [("play", card.play)] if card.play else []
    if card.deathrattle:
        slots.append(("deathrattle", card.deathrattle))
    slots += [(trigger_slot(i), trigger.effects) for i, trigger in enumerate(card.triggers)]
    slots += [(ability_slot(i), ability.effects) for i, ability in enumerate(card.abilities)]
    slots += [(mode_slot(i), mode.effects) for i, mode in enumerate(card.modes)]
    return slots


def build_pool(
    defs: Iterable[CardDef], layout: Layout, *, events: Iterable[Event] = ()
) -> CardPool:
    """Compile every card once: effect lists into programs, selectors into functions.

    *events* are the events the game emits (the kit's own, :class:`KitEvent`, are always
    known); a card listening to any other is refused with its name — it would never fire.

    >>> from pure_engine.core.zones import Visibility as V
    >>> from pure_engine.cards.effects import Draw
    >>> class Turn(Event):
    ...     START = "turn_start"
    >>> layout = Layout.build([("board", 0, V.PUBLIC), ("board", 1, V.PUBLIC)])
    >>> pool = build_pool([CardDef("wisp", "Wisp", frozenset({"minion"}), 0, 1, 1)], layout)
    >>> pool.card("wisp").attack, dict(pool.programs)
    (1, {})
    >>> seer = CardDef("seer", "Seer", frozenset({"minion"}), 1,
    ...                triggers=(Trigger(Turn.START, (Draw(count=1),)),))
    >>> build_pool([seer], layout)
    Traceback (most recent call last):
    ...
    ValueError: card 'Seer' (seer) listens to Turn.START, an event this game never emits; ...
    >>> sorted(build_pool([seer], layout, events=Turn).listeners[Turn.START].by_card)
    ['seer']
    """
    known = {*KitEvent, *events}
    by_key: dict[str, CardDef] = {}
    programs: dict[tuple[str, str], Program] = {}
    targets: dict[str, Compiled] = {}
    listeners: dict[Event, list[Listener]] = {}
    auras: dict[str, tuple[Compiled, AuraAttack, int]] = {}
    aura_terms: dict[str, AuraTerms] = {}
    ability_targets: dict[tuple[str, str], Compiled] = {}
    for card in defs:
        if card.key in by_key:
            raise ValueError(f"card {card.key!r} is defined twice")
        by_key[card.key] = card
        for slot, effects in (("play", card.play), ("deathrattle", card.deathrattle)):
            if effects:
                programs[card.key, slot] = compile_effects(effects, layout, card.text)
        for i, trig in enumerate(card.triggers):
            if trig.event not in known:
                raise ValueError(_unknown_event(card, trig.event, known))
            slot = trigger_slot(i)
            programs[card.key, slot] = compile_effects(trig.effects, layout, card.text)
            cond = None if trig.condition is None else Assembler(layout).selector(trig.condition)
            listeners.setdefault(trig.event, []).append(
                Listener(card.key, slot, cond, frozenset(trig.zones), trig.opponents_turn)
            )
        if card.target is not None:
            targets[card.key] = Assembler(layout).selector(card.target)
        chosen = [
            (ability_slot(i), a.effects, a.target, a.text) for i, a in enumerate(card.abilities)
        ]
        chosen += [(mode_slot(i), m.effects, m.target, card.text) for i, m in enumerate(card.modes)]
        for slot, effects, target, text in chosen:
            programs[card.key, slot] = compile_effects(effects, layout, text)
            if target is not None:
                ability_targets[card.key, slot] = Assembler(layout).selector(target)
        if card.aura is not None:
            auras[card.key], terms = compile_aura(card.aura, layout)
            if terms is not None:
                aura_terms[card.key] = terms
    enchantments = frozenset(key for key, card in by_key.items() if ENCHANTMENT in card.types)
    return CardPool(
        defs=by_key,
        programs=programs,
        targets=targets,
        listeners=_heard(listeners, layout),
        auras=auras,
        ability_targets=ability_targets,
        granted=frozenset(t.event for key in enchantments for t in by_key[key].triggers),
        enchantments=enchantments,
        aura_terms=aura_terms,
        aura_keywords=any(terms[0] for terms in aura_terms.values()),
    )


def _heard(listeners: Mapping[Event, list[Listener]], layout: Layout) -> dict[Event, Heard]:
    """Who hears each event: its listeners by card, and the zones where they listen."""
    heard: dict[Event, Heard] = {}
    for event, items in listeners.items():
        by_card: dict[str, tuple[Listener, ...]] = {}
        for item in items:
            by_card[item.card] = (*by_card.get(item.card, ()), item)
        kinds = set().union(*(item.zones for item in items))
        places = tuple(
            (layout.place(z.kind, z.spec.owner), z.kind) for z in layout.zones if z.kind in kinds
        )
        heard[event] = Heard(by_card, places)
    return heard


def _unknown_event(card: CardDef, event: Event, known: set[Event]) -> str:
    names = ", ".join(sorted(str(e) for e in known))
    return (
        f"card {card.name!r} ({card.key}) listens to {event}, an event this game never emits; "
        f"its events: {names}"
    )


def compile_effects(effects: Iterable[Effect], layout: Layout, text: str = "") -> Program:
    """Compile an effect list into one program."""
    asm = Assembler(layout)
    for effect in effects:
        effect.emit(asm)
    return asm.program(text)


Hook = Callable[[S, Frame, EntityId, int], S]
_DEFAULT_KINDS: Final = Kinds()


class CardRules(Generic[S]):
    """What the kit needs from a game: its layout, its cards, and the game-specific hooks.

    * ``damage(state, frame, target, amount)`` / ``heal(...)``: what hitting and
      healing do (armor, divine shield, spell damage are the game's business);
    * ``draw(state, player, n)``: fatigue, hand limits;
    * ``summon(state, frame, player, card)``: create a card's entity in play;
    * ``buffed(state, target, buff)``: what else a buff given to *target* (already applied to
      the table) does to the game's state, e.g. a fact the game keeps (``None``: nothing);
    * ``active(state)``: the player whose turn it is (a trigger with ``opponents_turn`` listens
      only while its controller is not: ``None`` means such triggers never listen);
    * ``max_depth``: how deep programs may nest (``TriggerRemote`` inside
      triggered abilities); past it :class:`~pure_engine.cards.runtime.vm.TriggerDepthError`;
    * ``targetable(table, ctx, target)``: may a program run from *ctx* target *target*
      (hexproof, protection; ``None``: if alive) — ``ChooseTarget`` asks, and so should the game;
    * ``indestructible``: tag bits of entities that destroy and lethal damage do not kill;
    * ``frail``: the type of entities that die at 0 health or less (Magic's creatures at 0
      toughness; ``""``: none — an entity without health, a land, never dies of it);
    * ``play_order(state)``: for the entities made before they came into play (a card played
      from the hand), the number each took then (:func:`~.table.take_number`); the death phase
      and the trigger queue go by it, and by id for the others (``None``: all by id).

    ``mortal_zones``: the ``kinds.mortal`` kinds' zones, every player's, in death-phase order;
    ``aura_zones``: the ``kinds.auras`` kinds' zones, every player's; ``mortal_places`` and
    ``aura_places``: the places of those zones in a table's zone map (the death phase and the
    aura pass read them at each resolution).
    """

    # a plain class with Final fields: a generic dataclass does not compile with mypyc

    def __init__(
        self,
        layout: Layout,
        pool: CardPool,
        damage: Hook[S],
        heal: Hook[S],
        draw: Callable[[S, int, int], S],
        summon: Callable[[S, Frame, int, str], S],
        kinds: Kinds = _DEFAULT_KINDS,
        max_depth: int = 16,
        players: int = 2,
        buffed: Callable[[S, EntityId, Enchantment], S] | None = None,
        active: Callable[[S], int] | None = None,
        targetable: Callable[[Table, Ctx, EntityId], bool] | None = None,
        indestructible: int = 0,
        frail: str = "",
        play_order: Callable[[S], Mapping[EntityId, int]] | None = None,
    ) -> None:
        self.layout: Final = layout
        self.pool: Final = pool
        self.damage: Final = damage
        self.heal: Final = heal
        self.draw: Final = draw
        self.summon: Final = summon
        self.kinds: Final = kinds
        self.max_depth: Final = max_depth
        self.players: Final = players
        self.buffed: Final = buffed
        self.active: Final = active
        self.targetable: Final = targetable
        self.indestructible: Final = indestructible
        self.frail: Final = frail
        self.play_order: Final = play_order
        self.mortal_zones: Final = tuple(
            layout.zone(kind, p) for kind in kinds.mortal for p in range(players)
        )
        self.aura_zones: Final = tuple(
            layout.zone(kind, p) for kind in kinds.auras for p in range(players)
        )
        self.mortal_places: Final = tuple(
            layout.place(kind, p) for kind in kinds.mortal for p in range(players)
        )
        self.aura_places: Final = tuple(
            layout.place(kind, p) for kind in kinds.auras for p in range(players)
        )

    @property
    def programs(self) -> dict[tuple[str, str], Program]:
        """The pool's programs by (card, slot)."""
        return self.pool.programs


def new_frame(
    rules: CardRules[S],
    card: str,
    slot: str,
    source: EntityId | None,
    controller: int,
    target: EntityId | None = None,
) -> Frame:
    """A frame at the start of *card*'s *slot* program, with zeroed registers."""
    program = rules.pool.programs[card, slot]
    regs: tuple[Value, ...] = (0,) * program.regs
    return Frame(card, slot, 0, Ctx(source, controller, target), regs)
