"""pure_engine: card games the functional way.

Immutable states, pure transitions, exact seen-state caches and cheap
snapshots for tree search.

>>> import pure_engine
>>> game = pure_engine.load_game("kuhn_poker")
>>> state = game.initial_state()
>>> game.current_player(state) == pure_engine.CHANCE
True
"""

# first: decides which build runs (compiled or pure) before any compiled module can load
from pure_engine._build import build_info  # isort: skip
from pure_engine import games as _games  # noqa: F401 - registers the bundled games
from pure_engine import interop as _interop  # noqa: F401 - registers "openspiel" (lazily)
from pure_engine.core import (
    CHANCE,
    TERMINAL,
    Encoding,
    Game,
    GameInfo,
    Rng,
    Struct,
    digest,
    hex_digest,
    list_games,
    load_game,
    params_tuple,
    register_game,
    seeded_start,
)
from pure_engine.errors import (
    CycleDetectedError,
    IllegalActionError,
    NoEncodingError,
    ParseError,
    PureEngineError,
    RecordError,
    UnknownGameError,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CycleDetectedError",
    "Encoding",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NoEncodingError",
    "ParseError",
    "PureEngineError",
    "Record",
    "RecordError",
    "Rng",
    "Struct",
    "UnknownGameError",
    "build_info",
    "digest",
    "hex_digest",
    "list_games",
    "load_game",
    "params_tuple",
    "register_game",
    "seeded_start",
]
Record = Struct
"""Deprecated alias of :class:`Struct` (the state base class); "record" now means a game log."""

__version__ = "0.1.0"
