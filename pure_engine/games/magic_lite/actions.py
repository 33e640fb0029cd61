"""The decisions: who decides, the legal actions, applying one, and the skip-trivial rule.

A decision is one small :class:`~pure_engine.games.magic_lite.state.Action`: pass, play a land,
cast, activate an ability, declare an attacker or a blocker (or stop), order an attacker's
blockers, answer a pending choice, discard in cleanup — and before the first turn, with the
mulligan, keep or mulligan an opening hand and put cards on the bottom (:mod:`~.mulligan`).
:func:`legal_actions` lists them; :func:`apply_action` applies one (what the turn does next
is :mod:`~.turn`'s business).

Skip-trivial: :func:`forced` names the single legal action of a decision and the rule that
leaves it alone, without building the list, and :func:`auto` — the turn machine's ``auto``
rule — applies it for a player who skips trivial decisions.
"""

from __future__ import annotations

import math
from typing import Final

from pure_engine.cards.runtime import CHANCE_PLAYER, EntityId, answer, move, put_all
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.games.magic_lite.abilities import activate
from pure_engine.games.magic_lite.combat import (
    DONE_BLOCKING,
    attack_candidates,
    block_list,
    blockers_of,
    can_attack,
    can_block,
    damage_order,
)
from pure_engine.games.magic_lite.engine import HAND, RULES, ZONES, entered_table, fire, settle
from pure_engine.games.magic_lite.mulligan import bottomed, declared, opener, opening_actions
from pure_engine.games.magic_lite.priority import (
    PASS,
    can_act,
    cast,
    open_window,
    pass_priority,
    priority_actions,
)
from pure_engine.games.magic_lite.state import (
    TAPPED,
    VIGILANCE,
    Act,
    Action,
    MagicEvent,
    MagicState,
    Step,
)

__all__ = [
    "DONE_ATTACKING",
    "DONE_BLOCKING",
    "after_blocks",
    "apply_action",
    "auto",
    "current_player",
    "forced",
    "hand_over",
    "legal_actions",
]

DONE_ATTACKING: Final = Action(Act.DONE_ATTACKING)
_HAND_SIZE: Final = 7


def current_player(state: MagicState) -> int:
    """The player who decides now (``TERMINAL`` once somebody lost)."""
    if state.lost:
        return TERMINAL
    pending = state.pending
    if pending is not None:
        return CHANCE if pending.player == CHANCE_PLAYER else pending.player
    if state.mulligan is not None:
        return opener(state)
    if state.declaring:
        return 1 - state.active if state.step == Step.BLOCKERS else state.active
    if state.to_order:
        return state.active
    return state.holder


def hand_over(state: MagicState) -> bool:
    """True when the active player holds more than seven cards (cleanup: discard, rule 514.1)."""
    return len(state.table.zones[HAND[state.active]]) > _HAND_SIZE


def _distinct_hand(state: MagicState, player: int) -> tuple[EntityId, ...]:
    """*player*'s hand, one card of each name (copies of a card are the same choice)."""
    entities = state.table.entities
    first: dict[str, EntityId] = {}
    for i in state.table.zones[HAND[player]]:
        first.setdefault(entities[i].card, i)
    return tuple(first.values())


# --- the legal actions ---------------------------------------------------------------------------


def legal_actions(state: MagicState) -> tuple[Action, ...]:
    """The decisions open now, in a stable order (``pass`` first at priority, ``done`` first in
    a declaration).

    >>> from pure_engine.games.magic_lite.rules import action_to_str, position
    >>> s = position(battlefields=(("forest", "grizzly_bears"), ()), step=Step.ATTACKERS)
    >>> [action_to_str(s, a) for a in legal_actions(s)]
    ['done', 'attack Grizzly Bears']
    """
    if state.lost:
        return ()
    pending = state.pending
    if pending is not None:
        if pending.player == CHANCE_PLAYER:
            return ()
        return tuple(Action(Act.CHOOSE, i) for i in range(len(pending.options)))
    if state.mulligan is not None:
        return opening_actions(state)
    if state.declaring:
        if state.step == Step.ATTACKERS:
            return (DONE_ATTACKING, *[Action(Act.ATTACK, i) for i in attack_candidates(state)])
        if state.step == Step.BLOCKERS:
            return block_list(state)
        return tuple(Action(Act.DISCARD, i) for i in _distinct_hand(state, state.active))
    if state.to_order:
        attacker = state.to_order[0]
        orders = math.factorial(len(blockers_of(state, attacker)))
        return tuple(Action(Act.ORDER, attacker, k) for k in range(orders))
    if state.window:
        return priority_actions(state, state.holder)
    return ()


