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
from collections.abc import Callable, Sequence
from typing import Final

from pure_engine.cards.runtime import EXHAUSTED, Entity, EntityId, Table
from pure_engine.core.struct import Struct
from pure_engine.games.magic_lite.damage import damaged, set_table_life_marked
from pure_engine.games.magic_lite.engine import BATTLEFIELD, ZONES
from pure_engine.games.magic_lite.state import (
    DEATHTOUCH,
    DEFENDER,
    FIRST_STRIKE,
    FLYING,
    HASTE,
    PACIFIED,
    REACH,
    TAPPED,
    TRAMPLE,
    Act,
    Action,
    MagicState,
    Step,
    make_action,
    set_step,
    writer,
)

__all__ = [
    "COMBAT",
    "DONE_BLOCKING",
    "CanAttack",
    "Combat",
    "attack_candidates",
    "block_list",
    "block_options",
    "blockers_of",
    "can_attack",
    "can_block",
    "combat_damage",
    "damage_order",
    "damage_orders",
    "has_first_strike",
    "make_can_attack",
    "make_combat",
]

_CANT_ATTACK = DEFENDER | PACIFIED


def attack_candidates(state: MagicState) -> tuple[EntityId, ...]:
    """The active player's creatures that may still be declared as attackers."""
    declared = state.attackers
    return tuple([i for i in _able_to_attack(state.table, state.active) if i not in declared])


def can_attack(state: MagicState) -> bool:
    """True when the active player has a creature able to attack (combat is worth entering, or
    a declaration goes on): :func:`attack_candidates` is not empty.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(battlefields=(("forest", "grizzly_bears"), ()))
    >>> can_attack(s), can_attack(s.replace(attackers=attack_candidates(s)))
    (True, False)
    """
    declared = state.attackers
    for i in _able_to_attack(state.table, state.active):  # noqa: SIM110 - no generator
        if i not in declared:
            return True
    return False


CanAttack = Callable[[MagicState], bool]
"""``state -> bool``: :func:`can_attack`, or a game's memo of it (:func:`make_can_attack`)."""


class Combat(Struct):
    """The combat checks and lists the turn and the list of actions ask: :data:`COMBAT`, the
    plain functions, or a game value's memo of them (:func:`make_combat`)."""

    can_attack: CanAttack
    candidates: Callable[[MagicState], tuple[EntityId, ...]]
    can_block: Callable[[MagicState], bool]
    block_options: Callable[[MagicState], tuple[tuple[EntityId, EntityId], ...]]
    block_list: Callable[[MagicState], tuple[Action, ...]]
    """The legal actions while blockers are declared: :func:`block_list`."""


