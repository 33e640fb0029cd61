"""Equal keys, equal futures: what two states must share when ``key`` says they are one.

:func:`future_of` takes the cheap facts of a state's next step (who acts, the legal
actions or chance outcomes, the returns at the end, optionally every observation);
:func:`future_difference` compares two of them and, when those agree, one level down:
the multiset of successor keys (weighted by probability at chance nodes).  Comparing
multisets rather than actions by name accepts canonical keys, whose equal states may
name their actions differently (patience's sorted piles).  Before successors that
differ are blamed on the key, ``step`` is tried again, so a nondeterministic step is
reported as what it is.

>>> from pure_engine import load_game
>>> kuhn = load_game("kuhn_poker")
>>> dealt = kuhn.step(kuhn.step(kuhn.initial_state(), 0), 1)
>>> one, other = (future_of(kuhn, s, observe=False) for s in (dealt, kuhn.step(dealt, 0)))
>>> future_difference(kuhn, one, one)      # agree (its two successors stepped once)
(None, 2)
>>> future_difference(kuhn, one, other)
((<Check.KEY: 'key'>, 'player 0 acts in one and player 1 acts in the other'), 0)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.testing.check_names import Check, Checks
from pure_engine.testing.check_rules import (
    CheckFailedError,
    describe,
    listed,
    unhashable_finding,
)

__all__ = ["Future", "SuccessorError", "future_difference", "future_of", "hashed_key"]


@dataclass(slots=True)
class Future:
    """What decides a state's next step, as far as a transposition must agree."""

    state: Any
    player: int
    choices: tuple[Any, ...]
    probabilities: tuple[Fraction, ...]
    returns: tuple[float, ...] | None
    observations: tuple[Hashable, ...] | None
    successors: dict[Hashable, Fraction] | None = None
    successor_keys: tuple[Hashable, ...] = ()


def future_of(game: Game[Any, Any], state: Any, *, observe: bool) -> Future:
    """The cheap parts of *state*'s future (no ``step`` yet).

    >>> from pure_engine import load_game
    >>> kuhn = load_game("kuhn_poker")
    >>> future_of(kuhn, kuhn.initial_state(), observe=False).choices
    (0, 1, 2)
    """
    player = game.current_player(state)
    probabilities: tuple[Fraction, ...] = ()
    if player == CHANCE:
        outcomes = game.chance_outcomes(state)
        choices = tuple(a for a, _ in outcomes)
        probabilities = tuple(p for _, p in outcomes)
    else:
        choices = game.legal_actions(state)
    returns = tuple(game.returns(state)) if player == TERMINAL else None
    observations = (
        tuple(game.observation(state, p) for p in range(game.num_players)) if observe else None
    )
    return Future(state, player, choices, probabilities, returns, observations)


def hashed_key(game: Game[Any, Any], state: Any, allowed: tuple[type, ...] = ()) -> Hashable:
    """``game.key(state)``, checked to be hashable: a mutable value in the state is a purity
    finding that names its place, anything else unhashable a key finding."""
    key = game.key(state)
    try:
        hash(key)
    except TypeError as exc:
        check, detail = unhashable_finding(state, exc, allowed)
        raise CheckFailedError(check, detail) from None
    return key


class SuccessorError(CheckFailedError):
    """A check failed in the state after *action* from *state* (met while comparing)."""

    def __init__(self, failed: CheckFailedError, state: Any, action: Any) -> None:
        super().__init__(failed.check, failed.detail)
        self.state, self.after = state, action


def _fill_successors(game: Game[Any, Any], future: Future, allowed: tuple[type, ...]) -> int:
    """Step every choice once; return how many steps that took."""
    if future.successors is not None:
        return 0
    weights = future.probabilities or (Fraction(1),) * len(future.choices)
    keys = []
    for action in future.choices:
        try:
            keys.append(hashed_key(game, game.step(future.state, action), allowed))
        except CheckFailedError as failed:
            raise SuccessorError(failed, future.state, action) from None
    successors: dict[Hashable, Fraction] = {}
    for key, weight in zip(keys, weights, strict=True):
        successors[key] = successors.get(key, Fraction(0)) + weight
    future.successors, future.successor_keys = successors, tuple(keys)
    return len(keys)


def _who(player: int) -> str:
    if player == CHANCE:
        return "chance acts"
    if player == TERMINAL:
        return "the game is over"
    return f"player {player} acts"


def _shown(game: Game[Any, Any], future: Future) -> str:
    return listed(game, future.state, future.choices)


def _unsteady(game: Game[Any, Any], future: Future) -> Any:
    """An action whose successor's key changes when it is stepped again (else None)."""
    for action, key in zip(future.choices, future.successor_keys, strict=True):
        if game.key(game.step(future.state, action)) != key:
            return action
    return None


def future_difference(
    game: Game[Any, Any], one: Future, other: Future, *, allowed: tuple[type, ...] = ()
) -> tuple[tuple[Check, str] | None, int]:
    """``(check, what differs)`` between two futures (None when they agree), and the
    ``step`` calls spent.  Successors are stepped only when everything cheaper agrees;
    before successors that differ are blamed on the key, ``step`` is tried again, so a
    nondeterministic step is reported as such."""
    if one.player != other.player:
        return (Checks.KEY, f"{_who(one.player)} in one and {_who(other.player)} in the other"), 0
    if one.player == TERMINAL:
        if one.returns != other.returns:
            return (Checks.KEY, f"both are over, with returns {one.returns} and {other.returns}"), 0
        return None, 0
    if one.observations is not None and other.observations is not None:
        for player, (mine, theirs) in enumerate(
            zip(one.observations, other.observations, strict=True)
        ):
            if mine != theirs:
                what = (
                    f"player {player} observes {mine!r:.80} in one and {theirs!r:.80} in the "
                    "other (GameInfo.observations_in_key: equal keys promise equal observations)"
                )
                return (Checks.KEY, what), 0
    spent = _fill_successors(game, one, allowed) + _fill_successors(game, other, allowed)
    if one.successors == other.successors:
        return None, spent
    for future in (one, other):
        action = _unsteady(game, future)
        spent += len(future.choices)
        if action is not None:
            what = (
                f"stepping {describe(game, future.state, action)!r} twice from the same state "
                "gave next states with different keys"
            )
            return (Checks.DETERMINISM, what), spent
    return (Checks.KEY, _successor_difference(game, one, other)), spent


def _successor_difference(game: Game[Any, Any], one: Future, other: Future) -> str:
    if one.player == CHANCE:
        return (
            "their chance outcomes lead to next states with different keys or probabilities "
            f"({_shown(game, one)} vs {_shown(game, other)})"
        )
    if set(one.choices) == set(other.choices):
        by_action = dict(zip(other.choices, other.successor_keys, strict=True))
        for action, key in zip(one.choices, one.successor_keys, strict=True):
            if key != by_action[action]:
                return (
                    f"after {describe(game, one.state, action)!r} the next states' keys differ "
                    f"({key!r:.60} vs {by_action[action]!r:.60}), and no renaming of the actions "
                    "makes all successors agree"
                )
    return (
        f"{_who(one.player)} with legal actions {_shown(game, one)} in one and "
        f"{_shown(game, other)} in the other, and no renaming of one into the other leads to "
        "next states with equal keys"
    )
