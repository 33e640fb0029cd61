"""Skirmish's effects that make or move cards outside the kit's verbs: a random card or a copy
of a spell given to a hand, a minion swapped with one in hand, a minion that becomes a copy of
another, a stat swap, summons on both sides of a minion, a hero replaced by another, and what a
weapon's numbers say.
Each is written once and used by the card list (:mod:`.cards`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pure_engine.cards import Do, Effect, RandomNumber
from pure_engine.cards.decisions import TargetLike, number_operand, targets_operand
from pure_engine.cards.runtime.events import emit
from pure_engine.cards.runtime.pool import Assembler, CardRules, Instr
from pure_engine.cards.runtime.program import CardState, Frame, S, Targets
from pure_engine.cards.runtime.stats import fresh_copy, spawn
from pure_engine.cards.runtime.table import EXHAUSTED, SILENCED, EntityId, move, put
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    GRAVE,
    HAND,
    HAND_LIMIT,
    HERO,
    ON_SUMMON,
    ON_SUMMONED,
    WEAPON,
    SkirmishState,
    into_play,
)  # fmt: skip

__all__ = [
    "SwapWithHand",
    "become_copy",
    "copy_spell_to_other_hand",
    "enemy_weapon_durability",
    "give_random",
    "replace_hero",
    "summon_around",
    "swap_attack_and_health",
    "your_weapon_attack",
]

Step = Callable[[CardState, Frame, CardRules[CardState]], CardState]


def _give(state: CardState, rules: CardRules[CardState], player: int, card: str) -> CardState:
    """A new *card* in *player*'s hand; none past the hand limit (it would be burned)."""
    if len(state.table.zones.at(HAND.places[player])) >= HAND_LIMIT:
        return state
    table, _ = spawn(state.table, rules.pool, HAND.zones[player], card, player)
    return state.replace(table=table)


