"""The records of a running card program: frames, registers, decisions, and the state's fields.

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

>>> frame = Frame("fireball", "play", 0, Ctx(3, 0, 7))
>>> frame.replace(pc=1).pc, frame.pc
(1, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from pure_engine.cards.runtime.table import EntityId, Table
from pure_engine.cards.selectors import Ctx
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct

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

Value = int | tuple[EntityId, ...]
"""What a register holds: a number, or entity ids."""

CHANCE_PLAYER = -1
"""``Decision.player`` of a chance decision (the core's ``CHANCE``)."""


class DecisionKind(enum.Enum):
    """What a pending decision asks for."""

    MODE = "mode"
    """Choose one of a card's modes (``SelectMode``)."""
    TARGET = "target"
    """Choose an entity (``ChooseTarget``)."""
    CARD = "card"
    """Choose a card among some looked at or searched for (``LookAndChoose``, ``SearchDeck``)."""
    ORDER = "order"
    """Choose an order for the top cards of a deck (``OrderDeck``)."""
    CHANCE = "chance"
    """Chance picks an option with the listed probabilities (``RandomPick``, ``RandomNumber``)."""
    NUMBER = "number"
    """Name a number in a range (``ChooseNumber``: X)."""


class Frame(Struct):
    """A running program: which (``card``, ``slot``), where (``pc``), for whom, its registers."""

    card: str
    slot: str
    pc: int
    ctx: Ctx
    regs: tuple[Value, ...] = ()
    depth: int = 0
    """How many programs this one runs inside (``TriggerRemote`` nesting)."""


class Decision(Struct):
    """A suspended program's question: ``player`` chooses one of ``options``.

    ``player`` is :data:`CHANCE_PLAYER` for chance, whose ``weights`` are the
    exact probabilities (``()`` for a player's decision).  ``labels`` name the
    options for notation.
    """

    player: int
    kind: DecisionKind
    options: tuple[Value, ...]
    weights: tuple[Fraction, ...] = ()
    labels: tuple[str, ...] = ()


class CardState(Struct):
    """The fields every card game on the kit has; a game's state subclasses it.

    ``frames`` is the call stack of running programs (top last), ``queue``
    the triggered programs waiting to run (first first), ``pending`` the
    decision a suspended program waits for, ``rng`` the seeded generator that
    resolves chance in simulation.
    """

    table: Table
    frames: tuple[Frame, ...] = ()
    queue: tuple[Frame, ...] = ()
    pending: Decision | None = None
    rng: Rng | None = None


S = TypeVar("S", bound=CardState)

Targets = Callable[[Table, Frame], tuple[EntityId, ...]]
"""A compiled target operand: a selector or a register, read at run time."""
Number = Callable[[CardState, Frame], int]
"""A compiled number operand: a constant, ``Count(sel)``, a register..."""


@dataclass(frozen=True, slots=True)
class Reg:
    """A register operand: what an earlier instruction bound (``Reg(0)``)."""

    index: int
