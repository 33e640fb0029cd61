"""Playing a game with automatic actions logged, so a replay is exact.

A :class:`Session` is a state plus the log of every action that led to it.
Two kinds of action are applied without anyone choosing them:

* ``"chance"`` — a chance node resolved from the state's own counter RNG
  (states made by ``initial_state(seed=N)``), so the same seed always deals
  the same cards, in any process;
* ``"forced"`` — skip-trivial: a decision with exactly one legal option,
  applied automatically when the :class:`AutoPolicy` says so (per game, and
  per player via ``players``).

Every automatic action is logged with its provenance; ``ticks`` counts them
and ``decisions`` counts the actions players chose (seed 002 found its engine
doing ten ticks per decision: here the ratio is visible).

>>> import pure_engine
>>> game = pure_engine.load_game("kuhn_poker")
>>> session = start(game, seed=3)
>>> [str(entry.auto) for entry in session.log]     # both cards dealt by chance
['chance', 'chance']
>>> session = act(game, session, game.legal_actions(session.state)[0])
>>> session.decisions, session.ticks
(1, 2)
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import StrEnum
from typing import Any, Final, Generic, TypeVar

from pyrsistent import PVector, pvector

from pure_engine.core.game import CHANCE, TERMINAL, Game, carries_rng
from pure_engine.core.struct import Struct

__all__ = [
    "CHANCE_AUTO",
    "FORCED_AUTO",
    "Auto",
    "AutoPolicy",
    "LoggedAction",
    "Session",
    "act",
    "actions_of",
    "advance",
    "start",
]

S = TypeVar("S")
A = TypeVar("A")


class Auto(StrEnum):
    """Why an action was applied without anyone choosing it (its provenance in the log)."""

    CHANCE = "chance"
    """A chance node resolved from the state's own rng."""
    FORCED = "forced"
    """A decision with exactly one legal option (skip-trivial)."""


CHANCE_AUTO: Final = Auto.CHANCE
FORCED_AUTO: Final = Auto.FORCED


class LoggedAction(Struct):
    """One applied action: who acted, what, ``auto`` (None when somebody chose it), and for a
    forced action the ``rule`` the game named for it (``Game.forced``; empty otherwise)."""

    player: int
    action: Hashable
    auto: Auto | None = None
    rule: str = ""


class AutoPolicy(Struct):
    """Which actions a session applies on its own.

    ``chance``: resolve chance nodes from the state's rng (needs a seeded state).
    ``skip_trivial``: apply single-option decisions; ``players`` restricts that
    to some seats (None means every seat).

    >>> AutoPolicy(skip_trivial=True).skips(1)
    True
    >>> AutoPolicy(skip_trivial=True, players=frozenset({0})).skips(1)
    False
    """

    chance: bool = True
    skip_trivial: bool = False
    players: frozenset[int] | None = None

    def skips(self, player: int) -> bool:
        """True when *player*'s single-option decisions are applied automatically."""
        return bool(self.skip_trivial) and (self.players is None or player in self.players)


class Session(Struct, Generic[S]):
    """A state, the log that produced it, and tick/decision counters."""

    state: S
    log: PVector[LoggedAction] = pvector()
    seed: int | None = None
    policy: AutoPolicy = AutoPolicy()
    ticks: int = 0
    decisions: int = 0


def start(
    game: Game[S, A], *, seed: int | None = None, policy: AutoPolicy | None = None
) -> Session[S]:
    """Begin a game and apply every automatic action up to the first real decision.

    Without a seed there is no in-state rng, so chance nodes wait for an
    explicit action (see :func:`act`).
    """
    policy = AutoPolicy() if policy is None else policy
    return advance(game, Session(game.initial_state(seed), pvector(), seed, policy, 0, 0))


def advance(game: Game[S, A], session: Session[S]) -> Session[S]:
    """Apply automatic actions (chance from the state's rng, forced moves) in one flat loop."""
    state = session.state
    policy = session.policy
    evolver = session.log.evolver()
    ticks = session.ticks
    current_player = game.current_player
    forced = game.forced
    while True:
        player = current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            if not policy.chance or not carries_rng(state):
                break
            action, state = game.resolve_chance(state)
            evolver.append(LoggedAction(CHANCE, action, CHANCE_AUTO))
        elif policy.skips(player):
            if forced is not None:
                found = forced(state)
                if found is None:
                    break
                action, rule = found
            else:
                legal = game.legal_actions(state)
                if len(legal) != 1:
                    break
                action, rule = legal[0], ""
            state = game.step(state, action)
            evolver.append(LoggedAction(player, action, FORCED_AUTO, rule))
        else:
            break
        ticks += 1
    if ticks == session.ticks:
        return session
    return session.replace(state=state, log=evolver.persistent(), ticks=ticks)


def act(game: Game[S, A], session: Session[S], action: A) -> Session[S]:
    """Play *action* (checked: raises ``IllegalActionError``), log it, then :func:`advance`.

    At a chance node this plays an explicit chance outcome (logged with
    ``auto=None``: somebody chose it, e.g. a puzzle setter).
    """
    state = session.state
    player = game.current_player(state)
    after = game.play(state, action)
    moved = session.replace(
        state=after,
        log=session.log.append(LoggedAction(player, action, None)),
        decisions=session.decisions + (player != CHANCE),
    )
    return advance(game, moved)


def actions_of(session: Session[Any]) -> tuple[Hashable, ...]:
    """The actions of the log, in order (automatic ones included)."""
    return tuple(entry.action for entry in session.log)
