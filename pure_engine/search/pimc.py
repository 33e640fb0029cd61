"""Perfect-information Monte-Carlo (PIMC): determinize, search each world, vote.

``pimc`` draws *worlds* determinizations with ``game.resample(state, player, rng)``
(full states consistent with what *player* has seen), runs perfect-information
UCT (:func:`~pure_engine.search.mcts.mcts`) in each, and plays the action most
worlds chose.  It is the classic baseline of card-game AI (Ginsberg's GIB for
bridge); its known weaknesses are strategy fusion and non-locality, which
:func:`~pure_engine.search.ismcts.ismcts` avoids in part.

The real state is read only through ``game.resample``.

>>> from pure_engine.core.game import Game, GameInfo, TERMINAL
>>> coin = Game(GameInfo("guess", 1, -1.0, 1.0, 1), lambda seed=None: ("h", None),
...     lambda s: TERMINAL if s[1] is not None else 0, lambda s: ("h", "t"),
...     lambda s: (), lambda s, a: (s[0], a),
...     lambda s: (1.0 if s[0] == s[1] else -1.0,),
...     lambda s, p: s[1], lambda s: s, lambda s, a: a, lambda s, x: x,
...     resample=lambda s, p, rng: (rng.choice("hhht"), s[1]))   # heads 3 times in 4
>>> pimc(coin, ("t", None), 0, worlds=9, simulations=20, seed=1).action
'h'
"""

from __future__ import annotations

import random
import time
from typing import Any, Generic

from pure_engine.core.game import A, Game, S
from pure_engine.core.struct import Struct
from pure_engine.search.budget import SearchStats
from pure_engine.search.mcts import MctsResult, RolloutPolicy, mcts

__all__ = ["PimcResult", "pimc"]


class PimcResult(Struct, Generic[A]):
    """What :func:`pimc` found.

    ``action`` has the most votes (ties: more visits over all worlds, then the
    first in legal order); ``value`` is *player*'s mean value of it over the
    worlds that searched it; ``votes`` and ``visits`` list ``(action, count)``;
    ``stats`` sums the per-world searches.
    """

    action: A
    value: float
    votes: tuple[tuple[A, int], ...]
    visits: tuple[tuple[A, int], ...]
    worlds: int
    stats: SearchStats


def pimc(
    game: Game[S, A],
    state: S,
    player: int,
    *,
    worlds: int = 20,
    simulations: int | None = 200,
    seconds: float | None = None,
    uct_c: float = 1.4142135623730951,  # the square root of 2
    rollout: RolloutPolicy[S, A] | None = None,
    seed: int = 0,
) -> PimcResult[A]:
    """Vote over *worlds* determinizations, each searched with ``simulations`` UCT simulations.

    With *seconds*, every world gets an equal share of the time (and at most
    *simulations*, unless that is ``None``).  World ``i`` is drawn and searched
    with seeds taken from ``random.Random(seed)``, so the same seed and the same
    observation give the same vote.

    >>> from pure_engine.core.game import Game, GameInfo, TERMINAL
    >>> count = Game(GameInfo("count", 1, 0.0, 2.0, 2), lambda seed=None: 0,
    ...     lambda s: TERMINAL if s >= 2 else 0, lambda s: (1, 2), lambda s: (),
    ...     lambda s, a: s + a, lambda s: (float(s == 2) + s / 10,), lambda s, p: s,
    ...     lambda s: s, lambda s, a: str(a), lambda s, x: int(x))
    >>> result = pimc(count, 0, 0, worlds=3, simulations=50)
    >>> result.action, result.votes
    (2, ((2, 3),))
    """
    if worlds < 1:
        raise ValueError(f"worlds must be >= 1, found {worlds!r}")
    if simulations is None and seconds is None:
        raise ValueError("pimc needs simulations or seconds per world; both are None")
    started = time.perf_counter()
    rng = random.Random(seed)
    share = None if seconds is None else seconds / worlds
    order: list[A] = []
    ballot: _Ballot[A] = _Ballot()
    for _ in range(worlds):
        world = game.resample(state, player, rng)
        if game.current_player(world) != player:
            raise ValueError(
                f"pimc searches for the player to move; asked for {player}, "
                f"the current player is {game.current_player(world)}"
            )
        if not order:
            order = list(game.legal_actions(world))
        found = mcts(
            game,
            world,
            simulations=simulations,
            seconds=share,
            uct_c=uct_c,
            rollout=rollout,
            seed=rng.getrandbits(64),
        )
        ballot.add(found)
    return ballot.result(order, worlds, time.perf_counter() - started)


class _Ballot(Generic[A]):
    """The worlds' searches so far: votes, visits and values per action, and their counts."""

    def __init__(self) -> None:
        self.votes: dict[A, int] = {}
        self.visits: dict[A, int] = {}
        self.value_sums: dict[A, float] = {}
        self.value_counts: dict[A, int] = {}
        self.expanded = 0
        self.generated = 0

    def add(self, found: MctsResult[Any, A]) -> None:
        """Count one world's search: its action's vote, its visits and mean values."""
        self.votes[found.action] = self.votes.get(found.action, 0) + 1
        for action, count in found.visits:
            self.visits[action] = self.visits.get(action, 0) + count
        for action, mean in found.means:
            self.value_sums[action] = self.value_sums.get(action, 0.0) + mean
            self.value_counts[action] = self.value_counts.get(action, 0) + 1
        self.expanded += found.stats.expanded
        self.generated += found.stats.generated

    def result(self, order: list[A], worlds: int, seconds: float) -> PimcResult[A]:
        """The most voted action (ties: more visits, then the first in *order*)."""
        votes, visits = self.votes, self.visits
        ranked = [action for action in order if action in visits]
        ranked += [action for action in visits if action not in ranked]  # resample disagreed
        best = max(
            range(len(ranked)),
            key=lambda i: (votes.get(ranked[i], 0), visits[ranked[i]], -i),
        )
        action = ranked[best]
        return PimcResult(
            action=action,
            value=self.value_sums[action] / self.value_counts[action],
            votes=tuple((a, votes[a]) for a in ranked if a in votes),
            visits=tuple((a, visits[a]) for a in ranked),
            worlds=worlds,
            stats=SearchStats(expanded=self.expanded, generated=self.generated, seconds=seconds),
        )
