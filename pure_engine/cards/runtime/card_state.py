"""The state every card game on the kit builds on, and the records of a running program in it.

:class:`CardState` holds the kit's fields (the table, the running programs, the trigger queue,
the pending decision, the rng); a game's state subclasses it.  It is a native record
(:class:`~pure_engine.core.frozen.Frozen`): the compiled kit and rules read its fields as C
fields, and its :meth:`CardState.replace` names them, so that compiled code calls the replace of
the game's own state class (which names all of its fields) directly.  It digests as the struct
of the same name and fields did.  A game's state may be compiled or not: the class allows
interpreted subclasses (a test's toy game subclasses it).

:class:`Frame` and :class:`Decision` (a running program and its question; see
:mod:`~pure_engine.cards.runtime.program`, which re-exports everything here) are native
records too, digesting as the structs of the same names and fields did.

>>> from pure_engine.cards.runtime.table import Layout, new_table
>>> s = CardState(new_table(Layout.build([])))
>>> s.replace(pending=None) == s, s.replace(frames=(Frame("bolt", "play", 0, Ctx(3, 0)),)).frames
(True, (Frame(card='bolt', slot='play', pc=0, ctx=Ctx(source=3, controller=0, target=None), \
regs=(), depth=0),))
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Final, Self

from mypy_extensions import mypyc_attr

from pure_engine.cards.runtime.entity import Ctx, EntityId
from pure_engine.cards.runtime.table import Table
from pure_engine.core.frozen import KEEP, Frozen, Keep
from pure_engine.core.rng import Rng

__all__ = ["CHANCE_PLAYER", "CardState", "Decision", "DecisionKind", "Frame", "Value"]

Value = int | tuple[EntityId, ...]
"""What a register holds: a number, or entity ids."""

CHANCE_PLAYER: Final = -1
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


class Frame(Frozen):
    """A running program: which (``card``, ``slot``), where (``pc``), for whom, its registers,
    and ``depth``: how many programs this one runs inside (``TriggerRemote`` nesting).

    A native record: the compiled interpreter reads and advances it at every instruction.
    """

    __match_args__ = ("card", "slot", "pc", "ctx", "regs", "depth")

    def __init__(
        self,
        card: str,
        slot: str,
        pc: int,
        ctx: Ctx,
        regs: tuple[Value, ...] = (),
        depth: int = 0,
    ) -> None:
        self.card: Final = card
        self.slot: Final = slot
        self.pc: Final = pc
        self.ctx: Final = ctx
        self.regs: Final = regs
        self.depth: Final = depth

    def replace(  # type: ignore[override]
        self,
        *,
        card: str | None = None,
        slot: str | None = None,
        pc: int | None = None,
        ctx: Ctx | None = None,
        regs: tuple[Value, ...] | None = None,
        depth: int | None = None,
    ) -> Frame:
        """A copy with the named fields changed (the frame itself is untouched)."""
        return Frame(
            self.card if card is None else card,
            self.slot if slot is None else slot,
            self.pc if pc is None else pc,
            self.ctx if ctx is None else ctx,
            self.regs if regs is None else regs,
            self.depth if depth is None else depth,
        )


class Decision(Frozen):
    """A suspended program's question: ``player`` chooses one of ``options``.

    ``player`` is :data:`CHANCE_PLAYER` for chance, whose ``weights`` are the
    exact probabilities (``()`` for a player's decision).  ``labels`` name the
    options for notation.  A native record.
    """

    __match_args__ = ("player", "kind", "options", "weights", "labels")

    def __init__(
        self,
        player: int,
        kind: DecisionKind,
        options: tuple[Value, ...],
        weights: tuple[Fraction, ...] = (),
        labels: tuple[str, ...] = (),
    ) -> None:
        self.player: Final = player
        self.kind: Final = kind
        self.options: Final = options
        self.weights: Final = weights
        self.labels: Final = labels


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's state may be a Python class
class CardState(Frozen):
    """The fields every card game on the kit has; a game's state subclasses it.

    ``frames`` is the call stack of running programs (top last), ``queue``
    the triggered programs waiting to run (first first), ``pending`` the
    decision a suspended program waits for, ``rng`` the seeded generator that
    resolves chance in simulation.

    A subclass that adds fields sets them in its ``__init__`` after calling this one, lists
    them after these in ``__match_args__``, and gives itself a ``replace`` naming all of its
    fields (the kit's functions call ``replace`` with these five names; a subclass without its
    own ``replace`` still works, through the generic one).
    """

    __match_args__ = ("table", "frames", "queue", "pending", "rng")

    def __init__(
        self,
        table: Table,
        frames: tuple[Frame, ...] = (),
        queue: tuple[Frame, ...] = (),
        pending: Decision | None = None,
        rng: Rng | None = None,
    ) -> None:
        self.table: Final = table
        self.frames: Final = frames
        self.queue: Final = queue
        self.pending: Final = pending
        self.rng: Final = rng

    # names the fields (KEEP: unchanged, where None is a value), so that the compiled kit's
    # `state.replace(table=...)` calls the game state's own replace directly
    def replace(  # type: ignore[override]
        self,
        *,
        table: Table | None = None,
        frames: tuple[Frame, ...] | None = None,
        queue: tuple[Frame, ...] | None = None,
        pending: Decision | Keep | None = KEEP,
        rng: Rng | Keep | None = KEEP,
    ) -> Self:
        """A copy with the named fields changed (the state itself is untouched)."""
        return self.with_first(
            CardState.__match_args__,
            (
                self.table if table is None else table,
                self.frames if frames is None else frames,
                self.queue if queue is None else queue,
                self.pending if pending is KEEP else pending,
                self.rng if rng is KEEP else rng,
            ),
        )
