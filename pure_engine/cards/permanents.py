"""What permanents share in every card game with a battlefield: tokens, attachments, uniqueness,
and a number a player names (X).

* **Tokens** (Magic's rule 111): a token is a card of the :data:`TOKEN` type that exists only in
  play.  :class:`CreateToken` makes them through the game's ``summon`` hook; :func:`strays`
  finds those that left play and :func:`cease` removes them from the table (they cease to exist:
  rule 111.7, a state-based action, 704.5d).
* **Attachments** (equipment, auras): what is attached gives its creature a buff named after it
  (:func:`attachment`, source ``#id``); :func:`reattach` moves it from the creature it was on to
  another, :func:`detach` takes it off.  Who is attached to whom is the game's data: ``(source,
  creature)`` pairs.
* **Uniqueness** (the legend rule, 704.5j): :func:`duplicates` finds the groups of permanents of
  one zone (a controller's battlefield) that share a name, among those of a type
  (:data:`LEGENDARY`); :class:`KeepOne` asks the controller which one to keep, and puts the
  others into their owner's graveyard.
* **A named number** (X, rule 107.3): :class:`ChooseNumber` asks the controller for a number in
  a range, bound to a register for the effects that follow.

>>> from pure_engine.cards.runtime.table import Layout, create, new_table
>>> from pure_engine.core.zones import Visibility
>>> layout = Layout.build([("board", 0, Visibility.PUBLIC), ("grave", 0, Visibility.PUBLIC)])
>>> t, soldier = create(new_table(layout), layout.zone("grave", 0), card="soldier", owner=0,
...                     types=frozenset({TOKEN, "creature"}))
>>> strays(t, [layout.zone("grave", 0)])
(0,)
>>> gone = cease(t, (soldier,))
>>> soldier in gone.entities, gone.zones["grave0"], soldier in t.entities
(False, (), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pure_engine.cards.decisions import NumberLike, Player, number_operand
from pure_engine.cards.effects import Do
from pure_engine.cards.runtime import (
    CardRules,
    CardState,
    Decision,
    DecisionKind,
    Enchantment,
    Entity,
    EntityId,
    Frame,
    Reg,
    Table,
    Value,
    apply_buff,
    leave_play,
    move,
    remove_buffs,
)
from pure_engine.cards.runtime.pool import Assembler, Effect, Instr
from pure_engine.cards.runtime.program import Number, S
from pure_engine.cards.runtime.vm import set_reg
from pure_engine.core.zones import ZoneId

__all__ = [
    "LEGENDARY",
    "TOKEN",
    "ChooseNumber",
    "CreateToken",
    "KeepOne",
    "attachment",
    "carries",
    "cease",
    "detach",
    "duplicates",
    "number_in",
    "reattach",
    "strays",
]

TOKEN: Final = "token"  # noqa: S105  # a card type, not a password
"""The type of a token's card: it exists only in play (rule 111)."""
LEGENDARY: Final = "legendary"
"""The supertype of permanents a controller may hold only one of by name (rule 704.5j)."""


