"""Effects that make cards: copies of cards onto the board or into a hand, a card given, a
random card summoned, chosen cards drawn, a weapon equipped; and enchantments taken away.

Each is written once, for the cards whose text says it (Mind Vision, Thoughtsteal, Mindgames,
Ancestral Spirit, Bane of Doom, Sense Demons, Headcrack, Arathi Weaponsmith...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from pure_engine.cards import ENCHANTMENT, CardDef, Do, Effect, Player, Trigger
from pure_engine.cards.decisions import TargetLike, targets_operand
from pure_engine.cards.runtime import (
    CHANCE_PLAYER,
    DOOMED,
    CardRules,
    CardState,
    Decision,
    DecisionKind,
    Enchantment,
    EntityId,
    Frame,
    apply_buff,
    is_alive,
    leave_play,
    move,
    put,
    spawn,
    unenchant,
)
from pure_engine.cards.runtime.pool import Assembler, Instr
from pure_engine.cards.runtime.program import Reg, S, Targets, Value
from pure_engine.cards.runtime.vm import set_reg
from pure_engine.cards.selectors import Compiled, Selector
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    GRAVE,
    HAND,
    HAND_LIMIT,
    HERO,
    SkirmishState,
)
from pure_engine.games.skirmish.cards_effects import equip

__all__ = [
    "CopyRandom",
    "CopyToHand",
    "DestroyAllBut",
    "DrawThese",
    "SummonCopy",
    "SummonRandom",
    "Unenchant",
    "enchantment",
    "equip_weapon",
    "give_back",
    "give_card",
    "shadowform",
]


def enchantment(
    key: str, text: str, *triggers: Trigger, deathrattle: tuple[Effect, ...] = (), **extra: object
) -> CardDef:
    """An enchantment card (never played): a buff whose ``source`` is *key* grants the entity
    it is on these *triggers* and *deathrattle* (the kit's :data:`~pure_engine.cards.ENCHANTMENT`).
    """
    return CardDef(
        key, key.replace("_", " ").title(), frozenset({ENCHANTMENT}), 0, text=text,
        triggers=triggers, deathrattle=deathrattle, extra={"collectible": False, **extra},
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class _EachTarget(Instr):
    """``fn(state, frame, rules, target)`` for every target."""

    targets: Targets
    fn: Callable[[CardState, Frame, CardRules[CardState], EntityId], CardState]

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        fn = self.fn
        for target in self.targets(state.table, frame):
            state = fn(state, frame, rules, target)  # type: ignore[arg-type,assignment]  # S is a CardState
        return state, frame.replace(pc=frame.pc + 1)


def _give_fresh(state: CardState, rules: CardRules[CardState], player: int, card: str) -> CardState:
    if len(state.table.zones.at(HAND.places[player])) >= HAND_LIMIT:
        return state
    table, _ = spawn(state.table, rules.pool, HAND.zones[player], card, player)
    return state.replace(table=table)


def give_card(card: str, player: Player = Player.CONTROLLER) -> Effect:
    """Put a fresh *card* into *player*'s hand (lost when the hand is full)."""

    def give(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        return _give_fresh(state, rules, player.of(frame.ctx.controller), card)

    return Do(give)


def _copy_into_hand(
    state: CardState, frame: Frame, rules: CardRules[CardState], target: EntityId
) -> CardState:
    return _give_fresh(state, rules, frame.ctx.controller, state.table.entities[target].card)


def _summon_copy(
    state: CardState, frame: Frame, rules: CardRules[CardState], target: EntityId
) -> CardState:
    return rules.summon(state, frame, frame.ctx.controller, state.table.entities[target].card)


@dataclass(frozen=True, slots=True)
class CopyToHand(Effect):
    """Put a copy (a fresh card) of each target into the controller's hand: Mind Vision's card
    of the opponent's hand, Thoughtsteal's cards of their deck."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_EachTarget(targets_operand(asm, self.targets), _copy_into_hand))


@dataclass(frozen=True, slots=True)
class SummonCopy(Effect):
    """Summon a fresh copy of each target's card for the controller (Mindgames' minion of the
    opponent's deck; Ancestral Spirit's minion, from its deathrattle, in its place)."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_EachTarget(targets_operand(asm, self.targets), _summon_copy))


@dataclass(frozen=True, slots=True)
class DrawThese(Effect):
    """The controller draws the targets (cards of their deck): into the hand, or burned to
    the graveyard when it is full (Sense Demons)."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        def draw(
            state: CardState, frame: Frame, rules: CardRules[CardState], target: EntityId
        ) -> CardState:
            me = frame.ctx.controller
            full = len(state.table.zones.at(HAND.places[me])) >= HAND_LIMIT
            zone = GRAVE.zones[me] if full else HAND.zones[me]
            return state.replace(table=move(state.table, target, zone))

        asm.emit(_EachTarget(targets_operand(asm, self.targets), draw))


def _one_of(state: S, ids: tuple[EntityId, ...]) -> S:
    """*state* waiting for chance to pick one of *ids*, uniformly (options named ``(id,)``)."""
    weights = (Fraction(1, len(ids)),) * len(ids)
    options = tuple((i,) for i in ids)
    return state.replace(pending=Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights))


@dataclass(frozen=True, slots=True)
class _KeepOneI(Instr):
    """Chance keeps one living entity of *among*; every other one is destroyed."""

    among: Compiled

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        table = state.table
        alive = tuple(i for i in self.among(table, frame.ctx) if is_alive(table.entities[i]))
        if len(alive) <= 1:
            return state, frame.replace(pc=frame.pc + 1)
        return _one_of(state, alive), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple)
        table = state.table
        for i in self.among(table, frame.ctx):
            if i != choice[0] and is_alive(table.entities[i]):
                e = table.entities[i]
                table = put(table, e.replace(status=e.status | DOOMED))
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class DestroyAllBut(Effect):
    """Destroy every entity of *among* except one kept at random (Brawl)."""

    among: Selector

    def emit(self, asm: Assembler) -> None:
        asm.emit(_KeepOneI(asm.selector(self.among)))


@dataclass(frozen=True, slots=True)
class _SummonRandomI(Instr):
    """Chance picks one of *cards*, which is summoned for the controller."""

    cards: tuple[str, ...]

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        n = len(self.cards)
        options = tuple(range(n))
        weights = (Fraction(1, n),) * n
        decision = Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights, self.cards)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, int)
        state = rules.summon(state, frame, frame.ctx.controller, self.cards[choice])
        return state, frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class SummonRandom(Effect):
    """Summon one of *cards*, chosen at random, for the controller (Bane of Doom's Demon)."""

    cards: tuple[str, ...]

    def emit(self, asm: Assembler) -> None:
        asm.emit(_SummonRandomI(self.cards))


@dataclass(frozen=True, slots=True)
class Unenchant(Effect):
    """Take the enchantment *source* off each target: the buffs it gave are undone, and the
    keywords it gave go unless the card prints them (Conceal's Stealth ends)."""

    targets: TargetLike
    source: str

    def emit(self, asm: Assembler) -> None:
        source = self.source

        def strip(
            state: CardState, frame: Frame, rules: CardRules[CardState], target: EntityId
        ) -> CardState:
            table = unenchant(state.table, rules.pool, target, lambda b: b.source == source)
            return state.replace(table=table)

        asm.emit(_EachTarget(targets_operand(asm, self.targets), strip))


def equip_weapon(card: str) -> Effect:
    """The controller equips a fresh *card* (Arathi Weaponsmith, Upgrade!)."""

    def arm(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        return equip(state, rules, frame.ctx.controller, card)

    return Do(arm)


@dataclass(frozen=True, slots=True)
class _CopyRandomI(Instr):
    """Chance picks one entity of *among* not picked yet (those in *reg*) and a copy of it goes
    to the controller's hand; *count* times (one pick at a time: at most a deck's 30 outcomes
    each, where the pairs would be 435)."""

    among: Compiled
    count: int
    reg: Reg

    def picked(self, frame: Frame) -> tuple[EntityId, ...]:
        """The entities picked so far."""
        done = frame.regs[self.reg.index]
        assert isinstance(done, tuple)
        return done

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        picked = self.picked(frame)
        left = tuple(i for i in self.among(state.table, frame.ctx) if i not in picked)
        if len(picked) >= self.count or not left:
            return state, frame.replace(pc=frame.pc + 1)
        if len(left) == 1:
            return self.resume(state, frame, rules, left)
        return _one_of(state, left), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple)
        picked = self.picked(frame)
        state = _copy_into_hand(state, frame, rules, choice[0])  # type: ignore[arg-type,assignment]  # S is a CardState
        return state, set_reg(frame, self.reg, (*picked, choice[0])).replace(pc=frame.pc)


@dataclass(frozen=True, slots=True)
class CopyRandom(Effect):
    """Copies of *count* different entities of *among*, chosen at random, into the controller's
    hand (Thoughtsteal: two cards of the opponent's deck)."""

    among: Selector
    count: int

    def emit(self, asm: Assembler) -> None:
        reg = asm.reg()
        asm.emit(_SetEmpty(reg))
        asm.emit(_CopyRandomI(asm.selector(self.among), self.count, reg))


@dataclass(frozen=True, slots=True)
class _SetEmpty(Instr):
    reg: Reg

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        return state, set_reg(frame, self.reg, ())


def shadowform(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The hero power becomes Mind Spike, or Mind Shatter if it already is Mind Spike: an
    enchantment on the hero naming the new power, which can be used this turn."""
    assert isinstance(state, SkirmishState)
    me = frame.ctx.controller
    hero = state.table.zones.at(HERO.places[me])[0]
    given = {b.source for b in state.table.entities[hero].buffs}
    if "mind_shatter" in given:
        return state
    power = "mind_shatter" if "mind_spike" in given else "mind_spike"
    table = apply_buff(state.table, hero, Enchantment(power))
    powered = (False, state.powered[1]) if me == 0 else (state.powered[0], False)
    return state.replace(table=table, powered=powered)


def give_back(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Control of this minion goes back to the opponent (Shadow Madness at the end of the
    turn): to the right end of their board, or destroyed when it is full."""
    me = frame.ctx.source
    assert me is not None
    e = state.table.entities[me]
    them = 1 - e.owner
    if e.zone not in BOARD.zones:
        return state
    if len(state.table.zones.at(BOARD.places[them])) >= BOARD_LIMIT:
        return state.replace(table=put(state.table, e.replace(status=e.status | DOOMED)))
    table = move(leave_play(state.table, me), me, BOARD.zones[them])
    return state.replace(table=put(table, table.entities[me].replace(owner=them)))