def make_combat() -> Combat:
    """:class:`Combat` through a game value's own memos, both keyed by the table (compared by
    identity: it is immutable) and the active player.

    The creatures able to attack are found once per table (:func:`can_attack` and
    :func:`attack_candidates` then check them against the attackers declared so far); the
    (blocker, attacker) pairs once per table and attackers (:func:`can_block` and
    :func:`block_options` then leave out the creatures already blocking), with their block
    actions, built when first listed (:func:`block_list` then leaves out those of the creatures
    already blocking).  A declaration changes the attackers or the blocks, not the table: the
    creatures are scanned and the actions built once a combat, not once a decision and again
    at each check.

    >>> from pure_engine.games.magic_lite.game import position
    >>> memo = make_combat()
    >>> s = position(battlefields=(("forest", "grizzly_bears"), ()))
    >>> memo.can_attack(s), memo.can_attack(s), memo.candidates(s) == attack_candidates(s)
    (True, True, True)
    >>> memo.can_attack(s.replace(attackers=attack_candidates(s)))
    False
    >>> b = position(battlefields=(("grizzly_bears",), ("forest", "llanowar_elves")))
    >>> b = b.replace(attackers=(EntityId(22),))
    >>> memo.block_options(b), memo.can_block(b.replace(blocks=((EntityId(24), EntityId(22)),)))
    (((24, 22),), False)
    >>> memo.block_list(b) == block_list(b), memo.block_list(b) is memo.block_list(b)
    (True, True)
    """
    able_known: list[tuple[object, int, tuple[EntityId, ...]]] = [(None, -1, ())]
    # (table, attackers, active player, pairs, their list of actions or None until listed)
    pairs_known: list[
        tuple[object, object, int, tuple[tuple[EntityId, EntityId], ...], tuple[Action, ...] | None]
    ] = [(None, None, -1, (), None)]

    def able(state: MagicState) -> tuple[EntityId, ...]:
        table, active = state.table, state.active
        known = able_known[0]
        if known[0] is table and known[1] == active:
            return known[2]
        found = _able_to_attack(table, active)
        able_known[0] = (table, active, found)
        return found

    def memo_can_attack(state: MagicState) -> bool:
        declared = state.attackers
        for i in able(state):  # noqa: SIM110 - a loop, not any(): no generator
            if i not in declared:
                return True
        return False

    def memo_candidates(state: MagicState) -> tuple[EntityId, ...]:
        declared = state.attackers
        found = able(state)
        if not declared:  # (the first declaration: every creature able to attack)
            return found
        left = []  # (a loop: a comprehension is a call of its own)
        for i in found:
            if i not in declared:
                left.append(i)
        return tuple(left)

    def pairs(state: MagicState) -> tuple[tuple[EntityId, EntityId], ...]:
        table, attackers, active = state.table, state.attackers, state.active
        known = pairs_known[0]
        if known[0] is table and known[1] is attackers and known[2] == active:
            return known[3]
        found = _block_pairs(state)
        pairs_known[0] = (table, attackers, active, found, None)
        return found

    def memo_can_block(state: MagicState) -> bool:
        every = pairs(state)
        blocks = state.blocks
        if not blocks or not every:
            return bool(every)
        blocking = []  # (a loop: a comprehension is a call of its own)
        for blocker, _ in blocks:
            blocking.append(blocker)
        for blocker, _ in every:  # noqa: SIM110 - a loop, not any(): no generator
            if blocker not in blocking:
                return True
        return False

    def memo_block_options(state: MagicState) -> tuple[tuple[EntityId, EntityId], ...]:
        every = pairs(state)
        blocks = state.blocks
        if not blocks:
            return every
        return _still_open(every, blocks)  # (not asked at every decision)

    def memo_block_list(state: MagicState) -> tuple[Action, ...]:
        every = pairs(state)
        known = pairs_known[0]
        listed = known[4]
        if listed is None or known[3] is not every:  # (not listed yet, or another thread's)
            listed = _listed_blocks(every)
            if known[3] is every:
                pairs_known[0] = (known[0], known[1], known[2], every, listed)
        blocks = state.blocks
        if not blocks:
            return listed
        blocking = []  # (loops: a comprehension is a call of its own)
        for blocker, _ in blocks:
            blocking.append(blocker)
        found = [DONE_BLOCKING]
        k = 1  # (listed[k] is the action of every[k - 1])
        for pair in every:
            if pair[0] not in blocking:
                found.append(listed[k])
            k += 1
        return tuple(found)

    return Combat(
        memo_can_attack, memo_candidates, memo_can_block, memo_block_options, memo_block_list
    )


def make_can_attack() -> CanAttack:
    """:func:`can_attack` through a game value's own memo (:func:`make_combat`'s).

    >>> from pure_engine.games.magic_lite.game import position
    >>> check = make_can_attack()
    >>> s = position(battlefields=(("forest", "grizzly_bears"), ()))
    >>> check(s), check(s), check(s.replace(attackers=attack_candidates(s)))
    (True, True, False)
    """
    return make_combat().can_attack


def _able_to_attack(table: Table, player: int) -> tuple[EntityId, ...]:
    """*player*'s creatures able to attack on *table*, declared or not (:func:`can_attack`'s
    test, without the attackers)."""
    entities = table.entities
    found = []
    for i in table.zones[BATTLEFIELD[player]]:
        e = entities[i]
        if "creature" not in e.types:
            continue
        status, tags = e.status, e.tags
        if (
            not status & TAPPED
            and (not status & EXHAUSTED or tags & HASTE)
            and not tags & _CANT_ATTACK
        ):
            found.append(i)
    return tuple(found)


def _on_battlefield(state: MagicState, ids: Sequence[EntityId]) -> tuple[EntityId, ...]:
    entities, fields = state.table.entities, BATTLEFIELD
    found = []  # (a loop: a generator is a call per item)
    for i in ids:
        if entities[i].zone in fields:
            found.append(i)
    return tuple(found)