# --- tokens ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    """Create ``count`` tokens of ``card`` (a card of the :data:`TOKEN` type) for ``player``:
    each enters play through the game's ``summon`` hook, as a summoned card does."""

    card: str
    count: NumberLike = 1
    player: Player = Player.CONTROLLER

    def emit(self, asm: Assembler) -> None:
        card, count, who = self.card, number_operand(asm, self.count), self.player

        def create(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
            if TOKEN not in rules.pool.card(card).types:
                raise ValueError(f"CreateToken: {card!r} is not a token's card")
            owner = who.of(frame.ctx.controller)
            for _ in range(count(state, frame)):
                state = rules.summon(state, frame, owner, card)
            return state

        Do(create).emit(asm)


def strays(table: Table, zones: Iterable[ZoneId]) -> tuple[EntityId, ...]:
    """The tokens in *zones* (those out of play, where a token cannot stay: rule 111.7)."""
    entities = table.entities
    return tuple(i for zone in zones for i in table.zones[zone] if TOKEN in entities[i].types)


def cease(table: Table, ids: Sequence[EntityId]) -> Table:
    """*table* without the entities *ids*: they cease to exist (out of their zones and out of the
    entity map; their ids are never given again)."""
    if not ids:
        return table
    zones, entities = table.zones.mutate(), table.entities.mutate()
    for i in ids:
        zone = entities[i].zone
        zones[zone] = tuple(other for other in zones[zone] if other != i)
        del entities[i]
    return table.replace(entities=entities.finish(), zones=zones.finish())


# --- attachments -------------------------------------------------------------------------------


def attachment(source: EntityId, attack: int = 0, health: int = 0, tags: int = 0) -> Enchantment:
    """The buff *source* (an equipment, an aura) gives the creature it is attached to.

    >>> attachment(EntityId(7), attack=2).source
    '#7'
    """
    return Enchantment(f"#{source}", attack, health, tags)


def carries(entity: Entity, source: EntityId | None) -> bool:
    """True when *entity* holds the buff *source* gave it: *source* is attached to it.

    >>> from pure_engine.core.zones import ZoneId
    >>> bear = Entity(EntityId(3), "bear", 0, ZoneId("board0"), buffs=(attachment(EntityId(7)),))
    >>> carries(bear, EntityId(7)), carries(bear, EntityId(8))
    (True, False)
    """
    name = f"#{source}"
    return any(buff.source == name for buff in entity.buffs)


def detach(table: Table, source: EntityId, creature: EntityId) -> Table:
    """*creature* without the buff *source* gave it (its damage shrinks with the health lost)."""
    name = f"#{source}"
    return remove_buffs(table, creature, lambda buff: buff.source == name)


def reattach(
    table: Table,
    pairs: tuple[tuple[EntityId, EntityId], ...],
    source: EntityId,
    creature: EntityId,
    buff: Enchantment,
) -> tuple[Table, tuple[tuple[EntityId, EntityId], ...]]:
    """Attach *source* to *creature* with *buff*, moving it off the creature it was attached to
    (*pairs*: ``(source, creature)``); attaching it where it already is changes nothing (rule
    701.3b).  Returns the table and the pairs.

    >>> from pure_engine.cards.runtime.table import Layout, create, new_table
    >>> from pure_engine.core.zones import Visibility
    >>> layout = Layout.build([("board", 0, Visibility.PUBLIC)])
    >>> t, sword = create(new_table(layout), layout.zone("board", 0), card="sword", owner=0)
    >>> t, bear = create(t, layout.zone("board", 0), card="bear", owner=0, attack=2)
    >>> t, elf = create(t, layout.zone("board", 0), card="elf", owner=0, attack=1)
    >>> t, pairs = reattach(t, (), sword, bear, attachment(sword, attack=2))
    >>> t, pairs = reattach(t, pairs, sword, elf, attachment(sword, attack=2))
    >>> t.entities[bear].attack, t.entities[elf].attack, pairs
    (2, 3, ((0, 2),))
    """
    for attached, holder in pairs:
        if attached == source:
            if holder == creature:
                return table, pairs
            table = detach(table, source, holder)
    kept = tuple(pair for pair in pairs if pair[0] != source)
    return apply_buff(table, creature, buff), (*kept, (source, creature))


# --- uniqueness ----------------------------------------------------------------------------------


def duplicates(
    table: Table, zones: Iterable[ZoneId], kind: str = LEGENDARY
) -> tuple[tuple[EntityId, ...], ...]:
    """The groups of two or more entities of type *kind* sharing a card (a name) in one of
    *zones*, each in zone order (the legend rule looks at each controller's battlefield)."""
    groups: list[tuple[EntityId, ...]] = []
    entities = table.entities
    for zone in zones:
        found = [entities[i] for i in table.zones[zone] if kind in entities[i].types]
        if len(found) < 2:  # (most battlefields hold no such entity, or one)
            continue
        by_card: dict[str, list[EntityId]] = {}
        for e in found:
            by_card.setdefault(e.card, []).append(e.id)
        groups += [tuple(ids) for ids in by_card.values() if len(ids) > 1]
    return tuple(groups)


@dataclass(frozen=True, slots=True)
class KeepOne(Effect):
    """The controller keeps one of the entities in register ``among``; the others go to their
    owner's graveyard (not destroyed: nothing saves them)."""

    among: Reg

    def emit(self, asm: Assembler) -> None:
        asm.emit(_KeepOneI(self.among.index))


@dataclass(frozen=True, slots=True)
class _KeepOneI(Instr):
    among: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        ids = frame.regs[self.among]
        assert isinstance(ids, tuple)
        options: tuple[Value, ...] = tuple((i,) for i in ids)
        decision = Decision(frame.ctx.controller, DecisionKind.TARGET, options)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        ids = frame.regs[self.among]
        assert isinstance(ids, tuple) and isinstance(choice, tuple)
        table = state.table
        for i in ids:
            if i not in choice:
                owner = table.entities[i].owner
                table = move(
                    leave_play(table, i), i, rules.layout.zone(rules.kinds.graveyard, owner)
                )
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


# --- a named number ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseNumber(Effect):
    """The controller names a number from ``lo`` to ``hi`` (``hi`` read when the effect runs:
    the mana they have left for X); ``then(reg)`` are the effects that use it.  The options are
    labelled ``{label}={n}``."""

    lo: int
    hi: NumberLike
    then: Callable[[Reg], Sequence[Effect]]
    label: str = "X"

    def emit(self, asm: Assembler) -> None:
        reg = asm.reg()
        asm.emit(_ChooseNumberI(self.lo, number_operand(asm, self.hi), reg, self.label))
        for effect in self.then(reg):
            effect.emit(asm)


@dataclass(frozen=True, slots=True)
class _ChooseNumberI(Instr):
    lo: int
    hi: Number
    reg: Reg
    label: str

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        numbers = range(self.lo, max(self.lo, self.hi(state, frame)) + 1)
        labels = tuple(f"{self.label}={n}" for n in numbers)
        decision = Decision(frame.ctx.controller, DecisionKind.NUMBER, tuple(numbers), (), labels)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        """The number named goes into the register; the effects that use it follow."""
        return state, set_reg(frame, self.reg, choice)


def number_in(frame: Frame, reg: Reg) -> int:
    """The number register *reg* of *frame* holds (a :class:`ChooseNumber`'s answer)."""
    value = frame.regs[reg.index]
    assert isinstance(value, int)
    return value
