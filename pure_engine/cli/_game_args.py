"""The ``GAME [--param KEY=VALUE ...]`` arguments of the commands that load any game.

GAME is a registered name (``pure-engine list``) or your own factory as
``package.module:make_game`` (the current directory is searched first, as
``python -m`` does).  Each ``--param`` value is read as the type the game's
factory declares for that parameter (``int``, ``float``, ``bool``, ``str``,
``None``, a sequence of ints as ``9,2,6``), so ``--param deck0=42`` stays the
text ``"42"`` for a deck name; a factory without annotations gets numbers and
true/false guessed from the text.
"""

from __future__ import annotations

import argparse
import inspect
import math
import os
import sys
from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.registry import game_parameters, load_game
from pure_engine.errors import PureEngineError

__all__ = ["add_game_arguments", "load_game_from_args", "parse_param", "parse_params"]


def add_game_arguments(parser: argparse.ArgumentParser, *, example: str) -> None:
    """The positional ``game`` and the repeatable ``--param KEY=VALUE``."""
    parser.add_argument(
        "game",
        help=f"a game name as 'pure-engine list' shows it (e.g. {example}), "
        "or your own factory as package.module:make_game",
    )
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a parameter of the game's factory (repeatable), read as the type it declares",
    )


def load_game_from_args(args: argparse.Namespace) -> Game[Any, Any]:
    """``load_game(args.game, **params)``, every value typed as the factory declares it."""
    name = str(args.game)
    if ":" in name and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # your module, run from its folder, as `python -m` finds it
    declared = game_parameters(name)
    params = parse_params(args.param, declared=declared)
    try:
        return load_game(name, **params)
    except (PureEngineError, ValueError, OSError):
        raise
    except Exception as exc:  # the factory's own failure, in one line
        detail = " ".join(str(exc).split()) or "no message"
        raise ValueError(f"game {name!r} failed to build: {type(exc).__name__}: {detail}") from exc


def parse_params(
    items: list[str], *, declared: dict[str, inspect.Parameter] | None = None
) -> dict[str, object]:
    """``KEY=VALUE`` strings as keyword arguments, each read by :func:`parse_param`.

    With *declared* (the factory's parameters), an unknown key is refused.

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
        if declared is not None and key not in declared:
            takes = ", ".join(declared) or "no parameters"
            raise ValueError(f"--param {key}: this game takes {takes}, found {key!r}")
        parameter = declared.get(key) if declared is not None else None
        params[key] = parse_param(key, text, parameter)
    return params


def _declared_types(parameter: inspect.Parameter | None) -> set[str]:
    """The type names of *parameter*'s annotation (``"int | None"`` -> {"int", "None"})."""
    if parameter is None:
        return set()
    annotation = parameter.annotation
    if annotation is inspect.Parameter.empty:
        default = parameter.default
        if default is inspect.Parameter.empty or default is None:
            return set()
        return {type(default).__name__}
    if isinstance(annotation, str):
        text = annotation  # postponed annotations (from __future__ import annotations)
    elif isinstance(annotation, type):
        text = annotation.__name__
    else:
        text = str(annotation)  # int | None, typing.Optional[int], typing.Sequence[int]
    text = str(text).replace("typing.", "").replace(" ", "")
    for wrapper in ("Optional[", "Union["):  # Optional[int] -> int|None, Union[a,b] -> a|b
        if text.startswith(wrapper) and text.endswith("]"):
            inner = text[len(wrapper) : -1].replace(",", "|")
            text = inner + ("|None" if wrapper == "Optional[" else "")
    names = set()
    for part in text.split("|"):
        part = part.strip()
        if part.startswith(("Sequence[int", "tuple[int", "list[int")):
            names.add("ints")
        else:
            names.add(part.split("[")[0].strip().removeprefix("builtins."))
    return names


def parse_param(key: str, text: str, parameter: inspect.Parameter | None = None) -> object:
    """*text* as the value *parameter* declares (guessed when it declares nothing).

    >>> import inspect
    >>> deck = inspect.Parameter("deck0", inspect.Parameter.KEYWORD_ONLY, annotation="str | Deck")
    >>> parse_param("deck0", "42", deck)
    '42'
    >>> cards = inspect.Parameter("cards", inspect.Parameter.KEYWORD_ONLY, annotation="int")
    >>> parse_param("cards", "ten", cards)
    Traceback (most recent call last):
    ...
    ValueError: --param cards: expected an int, found 'ten'
    >>> parse_param("ratio", "nan")
    Traceback (most recent call last):
    ...
    ValueError: --param ratio: expected a finite number, found 'nan'
    """
    types = _declared_types(parameter)
    guess = not types or types <= {"Any", "object"}
    word = text.strip().lower()
    if (guess or "bool" in types) and word in ("true", "false"):
        return word == "true"
    if "None" in types and word in ("none", ""):
        return None
    if guess or "int" in types:
        try:
            return int(text)
        except ValueError:
            pass
    if guess or "float" in types:
        try:
            number = float(text)
        except ValueError:
            pass
        else:
            if not math.isfinite(number):
                raise ValueError(f"--param {key}: expected a finite number, found {text!r}")
            return number
    if "ints" in types:
        try:
            return tuple(int(part) for part in text.split(","))
        except ValueError:
            pass
    if guess or "str" in types:
        return text
    wanted = " or ".join(sorted(_WORDS.get(name, name) for name in types))
    raise ValueError(f"--param {key}: expected {wanted}, found {text!r}")


_WORDS = {
    "int": "an int",
    "float": "a number",
    "bool": "true or false",
    "None": "none",
    "ints": "numbers like 9,2,6",
    "str": "text",
}
