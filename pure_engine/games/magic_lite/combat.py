"""Combat: who may attack and block, and combat damage (rules 506-511).

Attackers are declared one at a time by the active player, then blockers by
the defending player (a flying attacker can only be blocked by a creature
with flying or reach); when an attacker has several blockers its controller
orders them.  Damage is dealt in one step, or two when a creature with first
strike is in the combat.  A blocked attacker assigns lethal damage to each
blocker in order (one point is lethal from a deathtouch source) and the rest
to the last one, or with trample to the defending player — the canonical
assignment; the rules would also let a player assign more than lethal to an
early blocker, which this engine does not offer.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import Final

from pure_engine.cards.runtime import EXHAUSTED, Entity, EntityId
from pure_engine.games.magic_lite.damage import damaged
from pure_engine.games.magic_lite.engine import BATTLEFIELD, ZONES
from pure_engine.games.magic_lite.protection import protected
from pure_engine.games.magic_lite.state import (
    CANT_BLOCK,
    DEATHTOUCH,
    DEFENDER,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    MENACE,
    ONE_BLOCKER,
    PACIFIED,
    REACH,
    TAPPED,
    TRAMPLE,
    Act,
    Action,
    MagicState,
)

__all__ = [
    "DONE_BLOCKING",
    "attack_candidates",
    "block_list",
    "block_options",
    "blockers_of",
    "blocks_done",
    "can_attack",
    "can_block",
    "combat_damage",
    "damage_order",
    "damage_orders",
    "has_first_strike",
]

_CANT_ATTACK: Final = DEFENDER | PACIFIED
_STRIKES_FIRST: Final = FIRST_STRIKE | DOUBLE_STRIKE
DONE_BLOCKING: Final = Action(Act.DONE_BLOCKING)


# --- declaring attackers (rule 508) ------------------------------------------------------------


def _can_attack(e: Entity) -> bool:
    """True when *e* may attack: an untapped creature that has been under its controller's
    control since the turn began, or has haste (rule 302.6), and may attack at all."""
    if "creature" not in e.types:
        return False
    status, tags = e.status, e.tags
    return (
        not status & TAPPED
        and (not status & EXHAUSTED or bool(tags & HASTE))
        and not tags & _CANT_ATTACK
    )


def _attack_candidates(state: MagicState) -> Iterator[EntityId]:
    """The active player's creatures that may still be declared as attackers, in battlefield
    order."""
    entities, declared = state.table.entities, state.attackers
    for i in state.table.zones[BATTLEFIELD[state.active]]:
        if i not in declared and _can_attack(entities[i]):
            yield i


def attack_candidates(state: MagicState) -> tuple[EntityId, ...]:
    """The active player's creatures that may still be declared as attackers."""
    return tuple(_attack_candidates(state))


def can_attack(state: MagicState) -> bool:
    """True when the active player has a creature able to attack (combat is worth entering, or
    a declaration goes on): the first of :func:`attack_candidates`, found without listing the
    others.

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(battlefields=(("forest", "grizzly_bears"), ()))
    >>> can_attack(s), can_attack(s.replace(attackers=attack_candidates(s)))
    (True, False)
    """
    for _ in _attack_candidates(state):  # a loop, not ``next(..., None)``: as ``priority.can_act``
        return True
    return False


# --- declaring blockers (rule 509) -------------------------------------------------------------


def _may_block(e: Entity) -> bool:
    """True when *e* may block at all: an untapped creature that nothing keeps from blocking."""
    return "creature" in e.types and not e.status & TAPPED and not e.tags & (PACIFIED | CANT_BLOCK)


def _can_block(blocker: Entity, attacker: Entity) -> bool:
    """True when *blocker*, which may block (:func:`_may_block`), may block *attacker*: it has
    flying or reach if the attacker flies (rule 702.9b), and is not of a colour the attacker
    has protection from (rule 702.16d)."""
    reaches = not attacker.tags & FLYING or bool(blocker.tags & (FLYING | REACH))
    return reaches and not protected(attacker, blocker)