def block_options(state: MagicState) -> tuple[tuple[EntityId, EntityId], ...]:
    """Every (blocker, attacker) pair the defending player may still declare."""
    pairs = _block_pairs(state)
    return _still_open(pairs, state.blocks) if state.blocks else pairs


def _still_open(
    pairs: tuple[tuple[EntityId, EntityId], ...], blocks: tuple[tuple[EntityId, EntityId], ...]
) -> tuple[tuple[EntityId, EntityId], ...]:
    """The (blocker, attacker) *pairs* whose blocker is not in *blocks* yet (a creature blocks
    one attacker at most)."""
    blocking = {blocker for blocker, _ in blocks}
    return tuple([pair for pair in pairs if pair[0] not in blocking])


DONE_BLOCKING: Final = Action(Act.DONE_BLOCKING)
_BLOCK: Final = Act.BLOCK


def block_list(state: MagicState) -> tuple[Action, ...]:
    """The legal actions while the defending player declares blockers: stop, then a block for
    each (blocker, attacker) pair still open (:func:`block_options`)."""
    return _listed_blocks(block_options(state))


def _listed_blocks(pairs: tuple[tuple[EntityId, EntityId], ...]) -> tuple[Action, ...]:
    found = [DONE_BLOCKING]  # (a loop: a comprehension is a call of its own)
    for b, a in pairs:
        found.append(make_action(_BLOCK, b, a))
    return tuple(found)


def _block_pairs(state: MagicState) -> tuple[tuple[EntityId, EntityId], ...]:
    """Every (blocker, attacker) pair of the defending player's creatures able to block and the
    attackers still on the battlefield, blocking already or not, in battlefield order."""
    entities = state.table.entities
    attackers = _attacking(state)
    if not attackers:
        return ()
    options = []
    for i in state.table.zones[BATTLEFIELD[1 - state.active]]:
        b = entities[i]
        if "creature" not in b.types or b.status & TAPPED or b.tags & PACIFIED:
            continue
        for a in attackers:
            if not a.tags & FLYING or b.tags & (FLYING | REACH):
                options.append((i, a.id))
    return tuple(options)


def can_block(state: MagicState) -> bool:
    """True when :func:`block_options` is not empty, found without building it.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(battlefields=(("grizzly_bears",), ("forest", "llanowar_elves")))
    >>> s = s.replace(attackers=(EntityId(22),))
    >>> can_block(s), can_block(s.replace(blocks=((EntityId(24), EntityId(22)),)))
    (True, False)
    """
    entities = state.table.entities
    attackers = _attacking(state)
    if not attackers:
        return False
    blocking = [blocker for blocker, _ in state.blocks]  # each blocks one attacker at most
    for i in state.table.zones[BATTLEFIELD[1 - state.active]]:
        b = entities[i]
        if "creature" not in b.types or b.status & TAPPED or b.tags & PACIFIED or i in blocking:
            continue
        if not b.tags & (FLYING | REACH):
            for a in attackers:
                if not a.tags & FLYING:
                    return True
        else:
            return True
    return False


COMBAT: Final = Combat(can_attack, attack_candidates, can_block, block_options, block_list)
"""The plain combat checks and lists (no memo: nothing mutable at module level)."""


def _attacking(state: MagicState) -> list[Entity]:
    """The attackers still on the battlefield."""
    entities, fields = state.table.entities, BATTLEFIELD
    attackers = []
    for attacker in state.attackers:
        e = entities[attacker]
        if e.zone in fields:
            attackers.append(e)
    return attackers


def blockers_of(state: MagicState, attacker: EntityId) -> tuple[EntityId, ...]:
    """The creatures blocking *attacker*, in its damage assignment order, still on the
    battlefield."""
    for a, order in state.orders:
        if a == attacker:
            return _on_battlefield(state, order)
    declared = []  # (a loop: a generator is a call per item)
    for b, a in state.blocks:
        if a == attacker:
            declared.append(b)
    return _on_battlefield(state, declared)


def damage_orders(state: MagicState, attacker: EntityId) -> tuple[tuple[EntityId, ...], ...]:
    """The damage assignment orders the attacking player may choose for *attacker*'s blockers."""
    return tuple(itertools.permutations(blockers_of(state, attacker)))


