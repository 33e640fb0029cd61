"""``batch play`` and ``batch bench``: batches over any registered game.

``pure-engine batch play GAME --games 1-1000 [--bots mcts,random] [--param K=V]``
plays one game per number.  Game ``n`` is fully determined by ``--seed``, the
bots and ``n``: seats rotate as in ``pure-engine play`` (bot ``b`` sits in seat
``(b + n - 1) % players``), the games of one rotation block share their chance
seed (the same deals for every seating), and every bot gets a seed of its own
for that game, so any worker plays the same game and a rerun after a crash
writes the same line.  Each line holds the game's ``number``, its chance
``seed``, the ``seats`` of the bots, the ``returns`` and bot ``decisions`` per
seat, the ``length`` in moves and, with ``--records DIR``, the path of its
game record (``pure-engine replay`` checks it).  The summary is ``play``'s
table: per-bot mean return with its 95 % interval, wins, draws, losses.

``pure-engine batch bench GAME --tasks 8 --seconds 2`` times random playouts
(:func:`pure_engine.cli.bench.measure`) once per task and writes each task's
games/s, decisions/s and plies/s; the summary gives the median, slowest and
fastest task.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass
from typing import Any

from pure_engine.cli._batch_runner import Batch, Row, format_summary, parse_ranges, run_tasks
from pure_engine.cli._game_args import add_game_arguments, load_game_from_args
from pure_engine.cli._options import positive_count, seed
from pure_engine.cli._tables import format_table
from pure_engine.cli.bench import add_playout_arguments, check_playout_arguments, measure
from pure_engine.cli.play import add_bot_arguments, bot_specs, make_bots, move_cap
from pure_engine.core.gamerecord import make_record, save
from pure_engine.core.registry import load_game
from pure_engine.search.arena import (
    GameOutcome,
    MatchResult,
    bot_result,
    derive_seed,
    play_game,
)
from pure_engine.search.bots import Bot

__all__ = [
    "BenchJob",
    "PlayJob",
    "add_bench_arguments",
    "add_play_arguments",
    "bench_one",
    "play_one",
    "run_bench",
    "run_play",
]

Params = tuple[tuple[str, Any], ...]


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME --games RANGES [--param K=V] [--bots SPECS] [--seed S] [--records DIR] ...``."""
    add_game_arguments(parser, example="kuhn_poker")
    parser.add_argument("--games", required=True, help="game numbers, e.g. 1-1000 or 1-10,17,30-40")
    add_bot_arguments(parser, required=False)
    parser.add_argument("--seed", type=seed, default=0, help="match seed (default 0)")
    parser.add_argument(
        "--records",
        metavar="DIR",
        help="also save every game's record as DIR/GAME-NUMBER.json (a shared folder on a cluster)",
    )
    parser.add_argument(
        "--max-moves",
        type=positive_count,
        default=None,
        help="stop a game after this many moves (default: 1000 for a one-player game, else none)",
    )


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME --tasks N [--param K=V] [--seconds S] [--seed N] [--max-decisions N]``."""
    add_game_arguments(parser, example="leduc_poker")
    parser.add_argument(
        "--tasks", type=positive_count, required=True, help="timing tasks, numbered 1..N"
    )
    add_playout_arguments(parser)


@dataclass(frozen=True)
class PlayJob:
    """What a worker needs to play game *number* (plain data: it travels to other processes)."""

    game: str
    params: Params
    bots: tuple[str, ...]
    simulations: int | None
    match_seed: int
    number: int
    records: str | None = None
    max_moves: int | None = None


def play_one(job: PlayJob) -> Row:
    """Play game ``job.number`` and return its JSON line (runs in a worker process).

    >>> job = PlayJob("kuhn_poker", (), ("random", "random"), None, 0, 4)
    >>> row = play_one(job)
    >>> row["number"], row["seats"], sum(row["returns"]), row["returns"] == play_one(job)["returns"]
    (4, [1, 0], 0.0, True)
    """
    game = load_game(job.game, **dict(job.params))
    players = game.num_players
    index = job.number - 1
    seats = [(bot + index) % players for bot in range(players)]  # seats[b]: bot b's seat
    seeds = [derive_seed(job.match_seed, "bot", job.number, bot) for bot in range(players)]
    bots = make_bots(game, job.bots, seeds=seeds, simulations=job.simulations)
    seated: list[Bot] = [bots[0]] * players
    for bot, seat in enumerate(seats):
        seated[seat] = bots[bot]
    chance_seed = derive_seed(job.match_seed, "chance", index // players)
    clocks, decisions = [0.0] * players, [0] * players
    actions: list[Any] = []
    started = time.perf_counter()
    ended: list[bool] = []
    returns, length = play_game(
        game,
        seated,
        chance_seed=chance_seed,
        clocks=clocks,
        decisions=decisions,
        actions=actions,
        max_moves=job.max_moves,
        ended=ended,
    )
    row: Row = {
        "game": game.name,
        "params": game.info.params_dict,
        "bots": list(job.bots),
        "simulations": job.simulations,
        "match_seed": job.match_seed,
        "number": job.number,
        "seed": chance_seed,
        "block": index // players,
        "seats": seats,
        "returns": list(returns),
        "decisions": decisions,
        "think_seconds": [round(clock, 6) for clock in clocks],
        "length": length,
        "max_moves": job.max_moves,
        "capped": not ended[0],
        "seconds": round(time.perf_counter() - started, 6),
    }
    if job.records is not None:
        path = os.path.join(job.records, f"{game.name}-{job.number}.json")
        save(make_record(game, actions, seed=chance_seed), path)
        row["record"] = path
    return row


def run_play(args: argparse.Namespace) -> int:
    """``batch play``: play the games not yet in ``--out``, print ``play``'s table."""
    game = load_game_from_args(args)
    numbers = parse_ranges(args.games, where="--games", noun="game numbers")
    specs = bot_specs(game, args.bots, simulations=args.simulations)
    max_moves = move_cap(game, args.max_moves)
    if args.records is not None:
        os.makedirs(args.records, exist_ok=True)
    params = game.info.params
    batch = Batch(
        name=game.name,
        noun="game",
        id_field="number",
        numbers=numbers,
        job=lambda number: PlayJob(
            str(args.game),
            params,
            tuple(specs),
            args.simulations,
            args.seed,
            number,
            args.records,
            max_moves,
        ),
        work=play_one,
        signature={
            "game": game.name,
            "params": game.info.params_dict,
            "bots": specs,
            "simulations": args.simulations,
            "match_seed": args.seed,
            "max_moves": max_moves,
        },
    )
    rows, _, _ = run_tasks(batch, args)
    names = [bot.name for bot in make_bots(game, specs, seeds=[0] * len(specs), simulations=None)]
    result = summarize_games(game.name, args.seed, names, rows)
    best = game.info.max_return
    print("\n".join(format_table(result, best=best, max_moves=max_moves, label=str(args.game))))
    return 0


