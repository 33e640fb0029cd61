"""The ``resample`` check: a determinization is a fair draw from the worlds a player cannot
tell apart, and it never leaks what the player cannot see.

``game.resample(state, player, rng)`` stands for the worlds consistent with what
*player* has seen: the histories from the same start whose observations for the
player match the true ones at every step, each weighted by its chance
probabilities (the other players' visible decisions are taken as they were).
:func:`resample_failure` tests it at one decision state of a played trace:

* **exact** -- when those worlds can be listed (at most ``budget`` steps of
  search, no hidden decision by another player, and no hidden facts in the
  initial state itself), ``draws`` resamples are counted world by world
  (worlds are told apart by ``key``) and each count is tested against its exact
  probability with a two-sided binomial test (Bonferroni over the worlds, as
  the sampler check does): a resample that returns the true state, deals the
  opponent the same cards every time, or draws a world the player's
  observations rule out fails;
* **varies** -- on larger states, when the search found worlds other than the
  true one, resampling that returns one world every time fails once the chance
  of that under a fair draw, bounded from the worlds found, is below the
  false-alarm share;
* **no leak** -- on larger states, resamples from the true state and from
  another world the player cannot tell from it must be alike: each pair of
  draws is scored by how much more it agrees with its own source than with the
  other (the other players' observations, and their observation tensors when
  the game has an encoding); if resample ignores what the player cannot see,
  the two draws of a pair are exchangeable, so an exact sign test has the
  stated false-alarm rate.

A correct resample fails with probability at most the false-alarm share given
to the state; the draws come from a seeded ``random.Random``, so a run is
reproducible.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Hashable, Iterator, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, Game
from pure_engine.testing.check_rules import key_digest
from pure_engine.testing.check_stats import binomial_p_value, frequency_failures

__all__ = ["Worlds", "has_resample", "hides_at_start", "list_worlds", "resample_failure"]

_PAIRS = 40
"""Pairs of draws the no-leak test scores (a full leak then has p = 2 ** -39)."""
_SAME = 40
"""Draws the variation test makes on a larger state."""

_DEFAULT_RESAMPLE = next(f.default for f in dataclasses.fields(Game) if f.name == "resample")


def has_resample(game: Game[Any, Any]) -> bool:
    """True when *game* was given a ``resample`` (not the default, which returns the state).

    >>> from pure_engine.testing import toys
    >>> has_resample(toys.make_high_card()), has_resample(toys.make_high_card(flaw="none"))
    (True, False)
    """
    return game.resample is not _DEFAULT_RESAMPLE


def hides_at_start(game: Game[Any, Any], start: Any, seed: int | None) -> bool:
    """Does the initial state itself hold hidden facts (so worlds cannot be listed from it)?

    True when another seed starts elsewhere (a deck shuffled by the seed), or when
    ``resample`` of the start draws another state for some player (a given deal).

    >>> from pure_engine.testing import toys
    >>> game = toys.make_high_card()
    >>> hides_at_start(game, game.initial_state(0), 0)       # chance deals after the start
    False
    """
    other = game.initial_state(None if seed is None else seed + 1)
    if key_digest(game, other) != key_digest(game, start):
        return True
    rng = random.Random("pure_engine.resample.start")
    truth = key_digest(game, start)
    return any(
        key_digest(game, game.resample(start, player, rng)) != truth
        for player in range(game.num_players)
        for _ in range(4)
    )


@dataclasses.dataclass
class Worlds:
    """The worlds the search found: ``key digest -> summed chance weight``; ``complete`` when
    they are all of them; ``hidden_decision`` (and no world) when another player's choice
    was unseen, so that the worlds' weights would depend on how that player plays."""

    weights: dict[int, Fraction]
    complete: bool
    states: dict[int, Any]
    hidden_decision: bool = False


