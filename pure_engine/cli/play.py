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
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pure_engine.cli._game_args import add_game_arguments, load_game_from_args
from pure_engine.cli._options import (
    Progress,
    add_progress_arguments,
    positive_count,
    seed,
    show_progress,
)
from pure_engine.cli._play_dump import dump_search, record_keeper
from pure_engine.cli._tables import format_table, verdict_counts
from pure_engine.core.game import Game
from pure_engine.search.arena import MatchResult, derive_seed, play_match
from pure_engine.search.bots import Bot, bot_kinds, make_bot, parse_bot_spec

__all__ = [
    "add_arguments",
    "add_bot_arguments",
    "bot_specs",
    "format_result",
    "make_bots",
    "move_cap",
    "run",
]

ONE_PLAYER_CAP = 1000
"""The default move cap of a one-player game (``--max-moves``)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME --bots SPEC,SPEC [--games N] [--seed S] [--simulations K] [--json] [--progress]``."""
    add_game_arguments(parser, example="kuhn_poker")
    add_bot_arguments(parser, required=True)
    parser.add_argument(
        "--games", type=positive_count, default=100, help="games to play (default 100)"
    )
    parser.add_argument("--seed", type=seed, default=0, help="match seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--max-moves",
        type=positive_count,
        default=None,
        help=f"stop a game after this many moves (default: {ONE_PLAYER_CAP} for a one-player "
        "game such as patience, else none); such a game counts as 'cap reached'",
    )
    add_progress_arguments(parser)
    parser.add_argument("--record", metavar="DIR", help="save every game as DIR/GAME-N.json")
    parser.add_argument(
        "--dump-search",
        metavar="FILE",
        help="write the search tree of the first game's first search-bot decision",
    )


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
    if args.dump_search:
        fresh = make_bots(game, specs, seeds=seeds, simulations=args.simulations)
        print(dump_search(game, fresh, seed=args.seed, path=args.dump_search), file=sys.stderr)
    keep = record_keeper(game, args.record) if args.record else None
    max_moves = move_cap(game, args.max_moves)
    progress, after_game, after_move = _match_progress(args, args.games)
    try:
        result = play_match(
            game,
            bots,
            games=args.games,
            seed=args.seed,
            progress=after_game,
            max_moves=max_moves,
            move_progress=after_move if progress.enabled else None,
            keep=keep,
        )
    finally:
        progress.close()
    best = game.info.max_return
    if args.json:
        answer = result.to_json() | {"max_moves": max_moves}
        if game.num_players == 1:
            answer["verdicts"] = verdict_counts(result.outcomes, best)
        print(json.dumps(answer))
    else:
        print("\n".join(format_table(result, best=best, max_moves=max_moves, label=args.game)))
    return 0


def move_cap(game: Game[Any, Any], asked: int | None) -> int | None:
    """The moves a game may last: *asked*, else :data:`ONE_PLAYER_CAP` for a one-player game
    (a patience bot may shuffle cards forever), else none (the game's own end).

    >>> from pure_engine.core.registry import load_game
    >>> move_cap(load_game("golf"), None), move_cap(load_game("kuhn_poker"), None)
    (1000, None)
    """
    if asked is not None:
        return asked
    return ONE_PLAYER_CAP if game.num_players == 1 else None


def _match_progress(
    args: argparse.Namespace, games: int
) -> tuple[Progress, Callable[[int, int], None], Callable[[int, int], None]]:
    """The progress line and its two callbacks: after each game, and after each move."""
    progress = Progress(enabled=show_progress(args))
    done = [0]

    def after_game(finished: int, total: int) -> None:
        done[0] = finished
        progress.bar(finished, total, "games")

    def after_move(index: int, moves: int) -> None:
        progress.update(f"game {index + 1}/{games}: {moves} moves ({done[0]} games done)")

    return progress, after_game, after_move


def format_result(result: MatchResult, *, max_moves: int | None = None) -> list[str]:
    """The printed table (:func:`pure_engine.cli._tables.format_table`)."""
    return format_table(result, max_moves=max_moves)