def forced(state: MagicState) -> tuple[Action, str] | None:
    """The single legal action at this decision and the rule that leaves it alone, or ``None``
    (``Game.forced``: sessions log the rule) — without building the list of actions.

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(hands=((), ("shock",)), battlefields=(("forest",), ("mountain",)), skip=0)
    >>> forced(s)
    (Action(kind=<Act.PASS: 0>, card=-1, other=-1, mode=0), 'cannot act')
    """
    if state.lost:
        return None
    pending = state.pending
    if pending is not None:
        return (Action(Act.CHOOSE, 0), "one option") if len(pending.options) == 1 else None
    if state.mulligan is not None:
        opening = opening_actions(state)
        return (opening[0], "one option") if len(opening) == 1 else None
    if state.declaring:
        if state.step == Step.ATTACKERS:
            return None if can_attack(state) else (DONE_ATTACKING, "nothing can attack")
        if state.step == Step.BLOCKERS:
            return None if can_block(state) else (DONE_BLOCKING, "nothing can block")
        hand = _distinct_hand(state, state.active)
        return (Action(Act.DISCARD, hand[0]), "one card to discard") if len(hand) == 1 else None
    if state.to_order:
        return None  # two blockers or more: always at least two orders
    if state.window and not can_act(state, state.holder):
        return PASS, "cannot act"
    return None


def auto(state: MagicState) -> MagicState | None:
    """The skip-trivial rule (the turn machine's ``auto``): the state after the :func:`forced`
    action of a player who skips trivial decisions (the turn's run counts it in ``autos``);
    ``None`` when a player must decide (or does not skip)."""
    player = current_player(state)
    if player < 0 or not state.skip >> player & 1:
        return None
    found = forced(state)
    if found is None:
        return None
    return apply_action(state, found[0])


# --- applying a decision -------------------------------------------------------------------------


def apply_action(state: MagicState, action: Action) -> MagicState:
    """*action* (assumed legal) and what it sets off at once — a pass and the automatic passes
    after it, a resolution — but not the steps that follow (the turn loop's business)."""
    match action.kind:
        case Act.PASS:
            return pass_priority(state)
        case Act.PLAY_LAND:
            return _play_land(state, EntityId(action.card))
        case Act.CAST:
            return cast(state, state.holder, EntityId(action.card), action.other, action.mode)
        case Act.ACTIVATE:
            return activate(state, state.holder, EntityId(action.card), action.other)
        case Act.ATTACK:
            return state.replace(attackers=(*state.attackers, EntityId(action.card)))
        case Act.DONE_ATTACKING:
            return _attackers_declared(state)
        case Act.BLOCK:
            block = (EntityId(action.card), EntityId(action.other))
            return state.replace(blocks=(*state.blocks, block))
        case Act.DONE_BLOCKING:
            return after_blocks(state)
        case Act.ORDER:
            return _order(state, EntityId(action.card), action.other)
        case Act.CHOOSE:
            return _choose(state, action.card)
        case Act.DISCARD:
            return _discard(state, EntityId(action.card))
        case Act.KEEP | Act.MULLIGAN:
            return declared(state, mulligan=action.kind == Act.MULLIGAN)
        case Act.BOTTOM:
            return bottomed(state, EntityId(action.card))


def _play_land(state: MagicState, land: EntityId) -> MagicState:
    """A special action (rule 305.1): the land enters, the player keeps priority."""
    table = entered_table(state.table, land, state.holder)
    state = state.replace(table=table, land_played=True, passes=0)
    return settle(fire(state, MagicEvent.ENTERS, land))


def _attackers_declared(state: MagicState) -> MagicState:
    """The attackers tap (but those with vigilance), their "attacks" triggers fire (rule 508.1f,
    508.3a), and the active player receives priority."""
    entities = state.table.entities
    tapped = []
    for a in state.attackers:
        e = entities[a]
        if not e.tags & VIGILANCE:
            tapped.append(e.replace(status=e.status | TAPPED))
    state = state.replace(table=put_all(state.table, tapped), declaring=False)
    for a in state.attackers:
        state = fire(state, MagicEvent.ATTACKS, a)
    return open_window(settle(state), Step.ATTACKERS)


def after_blocks(state: MagicState) -> MagicState:
    """Blockers are declared: the attackers with several blockers wait for their damage order
    (rule 509.2), or priority opens."""
    multi = tuple(a for a in state.attackers if len(blockers_of(state, a)) > 1)
    state = state.replace(declaring=False, to_order=multi)
    return state if multi else open_window(state, state.step)


def _order(state: MagicState, attacker: EntityId, index: int) -> MagicState:
    order = damage_order(state, attacker, index)
    state = state.replace(orders=(*state.orders, (attacker, order)), to_order=state.to_order[1:])
    return state if state.to_order else open_window(state, state.step)


def _choose(state: MagicState, option: int) -> MagicState:
    state = settle(answer(state, RULES, option))
    if state.pending is not None:
        return state
    return open_window(state, state.step) if not state.stack else state.replace(window=True)


def _discard(state: MagicState, card: EntityId) -> MagicState:
    table = move(state.table, card, ZONES.graveyard[state.active])
    state = state.replace(table=table)
    return state.replace(declaring=hand_over(state))
