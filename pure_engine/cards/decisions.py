"""Instructions that stop for a decision — a player's or chance's — and the effects that emit them.

Each suspends its program with a :class:`~pure_engine.cards.runtime.program.Decision`
in ``state.pending``; the answer resumes it (:func:`pure_engine.cards.runtime.vm.answer`).

==================  ==========================================================
``ChooseOne``       SELECT_MODE: pick a mode; a jump table leads to its effects
``ChooseTarget``    an agent-chosen target, bound to a register
``LookAndChoose``   look at the top N cards of your deck, take one, discard the rest
``SearchDeck``      take a card of your deck matching a selector
``OrderDeck``       put the top N cards of your deck back in any order
``RANDOM(sel) * n`` chance: n distinct entities, each set with probability 1/C(k, n)
``RandomNumber``    chance: a number in a range, each with probability 1/(hi-lo+1)
``ShuffleI``        chance: where in a deck a shuffled-in card goes (``effects.Shuffle``)
``TriggerRemote``   TRIGGER_REMOTE: run other entities' abilities inside this one
==================  ==========================================================

Operands: effects take *targets* (a selector, a register, or ``RANDOM(...)``)
and *numbers* (an int, ``Count(sel)``, ``RandomNumber(lo, hi)``, a register, or
a function of the state); :func:`targets_operand` and :func:`number_operand`
compile them, emitting the chance instruction a random operand needs first.
:class:`Player` says whose deck, hand or board, relative to the controller.
"""

from __future__ import annotations

import enum
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pure_engine.cards.runtime.pool import Assembler, CardRules, Effect, Instr, new_frame
from pure_engine.cards.runtime.program import (
    CHANCE_PLAYER,
    CardState,
    Decision,
    DecisionKind,
    Frame,
    Number,
    Reg,
    S,
    Targets,
    Value,
)
from pure_engine.cards.runtime.stats import spawn
from pure_engine.cards.runtime.table import SILENCED, EntityId, Table, is_alive, move, update
from pure_engine.cards.runtime.vm import Jump, push, set_reg
from pure_engine.cards.selectors import Compiled, RandomPick, Selector

__all__ = [
    "ChooseOne",
    "ChooseTarget",
    "Count",
    "LookAndChoose",
    "NumberLike",
    "OrderDeck",
    "Player",
    "RandomNumber",
    "SearchDeck",
    "ShuffleI",
    "TargetLike",
    "TriggerRemote",
    "number_operand",
    "targets_operand",
]


@dataclass(frozen=True, slots=True)
class Count:
    """A lazy number: how many entities *selector* selects when the effect runs, times *per*
    (+3/+3 for each shield lost: ``Count(shielded, per=3)``)."""

    selector: Selector
    per: int = 1


@dataclass(frozen=True, slots=True)
class RandomNumber:
    """A lazy number drawn uniformly from ``lo..hi`` when the effect runs: a chance node."""

    lo: int
    hi: int


class Player(enum.Enum):
    """Whose deck, hand or board an effect uses, relative to the program's controller."""

    CONTROLLER = "controller"
    OPPONENT = "opponent"

    def of(self, controller: int) -> int:
        """The player index for *controller* (two-player games)."""
        return controller if self is Player.CONTROLLER else 1 - controller


TargetLike = Selector | Reg | RandomPick
NumberLike = int | Reg | Count | RandomNumber | Callable[[CardState, Frame], int]


def targets_operand(asm: Assembler, targets: TargetLike) -> Targets:
    """Compile a target operand (emitting a chance instruction first for ``RANDOM``)."""
    if isinstance(targets, RandomPick):
        reg = asm.reg()
        asm.emit(RandomPickI(asm.selector(targets.inner), targets.count, reg))
        targets = reg
    if isinstance(targets, Reg):
        index = targets.index
        return lambda table, frame: frame.regs[index]  # type: ignore[return-value]  # ids reg
    compiled = asm.selector(targets)
    return lambda table, frame: compiled(table, frame.ctx)