def summarize_games(name: str, seed: int, bots: list[str], rows: list[Row]) -> MatchResult:
    """The per-bot results of ``batch play`` lines, as :func:`~pure_engine.search.arena.play_match`
    reports them (intervals clustered by rotation block)."""
    outcomes = [
        GameOutcome(
            tuple(_ints(row["seats"])),
            tuple(float(str(value)) for value in _list(row["returns"])),
            int(str(row["length"])),
            int(str(row["seed"])),
            int(str(row["block"])),
            capped=row.get("capped") is True,
        )
        for row in rows
    ]
    players = len(bots)
    results = []
    for index, bot in enumerate(bots):
        seats = [outcome.seats[index] for outcome in outcomes]
        seconds = sum(
            float(str(_list(row["think_seconds"])[seat]))
            for row, seat in zip(rows, seats, strict=True)
        )
        decisions = sum(
            _ints(row["decisions"])[seat] for row, seat in zip(rows, seats, strict=True)
        )
        results.append(bot_result(bot, index, outcomes, players, seconds, decisions))
    total = sum(float(str(row["seconds"])) for row in rows)
    return MatchResult(name, seed, tuple(results), tuple(outcomes), total)


def _list(value: object) -> list[object]:
    assert isinstance(value, list), value
    return value


def _ints(value: object) -> list[int]:
    return [int(str(item)) for item in _list(value)]