def damage_order(state: MagicState, attacker: EntityId, index: int) -> tuple[EntityId, ...]:
    """The *index*-th of :func:`damage_orders`, without building the others (an attacker with
    seven blockers has 5040 orders).

    >>> from pure_engine.games.magic_lite.game import position
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
    """True when a creature in combat has first strike (combat has two damage steps)."""
    entities, fields = state.table.entities, BATTLEFIELD
    for i in state.attackers:
        e = entities[i]
        if e.tags & FIRST_STRIKE and e.zone in fields:
            return True
    for i, _ in state.blocks:
        e = entities[i]
        if e.tags & FIRST_STRIKE and e.zone in fields:
            return True
    return False


def _blocked_damage(
    state: MagicState,
    first_strike: bool,
    player: EntityId,
    hits: list[tuple[Entity, EntityId, int]],
) -> None:
    """The hits of a damage step in a combat with blocks, in order, appended to *hits*.  A
    creature deals damage in this step when it has first strike exactly in the first strike
    step, and power above zero."""
    entities, fields = state.table.entities, BATTLEFIELD
    orders = state.orders
    blocked: dict[EntityId, list[EntityId]] = {}  # each blocked attacker's blockers, in order
    for b, x in state.blocks:
        found = blocked.get(x)
        if found is None:
            blocked[x] = [b]
        else:
            found.append(b)
    for a in state.attackers:
        attacker = entities[a]
        if attacker.zone not in fields:
            continue
        declared = blocked.get(a)
        if declared is None:  # (unblocked: blockers_of would find none)
            if bool(attacker.tags & FIRST_STRIKE) == first_strike and attacker.attack > 0:
                hits.append((attacker, player, attacker.attack))
            continue
        # blockers_of's answer: in the damage assignment order, or else in block order (the
        # blocks grouped above), those still on the battlefield (_on_battlefield's rule)
        blockers = []
        for b in blockers_of(state, a) if orders else _on_battlefield(state, declared):
            blocker = entities[b]
            blockers.append(blocker)
            if bool(blocker.tags & FIRST_STRIKE) == first_strike and blocker.attack > 0:
                hits.append((blocker, a, blocker.attack))
        if bool(attacker.tags & FIRST_STRIKE) != first_strike or attacker.attack <= 0:
            continue
        left = attacker.attack
        trample = attacker.tags & TRAMPLE
        deathtouch = attacker.tags & DEATHTOUCH
        last = blockers[-1] if blockers else None
        for blocker in blockers:
            if blocker is last and not trample:
                given = left
            else:
                lethal = blocker.health - blocker.damage
                if lethal < 0:
                    lethal = 0
                elif deathtouch and lethal > 1:
                    lethal = 1
                given = left if left < lethal else lethal
            if given:
                hits.append((attacker, blocker.id, given))
            left -= given
        if left and trample:
            hits.append((attacker, player, left))


def combat_damage(state: MagicState, *, first_strike: bool, step: Step | None = None) -> MagicState:
    """Deal the combat damage of one damage step, all at once (rule 510.2); with *step*, the
    damage step being entered is written with the damage (the turn table's ``enter_at``: one
    write, not two — the damage does not depend on the step)."""
    entities, fields = state.table.entities, BATTLEFIELD
    player = state.table.zones[ZONES.player[1 - state.active]][0]
    hits: list[tuple[Entity, EntityId, int]] = []
    blocks = state.blocks
    if not blocks and not state.orders:  # nobody blocks (most combats): each hits the player
        for a in state.attackers:
            attacker = entities[a]
            if (
                bool(attacker.tags & FIRST_STRIKE) == first_strike
                and attacker.attack > 0
                and attacker.zone in fields
            ):
                hits.append((attacker, player, attacker.attack))
    else:
        _blocked_damage(state, first_strike, player, hits)
    if not hits:
        return state if step is None else set_step(state, step)
    # dealt in order, written once (with the kept fact: the battlefields dealt damage)
    table, life, marked = damaged(state.table, state.life, hits, state.marked)
    if step is None:
        return set_table_life_marked(state, table, life, marked)
    return _damaged_at(state, step, table, life, marked)


_damaged_at: Final = writer("step", "table", "life", "marked")