def number_operand(asm: Assembler, number: NumberLike) -> Number:
    """Compile a number operand (emitting a chance instruction first for ``RandomNumber``)."""
    if isinstance(number, bool):
        raise TypeError(f"expected a number operand, found {number!r}")
    if isinstance(number, int):
        value = number
        return lambda state, frame: value
    if isinstance(number, RandomNumber):
        reg = asm.reg()
        asm.emit(RandomNumberI(number.lo, number.hi, reg))
        number = reg
    if isinstance(number, Reg):
        index = number.index
        return lambda state, frame: frame.regs[index]  # type: ignore[return-value]  # int reg
    if isinstance(number, Count):
        compiled, per = asm.selector(number.selector), number.per
        if per != 1:
            return lambda state, frame: per * len(compiled(state.table, frame.ctx))
        return lambda state, frame: len(compiled(state.table, frame.ctx))
    return number


class _IntoReg(Instr):
    """An instruction whose decision's answer goes into its register ``reg``."""

    __slots__ = ()
    reg: Reg  # a field of each subclass

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        return state, set_reg(frame, self.reg, choice)


# --- chance ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RandomPickI(_IntoReg):
    """Chance picks ``count`` distinct living entities of ``selector`` into ``reg``."""

    selector: Compiled
    count: int
    reg: Reg

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        table = state.table
        alive = tuple(i for i in self.selector(table, frame.ctx) if is_alive(table.entities[i]))
        if len(alive) <= self.count:
            return state, set_reg(frame, self.reg, alive)
        options = tuple(itertools.combinations(alive, self.count))
        weight = Fraction(1, len(options))
        decision = Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, (weight,) * len(options))
        return state.replace(pending=decision), frame


@dataclass(frozen=True, slots=True)
class RandomNumberI(_IntoReg):
    """Chance picks a number of ``lo..hi`` into ``reg``."""

    lo: int
    hi: int
    reg: Reg

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        if self.lo == self.hi:
            return state, set_reg(frame, self.reg, self.lo)
        options = tuple(range(self.lo, self.hi + 1))
        weights = (Fraction(1, len(options)),) * len(options)
        decision = Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights)
        return state.replace(pending=decision), frame


@dataclass(frozen=True, slots=True)
class ShuffleI(Instr):
    """Create a copy of ``card`` at a random place of a deck (chance picks the place)."""

    card: str
    player: Player

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        zone = rules.layout.zone(rules.kinds.deck, self.player.of(frame.ctx.controller))
        places = len(state.table.zones[zone]) + 1
        if places == 1:
            return self.resume(state, frame, rules, 0)
        weights = (Fraction(1, places),) * places
        decision = Decision(CHANCE_PLAYER, DecisionKind.CHANCE, tuple(range(places)), weights)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, int)
        owner = self.player.of(frame.ctx.controller)
        zone = rules.layout.zone(rules.kinds.deck, owner)
        table, _ = spawn(state.table, rules.pool, zone, self.card, owner, at=choice)
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


# --- a player's decisions --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseTargetI(_IntoReg):
    """The controller chooses one entity of ``selector`` into ``reg`` (none to choose: ``()``):
    one the game lets them target (``CardRules.targetable``), or else one alive."""

    selector: Compiled
    reg: Reg

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        table, ctx, targetable = state.table, frame.ctx, rules.targetable
        options = tuple(
            (i,)
            for i in self.selector(table, ctx)
            if (is_alive(table.entities[i]) if targetable is None else targetable(table, ctx, i))
        )
        if not options:
            return state, set_reg(frame, self.reg, ())
        decision = Decision(frame.ctx.controller, DecisionKind.TARGET, options)
        return state.replace(pending=decision), frame