def _block_options(state: MagicState) -> Iterator[tuple[EntityId, EntityId]]:
    """The (blocker, attacker) pairs of :func:`block_options`, one at a time."""
    entities = state.table.entities
    counts: dict[EntityId, int] = {}  # the blockers of each attacker blocked so far
    for _, blocked in state.blocks:
        counts[blocked] = counts.get(blocked, 0) + 1
    attackers = [a for a in _attacking(state) if not (a.id in counts and a.tags & ONE_BLOCKER)]
    blocking = [blocker for blocker, _ in state.blocks]
    free = []  # the defending player's creatures that may still block
    for i in state.table.zones[BATTLEFIELD[1 - state.active]]:
        e = entities[i]
        if _may_block(e) and i not in blocking:
            free.append(e)
    alone = [a for a, n in counts.items() if n == 1 and entities[a].tags & MENACE]
    able: dict[EntityId, int] = {}  # how many creatures could block a menace attacker
    for blocker in free:
        for attacker in attackers:
            if not _can_block(blocker, attacker):
                continue
            if alone:  # a menace attacker blocked by one creature: the next block joins it
                if attacker.id == alone[0]:
                    yield blocker.id, attacker.id
                continue
            if attacker.tags & MENACE and attacker.id not in counts:
                if attacker.id not in able:
                    able[attacker.id] = sum(1 for other in free if _can_block(other, attacker))
                if able[attacker.id] < 2:
                    continue
            yield blocker.id, attacker.id


def block_options(state: MagicState) -> tuple[tuple[EntityId, EntityId], ...]:
    """Every (blocker, attacker) pair the defending player may still declare, in battlefield
    order, within the blocking restrictions (rule 509.1b): a creature blocks one attacker at
    most; an attacker that can't be blocked by more than one creature takes no second blocker;
    an attacker with menace is blocked by two or more creatures or none — its first blocker
    only when a second could join it, and then the next block must be that second one."""
    return tuple(_block_options(state))


def blocks_done(state: MagicState) -> bool:
    """True when the blockers declared so far are a legal declaration (rule 509.1c): no
    attacker with menace is blocked by one creature only."""
    entities = state.table.entities
    counts: dict[EntityId, int] = {}
    for _, a in state.blocks:
        counts[a] = counts.get(a, 0) + 1
    return not any(n == 1 and entities[a].tags & MENACE for a, n in counts.items())


def can_block(state: MagicState) -> bool:
    """True when the defending player could declare a block: the first of
    :func:`block_options`, found without listing the others.

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(battlefields=(("grizzly_bears",), ("forest", "llanowar_elves")))
    >>> s = s.replace(attackers=(EntityId(22),))
    >>> can_block(s), can_block(s.replace(blocks=((EntityId(24), EntityId(22)),)))
    (True, False)
    """
    for _ in _block_options(state):  # a loop, not ``next(..., None)``: as ``priority.can_act``
        return True
    return False


def block_list(state: MagicState) -> tuple[Action, ...]:
    """The legal actions while the defending player declares blockers: stop (when the blocks so
    far are legal: :func:`blocks_done`), then a block for each (blocker, attacker) pair still
    open (:func:`block_options`)."""
    done = (DONE_BLOCKING,) if blocks_done(state) else ()
    return (*done, *[Action(Act.BLOCK, b, a) for b, a in block_options(state)])


def _attacking(state: MagicState) -> list[Entity]:
    """The attackers still on the battlefield."""
    return [state.table.entities[i] for i in _on_battlefield(state, state.attackers)]


def _on_battlefield(state: MagicState, ids: Sequence[EntityId]) -> tuple[EntityId, ...]:
    """The creatures of *ids* still on the battlefield (a token that left is gone: rule 111.7)."""
    entities = state.table.entities
    return tuple(i for i in ids if (e := entities.get(i)) is not None and e.zone in BATTLEFIELD)


def blockers_of(state: MagicState, attacker: EntityId) -> tuple[EntityId, ...]:
    """The creatures blocking *attacker*, in its damage assignment order, still on the
    battlefield."""
    for a, order in state.orders:
        if a == attacker:
            return _on_battlefield(state, order)
    return _on_battlefield(state, [b for b, a in state.blocks if a == attacker])


