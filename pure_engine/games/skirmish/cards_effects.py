"""Skirmish's own effects: what the kit's generic verbs do not say (mana, weapons, totems,
missiles, a drawn card's cost), each written once and used by the card list (:mod:`.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pure_engine.cards import Do, Effect, Selector
from pure_engine.cards.decisions import TargetLike, targets_operand
from pure_engine.cards.runtime import (
    CHANCE_PLAYER,
    EXHAUSTED,
    SILENCED,
    CardPool,
    CardRules,
    CardState,
    Decision,
    DecisionKind,
    Table,
    is_alive,
    leave_play,
    move,
    put,
    spawn,
)
from pure_engine.cards.runtime.pool import Assembler, Instr
from pure_engine.cards.runtime.program import Frame, Reg, S, Targets, Value
from pure_engine.cards.runtime.vm import set_reg
from pure_engine.cards.selectors import Compiled
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    DECK,
    HAND,
    MAX_MANA,
    SPELLPOWER,
    SkirmishState,
)

__all__ = [
    "TOTEMS",
    "Missiles",
    "SummonRandomTotem",
    "TakeControl",
    "board_not_full",
    "combo",
    "dagger",
    "draw_cheaper",
    "equip",
    "gain_mana",
    "minions_of_kind",
    "missing_totems",
    "opponent_crystal",
    "room_for_a_totem",
    "room_on_board",
    "spell_damage",
    "survived",
]


def spell_damage(state: CardState, player: int, pool: CardPool) -> int:
    """The spell damage *player*'s minions give: each ``spell_damage`` minion its card's
    ``spell_power`` (+1 unless the card says more) if the card prints the keyword, plus 1 for
    each enchantment that gave it (Ancient Mage's), and at least 1 (a minion given the keyword
    otherwise); silence takes the keyword away."""
    entities = state.table.entities
    total = 0
    for i in state.table.zones.at(BOARD.places[player]):
        e = entities[i]
        if e.tags & SPELLPOWER:
            card = pool.card(e.card)
            power = card.extra.get("spell_power", 1) if card.tags & SPELLPOWER else 0
            assert isinstance(power, int)
            for buff in e.buffs:
                if buff.tags & SPELLPOWER:
                    power += 1
            total += max(1, power)
    return total


def minions_of_kind(state: CardState, player: int, kind: str) -> int:
    """How many of *player*'s minions (not silenced) are of type *kind*: ``doubles`` (Prophet
    Velen: the damage and healing of spells and the hero power doubled, each) or
    ``heals_hurt`` (Auchenai Soulpriest: healing deals damage instead)."""
    entities = state.table.entities
    return sum(
        1
        for i in state.table.zones.at(BOARD.places[player])
        if kind in entities[i].types and not entities[i].status & SILENCED
    )


def _player_tuple(values: tuple[int, ...], player: int, value: int) -> tuple[int, ...]:
    return (value, values[1]) if player == 0 else (values[0], value)


def gain_mana(amount: int) -> Effect:
    """Gain *amount* mana this turn only (The Coin, Innervate)."""

    def gain(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        assert isinstance(state, SkirmishState)
        me = frame.ctx.controller
        return state.replace(
            mana=_player_tuple(state.mana, me, min(MAX_MANA, state.mana[me] + amount))
        )

    return Do(gain)


def opponent_crystal(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    assert isinstance(state, SkirmishState)
    them = 1 - frame.ctx.controller
    return state.replace(
        crystals=_player_tuple(state.crystals, them, min(MAX_MANA, state.crystals[them] + 1))
    )


def equip(state: S, rules: CardRules[S], player: int, card: str) -> S:
    """*player* equips a fresh *card* (their old weapon goes to the graveyard)."""
    zone = rules.layout.zone("weapon", player)
    table = state.table
    for old in table.zones[zone]:
        table = move(table, old, rules.layout.zone("graveyard", player))
    table, _ = spawn(table, rules.pool, zone, card, player)
    return state.replace(table=table)


def dagger(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    return equip(state, rules, frame.ctx.controller, "wicked_knife")


TOTEMS: Final = ("healing_totem", "searing_totem", "stoneclaw_totem", "wrath_of_air_totem")
"""The basic totems Totemic Call picks from."""


def missing_totems(table: Table, player: int) -> tuple[int, ...]:
    """The basic totems (their numbers in :data:`TOTEMS`) not on *player*'s board."""
    present = {table.entities[i].card for i in table.zones.at(BOARD.places[player])}
    return tuple(i for i, totem in enumerate(TOTEMS) if totem not in present)


def room_on_board(table: Table, player: int) -> bool:
    """*player*'s board has room for a minion: what a hero power that summons needs."""
    return len(table.zones.at(BOARD.places[player])) < BOARD_LIMIT


def room_for_a_totem(table: Table, player: int) -> bool:
    """Room on *player*'s board and a basic totem not on it: what Totemic Call needs."""
    return room_on_board(table, player) and bool(missing_totems(table, player))