@dataclass(frozen=True, slots=True)
class SelectModeI(Instr):
    """SELECT_MODE: the controller picks an available mode; ``table`` holds each mode's start."""

    labels: tuple[str, ...]
    requires: tuple[Compiled | None, ...]
    table: tuple[int, ...]
    end: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        ctx, table = frame.ctx, state.table
        options = tuple(
            i for i, need in enumerate(self.requires) if need is None or need(table, ctx)
        )
        if not options:
            return state, frame.replace(pc=self.end)
        labels = tuple(self.labels[i] for i in options)
        decision = Decision(ctx.controller, DecisionKind.MODE, options, (), labels)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, int)
        return state, frame.replace(pc=self.table[choice])


def _deck_top(state: S, rules: CardRules[S], player: int, n: int) -> tuple[EntityId, ...]:
    """The top *n* cards of *player*'s deck, top first."""
    deck = state.table.zones[rules.layout.zone(rules.kinds.deck, player)]
    return deck[len(deck) - n :][::-1]


def _reveal(table: Table, ids: Sequence[EntityId], player: int) -> Table:
    for i in ids:
        table = update(table, i, known=table.entities[i].known | 1 << player)
    return table


@dataclass(frozen=True, slots=True)
class LookAndChooseI(Instr):
    """Look at the top ``count`` cards of your deck: one to your hand, the rest to the graveyard."""

    count: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        me = frame.ctx.controller
        looked = _deck_top(state, rules, me, self.count)
        if not looked:
            return state, frame.replace(pc=frame.pc + 1)
        table = _reveal(state.table, looked, me)
        decision = Decision(me, DecisionKind.CARD, tuple((i,) for i in looked))
        return state.replace(table=table, pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple)
        me, kinds, layout = frame.ctx.controller, rules.kinds, rules.layout
        table = move(state.table, choice[0], layout.zone(kinds.hand, me))
        for other in _deck_top(state, rules, me, self.count):
            if other != choice[0]:
                table = move(table, other, layout.zone(kinds.graveyard, me))
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class SearchDeckI(Instr):
    """Take a card of your deck that ``selector`` selects into your zone of kind ``to``.

    The searcher sees the cards offered (one per distinct card, top first): they
    become known to them, so ``resample`` keeps them and deals only the rest."""

    selector: Compiled
    to: str

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        me = frame.ctx.controller
        deck = state.table.zones[rules.layout.zone(rules.kinds.deck, me)]
        wanted = set(self.selector(state.table, frame.ctx))
        seen: set[str] = set()
        options: list[tuple[EntityId, ...]] = []
        for i in deck[::-1]:  # top first; one option per distinct card
            card = state.table.entities[i].card
            if i in wanted and card not in seen:
                seen.add(card)
                options.append((i,))
        if not options:
            return state, frame.replace(pc=frame.pc + 1)
        table = _reveal(state.table, [option[0] for option in options], me)
        decision = Decision(me, DecisionKind.CARD, tuple(options))
        return state.replace(table=table, pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple)
        dst = rules.layout.zone(self.to, frame.ctx.controller)
        return state.replace(table=move(state.table, choice[0], dst)), frame.replace(
            pc=frame.pc + 1
        )


