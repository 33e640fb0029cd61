"""Matches between bots: seeded games, rotating seats, per-bot results with confidence intervals.

:func:`play_game` plays one game: chance outcomes are drawn with
``game.sample_chance`` from an explicit ``random.Random``, each decision is
asked of the bot in that seat, and every action (chance included) is passed
to each bot's optional ``inform`` hook.  :func:`play_match` plays many: in
game ``g`` bot ``b`` sits in seat ``(b + g) % n``, so over every block of
``n`` games each bot plays each seat once and position bias cancels; the
games of one block share a chance seed (duplicate style), so when the deal
comes first every bot plays every seat of the same deal.

>>> from pure_engine.testing.toys import make_coin_guess
>>> from pure_engine.search.bots import RandomBot
>>> game = make_coin_guess()
>>> result = play_match(game, [RandomBot(seed=1), RandomBot(seed=2)], games=40, seed=0)
>>> [bot.games for bot in result.bots], sum(bot.mean for bot in result.bots)
([40, 40], 0.0)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from pure_engine.core.digest import digest
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.struct import Struct
from pure_engine.search.bots import Bot, choose_action

__all__ = [
    "BotResult",
    "GameOutcome",
    "MatchResult",
    "SeatResult",
    "bot_result",
    "derive_seed",
    "mean_ci",
    "outcome_of",
    "play_game",
    "play_match",
    "t_quantile_975",
]

# two-sided 95 % Student t quantiles t(0.975, df) for df = 1..30 (standard tables)
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
# beyond 30: (df, quantile) anchors, interpolated linearly in 1/df down to the normal 1.95996
_T975_TAIL = ((30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980), (math.inf, 1.95996))


def t_quantile_975(df: int) -> float:
    """The 97.5 % quantile of Student's t with *df* degrees of freedom (3 decimals).

    >>> t_quantile_975(4), t_quantile_975(60), round(t_quantile_975(10**9), 3)
    (2.776, 2.0, 1.96)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, found {df}")
    if df <= 30:
        return _T975[df - 1]
    for (lo_df, lo_q), (hi_df, hi_q) in itertools.pairwise(_T975_TAIL):
        if df <= hi_df:
            x_lo, x_hi, x = 1 / lo_df, 1 / hi_df, 1 / df
            return lo_q + (hi_q - lo_q) * (x_lo - x) / (x_lo - x_hi)
    raise AssertionError("unreachable: the last anchor is infinite")


def mean_ci(
    values: Sequence[float], *, clusters: Sequence[Hashable] | None = None
) -> tuple[float, float, float]:
    """Mean and 95 % confidence interval ``(mean, low, high)`` (Student t, sample variance).

    With *clusters* (one label per value), values sharing a label are treated
    as one correlated unit: the cluster-robust standard error with ``G - 1``
    degrees of freedom for ``G`` clusters.  A match uses its rotation blocks,
    whose games share a deal.  Singleton clusters give the plain interval.
    One value (or one cluster) gives an infinite interval; none gives NaNs.

    >>> mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])            # 3 +- 2.776 * sqrt(2.5 / 5)
    (3.0, 1.0370..., 4.9629...)
    >>> mean_ci([1.0, 2.0, 3.0, 4.0, 5.0], clusters=range(5))
    (3.0, 1.0370..., 4.9629...)
    >>> mean_ci([1.0, -1.0, 1.0, -1.0], clusters=[0, 0, 1, 1])   # each block cancels exactly
    (0.0, 0.0, 0.0)
    >>> mean_ci([2.0])
    (2.0, -inf, inf)
    """
    count = len(values)
    if count == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(values) / count
    if clusters is None:
        if count == 1:
            return (mean, -math.inf, math.inf)
        variance = math.fsum((v - mean) ** 2 for v in values) / (count - 1)
        half = t_quantile_975(count - 1) * math.sqrt(variance / count)
        return (mean, mean - half, mean + half)
    labels = list(clusters)
    if len(labels) != count:
        raise ValueError(f"clusters must label every value: {len(labels)} labels, {count} values")
    residuals: dict[Hashable, list[float]] = {}
    for label, value in zip(labels, values, strict=True):
        residuals.setdefault(label, []).append(value - mean)
    groups = len(residuals)
    if groups == 1:
        return (mean, -math.inf, math.inf)
    spread = math.fsum(math.fsum(r) ** 2 for r in residuals.values())
    variance_of_mean = groups / (groups - 1) * spread / count**2
    half = t_quantile_975(groups - 1) * math.sqrt(variance_of_mean)
    return (mean, mean - half, mean + half)


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed for one purpose (``"chance"``, ``"bot"``, an index), the same in every process.

    >>> derive_seed(0, "chance", 3) == derive_seed(0, "chance", 3) != derive_seed(0, "chance", 4)
    True
    """
    return digest(("pure_engine.arena", seed, *parts)) >> 1


def outcome_of(returns: Sequence[float], seat: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for *seat*: strictly best, tied best, or behind.

    With one player, a win is a positive return, a draw zero, a loss negative.

    >>> outcome_of((1.0, -1.0), 0), outcome_of((0.5, 0.5), 1), outcome_of((1.0, 2.0, 2.0), 0)
    ('win', 'draw', 'loss')
    """
    mine = returns[seat]
    others = [r for index, r in enumerate(returns) if index != seat]
    best = max(others) if others else 0.0
    if mine > best:
        return "win"
    if mine == best:
        return "draw"
    return "loss"


