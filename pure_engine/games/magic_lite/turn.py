"""The turn of magic_lite (rule 500), as one flat table read top to bottom.

Each row of :func:`turn_table` is a step of the turn: what happens on entering it (untap, draw,
combat damage, the "at the beginning of" triggers), whether a player decides there (a priority
window open, a choice pending, a declaration or a damage order to give), and which step
follows.  :data:`step` is the game's transition, a :class:`~pure_engine.core.pipeline.Pipeline` as
skirmish's is: the decision is applied (:func:`~.actions.apply_action`), then the turn runs to
the next decision a player must really make (``TurnMachine.tick``), taking on the way the
decisions of players who skip trivial ones (:func:`~.actions.auto`: a priority pass when they
cannot act, "done" when nothing can attack or block).

Skip-trivial also shortens the turn: when both players skip and neither could act, a priority
window does not open (:func:`~.priority.open_window`), and a step where nothing would happen
is not entered (the upkeep and the end step without a trigger, the beginning and the end of
combat, combat itself when nothing can attack).  The counters ``ticks`` (one per decision),
``steps`` (step changes), ``decisions`` and ``autos`` in the state show the effect.
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards.runtime import EXHAUSTED, Entity, one_turn, put_all, unenchanted
from pure_engine.core.flow import FlowStep, TurnMachine
from pure_engine.core.pipeline import Pass, Pipeline
from pure_engine.games.magic_lite.actions import after_blocks, apply_action, auto, hand_over
from pure_engine.games.magic_lite.cards import POOL
from pure_engine.games.magic_lite.combat import (
    can_attack,
    can_block,
    combat_damage,
    has_first_strike,
)
from pure_engine.games.magic_lite.engine import BATTLEFIELD, ZONES, draw_cards, fire, settle
from pure_engine.games.magic_lite.priority import everyone_passes, open_window
from pure_engine.games.magic_lite.state import TAPPED, Action, MagicEvent, MagicState, Step

__all__ = ["TURN", "enter", "start_turns", "step", "turn_table"]


def turn_table() -> TurnMachine[MagicState, Step]:
    """The turn: one row per step, in order (rules 501-514): the step, the one that follows, who
    decides there, and what happens on entering it, which sets the step in that same write of
    the state (a window step set, then opened, was two writes: 159.0 M -> 156.7 M instructions
    on ``magic``, compiled)."""
    rows = (
        FlowStep(Step.UNTAP, _after_untap, decides=_opening, enter_at=_untap),
        FlowStep(Step.UPKEEP, Step.DRAW, decides=decides, enter_at=_upkeep),
        FlowStep(Step.DRAW, Step.MAIN1, decides=decides, enter_at=_draw),
        FlowStep(Step.MAIN1, _after_main1, decides=decides, enter_at=open_window),
        FlowStep(Step.BEGIN_COMBAT, Step.ATTACKERS, decides=decides, enter_at=_begin_combat),
        FlowStep(Step.ATTACKERS, _after_attackers, decides=decides, enter_at=_attackers),
        FlowStep(Step.BLOCKERS, _after_blockers, decides=decides, enter_at=_blockers),
        FlowStep(Step.FIRST_STRIKE_DAMAGE, Step.DAMAGE, decides=decides, enter_at=_first_strike),
        FlowStep(Step.DAMAGE, _after_damage, decides=decides, enter_at=_damage),
        FlowStep(Step.END_COMBAT, Step.MAIN2, decides=decides, enter_at=open_window),
        FlowStep(Step.MAIN2, _after_main2, decides=decides, enter_at=_main2),
        FlowStep(Step.END, Step.CLEANUP, decides=decides, enter_at=_end_step),
        FlowStep(Step.CLEANUP, Step.UNTAP, decides=decides, leave=_end_turn, enter_at=_cleanup),
    )
    return TurnMachine(
        steps={row.name: row for row in rows},
        get_step=_get_step,
        set_step=_set_step,
        is_over=_is_over,
        auto=auto,
    )


def decides(state: MagicState) -> bool:
    """True when a player decides here: a priority window open, a choice pending, attackers,
    blockers or a discard being declared, or an attacker's blockers to order."""
    return state.window or state.pending is not None or state.declaring or bool(state.to_order)