@dataclass(frozen=True, slots=True)
class OrderDeckI(Instr):
    """Put the top ``count`` cards of your deck back in an order you choose."""

    count: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        me = frame.ctx.controller
        looked = _deck_top(state, rules, me, self.count)
        if len(looked) < 2:
            return state, frame.replace(pc=frame.pc + 1)
        table = _reveal(state.table, looked, me)
        options = tuple(itertools.permutations(looked))  # each listed top first
        return state.replace(table=table, pending=Decision(me, DecisionKind.ORDER, options)), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple)
        zone = rules.layout.zone(rules.kinds.deck, frame.ctx.controller)
        deck = state.table.zones[zone]
        rest = deck[: len(deck) - len(choice)]
        table = state.table.replace(zones=state.table.zones.set(zone, rest + choice[::-1]))
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class TriggerRemoteI(Instr):
    """TRIGGER_REMOTE: run the ``slot`` ability of every entity ``selector`` selects, now."""

    selector: Compiled
    slot: str

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        programs, entities = rules.pool.programs, state.table.entities
        calls = []
        for i in self.selector(state.table, frame.ctx):
            entity = entities[i]
            if (entity.card, self.slot) in programs and not entity.status & SILENCED:
                call = new_frame(rules, entity.card, self.slot, i, entity.owner)
                calls.append(call.replace(depth=frame.depth + 1))
        after = frame.replace(pc=frame.pc + 1)
        if not calls:
            return state, after
        if after.pc < len(programs[frame.card, frame.slot]):  # a call in tail position returns
            state = push(state, rules, after)  # to nothing: the caller is not kept
        return push(state, rules, *calls), None


# --- the effects that emit them ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseOne(Effect):
    """Choose one: ``modes`` are ``(label, effects)`` or ``(label, effects, requires)``; a mode
    whose ``requires`` selector selects nothing cannot be chosen."""

    modes: tuple[tuple[str, tuple[Effect, ...], Selector | None], ...]

    def emit(self, asm: Assembler) -> None:
        at = asm.emit(Jump(-1))  # placeholder, patched below
        starts, jumps = [], []
        for _, effects, _need in self.modes:
            starts.append(asm.here())
            for effect in effects:
                effect.emit(asm)
            jumps.append(asm.emit(Jump(-1)))
        end = asm.here()
        for j in jumps:
            asm.patch(j, Jump(end))
        requires = tuple(None if need is None else asm.selector(need) for _, _, need in self.modes)
        labels = tuple(label for label, _, _ in self.modes)
        asm.patch(at, SelectModeI(labels, requires, tuple(starts), end))


@dataclass(frozen=True, slots=True)
class ChooseTarget(Effect):
    """The controller chooses one entity of ``selector``; ``then(reg)`` are the effects on it."""

    selector: Selector
    then: Callable[[Reg], Sequence[Effect]]

    def emit(self, asm: Assembler) -> None:
        reg = asm.reg()
        asm.emit(ChooseTargetI(asm.selector(self.selector), reg))
        for effect in self.then(reg):
            effect.emit(asm)


@dataclass(frozen=True, slots=True)
class LookAndChoose(Effect):
    """Look at the top ``count`` cards of your deck; put one in your hand, discard the others."""

    count: int

    def emit(self, asm: Assembler) -> None:
        asm.emit(LookAndChooseI(self.count))


@dataclass(frozen=True, slots=True)
class SearchDeck(Effect):
    """Put a card of your deck that ``selector`` selects into your zone of kind ``to``."""

    selector: Selector
    to: str = "hand"

    def emit(self, asm: Assembler) -> None:
        asm.emit(SearchDeckI(asm.selector(self.selector), self.to))


@dataclass(frozen=True, slots=True)
class OrderDeck(Effect):
    """Look at the top ``count`` cards of your deck and put them back in any order."""

    count: int

    def emit(self, asm: Assembler) -> None:
        if self.count > 5:
            raise ValueError(f"OrderDeck offers count! orders; at most 5, found {self.count}")
        asm.emit(OrderDeckI(self.count))


@dataclass(frozen=True, slots=True)
class TriggerRemote(Effect):
    """Run the ``slot`` ability ("deathrattle"...) of every entity ``selector`` selects."""

    selector: Selector
    slot: str = "deathrattle"

    def emit(self, asm: Assembler) -> None:
        asm.emit(TriggerRemoteI(asm.selector(self.selector), self.slot))


def combinations_count(n: int, k: int) -> int:
    """C(n, k): how many outcomes ``RANDOM(sel) * k`` has over *n* candidates."""
    return math.comb(n, k)
