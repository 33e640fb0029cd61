"""Effects: the verbs of the card DSL, each compiled to one pure state -> state instruction.

``Hit(ENEMY + MINIONS, 2)``, ``Buff(SELF, 1, 1)``, ``Summon("boar")``,
``Hit(RANDOM(ENEMY + CHARACTERS) * 1, 1)``, ``Hit(TARGET, RandomNumber(2, 3))``...
Targets are selectors, registers or ``RANDOM`` picks; numbers are ints,
``Count(sel)``, ``RandomNumber(lo, hi)`` (chance), registers, or functions of
the state (:mod:`pure_engine.cards.decisions` compiles both).  What damage,
healing, drawing and summoning *mean* is the game's (its
:class:`~pure_engine.cards.runtime.pool.CardRules` hooks); buffs, keywords, silence,
transform, destroy, freeze, armor and zone moves are the same in every game
and are done here, on the entity table (the entity-level functions they use,
``spawn``, ``apply_buff``, ``silence``..., are in :mod:`pure_engine.cards.runtime.stats`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from pure_engine.cards.decisions import (
    NumberLike,
    Player,
    RandomNumber,
    RandomPickI,
    ShuffleI,
    TargetLike,
    number_operand,
    targets_operand,
)
from pure_engine.cards.runtime.events import silenced
from pure_engine.cards.runtime.pool import Assembler, CardRules, Effect, Instr
from pure_engine.cards.runtime.program import CardState, Frame, Number, Reg, S, Targets
from pure_engine.cards.runtime.stats import (
    apply_buff,
    claim_keywords,
    fresh_copy,
    set_stats,
)
from pure_engine.cards.runtime.table import (
    DOOMED,
    EXHAUSTED,
    FROZEN,
    Enchantment,
    EntityId,
    Table,
    move,
    put,
)
from pure_engine.cards.runtime.vm import Jump, JumpUnless, Loop, set_reg
from pure_engine.cards.selectors import FRIENDLY, Selector, Zone

__all__ = [
    "Armor",
    "Buff",
    "Destroy",
    "Discard",
    "Do",
    "Draw",
    "ForEach",
    "Freeze",
    "GiveTag",
    "Heal",
    "Hit",
    "If",
    "Prevent",
    "RemoveTag",
    "ReturnToHand",
    "SetStats",
    "Shuffle",
    "Silence",
    "Summon",
    "Transform",
]


# --- instructions -----------------------------------------------------------------------------

_PerTarget = Callable[[CardState, Frame, CardRules[CardState], EntityId, int], CardState]
"""What an effect does to one target: ``fn(state, frame, rules, target, amount)``."""


@dataclass(frozen=True, slots=True)
class _Each(Instr):
    """Apply ``fn(state, frame, rules, target, amount)`` to every target."""

    targets: Targets
    amount: Number
    fn: _PerTarget

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        amount = self.amount(state, frame)
        fn = self.fn
        for target in self.targets(state.table, frame):
            state = fn(state, frame, rules, target, amount)  # type: ignore[arg-type,assignment]  # S is a CardState
        return state, frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class _Table(Instr):
    """Apply ``fn(table, target)`` to every target (table-only effects)."""

    targets: Targets
    fn: Callable[[Table, EntityId], Table]

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        table, fn = state.table, self.fn
        for target in self.targets(table, frame):
            table = fn(table, target)
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class _Call(Instr):
    """Apply ``fn(state, frame, rules)``."""

    fn: Callable[[CardState, Frame, CardRules[CardState]], CardState]

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        return self.fn(state, frame, rules), frame.replace(pc=frame.pc + 1)  # type: ignore[arg-type,return-value]  # S is a CardState


@dataclass(frozen=True, slots=True)
class _SetReg(Instr):
    targets: Targets
    reg: Reg

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        return state, set_reg(frame, self.reg, self.targets(state.table, frame))


# --- the effects ------------------------------------------------------------------------------


def _damage(
    state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
) -> CardState:
    return rules.damage(state, frame, t, n)


def _heal(
    state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
) -> CardState:
    return rules.heal(state, frame, t, n)


@dataclass(frozen=True, slots=True)
class _EachTarget(Effect):
    """An effect that does its class's ``action`` to each target with ``amount``."""

    targets: TargetLike
    amount: NumberLike

    def action(self) -> _PerTarget:
        """The function done to each target.  (A method: a class attribute that a subclass
        sets is, in the compiled build, a dataclass field that cannot be set.)"""
        raise NotImplementedError

    def emit(self, asm: Assembler) -> None:
        amount = number_operand(asm, self.amount)
        asm.emit(_Each(targets_operand(asm, self.targets), amount, self.action()))


@dataclass(frozen=True, slots=True)
class Hit(_EachTarget):
    """Deal ``amount`` damage to each target (the game's ``damage`` hook says what that does)."""

    def action(self) -> _PerTarget:
        return _damage


@dataclass(frozen=True, slots=True)
class Heal(_EachTarget):
    """Restore ``amount`` health to each target."""

    def action(self) -> _PerTarget:
        return _heal


