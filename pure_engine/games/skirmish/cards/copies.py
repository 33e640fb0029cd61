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
    EntityId,
    Frame,
    is_alive,
    move,
    put,
    remove_buffs,
    spawn,
)
from pure_engine.cards.runtime.pool import Assembler, Instr
from pure_engine.cards.runtime.program import S, Targets, Value
from pure_engine.cards.selectors import Compiled, Selector
from pure_engine.games.skirmish.base import GRAVE_ZONES, HAND_LIMIT, HAND_ZONES
from pure_engine.games.skirmish.cards_effects import equip

__all__ = [
    "CopyToHand",
    "DestroyAllBut",
    "DrawThese",
    "SummonCopy",
    "SummonRandom",
    "Unenchant",
    "enchantment",
    "equip_weapon",
    "give_card",
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
    if len(state.table.zones[HAND_ZONES[player]]) >= HAND_LIMIT:
        return state
    table, _ = spawn(state.table, rules.pool, HAND_ZONES[player], card, player)
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
            full = len(state.table.zones[HAND_ZONES[me]]) >= HAND_LIMIT
            zone = GRAVE_ZONES[me] if full else HAND_ZONES[me]
            return state.replace(table=move(state.table, target, zone))

        asm.emit(_EachTarget(targets_operand(asm, self.targets), draw))


@dataclass(frozen=True, slots=True)
class _KeepOneI(Instr):
    """Chance keeps one living entity of *among*; every other one is destroyed."""

    among: Compiled

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        table = state.table
        alive = tuple(i for i in self.among(table, frame.ctx) if is_alive(table.entities[i]))
        if len(alive) <= 1:
            return state, frame.replace(pc=frame.pc + 1)
        weights = (Fraction(1, len(alive)),) * len(alive)
        options = tuple((i,) for i in alive)
        return state.replace(
            pending=Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights)
        ), frame

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
            e = state.table.entities[target]
            given = 0
            for b in e.buffs:
                if b.source == source:
                    given |= b.tags
            table = remove_buffs(state.table, target, lambda b: b.source == source)
            e = table.entities[target]
            kept = rules.pool.card(e.card).tags
            for b in e.buffs:
                kept |= b.tags
            e = e.replace(tags=e.tags & ~(given & ~kept))
            return state.replace(table=put(table, e))

        asm.emit(_EachTarget(targets_operand(asm, self.targets), strip))


def equip_weapon(card: str) -> Effect:
    """The controller equips a fresh *card* (Arathi Weaponsmith, Upgrade!)."""

    def arm(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        return equip(state, rules, frame.ctx.controller, card)

    return Do(arm)
