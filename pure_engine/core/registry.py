"""The game registry: ``load_game(name, **params)`` and ``list_games()``.

A registration maps a name to a factory ``(**params) -> Game``; it may be given
as ``"module:attribute"`` so the module is imported only when the game is
first loaded.  The core knows no game: ``pure_engine.games`` registers the
bundled ones, and users register their own the same way.

>>> "kuhn_poker" in list_games()
True
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from pure_engine.core.game import Game
from pure_engine.errors import UnknownGameError

__all__ = ["canonical_name", "list_games", "load_game", "register_game"]

GameFactory = Callable[..., Game[Any, Any]]
_REGISTRY: dict[str, GameFactory | str] = {}


def canonical_name(name: str) -> str:
    """Names are matched case-insensitively with ``-`` and ``_`` alike.

    >>> canonical_name("Crab-Combat")
    'crab_combat'
    """
    return name.strip().lower().replace("-", "_")


def register_game(name: str, factory: GameFactory | str) -> None:
    """Register *factory* (or a lazy ``"module:attribute"`` path) under *name*."""
    _REGISTRY[canonical_name(name)] = factory


def list_games() -> tuple[str, ...]:
    """The registered names, sorted."""
    return tuple(sorted(_REGISTRY))


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
    """
    key = canonical_name(name)
    entry = _REGISTRY.get(key)
    if entry is None:
        known = ", ".join(list_games())
        raise UnknownGameError(f"unknown game {name!r}; known: {known}")
    if isinstance(entry, str):
        module_name, _, attr = entry.partition(":")
        entry = getattr(importlib.import_module(module_name), attr)
        _REGISTRY[key] = entry
    try:
        inspect.signature(entry).bind(**params)
    except TypeError:
        takes = [
            p.name
            for p in inspect.signature(entry).parameters.values()
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        given = ", ".join(f"{k}={v!r}" for k, v in params.items())
        raise ValueError(
            f"{key} takes the parameters {', '.join(takes) or '(none)'}, found {given}"
        ) from None
    return entry(**params)