@dataclass(frozen=True, slots=True)
class Buff(Effect):
    """Give each target +attack/+health (and keywords); ``one_turn`` ends at the end of the turn."""

    targets: TargetLike
    attack: NumberLike = 0
    health: NumberLike = 0
    tags: int = 0
    one_turn: bool = False
    source: str = ""

    def emit(self, asm: Assembler) -> None:
        attack, health = number_operand(asm, self.attack), number_operand(asm, self.health)
        tags, one_turn, source = self.tags, self.one_turn, self.source

        def buff(
            state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
        ) -> CardState:
            given = Enchantment(source or frame.card, n, health(state, frame), tags, one_turn)
            state = state.replace(table=apply_buff(state.table, t, given))
            return state if rules.buffed is None else rules.buffed(state, t, given)

        asm.emit(_Each(targets_operand(asm, self.targets), attack, buff))


@dataclass(frozen=True, slots=True)
class SetStats(Effect):
    """Change each target's Attack and/or Health to a number (``None``: that stat stays):
    "change a minion's Attack to 1" (:func:`~pure_engine.cards.runtime.stats.set_stats`)."""

    targets: TargetLike
    attack: int | None = None
    health: int | None = None

    def emit(self, asm: Assembler) -> None:
        attack, health = self.attack, self.health

        def change(
            state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
        ) -> CardState:
            return state.replace(table=set_stats(state.table, t, frame.card, attack, health))

        asm.emit(_Each(targets_operand(asm, self.targets), number_operand(asm, 0), change))


def _set_status(bits: int) -> Callable[[Table, EntityId], Table]:
    def fn(table: Table, t: EntityId) -> Table:
        e = table.entities[t]
        return put(table, e.replace(status=e.status | bits))

    return fn


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """Destroy each target (it leaves play at the next death phase)."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_Table(targets_operand(asm, self.targets), _set_status(DOOMED)))


@dataclass(frozen=True, slots=True)
class Freeze(Effect):
    """Freeze each target."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_Table(targets_operand(asm, self.targets), _set_status(FROZEN)))


