"""``step`` as a pipeline of small named passes (as pgx writes its games).

A card game's ``step`` is: apply the action, run the effects it started,
fire triggers and hold death phases, check state-based rules (a hero at 0
health), advance the turn flow to the next decision.  :class:`Pipeline`
keeps those passes as named, separately testable functions and runs them in
order; :meth:`Pipeline.trace` shows the state after each pass (for debugging
and for tests that pin what one pass does).

>>> passes = (Pass("double", lambda s: s * 2), Pass("inc", lambda s: s + 1))
>>> pipe = Pipeline(lambda s, a: s + a, passes)
>>> pipe(1, 2)
7
>>> [name for name, _ in pipe.trace(1, 2)]
['apply', 'double', 'inc']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

from pure_engine.core.struct import Struct

__all__ = ["Pass", "Pipeline"]

S = TypeVar("S")
A = TypeVar("A")


class Pass(Struct, Generic[S]):
    """One named state -> state pass."""

    name: str
    run: Callable[[S], S]


class Pipeline(Generic[S, A]):
    """``apply(state, action)`` followed by the passes, in order.

    A plain class (a generic dataclass does not compile with mypyc); its fields are Final.
    """

    def __init__(self, apply: Callable[[S, A], S], passes: tuple[Pass[S], ...]) -> None:
        self.apply: Final = apply
        self.passes: Final = passes
        self._runs: Final = tuple(p.run for p in passes)

    def __call__(self, state: S, action: A) -> S:
        # a loop here rather than toolz's compose (``flow.chain``): compiled, it calls each pass
        # from C, where compose runs an interpreted loop (cachegrind, six passes of a builtin:
        # ~2 840 instructions a call against ~5 900 through compose)
        state = self.apply(state, action)
        for run in self._runs:
            state = run(state)
        return state

    def trace(self, state: S, action: A) -> list[tuple[str, S]]:
        """The state after each pass, by name (``apply`` first)."""
        state = self.apply(state, action)
        out = [("apply", state)]
        for step in self.passes:
            state = step.run(state)
            out.append((step.name, state))
        return out
