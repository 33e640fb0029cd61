"""A stack of spells and abilities, and priority passing, for games where players respond.

In a game with a stack (Magic's rules 117 and 405), casting a spell or
triggering an ability does not act at once: the item goes on a last-in,
first-out stack, players receive *priority* in turn, and only when every
player passes in succession does the top item resolve; then the active player
receives priority again.  The items are programs of the kit — a frame, not a
closure — so a position with three spells waiting is plain data a search can
copy, compare and store.

:class:`StackState` adds the stack and the priority holder to
:class:`~pure_engine.cards.runtime.program.CardState`; the functions here are the
moves every such game shares.  What resolving a *spell* means besides running
its program (a creature spell enters the battlefield, an instant goes to the
graveyard) is the game's business.

>>> from pure_engine.cards.selectors import Ctx
>>> from pure_engine.cards.runtime.table import Layout, new_table
>>> s = StackState(new_table(Layout.build([])))
>>> bolt = StackItem(Frame("bolt", "play", 0, Ctx(None, 0)), spell=True)
>>> s = push_item(s, bolt)
>>> s.holder, len(s.stack)
(0, 1)
>>> s, done = pass_priority(s, players=2)
>>> s.holder, done
(1, False)
>>> s, done = pass_priority(s, players=2)
>>> done                                     # everybody passed: the top item resolves
True
"""

from __future__ import annotations

from typing import Final, Self, TypeVar

from pure_engine.cards.runtime.pool import CardRules
from pure_engine.cards.runtime.program import CardState, Decision, Frame
from pure_engine.cards.runtime.table import Table
from pure_engine.cards.runtime.vm import push, run
from pure_engine.core.frozen import KEEP, Frozen, Keep
from pure_engine.core.rng import Rng

__all__ = [
    "StackItem",
    "StackState",
    "pass_priority",
    "pop_item",
    "push_item",
    "start_item",
    "triggers_to_stack",
]


class StackItem(Frozen):
    """A spell or ability waiting on the stack: the program that runs when it resolves.

    ``frame.ctx`` holds its source, its controller and its target; ``spell``
    says whether a card waits with it (in the game's stack zone).  A native record.
    """

    __match_args__ = ("frame", "spell")

    def __init__(self, frame: Frame, spell: bool = False) -> None:
        self.frame: Final = frame
        self.spell: Final = spell


class StackState(CardState):
    """A card game state with a stack: ``stack`` (top last), the priority ``holder``, and how
    many players have ``passes``-ed in succession.

    A native record (:class:`~pure_engine.core.frozen.Frozen`), as the kit's state it extends.
    """

    __match_args__ = (*CardState.__match_args__, "stack", "holder", "passes")

    def __init__(
        self,
        table: Table,
        frames: tuple[Frame, ...] = (),
        queue: tuple[Frame, ...] = (),
        pending: Decision | None = None,
        rng: Rng | None = None,
        stack: tuple[StackItem, ...] = (),
        holder: int = 0,
        passes: int = 0,
    ) -> None:
        super().__init__(table, frames, queue, pending, rng)
        self.stack: Final = stack
        self.holder: Final = holder
        self.passes: Final = passes

    def replace(  # type: ignore[override]
        self,
        *,
        table: Table | None = None,
        frames: tuple[Frame, ...] | None = None,
        queue: tuple[Frame, ...] | None = None,
        pending: Decision | Keep | None = KEEP,
        rng: Rng | Keep | None = KEEP,
        stack: tuple[StackItem, ...] | None = None,
        holder: int | None = None,
        passes: int | None = None,
    ) -> Self:
        """A copy with the named fields changed (the state itself is untouched)."""
        return self.with_first(
            StackState.__match_args__,
            (
                self.table if table is None else table,
                self.frames if frames is None else frames,
                self.queue if queue is None else queue,
                self.pending if pending is KEEP else pending,
                self.rng if rng is KEEP else rng,
                self.stack if stack is None else stack,
                self.holder if holder is None else holder,
                self.passes if passes is None else passes,
            ),
        )


T = TypeVar("T", bound=StackState)


def push_item(state: T, item: StackItem, table: Table | None = None) -> T:
    """Put *item* on top of the stack; its controller receives priority (rule 117.3c).  *table*:
    the table as announcing the item left it (a spell moved to the stack, its cost paid), in the
    same write of the state (a write of its own: ``cast`` 11.5 M -> 10.3 M of ``magic``)."""
    controller = item.frame.ctx.controller
    return state.replace(table=table, stack=(*state.stack, item), holder=controller, passes=0)


def pass_priority(state: T, *, players: int) -> tuple[T, bool]:
    """The holder passes; return the state and whether every player has now passed in succession
    (then the top item resolves, or the step ends when the stack is empty)."""
    passes = state.passes + 1
    if passes >= players:
        return state.replace(passes=passes), True
    return state.replace(passes=passes, holder=(state.holder + 1) % players), False


def pop_item(state: T, *, active: int) -> tuple[T, StackItem]:
    """Take the top item off the stack; the active player will receive priority (rule 117.3b)."""
    *rest, top = state.stack
    return state.replace(stack=tuple(rest), holder=active, passes=0), top


def start_item(state: T, rules: CardRules[T], item: StackItem) -> T:
    """Run *item*'s program; the triggers it causes stay queued (:func:`triggers_to_stack`)."""
    return run(push(state, rules, item.frame), rules, queue=False)


def triggers_to_stack(state: T, *, active: int, players: int) -> T:
    """Put the queued triggered abilities on the stack in APNAP order (rule 603.3b): the active
    player's first (so they resolve last), each player's in order of play."""
    queued = state.queue
    if not queued:
        return state
    items = tuple(
        StackItem(frame)
        for p in range(players)
        for frame in queued
        if frame.ctx.controller == (active + p) % players
    )
    return state.replace(stack=state.stack + items, queue=(), holder=active, passes=0)