def _opening(state: MagicState) -> bool:
    """True while the opening hands are decided (the mulligan, before the first turn's untap
    step ends)."""
    return state.mulligan is not None


def _get_step(state: MagicState) -> Step:
    return state.step


def _set_step(state: MagicState, name: Step) -> MagicState:
    """The next step begins (counted in ``steps`` when the turn's run ends: :func:`_run`)."""
    return state.replace(step=name)


def _is_over(state: MagicState) -> bool:
    return bool(state.lost)


# --- beginning phase (rules 502-504) ----------------------------------------------------------


def _untap(state: MagicState, name: Step) -> MagicState:
    """The untap step begins: the active player's permanents untap, and their creatures are no
    longer summoning sick (rule 502.3)."""
    entities = state.table.entities
    ready = []
    for i in state.table.zones[BATTLEFIELD[state.active]]:
        e = entities[i]
        if e.status & (TAPPED | EXHAUSTED):
            ready.append(e.replace(status=e.status & ~(TAPPED | EXHAUSTED)))
    return state.replace(step=name, table=put_all(state.table, ready))


def _at_beginning(state: MagicState, name: Step, event: MagicEvent) -> MagicState:
    """Step *name* begins: the "at the beginning of" triggers of *event* go on the stack, and
    priority opens."""
    you = state.table.zones[ZONES.player[state.active]][0]
    return open_window(settle(fire(state, event, you)), name)


def _upkeep(state: MagicState, name: Step) -> MagicState:
    return _at_beginning(state, name, MagicEvent.UPKEEP)


def _draw(state: MagicState, name: Step) -> MagicState:
    """The active player draws a card (rule 504.1) — but the player who goes first skips their
    first draw (rule 103.8a)."""
    if state.turn > 1:
        state = draw_cards(state, state.active, 1)
    return open_window(state, name)


def _after_untap(state: MagicState) -> Step:
    return Step.DRAW if _quiet(state, Step.UPKEEP, MagicEvent.UPKEEP) else Step.UPKEEP


# --- main phase and combat (rules 505-511) -----------------------------------------------------


def _after_main1(state: MagicState) -> Step:
    """Combat is skipped when nothing can attack and nothing triggers at its beginning — only
    when both players skip trivial decisions, as its priority windows would all be passes."""
    event = MagicEvent.BEGIN_COMBAT
    if state.skip == 0b11 and not can_attack(state) and not _listens(state, event):
        return Step.MAIN2
    return Step.ATTACKERS if _quiet(state, Step.BEGIN_COMBAT, event) else Step.BEGIN_COMBAT


def _begin_combat(state: MagicState, name: Step) -> MagicState:
    return _at_beginning(state, name, MagicEvent.BEGIN_COMBAT)


def _attackers(state: MagicState, name: Step) -> MagicState:
    """The active player declares attackers (rule 508), when a creature can attack."""
    if can_attack(state):
        return state.replace(step=name, declaring=True, attackers=())
    return open_window(state, name)


def _after_attackers(state: MagicState) -> Step:
    if state.attackers:
        return Step.BLOCKERS
    return Step.MAIN2 if _quiet(state, Step.END_COMBAT, None) else Step.END_COMBAT


def _blockers(state: MagicState, name: Step) -> MagicState:
    """The defending player declares blockers (rule 509), when a creature can block."""
    if can_block(state):
        return state.replace(step=name, declaring=True)
    return after_blocks(_set_step(state, name))


def _after_blockers(state: MagicState) -> Step:
    """A first strike damage step when a creature in combat has first strike (rule 510.4)."""
    return Step.FIRST_STRIKE_DAMAGE if has_first_strike(state) else Step.DAMAGE


def _first_strike(state: MagicState, name: Step) -> MagicState:
    return open_window(settle(combat_damage(state, first_strike=True)), name)


def _damage(state: MagicState, name: Step) -> MagicState:
    return open_window(settle(combat_damage(state, first_strike=False)), name)


def _after_damage(state: MagicState) -> Step:
    return Step.MAIN2 if _quiet(state, Step.END_COMBAT, None) else Step.END_COMBAT


def _main2(state: MagicState, name: Step) -> MagicState:
    """Combat is over (rule 511.3): its attackers and blockers, if any, are forgotten."""
    if state.attackers:
        state = state.replace(step=name, attackers=(), blocks=(), orders=(), to_order=())
    return open_window(state, name)


