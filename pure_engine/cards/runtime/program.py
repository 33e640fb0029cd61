"""The records of a running card program: frames, registers, decisions, and the state's fields.

The records themselves (:class:`Frame`, :class:`Decision`, the kit's state :class:`CardState`)
live in the compiled :mod:`~pure_engine.cards.runtime.card_state` and are re-exported here;
this module adds the type variable of a game's state (:data:`S`), the operand types and
:class:`Reg`.

A card's ability compiles once (:mod:`pure_engine.cards.runtime.pool`) to a
program: a tuple of instructions and a register count.  The interpreter
(:mod:`pure_engine.cards.runtime.vm`) runs a program over a state; while it
runs, its position is a :class:`Frame` — *which* program (card and slot, not
the program itself: states hold only plain data), the program counter, the
evaluation context and the registers.  When a player must decide in the middle
of an effect, the frame stays in the state and a :class:`Decision` says who
decides among what; the answer resumes the frame where it stopped.

Why a program and not a closure: a closure cannot be suspended inside an
immutable state — its position is the Python call stack, which a search cannot
copy, compare, hash or store in a transposition table.  A frame is a small
struct: forking a suspended effect is copying a pointer (docs/cards.md
measures both forms).

>>> from pure_engine.cards.selectors import Ctx
>>> frame = Frame("fireball", "play", 0, Ctx(3, 0, 7))
>>> frame.replace(pc=1).pc, frame.pc
(1, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from pure_engine.cards.runtime.card_state import (
    CHANCE_PLAYER,
    CardState,
    Decision,
    DecisionKind,
    Frame,
    Value,
)
from pure_engine.cards.runtime.table import EntityId, Table

__all__ = [
    "CHANCE_PLAYER",
    "CardState",
    "Decision",
    "DecisionKind",
    "Frame",
    "Number",
    "Reg",
    "S",
    "Targets",
    "Value",
]

S = TypeVar("S", bound=CardState)

Targets = Callable[[Table, Frame], tuple[EntityId, ...]]
"""A compiled target operand: a selector or a register, read at run time."""
Number = Callable[[CardState, Frame], int]
"""A compiled number operand: a constant, ``Count(sel)``, a register..."""


@dataclass(frozen=True, slots=True)
class Reg:
    """A register operand: what an earlier instruction bound (``Reg(0)``)."""

    index: int
