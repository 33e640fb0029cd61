"""One checked game: play random legal moves and check every state and step on the way.

:func:`play_trace` is the per-game half of :func:`~pure_engine.testing.check.check_game`:
it returns the :class:`Playthrough` it played (actions, notation, states, digests) for the
whole-run checks (records, samplers, a fresh process), or the :class:`Failure` it met.
:class:`Run` is the mutable bookkeeping of one ``check_game`` call, never seen outside it.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.testing.check_futures import SuccessorError, future_difference, future_of
from pure_engine.testing.check_names import Check, Checks
from pure_engine.testing.check_rules import (
    CheckFailedError,
    check_chance,
    check_illegal,
    check_legal,
    check_notation,
    check_observations,
    check_oracle,
    check_outcome_order,
    check_purity,
    check_returns,
    describe,
    key_digest,
    listed,
    unhashable_finding,
)
from pure_engine.testing.check_state import fingerprint

__all__ = ["Failure", "Playthrough", "Run", "play_trace"]


@dataclass(eq=False)
class Failure:
    """What a check found: which check, the finding, and the game that shows it (the seed and
    the first *step* actions, in notation)."""

    check: Check
    detail: str
    step: int
    trace: tuple[str, ...]
    seed: int | None
    other_trace: tuple[str, ...] = ()
    """For a finding about two states (equal keys, equal states): how the other one
    was reached, from the same initial state; empty otherwise."""


@dataclass
class Playthrough:
    """One seeded random game as the checks played it: actions, notation, choices, states."""

    seed: int | None
    actions: list[Any] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    digests: list[tuple[str, str | None]] = field(default_factory=list)


@dataclass
class Known:
    """The first state random play met with a key: where, and the choices it listed."""

    state: Any
    choices: tuple[Any, ...]
    chances: tuple[Fraction, ...]
    trace: Playthrough
    step: int


@dataclass
class Run:
    """The mutable bookkeeping of one check_game call (never visible outside it)."""

    game: Game[Any, Any]
    enabled: frozenset[Check]
    invariants: tuple[Callable[[Any], object], ...]
    oracle: Callable[[Any], Iterable[Any]] | None
    allowed: tuple[type, ...]
    resamples: int
    rng: random.Random
    pool: dict[Any, None] = field(default_factory=dict)
    keys: dict[int, Known] = field(default_factory=dict)
    chance_nodes: dict[int, tuple[Any, Playthrough, int]] = field(default_factory=dict)
    steps: int = 0
    terminals: int = 0

    def on(self, check: Check) -> bool:
        return check in self.enabled

    def call(self, what: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call a game function, failing 'global_random' if it touched the global generator."""
        if Checks.GLOBAL_RANDOM not in self.enabled:
            return fn(*args, **kwargs)
        before = random.getstate()
        result = fn(*args, **kwargs)
        if random.getstate() != before:
            random.setstate(before)
            raise CheckFailedError(
                Checks.GLOBAL_RANDOM,
                f"{what} used the global random module; draw from the state's Rng "
                "or an explicit random.Random argument",
                action=what == "step",
            )
        return result