class GameOutcome(Struct):
    """One finished game: ``seats[b]`` is the seat bot ``b`` played; ``returns`` are per seat."""

    seats: tuple[int, ...]
    returns: tuple[float, ...]
    moves: int
    chance_seed: int
    block: int  # the rotation block: its games share chance_seed
    capped: bool = False  # stopped at the move cap before the game ended


class SeatResult(Struct):
    """One bot's results in one seat."""

    seat: int
    games: int
    mean: float


class BotResult(Struct):
    """One bot's results over a match: mean return with its 95 % CI, wins/draws/losses, per seat.

    The interval is clustered by rotation block (the games that share a deal).
    """

    name: str
    games: int
    mean: float
    ci_low: float
    ci_high: float
    wins: int
    draws: int
    losses: int
    seats: tuple[SeatResult, ...]
    decisions: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (an infinite interval bound becomes ``None``)."""
        return {
            "name": self.name,
            "games": self.games,
            "mean": _finite(self.mean),
            "ci95": [_finite(self.ci_low), _finite(self.ci_high)],
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "seats": [
                {"seat": s.seat, "games": s.games, "mean": _finite(s.mean)} for s in self.seats
            ],
            "decisions": self.decisions,
            "seconds": round(self.seconds, 6),
        }


class MatchResult(Struct):
    """What :func:`play_match` found: per-bot results and every game's outcome."""

    game: str
    seed: int
    bots: tuple[BotResult, ...]
    outcomes: tuple[GameOutcome, ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (without the per-game outcomes)."""
        return {
            "game": self.game,
            "games": len(self.outcomes),
            "seed": self.seed,
            "seconds": round(self.seconds, 6),
            "bots": [bot.to_json() for bot in self.bots],
        }


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def play_game(
    game: Game[Any, Any],
    seated: Sequence[Bot],
    *,
    chance_seed: int,
    clocks: list[float] | None = None,
    decisions: list[int] | None = None,
    actions: list[Any] | None = None,
    max_moves: int | None = None,
    on_move: Callable[[int], None] | None = None,
    ended: list[bool] | None = None,
) -> tuple[tuple[float, ...], int]:
    """Play one game with ``seated[p]`` in seat ``p``; return the returns per seat and the moves.

    With *max_moves*, the game stops after that many moves (chance included)
    even when it has not ended, and the returns are those of where it stands:
    *ended*, when given, receives whether the game reached its end (``False``:
    cut at the cap; :func:`play_match` marks such outcomes ``capped``).  Without it, a game
    running far past ``info.max_game_length`` is an error.  *on_move*, when
    given, is called with the number of moves played after each one.

    Chance is drawn from ``random.Random(chance_seed)``; forced moves (one
    legal action) are played without asking the bot.  A bot's illegal action
    raises :class:`~pure_engine.errors.IllegalActionError` naming the bot.
    *clocks* and *decisions*, when given, accumulate each seat's thinking
    time and the number of times it was asked; *actions*, when given, receives
    every action played (chance included), enough to record the game.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> from pure_engine.search.bots import RandomBot
    >>> play_game(make_coin_guess(), [RandomBot(seed=0), RandomBot(seed=1)], chance_seed=5)
    ((1.0, -1.0), 3)
    """
    if len(seated) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} bots, found {len(seated)}")
    for bot in seated:
        restart = getattr(bot, "restart", None)
        if restart is not None:
            restart()
    informs = [hook for hook in (getattr(bot, "inform", None) for bot in seated) if hook]
    rng = random.Random(chance_seed)
    state = game.initial_state(seed=chance_seed)
    moves = 0
    limit = max(game.info.max_game_length, 0) * 4 + 1000
    while True:
        player = game.current_player(state)
        if player == TERMINAL or moves == max_moves:
            if ended is not None:
                ended.append(player == TERMINAL)
            return tuple(float(r) for r in game.returns(state)), moves
        if player == CHANCE:
            action = game.sample_chance(state, rng)
            state_after = game.step(state, action)
        else:
            legal = game.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                bot = seated[player]
                started = time.perf_counter()
                action = choose_action(bot, game, state)
                if clocks is not None:
                    clocks[player] += time.perf_counter() - started
                if decisions is not None:
                    decisions[player] += 1
                if action not in legal:
                    shown = _describe(game, state, action)
                    raise ValueError(f"bot {bot.name!r} played the illegal action {shown!r}")
            state_after = game.step(state, action)
        for inform in informs:
            inform(action)
        if actions is not None:
            actions.append(action)
        state = state_after
        moves += 1
        if on_move is not None:
            on_move(moves)
        if max_moves is None and moves > limit:
            raise ValueError(f"{game.name}: no end after {moves} moves (max_game_length is wrong?)")


def _describe(game: Game[Any, Any], state: Any, action: Any) -> str:
    try:
        return game.action_to_str(state, action)
    except Exception:  # noqa: BLE001 - an unprintable illegal action is still reported
        return repr(action)


def play_match(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    *,
    games: int,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    max_moves: int | None = None,
    move_progress: Callable[[int, int], None] | None = None,
    keep: Callable[[int, int, list[Any]], None] | None = None,
) -> MatchResult:
    """Play *games* games between *bots* with rotating seats; collect per-bot results.

    Bot ``b`` plays seat ``(b + g) % n`` in game ``g``; the games of block
    ``g // n`` share the chance seed ``derive_seed(seed, "chance", g // n)``.
    *progress*, if given, is called with ``(games done, games)`` after each game,
    *move_progress* with ``(game index, moves played)`` after each move;
    *max_moves* caps every game (see :func:`play_game`; such games are ``capped``);
    *keep*, if given, is called with ``(game index, chance seed, every action played)``.
    The bots keep their own generators, so the same seeded bots and the same
    *seed* replay the same match.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> from pure_engine.search.bots import RandomBot
    >>> game = make_coin_guess()
    >>> result = play_match(game, [RandomBot(seed=0), RandomBot(seed=1)], games=4)
    >>> [[(seat.seat, seat.games) for seat in bot.seats] for bot in result.bots]
    [[(0, 2), (1, 2)], [(0, 2), (1, 2)]]
    >>> [outcome.seats for outcome in result.outcomes]
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    """
    players = game.num_players
    if len(bots) != players:
        raise ValueError(f"{game.name} needs {players} bots, found {len(bots)}")
    if games < 1:
        raise ValueError(f"games must be >= 1, found {games}")
    started = time.perf_counter()
    clocks = [0.0] * players
    decisions = [0] * players
    outcomes: list[GameOutcome] = []
    for index in range(games):
        seats = tuple((b + index) % players for b in range(players))
        seated: list[Bot] = [bots[0]] * players
        for b, seat in enumerate(seats):
            seated[seat] = bots[b]
        seat_clocks = [0.0] * players
        seat_decisions = [0] * players
        chance_seed = derive_seed(seed, "chance", index // players)
        on_move = None
        if move_progress is not None:
            on_move = functools.partial(move_progress, index)
        finished: list[bool] = []
        played: list[Any] | None = [] if keep is not None else None
        returns, moves = play_game(
            game,
            seated,
            chance_seed=chance_seed,
            clocks=seat_clocks,
            decisions=seat_decisions,
            max_moves=max_moves,
            on_move=on_move,
            ended=finished,
            actions=played,
        )
        if keep is not None and played is not None:
            keep(index, chance_seed, played)
        for b, seat in enumerate(seats):
            clocks[b] += seat_clocks[seat]
            decisions[b] += seat_decisions[seat]
        block = index // players
        capped = not finished[0]
        outcomes.append(GameOutcome(seats, returns, moves, chance_seed, block, capped=capped))
        if progress is not None:
            progress(index + 1, games)
    results = tuple(
        bot_result(bot.name, b, outcomes, players, clocks[b], decisions[b])
        for b, bot in enumerate(bots)
    )
    return MatchResult(game.name, seed, results, tuple(outcomes), time.perf_counter() - started)


def bot_result(
    name: str,
    index: int,
    outcomes: Sequence[GameOutcome],
    players: int,
    seconds: float,
    decisions: int,
) -> BotResult:
    """Bot *index*'s results over *outcomes* (its seat in each is ``outcome.seats[index]``).

    *seconds* and *decisions* are its thinking time and decisions over them.
    ``batch play`` uses it to summarise games played on many workers.

    >>> outcomes = [GameOutcome((0, 1), (1.0, -1.0), 3, 7, 0),
    ...             GameOutcome((1, 0), (1.0, -1.0), 3, 7, 0)]
    >>> result = bot_result("random", 0, outcomes, 2, 0.0, 2)
    >>> result.wins, result.losses, [seat.mean for seat in result.seats]
    (1, 1, [1.0, -1.0])
    """
    values = [o.returns[o.seats[index]] for o in outcomes]
    verdicts = [outcome_of(o.returns, o.seats[index]) for o in outcomes]
    blocks = [o.block for o in outcomes]
    mean, low, high = mean_ci(values, clusters=blocks)
    per_seat = []
    for seat in range(players):
        seat_values = [o.returns[seat] for o in outcomes if o.seats[index] == seat]
        seat_mean = math.fsum(seat_values) / len(seat_values) if seat_values else math.nan
        per_seat.append(SeatResult(seat, len(seat_values), seat_mean))
    return BotResult(
        name=name,
        games=len(values),
        mean=mean,
        ci_low=low,
        ci_high=high,
        wins=verdicts.count("win"),
        draws=verdicts.count("draw"),
        losses=verdicts.count("loss"),
        seats=tuple(per_seat),
        decisions=decisions,
        seconds=seconds,
    )
