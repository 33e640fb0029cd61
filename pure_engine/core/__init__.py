"""The core: records and containers, the Game protocol, chance and RNG, flow,
seen-state caches, and game records.  The core knows no game."""

from pure_engine.core.chance import ChanceTable, chance_table, draw, draw_from_rng, uniform_index
from pure_engine.core.digest import digest, hex_digest
from pure_engine.core.encoding import Encoding
from pure_engine.core.frozen import Frozen
from pure_engine.core.game import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    encoding_of,
    params_tuple,
    seeded_start,
)
from pure_engine.core.registry import list_games, load_game, register_game
from pure_engine.core.rng import Rng, bits64, randbelow, shuffled
from pure_engine.core.struct import Struct, fields_of

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ChanceTable",
    "Encoding",
    "Frozen",
    "Game",
    "GameInfo",
    "Rng",
    "Struct",
    "bits64",
    "chance_table",
    "digest",
    "draw",
    "draw_from_rng",
    "encoding_of",
    "fields_of",
    "hex_digest",
    "list_games",
    "load_game",
    "params_tuple",
    "randbelow",
    "register_game",
    "seeded_start",
    "shuffled",
    "uniform_index",
]
