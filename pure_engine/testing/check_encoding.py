"""``check_encoding``: does a game's :class:`~pure_engine.core.encoding.Encoding` keep its contract?

It plays seeded random games and, at every state, checks what the tensor
adapters (PettingZoo, Gymnasium, OpenSpiel) rely on:

* ``shape``: every ``observation_tensor(state, player)`` has ``prod(observation_shape)``
  finite numbers inside ``observation_bounds``, and the same numbers when asked twice;
* ``hidden``: the tensor is a function of ``observation(state, player)`` — two
  states that player cannot tell apart (equal observations, or a state drawn by
  ``resample``) give equal tensors, so a learner never sees a hidden card;
* ``actions``: every legal action has a number in ``0..num_distinct_actions-1``,
  distinct actions distinct numbers, and ``index_action`` gives the action back;
  chance outcomes likewise in ``0..max_chance_outcomes-1`` when that is not 0.

A finding raises :class:`~pure_engine.testing.GameCheckError` (check
``"encoding"``) naming the rule broken and the action trace that reached it.

>>> import pure_engine
>>> report = check_encoding(pure_engine.load_game("kuhn_poker"), games=10)
>>> report.games, report.states > 10
(10, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL, Game, encoding_of
from pure_engine.core.struct import Struct
from pure_engine.testing.check import GameCheckError
from pure_engine.testing.check_names import Check
from pure_engine.testing.check_rules import describe

__all__ = ["EncodingReport", "check_encoding"]


class EncodingReport(Struct):
    """What a passing :func:`check_encoding` run covered."""

    game: str
    games: int
    states: int
    tensors: int
    actions: int


class _FindingError(Exception):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def check_encoding(
    game: Game[Any, Any],
    *,
    games: int = 20,
    max_steps: int = 200,
    seed: int = 0,
    resamples: int = 1,
) -> EncodingReport:
    """Check *game*'s encoding over *games* random games (see the module doc).

    Game *i* starts from ``initial_state(seed + i)`` and plays at most
    *max_steps* actions chosen by a ``random.Random`` seeded from *i*;
    *resamples* states per player and state are drawn with ``game.resample``.
    A game without an encoding raises :class:`~pure_engine.errors.NoEncodingError`.
    """
    encoding = encoding_of(game)
    size = encoding.observation_size
    seen: dict[tuple[int, Hashable], tuple[float, ...]] = {}
    states = tensors = actions = 0
    for index in range(games):
        rng = random.Random(f"pure_engine.check_encoding:{seed}:{index}")
        state = game.initial_state(seed + index)
        trace: list[str] = []
        for _ in range(max_steps + 1):
            states += 1
            try:
                tensors += _check_tensors(game, encoding, state, size, seen, rng, resamples)
                player = game.current_player(state)
                if player == TERMINAL:
                    break
                if player == CHANCE:
                    options = tuple(a for a, _ in game.chance_outcomes(state))
                    if encoding.max_chance_outcomes:
                        _check_numbers(encoding, state, options, "max_chance_outcomes")
                    action = game.sample_chance(state, rng)
                else:
                    options = game.legal_actions(state)
                    _check_numbers(encoding, state, options, "num_distinct_actions")
                    action = rng.choice(options)
                actions += len(options)
            except _FindingError as finding:
                raise GameCheckError(
                    game=game.name,
                    check=Check.ENCODING,
                    detail=finding.detail,
                    step=len(trace),
                    trace=tuple(trace),
                    seed=seed + index,
                ) from None
            trace.append(describe(game, state, action))
            state = game.step(state, action)
    return EncodingReport(game.name, games, states, tensors, actions)


def _tensor(encoding: Encoding[Any, Any], state: Any, player: int, size: int) -> tuple[float, ...]:
    numbers = tuple(encoding.observation_tensor(state, player))
    if len(numbers) != size:
        shape = encoding.observation_shape
        raise _FindingError(
            f"shape: observation_tensor(state, {player}) has {len(numbers)} numbers, "
            f"expected {size} (observation_shape {shape})"
        )
    low, high = encoding.observation_bounds
    if _plainly_in_bounds(numbers, low, high):
        return numbers
    for at, value in enumerate(numbers):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not low <= value <= high
        ):
            raise _FindingError(
                f"shape: observation_tensor(state, {player})[{at}] is {value!r}, "
                f"expected a number in [{low}, {high}] (observation_bounds)"
            )
    return numbers


def _plainly_in_bounds(numbers: tuple[float, ...], low: float, high: float) -> bool:
    """The fast path of the bounds check (C loops only): plain ints and floats, a finite sum,
    the least and the greatest inside the bounds.  False sends the caller to the slow loop,
    which names the first bad number."""
    if not numbers:
        return True
    if not set(map(type, numbers)) <= {float, int}:
        return False
    try:
        total = math.fsum(numbers)
    except (OverflowError, ValueError):
        return False
    return math.isfinite(total) and low <= min(numbers) and max(numbers) <= high


def _check_tensors(
    game: Game[Any, Any],
    encoding: Encoding[Any, Any],
    state: Any,
    size: int,
    seen: dict[tuple[int, Hashable], tuple[float, ...]],
    rng: random.Random,
    resamples: int,
) -> int:
    for player in range(game.num_players):
        numbers = _tensor(encoding, state, player, size)
        if tuple(encoding.observation_tensor(state, player)) != numbers:
            detail = f"shape: observation_tensor(state, {player}) changed when asked again"
            raise _FindingError(detail)
        view = (player, game.observation(state, player))
        earlier = seen.setdefault(view, numbers)
        if earlier != numbers:
            at = _first_difference(earlier, numbers)
            raise _FindingError(
                f"hidden: observation_tensor(state, {player}) differs at [{at}] between two "
                f"states with the same observation(state, {player}): it shows what player "
                f"{player} cannot see"
            )
        if game.info.perfect_information:
            continue
        for _ in range(resamples):
            other = game.resample(state, player, rng)
            theirs = tuple(encoding.observation_tensor(other, player))
            if theirs != numbers:
                theirs = _tensor(encoding, other, player, size)  # a shape finding first
                at = _first_difference(numbers, theirs)
                raise _FindingError(
                    f"hidden: observation_tensor(state, {player}) differs at [{at}] from a "
                    f"state resample(state, {player}) drew: it shows what player {player} "
                    "cannot see"
                )
    return game.num_players


def _first_difference(one: Sequence[float], two: Sequence[float]) -> int:
    return next(i for i, (a, b) in enumerate(zip(one, two, strict=True)) if a != b)


def _check_numbers(
    encoding: Encoding[Any, Any], state: Any, options: Sequence[Any], kind: str
) -> None:
    limit: int = getattr(encoding, kind)
    used: dict[int, Any] = {}
    for action in options:
        number = encoding.action_index(state, action)
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < limit:
            raise _FindingError(
                f"actions: action_index(state, {action!r}) is {number!r}, "
                f"expected an int in 0..{limit - 1} ({kind} {limit})"
            )
        if number in used:
            raise _FindingError(
                f"actions: action_index gives {number} to both {used[number]!r} and {action!r}"
            )
        used[number] = action
        back = encoding.index_action(state, number)
        if back != action:
            raise _FindingError(
                f"actions: index_action(state, {number}) is {back!r}, expected {action!r} "
                f"(action_index(state, {action!r}) is {number})"
            )