def damage_orders(state: MagicState, attacker: EntityId) -> tuple[tuple[EntityId, ...], ...]:
    """The damage assignment orders the attacking player may choose for *attacker*'s blockers."""
    return tuple(itertools.permutations(blockers_of(state, attacker)))


def damage_order(state: MagicState, attacker: EntityId, index: int) -> tuple[EntityId, ...]:
    """The *index*-th of :func:`damage_orders`, without building the others (an attacker with
    seven blockers has 5040 orders).

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(battlefields=(("craw_wurm",), ("grizzly_bears",) * 3))
    >>> wurm, bears = EntityId(22), (23, 24, 25)
    >>> s = s.replace(attackers=(wurm,), blocks=tuple((EntityId(b), wurm) for b in bears))
    >>> orders = damage_orders(s, wurm)
    >>> len(orders), all(damage_order(s, wurm, k) == o for k, o in enumerate(orders))
    (6, True)
    """
    left = list(blockers_of(state, attacker))
    order = []
    for n in range(len(left), 0, -1):  # the factorial number system, most significant digit first
        digit, index = divmod(index, math.factorial(n - 1))
        order.append(left.pop(digit))
    return tuple(order)


def has_first_strike(state: MagicState) -> bool:
    """True when a creature in combat has first strike or double strike (combat has two
    damage steps: rule 510.4)."""
    entities = state.table.entities
    fighters = [*state.attackers, *(blocker for blocker, _ in state.blocks)]
    return any(entities[i].tags & _STRIKES_FIRST for i in _on_battlefield(state, fighters))


# --- combat damage (rule 510) ------------------------------------------------------------------


def _strikes(e: Entity, first_strike: bool) -> bool:
    """True when *e* deals combat damage in this damage step, with power above zero: in the first
    strike step when it has first strike or double strike, in the regular step when it has no
    first strike or has double strike (rules 510.4, 702.4b)."""
    if e.attack <= 0:
        return False
    if first_strike:
        return bool(e.tags & _STRIKES_FIRST)
    return not e.tags & FIRST_STRIKE or bool(e.tags & DOUBLE_STRIKE)


def _assigned(
    attacker: Entity, blockers: list[Entity], player: EntityId
) -> list[tuple[Entity, EntityId, int]]:
    """A blocked attacker's combat damage (rule 510.1c): lethal damage to each blocker in order
    (one point is lethal from a deathtouch source: rule 702.2c) and the rest to the last one or,
    with trample, to the defending player (rule 702.19b)."""
    hits = []
    left = attacker.attack
    trample = attacker.tags & TRAMPLE
    for k, blocker in enumerate(blockers):
        if k == len(blockers) - 1 and not trample:
            given = left
        else:
            lethal = max(blocker.health - blocker.damage, 0)
            if attacker.tags & DEATHTOUCH:
                lethal = min(lethal, 1)
            given = min(left, lethal)
        if given:
            hits.append((attacker, blocker.id, given))
        left -= given
    if left and trample:
        hits.append((attacker, player, left))
    return hits


def combat_damage(state: MagicState, *, first_strike: bool) -> MagicState:
    """Deal the combat damage of one damage step, all at once (rule 510.2)."""
    entities = state.table.entities
    player = state.table.zones[ZONES.player[1 - state.active]][0]
    blocked = {attacker for _, attacker in state.blocks}
    hits: list[tuple[Entity | None, EntityId, int]] = []
    for a in _on_battlefield(state, state.attackers):
        attacker = entities[a]
        if a not in blocked:
            if _strikes(attacker, first_strike):
                hits.append((attacker, player, attacker.attack))
            continue
        blockers = [entities[b] for b in blockers_of(state, a)]
        hits += [(b, a, b.attack) for b in blockers if _strikes(b, first_strike)]
        if _strikes(attacker, first_strike):
            hits += _assigned(attacker, blockers, player)
    if not hits:
        return state
    table, life = damaged(state.table, state.life, hits)
    return state.replace(table=table, life=life)
