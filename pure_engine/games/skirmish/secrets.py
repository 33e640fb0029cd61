"""Secrets: spells played face down that wait, on the opponent's turn, for what they name.

A secret is a spell (type ``secret``) that goes to its owner's secret zone
instead of the graveyard.  Its text is a kit :class:`~pure_engine.cards.Trigger`
that listens from that zone only on the opponent's turn (``opponents_turn``);
when it fires, the secret is revealed (moved to the graveyard) and does what it
says.  A secret fires once: every program it queued first checks that it is
still hidden.  Its owner may not have two copies of one secret in play, nor
more than :data:`~pure_engine.games.skirmish.base.SECRET_LIMIT`.

The opponent sees that a secret is there and its class (the view of the secret
zone, :data:`~pure_engine.cards.runtime.Facet`), never which one.

>>> from pure_engine.games.skirmish.base import LAYOUT
>>> from pure_engine.cards.runtime import new_table
>>> can_hide(new_table(LAYOUT), 0, "ice_barrier")
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from pure_engine.cards import Effect
from pure_engine.cards.runtime import (
    CHANCE_PLAYER,
    DOOMED,
    CardRules,
    CardState,
    Decision,
    DecisionKind,
    EntityId,
    Frame,
    Table,
    emit,
    is_alive,
    leave_play,
    move,
    put,
)
from pure_engine.cards.runtime.pool import Assembler, Instr
from pure_engine.cards.runtime.program import S, Value
from pure_engine.cards.runtime.stats import fresh_copy
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    DECK,
    GRAVE,
    HAND,
    HERO,
    ON_REVEALED,
    SECRET,
    SECRET_LIMIT,
    SkirmishState,
    into_play,
)

__all__ = [
    "Misdirect",
    "Test",
    "armed",
    "attacker_is_minion",
    "board_has_room",
    "can_hide",
    "cast_on_a_minion",
    "copy_target",
    "counter",
    "damage_taken",
    "destroy_attacker",
    "freezing_trap",
    "new_defender",
    "new_spell_target",
    "put_secret_into_play",
    "return_to_life",
    "reveal",
]

Test = Callable[[CardState, Frame], bool]


def can_hide(table: Table, player: int, card: str) -> bool:
    """May *player* put the secret *card* into play (no copy of it there, room for one more)?"""
    hidden = table.zones.at(SECRET.places[player])
    if len(hidden) >= SECRET_LIMIT:
        return False
    return all(table.entities[i].card != card for i in hidden)


def armed(*tests: Test) -> Test:
    """The secret whose program runs is still hidden (a secret fires once), and *tests* hold."""

    def test(state: CardState, frame: Frame) -> bool:
        source = frame.ctx.source
        if source is None or state.table.entities[source].zone not in SECRET.zones:
            return False
        return all(t(state, frame) for t in tests)

    return test


def reveal(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The secret is revealed: it goes to its owner's graveyard (``REVEALED``: Eaglehorn Bow)."""
    source = frame.ctx.source
    assert source is not None
    owner = state.table.entities[source].owner
    state = state.replace(table=move(state.table, source, GRAVE.zones[owner]))
    return emit(state, rules, ON_REVEALED, source)


def _combat(state: CardState) -> tuple[EntityId, EntityId]:
    assert isinstance(state, SkirmishState) and state.combat is not None
    return EntityId(state.combat[0]), EntityId(state.combat[1])


def attacker_is_minion(state: CardState, frame: Frame) -> bool:
    """The attack being declared is a minion's."""
    return state.table.entities[_combat(state)[0]].zone in BOARD.zones