@dataclass(frozen=True, slots=True)
class _RandomTotemI(Instr):
    """Chance picks one of the basic totems not already on your board, and summons it."""

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        me = frame.ctx.controller
        options = missing_totems(state.table, me)
        if not options or not room_on_board(state.table, me):
            return state, frame.replace(pc=frame.pc + 1)
        if len(options) == 1:
            return self.resume(state, frame, rules, options[0])
        weights = (Fraction(1, len(options)),) * len(options)
        labels = tuple(TOTEMS[i] for i in options)
        decision = Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights, labels)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, int)
        state = rules.summon(state, frame, frame.ctx.controller, TOTEMS[choice])
        return state, frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class SummonRandomTotem(Effect):
    """Summon a random basic totem you do not have (Totemic Call)."""

    def emit(self, asm: Assembler) -> None:
        asm.emit(_RandomTotemI())


def combo(state: CardState, frame: Frame) -> bool:
    assert isinstance(state, SkirmishState)
    return state.played >= 2  # this card counts itself


def survived(state: CardState, frame: Frame) -> bool:
    """The card whose program runs is still alive: an "after you cast a spell" minion that
    the spell killed does not trigger (deaths come before the after-cast phase)."""
    source = frame.ctx.source
    return source is not None and is_alive(state.table.entities[source])


def board_not_full(state: CardState, frame: Frame) -> bool:
    return room_on_board(state.table, frame.ctx.controller)


@dataclass(frozen=True, slots=True)
class _CountMissilesI(Instr):
    """Register *reg* := the missiles to fire: *base* + the caster's spell damage, doubled by
    each Prophet Velen (a missile spell's damage is its missiles: Velen with Arcane Missiles
    and a Kobold Geomancer fires 8 missiles of 1, as in the real game and Fireplace)."""

    base: int
    reg: Reg
    boosted: bool

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        if not self.boosted:  # a minion's missiles (Mad Bomber)
            return state, set_reg(frame, self.reg, self.base)
        me = frame.ctx.controller
        count = (self.base + spell_damage(state, me, rules.pool)) << minions_of_kind(
            state, me, "doubles"
        )
        return state, set_reg(frame, self.reg, count)


@dataclass(frozen=True, slots=True)
class _MissileI(Instr):
    """Fire the missiles counted in *reg*, one at a time: chance picks a living character of
    *selector* for each, which takes 1 damage (spell damage already counted as missiles)."""

    selector: Compiled
    reg: Reg

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        left = frame.regs[self.reg.index]
        assert isinstance(left, int)
        table = state.table
        alive = tuple(i for i in self.selector(table, frame.ctx) if is_alive(table.entities[i]))
        if left <= 0 or not alive:
            return state, frame.replace(pc=frame.pc + 1)
        options = tuple((i,) for i in alive)  # one-target picks, as RANDOM's are named
        if len(options) == 1:
            return self.resume(state, frame, rules, options[0])
        weights = (Fraction(1, len(options)),) * len(options)
        decision = Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights)
        return state.replace(pending=decision), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple)
        left = frame.regs[self.reg.index]
        assert isinstance(left, int)
        state = rules.damage(state, frame, choice[0], 1)
        # the same instruction again, one missile fewer
        return state, set_reg(frame, self.reg, left - 1).replace(pc=frame.pc)


@dataclass(frozen=True, slots=True)
class Missiles(Effect):
    """*count* missiles of 1 damage, each at a random living character of *selector*; spell
    damage adds missiles, not damage (Arcane Missiles).  The card's ``extra`` must say
    ``"spell_damage": "missiles"`` so the damage hook adds none."""

    selector: Selector
    count: int
    boosted: bool = True
    """Spell damage adds missiles (a spell's); ``False`` for a minion's (Mad Bomber)."""

    def emit(self, asm: Assembler) -> None:
        reg = asm.reg()
        asm.emit(_CountMissilesI(self.count, reg, self.boosted))
        asm.emit(_MissileI(asm.selector(self.selector), reg))


def draw_cheaper(amount: int) -> Effect:
    """Draw a card; if it reaches the hand, it costs *amount* less (Far Sight)."""

    def draw(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        me = frame.ctx.controller
        deck = state.table.zones.at(DECK.places[me])
        top = deck[-1] if deck else None
        state = rules.draw(state, me, 1)
        if top is None or top not in state.table.zones.at(HAND.places[me]):
            return state  # fatigue, or burned by a full hand
        card = state.table.entities[top]
        return state.replace(table=put(state.table, card.replace(cost=max(0, card.cost - amount))))

    return Do(draw)


@dataclass(frozen=True, slots=True)
class _TakeControlI(Instr):
    """Move every target to the caster's board (right end), under the caster's control; it
    arrives exhausted.  A target already theirs, or with no room left, stays."""

    targets: Targets

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        me = frame.ctx.controller
        table = state.table
        for target in self.targets(table, frame):
            e = table.entities[target]
            board = table.zones.at(BOARD.places[me])
            if e.owner == me or e.zone not in BOARD.zones or len(board) >= BOARD_LIMIT:
                continue
            table = move(leave_play(table, target), target, BOARD.zones[me])
            moved = table.entities[target]
            table = put(table, moved.replace(owner=me, status=moved.status | EXHAUSTED, attacks=0))
        return state.replace(table=table), frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class TakeControl(Effect):
    """Take control of *targets* (enemy minions): Mind Control, Sylvanas Windrunner."""

    targets: TargetLike

    def emit(self, asm: Assembler) -> None:
        asm.emit(_TakeControlI(targets_operand(asm, self.targets)))
