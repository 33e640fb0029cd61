"""Random playouts over the Game protocol: the plainest driver loop, and its counts.

:func:`random_playouts` plays whole games from ``initial_state()``: at a chance
node it draws with ``sample_chance`` (exact probabilities), at a decision a
uniformly random legal action.  It is what the benchmarks call "one driver
loop over the protocol", what ``pure-engine bench`` times for any registered
game, and a quick smoke test for a new game (a game that never ends shows up
as ``truncated`` games when *max_decisions* is given).

>>> from pure_engine.core.registry import load_game
>>> counts = random_playouts(load_game("kuhn_poker"), 100, seed=1)
>>> counts.games, counts.truncated, counts.plies == counts.decisions + counts.chance
(100, 0, True)
>>> 2 <= counts.decisions / counts.games <= 3  # Kuhn: two or three decisions a game
True
"""

from __future__ import annotations

import random
from typing import Any

from pure_engine.core.game import CHANCE, Game
from pure_engine.core.struct import Struct

__all__ = ["PlayoutCounts", "random_playouts"]


class PlayoutCounts(Struct):
    """What :func:`random_playouts` played: games, decisions (player moves), chance
    draws, plies (decisions + chance draws), games cut at *max_plies*, and the sums of
    the game's own ``counters`` over the final states (sorted by name)."""

    games: int
    decisions: int
    chance: int
    plies: int
    truncated: int
    counters: tuple[tuple[str, int], ...] = ()


def random_playouts(
    game: Game[Any, Any], games: int, *, seed: int = 0, max_decisions: int | None = None
) -> PlayoutCounts:
    """Play *games* uniformly random games of *game*; all randomness from ``Random(seed)``.

    A game still going after *max_decisions* decisions (``info.max_game_length``
    counts the same way; chance draws do not count) is abandoned and counted as
    truncated.  Without a cap the loop is exactly the one the benchmarks time.

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
    current_player, legal_actions, step = game.current_player, game.legal_actions, game.step
    sample = game.sample_chance_fn or game.sample_chance
    rng = random.Random(seed)
    rand = rng.random
    cap = -1 if max_decisions is None else max_decisions
    decisions = chance = truncated = 0
    counters = game.counters
    sums: dict[str, int] = {}
    for _ in range(games):
        state = game.initial_state()
        left = cap
        while left:  # counts down to 0 from max_decisions; from -1 it never gets there
            player = current_player(state)
            if player >= 0:
                legal = legal_actions(state)
                state = step(state, legal[int(rand() * len(legal))])
                decisions += 1
                left -= 1
            elif player == CHANCE:
                state = step(state, sample(state, rng))
                chance += 1
            else:
                break
        else:
            if not game.is_terminal(state):
                truncated += 1
        if counters is not None:
            for name, value in counters(state).items():
                sums[name] = sums.get(name, 0) + value
    total = tuple(sorted(sums.items()))
    return PlayoutCounts(games, decisions, chance, decisions + chance, truncated, total)
