"""Interop: pure_engine games in PettingZoo, Gymnasium and OpenSpiel; OpenSpiel's games in ours.

Each adapter lives in its own module and imports its library only when used,
so the core install stays lean; a missing library is a one-line
:class:`MissingExtraError` naming the extra to install:

* :func:`to_pettingzoo` (``rl`` extra): any game with an encoding as a PettingZoo AEC env;
* :func:`to_gymnasium` (``rl`` extra): one seat of a game as a Gymnasium env;
* :func:`to_openspiel` (``peers`` extra): any game with an encoding as a ``pyspiel`` game,
  so OpenSpiel's algorithms (CFR, exploitability, MCTS) run on it;
* :func:`from_openspiel` (``peers`` extra): any OpenSpiel game as a pure_engine ``Game``,
  so ``check_game`` and our searches run on it;
* :func:`to_efg` (no extra): a small game's whole tree as a Gambit ``.efg`` file, which
  Gambit reads and OpenSpiel loads as a C++ game (``pyspiel.load_efg_game``).

The game's observation tensor and action numbers come from its
:class:`~pure_engine.core.encoding.Encoding` (docs/encoding.md).

Importing :mod:`pure_engine` registers OpenSpiel's games under the name
``openspiel`` (lazily: nothing of OpenSpiel is imported until one is loaded),
so ``load_game("openspiel", game="leduc_poker")`` works in any process.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pure_engine.core.registry import register_game
from pure_engine.errors import PureEngineError
from pure_engine.interop.efg import to_efg

if TYPE_CHECKING:
    from pure_engine.core.game import Game
    from pure_engine.interop.gymnasium_env import PureEngineEnv
    from pure_engine.interop.openspiel_wrap import OpenSpielState
    from pure_engine.interop.pettingzoo_env import PureEngineAECEnv

__all__ = [
    "MissingExtraError",
    "from_openspiel",
    "require",
    "to_efg",
    "to_gymnasium",
    "to_openspiel",
    "to_pettingzoo",
]

_EXTRAS = {
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "numpy": "rl",
    "pyspiel": "peers",
    "open_spiel": "peers",
    "dask": "dask",
    "distributed": "dask",
}


class MissingExtraError(PureEngineError, ImportError):
    """An adapter's library is not installed (the message names the extra to install)."""


def require(*modules: str) -> None:
    """Import *modules*, or raise :class:`MissingExtraError` naming the extra that has them.

    >>> require("json")
    >>> require("no_such_module_at_all")
    Traceback (most recent call last):
    ...
    pure_engine.interop.MissingExtraError: this needs the Python module 'no_such_module_at_all'...
    """
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            extra = _EXTRAS.get(name.split(".")[0])
            how = f"pip install 'pure-engine[{extra}]'" if extra else f"pip install {name}"
            raise MissingExtraError(
                f"this needs the Python module {name!r}, which is not installed: {how}"
            ) from None


def to_pettingzoo(game: str | Game[Any, Any], **kwargs: Any) -> PureEngineAECEnv:
    """See :func:`pure_engine.interop.pettingzoo_env.to_pettingzoo` (``rl`` extra)."""
    require("numpy", "gymnasium", "pettingzoo")
    from pure_engine.interop.pettingzoo_env import to_pettingzoo as build

    return build(game, **kwargs)


def to_gymnasium(game: str | Game[Any, Any], **kwargs: Any) -> PureEngineEnv:
    """See :func:`pure_engine.interop.gymnasium_env.to_gymnasium` (``rl`` extra)."""
    require("numpy", "gymnasium")
    from pure_engine.interop.gymnasium_env import to_gymnasium as build

    return build(game, **kwargs)


def to_openspiel(game: str | Game[Any, Any], **params: Any) -> Any:
    """See :func:`pure_engine.interop.openspiel_game.to_openspiel` (``peers`` extra).

    *game* is a Game or a registered name (built with *params*).
    """
    require("numpy", "pyspiel")
    from pure_engine.core.registry import load_game
    from pure_engine.interop.openspiel_game import to_openspiel as build

    if isinstance(game, str):
        game = load_game(game, **params)
    elif params:
        raise ValueError(f"game params {sorted(params)} are for a game name, not a Game value")
    return build(game)


def from_openspiel(game: str, **params: Any) -> Game[OpenSpielState, int]:
    """See :func:`pure_engine.interop.openspiel_wrap.from_openspiel` (``peers`` extra).

    The registered game ``openspiel`` is this function:

    >>> from pure_engine import load_game
    >>> load_game("openspiel", game="kuhn_poker").info.params
    (('game', 'kuhn_poker'),)
    """
    require("pyspiel")
    from pure_engine.interop.openspiel_wrap import from_openspiel as build

    return build(game, **params)


register_game("openspiel", from_openspiel)
