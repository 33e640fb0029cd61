"""Seeded records of every bundled game, for the viewer's tests (random play, capped)."""

from __future__ import annotations

import random
from typing import Any

from pure_engine.core.gamerecord import GameRecord, make_record
from pure_engine.core.registry import load_game

GAMES = (
    "kuhn_poker",
    "leduc_poker",
    "crab_combat",
    "patience",
    "bridge_play",
    "belote",
    "coinche",
    "skirmish",
    "magic_lite",
)
"""One name per family (freecell is patience's default variant)."""

HIDDEN = ("kuhn_poker", "leduc_poker", "bridge_play", "belote", "coinche", "skirmish", "magic_lite")
"""The games with hidden cards: a seat's view shows some face down."""


CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""How the viewer's browser tests and benchmark start Chromium (quiet, no network)."""


def seeded_record(name: str, seed: int = 3, *, cap: int = 120, **params: Any) -> GameRecord:
    """Random legal play from ``initial_state(seed)`` of ``load_game(name, **params)``, chance
    drawn by a seeded generator, at most *cap* moves (the record is of an unfinished game when
    the cap is hit)."""
    game = load_game(name, **params)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    actions: list[Any] = []
    while not game.is_terminal(state) and len(actions) < cap:
        if game.is_chance_node(state):
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = game.step(state, action)
    return make_record(game, actions, seed=seed)