def list_worlds(
    game: Game[Any, Any], states: list[Any], actions: list[Any], player: int, *, budget: int
) -> Worlds:
    """The worlds consistent with what *player* saw along *states* (``states[i + 1]`` is
    ``states[i]`` after ``actions[i]``), found in at most *budget* steps of search.

    >>> from pure_engine.testing import toys
    >>> game = toys.make_high_card()
    >>> s0 = game.initial_state(0)
    >>> s1 = game.step(s0, 2); s2 = game.step(s1, 3)        # player 0 holds 2, player 1 holds 3
    >>> worlds = list_worlds(game, [s0, s1, s2], [2, 3], 0, budget=100)
    >>> worlds.complete, sorted(worlds.weights.values())
    (True, [Fraction(1, 6), Fraction(1, 6)])
    """
    target = len(states) - 1
    seen = [game.observation(s, player) for s in states]
    movers = [game.current_player(s) for s in states]
    found = Worlds({}, True, {})
    stack: list[tuple[int, Any, Fraction]] = [(0, states[0], Fraction(1))]
    steps = 0
    while stack:
        depth, state, weight = stack.pop()
        if depth == target:
            world = key_digest(game, state)
            found.weights[world] = found.weights.get(world, Fraction(0)) + weight
            found.states.setdefault(world, state)
            continue
        if not found.complete:
            continue  # out of budget: keep the worlds already reached, expand nothing more
        children: list[tuple[Any, Fraction]] = []
        for child, chance in _children(game, state, movers[depth], player, actions[depth]):
            steps += 1
            if game.current_player(child) == movers[depth + 1] and (
                game.observation(child, player) == seen[depth + 1]
            ):
                children.append((child, chance))
            if steps >= budget:
                found.complete = False
                break
        if movers[depth] not in (CHANCE, player) and len(children) > 1:
            return Worlds({}, False, {}, hidden_decision=True)
        stack.extend((depth + 1, child, weight * chance) for child, chance in reversed(children))
    return found


def _children(
    game: Game[Any, Any], state: Any, mover: int, player: int, action: Any
) -> Iterator[tuple[Any, Fraction]]:
    """The next states worth trying: every chance outcome, the player's own action, every
    legal action of another player (one of them is what the player saw)."""
    if game.current_player(state) != mover:
        return
    if mover == CHANCE:
        for outcome, probability in game.chance_outcomes(state):
            yield game.step(state, outcome), Fraction(probability)
    elif mover == player:
        if action in game.legal_actions(state):
            yield game.step(state, action), Fraction(1)
    else:
        for other in game.legal_actions(state):
            yield game.step(state, other), Fraction(1)


def resample_failure(
    game: Game[Any, Any],
    states: list[Any],
    actions: list[Any],
    *,
    draws: int,
    false_alarm: float,
    budget: int,
    seed: str,
    hidden_start: bool,
) -> str | None:
    """What is wrong with ``resample`` at ``states[-1]`` for the player to move, or None.

    *hidden_start*: the initial state itself holds hidden facts (it differs from seed to
    seed), so the worlds cannot be listed from it and only the larger-state tests run.
    """
    state = states[-1]
    player = game.current_player(state)
    rng = random.Random(seed)
    if hidden_start:
        worlds = Worlds({}, False, {})
    else:
        worlds = list_worlds(game, states, actions, player, budget=budget)
    trial = _Trial(game, state, player, worlds, draws, rng)
    if worlds.complete:
        return _exact_failure(trial, false_alarm)
    return _varies_failure(trial, false_alarm / 2) or _leak_failure(trial, false_alarm / 2)


class _Trial(NamedTuple):
    """What each test of ``resample`` draws from: the state, the player to move, the worlds
    found consistent with what the player saw, how many draws it may make, the generator."""

    game: Game[Any, Any]
    state: Any
    player: int
    worlds: Worlds
    draws: int
    rng: random.Random


