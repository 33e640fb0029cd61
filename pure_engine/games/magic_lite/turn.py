"""The turn as a flat table, and skip-trivial inside the one flow loop.

The turn is a :class:`~pure_engine.core.flow.TurnMachine` over the thirteen
:class:`~pure_engine.games.magic_lite.state.Step` rows: each row says what
happens on entering it (untap, draw, combat damage, the "at the beginning of"
triggers) and which row follows (combat is skipped when the active player has
nothing able to attack and nothing triggers at the beginning of combat;
blockers and damage are skipped when nobody attacks).  A decision is applied
(:func:`~pure_engine.games.magic_lite.actions.apply_action`), then the flow
loop runs to the next real decision: in :func:`step`, magic_lite's own copy of
``TurnMachine.tick`` (:func:`~.loop.stepper`: the rows indexed by the step, ``decides``
inlined), and the cleanup's row enters the next turn's untap, upkeep or draw
and main 1 itself when nothing stops it there (``_turn_over_at``), counting the
step changes the loop would have counted.  ``make_turn(fused=False)`` keeps the
generic loop and every row by itself: tests/test_magic_lite_flow.py compares
the two on random games.

Skip-trivial (seed 002, proposal 2) is the machine's ``auto`` rule
(:func:`~pure_engine.games.magic_lite.actions.auto_action`); when both
players skip and neither can act, a priority window does not even open, and
a step where nothing would happen is not entered.  The counters ``ticks``
(loop passes: one per decision), ``steps`` (step changes), ``decisions`` and
``autos`` in the state show the effect.

Inside one :func:`step`, the decision and the turn after it write one private
draft of the state in place (:class:`~pure_engine.games.magic_lite.state.Draft`,
through the setters of :func:`~pure_engine.games.magic_lite.state.writer`),
frozen once at the end: a decision writes the state ~5 times, and a new
27-slot tuple per write cost more than the copy in and out.  The draft never
leaves ``step``.

Every rule here that asks "can this player act?" takes the checker
(:data:`~pure_engine.games.magic_lite.priority.CanAct`); :func:`make_turn`
builds the machine and the turn functions around one checker, so a game
value (``make_game``) owns its memo of the check.  :data:`TURN` is the same
built on the plain :func:`~pure_engine.games.magic_lite.priority.can_act`
(no memo), for positions and tests.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from operator import attrgetter
from typing import Final

from immutables import Map

from pure_engine.cards.runtime import (
    DOOMED,
    EXHAUSTED,
    Enchantment,
    Entity,
    Table,
    death_phase,
    put_all,
    without_buffs,
)
from pure_engine.core.flow import FlowStep, TurnMachine
from pure_engine.core.struct import Struct
from pure_engine.games.magic_lite import loop
from pure_engine.games.magic_lite.actions import (
    after_blocks,
    auto,
    forced,
    hand_over,
    legal_actions,
    make_apply,
)
from pure_engine.games.magic_lite.cards import POOL
from pure_engine.games.magic_lite.combat import (
    COMBAT,
    CanAttack,
    Combat,
    combat_damage,
    has_first_strike,
)
from pure_engine.games.magic_lite.engine import (
    BATTLEFIELD,
    HAND,
    RULES,
    ZONES,
    Tapped,
    draw_card_at,
    fire,
    heard,
    mana_counts,
    settle,
)
from pure_engine.games.magic_lite.instants import into_hand
from pure_engine.games.magic_lite.loop import decides
from pure_engine.games.magic_lite.marked import one_turn
from pure_engine.games.magic_lite.priority import (
    CanAct,
    DrawnQuiet,
    ManaCounts,
    can_act,
    everyone_passes,
    open_window,
    open_window_at,
)
from pure_engine.games.magic_lite.state import (
    TAPPED,
    Action,
    Draft,
    MagicEvent,
    MagicState,
    Step,
    freeze,
    set_status,
    set_step,
    set_table,
    thaw,
    writer,
)

__all__ = ["TURN", "Drawn", "Turn", "Untapped", "make_turn", "start_turns", "step"]


# --- entering a step ------------------------------------------------------------------------------

# the turn's own writes, as positional setters (Struct.setter): every turn makes them; a row
# entered by ``enter_at`` writes its step with its first change (one write, not two)
_untapped: Final = writer("step", "table", "land_played")
_declaring: Final = writer("step", "declaring", "attackers")
_blocking: Final = writer("step", "declaring")
_cleaned: Final = writer("step", "declaring", "window")
_turned: Final = writer("step", "table", "land_played", "active", "turn", "marked")


def _untap(state: MagicState) -> MagicState:
    return _untap_at(state, state.step)


def _untap_at(state: MagicState, step: Step) -> MagicState:
    table = _untapped_table(state.table, state.active)
    if table is state.table and state.step is step and not state.land_played:
        return state  # (nothing to untap or write: a fresh deal)
    return _untapped(state, step, table, False)


Untapped = dict[Entity, Entity]
"""A game value's memo of untapped permanents: each tapped (or summoning sick) permanent, by
value, with the same permanent ready — entities are immutable, so the lands and creatures a
game taps turn after turn are untapped by a lookup, not by a new 17-slot entity each turn
(looked up by value within one process: never stored)."""
_UNTAPPED_KEPT: Final = 4096
"""The memo starts afresh beyond this many entries (a game value may play without end)."""


def _untapped_table(table: Table, player: int, memo: Untapped | None = None) -> Table:
    entities = table.entities
    tapped = []
    for i in table.zones[BATTLEFIELD[player]]:
        e = entities[i]
        if e.status & _UNREADY:
            tapped.append(e)
    return put_all(table, _ready(tapped, memo))


def _at_beginning(event: MagicEvent, can_act: CanAct, state: MagicState) -> MagicState:
    you = state.table.zones[ZONES.player[state.active]][0]
    queue = state.queue
    after = fire(state, event, you)
    return open_window(state if after.queue is queue else settle(after, checks=False), can_act)


def _at_beginning_at(
    event: MagicEvent, can_act: CanAct, state: MagicState, step: Step
) -> MagicState:
    """:func:`_at_beginning` on entering *step* (the row's ``enter_at``): when nothing can hear
    *event* (decided without the step), the step is written with the window, in one write."""
    # (heard's first look, before the player is looked up for it: most games' cards hear no
    # "at the beginning of" event)
    if event in state.cards.unheard or not heard(
        state, event, state.table.zones[ZONES.player[state.active]][0]
    ):
        return open_window_at(state, step, can_act)
    return _at_beginning(event, can_act, set_step(state, step))


def _draw_at(
    can_act: CanAct,
    memo: Drawn | None,
    carry: DrawnQuiet | None,
    state: MagicState,
    step: Step,
    worn: list[Entity] | None = None,
) -> MagicState:
    """The draw step entered (the row's ``enter_at``).  *worn*: the untap's entities, not yet
    written (:func:`_turn_over_at`, when :func:`_untapped_unread`): written with the card
    drawn, in one new table."""
    if state.turn == 1:  # the player who goes first skips their first draw (rule 103.8a)
        return open_window_at(_untap_written(state, worn), step, can_act)
    active = state.active
    table = state.table
    cards = table.zones[ZONES.library[active]]
    if memo is None or not cards:  # (an empty library: lost)
        state = _untap_written(state, worn)
        return open_window_at(draw_card_at(state, active, step), step, can_act)
    # draw_card_at's move, the card in hand looked up in the game's memo
    card = cards[-1]
    e = table.entities[card]
    drawn = memo.get(e)
    if drawn is None:
        if len(memo) >= _UNTAPPED_KEPT:
            memo.clear()
        drawn = memo[e] = _set_zone(e, HAND[active])
    # (move_card of the library's top card: no search for it)
    zones = table.zones.mutate()
    zones[e.zone] = cards[:-1]
    hand = drawn.zone
    zones[hand] = zones[hand] + (card,)
    if worn is None:
        entities = table.entities.set(card, drawn)
    else:  # (the untap's entities and the card drawn: one map mutation)
        changes = table.entities.mutate()
        for w in worn:
            changes[w.id] = w
        changes[card] = drawn
        entities = changes.finish()
    moved = _new_table(entities, zones.finish(), table.next_id)
    # after a quiet untap (the chooser asked both players about this table) the draw's window
    # is decided by the game's memo: a card drawn changes only the drawer's hand (not asked
    # when the kept fact answers: no ability in the game and no instant in either hand)
    nobody = (
        carry is not None
        and state.skip == 0b11
        and not state.stack
        and (state.instants != 0 or state.cards.abilities)
        and carry(table, moved, active, e.card)
    )
    state = into_hand(_drawn_at(state, step, moved), active, e.card)  # (the kept fact: instants)
    return open_window_at(state, step, can_act, nobody)


def _untap_written(state: MagicState, worn: list[Entity] | None) -> MagicState:
    """*state* with the untap's entities *worn* written (``None``: written already)."""
    return state if worn is None else set_table(state, put_all(state.table, worn))


Drawn = dict[Entity, Entity]
"""A game value's memo of drawn cards: each card on top of a library, by value, with the same
card in its owner's hand — the deals of a game value share their entities (``game.Dealer``),
so the cards drawn game after game are the same objects, and a draw is a lookup, not a new
17-slot entity (looked up by value within one process: never stored)."""
_set_zone: Final = Entity.setter("zone")
_new_table: Final = Table.maker()
_drawn_at: Final = writer("step", "table")


def _declare_attackers_at(
    can_act: CanAct, attack: CanAttack, state: MagicState, step: Step
) -> MagicState:
    if attack(state):
        return _declaring(state, step, True, ())
    return open_window_at(state, step, can_act)


def _declare_blockers_at(
    can_act: CanAct, block: Callable[[MagicState], bool], state: MagicState, step: Step
) -> MagicState:
    if block(state):
        return _blocking(state, step, True)
    return after_blocks(set_step(state, step), can_act)


def _damage_at(first_strike: bool, can_act: CanAct, state: MagicState, step: Step) -> MagicState:
    """A combat damage step entered: the damage, its settle, the window.  Only the creatures in
    the combat are dealt combat damage and the settle before it left nobody dead, so when
    settle would begin with its death phase (no program running, no aura-giving card in the
    game) that death phase is made here among the attackers and the blockers, not by a scan of
    both battlefields, and settle looks for no other (``deaths=False``: a death phase without
    auras moves the dead and changes nobody else, and the auras whose creature died, which
    settle then puts in the graveyard, leave no creature on the battlefield to take their buffs
    from).  The general path, :func:`_damage_settled_at`, settles in full
    (tests/test_magic_lite_flow.py)."""
    damaged = combat_damage(state, first_strike=first_strike, step=step)
    if damaged.frames or damaged.cards.auras:
        return open_window(settle(damaged, checks=_may_have_killed(damaged)), can_act)
    died = False
    blocks = damaged.blocks
    if blocks:  # (else only the defending player was dealt damage)
        among = list(damaged.attackers)
        for blocker, _ in blocks:
            among.append(blocker)
        damaged, died = death_phase(damaged, RULES, False, among)
    life = damaged.life
    checks = died or life[0] <= 0 or life[1] <= 0
    return open_window(settle(damaged, checks=checks, deaths=False), can_act)


def _damage_settled_at(
    first_strike: bool, can_act: CanAct, state: MagicState, step: Step
) -> MagicState:
    """:func:`_damage_at` by the general rule: the damage, then a full settle."""
    return open_window(settle(combat_damage(state, first_strike=first_strike, step=step)), can_act)


def _may_have_killed(state: MagicState) -> bool:
    """False when combat damage has just killed nobody: no creature in the combat is dead
    (lethal damage, or destroyed by deathtouch) and both players have life left.  Only the
    creatures in the combat and the players are dealt combat damage, and the settle before it
    left nothing dead: ``settle(checks=False)`` then does what a full settle would (its death
    phase would find nobody, its orphan and life checks nothing)."""
    life = state.life
    if life[0] <= 0 or life[1] <= 0:
        return True
    entities = state.table.entities
    for i in state.attackers:
        e = entities[i]
        if e.status & DOOMED or (e.health > 0 and e.damage >= e.health):
            return True
    for i, _ in state.blocks:
        e = entities[i]
        if e.status & DOOMED or (e.health > 0 and e.damage >= e.health):
            return True
    return False


def _open_at(can_act: CanAct, state: MagicState, step: Step) -> MagicState:
    return open_window_at(state, step, can_act)


def _main2_at(can_act: CanAct, state: MagicState, step: Step) -> MagicState:
    """The second main phase entered: combat ends (its attackers, blocks and orders go; the end
    of combat step is left without a write) and the window opens, in one write."""
    if not (state.attackers or state.blocks):
        return open_window_at(state, step, can_act)
    # open_window_at's decision, taken on the state before combat ends: can_act reads no combat
    if everyone_passes(state, can_act, step):
        return _main2_entered(state, step, False, state.holder, 0, (), (), (), ())
    return _main2_entered(state, step, True, state.active, 0, (), (), (), ())


_main2_entered: Final = writer(
    "step", "window", "holder", "passes", "attackers", "blocks", "orders", "to_order"
)


def _cleanup_at(state: MagicState, step: Step) -> MagicState:
    return _cleaned(state, step, hand_over(state), False)


def _turn_over_at(
    can_act: CanAct,
    untapped: Untapped | None,
    drawn: Drawn | None,
    carry: DrawnQuiet | None,
    state: MagicState,
    step: Step,
) -> MagicState:
    """The cleanup step entered (the row's ``enter_at``) and, when nobody has to discard, the
    next turn's untap, upkeep or draw and first main phase entered at once: the rows the flow
    loop would enter one by one (cleanup, untap, then upkeep or draw, then main 1), each
    entered by its own ``enter_at`` in the same order, without the loop's pass between them.
    It stops where the loop would stop or take another row: at a decision (a discard, the
    draw step's window), at a loss (an empty library), at an upkeep that is entered (the loop
    goes on from there).  The step changes made beyond the cleanup's are counted in the
    state's ``steps`` (the loop counts the cleanup's): the counters end as the loop leaves
    them (tests/test_magic_lite_flow.py compares it with the rows one by one).  The writes the
    rows would make one after the other with nothing reading in between are made at once: the
    cleanup's and the untap's, main 1's window and the step count, and, when nobody reads the
    untapped table before the draw (:func:`_untapped_unread`), the untap's entities with the
    card drawn (one new table, not two)."""
    if (
        hand_over(state)  # the cleanup's decision: a discard
        or state.pending is not None  # (the other reasons the loop would stop at the cleanup)
        or state.to_order
    ):
        return _cleanup_at(state, step)
    active = 1 - state.active
    worn = _next_turn_changes(untapped, state)
    # the untap's entities written with the draw's card, in one new table, when nobody reads
    # the untapped table in between (_untapped_unread)
    later = bool(worn) and drawn is not None and _untapped_unread(state)
    table = state.table if later or not worn else put_all(state.table, worn)
    state = _cleaned_turned(state, _UNTAP, False, False, table, False, active, state.turn + 1, 0)
    if not _quiet(
        state, can_act, MagicEvent.UPKEEP
    ):  # (_after_untap) the loop goes on from the upkeep
        if later:
            state = _untap_written(state, worn)
        return _add_steps(_at_beginning_at(MagicEvent.UPKEEP, can_act, state, _UPKEEP), 2)
    state = _draw_at(can_act, drawn, carry, state, _DRAW, worn if later else None)
    # (decides: the cleanup left no choice pending, no declaration, no order; the draw step
    # decides by its window only)
    if state.lost or state.window:
        return _add_steps(state, 2)
    # open_window_at of main 1 (the draw step's window is closed with no pass counted)
    steps = state.steps + 3
    if everyone_passes(state, can_act, _MAIN1):
        return _main1_entered(state, _MAIN1, False, state.holder, 0, steps)
    return _main1_entered(state, _MAIN1, True, active, 0, steps)


def _untapped_unread(state: MagicState) -> bool:
    """True when the fused turn change's upkeep reads nothing the untap changes, so that the
    untap's entities may be written with the draw's card (one new table, not two): no ability
    in the game and no instant in either hand (the kept fact) — the upkeep's quiet then reads
    the cards on the active player's battlefield (its listeners: the untap changes no card)
    and asks nobody "can act?" (at instant timing a hand without an instant cannot act:
    :func:`~.priority.everyone_passes`), and the draw's carry is not asked."""
    return not state.instants and not state.cards.abilities


_cleaned_turned: Final = writer(
    "step", "declaring", "window", "table", "land_played", "active", "turn", "marked"
)
_main1_entered: Final = writer("step", "window", "holder", "passes", "steps")


def _add_steps(state: MagicState, steps: int) -> MagicState:
    return _set_steps(state, state.steps + steps)


_set_steps: Final = writer("steps")


def _next_turn_at(memo: Untapped | None, state: MagicState, step: Step) -> MagicState:
    """The untap step entered from the cleanup (the row's ``enter_at``): damage wears off and
    "until end of turn" effects end (rule 514.2), the other player's turn begins and their
    permanents untap — in one write of the state, not one for the new turn and one for the
    untap (the cleanup is always followed by the untap step, and nothing reads the state in
    between)."""
    table = _next_turn_table(memo, state)
    return _turned(state, step, table, False, 1 - state.active, state.turn + 1, 0)


def _next_turn_table(memo: Untapped | None, state: MagicState) -> Table:
    """:func:`_next_turn_at`'s table: worn off, and the next player's permanents untapped."""
    changed = _next_turn_changes(memo, state)
    return put_all(state.table, changed) if changed else state.table


def _next_turn_changes(memo: Untapped | None, state: MagicState) -> list[Entity]:
    """The entities :func:`_next_turn_table` writes (worn off, untapped), not yet written."""
    active = 1 - state.active
    table = state.table
    entities, zones = table.entities, table.zones
    # one look at each permanent: most have neither damage nor a buff; damage wears off and
    # one-turn buffs (rare: _worn) end in the same table change as the untap (the new active
    # player's tapped ones untap worn); a battlefield is looked at for them only when the kept
    # fact (MagicState.marked, which the turn change clears) says it may hold one
    changed: list[Entity] = []  # worn or untapped
    tapped: list[Entity] = []  # the new active player's, to untap (worn): the memo's misses
    marked = state.marked
    if marked >> state.active & 1:
        for i in zones[BATTLEFIELD[state.active]]:
            e = entities[i]
            if e.damage or e.buffs:
                if one_turn(e):
                    changed.append(_worn(e))
                elif e.damage:
                    changed.append(_set_damage(e, 0))
    ready = _NOTHING.get if memo is None else memo.get  # (the memo's hits: untapped at once)
    worn = marked >> active & 1
    for i in zones[BATTLEFIELD[active]]:
        e = entities[i]
        if worn and (e.damage or e.buffs):
            e = _worn(e) if one_turn(e) else _set_damage(e, 0) if e.damage else e
            if not e.status & _UNREADY:
                if e is not entities[i]:
                    changed.append(e)
                continue
        if e.status & _UNREADY:
            found = ready(e)
            if found is None:
                tapped.append(e)
            else:
                changed.append(found)
    if tapped:
        changed += _ready(tapped, memo)
    return changed


_set_damage: Final = Entity.setter("damage")
_UNREADY: Final = TAPPED | EXHAUSTED
"""The status bits the untap clears (a constant: ``TAPPED | EXHAUSTED`` makes a new int at each
use, 256 and up not being cached)."""
_READY: Final = ~_UNREADY
_NOTHING: Final[Map[Entity, Entity]] = Map()
"""An empty memo of untapped permanents (``_next_turn_table`` without a game's memo)."""


def _ready(tapped: list[Entity], memo: Untapped | None) -> list[Entity]:
    """*tapped* permanents untapped (through the game's *memo*, when there is one)."""
    if memo is None:
        return [set_status(e, e.status & _READY) for e in tapped]
    ready = []
    for e in tapped:
        found = memo.get(e)
        if found is None:
            if len(memo) >= _UNTAPPED_KEPT:
                memo.clear()
            found = memo[e] = set_status(e, e.status & _READY)
        ready.append(found)
    return ready


def _worn(e: Entity) -> Entity:
    """Damage wears off and "until end of turn" effects end (rule 514.2) on *e*, a permanent
    with a one-turn buff: the kit's :func:`~pure_engine.cards.without_buffs` (damage shrinks
    with the health lost: worn off after it, with the keywords, in one write)."""
    e = without_buffs(e, _is_one_turn)
    # keywords a one-turn effect gave go too (the kit's without_buffs keeps tags): printed
    # keywords, and those of the buffs that stay (auras)
    tags = POOL.defs[e.card].tags
    for buff in e.buffs:
        tags |= buff.tags
    if e.damage or tags != e.tags:
        return _set_damage_tags(e, 0, tags)
    return e


_set_damage_tags: Final = Entity.setter("damage", "tags")


def _is_one_turn(buff: Enchantment) -> bool:
    return buff.one_turn


# --- which step follows ---------------------------------------------------------------------------

# the steps the choosers return, as module constants: they run at every step change, and a read
# of an enum class attribute is a generic lookup on Python 3.11
_ATTACKERS: Final = Step.ATTACKERS
_BEGIN_COMBAT: Final = Step.BEGIN_COMBAT
_BLOCKERS: Final = Step.BLOCKERS
_CLEANUP: Final = Step.CLEANUP
_DAMAGE: Final = Step.DAMAGE
_DRAW: Final = Step.DRAW
_END: Final = Step.END
_END_COMBAT: Final = Step.END_COMBAT
_FIRST_STRIKE_DAMAGE: Final = Step.FIRST_STRIKE_DAMAGE
_MAIN1: Final = Step.MAIN1
_MAIN2: Final = Step.MAIN2
_UNTAP: Final = Step.UNTAP
_UPKEEP: Final = Step.UPKEEP


def _listens(state: MagicState, event: MagicEvent) -> bool:
    cards = POOL.listeners.get(event)
    if not cards or event in state.cards.unheard:
        return False
    table = state.table
    entities = table.entities
    for i in table.zones[BATTLEFIELD[state.active]]:  # noqa: SIM110 - no generator
        if entities[i].card in cards:
            return True
    return False


def _quiet(state: MagicState, can_act: CanAct, event: MagicEvent | None) -> bool:
    """True when a step with priority would do nothing: both players skip trivial decisions,
    nothing of the active player's triggers then, and neither player can act."""
    if state.skip != 0b11:
        return False
    if event is not None and _heard_now(state, event):
        return False
    return everyone_passes(state, can_act)  # (the stack is empty between steps)


def _heard_now(state: MagicState, event: MagicEvent) -> bool:
    return event in _LISTENED and event not in state.cards.unheard and _listens(state, event)


def _quiet_after_window(state: MagicState, can_act: CanAct, event: MagicEvent | None) -> bool:
    """:func:`_quiet` as the step ends, for a step whose entering checked its priority window
    (main 1, declare attackers, combat damage, main 2): when the window is closed with no pass
    counted, everyone would have passed on this very state (:func:`~.priority.everyone_passes`:
    both players skip, the stack is empty, neither can act — in this step, the timing
    ``_quiet`` asks about), so only the listeners are left to look at.  (Every write that
    closes a window with ``passes`` at 0 follows ``everyone_passes`` on the state written —
    ``open_window``, ``open_window_at``, main 2's entering; the players' last pass closes it
    with 2 passes counted.  Not for the untap step: it keeps the previous turn's window.)"""
    if not state.window and not state.passes and state.skip == 0b11:  # the window was quiet
        return event is None or not _heard_now(state, event)
    return _quiet(state, can_act, event)


_LISTENED: Final = frozenset(event for event, cards in POOL.listeners.items() if cards)
"""The events some card of the pool listens to (the others never need a scan)."""


def _after_untap(can_act: CanAct, state: MagicState) -> Step:
    """An upkeep with nothing to do is not entered (seed 002, proposal 4, for every step)."""
    return _DRAW if _quiet(state, can_act, MagicEvent.UPKEEP) else _UPKEEP


def _after_main1(can_act: CanAct, attack: CanAttack, state: MagicState) -> Step:
    """Combat is skipped when nothing can attack and nothing triggers at its beginning (seed
    002, proposal 4) — only when both players skip trivial decisions, as the combat's priority
    windows would all be passes; a quiet beginning of combat is not entered."""
    if state.skip == 0b11 and not attack(state) and not _listens(state, MagicEvent.BEGIN_COMBAT):
        return _MAIN2
    return (
        _ATTACKERS
        if _quiet_after_window(state, can_act, MagicEvent.BEGIN_COMBAT)
        else _BEGIN_COMBAT
    )


def _after_attackers(can_act: CanAct, state: MagicState) -> Step:
    if state.attackers:
        return _BLOCKERS
    return _MAIN2 if _quiet_after_window(state, can_act, None) else _END_COMBAT


def _after_damage(can_act: CanAct, state: MagicState) -> Step:
    return _MAIN2 if _quiet_after_window(state, can_act, None) else _END_COMBAT


def _after_main2(can_act: CanAct, state: MagicState) -> Step:
    return _CLEANUP if _quiet_after_window(state, can_act, MagicEvent.END_STEP) else _END


def _after_blockers(state: MagicState) -> Step:
    return _FIRST_STRIKE_DAMAGE if has_first_strike(state) else _DAMAGE


# --- the table, built around one checker ----------------------------------------------------------


def _machine(
    can_act: CanAct,
    combat: Combat,
    untapped: Untapped | None,
    drawn: Drawn | None = None,
    carry: DrawnQuiet | None = None,
    fused: bool = True,
) -> TurnMachine[MagicState, Step]:
    """The turn of magic_lite: one row per step, one loop (``advance``).  The rows that ask
    *can_act* (and *combat*'s checks) get it bound first (``partial(f, can_act)``: positional,
    the cheap kind); the untap step gets the game's *untapped* memo (``None``: none).  *fused*:
    the quiet stretches of the turn are entered by fused rows (the cleanup into the next turn:
    :func:`_turn_over_at`) and combat damage settles with what it knows (:func:`_damage_at`);
    ``False``: every row by itself, settled in full, the general path the fused rows are tested
    against."""
    opens = partial(_open_at, can_act)
    attack = combat.can_attack
    cleanup = partial(_turn_over_at, can_act, untapped, drawn, carry) if fused else _cleanup_at
    damage = _damage_at if fused else _damage_settled_at
    return TurnMachine(
        steps={
            Step.UNTAP: FlowStep(
                Step.UNTAP,
                partial(_after_untap, can_act),
                enter_at=partial(_next_turn_at, untapped),
            ),
            Step.UPKEEP: FlowStep(
                Step.UPKEEP,
                Step.DRAW,
                None,
                decides,
                enter_at=partial(_at_beginning_at, MagicEvent.UPKEEP, can_act),
            ),
            Step.DRAW: FlowStep(
                Step.DRAW,
                Step.MAIN1,
                None,
                decides,
                enter_at=partial(_draw_at, can_act, drawn, carry),
            ),
            Step.MAIN1: FlowStep(
                Step.MAIN1, partial(_after_main1, can_act, attack), None, decides, enter_at=opens
            ),
            Step.BEGIN_COMBAT: FlowStep(
                Step.BEGIN_COMBAT,
                Step.ATTACKERS,
                None,
                decides,
                enter_at=partial(_at_beginning_at, MagicEvent.BEGIN_COMBAT, can_act),
            ),
            Step.ATTACKERS: FlowStep(
                Step.ATTACKERS,
                partial(_after_attackers, can_act),
                None,
                decides,
                enter_at=partial(_declare_attackers_at, can_act, attack),
            ),
            Step.BLOCKERS: FlowStep(
                Step.BLOCKERS,
                _after_blockers,
                None,
                decides,
                enter_at=partial(_declare_blockers_at, can_act, combat.can_block),
            ),
            Step.FIRST_STRIKE_DAMAGE: FlowStep(
                Step.FIRST_STRIKE_DAMAGE,
                Step.DAMAGE,
                None,
                decides,
                enter_at=partial(damage, True, can_act),
            ),
            Step.DAMAGE: FlowStep(
                Step.DAMAGE,
                partial(_after_damage, can_act),
                None,
                decides,
                enter_at=partial(damage, False, can_act),
            ),
            Step.END_COMBAT: FlowStep(Step.END_COMBAT, Step.MAIN2, None, decides, enter_at=opens),
            Step.MAIN2: FlowStep(
                Step.MAIN2,
                partial(_after_main2, can_act),
                None,
                decides,
                enter_at=partial(_main2_at, can_act),
            ),
            Step.END: FlowStep(
                Step.END,
                Step.CLEANUP,
                None,
                decides,
                enter_at=partial(_at_beginning_at, MagicEvent.END_STEP, can_act),
            ),
            Step.CLEANUP: FlowStep(
                Step.CLEANUP,
                Step.UNTAP,
                None,
                decides,
                enter_at=cleanup,
            ),
        },
        get_step=attrgetter("step"),  # C getters: the loop calls them at every pass
        set_step=set_step,
        is_over=attrgetter("lost"),  # the bit set of players who lost: non-zero once it is over
        auto=partial(auto, can_act, combat),
    )


class Turn(Struct):
    """The turn rules around one "can act?" checker (:func:`make_turn`).

    ``machine`` is the turn table; ``step(state, action)`` applies a decision
    and runs to the next one; ``legal_actions(state)`` lists the decisions (counting mana
    with the game's memo); ``forced(state)`` is the skip-trivial rule's
    check (``Game.forced``); ``start(state)`` runs a fresh deal to its first
    decision; ``enter(state)`` enters the state's step (its entering actions)
    and runs to the first decision (:func:`~pure_engine.games.magic_lite.game.position`).
    """

    machine: TurnMachine[MagicState, Step]
    step: Callable[[MagicState, Action], MagicState]
    forced: Callable[[MagicState], tuple[Action, str] | None]
    legal_actions: Callable[[MagicState], tuple[Action, ...]]
    start: Callable[[MagicState], MagicState]
    enter: Callable[[MagicState], MagicState]


def make_turn(
    can_act: CanAct,
    mana: ManaCounts = mana_counts,
    combat: Combat = COMBAT,
    untapped: Untapped | None = None,
    tapped: Tapped | None = None,
    drawn: Drawn | None = None,
    carry: DrawnQuiet | None = None,
    fused: bool = True,
    scratch: bool = False,
) -> Turn:
    """The turn rules asking *can_act* (a game's memo of the check, or the plain function),
    counting mana with *mana* and asking about attackers and blockers with *combat* (each a
    game's memo, or the plain functions: :data:`~.combat.COMBAT`); *untapped* is the game's
    memo of untapped permanents (:data:`Untapped`; ``None``: every untap makes new entities),
    *tapped* its memo of tapped permanents (``engine.Tapped``, handed to the decisions that
    tap: :func:`~.actions.make_apply`; ``None``: every payment makes new entities), *drawn*
    its memo of drawn cards (:data:`Drawn`; ``None``: every draw makes a new entity), *carry*
    its memo's "can act?" answers carried across a draw (``Priority.drawn``: the draw step's
    window decided without asking again after a quiet untap; ``None``: asked again); *fused*
    ``False`` enters every step by its own row (the general path: :func:`_machine`); *scratch*
    ``True``: ``step`` thaws every state into one draft of its own (a game value's, like its
    memos: a draft is written over at each decision and never leaves ``step``, so one object
    serves them all, without a new 27-slot object allocated and released per decision);
    ``False``: a new draft per decision (nothing mutable is kept).

    >>> from pure_engine.games.magic_lite.game import position
    >>> from pure_engine.games.magic_lite.priority import make_can_act
    >>> turn = make_turn(make_can_act())
    >>> s = position(hands=((), ("shock",)), battlefields=(("forest",), ("mountain",)), skip=0)
    >>> turn.forced(s)
    (Action(kind=<Act.PASS: 0>, card=-1, other=-1), 'cannot act')
    """
    machine = _machine(can_act, combat, untapped, drawn, carry, fused)
    advance, tick = machine.advance, machine.tick
    apply = make_apply(tapped)

    def start(state: MagicState) -> MagicState:
        # the first turn writes a draft of its own, frozen once (as a decision's step does)
        draft = thaw(_untap(state))
        s, steps, _ = tick(draft)
        # (a fused row counts its extra step changes in the state: kept, the loop's added)
        s = _started(s, 1, steps + s.steps - state.steps)
        return freeze(s) if s is draft else s

    def enter(state: MagicState) -> MagicState:
        before = state.steps
        row = machine.steps[state.step]
        if state.step == Step.UNTAP:  # its row begins the next turn too: only the untap here
            state = _untap_at(state, state.step)
        elif row.enter_at is not None:
            state = row.enter_at(state, state.step)
        elif row.enter is not None:
            state = row.enter(state)
        run = advance(state)
        return _started(run.state, 1, run.steps + run.state.steps - before)

    def forced_here(state: MagicState) -> tuple[Action, str] | None:
        return forced(state, can_act, combat)

    def legal_here(state: MagicState) -> tuple[Action, ...]:
        return legal_actions(state, mana, combat=combat)

    step = loop.stepper(
        machine, can_act, combat, apply, Draft() if scratch else None, None if fused else tick
    )
    return Turn(machine, step, forced_here, legal_here, start, enter)


_started: Final = writer("ticks", "steps")


TURN: Final = make_turn(can_act)
"""The turn rules on the plain :func:`~pure_engine.games.magic_lite.priority.can_act` (no memo:
nothing mutable at module level); ``make_game`` builds its own around a memo."""

step: Final = TURN.step
"""Apply *action* (assumed legal), then run the turn to the next real decision (:data:`TURN`)."""

start_turns: Final = TURN.start
"""From a fresh deal (step ``UNTAP`` of turn 1), run to the first decision (:data:`TURN`)."""