@dataclass(frozen=True)
class BenchJob:
    """What a worker needs to time task *task* (plain data)."""

    game: str
    params: Params
    seconds: float
    seed: int
    max_decisions: int | None
    task: int


def bench_one(job: BenchJob) -> Row:
    """Time random playouts for about ``job.seconds``; return the task's JSON line.

    >>> row = bench_one(BenchJob("kuhn_poker", (), 0.05, 0, None, 1))
    >>> row["task"], row["games"] > 0, row["games_per_s"] > 0
    (1, True, True)
    """
    game = load_game(job.game, **dict(job.params))
    seed = derive_seed(job.seed, "bench", job.task)
    figures = measure(game, seconds=job.seconds, seed=seed, max_decisions=job.max_decisions)
    return {
        "game": game.name,
        "params": game.info.params_dict,
        "budget": job.seconds,
        "bench_seed": job.seed,
        "max_decisions_asked": job.max_decisions,
        "task": job.task,
        **figures,
    }


def run_bench(args: argparse.Namespace) -> int:
    """``batch bench``: run the timing tasks not yet in ``--out``, print the rates."""
    check_playout_arguments(args)
    if not 1 <= args.tasks <= 1_000_000:
        raise ValueError(f"expected 1 <= --tasks <= 1000000, found {args.tasks}")
    game = load_game_from_args(args)
    params = game.info.params
    batch = Batch(
        name=game.name,
        noun="task",
        id_field="task",
        numbers=tuple(range(1, args.tasks + 1)),
        job=lambda task: BenchJob(
            game.name, params, args.seconds, args.seed, args.max_decisions, task
        ),
        work=bench_one,
        signature={
            "game": game.name,
            "params": game.info.params_dict,
            "budget": args.seconds,
            "bench_seed": args.seed,
            "max_decisions_asked": args.max_decisions,
        },
    )
    rows, _, _ = run_tasks(batch, args)
    print(format_summary(summarize_bench(rows)))
    return 0


def summarize_bench(rows: list[Row]) -> dict[str, float | int | None]:
    """Per-task rates of ``batch bench`` lines: median, slowest, fastest, and the totals.

    >>> s = summarize_bench([{"games": 10, "seconds": 1.0, "games_per_s": 10.0,
    ...                       "mean_decisions": 4.0, "truncated": 0},
    ...                      {"games": 30, "seconds": 1.0, "games_per_s": 30.0,
    ...                       "mean_decisions": 2.0, "truncated": 1}])
    >>> s["median_games_per_s"], s["games"], s["mean_decisions"], s["truncated"]
    (20.0, 40, 2.5, 1)
    """
    rates = sorted(float(str(row["games_per_s"])) for row in rows)
    games = [int(str(row["games"])) for row in rows]
    decisions = sum(
        float(str(row["mean_decisions"])) * count for row, count in zip(rows, games, strict=True)
    )
    return {
        "tasks": len(rows),
        "games": sum(games),
        "playout_seconds": sum(float(str(row["seconds"])) for row in rows),
        "median_games_per_s": statistics.median(rates) if rates else None,
        "slowest_games_per_s": rates[0] if rates else None,
        "fastest_games_per_s": rates[-1] if rates else None,
        "mean_decisions": decisions / sum(games) if sum(games) else None,
        "truncated": sum(int(str(row["truncated"])) for row in rows),
    }