def _pick_chance(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> int:
    weights = [
        float(p) if isinstance(p, int | float | Fraction) and p > 0 else 0.0 for _, p in outcomes
    ]
    if sum(weights) <= 0:
        return rng.randrange(len(outcomes))
    return rng.choices(range(len(outcomes)), weights=weights)[0]


def _check_state(
    run: Run, trace: Playthrough, state: Any, decisions: int, twin: Any = None
) -> tuple[int, tuple[Any, ...]]:
    """Check one state; *twin* is an equal state built separately (by stepping again), whose
    legal actions must come in the same order.  The purity walk of a stepped state was done
    by :func:`_check_step`; only the initial state (no twin) is walked here."""
    game = run.game
    if run.on(Checks.PURITY) and not trace.actions:
        check_purity(state, run.allowed)
    player = run.call("current_player", game.current_player, state)
    legal: tuple[Any, ...] = run.call("legal_actions", game.legal_actions, state)
    if run.on(Checks.LEGAL_ACTIONS):
        check_legal(game, state, player, legal, twin)
    outcomes: tuple[tuple[Any, Fraction], ...] = ()
    if player == CHANCE:
        outcomes = run.call("chance_outcomes", game.chance_outcomes, state)
        if run.on(Checks.LEGAL_ACTIONS):
            check_outcome_order(game, state, outcomes, twin)
        if run.on(Checks.CHANCE):
            check_chance(game, state, outcomes)
    elif run.on(Checks.CHANCE):
        stray = run.call("chance_outcomes", game.chance_outcomes, state)
        if stray:
            raise CheckFailedError(
                Checks.CHANCE,
                f"expected no chance outcomes where player {player} acts, found {stray!r:.80}",
            )
    terminal = player == TERMINAL
    if run.on(Checks.RETURNS):
        run.call("returns", check_returns, game, state, terminal)
    if run.on(Checks.LENGTH) and decisions > game.info.max_game_length:
        raise CheckFailedError(
            Checks.LENGTH,
            f"{decisions} decisions played, but info.max_game_length is "
            f"{game.info.max_game_length}",
        )
    choices = tuple(a for a, _ in outcomes) if player == CHANCE else legal
    if run.on(Checks.KEY):
        _check_key(run, trace, state, choices, tuple(p for _, p in outcomes))
    if run.on(Checks.NOTATION):
        run.call("notation", check_notation, game, state, choices)
    if run.on(Checks.OBSERVATION):
        run.call(
            "observation/resample",
            check_observations,
            game,
            state,
            player,
            legal,
            run.rng,
            resamples=run.resamples,
            allowed=run.allowed,
        )
    if run.on(Checks.ILLEGAL_ACTIONS):
        oracle = list(run.call("illegal_actions oracle", run.oracle, state)) if run.oracle else []
        if oracle:
            check_oracle(game, state, choices, oracle)
        candidates = [a for a in run.pool if a not in choices][:4] + oracle
        run.call("play", check_illegal, game, state, choices, candidates)
    if run.on(Checks.INVARIANTS):
        for invariant in run.invariants:
            _check_invariant(invariant, state)
    if run.on(Checks.SAMPLER) and player == CHANCE:
        node = key_digest(game, state) if run.on(Checks.KEY) else len(run.chance_nodes)
        run.chance_nodes.setdefault(node, (state, trace, len(trace.actions)))
    for action in choices:
        if len(run.pool) >= 64:
            break
        run.pool.setdefault(action, None)
    return player, choices


def _check_key(
    run: Run,
    trace: Playthrough,
    state: Any,
    choices: tuple[Any, ...],
    chances: tuple[Fraction, ...],
) -> None:
    """Random play met this key before: an equal state must list its choices in the same
    order, a different state must have the same future (see :mod:`.check_keys`)."""
    game = run.game
    node = key_digest(game, state, run.allowed)
    known = run.keys.get(node)
    if known is None:
        run.keys[node] = Known(state, choices, chances, trace, len(trace.actions))
        return
    other = " ".join(known.trace.notes[: known.step]) or "(the initial state)"
    where = f"the one after [{other}] (initial_state(seed={known.trace.seed}))"
    if known.state == state:
        if known.choices != choices or known.chances != chances:
            what = "chance_outcomes" if chances else "legal_actions"
            raise CheckFailedError(
                Checks.LEGAL_ACTIONS,
                f"{what} gives {listed(game, state, choices)} here but "
                f"{listed(game, state, known.choices)} for an equal state, {where}: "
                "the order must depend on the state only",
            )
        return
    observe = game.info.observations_in_key
    try:
        difference, _ = future_difference(
            game,
            future_of(game, known.state, observe=observe),
            future_of(game, state, observe=observe),
            allowed=run.allowed,
        )
    except SuccessorError:
        return  # a next state is broken: play reaches it and names the fault with its trace
    if difference is not None:
        check, what = difference
        if check is Checks.KEY:
            what = (
                f"this state has the same key as {where}, but a different future: "
                f"{what} (the key leaves out something that decides the future)"
            )
        raise CheckFailedError(check, what)


def _check_invariant(invariant: Callable[[Any], object], state: Any) -> None:
    name = getattr(invariant, "__name__", repr(invariant))
    try:
        verdict = invariant(state)
    except AssertionError as exc:
        raise CheckFailedError(Checks.INVARIANTS, f"invariant {name} failed: {exc}") from None
    if verdict is False:
        raise CheckFailedError(Checks.INVARIANTS, f"invariant {name} returned False")


def _check_step(run: Run, state: Any, action: Any) -> tuple[Any, Any]:
    """Step *state* (checked); return the next state and an equal twin stepped separately
    (None when the checks that use it are off, or the two differ)."""
    game = run.game
    before = fingerprint(state) if run.on(Checks.PURITY) or run.on(Checks.DETERMINISM) else None
    after = run.call("step", game.step, state, action)
    if run.on(Checks.PURITY):
        check_purity(after, run.allowed, action=True)  # before anything trips over it
        if fingerprint(state) != before:
            raise CheckFailedError(Checks.PURITY, "step changed its input state", action=True)
    if not (run.on(Checks.DETERMINISM) or run.on(Checks.KEY) or run.on(Checks.LEGAL_ACTIONS)):
        return after, None
    again = game.step(state, action)
    same = again == after
    if run.on(Checks.DETERMINISM) and (not same or fingerprint(again) != fingerprint(after)):
        raise CheckFailedError(
            Checks.DETERMINISM,
            "stepping the same state with the same action twice gave different states",
            action=True,
        )
    if run.on(Checks.KEY) and same:
        try:
            hashes = hash(again), hash(after)
        except TypeError as exc:
            check, detail = unhashable_finding(after, exc, run.allowed, what="the state")
            raise CheckFailedError(check, detail, action=True) from None
        if hashes[0] != hashes[1]:
            raise CheckFailedError(
                Checks.KEY, "two equal states have different hash()", action=True
            )
        if key_digest(game, again) != key_digest(game, after):
            raise CheckFailedError(Checks.KEY, "two equal states have different keys", action=True)
    return after, again if same else None


def play_trace(run: Run, seed: int | None, index: int, max_steps: int) -> Playthrough | Failure:
    game = run.game
    trace = Playthrough(seed)
    rng = random.Random(f"pure_engine.check:{seed}:{index}")
    decisions = 0
    state: Any = None
    try:
        state = run.call("initial_state", game.initial_state, seed)
        trace.states.append(state)
        player, choices = _check_state(run, trace, state, decisions)
        for _ in range(max_steps):
            if player == TERMINAL:
                run.terminals += 1
                break
            if player == CHANCE:
                choice = _pick_chance(game.chance_outcomes(state), rng)
            else:
                choice = rng.randrange(len(choices))
                decisions += 1
            action = choices[choice]
            note = describe(game, state, action)
            state, twin = _check_step(run, state, action)
            trace.actions.append(action)
            trace.notes.append(note)
            trace.choices.append(choice)
            trace.states.append(state)
            run.steps += 1
            player, choices = _check_state(run, trace, state, decisions, twin)
    except CheckFailedError as failed:
        notes = list(trace.notes)
        if failed.action and len(notes) < len(trace.actions) + 1:
            notes.append(note)
        return Failure(failed.check, failed.detail, len(notes), tuple(notes), seed)
    except Exception as exc:  # noqa: BLE001 - a crashing game function is a finding too
        if isinstance(exc, TypeError) and state is not None:
            check, detail = unhashable_finding(state, exc, run.allowed)
            if check is Checks.PURITY:  # a mutable value made something unhashable: say where
                return Failure(check, detail, len(trace.notes), tuple(trace.notes), seed)
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        return Failure(
            Checks.NO_CRASH,
            f"{type(exc).__name__}: {exc} (raised at {Path(frame.filename).name}:{frame.lineno})",
            len(trace.notes),
            tuple(trace.notes),
            seed,
        )
    return trace
