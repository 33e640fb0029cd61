"""Random play for the tests of any game: the state once chance has dealt, and a game played
to its end by seeded random choices, with a look at every decision on the way."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TypeVar

from pure_engine import Game
from pure_engine.games.bridge.game import make_game
from pure_engine.games.bridge.play import BridgeState, legal_actions
from pure_engine.games.trick_taking.pbn import pbn_str

S = TypeVar("S")
A = TypeVar("A")


def dealt(game: Game[S, A], seed: int) -> S:
    """``initial_state(seed)`` after the chance nodes at its start (drawn from its own rng)."""
    state = game.initial_state(seed=seed)
    while game.is_chance_node(state):
        state = game.resolve_chance(state)[1]
    return state


def play_out(game: Game[S, A], state: S, seed: int, visit: Callable[[S], None] | None = None) -> S:
    """*state* played to the end: chance from the state's rng, decisions by ``Random(seed)``;
    *visit(state)* sees every decision state."""
    rng = random.Random(seed)
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            state = game.resolve_chance(state)[1]
            continue
        if visit is not None:
            visit(state)
        state = game.step(state, rng.choice(game.legal_actions(state)))
    return state


def decisions(game: Game[S, A], state: S, choose: Callable[[S], A]) -> Iterator[S]:
    """Every decision state of one game from *state*: chance from the state's rng, each
    decision by *choose(state)*, taken when the next state is asked for (so a loop over
    them may look at a state, or stop, before it is played)."""
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            state = game.resolve_chance(state)[1]
            continue
        yield state
        state = game.step(state, choose(state))


def random_states(game: Game[S, A], state: S, rng: random.Random) -> list[S]:
    """*state* and every state after it in one game played by *rng* (chance by
    ``sample_chance``, decisions uniformly)."""
    states = [state]
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.step(state, action)
        states.append(state)
    return states


def bridge_ending(rng: random.Random, size: int, most_played: int) -> BridgeState:
    """A random *size*-card ``bridge_play`` ending (random strain, declarer and leader) with up
    to *most_played* random legal cards already played."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[s * size : (s + 1) * size]) for s in range(4))
    game = make_game(
        deal=pbn_str(hands),
        strain=rng.choice(["C", "D", "H", "S", "NT"]),
        declarer=rng.choice("NESW"),
        leader=rng.choice("NESW"),
    )
    state = game.initial_state()
    for _ in range(rng.randrange(most_played + 1)):
        state = game.step(state, rng.choice(legal_actions(state)))
    return state
