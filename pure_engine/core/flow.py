"""A flat turn machine: a table of steps and one loop, not nested Turn/Phase/Step objects.

Seed 002 measured an engine whose 4-level Turn → Phase → Step → Priority
hierarchy did ten ticks for every decision.  Turn structure is static data,
so here it is a table: each :class:`FlowStep` says what happens on entering
it (turn-based actions), whether a player must decide there, and which step
follows.  :meth:`TurnMachine.run_until_decision` advances through every step
that needs no decision in one loop and counts the ticks.  Forced decisions
(one legal option) are skipped by the session layer
(:mod:`pure_engine.core.session`), which logs them with their provenance.

>>> from pure_engine.core.struct import Struct
>>> class T(Struct):
...     step: str
...     turn: int = 1
...     cards: int = 0
>>> machine = TurnMachine(
...     steps={
...         "untap": FlowStep("untap", next="draw"),
...         "draw": FlowStep("draw", enter=lambda s: s.replace(cards=s.cards + 1), next="main"),
...         "main": FlowStep("main", decides=lambda s: s.cards > 0, next="end"),
...         "end": FlowStep("end", next="untap", leave=lambda s: s.replace(turn=s.turn + 1)),
...     },
...     get_step=lambda s: s.step,
...     set_step=lambda s, name: s.replace(step=name),
... )
>>> machine.run_until_decision(T("untap"))
(T(step='main', turn=1, cards=1), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from toolz import compose_left

__all__ = ["FlowStep", "TurnMachine", "chain"]

S = TypeVar("S")
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class FlowStep(Generic[S, K]):
    """One row of the turn table.

    ``enter`` runs when the step begins (untap, draw...); ``decides`` says
    whether a player must act now (absent: never); ``leave`` runs when the
    step ends; ``next`` names the following step, or chooses it from the state.
    """

    name: K
    next: K | Callable[[S], K]
    enter: Callable[[S], S] | None = None
    decides: Callable[[S], bool] | None = None
    leave: Callable[[S], S] | None = None


@dataclass(frozen=True, slots=True)
class TurnMachine(Generic[S, K]):
    """The table of steps plus where the current step name lives in the state.

    ``is_over`` stops the loop when the game has ended mid-turn.
    """

    steps: Mapping[K, FlowStep[S, K]]
    get_step: Callable[[S], K]
    set_step: Callable[[S, K], S]
    is_over: Callable[[S], bool] = lambda state: False

    def __post_init__(self) -> None:
        for name, step in self.steps.items():
            if step.name != name:
                raise ValueError(f"step {step.name!r} is filed under {name!r}")
            if not callable(step.next) and step.next not in self.steps:
                raise ValueError(f"step {step.name!r} continues to unknown step {step.next!r}")

    def needs_decision(self, state: S) -> bool:
        """True when the current step waits for a player."""
        decides = self.steps[self.get_step(state)].decides
        return decides is not None and decides(state)

    def finish_step(self, state: S) -> S:
        """Leave the current step and enter the next one (one tick)."""
        step = self.steps[self.get_step(state)]
        if step.leave is not None:
            state = step.leave(state)
        name = step.next(state) if callable(step.next) else step.next
        following = self.steps.get(name)
        if following is None:
            raise ValueError(f"step {step.name!r} chose unknown step {name!r}")
        state = self.set_step(state, name)
        return following.enter(state) if following.enter is not None else state

    def run_until_decision(self, state: S, *, max_ticks: int = 1_000_000) -> tuple[S, int]:
        """Advance through steps that need no decision; return the state and the tick count.

        Raises ``RuntimeError`` after *max_ticks* (a turn table with no
        decision and no end would otherwise spin forever).
        """
        steps, get_step, is_over = self.steps, self.get_step, self.is_over
        ticks = 0
        while not is_over(state):
            decides = steps[get_step(state)].decides
            if decides is not None and decides(state):
                break
            if ticks >= max_ticks:
                raise RuntimeError(f"no decision after {max_ticks} ticks (at {get_step(state)!r})")
            state = self.finish_step(state)
            ticks += 1
        return state, ticks


def chain(*passes: Callable[[S], S]) -> Callable[[S], S]:
    """Compose state → state passes left to right: ``step`` as a pipeline (as pgx writes it).

    >>> inc = chain(lambda n: n + 1, lambda n: n * 10)
    >>> inc(1)
    20
    """
    composed: Callable[[S], S] = compose_left(*passes)
    return composed
