"""``pure-engine list``: the games you can name, the patience presets, the bot kinds and
their options.

Every name listed works wherever a command takes a GAME (``play klondike``,
``bench golf``, ``check kuhn_poker``); your own game needs no registration:
name its factory as ``package.module:make_game``.
"""

from __future__ import annotations

import argparse
import json
import textwrap

from pure_engine.core.registry import game_factory, list_games, load_game, preset_params
from pure_engine.search.bots import BotKind, GameBotKind, bot_kinds, bot_options

__all__ = ["add_arguments", "game_rows", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``[--json]``."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def game_rows() -> list[dict[str, object]]:
    """One row per game that is not a preset: name, seats, description.

    >>> rows = {row["name"]: row for row in game_rows()}
    >>> rows["kuhn_poker"]["players"]
    2
    """
    rows: list[dict[str, object]] = []
    for name in list_games(presets=False):
        try:
            info = load_game(name).info
        except (TypeError, ValueError) as exc:  # a game that needs parameters to be built
            rows.append(
                {"name": name, "players": None, "description": f"(needs parameters: {exc})"}
            )
            continue
        rows.append({"name": name, "players": info.num_players, "description": info.description})
    return rows


def run(args: argparse.Namespace) -> int:
    """Print the games, the presets and the bot kinds."""
    games = game_rows()
    presets = {
        name: preset_params(name)
        for name in list_games()
        if name not in {row["name"] for row in games}
    }
    kinds = list(bot_kinds())
    families: dict[str, list[str]] = {}
    unsupported: list[str] = []
    for name in presets:
        try:
            load_game(name)
        except ValueError:  # rules the engine does not implement yet: say so, not hide it
            unsupported.append(name)
            continue
        families.setdefault(_base_of(name), []).append(name)
    if args.json:
        answer = {
            "games": games,
            "presets": presets,
            "unsupported": unsupported,
            "bots": kinds,
            "bot_options": {kind: _options_json(kind) for kind in kinds},
        }
        print(json.dumps(answer))
        return 0
    width = max(len(str(row["name"])) for row in games)
    print("games (pure-engine play|bench|check|batch GAME):")
    for row in games:
        seats = "" if row["players"] is None else f"{row['players']}p"
        print(f"  {row['name']:<{width}}  {seats:>3}  {row['description']}")
    for base, names in families.items():
        print(f"\n{base} presets (play/bench/check by name, solve too):")
        print(
            textwrap.fill(", ".join(names), width=78, initial_indent="  ", subsequent_indent="  ")
        )
    if unsupported:
        print("\nknown presets the engine cannot play yet: " + ", ".join(unsupported))
    print("\nbot kinds (play --bots KIND[:OPTION=VALUE...],...) and their options:")
    for kind in kinds:
        options = bot_options(kind)
        print(f"  {kind}" + ("" if options else ": no options"))
        for option in options:
            print(f"    {option}")
    print("\nyour own game: package.module:make_game wherever a GAME is asked for")
    return 0


def _options_json(kind: BotKind | GameBotKind) -> list[dict[str, object]]:
    """The declared options of *kind*: name, type, default (``null``: none) and help."""
    return [
        {"name": o.name, "type": o.type.__name__, "default": o.default, "help": o.help}
        for o in bot_options(kind)
    ]


def _base_of(preset: str) -> str:
    """The game a preset fixes parameters of: the plain name with the same factory
    (the one its factory's module is named after, when several share it)."""
    factory = game_factory(preset)
    bases = [
        name
        for name in list_games(presets=False)
        if not preset_params(name) and game_factory(name) is factory
    ]
    named = [name for name in bases if name in factory.__module__.split(".")]
    return (named or bases or [preset])[0]