@dataclass(frozen=True, slots=True)
class _GiveRandom(Effect):
    cards: tuple[str, ...]

    def emit(self, asm: Assembler) -> None:
        cards = self.cards
        which = number_operand(asm, RandomNumber(0, len(cards) - 1))

        def give_one(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
            return _give(state, rules, frame.ctx.controller, cards[which(state, frame)])

        Do(give_one).emit(asm)


def give_random(*cards: str) -> Effect:
    """Chance picks one of *cards*, uniformly, and it goes to your hand (a Dream card)."""
    return _GiveRandom(cards)


def copy_spell_to_other_hand(
    state: CardState, frame: Frame, rules: CardRules[CardState]
) -> CardState:
    """A copy of the spell just cast (the event's subject) goes to the other player's hand."""
    spell = frame.ctx.target
    assert spell is not None
    e = state.table.entities[spell]
    return _give(state, rules, 1 - e.owner, e.card)


def swap_attack_and_health(
    state: CardState, frame: Frame, rules: CardRules[CardState]
) -> CardState:
    """The target's Attack becomes its Health left and its Health its Attack, undamaged; what
    auras give stays on top (the next aura pass adds it again)."""
    target = frame.ctx.target
    if target is None:
        return state
    e = state.table.entities[target]
    attack, health = e.health - e.damage, e.attack
    swapped = e.replace(attack=attack + e.aura_attack, health=health + e.aura_health, damage=0)
    return state.replace(table=put(state.table, swapped))


def become_copy(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The source becomes a copy of the target minion, in its own place: the card, its stats,
    damage, keywords and enchantments, silenced if it is, without what auras give it; the
    copy stays exhausted, as the minion just played was."""
    source, target = frame.ctx.source, frame.ctx.target
    if source is None or target is None:
        return state
    original = state.table.entities[target]
    me = state.table.entities[source]
    copy = fresh_copy(me, rules.pool, original.card, status=me.status, attacks=me.attacks).replace(
        attack=original.attack - original.aura_attack,
        health=original.health - original.aura_health,
        damage=original.damage,
        tags=original.tags,
        buffs=original.buffs,
        status=(me.status & EXHAUSTED) | (original.status & SILENCED),
    )
    return state.replace(table=put(state.table, copy))


def summon_around(card: str, count: int = BOARD_LIMIT) -> Step:
    """Summon *count* copies of *card* (by default until your side of the battlefield is full),
    alternately right and left of the source (Onyxia's Whelps, Cenarius's Treants)."""

    def summon(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        me, source = frame.ctx.controller, frame.ctx.source
        for i in range(count):
            made = EntityId(state.table.next_id)
            state = rules.summon(state, frame, me, card)  # right of the source
            board = state.table.zones.at(BOARD.places[me])
            if made not in board:
                return state  # the board is full
            if i % 2 and source in board:
                at = board.index(source)
                state = state.replace(table=move(state.table, made, BOARD.zones[me], at=at))
        return state

    return summon


def _swap(
    state: CardState, rules: CardRules[CardState], source: EntityId, card: EntityId
) -> CardState:
    table = state.table
    me = table.entities[source]
    board = table.zones[me.zone]
    if source not in board or table.entities[card].zone != HAND.zones[me.owner]:
        return state
    at = board.index(source)
    fresh = fresh_copy(me, rules.pool, me.card, status=0, attacks=0)
    table = move(put(table, fresh), source, HAND.zones[me.owner])
    table = move(table, card, me.zone, at=at)
    arrived = table.entities[card]
    table = put(table, arrived.replace(status=arrived.status | EXHAUSTED, attacks=0))
    assert isinstance(state, SkirmishState)
    state = into_play(state.replace(table=table), card)
    return emit(emit(state, rules, ON_SUMMON, card), rules, ON_SUMMONED, card)


@dataclass(frozen=True, slots=True)
class _SwapWithHandI(Instr):
    targets: Targets

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        source = frame.ctx.source
        for card in self.targets(state.table, frame):
            if source is not None:
                state = _swap(state, rules, source, card)  # type: ignore[arg-type,assignment]  # S is a CardState
        return state, frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class SwapWithHand(Effect):
    """The source goes back to its owner's hand (a fresh card) and *card*, a minion card of that
    hand, takes its place on the battlefield: it is summoned there (Alarm-o-Bot)."""

    card: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_SwapWithHandI(targets_operand(asm, self.card)))


def replace_hero(card: str) -> Effect:
    """ "Destroy your hero and replace it with *card*" (Lord Jaraxxus): the minion playing it
    leaves the battlefield (it does not die: no deathrattle, no death), the controller's hero
    goes to the graveyard (the game goes on) and a fresh hero *card* takes its place, with its
    own Health and hero power, no Armor, usable at once.  What the old hero held for its player
    stays: the attacks it made this turn, and the enchantments of enchantment cards (a spell
    or secret made cheaper, a minion played this turn); its stat buffs and hero power end."""

    def replace(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        assert isinstance(state, SkirmishState)
        me, source = frame.ctx.controller, frame.ctx.source
        table = state.table
        if source is not None and source in table.zones.at(BOARD.places[me]):
            table = move(table, source, GRAVE.zones[me])
        (old_id,) = table.zones.at(HERO.places[me])
        old = table.entities[old_id]
        table, new = spawn(
            move(table, old_id, GRAVE.zones[me]), rules.pool, HERO.zones[me], card, me
        )
        kept = tuple(
            b for b in old.buffs
            if b.source in rules.pool.enchantments and not (b.attack or b.health or b.tags)
        )  # fmt: skip
        table = put(table, table.entities[new].replace(attacks=old.attacks, buffs=kept))
        powered = (False, state.powered[1]) if me == 0 else (state.powered[0], False)
        return state.replace(table=table, powered=powered)

    return Do(replace)


def _weapon(state: CardState, player: int) -> EntityId | None:
    weapons = state.table.zones.at(WEAPON.places[player])
    return weapons[0] if weapons else None


def your_weapon_attack(state: CardState, frame: Frame) -> int:
    """Your weapon's Attack, 0 without one (Bloodsail Raider)."""
    weapon = _weapon(state, frame.ctx.controller)
    return 0 if weapon is None else state.table.entities[weapon].attack


def enemy_weapon_durability(state: CardState, frame: Frame) -> int:
    """The Durability left on your opponent's weapon, 0 without one (Harrison Jones)."""
    weapon = _weapon(state, 1 - frame.ctx.controller)
    if weapon is None:
        return 0
    e = state.table.entities[weapon]
    return max(0, e.health - e.damage)