@dataclass(frozen=True, slots=True)
class Silence(Effect):
    """Silence each target."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_Each(targets_operand(asm, self.targets), number_operand(asm, 0), silenced))


@dataclass(frozen=True, slots=True)
class GiveTag(Effect):
    """Give each target the keyword bits ``tags``."""

    targets: TargetLike
    tags: int

    def emit(self, asm: Assembler) -> None:
        tags = self.tags

        def give(table: Table, t: EntityId) -> Table:
            e = table.entities[t]
            if e.buffs:  # an aura's keyword given for good stays when the aura goes
                e = claim_keywords(e, tags)
            return put(table, e.replace(tags=e.tags | tags))

        asm.emit(_Table(targets_operand(asm, self.targets), give))


@dataclass(frozen=True, slots=True)
class RemoveTag(Effect):
    """Take the keyword bits ``tags`` away from each target (all minions lose Divine Shield)."""

    targets: TargetLike
    tags: int

    def emit(self, asm: Assembler) -> None:
        tags = self.tags

        def take(table: Table, t: EntityId) -> Table:
            e = table.entities[t]
            return table if not e.tags & tags else put(table, e.replace(tags=e.tags & ~tags))

        asm.emit(_Table(targets_operand(asm, self.targets), take))


def _shield(
    state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
) -> CardState:
    e = state.table.entities[t]
    return state.replace(table=put(state.table, e.replace(armor=e.armor + n)))


@dataclass(frozen=True, slots=True)
class Prevent(_EachTarget):
    """Prevent the next ``amount`` damage that would be dealt to each target: a prevention shield
    held in the entity's ``armor``, which the game's damage hook spends first
    (:func:`~pure_engine.cards.runtime.stats.absorb`: the damage is replaced by less, or none).
    How long a shield lasts is the game's rule: a hero's armor stays, Magic's "this turn"
    shields end in the cleanup step."""

    def action(self) -> _PerTarget:
        return _shield


@dataclass(frozen=True, slots=True)
class Armor(_EachTarget):
    """Give each target ``amount`` armor: a lasting :class:`Prevent` shield (a hero's armor)."""

    def action(self) -> _PerTarget:
        return _shield


@dataclass(frozen=True, slots=True)
class Transform(Effect):
    """Turn each target into a fresh copy of ``card`` (same id and place; buffs and damage gone);
    given several cards, chance picks one of them, uniformly (a 5/5 Devilsaur or a 1/1
    Squirrel)."""

    targets: TargetLike
    card: str | tuple[str, ...]

    def emit(self, asm: Assembler) -> None:
        cards = (self.card,) if isinstance(self.card, str) else self.card
        # the targets first, then (for several cards) which card: chance picks in that order
        targets = targets_operand(asm, self.targets)
        which = number_operand(asm, 0 if len(cards) == 1 else RandomNumber(0, len(cards) - 1))

        def transform(
            state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
        ) -> CardState:
            e = state.table.entities[t]
            card = cards[n]
            fresh = fresh_copy(e, rules.pool, card, status=e.status & EXHAUSTED, attacks=e.attacks)
            return state.replace(table=put(state.table, fresh))

        asm.emit(_Each(targets, which, transform))


@dataclass(frozen=True, slots=True)
class ReturnToHand(Effect):
    """Return each target to its owner's hand as a fresh card."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        def bounce(
            state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
        ) -> CardState:
            e = state.table.entities[t]
            fresh = fresh_copy(e, rules.pool, e.card, status=0, attacks=0)
            table = put(state.table, fresh)
            return state.replace(table=move(table, t, rules.layout.zone(rules.kinds.hand, e.owner)))

        asm.emit(_Each(targets_operand(asm, self.targets), number_operand(asm, 0), bounce))


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """``player`` draws ``count`` cards (the game's ``draw`` hook: fatigue, hand limit)."""

    player: Player = Player.CONTROLLER
    count: NumberLike = 1

    def emit(self, asm: Assembler) -> None:
        count, who = number_operand(asm, self.count), self.player

        def draw(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
            return rules.draw(state, who.of(frame.ctx.controller), count(state, frame))

        asm.emit(_Call(draw))


@dataclass(frozen=True, slots=True)
class Summon(Effect):
    """Summon ``count`` copies of ``card`` for ``player`` (the game's ``summon`` hook); the count
    may be read when it runs (``Count(ENEMY + MINIONS)``: Unleash the Hounds)."""

    card: str
    player: Player = Player.CONTROLLER
    count: NumberLike = 1

    def emit(self, asm: Assembler) -> None:
        card, who, count = self.card, self.player, number_operand(asm, self.count)

        def summon(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
            for _ in range(count(state, frame)):
                state = rules.summon(state, frame, who.of(frame.ctx.controller), card)
            return state

        asm.emit(_Call(summon))


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """Discard ``count`` random cards of your hand (chance picks which)."""

    count: int = 1

    def emit(self, asm: Assembler) -> None:
        reg = asm.reg()
        hand = asm.selector(FRIENDLY + Zone("hand"))
        asm.emit(RandomPickI(hand, self.count, reg))

        def discard(
            state: CardState, frame: Frame, rules: CardRules[CardState], t: EntityId, n: int
        ) -> CardState:
            grave = rules.layout.zone(rules.kinds.graveyard, state.table.entities[t].owner)
            return state.replace(table=move(state.table, t, grave))

        asm.emit(_Each(targets_operand(asm, reg), number_operand(asm, 0), discard))


@dataclass(frozen=True, slots=True)
class Shuffle(Effect):
    """Shuffle a new copy of ``card`` into ``player``'s deck (chance picks its place)."""

    card: str
    player: Player = Player.CONTROLLER

    def emit(self, asm: Assembler) -> None:
        asm.emit(ShuffleI(self.card, self.player))


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's own steps subclass it
@dataclass(frozen=True, slots=True)
class Do(Effect):
    """A game-specific step: ``fn(state, frame, rules) -> state`` (gain mana, set a flag...)."""

    fn: Callable[[CardState, Frame, CardRules[CardState]], CardState]

    def emit(self, asm: Assembler) -> None:
        asm.emit(_Call(self.fn))


@dataclass(frozen=True, slots=True)
class If(Effect):
    """``then`` if ``test`` holds (a selector that selects something, or a function), else
    ``otherwise``."""

    test: Selector | Callable[[CardState, Frame], bool]
    then: Sequence[Effect]
    otherwise: Sequence[Effect] = ()

    def emit(self, asm: Assembler) -> None:
        if isinstance(self.test, Selector):
            compiled = asm.selector(self.test)

            def test(state: object, frame: Frame) -> bool:
                assert isinstance(state, CardState)
                return bool(compiled(state.table, frame.ctx))

        else:
            check = self.test

            def test(state: object, frame: Frame) -> bool:
                assert isinstance(state, CardState)
                return check(state, frame)

        at = asm.emit(Jump(-1))
        for effect in self.then:
            effect.emit(asm)
        skip = asm.emit(Jump(-1))
        asm.patch(at, JumpUnless(test, asm.here()))
        for effect in self.otherwise:
            effect.emit(asm)
        asm.patch(skip, Jump(asm.here()))


@dataclass(frozen=True, slots=True)
class ForEach(Effect):
    """Run ``body(reg)`` once per target, with ``reg`` holding that target."""

    targets: Selector
    body: Callable[[Reg], Sequence[Effect]]

    def emit(self, asm: Assembler) -> None:
        items, item = asm.reg(), asm.reg()
        asm.emit(_SetReg(targets_operand(asm, self.targets), items))
        top = asm.emit(Jump(-1))
        for effect in self.body(item):
            effect.emit(asm)
        asm.emit(Jump(top))
        asm.patch(top, Loop(items, item, asm.here()))
