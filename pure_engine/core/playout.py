"""Random playouts over the Game protocol: the one driver loop, and its counts.

:func:`make_playout` builds the loop every random playout in the library runs (the
benchmarks, ``pure-engine bench``, MCTS and ISMCTS rollouts): from a state to
the end of the game, chance nodes drawn with the game's exact sampler
(:func:`chance_sampler`), decisions uniformly at random or by a *policy*, at
most *max_decisions* decisions.  :func:`random_playouts` plays whole games
with it from ``initial_state()`` and counts what happened: it is what the
benchmarks call "one driver loop over the protocol", and a quick smoke test
for a new game (a game that never ends shows up as ``truncated`` games when
*max_decisions* is given).

>>> from pure_engine.core.registry import load_game
>>> counts = random_playouts(load_game("kuhn_poker"), 100, seed=1)
>>> counts.games, counts.truncated, counts.plies == counts.decisions + counts.chance
(100, 0, True)
>>> 2 <= counts.decisions / counts.games <= 3  # Kuhn: two or three decisions a game
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.struct import Struct

__all__ = [
    "PlayoutCounts",
    "PlayoutLoop",
    "Policy",
    "chance_sampler",
    "make_playout",
    "random_playouts",
]

S = TypeVar("S")
A = TypeVar("A")

Policy = Callable[[S, tuple[A, ...], random.Random], A]
"""``(state, legal_actions, rng) -> action``: how a playout chooses at decision nodes."""


class PlayoutCounts(Struct):
    """What :func:`random_playouts` played: games, decisions (player moves), chance
    draws, plies (decisions + chance draws), games cut at *max_decisions*, and the sums
    of the game's own ``counters`` over the final states (sorted by name)."""

    games: int
    decisions: int
    chance: int
    plies: int
    truncated: int
    counters: tuple[tuple[str, int], ...] = ()


def chance_sampler(game: Game[S, A]) -> Callable[[S, random.Random], A]:
    """How to draw a chance outcome of *game* from an explicit rng, exactly.

    The game's own ``sample_chance_fn`` when it has one (a game may know a
    faster exact draw, e.g. a uniform deal), else :meth:`Game.sample_chance`
    (every outcome with exactly its ``Fraction`` probability:
    :mod:`pure_engine.core.chance`).

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> draw = chance_sampler(make_coin_guess())
    >>> sorted({draw(make_coin_guess().initial_state(), random.Random(s)) for s in range(20)})
    [0, 1]
    """
    return game.sample_chance_fn or game.sample_chance


class PlayoutLoop(Protocol[S]):
    """``run(state, rng, games=1) -> (last state, decisions, chance draws, truncated)``:
    *games* playouts from *state*, their counts summed (:func:`make_playout`)."""

    def __call__(
        self, state: S, rng: random.Random, /, games: int = 1
    ) -> tuple[S, int, int, int]: ...


def make_playout(
    game: Game[S, A],
    *,
    policy: Policy[S, A] | None = None,
    max_decisions: int | None = None,
) -> PlayoutLoop[S]:
    """The playout loop of *game*: ``run(state, rng)`` plays *state* on to the end and
    returns the last state, the decisions made, the chance outcomes drawn and
    whether it was cut short (``1``) at *max_decisions*.

    Decisions are uniformly random (``legal[int(rng.random() * len(legal))]``)
    or ``policy(state, legal, rng)``; chance nodes are drawn exactly by
    :func:`chance_sampler`.  A playout stops at a terminal state or after
    *max_decisions* decisions (chance draws do not count), whichever comes
    first.  ``run(state, rng, games=n)`` plays *n* playouts from the same
    *state* (states are immutable values) and sums the counts; the last
    state is the end of the last one.  The loop is built once per game and
    runs every playout of a batch itself: on a game as small as Kuhn poker a
    Python call per playout would cost about 5 % of the run.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> game = make_coin_guess()
    >>> end, decisions, draws, cut = make_playout(game)(game.initial_state(), random.Random(4))
    >>> game.is_terminal(end), decisions, draws, cut
    (True, 2, 1, 0)
    >>> one_decision = make_playout(game, max_decisions=1)
    >>> one_decision(game.initial_state(), random.Random(4), games=10)[1:]
    (10, 10, 10)
    """
    if max_decisions is not None and max_decisions < 1:
        raise ValueError(f"max_decisions must be >= 1, found {max_decisions}")
    current_player, legal_actions, step = game.current_player, game.legal_actions, game.step
    sample = chance_sampler(game)
    cap = -1 if max_decisions is None else max_decisions
    choose = policy

    def run(start: S, rng: random.Random, games: int = 1) -> tuple[S, int, int, int]:
        rand = rng.random
        decisions = chance = truncated = 0
        state = start
        for _ in range(games):
            state = start
            left = cap
            while left:  # counts down to 0 from max_decisions; from -1 it never gets there
                player = current_player(state)
                if player >= 0:
                    legal = legal_actions(state)
                    if choose is None:
                        state = step(state, legal[int(rand() * len(legal))])
                    else:
                        state = step(state, choose(state, legal, rng))
                    decisions += 1
                    left -= 1
                elif player == CHANCE:
                    state = step(state, sample(state, rng))
                    chance += 1
                else:
                    break
            else:  # max_decisions reached: cut short unless the game ends without a decision
                while current_player(state) == CHANCE:  # a last card turned after the last guess
                    state = step(state, sample(state, rng))
                    chance += 1
                if current_player(state) != TERMINAL:
                    truncated += 1
        return state, decisions, chance, truncated

    return run


def random_playouts(
    game: Game[Any, Any], games: int, *, seed: int = 0, max_decisions: int | None = None
) -> PlayoutCounts:
    """Play *games* uniformly random games of *game*; all randomness from ``Random(seed)``.

    A game still going after *max_decisions* decisions (``info.max_game_length``
    counts the same way; chance draws do not count) is abandoned and counted as
    truncated.  Every game is a :func:`make_playout` run from the same
    ``initial_state()`` value, all of them in one call of the loop (a game with
    ``counters`` is run one game at a time, to read each last state).

    >>> from pure_engine.core.registry import load_game
    >>> leduc = load_game("leduc_poker")
    >>> random_playouts(leduc, 50, seed=3) == random_playouts(leduc, 50, seed=3)
    True
    >>> random_playouts(leduc, 5, max_decisions=1).truncated
    5
    >>> random_playouts(leduc, 0)
    Traceback (most recent call last):
    ...
    ValueError: games must be >= 1, found 0
    """
    if games < 1:
        raise ValueError(f"games must be >= 1, found {games}")
    if max_decisions is not None and max_decisions < 1:
        raise ValueError(f"max_decisions must be >= 1, found {max_decisions}")
    rng = random.Random(seed)
    run = make_playout(game, max_decisions=max_decisions)
    start = game.initial_state()
    counters = game.counters
    if counters is None:
        _, decisions, chance, truncated = run(start, rng, games)
        return PlayoutCounts(games, decisions, chance, decisions + chance, truncated)
    # a game that counts its own work: one run per game, to read each last state's counters
    decisions = chance = truncated = 0
    sums: dict[str, int] = {}
    for _ in range(games):
        end, made, drawn, cut = run(start, rng)
        decisions += made
        chance += drawn
        truncated += cut
        for name, value in counters(end).items():
            sums[name] = sums.get(name, 0) + value
    total = tuple(sorted(sums.items()))
    return PlayoutCounts(games, decisions, chance, decisions + chance, truncated, total)
