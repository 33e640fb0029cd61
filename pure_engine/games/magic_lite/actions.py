"""The decisions: who decides, the legal actions, applying one, and the skip-trivial rule.

A decision is one small :class:`~pure_engine.games.magic_lite.state.Action`:
pass, play a land, cast, activate an ability, declare an attacker or a blocker (or stop), order an
attacker's blockers, answer a pending choice, discard in cleanup.
:func:`legal_actions` lists them; :func:`apply_action` applies one (what the
turn does next is :mod:`~pure_engine.games.magic_lite.turn`'s business).

Skip-trivial (seed 002, proposal 2): :func:`forced` names the single legal
action of a decision and the rule that leaves it alone, without building the
list (at priority it asks *can_act*), and :func:`auto_action` — the turn
machine's ``auto`` rule — applies it for a player who skips trivial decisions.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Final

from pure_engine.cards.runtime import CHANCE_PLAYER, EntityId, answer, move, put_all
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.games.magic_lite.abilities import activate
from pure_engine.games.magic_lite.combat import (
    COMBAT,
    DONE_BLOCKING,
    Combat,
    blockers_of,
    damage_order,
)
from pure_engine.games.magic_lite.engine import (
    BATTLEFIELD,
    HAND,
    LANDS_UNSEEN_BY_AURAS,
    RULES,
    ZONES,
    Tapped,
    entered_table,
    fire,
    mana_counts,
    settle,
    tap,
)
from pure_engine.games.magic_lite.instants import out_of_hand
from pure_engine.games.magic_lite.priority import (
    PASS,
    CanAct,
    ManaCounts,
    cast_passed,
    open_window,
    pass_priority,
    priority_actions,
)
from pure_engine.games.magic_lite.state import (
    PREBUILT,
    TAPPED,
    VIGILANCE,
    Act,
    Action,
    MagicEvent,
    MagicState,
    Step,
    make_action,
    one_number_actions,
    set_status,
    writer,
)

__all__ = [
    "APPLY",
    "DONE_ATTACKING",
    "DONE_BLOCKING",
    "after_blocks",
    "apply_action",
    "attack_actions",
    "auto",
    "auto_action",
    "block_actions",
    "current_player",
    "forced",
    "hand_over",
    "legal_actions",
    "make_apply",
]

_ATTACKERS: Final = Step.ATTACKERS  # enum members read per call: module constants (a read of
_BLOCKERS: Final = Step.BLOCKERS  # an enum class attribute is a generic lookup)
_ATTACK: Final = Act.ATTACK
_PASS_KIND: Final = Act.PASS
_ORDER: Final = Act.ORDER
DONE_ATTACKING: Final = Action(Act.DONE_ATTACKING)
_ATTACKS: Final = one_number_actions(Act.ATTACK)
_HAND_SIZE: Final = 7
_LANDS_SEEN: Final = not LANDS_UNSEEN_BY_AURAS

# the decisions' own writes, as positional setters (Struct.setter)
_attacked: Final = writer("table", "declaring")
_declared: Final = writer("declaring")
_land_played: Final = writer("table", "land_played", "passes")
_set_attackers: Final = writer("attackers")
_set_blocks: Final = writer("blocks")
_blocks_done: Final = writer("declaring", "to_order")
_set_autos: Final = writer("autos")


def current_player(state: MagicState) -> int:
    """The player who decides now (``TERMINAL`` once somebody lost)."""
    if state.lost:
        return TERMINAL
    pending = state.pending
    if pending is not None:
        return CHANCE if pending.player == CHANCE_PLAYER else pending.player
    if state.declaring:
        return 1 - state.active if state.step is _BLOCKERS else state.active
    if state.to_order:
        return state.active
    return state.holder


# --- combat and cleanup decisions ----------------------------------------------------------------


def _done_attacking(state: MagicState, can_act: CanAct, memo: Tapped | None = None) -> MagicState:
    attackers = state.attackers
    if attackers:
        entities = state.table.entities
        tapped = []
        for a in attackers:
            e = entities[a]
            if not e.tags & VIGILANCE:
                tapped.append(set_status(e, e.status | TAPPED) if memo is None else tap(e, memo))
        state = _attacked(state, put_all(state.table, tapped), False)
        if MagicEvent.ATTACKS not in state.cards.unheard:  # (fire's own first test, once)
            for a in attackers:
                state = fire(state, MagicEvent.ATTACKS, a)
    else:  # (nobody attacks: nothing tapped, nothing fired)
        state = _declared(state, False)
    if state.frames or state.queue or state.cards.auras:  # (else settle changes nothing)
        state = settle(state, checks=False)
    return open_window(state, can_act)


def after_blocks(state: MagicState, can_act: CanAct) -> MagicState:
    """Blockers are declared: the attackers with several blockers wait for their damage order,
    or priority opens."""
    blocks = state.blocks
    multi: tuple[EntityId, ...] = ()
    if state.orders:  # (orders are chosen after this: not in a game's own flow)
        multi = tuple(a for a in state.attackers if len(blockers_of(state, a)) > 1)
    elif len(blocks) > 1:  # else no attacker has two blockers
        entities, fields = state.table.entities, BATTLEFIELD
        counts: dict[EntityId, int] = {}
        for blocker, attacker in blocks:
            if entities[blocker].zone in fields:
                counts[attacker] = counts.get(attacker, 0) + 1
        if len(counts) < len(blocks):
            multi = tuple(a for a in state.attackers if counts.get(a, 0) > 1)
    state = _blocks_done(state, False, multi)
    return state if multi else open_window(state, can_act)


def hand_over(state: MagicState) -> bool:
    """True when the active player holds more than seven cards (cleanup: discard)."""
    return len(state.table.zones[HAND[state.active]]) > _HAND_SIZE


def _distinct_hand(state: MagicState, player: int) -> tuple[EntityId, ...]:
    entities = state.table.entities
    seen: set[str] = set()
    out = []
    for i in state.table.zones[HAND[player]]:
        if entities[i].card not in seen:
            seen.add(entities[i].card)
            out.append(i)
    return tuple(out)


# --- legal actions and applying them -------------------------------------------------------------


def legal_actions(
    state: MagicState,
    mana: ManaCounts = mana_counts,
    priority: Callable[[MagicState, int], tuple[Action, ...]] | None = None,
    combat: Combat = COMBAT,
) -> tuple[Action, ...]:
    """The decisions open now, in a stable order (``pass`` first at priority); *mana* counts
    a player's mana (:func:`~.engine.mana_counts`, or a stand-in), *priority*
    lists the priority actions (a game's memo of them, ``make_priority(mana).actions``;
    ``None``: :func:`~.priority.priority_actions`), *combat* lists the attackers and blocks
    (:data:`~.combat.COMBAT`, or a game's memo: :func:`~.combat.make_combat`)."""
    if state.lost:
        return ()
    pending = state.pending
    if pending is not None:
        if pending.player == CHANCE_PLAYER:
            return ()
        return tuple(Action(Act.CHOOSE, i) for i in range(len(pending.options)))
    if state.declaring:
        step = state.step
        if step == _ATTACKERS:
            return attack_actions(state, combat)
        if step == _BLOCKERS:
            return block_actions(state, combat)
        return tuple(Action(Act.DISCARD, i) for i in _distinct_hand(state, state.active))
    if state.to_order:
        attacker = state.to_order[0]
        orders = math.factorial(len(blockers_of(state, attacker)))
        found = []  # (a loop: a generator is a call per item)
        for k in range(orders):
            found.append(make_action(_ORDER, attacker, k))
        return tuple(found)
    if state.window:
        if priority is not None:
            return priority(state, state.holder)
        return priority_actions(state, state.holder, mana)
    return ()


def attack_actions(state: MagicState, combat: Combat = COMBAT) -> tuple[Action, ...]:
    """:func:`legal_actions` while the active player declares attackers: stop, then each
    creature that may still attack (*combat*'s candidates); a game's ``legal_actions`` calls it
    directly.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(battlefields=(("forest", "grizzly_bears"), ()), step=Step.ATTACKERS)
    >>> attack_actions(s) == legal_actions(s), len(attack_actions(s))
    (True, 2)
    """
    # (the list built by a plain loop: a comprehension is a call of its own)
    attacks = _ATTACKS
    found = [DONE_ATTACKING]
    for i in combat.candidates(state):
        found.append(attacks[i] if i < PREBUILT else Action(_ATTACK, i))
    return tuple(found)


def block_actions(state: MagicState, combat: Combat = COMBAT) -> tuple[Action, ...]:
    """:func:`legal_actions` while the defending player declares blockers: stop, then each
    (blocker, attacker) pair still open (*combat*'s list: :func:`~.combat.block_list`, or a
    game's memo of it); a game's ``legal_actions`` calls it directly."""
    return combat.block_list(state)


def apply_action(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    """*action* (assumed legal) and what it sets off at once — a pass and the automatic passes
    after it, a resolution — but not the steps that follow (the turn loop's business)."""
    return APPLY[action.kind](state, action, can_act)


# one function per kind of decision, found by a dict lookup (a ``match`` on ``Act.X`` reads an
# attribute of the enum class for every case it tries)


def _pass(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    return pass_priority(state, can_act)


def _play_land(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    # entering, the land played and the passes reset in one write, then "enters" (which reads
    # neither)
    land: EntityId = action.card  # type: ignore[assignment]  # (EntityId() is a call: ~600 ins.)
    table = entered_table(state.table, land, state.holder)
    state = fire(_land_played(state, table, True, 0), MagicEvent.ENTERS, land)
    # a land entering kills nobody, and changes no aura's share when no aura picks a land
    if state.queue or state.frames or _LANDS_SEEN:  # (else settle changes nothing)
        return settle(state, checks=False, auras=_LANDS_SEEN)
    return state


def _cast(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    return _cast_tapping(None, state, action, can_act)


def _cast_tapping(
    tapped: Tapped | None, state: MagicState, action: Action, can_act: CanAct
) -> MagicState:
    # the caster receives priority, and nearly always cannot respond to their own spell: the
    # skip-trivial rule's pass (auto's priority case) made here, not on the flow loop's next pass
    card: EntityId = action.card  # type: ignore[assignment]  # (EntityId() is a call: ~600 ins.)
    return cast_passed(state, state.holder, card, action.other, can_act, tapped)


def _activate(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    return activate(state, state.holder, EntityId(action.card), action.other)


def _attack(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    attacker: EntityId = action.card  # type: ignore[assignment]  # (EntityId() is a call)
    return _set_attackers(state, (*state.attackers, attacker))


def _attacks_declared(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    return _done_attacking(state, can_act)


def _attacks_declared_tapping(
    tapped: Tapped, state: MagicState, action: Action, can_act: CanAct
) -> MagicState:
    return _done_attacking(state, can_act, tapped)


def _block(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    # (the action's numbers are the ids: EntityId() is a call, ~600 instructions each)
    pair: tuple[EntityId, EntityId] = (action.card, action.other)  # type: ignore[assignment]
    return _set_blocks(state, (*state.blocks, pair))


def _blocks_declared(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    return after_blocks(state, can_act)


def _order(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    attacker = EntityId(action.card)
    order = damage_order(state, attacker, action.other)
    state = state.replace(orders=(*state.orders, (attacker, order)), to_order=state.to_order[1:])
    return state if state.to_order else open_window(state, can_act)


def _choose(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    state = settle(answer(state, RULES, action.card))
    if state.pending is not None:
        return state
    return open_window(state, can_act) if not state.stack else state.replace(window=True)


def _discard(state: MagicState, action: Action, can_act: CanAct) -> MagicState:
    card = EntityId(action.card)
    table = move(state.table, card, ZONES.graveyard[state.active])
    state = out_of_hand(state.replace(table=table), state.active, table.entities[card].card)
    return state.replace(declaring=hand_over(state))


Apply = Callable[[MagicState, Action, CanAct], MagicState]
"""``(state, action, can_act) -> state``: the function applying one kind of decision."""

APPLY: Final[dict[Act, Apply]] = {
    Act.PASS: _pass,
    Act.PLAY_LAND: _play_land,
    Act.CAST: _cast,
    Act.ACTIVATE: _activate,
    Act.ATTACK: _attack,
    Act.DONE_ATTACKING: _attacks_declared,
    Act.BLOCK: _block,
    Act.DONE_BLOCKING: _blocks_declared,
    Act.ORDER: _order,
    Act.CHOOSE: _choose,
    Act.DISCARD: _discard,
}
"""The function applying each kind of decision: :func:`apply_action`'s table (the turn's hot
``step`` looks it up itself, one call fewer a decision)."""
assert set(APPLY) == set(Act), "every kind of decision is applied"


def make_apply(
    tapped: Tapped | None,
) -> dict[Act, Callable[[MagicState, Action, CanAct], MagicState]]:
    """:data:`APPLY` with a game value's memo of tapped permanents (``engine.Tapped``) handed to
    the decisions that tap (casting pays, attackers declared tap); ``None``: :data:`APPLY`
    itself.

    >>> make_apply(None) is APPLY, make_apply({})[Act.PASS] is APPLY[Act.PASS]
    (True, True)
    """
    if tapped is None:
        return APPLY
    return {
        **APPLY,
        Act.CAST: partial(_cast_tapping, tapped),
        Act.DONE_ATTACKING: partial(_attacks_declared_tapping, tapped),
    }


def auto_action(state: MagicState, can_act: CanAct) -> MagicState | None:
    """The skip-trivial rule: the state after the automatic action at this decision point, or
    ``None`` when a player must decide (or does not skip).  Counted in ``autos``."""
    return auto(can_act, COMBAT, state)


def auto(can_act: CanAct, combat: Combat, state: MagicState) -> MagicState | None:
    """:func:`auto_action` with the checkers first (the turn machine binds them:
    ``partial(auto, can_act, combat)``; *combat* is :data:`~.combat.COMBAT` or a game's memo
    of its checks)."""
    if state.window and state.pending is None and not state.declaring and not state.to_order:
        # the common case first, without building anything: a priority window
        holder = state.holder
        if state.lost or not state.skip >> holder & 1 or can_act(state, holder):
            return None
        return pass_priority(state, can_act, 1)
    if state.declaring and state.pending is None and not state.lost:
        # a declaration (combat's side of forced, and its action applied, without the lookups)
        step = state.step
        if step is _ATTACKERS:
            if not state.skip >> state.active & 1 or combat.can_attack(state):
                return None
            after = _done_attacking(state, can_act)
            return _set_autos(after, after.autos + 1)
        if step is _BLOCKERS:
            if not state.skip >> (1 - state.active) & 1 or combat.can_block(state):
                return None
            after = after_blocks(state, can_act)
            return _set_autos(after, after.autos + 1)
    player = current_player(state)
    if player < 0 or not state.skip >> player & 1:
        return None
    found = forced(state, can_act, combat)
    if found is None:
        return None
    action = found[0]
    if action.kind == _PASS_KIND:
        return pass_priority(state, can_act, autos=1)
    after = apply_action(state, action, can_act)
    return _set_autos(after, after.autos + 1)


def forced(
    state: MagicState, can_act: CanAct, combat: Combat = COMBAT
) -> tuple[Action, str] | None:
    """The single legal action at this decision and the rule that leaves it alone, or ``None``
    (``Game.forced``: sessions log the rule) — without building the list of actions; *combat*
    holds the combat checks (:data:`~.combat.COMBAT`, or a game's memo of them).

    >>> from pure_engine.games.magic_lite.game import position
    >>> from pure_engine.games.magic_lite.priority import can_act
    >>> s = position(hands=((), ("shock",)), battlefields=(("forest",), ("mountain",)), skip=0)
    >>> forced(s, can_act)
    (Action(kind=<Act.PASS: 0>, card=-1, other=-1), 'cannot act')
    """
    if state.lost:
        return None
    pending = state.pending
    if pending is not None:
        return (Action(Act.CHOOSE, 0), "one option") if len(pending.options) == 1 else None
    if state.declaring:
        step = state.step
        if step == _ATTACKERS:
            return None if combat.can_attack(state) else (DONE_ATTACKING, "nothing can attack")
        if step == _BLOCKERS:
            return None if combat.can_block(state) else (DONE_BLOCKING, "nothing can block")
        hand = _distinct_hand(state, state.active)
        if len(hand) == 1:
            return Action(Act.DISCARD, hand[0]), "one card to discard"
        return None
    if state.to_order:
        return None  # two blockers or more: always at least two orders
    if state.window and not can_act(state, state.holder):
        return PASS, "cannot act"
    return None