def _exact_failure(trial: _Trial, false_alarm: float) -> str | None:
    game, state, player, worlds, draws, rng = trial
    total = sum(worlds.weights.values())
    probabilities: dict[Hashable, Fraction] = {k: w / total for k, w in worlds.weights.items()}
    counts: dict[Hashable, int] = dict.fromkeys(probabilities, 0)
    for _ in range(draws):
        other = game.resample(state, player, rng)
        world = key_digest(game, other)
        if world not in counts:
            return (
                f"resample for player {player} drew {game.render(other)!r:.120}, which no "
                "history consistent with what the player saw reaches (it changes a fact "
                f"the player has seen, or deals what chance cannot; {len(counts)} worlds do)"
            )
        counts[world] += 1
    bad = frequency_failures(probabilities, counts, false_alarm=false_alarm)
    if not bad:
        return None
    found, count, expected, p_value = bad[0]
    assert isinstance(found, int)  # a key digest
    which = " (the true state)" if found == key_digest(game, state) else ""
    return (
        f"resample for player {player} is not a fair draw from the {len(counts)} worlds "
        f"consistent with what the player saw: the world {game.render(worlds.states[found])!r:.100}"
        f"{which} came {count} times in {draws} draws, expected {expected:.1f} "
        f"(p = {p_value:.2g}; false-alarm rate {false_alarm:g})"
    )


def _varies_failure(trial: _Trial, false_alarm: float) -> str | None:
    game, state, player, worlds, draws, rng = trial
    if len(worlds.weights) < 2:
        return None  # no second world known: nothing to compare with
    draws = min(draws, _SAME)
    drawn = {key_digest(game, game.resample(state, player, rng)) for _ in range(draws)}
    if len(drawn) > 1:
        return None
    # under a fair draw, every draw equal has probability at most (largest share) ** (draws - 1),
    # and a world's share is at most its weight over the weight of the worlds found
    share = max(worlds.weights.values()) / sum(worlds.weights.values())
    bound = float(share) ** (draws - 1)
    if bound >= false_alarm:
        return None
    return (
        f"resample for player {player} returned the same world in all {draws} draws, though "
        f"at least {len(worlds.weights)} worlds are consistent with what the player saw "
        f"(p <= {bound:.2g}; false-alarm rate {false_alarm:g})"
    )


def _leak_failure(trial: _Trial, false_alarm: float) -> str | None:
    game, state, player, worlds, draws, rng = trial
    truth = key_digest(game, state)
    other = next((s for k, s in worlds.states.items() if k != truth), None)
    if other is None:  # no other world found by search: take one resample that differs
        for _ in range(8):
            candidate = game.resample(state, player, rng)
            if key_digest(game, candidate) != truth:
                other = candidate
                break
    if other is None:
        return None
    view = _View(game, player)
    sources = view.of(state), view.of(other)
    more = less = 0
    for _ in range(min(draws, _PAIRS)):
        mine = view.of(game.resample(state, player, rng))
        theirs = view.of(game.resample(other, player, rng))
        score = (
            _agreement(mine, sources[0])
            + _agreement(theirs, sources[1])
            - _agreement(mine, sources[1])
            - _agreement(theirs, sources[0])
        )
        more += score > 0
        less += score < 0
    if more <= less:
        return None
    p_value = binomial_p_value(more, more + less, Fraction(1, 2))
    if p_value >= false_alarm:
        return None
    return (
        f"resample for player {player} leaks what the player cannot see: in {more} of "
        f"{more + less} pairs, a resample agrees more with the state it was drawn from than "
        f"with another state the player cannot tell from it (p = {p_value:.2g}; "
        f"false-alarm rate {false_alarm:g})"
    )


class _View:
    """What the other players see of a state: each one's observation and tensor."""

    def __init__(self, game: Game[Any, Any], player: int) -> None:
        self.game = game
        self.seats = [seat for seat in range(game.num_players) if seat != player]
        self.encoding: Encoding[Any, Any] | None = game.encoding

    def of(self, state: Any) -> list[tuple[Hashable, Sequence[float]]]:
        encoding = self.encoding
        return [
            (
                self.game.observation(state, seat),
                () if encoding is None else encoding.observation_tensor(state, seat),
            )
            for seat in self.seats
        ]


def _agreement(
    one: list[tuple[Hashable, Sequence[float]]], two: list[tuple[Hashable, Sequence[float]]]
) -> int:
    """How alike two states look to the other players: equal observations, equal tensor
    entries."""
    total = 0
    for (seen, tensor), (other_seen, other_tensor) in zip(one, two, strict=True):
        total += seen == other_seen
        total += sum(map(operator.eq, tensor, other_tensor))
    return total
