"""magic_lite: a Magic-like game on the card kit and the flat turn machine.

Two players at 20 life with 40- to 60-card decks of basic lands, creatures,
instants, sorceries and enchantments; mana, the full turn as one flat table
(:mod:`~pure_engine.games.magic_lite.turn`), priority with a stack
(:mod:`pure_engine.games.magic_lite.stack`), state-based actions, combat with first
strike and the common keywords, and triggered abilities on the stack.
Skip-trivial is integrated in the turn loop.  docs/magic-lite.md is the guide.

Modules: :mod:`~.state` (data), :mod:`~.cards` (the card set in the DSL),
:mod:`~.decks`, :mod:`~.engine` (hooks, mana, state-based actions),
:mod:`~.combat`, :mod:`~.priority` (who could act, priority and the stack),
:mod:`~.actions` (the decisions and the skip-trivial rule), :mod:`~.turn` (the turn table),
:mod:`~.deal` (a new game's table and opening hands), :mod:`~.rules` (observation, notation:
the game's rule functions), :mod:`~.game` (``make_game``).
"""

from pure_engine.games.magic_lite.actions import current_player, legal_actions
from pure_engine.games.magic_lite.decks import PRESETS, load_deck, parse_deck
from pure_engine.games.magic_lite.game import make_game
from pure_engine.games.magic_lite.priority import can_act
from pure_engine.games.magic_lite.rules import (
    action_to_str,
    deal,
    key,
    observation,
    parse_action,
    render,
    resample,
    returns,
)
from pure_engine.games.magic_lite.state import Act, Action, MagicState, Step
from pure_engine.games.magic_lite.turn import step

__all__ = [
    "PRESETS",
    "Act",
    "Action",
    "MagicState",
    "Step",
    "action_to_str",
    "can_act",
    "current_player",
    "deal",
    "key",
    "legal_actions",
    "load_deck",
    "make_game",
    "observation",
    "parse_action",
    "parse_deck",
    "render",
    "resample",
    "returns",
    "step",
]
