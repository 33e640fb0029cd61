"""Ability programs: compact immutable instruction tuples, and the records that let one suspend.

A card's ability compiles (once, when the card is defined) to a
:class:`Program`: a tuple of instructions and a register count.  The
interpreter (:mod:`pure_engine.cards.vm`) runs a program over a state; while it
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

Instruction classes are named after seed 004's opcodes where they match
(``SelectMode``, ``TriggerRemote``, ``SearchDeck``, ``LookAndChoose``,
``OrderDeck``); the effect instructions live in :mod:`pure_engine.cards.effects`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from pure_engine.cards.selectors import Compiled, Ctx, Selector, compile_selector
from pure_engine.cards.table import EntityId, Layout, Table
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct

if TYPE_CHECKING:
    from pure_engine.cards.rules import Rules

__all__ = [
    "CHANCE_PLAYER",
    "Assembler",
    "CardState",
    "Decision",
    "DecisionKind",
    "Frame",
    "Instr",
    "Number",
    "Program",
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


class Instr:
    """Base of every instruction: a frozen, slotted dataclass with a ``run`` method.

    ``run`` returns the new state and the frame to go on with (its ``pc``
    advanced), or ``None`` when it pushed frames itself (a call).  An
    instruction that needs a decision sets ``state.pending`` and returns the
    frame unchanged; the answer comes back through ``resume``.
    """

    __slots__ = ()

    def run(self, state: S, frame: Frame, rules: Rules[S]) -> tuple[S, Frame | None]:
        """Execute the instruction."""
        raise NotImplementedError

    def resume(
        self, state: S, frame: Frame, rules: Rules[S], choice: Value
    ) -> tuple[S, Frame | None]:
        """Go on after the pending decision was answered with *choice*."""
        raise TypeError(f"{type(self).__name__} never suspends")


@dataclass(frozen=True, slots=True)
class Program:
    """A compiled ability: instructions and how many registers it uses."""

    code: tuple[Instr, ...]
    regs: int = 0
    text: str = ""

    def __len__(self) -> int:
        return len(self.code)


@dataclass(frozen=True, slots=True)
class Reg:
    """A register operand: what an earlier instruction bound (``Reg(0)``)."""

    index: int


class Assembler:
    """Builds a program: emits instructions, allocates registers, compiles selectors once.

    Effects compile themselves into an assembler (``effect.emit(asm)``); it
    knows the layout, so every selector of a card is compiled here, at
    definition time.
    """

    __slots__ = ("code", "layout", "regs")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.code: list[Instr] = []
        self.regs = 0

    def reg(self) -> Reg:
        """A fresh register."""
        self.regs += 1
        return Reg(self.regs - 1)

    def emit(self, instr: Instr) -> int:
        """Append *instr*; return its index."""
        self.code.append(instr)
        return len(self.code) - 1

    def here(self) -> int:
        """The index the next instruction will get."""
        return len(self.code)

    def patch(self, index: int, instr: Instr) -> None:
        """Replace the instruction at *index* (a jump whose target is now known)."""
        self.code[index] = instr

    def selector(self, selector: Selector) -> Compiled:
        """*selector* compiled for this layout."""
        return compile_selector(selector, self.layout)

    def program(self, text: str = "") -> Program:
        """The finished program."""
        return Program(tuple(self.code), self.regs, text)
