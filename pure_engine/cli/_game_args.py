"""The ``GAME [--param KEY=VALUE ...]`` arguments of the commands that load any registered game."""

from __future__ import annotations

import argparse
from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.registry import load_game

__all__ = ["add_game_arguments", "load_game_from_args", "parse_params"]


def add_game_arguments(parser: argparse.ArgumentParser, *, example: str) -> None:
    """The positional ``game`` and the repeatable ``--param KEY=VALUE``."""
    parser.add_argument("game", help=f"a registered game, e.g. {example}")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game parameter for load_game (repeatable; numbers are parsed)",
    )


def load_game_from_args(args: argparse.Namespace) -> Game[Any, Any]:
    """``load_game(args.game, **params)``."""
    return load_game(args.game, **parse_params(args.param))


def parse_params(items: list[str]) -> dict[str, object]:
    """``KEY=VALUE`` strings as keyword arguments: ints, floats, true/false, else text.

    >>> parse_params(["players=2", "name=x", "fast=true", "ratio=0.5"])
    {'players': 2, 'name': 'x', 'fast': True, 'ratio': 0.5}
    >>> parse_params(["players"])
    Traceback (most recent call last):
    ...
    ValueError: --param expects KEY=VALUE, found 'players'
    """
    params: dict[str, object] = {}
    for item in items:
        key, equals, text = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier():
            raise ValueError(f"--param expects KEY=VALUE, found {item!r}")
        value: object = text
        if text.lower() in ("true", "false"):
            value = text.lower() == "true"
        else:
            for convert in (int, float):
                try:
                    value = convert(text)
                    break
                except ValueError:
                    pass
        params[key] = value
    return params
