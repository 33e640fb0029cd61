"""A flat turn machine: a table of steps and one loop, not nested Turn/Phase/Step objects.

A Magic simulator built as a 4-level Turn → Phase → Step → Priority hierarchy
was measured doing ten ticks for every decision.  Turn structure is static
data, so here it is a table: each :class:`FlowStep` says what happens on entering
it (turn-based actions), whether a player must decide there, and which step
follows.  :meth:`TurnMachine.run_until_decision` advances through every step
that needs no decision in one loop and counts the step changes.

Skip-trivial belongs in the same loop: a machine with
an ``auto`` rule asks it, at every decision point, for the automatic action
there (a forced priority pass, a single-option choice) and applies it without
ever building the list of options.  :meth:`TurnMachine.advance` is one *tick*:
it runs from one decision to the next, counting the step changes and the
automatic actions it made on the way.  Forced decisions of games
without such a rule are skipped by the session layer
(:mod:`pure_engine.core.session`), which logs them with their provenance.

Steps are named by typed ids: an enum when the game has one (magic_lite's
``Step``), else :data:`StepId`, a ``NewType`` of ``str`` (free at run time, a
distinct type for mypy).  A step name the table does not hold is a programming
error, not a player's illegal move: ``KeyError`` for the current step,
``ValueError`` for a table (or a ``next`` chooser) naming an unknown step.

>>> from pure_engine.core.struct import Struct
>>> class T(Struct):
...     step: StepId
...     turn: int = 1
...     cards: int = 0
>>> UNTAP, DRAW, MAIN, END = map(StepId, ("untap", "draw", "main", "end"))
>>> machine = TurnMachine(
...     steps={
...         UNTAP: FlowStep(UNTAP, next=DRAW),
...         DRAW: FlowStep(DRAW, enter=lambda s: s.replace(cards=s.cards + 1), next=MAIN),
...         MAIN: FlowStep(MAIN, decides=lambda s: s.cards > 0, next=END),
...         END: FlowStep(END, next=UNTAP, leave=lambda s: s.replace(turn=s.turn + 1)),
...     },
...     get_step=lambda s: s.step,
...     set_step=lambda s, name: s.replace(step=name),
... )
>>> machine.run_until_decision(T(UNTAP))
(T(step='main', turn=1, cards=1), 2)
>>> machine.run_until_decision(T(StepId("upkeep")))
Traceback (most recent call last):
...
KeyError: "no step named 'upkeep'; steps: 'untap', 'draw', 'main', 'end'"
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Final, Generic, NewType, NoReturn, TypeVar, cast

from toolz import compose_left

from pure_engine.core.frozen import Frozen
from pure_engine.core.struct import Struct

__all__ = ["FlowRun", "FlowStep", "StepId", "TurnMachine", "chain"]

StepId = NewType("StepId", str)
"""The name of a turn step (``StepId("main")``) for a game without a step enum: a distinct
type, so mypy catches a zone or a player name passed where a step was meant."""

S = TypeVar("S")
K = TypeVar("K", bound=Hashable)


class FlowStep(Frozen, Generic[S, K]):
    """One row of the turn table.

    ``enter`` runs when the step begins (untap, draw...); ``decides`` says
    whether a player must act now (absent: never); ``leave`` runs when the
    step ends; ``next`` names the following step, or chooses it from the state.

    ``enter_at`` (instead of ``enter``) is handed the state *before* the
    machine's ``set_step`` and the step's name, and sets the step itself: a
    game whose entering action writes the state anyway makes one write of
    both (on a wide state record, a write costs as much as a few dozen field
    reads).  Entering a step leaves the state in it: the machine goes on with
    the row of the step it entered, not asking ``get_step`` again (an ``auto``
    action may move the turn on: after one, it asks).

    A native record (:class:`~pure_engine.core.frozen.Frozen`): the machine reads a row's
    fields at every step change, which compiled code does as C fields (a ``Struct``'s field
    was a generic attribute lookup, ~185 instructions).
    """

    __match_args__ = ("name", "next", "enter", "decides", "leave", "enter_at")

    def __init__(
        self,
        name: K,
        next: K | Callable[[S], K],
        enter: Callable[[S], S] | None = None,
        decides: Callable[[S], bool] | None = None,
        leave: Callable[[S], S] | None = None,
        enter_at: Callable[[S, K], S] | None = None,
    ) -> None:
        self.name: Final = name
        self.next: Final = next
        self.enter: Final = enter
        self.decides: Final = decides
        self.leave: Final = leave
        self.enter_at: Final = enter_at


class TurnMachine(Generic[S, K]):
    """The table of steps plus where the current step name lives in the state.

    ``is_over`` stops the loop when the game has ended mid-turn.  ``auto``
    (optional) is the skip-trivial rule: at a decision point it returns the
    state after the automatic action there, or ``None`` when a player must
    really decide; it must be cheap (seed 002's ``canDoAnything``), since it
    runs at every decision point :meth:`advance` meets.
    """

    # a plain class, not a dataclass: a generic dataclass does not compile (mypyc); its fields
    # are Final, so nothing rebinds them (mypy --strict)

    def __init__(
        self,
        steps: Mapping[K, FlowStep[S, K]],
        get_step: Callable[[S], K],
        set_step: Callable[[S, K], S],
        is_over: Callable[[S], bool] | None = None,
        auto: Callable[[S], S | None] | None = None,
    ) -> None:
        # a dict of its own (the rows as given): compiled, a dict lookup is a C call, where a
        # Mapping's ``get`` is a Python method call, at every step change
        self.steps: Final[dict[K, FlowStep[S, K]]] = dict(steps)
        self.get_step: Final = get_step
        self.set_step: Final = set_step
        self.is_over: Final[Callable[[S], bool]] = _never if is_over is None else is_over
        self.auto: Final = auto
        for name, step in steps.items():
            if step.name != name:
                raise ValueError(f"step {step.name!r} is filed under {name!r}")
            if not callable(step.next) and step.next not in self.steps:
                raise ValueError(f"step {step.name!r} continues to unknown step {step.next!r}")
            if step.enter is not None and step.enter_at is not None:
                raise ValueError(f"step {step.name!r} has both enter and enter_at")

    def current(self, state: S) -> FlowStep[S, K]:
        """The row of the step *state* is in; ``KeyError`` if the table has no such step."""
        name = self.get_step(state)
        step = self.steps.get(name)
        if step is None:
            self._unknown_step(name)
        return step

    def _unknown_step(self, name: object) -> NoReturn:
        steps = ", ".join(repr(known) for known in self.steps)
        raise KeyError(f"no step named {name!r}; steps: {steps}")

    def needs_decision(self, state: S) -> bool:
        """True when the current step waits for a player."""
        decides = self.current(state).decides
        return decides is not None and decides(state)

    def finish_step(self, state: S) -> S:
        """Leave the current step and enter the next one (one step change)."""
        return self._finish(self.current(state), state)[0]

    def _finish(self, step: FlowStep[S, K], state: S) -> tuple[S, FlowStep[S, K]]:
        """Leave *step* (the current one) and enter the next; return the state and the row of
        the step entered (where entering it leaves the state)."""
        if step.leave is not None:
            state = step.leave(state)
        name = cast(K, step.next(state)) if _callable(step.next) else step.next
        following = self.steps.get(name)
        if following is None:
            raise ValueError(f"step {step.name!r} chose unknown step {name!r}")
        if following.enter_at is not None:
            return following.enter_at(state, name), following
        state = self.set_step(state, name)
        return (following.enter(state) if following.enter is not None else state), following

    def run_until_decision(self, state: S, *, max_ticks: int = 1_000_000) -> tuple[S, int]:
        """Advance through steps that need no decision; return the state and the number of step
        changes (the ``max_ticks`` they are bounded by).

        Raises ``RuntimeError`` after *max_ticks* (a turn table with no
        decision and no end would otherwise spin forever).
        """
        ticks = 0
        step: FlowStep[S, K] | None = None  # the current step's row, once read
        while not self.is_over(state):
            if step is None:
                step = self.current(state)
            if step.decides is not None and step.decides(state):
                break
            if ticks >= max_ticks:
                raise RuntimeError(f"no decision after {max_ticks} ticks (at {step.name!r})")
            state, step = self._finish(step, state)
            ticks += 1
        return state, ticks

    def advance(self, state: S, *, max_steps: int = 1_000_000) -> FlowRun[S]:
        """Run to the next real decision in one tick, applying the ``auto`` rule's actions.

        This is seed 002's ``TurnSystem::tick``: one pass of the flow loop goes
        from a decision to the next one.  Inside the pass, a step that needs no
        decision is finished (counted in ``steps``) and a decision the ``auto``
        rule takes is applied (counted in ``autos``); the pass stops at the
        first decision a player must really make, or when the game is over.
        Automatic steps and trivial decisions are never handed back to the
        caller one at a time, so a driver meets exactly one tick per decision.

        >>> from pure_engine.core.struct import Struct
        >>> class T(Struct):
        ...     step: StepId
        ...     passes: int = 0
        >>> MAIN, END = StepId("main"), StepId("end")
        >>> machine = TurnMachine(
        ...     steps={
        ...         MAIN: FlowStep(MAIN, decides=lambda s: s.passes < 2, next=END),
        ...         END: FlowStep(END, next=MAIN, leave=lambda s: s.replace(passes=0)),
        ...     },
        ...     get_step=lambda s: s.step,
        ...     set_step=lambda s, name: s.replace(step=name),
        ...     auto=lambda s: s.replace(passes=s.passes + 1) if s.passes == 1 else None,
        ... )
        >>> machine.advance(T(MAIN, passes=1))  # one forced pass ends main; the next main waits
        FlowRun(state=T(step='main', passes=0), steps=2, autos=1)

        Raises ``RuntimeError`` after *max_steps* step changes and automatic
        actions without a decision (a table that never waits would spin forever).
        """
        state, changes, autos = self.tick(state, max_steps=max_steps)
        return _flow_run(state, changes, autos)

    def tick(self, state: S, *, max_steps: int = 1_000_000) -> tuple[S, int, int]:
        """:meth:`advance` as a plain ``(state, steps, autos)`` tuple: the same loop, without a
        :class:`FlowRun` record built per tick (a game's hot ``step`` unpacks it at once).

        >>> from pure_engine.core.struct import Struct
        >>> class T(Struct):
        ...     step: StepId
        >>> MAIN, END = StepId("main"), StepId("end")
        >>> machine = TurnMachine(
        ...     steps={MAIN: FlowStep(MAIN, decides=lambda s: True, next=END),
        ...            END: FlowStep(END, next=MAIN)},
        ...     get_step=lambda s: s.step,
        ...     set_step=lambda s, name: s.replace(step=name),
        ... )
        >>> machine.tick(T(END))
        (T(step='main'), 1, 0)
        """
        auto = self.auto
        changes = autos = 0
        step: FlowStep[S, K] | None = None  # the current step's row, once read
        while not self.is_over(state):
            if step is None:
                step = self.current(state)
            if changes + autos >= max_steps:
                raise RuntimeError(f"no decision after {max_steps} steps (at {step.name!r})")
            if step.decides is not None and step.decides(state):
                after = None if auto is None else auto(state)
                if after is None:
                    break
                state, step = after, None  # (the action may have moved the turn on)
                autos += 1
                continue
            state, step = self._finish(step, state)
            changes += 1
        return state, changes, autos


_callable: Final = callable
"""The builtin, bound once: compiled, a call of ``callable`` looks it up on the builtins module
each time (~290 instructions, at every step change: ~1 M of the ~159 M of the ``magic``
workload).  mypy narrows only the builtin's own name, hence :meth:`TurnMachine._finish`'s
``cast``."""


def _never(state: object) -> bool:
    """The default ``is_over``: a game that never ends mid-turn."""
    return False


class FlowRun(Struct, Generic[S]):
    """What one tick (:meth:`TurnMachine.advance`) did: the state it reached, the step changes
    it made and the automatic actions it applied on the way."""

    state: S
    steps: int
    autos: int


_flow_run: Callable[[Any, int, int], FlowRun[Any]] = FlowRun.maker()
"""``(state, steps, autos)``: the positional constructor (``Struct.maker``), one per tick."""


def chain(*passes: Callable[[S], S]) -> Callable[[S], S]:
    """Compose state → state passes left to right: ``step`` as a pipeline (as pgx writes it).

    >>> inc = chain(lambda n: n + 1, lambda n: n * 10)
    >>> inc(1)
    20
    """
    composed: Callable[[S], S] = compose_left(*passes)
    return composed