def destroy_attacker(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Vaporize: the attacking minion is destroyed (it never strikes)."""
    return _destroy(state, _combat(state)[0])


def _destroy(state: CardState, target: EntityId) -> CardState:
    e = state.table.entities[target]
    return state.replace(table=put(state.table, e.replace(status=e.status | DOOMED)))


def freezing_trap(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """The attacking minion returns to its owner's hand, and costs (2) more there."""
    attacker = _combat(state)[0]
    table = leave_play(state.table, attacker)
    e = table.entities[attacker]
    fresh = fresh_copy(e, rules.pool, e.card, status=0, attacks=0)
    table = move(put(table, fresh.replace(cost=fresh.cost + 2)), attacker, HAND.zones[e.owner])
    return state.replace(table=table)


def new_defender(card: str) -> Callable[[CardState, Frame, CardRules[CardState]], CardState]:
    """Noble Sacrifice: summon *card* for the secret's owner; it becomes the attack's target."""

    def redirect(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        made = state.table.next_id
        state = rules.summon(state, frame, frame.ctx.controller, card)
        if made not in state.table.entities:  # no room: the attack goes on
            return state
        assert isinstance(state, SkirmishState) and state.combat is not None
        return state.replace(combat=(state.combat[0], made))

    return redirect


def _summon_like(
    state: CardState, frame: Frame, rules: CardRules[CardState], card: str
) -> tuple[CardState, EntityId | None]:
    made = EntityId(state.table.next_id)
    state = rules.summon(state, frame, frame.ctx.controller, card)
    return state, (made if made in state.table.entities else None)


def copy_target(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Mirror Entity: a copy of the minion just played (its stats, keywords and buffs, no aura
    bonus) for the secret's owner."""
    target = frame.ctx.target
    assert target is not None
    original = state.table.entities[target]
    state, made = _summon_like(state, frame, rules, original.card)
    if made is None:
        return state
    e = state.table.entities[made]
    copy = e.replace(
        attack=original.attack - original.aura_attack,
        health=original.health - original.aura_health,
        damage=original.damage,
        tags=original.tags,
        buffs=original.buffs,
    )
    return state.replace(table=put(state.table, copy))


def return_to_life(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Redemption: the friendly minion that died comes back, a fresh copy with 1 Health."""
    target = frame.ctx.target
    assert target is not None
    state, made = _summon_like(state, frame, rules, state.table.entities[target].card)
    if made is None:
        return state
    e = state.table.entities[made]
    return state.replace(table=put(state.table, e.replace(damage=max(0, e.health - 1))))


def put_secret_into_play(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Mad Scientist: the secret nearest the top of its controller's deck that may be played
    goes into play (the deck is in random order, so it is a random secret of the deck)."""
    me = frame.ctx.controller
    table = state.table
    for i in reversed(table.zones.at(DECK.places[me])):
        e = table.entities[i]
        if "secret" in e.types and can_hide(table, me, e.card):
            assert isinstance(state, SkirmishState)
            return into_play(state.replace(table=move(table, i, SECRET.zones[me])), i)
    return state


def _spell_frame(state: CardState, spell: EntityId) -> int | None:
    """Where in the trigger queue the effect of the spell being cast waits, if it does."""
    for at, queued in enumerate(state.queue):
        if queued.ctx.source == spell and queued.slot == "play":
            return at
    return None


def counter(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
    """Counterspell: the spell being cast (the event's subject) does nothing: its effect never
    runs, a secret never stays in play, and no "after you cast a spell" trigger sees it."""
    spell = frame.ctx.target
    assert spell is not None and isinstance(state, SkirmishState)
    at = _spell_frame(state, spell)
    if at is not None:
        state = state.replace(queue=state.queue[:at] + state.queue[at + 1 :])
    e = state.table.entities[spell]
    if e.zone in SECRET.zones:
        state = state.replace(table=move(state.table, spell, GRAVE.zones[e.owner]))
    return state.replace(playing=None) if state.playing == spell else state


def cast_on_a_minion(state: CardState, frame: Frame) -> bool:
    """The spell being cast has a minion for its target (Spellbender)."""
    assert frame.ctx.target is not None
    at = _spell_frame(state, frame.ctx.target)
    if at is None:
        return False
    target = state.queue[at].ctx.target
    return target is not None and state.table.entities[target].zone in BOARD.zones


def new_spell_target(card: str) -> Callable[[CardState, Frame, CardRules[CardState]], CardState]:
    """Spellbender: summon *card* for the secret's owner; it becomes the spell's new target."""

    def bend(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        assert frame.ctx.target is not None
        state, made = _summon_like(state, frame, rules, card)
        at = _spell_frame(state, frame.ctx.target)
        if made is None or at is None:
            return state
        spell = state.queue[at]
        bent = spell.replace(ctx=spell.ctx.replace(target=made))
        return state.replace(queue=(*state.queue[:at], bent, *state.queue[at + 1 :]))

    return bend


def damage_taken(state: CardState, frame: Frame) -> int:
    """How much damage the event that fired this secret dealt (Eye for an Eye)."""
    value = frame.regs[-1]
    assert isinstance(value, int)
    return value


def board_has_room(state: CardState, frame: Frame) -> bool:
    """The secret's owner has room for a minion."""
    return len(state.table.zones.at(BOARD.places[frame.ctx.controller])) < BOARD_LIMIT


@dataclass(frozen=True, slots=True)
class _MisdirectI(Instr):
    """Chance picks the attack's new defender among the living characters other than the
    attacker and the hero it attacked."""

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        attacker, defender = _combat(state)
        table = state.table
        options = tuple(
            (i,)
            for zone in (*HERO.zones, *BOARD.zones)
            for i in table.zones[zone]
            if i not in (attacker, defender) and is_alive(table.entities[i])
        )
        if not options:
            return state, frame.replace(pc=frame.pc + 1)
        if len(options) == 1:
            return self.resume(state, frame, rules, options[0])
        weights = (Fraction(1, len(options)),) * len(options)
        return state.replace(
            pending=Decision(CHANCE_PLAYER, DecisionKind.CHANCE, options, weights)
        ), frame

    def resume(
        self, state: S, frame: Frame, rules: CardRules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        assert isinstance(choice, tuple) and isinstance(state, SkirmishState)
        attacker, _ = _combat(state)
        redirected = state.replace(combat=(attacker, choice[0]))  # a SkirmishState: S itself
        return cast(S, redirected), frame.replace(pc=frame.pc + 1)


@dataclass(frozen=True, slots=True)
class Misdirect(Effect):
    """Misdirection: the attack goes to another random character instead."""

    def emit(self, asm: Assembler) -> None:
        asm.emit(_MisdirectI())
