"""The game registry: ``load_game(name, **params)`` and ``list_games()``.

A registration maps a name to a factory ``(**params) -> Game``; it may be given
as ``"module:attribute"`` so the module is imported only when the game is
first loaded.  A registration may fix some parameters: a *preset* of another
game (``klondike`` is ``patience`` with ``variant="klondike"``).  The core knows
no game: ``pure_engine.games`` registers the bundled ones, and users register
their own the same way -- or name a factory directly, unregistered, as
``"package.module:make_game"``.

>>> "kuhn_poker" in list_games() and "klondike" in list_games()
True
>>> "klondike" in list_games(presets=False)
False
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from pure_engine.core.game import Game
from pure_engine.errors import UnknownGameError

__all__ = [
    "action_in_words",
    "canonical_name",
    "game_factory",
    "game_parameters",
    "list_games",
    "load_game",
    "preset_params",
    "register_game",
    "register_words",
]

GameFactory = Callable[..., Game[Any, Any]]
_REGISTRY: dict[str, GameFactory | str] = {}
_PRESETS: dict[str, Mapping[str, Any]] = {}  # name -> the parameters it fixes
_WORDS: dict[str, Callable[[Any, Any], str] | str] = {}  # game name -> (state, action) -> words


def canonical_name(name: str) -> str:
    """Names are matched case-insensitively with ``-`` and ``_`` alike.

    >>> canonical_name("Crab-Combat")
    'crab_combat'
    """
    return name.strip().lower().replace("-", "_")


def register_game(
    name: str, factory: GameFactory | str, *, params: Mapping[str, Any] | None = None
) -> None:
    """Register *factory* (or a lazy ``"module:attribute"`` path) under *name*.

    With *params*, *name* is a preset: ``load_game(name, **more)`` calls
    ``factory(**params, **more)`` (later keywords win).
    """
    key = canonical_name(name)
    _REGISTRY[key] = factory
    if params:
        _PRESETS[key] = MappingProxyType(dict(params))
    else:
        _PRESETS.pop(key, None)


def list_games(*, presets: bool = True) -> tuple[str, ...]:
    """The registered names, sorted; ``presets=False`` leaves out the presets of other games
    (one name per rule implementation, as conformance tests want)."""
    return tuple(sorted(name for name in _REGISTRY if presets or name not in _PRESETS))


def preset_params(name: str) -> dict[str, Any]:
    """The parameters the registration of *name* fixes (``{}`` for a plain game).

    >>> preset_params("klondike"), preset_params("kuhn_poker")
    ({'variant': 'klondike'}, {})
    """
    return dict(_PRESETS.get(canonical_name(name), {}))


def _import_factory(path: str, *, name: str) -> GameFactory:
    """The object at ``"module:attribute"`` (``UnknownGameError`` in one line when absent)."""
    module_name, _, attr = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownGameError(f"game {name!r}: cannot import {module_name!r} ({exc})") from None
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise UnknownGameError(
            f"game {name!r}: expected a callable {attr!r} in module {module_name!r}, found "
            + ("nothing" if factory is None else type(factory).__name__)
        )
    return factory  # type: ignore[no-any-return]  # any callable: load_game checks what it builds


def game_factory(name: str) -> GameFactory:
    """The factory behind *name*: a registered name, or ``"package.module:factory"``.

    >>> game_factory("kuhn_poker").__name__
    'make_game'
    >>> game_factory("no_such_module:make_game")
    Traceback (most recent call last):
    ...
    pure_engine.errors.UnknownGameError: game 'no_such_module:make_game': cannot import ...
    """
    key = canonical_name(name)
    entry = _REGISTRY.get(key)
    if entry is None:
        module_name, colon, attr = name.strip().partition(":")
        if colon and attr.isidentifier() and all(p.isidentifier() for p in module_name.split(".")):
            return _import_factory(name.strip(), name=name)
        known = ", ".join(list_games())
        raise UnknownGameError(
            f"unknown game {name!r}; known: {known} (or your own as 'package.module:make_game')"
        )
    if isinstance(entry, str):
        entry = _import_factory(entry, name=key)
        _REGISTRY[key] = entry
    return entry


def game_parameters(name: str) -> dict[str, inspect.Parameter]:
    """The keyword parameters a user may give *name* (those its preset fixes left out).

    >>> sorted(game_parameters("klondike"))
    ['deal', 'seed']
    """
    fixed = _PRESETS.get(canonical_name(name), {})
    return {
        parameter.name: parameter
        for parameter in inspect.signature(game_factory(name)).parameters.values()
        if parameter.kind in (parameter.KEYWORD_ONLY, parameter.POSITIONAL_OR_KEYWORD)
        and parameter.name not in fixed
    }


def load_game(name: str, **params: Any) -> Game[Any, Any]:
    """Build the game registered under *name* with *params*.

    >>> load_game("no such game")
    Traceback (most recent call last):
    ...
    pure_engine.errors.UnknownGameError: unknown game 'no such game'; known: ...
    >>> load_game("kuhn_poker", player=3)
    Traceback (most recent call last):
    ...
    ValueError: kuhn_poker takes the parameters players, found player=3
    >>> load_game("klondike").info.params_dict["variant"]
    'klondike'
    """
    entry = game_factory(name)
    key = canonical_name(name)
    fixed = dict(_PRESETS.get(key, {}))
    try:
        inspect.signature(entry).bind(**(fixed | params))
    except TypeError:
        takes = list(game_parameters(name))
        given = ", ".join(f"{k}={v!r}" for k, v in params.items()) or "none"
        raise ValueError(
            f"{key} takes the parameters {', '.join(takes) or '(none)'}, found {given}"
        ) from None
    game = entry(**(fixed | params))
    if not isinstance(game, Game):
        raise UnknownGameError(
            f"game {name!r}: expected its factory to return a Game, found {type(game).__name__}"
        )
    return game


def register_words(game_name: str, words: Callable[[Any, Any], str] | str) -> None:
    """Make *words* (or a lazy ``"module:function"``) the display of *game_name*'s actions
    for people: ``(state, action) -> str``, beside the notation records store."""
    _WORDS[canonical_name(game_name)] = words


def action_in_words(game: Game[Any, Any], state: Any, action: Any) -> str:
    """*action* as a person reads it: the game's registered words, else its notation.

    >>> game = load_game("kuhn_poker")
    >>> state = game.step(game.step(game.initial_state(), 0), 1)
    >>> action_in_words(game, state, game.legal_actions(state)[0])
    'pass'
    """
    entry = _WORDS.get(canonical_name(game.name))
    if entry is None:
        return game.action_to_str(state, action)
    words: Callable[[Any, Any], str]
    if isinstance(entry, str):
        module_name, _, attr = entry.partition(":")
        words = getattr(importlib.import_module(module_name), attr)
        _WORDS[canonical_name(game.name)] = words
    else:
        words = entry
    return words(state, action)
