"""``pure-engine play GAME --bots A,B``: pit bots against each other, report per-bot results.

Seats rotate every game (bot ``b`` plays seat ``(b + g) % n`` in game ``g``)
and the games of one rotation share their chance seed, so position and
card luck cancel.  Each bot reports its mean return with a 95 % confidence
interval, wins/draws/losses, and its mean return in each seat.  Bad input
(unknown game or bot, wrong number of bots) is one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from pure_engine.cli._game_args import add_game_arguments, load_game_from_args
from pure_engine.cli._options import add_progress_arguments, positive_count, seed, show_progress
from pure_engine.core.game import Game
from pure_engine.search.arena import MatchResult, derive_seed, play_match
from pure_engine.search.bots import Bot, bot_kinds, make_bot, parse_bot_spec

__all__ = [
    "add_arguments",
    "add_bot_arguments",
    "bot_specs",
    "format_result",
    "make_bots",
    "run",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME --bots SPEC,SPEC [--games N] [--seed S] [--simulations K] [--json] [--progress]``."""
    add_game_arguments(parser, example="kuhn_poker")
    add_bot_arguments(parser, required=True)
    parser.add_argument(
        "--games", type=positive_count, default=100, help="games to play (default 100)"
    )
    parser.add_argument("--seed", type=seed, default=0, help="match seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress_arguments(parser)


def add_bot_arguments(parser: argparse.ArgumentParser, *, required: bool) -> None:
    """``--bots SPEC,SPEC`` (one per seat) and ``--simulations K`` (also ``batch play``'s)."""
    parser.add_argument(
        "--bots",
        required=required,
        help=(
            "comma-separated bot specs, one per seat, e.g. mcts,random or "
            f"alphabeta:depth=4,greedy (kinds: {', '.join(bot_kinds())})"
            + ("" if required else "; default: random in every seat")
        ),
    )
    parser.add_argument(
        "--simulations",
        type=positive_count,
        default=None,
        help="simulations per move for mcts/ismcts/pimc (default: the search's own)",
    )


def bot_specs(game: Game[Any, Any], text: str | None, *, simulations: int | None) -> list[str]:
    """The bot specs of ``--bots``, one per seat, checked (``None``: random in every seat).

    Each spec is built once here, so a bad kind or option fails before any game is played.

    >>> from pure_engine.core.registry import load_game
    >>> bot_specs(load_game("kuhn_poker"), "random, mcts:simulations=20", simulations=None)
    ['random', 'mcts:simulations=20']
    >>> bot_specs(load_game("kuhn_poker"), "random", simulations=None)
    Traceback (most recent call last):
    ...
    ValueError: kuhn_poker has 2 seats, --bots gave 1: 'random'
    """
    if simulations is not None and simulations < 1:
        raise ValueError(f"--simulations must be >= 1, found {simulations}")
    if text is None:
        return ["random"] * game.num_players
    specs = [spec for spec in (part.strip() for part in text.split(",")) if spec]
    if len(specs) != game.num_players:
        seats = (
            "is a one-player game: one bot"
            if game.num_players == 1
            else f"has {game.num_players} seats"
        )
        raise ValueError(f"{game.name} {seats}, --bots gave {len(specs)}: {text!r}")
    make_bots(game, specs, seeds=[0] * len(specs), simulations=simulations)
    return specs


def make_bots(
    game: Game[Any, Any], specs: Sequence[str], *, seeds: Sequence[int], simulations: int | None
) -> list[Bot]:
    """One bot per spec, the ``i``-th seeded with ``seeds[i]``."""
    return [
        make_bot(parse_bot_spec(spec), game, seed=seed, simulations=simulations)
        for spec, seed in zip(specs, seeds, strict=True)
    ]


def run(args: argparse.Namespace) -> int:
    """Build the game and bots, play the match, print the table (or JSON)."""
    if args.games < 1:
        raise ValueError(f"--games must be >= 1, found {args.games}")
    game = load_game_from_args(args)
    specs = bot_specs(game, args.bots, simulations=args.simulations)
    seeds = [derive_seed(args.seed, "bot", index) for index in range(len(specs))]
    bots = make_bots(game, specs, seeds=seeds, simulations=args.simulations)
    show = show_progress(args)
    bar = _progress_bar(sys.stderr) if show else None
    try:
        result = play_match(game, bots, games=args.games, seed=args.seed, progress=bar)
    finally:
        if bar is not None:
            sys.stderr.write("\n")
            sys.stderr.flush()
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print("\n".join(format_result(result)))
    return 0


def _progress_bar(stream: TextIO, width: int = 30) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback drawing ``[####....] done/total`` on *stream*."""

    last = [-1.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 0.1:  # at most ten redraws a second
            return
        last[0] = now
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        stream.flush()

    return progress


def format_result(result: MatchResult) -> list[str]:
    """The printed table: one line per bot, then the seat means.

    >>> from pure_engine.search.arena import BotResult, MatchResult, SeatResult
    >>> bot = BotResult("random", 2, 0.0, -12.7, 12.7, 1, 0, 1,
    ...     (SeatResult(0, 1, 1.0), SeatResult(1, 1, -1.0)), 1, 0.0)
    >>> print("\\n".join(format_result(MatchResult("coin_guess", 0, (bot,), (), 0.5))))
    coin_guess: 0 games, seed 0, seats rotate every game, 0.50 s
    bot       games      mean  95% CI               wins  draws losses  seat 0  seat 1  ms/move
    random        2    +0.000  [-12.700, +12.700]       1      0      1  +1.000  -1.000    0.000
    """
    bots = result.bots
    seats = len(bots[0].seats) if bots else 0
    width = max([3, *(len(bot.name) for bot in bots)])
    lines = [
        f"{result.game}: {len(result.outcomes)} games, seed {result.seed}, "
        f"seats rotate every game, {result.seconds:.2f} s"
    ]
    header = (
        f"{'bot':<{width}}  games      mean  {'95% CI':<18}   wins  draws losses"
        + "".join(f"  seat {seat}" for seat in range(seats))
        + "  ms/move"
    )
    lines.append(header.rstrip())
    for bot in bots:
        ci = f"[{_signed(bot.ci_low)}, {_signed(bot.ci_high)}]"
        per_seat = "".join(
            f"  {_signed(seat.mean):>{len(f'seat {seat.seat}')}}" for seat in bot.seats
        )
        per_move = 1000 * bot.seconds / bot.decisions if bot.decisions else 0.0
        lines.append(
            f"{bot.name:<{width}}  {bot.games:5d}  {_signed(bot.mean):>8}  {ci:<18}"
            f"  {bot.wins:6d} {bot.draws:6d} {bot.losses:6d}{per_seat}  {per_move:7.3f}"
        )
    return lines


def _signed(value: float) -> str:
    if math.isnan(value):
        return "n/a"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.3f}"