def _after_main2(state: MagicState) -> Step:
    return Step.CLEANUP if _quiet(state, Step.END, MagicEvent.END_STEP) else Step.END


# --- ending phase (rules 513-514) --------------------------------------------------------------


def _end_step(state: MagicState, name: Step) -> MagicState:
    return _at_beginning(state, name, MagicEvent.END_STEP)


def _cleanup(state: MagicState, name: Step) -> MagicState:
    """The active player discards down to seven cards (rule 514.1); no priority here."""
    return state.replace(step=name, declaring=hand_over(state), window=False)


def _end_turn(state: MagicState) -> MagicState:
    """Damage wears off and "until end of turn" effects end (rule 514.2), and the other player's
    turn begins."""
    entities, zones = state.table.entities, state.table.zones
    worn = []
    for zone in (*BATTLEFIELD, *ZONES.player):
        for i in zones[zone]:
            before = entities[i]
            e = _worn(before)
            if e is not before:
                worn.append(e)
    return state.replace(
        table=put_all(state.table, worn),
        active=1 - state.active,
        turn=state.turn + 1,
        land_played=False,
    )


def _worn(e: Entity) -> Entity:
    """*e* with its damage worn off, its prevention shields ("this turn": Healing Salve) gone and
    its "until end of turn" buffs ended, with the keywords they gave (those it prints and those
    of the buffs that stay, auras', are kept: the kit's ``unenchanted``)."""
    if e.buffs:  # without buffs nothing ends (no card lookup, no kit call for most entities)
        e = unenchanted(e, POOL.defs[e.card].tags, one_turn)
    return e.replace(damage=0, armor=0) if e.damage or e.armor else e


# --- the steps where nothing would happen --------------------------------------------------------


def _listens(state: MagicState, event: MagicEvent | None) -> bool:
    """True when a permanent of the active player listens to *event* ("at the beginning of your
    upkeep"); ``None``: no event.  An event no card of the game listens to is not looked for."""
    if event is None or event in state.cards.unheard:
        return False
    cards = POOL.listeners[event].by_card if event in POOL.listeners else {}
    entities = state.table.entities
    return any(entities[i].card in cards for i in state.table.zones[BATTLEFIELD[state.active]])


def _quiet(state: MagicState, step: Step, event: MagicEvent | None) -> bool:
    """True when *step*, a step with priority, would do nothing: both players skip trivial
    decisions, nothing of the active player's triggers at *event*, and neither player can act
    there (asked of a main phase, a card that waits for sorcery timing made the beginning of
    combat and the end step look busy)."""
    return not _listens(state, event) and everyone_passes(state, step)


# --- the transition ------------------------------------------------------------------------------

TURN: Final = turn_table()


def _run(state: MagicState, decided: int) -> MagicState:
    """The turn runs to the next decision a player must really make, or to the game's end, after
    *decided* decisions (1 after a player's, 0 from a deal): one pass of the flow loop, counted
    in ``ticks``, with the step changes and automatic actions it made on the way (``steps``,
    ``autos``), all in one write of the state (an automatic action counted as it was applied
    was a write of its own, 724 of ~17 100 per 20 games: 171.3 M -> 169.6 M instructions on
    ``magic``, compiled)."""
    reached, steps, autos = TURN.tick(state)
    return reached.replace(
        ticks=reached.ticks + 1,
        steps=reached.steps + steps,
        decisions=reached.decisions + decided,
        autos=reached.autos + autos,
    )


def _to_next_decision(state: MagicState) -> MagicState:
    """After a player's decision, the turn runs to the next one."""
    return _run(state, 1)


step: Final[Pipeline[MagicState, Action]] = Pipeline(
    apply_action, (Pass("turn", _to_next_decision),)
)
"""Apply *action* (assumed legal), then run the turn to the next real decision."""


def start_turns(state: MagicState) -> MagicState:
    """From a fresh deal (step ``UNTAP`` of turn 1), run to the first decision."""
    return _run(_untap(state, Step.UNTAP), 0)


def enter(state: MagicState) -> MagicState:
    """Enter *state*'s step (its entering actions: a position set up at that step) and run to
    the first decision."""
    entering = TURN.steps[state.step].enter_at  # (every step of the table has one)
    return _run(state if entering is None else entering(state, state.step), 0)
