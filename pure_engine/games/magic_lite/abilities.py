"""Activated abilities (rule 602): what a player may activate now, paying the costs, and the
check on resolution.

An ability is the kit's :class:`~pure_engine.cards.runtime.pool.Activated` with an
:class:`~pure_engine.games.magic_lite.dsl.AbilityCost`: mana, {T}, sacrifice,
and sorcery speed.  A player holding priority may activate an ability of a
permanent they control when they can pay the whole cost: mana from their
untapped lands and mana creatures (the source itself excepted when it taps
for the ability), an untapped source for {T} — and a creature must have been
under their control since their turn began, unless it has haste — and, for a
sorcery-speed ability, only in their own main phase with an empty stack.
The target is chosen on activation (``activate Prodigal Sorcerer -> p1``);
the costs are paid at once (the sacrificed source is gone before anyone can
respond); the ability goes on the stack like a spell, where the opponent may
respond, and resolves even when its source has left the battlefield — but
not when its target is no longer legal (rule 608.2b).  Mana abilities are
not activated this way: lands and mana creatures pay costs automatically.

>>> from pure_engine.games.magic_lite.rules import action_to_str, position
>>> s = position(battlefields=(("prodigal_sorcerer",), ("grizzly_bears",)))
>>> [action_to_str(s, a) for a in activations(s.table, 0, sorcery=True)]
['activate Prodigal Sorcerer -> p0', 'activate Prodigal Sorcerer -> p1', \
'activate Prodigal Sorcerer -> Prodigal Sorcerer', 'activate Prodigal Sorcerer -> Grizzly Bears']
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import Ctx
from pure_engine.cards.runtime import (
    DOOMED,
    EXHAUSTED,
    Entity,
    EntityId,
    Frame,
    Table,
    put,
)
from pure_engine.cards.runtime.pool import ability_slot
from pure_engine.cards.selectors import Compiled
from pure_engine.core.struct import Struct
from pure_engine.games.magic_lite.cards import POOL, mana_of
from pure_engine.games.magic_lite.dsl import AbilityCost
from pure_engine.games.magic_lite.engine import ZONES, mana_counts, pay_mana, settle
from pure_engine.games.magic_lite.protection import can_target
from pure_engine.games.magic_lite.stack import StackItem
from pure_engine.games.magic_lite.state import HASTE, TAPPED, Act, Action, MagicState

__all__ = [
    "ABILITIES",
    "Ability",
    "activate",
    "activations",
    "can_activate",
    "fizzles",
]


class Ability(Struct):
    """A card's activated ability, looked up once: its program ``slot``, its ``cost``, the
    coloured ``needs`` of its mana cost as (colour, count) pairs and its mana ``value``, and its
    compiled ``target`` selector (``None``: no target)."""

    slot: str
    cost: AbilityCost
    needs: tuple[tuple[int, int], ...]
    value: int
    target: Compiled | None


def _abilities() -> dict[str, Ability]:
    found: dict[str, Ability] = {}
    for key, card in POOL.defs.items():
        if not card.abilities:
            continue
        if len(card.abilities) > 1:  # an action names a permanent, not one of its abilities
            raise ValueError(f"magic_lite: {key!r} has {len(card.abilities)} activated abilities")
        cost = card.abilities[0].cost
        assert isinstance(cost, AbilityCost), f"{key}: an ability's cost is an AbilityCost"
        slot = ability_slot(0)
        mana = cost.mana
        needs = tuple((c, n) for c, n in enumerate(mana.colored) if n)
        target = POOL.ability_targets.get((key, slot))
        found[key] = Ability(slot, cost, needs, mana.value, target)
    return found


ABILITIES: Final = _abilities()
"""Card key -> its activated ability (magic_lite's cards have one at most)."""
_SLOTS: Final = frozenset((key, a.slot) for key, a in ABILITIES.items())


def _sources(table: Table, player: int, sorcery: bool) -> list[tuple[Entity, Ability]]:
    """The permanents of *player* whose ability they can activate now, but for its target:
    timing and every cost payable."""
    found: list[tuple[Entity, Ability]] = []
    counts: list[int] | None = None
    entities = table.entities
    for i in table.zones[ZONES.battlefield[player]]:
        e = entities[i]
        if e.card not in ABILITIES:
            continue
        ability = ABILITIES[e.card]
        cost = ability.cost
        if cost.sorcery and not sorcery:
            continue
        if cost.tap and (e.status & TAPPED or (e.status & EXHAUSTED and not e.tags & HASTE)):
            continue  # tapped, or a creature with summoning sickness
        if ability.value:
            if counts is None:
                counts = mana_counts(table, player)
            have = counts
            color = mana_of(e.card)
            if cost.tap and color >= 0 and not e.status & (TAPPED | EXHAUSTED):
                have = counts.copy()  # the source taps for the ability, not for mana
                have[color] -= 1
            if ability.value > sum(have) or any(have[c] < n for c, n in ability.needs):
                continue
        found.append((e, ability))
    return found


def _targets(table: Table, e: Entity, ability: Ability, player: int) -> tuple[EntityId, ...]:
    """The legal targets of *e*'s *ability* (a sacrificed source never targets itself)."""
    assert ability.target is not None
    own = e.id if ability.cost.sacrifice else -1
    ctx = Ctx(e.id, player)
    return tuple(t for t in ability.target(table, ctx) if t != own and can_target(table, ctx, t))


def can_activate(table: Table, player: int, sorcery: bool) -> bool:
    """True when *player*, holding priority, could activate an ability now (*sorcery*: it is
    their main phase and the stack is empty)."""
    return bool(activations(table, player, sorcery=sorcery))


def activations(table: Table, player: int, *, sorcery: bool) -> list[Action]:
    """The ``activate`` actions open to *player* now, in battlefield order, each target in
    table order."""
    actions: list[Action] = []
    for e, ability in _sources(table, player, sorcery):
        if ability.target is None:
            actions.append(Action(Act.ACTIVATE, e.id))
        else:
            actions.extend(
                Action(Act.ACTIVATE, e.id, t) for t in _targets(table, e, ability, player)
            )
    return actions


def activate(state: MagicState, player: int, source: EntityId, target: int) -> MagicState:
    """*player* activates *source*'s ability on *target* (-1: none; assumed legal): the costs are
    paid, the ability goes on the stack and *player* receives priority."""
    e = state.table.entities[source]
    ability = ABILITIES[e.card]
    cost = ability.cost
    if ability.value:
        state = pay_mana(state, player, cost.mana, spare=source if cost.tap else None)
    table = state.table
    e = table.entities[source]
    status = e.status | (TAPPED if cost.tap else 0) | (DOOMED if cost.sacrifice else 0)
    if status != e.status:
        table = put(table, e.replace(status=status))
    regs = (0,) * POOL.programs[e.card, ability.slot].regs
    ctx = Ctx(source, player, EntityId(target) if target >= 0 else None)
    # on the stack, where its controller receives priority (rule 602.2, 117.3c)
    item = StackItem(Frame(e.card, ability.slot, 0, ctx, regs))
    state = state.replace(table=table, stack=(*state.stack, item), holder=player, passes=0)
    return settle(state) if cost.sacrifice else state  # the sacrificed source leaves now


def fizzles(state: MagicState, frame: Frame) -> bool:
    """True when *frame* is an activated ability whose target is no longer legal: it is countered
    on resolution (its source need not still be there)."""
    target, source = frame.ctx.target, frame.ctx.source
    if target is None or (frame.card, frame.slot) not in _SLOTS:
        return False
    ability = ABILITIES[frame.card]
    assert ability.target is not None and source is not None
    table, ctx = state.table, Ctx(source, frame.ctx.controller)
    # a token that left the battlefield is gone; hexproof or protection may have come
    if target not in table.entities or not can_target(table, ctx, target):
        return True
    own = source if ability.cost.sacrifice else -1
    return target == own or target not in ability.target(table, ctx)
