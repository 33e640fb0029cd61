"""The interpreter: runs ability programs over a state, suspends them on decisions, resumes them.

:func:`run` executes the frame stack, then the queued triggers, until nothing
is left or a decision is pending; the suspended frame stays on the stack, the
question in ``state.pending`` — so the decision is an ordinary state and a
search branches on it like on any move.  :func:`answer` resumes it (and the
next :func:`run` goes on).  With a
``chooser`` the same instructions answer inline (the *direct path*, which the
tests compare with suspend-then-answer).

Control instructions (jumps, loops) live here; the instructions that ask for
decisions are in :mod:`pure_engine.cards.decisions`, the effects in
:mod:`pure_engine.cards.effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pure_engine.cards.runtime.pool import CardRules, Instr
from pure_engine.cards.runtime.program import Decision, Frame, Reg, S, Value
from pure_engine.errors import TriggerDepthError

__all__ = [
    "Chooser",
    "Jump",
    "JumpUnless",
    "Loop",
    "TriggerDepthError",
    "answer",
    "push",
    "run",
    "set_reg",
]

Chooser = Callable[[Decision], int]
"""Answers a decision inline with the index of an option (the direct path)."""


def set_reg(frame: Frame, reg: Reg, value: Value) -> Frame:
    """*frame* with register *reg* set to *value* and its pc advanced."""
    regs = frame.regs
    i = reg.index
    return frame.replace(pc=frame.pc + 1, regs=(*regs[:i], value, *regs[i + 1 :]))


def push(state: S, rules: CardRules[S], *frames: Frame) -> S:
    """*state* with *frames* pushed (the first given runs first); checks the depth bound."""
    for frame in frames:
        if frame.depth > rules.max_depth:
            raise TriggerDepthError(
                f"programs nested {frame.depth} deep (limit {rules.max_depth}) running "
                f"{frame.card!r} {frame.slot}: a trigger loop or a card that calls itself"
            )
    return state.replace(frames=state.frames + frames[::-1])


def run(state: S, rules: CardRules[S], chooser: Chooser | None = None, *, queue: bool = True) -> S:
    """Run the frame stack, then the trigger queue, until empty or a decision is pending.

    With ``queue=False`` the triggers stay queued: a game with a stack
    (:mod:`pure_engine.games.magic_lite.stack`) puts them there instead of running them.
    """
    programs = rules.pool.programs
    while state.pending is None:
        if state.frames:
            frame: Frame | None = state.frames[-1]
            state = state.replace(frames=state.frames[:-1])
        elif state.queue and queue:
            frame = state.queue[0]
            state = state.replace(queue=state.queue[1:])
        else:
            return state
        assert frame is not None
        code = programs[frame.card, frame.slot].code
        end = len(code)
        while frame is not None and frame.pc < end:
            instr = code[frame.pc]
            state, frame = instr.run(state, frame, rules)
            if state.pending is not None:
                assert frame is not None, "a suspending instruction keeps its frame"
                if chooser is None:
                    return state.replace(frames=(*state.frames, frame))
                choice = state.pending.options[chooser(state.pending)]
                state = state.replace(pending=None)
                state, frame = instr.resume(state, frame, rules, choice)
    return state


def answer(state: S, rules: CardRules[S], index: int) -> S:
    """Resume the suspended program with option *index* of the pending decision.

    The instruction that asked finishes; the rest of the program runs at the
    next :func:`run` (a game's resolution pass), as after any action.

    Raises ``ValueError`` when nothing is pending or *index* is out of range
    (callers check legality first; this is a programming error).
    """
    decision = state.pending
    if decision is None:
        raise ValueError("no decision is pending")
    if not 0 <= index < len(decision.options):
        raise ValueError(f"option {index} of a decision with {len(decision.options)} options")
    frame = state.frames[-1]
    instr = rules.pool.programs[frame.card, frame.slot].code[frame.pc]
    state = state.replace(pending=None, frames=state.frames[:-1])
    state, after = instr.resume(state, frame, rules, decision.options[index])
    if after is not None:
        state = state.replace(frames=(*state.frames, after))
    return state


@dataclass(frozen=True, slots=True)
class Jump(Instr):
    """Go to instruction ``to``."""

    to: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        return state, frame.replace(pc=self.to)


@dataclass(frozen=True, slots=True)
class JumpUnless(Instr):
    """Go on when ``test(state, frame)`` holds, else go to ``to``."""

    test: Callable[[object, Frame], bool]
    to: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        if self.test(state, frame):
            return state, frame.replace(pc=frame.pc + 1)
        return state, frame.replace(pc=self.to)


@dataclass(frozen=True, slots=True)
class Loop(Instr):
    """Take the next id of register ``items`` into register ``item``, or leave the loop.

    ``items`` holds the ids still to visit; when it is empty, go to ``exit``.
    """

    items: Reg
    item: Reg
    exit: int

    def run(self, state: S, frame: Frame, rules: CardRules[S]) -> tuple[S, Frame | None]:
        left = frame.regs[self.items.index]
        assert isinstance(left, tuple)
        if not left:
            return state, frame.replace(pc=self.exit)
        regs = list(frame.regs)
        regs[self.items.index] = left[1:]
        regs[self.item.index] = left[:1]
        return state, frame.replace(pc=frame.pc + 1, regs=tuple(regs))
