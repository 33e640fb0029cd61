"""The turn as a flat table, priority with a stack, and skip-trivial inside the one flow loop.

The turn is :data:`MACHINE`, a :class:`~pure_engine.core.flow.TurnMachine`
over the thirteen :class:`~pure_engine.games.magic_lite.state.Step` rows:
each row says what happens on entering it (untap, draw, combat damage, the
"at the beginning of" triggers) and which row follows (combat is skipped when
the active player has nothing able to attack and nothing triggers at the
beginning of combat; blockers and damage are skipped when nobody attacks).
:func:`step` applies a decision and calls ``MACHINE.advance``, which runs to
the next real decision in one loop.

Skip-trivial (seed 002, proposal 2) is the machine's ``auto`` rule,
:func:`auto_action`: a player with priority for whom skipping is on and who
cannot do anything but pass (:func:`can_act`, which never builds the list of
actions) passes automatically; so does a player whose only option is "done"
or a single target.  When both players skip and neither can act, a priority
window does not even open.  The counters ``ticks`` (loop passes: one per
decision), ``steps`` (step changes), ``decisions`` and ``autos`` in the
state show the effect.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Final

from pure_engine.cards import (
    CHANCE_PLAYER,
    EXHAUSTED,
    Ctx,
    EntityId,
    Frame,
    Table,
    answer,
    emit,
    is_alive,
    move,
    put,
    remove_buffs,
)
from pure_engine.cards.stack import StackItem, pop_item, push_item, start_item
from pure_engine.core.flow import FlowStep, TurnMachine
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.games.magic_lite.abilities import activate, activations, can_activate, fizzles
from pure_engine.games.magic_lite.cards import PLAYER, POOL, cost_of, is_permanent
from pure_engine.games.magic_lite.combat import (
    attack_candidates,
    block_options,
    blockers_of,
    can_attack,
    combat_damage,
    damage_orders,
    has_first_strike,
)
from pure_engine.games.magic_lite.engine import (
    NEEDS,
    RULES,
    ZONES,
    draw_cards,
    enter_battlefield,
    mana_counts,
    pay,
    settle,
)
from pure_engine.games.magic_lite.state import (
    TAPPED,
    VIGILANCE,
    Act,
    Action,
    MagicState,
    Step,
)

__all__ = [
    "MACHINE",
    "PASS",
    "auto_action",
    "can_act",
    "current_player",
    "forced",
    "legal_actions",
    "spell_targets",
    "start_turns",
    "step",
]

PASS: Final = Action(Act.PASS)
DONE_ATTACKING: Final = Action(Act.DONE_ATTACKING)
DONE_BLOCKING: Final = Action(Act.DONE_BLOCKING)
_MAINS: Final = (Step.MAIN1, Step.MAIN2)
_HAND_SIZE: Final = 7

FlowStepEnter = Callable[[MagicState], MagicState]

_LAND, _INSTANT, _SORCERY = 0, 1, 2


def _speed(types: frozenset[str]) -> int:
    if "land" in types:
        return _LAND
    return _INSTANT if "instant" in types else _SORCERY


_SPEED: Final = {key: _speed(card.types) for key, card in POOL.defs.items()}
"""When a card may be played: a land, at instant speed, or at sorcery speed (everything else)."""


# --- who decides --------------------------------------------------------------------------------


def current_player(state: MagicState) -> int:
    """The player who decides now (``TERMINAL`` once somebody lost)."""
    if state.lost:
        return TERMINAL
    pending = state.pending
    if pending is not None:
        return CHANCE if pending.player == CHANCE_PLAYER else pending.player
    if state.declaring:
        return 1 - state.active if state.step == Step.BLOCKERS else state.active
    if state.to_order:
        return state.active
    return state.holder


# --- priority -----------------------------------------------------------------------------------


def spell_targets(
    state: MagicState, card: str, source: EntityId, controller: int
) -> tuple[EntityId, ...] | None:
    """The legal targets of *card* cast by *controller* (``None``: the card has no target)."""
    selector = POOL.targets.get(card)
    if selector is None:
        return None
    entities = state.table.entities
    return tuple(
        i
        for i in selector(state.table, Ctx(source, controller))
        if i != source and is_alive(entities[i])
    )


_CASTABLE: Final = {
    key: (_SPEED[key], *NEEDS[cost_of(key)], POOL.targets.get(key))
    for key in POOL.defs
    if key != PLAYER and _SPEED[key] != _LAND
}
"""Each spell's speed, coloured needs and mana value (as :func:`can_pay` reads them) and target
selector (``None``: no target), looked up once."""

_MEMO: Final[list[tuple[object, bool, bool, bool] | None]] = [None, None]
"""The last answer of :func:`can_act` per player, with what it was computed from: the table
(held, and compared by identity: a table is immutable) and the two timing flags."""


def can_act(state: MagicState, player: int) -> bool:
    """True when *player*, holding priority, could do more than pass — decided without building
    the list of actions (a land to play, a spell they can pay for with a legal target, or an
    ability to activate: :func:`~.abilities.can_activate`).

    The answer depends on the entity table and on two flags only (sorcery timing, a land still
    playable), so the last answer per player is kept: the flow loop asks again for the same
    table at every step that changes nothing (an exact memo of a pure function)."""
    table = state.table
    hand = table.zones[ZONES.hand[player]]
    sorcery = player == state.active and state.step in _MAINS and not state.stack
    if not hand:
        return can_activate(table, player, sorcery)
    land_ok = sorcery and not state.land_played
    memo = _MEMO[player]
    if memo is not None and memo[0] is table and memo[1] == sorcery and memo[2] == land_ok:
        return memo[3]
    found = _can_act(table, player, hand, sorcery, land_ok) or can_activate(table, player, sorcery)
    _MEMO[player] = (table, sorcery, land_ok, found)
    return found


def _can_act(
    table: Table, player: int, hand: tuple[EntityId, ...], sorcery: bool, land_ok: bool
) -> bool:
    entities = table.entities
    counts: list[int] | None = None
    total = 0
    castable = _CASTABLE
    for i in hand:
        card = entities[i].card
        spell = castable.get(card)
        if spell is None:  # a land
            if land_ok:
                return True
            continue
        speed, needs, value, selector = spell
        if speed == _SORCERY and not sorcery:
            continue
        if counts is None:
            counts = mana_counts(table, player)
            total = sum(counts)
            if not total:
                if land_ok:
                    continue  # a land later in the hand may still be played
                return False
        if value > total or any(counts[color] < need for color, need in needs):
            continue
        if selector is None:
            return True
        ctx = Ctx(i, player)
        if any(t != i and is_alive(entities[t]) for t in selector(table, ctx)):
            return True
    return False


def _priority_actions(state: MagicState, player: int) -> tuple[Action, ...]:
    table = state.table
    entities = table.entities
    sorcery = player == state.active and state.step in _MAINS and not state.stack
    land_ok = sorcery and not state.land_played
    counts: list[int] | None = None
    actions = [PASS]
    seen: set[str] = set()
    castable = _CASTABLE
    for i in table.zones[ZONES.hand[player]]:
        card = entities[i].card
        if card in seen:
            continue  # copies of a card in hand are the same choice
        seen.add(card)
        spell = castable.get(card)
        if spell is None:  # a land
            if land_ok:
                actions.append(Action(Act.PLAY_LAND, i))
            continue
        speed, needs, value, selector = spell
        if speed == _SORCERY and not sorcery:
            continue
        if counts is None:
            counts = mana_counts(table, player)
        if value > sum(counts) or any(counts[color] < need for color, need in needs):
            continue
        if selector is None:
            actions.append(Action(Act.CAST, i))
            continue
        for t in selector(table, Ctx(i, player)):
            if t != i and is_alive(entities[t]):
                actions.append(Action(Act.CAST, i, t))
    actions += activations(table, player, sorcery=sorcery)
    return tuple(actions)


def _open(state: MagicState) -> MagicState:
    """Open a priority window for the active player; when both players skip trivial decisions
    and neither can act, everyone would pass: the window does not open at all."""
    if (
        state.skip == 0b11
        and not state.stack
        and not can_act(state, state.active)
        and not can_act(state, 1 - state.active)
    ):
        return state.replace(window=False, passes=0)
    return state.replace(window=True, holder=state.active, passes=0)


def _resolve(state: MagicState, item: StackItem) -> MagicState:
    frame = item.frame
    if not item.spell:  # a triggered or activated ability
        return state if fizzles(state, frame) else start_item(state, RULES, item)
    source, controller, target = frame.ctx.source, frame.ctx.controller, frame.ctx.target
    assert source is not None
    card = state.table.entities[source].card
    if target is not None and target not in (spell_targets(state, card, source, controller) or ()):
        return state  # its target is gone: countered on resolution (the card goes to the graveyard)
    if is_permanent(card):
        return enter_battlefield(state, source, controller)
    if (card, "play") in POOL.programs:
        return start_item(state, RULES, item)
    return state


def _pass(state: MagicState, autos: int = 0) -> MagicState:
    """The holder passes; then every player who skips trivial decisions and cannot act passes
    too (seed 002's inner priority loop), until somebody must decide, a resolving item asks a
    question, or the step ends.  Each automatic pass is counted in ``autos`` (*autos*: those
    the caller made already); the priority fields are written once, not once a pass."""
    passes, holder = state.passes, state.holder
    while True:
        passes += 1
        if passes < 2:  # the next player receives priority
            holder = 1 - holder
            if not state.skip >> holder & 1 or can_act(state, holder):
                return state.replace(passes=passes, holder=holder, autos=state.autos + autos)
            autos += 1
            continue
        # everybody passed in succession: the step ends, or the top of the stack resolves
        if not state.stack:
            return state.replace(
                passes=passes, holder=holder, window=False, autos=state.autos + autos
            )
        state = state.replace(passes=passes, holder=holder, autos=state.autos + autos)
        autos = 0
        state, item = pop_item(state, active=state.active)
        state = settle(_resolve(state, item))
        if state.pending is not None or state.lost:
            return state
        if state.stack:
            state = state.replace(window=True)
        else:
            state = _open(state)
            if not state.window:
                return state
        passes, holder = state.passes, state.holder
        if not state.skip >> holder & 1 or can_act(state, holder):
            return state
        autos += 1


def _cast(state: MagicState, player: int, card_id: EntityId, target: int) -> MagicState:
    card = state.table.entities[card_id].card
    state = pay(state, player, card)
    program = POOL.programs.get((card, "play"))
    regs = (0,) * program.regs if program is not None else ()
    ctx = Ctx(card_id, player, EntityId(target) if target >= 0 else None)
    state = state.replace(table=move(state.table, card_id, ZONES.stack))
    return push_item(state, StackItem(Frame(card, "play", 0, ctx, regs), spell=True))


# --- combat and cleanup decisions ----------------------------------------------------------------


def _done_attacking(state: MagicState) -> MagicState:
    table = state.table
    for a in state.attackers:
        e = table.entities[a]
        if not e.tags & VIGILANCE:
            table = put(table, e.replace(status=e.status | TAPPED))
    state = state.replace(table=table, declaring=False)
    for a in state.attackers:
        state = emit(state, RULES, "attacks", a)
    return _open(settle(state, checks=False))


def _after_blocks(state: MagicState) -> MagicState:
    multi = tuple(a for a in state.attackers if len(blockers_of(state, a)) > 1)
    state = state.replace(declaring=False, to_order=multi)
    return state if multi else _open(state)


def _hand_over(state: MagicState) -> bool:
    return len(state.table.zones[ZONES.hand[state.active]]) > _HAND_SIZE


def _distinct_hand(state: MagicState, player: int) -> tuple[EntityId, ...]:
    entities = state.table.entities
    seen: set[str] = set()
    out = []
    for i in state.table.zones[ZONES.hand[player]]:
        if entities[i].card not in seen:
            seen.add(entities[i].card)
            out.append(i)
    return tuple(out)


# --- legal actions and applying them -------------------------------------------------------------


def legal_actions(state: MagicState) -> tuple[Action, ...]:
    """The decisions open now, in a stable order (``pass`` first at priority)."""
    if state.lost:
        return ()
    pending = state.pending
    if pending is not None:
        if pending.player == CHANCE_PLAYER:
            return ()
        return tuple(Action(Act.CHOOSE, i) for i in range(len(pending.options)))
    if state.declaring:
        match state.step:
            case Step.ATTACKERS:
                cands = attack_candidates(state)
                return (DONE_ATTACKING, *(Action(Act.ATTACK, i) for i in cands))
            case Step.BLOCKERS:
                pairs = block_options(state)
                return (DONE_BLOCKING, *(Action(Act.BLOCK, b, a) for b, a in pairs))
            case _:
                return tuple(Action(Act.DISCARD, i) for i in _distinct_hand(state, state.active))
    if state.to_order:
        attacker = state.to_order[0]
        orders = damage_orders(state, attacker)
        return tuple(Action(Act.ORDER, attacker, k) for k in range(len(orders)))
    if state.window:
        return _priority_actions(state, state.holder)
    return ()


def _apply(state: MagicState, action: Action) -> MagicState:
    match action.kind:
        case Act.PASS:
            return _pass(state)
        case Act.PLAY_LAND:
            state = enter_battlefield(state, EntityId(action.card), state.holder)
            return settle(state.replace(land_played=True, passes=0), checks=False)
        case Act.CAST:
            return _cast(state, state.holder, EntityId(action.card), action.other)
        case Act.ACTIVATE:
            return activate(state, state.holder, EntityId(action.card), action.other)
        case Act.ATTACK:
            return state.replace(attackers=(*state.attackers, EntityId(action.card)))
        case Act.DONE_ATTACKING:
            return _done_attacking(state)
        case Act.BLOCK:
            pair = (EntityId(action.card), EntityId(action.other))
            return state.replace(blocks=(*state.blocks, pair))
        case Act.DONE_BLOCKING:
            return _after_blocks(state)
        case Act.ORDER:
            attacker = EntityId(action.card)
            order = damage_orders(state, attacker)[action.other]
            state = state.replace(
                orders=(*state.orders, (attacker, order)), to_order=state.to_order[1:]
            )
            return state if state.to_order else _open(state)
        case Act.CHOOSE:
            state = settle(answer(state, RULES, action.card))
            if state.pending is not None:
                return state
            return _open(state) if not state.stack else state.replace(window=True)
        case Act.DISCARD:
            card = EntityId(action.card)
            table = move(state.table, card, ZONES.graveyard[state.active])
            state = state.replace(table=table)
            return state.replace(declaring=_hand_over(state))


def auto_action(state: MagicState) -> MagicState | None:
    """The skip-trivial rule: the state after the automatic action at this decision point, or
    ``None`` when a player must decide (or does not skip).  Counted in ``autos``."""
    player = current_player(state)
    if player < 0 or not state.skip >> player & 1:
        return None
    found = forced(state)
    if found is None:
        return None
    action = found[0]
    if action.kind == Act.PASS:
        return _pass(state, autos=1)
    after = _apply(state, action)
    return after.replace(autos=after.autos + 1)


def forced(state: MagicState) -> tuple[Action, str] | None:
    """The single legal action at this decision and the rule that leaves it alone, or ``None``
    (``Game.forced``: sessions log the rule) — without building the list of actions.

    >>> from pure_engine.games.magic_lite.game import position
    >>> forced(position(hands=((), ("shock",)), battlefields=(("forest",), ("mountain",)), skip=0))
    (Action(kind=<Act.PASS: 0>, card=-1, other=-1), 'cannot act')
    """
    if state.lost:
        return None
    pending = state.pending
    if pending is not None:
        return (Action(Act.CHOOSE, 0), "one option") if len(pending.options) == 1 else None
    if state.declaring:
        match state.step:
            case Step.ATTACKERS:
                return None if attack_candidates(state) else (DONE_ATTACKING, "nothing can attack")
            case Step.BLOCKERS:
                return None if block_options(state) else (DONE_BLOCKING, "nothing can block")
            case _:
                hand = _distinct_hand(state, state.active)
                if len(hand) == 1:
                    return Action(Act.DISCARD, hand[0]), "one card to discard"
                return None
    if state.to_order:
        return None  # two blockers or more: always at least two orders
    if state.window and not can_act(state, state.holder):
        return PASS, "cannot act"
    return None


def step(state: MagicState, action: Action) -> MagicState:
    """Apply *action* (assumed legal), then run the turn to the next real decision."""
    run = MACHINE.advance(_apply(state, action))
    s = run.state
    return s.replace(ticks=s.ticks + 1, steps=s.steps + run.steps, decisions=s.decisions + 1)


# --- the turn table -------------------------------------------------------------------------------


def _untap(state: MagicState) -> MagicState:
    table = state.table
    for i in table.zones[ZONES.battlefield[state.active]]:
        e = table.entities[i]
        if e.status & (TAPPED | EXHAUSTED):
            table = put(table, e.replace(status=e.status & ~(TAPPED | EXHAUSTED)))
    return state.replace(table=table, land_played=False)


def _at_beginning(event: str) -> FlowStepEnter:
    def enter(state: MagicState) -> MagicState:
        you = state.table.zones[ZONES.player[state.active]][0]
        after = emit(state, RULES, event, you)
        return _open(state if after is state else settle(after, checks=False))

    return enter


def _draw(state: MagicState) -> MagicState:
    if state.turn == 1:
        return _open(state)  # the player who goes first skips their first draw (rule 103.8a)
    return _open(draw_cards(state, state.active, 1))  # an empty library: lost, set by the draw


def _declare_attackers(state: MagicState) -> MagicState:
    if attack_candidates(state):
        return state.replace(declaring=True, attackers=())
    return _open(state)


def _declare_blockers(state: MagicState) -> MagicState:
    if block_options(state):
        return state.replace(declaring=True)
    return _after_blocks(state)


def _damage(first_strike: bool) -> FlowStepEnter:
    def enter(state: MagicState) -> MagicState:
        return _open(settle(combat_damage(state, first_strike=first_strike)))

    return enter


def _end_combat(state: MagicState) -> MagicState:
    return state.replace(attackers=(), blocks=(), orders=(), to_order=())


def _cleanup(state: MagicState) -> MagicState:
    return state.replace(declaring=_hand_over(state), window=False)


def _next_turn(state: MagicState) -> MagicState:
    """Damage wears off and "until end of turn" effects end (rule 514.2); the other player's
    turn begins."""
    table = state.table
    for p in (0, 1):
        for i in table.zones[ZONES.battlefield[p]]:
            e = table.entities[i]
            if e.damage:
                table = put(table, e.replace(damage=0))
            if e.buffs and any(b.one_turn for b in e.buffs):
                table = remove_buffs(table, i, lambda b: b.one_turn)
                e = table.entities[i]
                # keywords a one-turn effect gave go too (the kit's remove_buffs keeps tags):
                # printed keywords, and those of the buffs that stay (auras)
                tags = POOL.defs[e.card].tags
                for buff in e.buffs:
                    tags |= buff.tags
                if tags != e.tags:
                    table = put(table, e.replace(tags=tags))
    return state.replace(table=table, active=1 - state.active, turn=state.turn + 1)


def _listens(state: MagicState, event: str) -> bool:
    cards = POOL.listeners.get(event)
    if not cards:
        return False
    entities = state.table.entities
    for i in state.table.zones[ZONES.battlefield[state.active]]:
        if entities[i].card in cards:
            return True
    return False


def _quiet(state: MagicState, event: str) -> bool:
    """True when a step with priority would do nothing: both players skip trivial decisions,
    nothing of the active player's triggers then, and neither player can act."""
    return (
        state.skip == 0b11
        and not _listens(state, event)
        and not can_act(state, state.active)
        and not can_act(state, 1 - state.active)
    )


def _after_untap(state: MagicState) -> Step:
    """An upkeep with nothing to do is not entered (seed 002, proposal 4, for every step)."""
    return Step.DRAW if _quiet(state, "upkeep") else Step.UPKEEP


def _after_main1(state: MagicState) -> Step:
    """Combat is skipped when nothing can attack and nothing triggers at its beginning (seed
    002, proposal 4) — only when both players skip trivial decisions, as the combat's priority
    windows would all be passes; a quiet beginning of combat is not entered."""
    if state.skip == 0b11 and not can_attack(state) and not _listens(state, "begin_combat"):
        return Step.MAIN2
    return Step.ATTACKERS if _quiet(state, "begin_combat") else Step.BEGIN_COMBAT


def _after_attackers(state: MagicState) -> Step:
    if state.attackers:
        return Step.BLOCKERS
    return Step.MAIN2 if _quiet(state, "") else Step.END_COMBAT


def _after_damage(state: MagicState) -> Step:
    return Step.MAIN2 if _quiet(state, "") else Step.END_COMBAT


def _after_main2(state: MagicState) -> Step:
    return Step.CLEANUP if _quiet(state, "end_step") else Step.END


def _main2(state: MagicState) -> MagicState:
    return _open(_end_combat(state) if state.attackers or state.blocks else state)


def _after_blockers(state: MagicState) -> Step:
    return Step.FIRST_STRIKE_DAMAGE if has_first_strike(state) else Step.DAMAGE


def _decides(state: MagicState) -> bool:
    return state.pending is not None or state.declaring or bool(state.to_order) or state.window


MACHINE: Final[TurnMachine[MagicState, Step]] = TurnMachine(
    steps={
        Step.UNTAP: FlowStep(Step.UNTAP, _after_untap, _untap),
        Step.UPKEEP: FlowStep(Step.UPKEEP, Step.DRAW, _at_beginning("upkeep"), _decides),
        Step.DRAW: FlowStep(Step.DRAW, Step.MAIN1, _draw, _decides),
        Step.MAIN1: FlowStep(Step.MAIN1, _after_main1, _open, _decides),
        Step.BEGIN_COMBAT: FlowStep(
            Step.BEGIN_COMBAT, Step.ATTACKERS, _at_beginning("begin_combat"), _decides
        ),
        Step.ATTACKERS: FlowStep(Step.ATTACKERS, _after_attackers, _declare_attackers, _decides),
        Step.BLOCKERS: FlowStep(Step.BLOCKERS, _after_blockers, _declare_blockers, _decides),
        Step.FIRST_STRIKE_DAMAGE: FlowStep(
            Step.FIRST_STRIKE_DAMAGE, Step.DAMAGE, _damage(True), _decides
        ),
        Step.DAMAGE: FlowStep(Step.DAMAGE, _after_damage, _damage(False), _decides),
        Step.END_COMBAT: FlowStep(Step.END_COMBAT, Step.MAIN2, _open, _decides, _end_combat),
        Step.MAIN2: FlowStep(Step.MAIN2, _after_main2, _main2, _decides),
        Step.END: FlowStep(Step.END, Step.CLEANUP, _at_beginning("end_step"), _decides),
        Step.CLEANUP: FlowStep(Step.CLEANUP, Step.UNTAP, _cleanup, _decides, _next_turn),
    },
    get_step=attrgetter("step"),  # C getters: the loop calls them at every pass
    set_step=lambda state, name: state.replace(step=name),
    is_over=attrgetter("lost"),  # the bit set of players who lost: non-zero once it is over
    auto=auto_action,
)
"""The turn of magic_lite: one row per step, one loop (``MACHINE.advance``)."""


def start_turns(state: MagicState) -> MagicState:
    """From a fresh deal (step ``UNTAP`` of turn 1), run to the first decision."""
    run = MACHINE.advance(_untap(state))
    return run.state.replace(ticks=1, steps=run.steps)
