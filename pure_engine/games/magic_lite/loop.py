"""magic_lite's own flow loop: ``step`` as one function (the decision, the loop, the counters).

:func:`stepper` builds ``step`` around a turn table (:func:`~.turn.make_turn`'s): the decision
is applied, then ``TurnMachine.tick``'s loop runs here, specialised to magic_lite's table (the
rows in a tuple indexed by the step, :func:`decides` inlined, the ``auto`` rule called with its
checkers), and the counters are written once.  ``make_turn(fused=False)`` runs the generic
``TurnMachine.tick`` instead: tests/test_magic_lite_flow.py compares the two.  A decision and
the turn after it write one private draft (:class:`~.state.Draft`), frozen once; a game value's
one scratch draft is taken from a free list, so a game value may serve several threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pure_engine.core.flow import TurnMachine
from pure_engine.games.magic_lite.actions import Apply, auto
from pure_engine.games.magic_lite.combat import Combat
from pure_engine.games.magic_lite.priority import CanAct
from pure_engine.games.magic_lite.state import (
    Act,
    Action,
    Draft,
    MagicState,
    Step,
    freeze,
    set_counters,
    thaw,
    thaw_into,
)

__all__ = ["decides", "stepper"]


def decides(state: MagicState) -> bool:
    """True when a row that decides stops here: a window open, a choice pending, a declaration
    or an order to give (every row but the untap's asks this).  An open window first: the most
    common reason to stop."""
    return state.window or state.pending is not None or state.declaring or bool(state.to_order)


_MAX_STEPS: Final = 1_000_000
"""The step changes and automatic actions a tick may make (``TurnMachine.tick``'s bound)."""


def stepper(
    machine: TurnMachine[MagicState, Step],
    can_act: CanAct,
    combat: Combat,
    apply: dict[Act, Apply],
    scratch: Draft | None = None,
    loop: Callable[[MagicState], tuple[MagicState, int, int]] | None = None,
) -> Callable[[MagicState, Action], MagicState]:
    """``step`` with magic_lite's own copy of the flow loop: ``machine.tick``'s loop, with what
    the generic loop calls read from the state (``lost``, ``step``; every row but the untap's
    decides by :func:`decides`, here inlined), the rows in a tuple indexed by the step, and
    the ``auto`` rule called with its checkers (no ``partial``); the decision applied before
    it and the counters written after it in the same function.  Every row is entered by its
    ``enter_at`` and has no ``leave`` (checked here).  It runs at every decision: the generic
    loop's pass cost about as much as a quiet step's own work.  ``make_turn(fused=False)``
    keeps the generic loop (*loop*: ``machine.tick``, run instead of the copy): the tests compare
    the two.  *scratch*: the one draft every call
    thaws into (:func:`~.state.thaw_into`; ``None``: a new draft per call); a call on the very
    state the last call handed out (a game played on, decision after decision) does not thaw at
    all: the draft holds that state's fields already (kept by identity, with a reference to the
    state: never another object at the same address).  The draft is held by one call at a time:
    a call that meets it in use (another thread sharing the game value, in the middle of its
    own step) thaws a new draft of its own, so a game value may be shared between threads."""
    order = sorted(machine.steps)
    assert order == list(range(len(order))), "the rows are the steps 0, 1, ..."
    rows: list[tuple[bool, Callable[[MagicState], Step] | None, Step]] = []
    entering: list[Callable[[MagicState, Step], MagicState]] = []
    for name in order:
        row = machine.steps[name]
        assert row.leave is None and row.enter is None and row.enter_at is not None
        assert row.decides in (None, decides)
        following = row.next
        if callable(following):  # (decides, the chooser, the fixed next step)
            rows.append((row.decides is not None, following, name))
        else:
            rows.append((row.decides is not None, None, following))
        entering.append(row.enter_at)
    table, enters = tuple(rows), tuple(entering)
    rule = auto
    held: MagicState | None = None  # the state *scratch* holds (its last freeze), if any
    # *scratch* while no call writes it: a call takes it from here (a list's pop and append,
    # each one step of the interpreter) and puts it back when done; a call finding none (another
    # thread's in the middle of its step) thaws a draft of its own.  Only the call holding
    # *scratch* reads or writes *held*.
    free = _drafts(scratch)
    take, put_back = free.pop, free.append

    def step(state: MagicState, action: Action) -> MagicState:
        nonlocal held
        # the decision and the turn after it write one private draft in place (``Draft``: it
        # reads as the state, the setters write its slots); frozen once, it never leaves here
        try:
            mine: Draft | None = take()
        except IndexError:  # (no scratch draft, or another call is writing it)
            mine = None
        if mine is None:
            draft = thaw(state)
        elif state is held:  # (a game played on: the state the last call handed out, which the
            draft = mine  # type: ignore[assignment]  # draft still holds slot for slot: no thaw)
        else:
            draft = thaw_into(mine, state)
        try:
            s = apply[action.kind](draft, action, can_act)
            if loop is not None:  # (the general path: the generic loop)
                s, changes, _ = loop(s)
            else:
                changes = autos = 0
                while not s.lost:
                    decides, chooser, following = table[s.step]
                    if decides and (
                        s.window or s.pending is not None or s.declaring or s.to_order
                    ):  # (decides)
                        after = rule(can_act, combat, s)
                        if after is None:
                            break
                        s = after
                        autos += 1
                    else:
                        name = following if chooser is None else chooser(s)
                        s = enters[name](s, name)
                        changes += 1
                    # (the bound, tested where the counts grow: before the next pass)
                    if changes + autos >= _MAX_STEPS and not s.lost:
                        raise RuntimeError(f"no decision after {_MAX_STEPS} steps (at {s.step!r})")
            if s is not draft:  # (a rule that returned a new state: the draft holds none)
                frozen = set_counters(s, s.ticks + 1, s.steps + changes, s.decisions + 1)
                last = None
            else:
                done: Draft = s  # type: ignore[assignment]  # the draft thawed above
                done.ticks += 1
                done.steps += changes
                done.decisions += 1
                frozen = last = freeze(s)
        except BaseException:
            if mine is not None:  # (the draft was written: it holds no state)
                held = None
                put_back(mine)
            raise
        if mine is not None:
            held = last
            put_back(mine)
        return frozen

    return step


def _drafts(scratch: Draft | None) -> list[Draft]:
    """The free drafts of a step: *scratch* (none without it)."""
    return [] if scratch is None else [scratch]
