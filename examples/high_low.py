"""High-low: the worked example of docs/adding-a-game.md, one game in one module.

Run: ``python examples/high_low.py [SEED]`` (plays one seeded game and prints it).

Two players take turns guessing whether the next card turned from a small
shuffled deck (``1..cards``) is higher or lower than the face-up one; a right
guess scores a point.  After *rounds* guesses, whoever has more points wins
(+1 / -1, 0 on a tie).  Chance turns the cards; everything is face up once
turned, so the game has perfect information.

>>> game = make_game()
>>> s = game.initial_state()
>>> s = game.play_str(s, "turn:3")          # chance turns the first card
>>> game.legal_strings(s)
('higher', 'lower')
>>> s = game.play_str(game.play_str(s, "higher"), "turn:5")
>>> s.score, current_player(s)
((1, 0), 1)
"""

from __future__ import annotations

import dataclasses
import sys
from fractions import Fraction

from pure_engine import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    ParseError,
    Rng,
    Struct,
    params_tuple,
    register_game,
    seeded_start,
)

__all__ = [
    "HIGHER",
    "INFO",
    "LOWER",
    "HighLowState",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "key",
    "legal_actions",
    "make_game",
    "observation",
    "parse_action",
    "render",
    "returns",
    "step",
]

HIGHER = 0
LOWER = 1
_GUESSES = ("higher", "lower")


# --- the state: an immutable Struct holding everything the rules read ---------------


class HighLowState(Struct):
    """A position: the face-down deck, the face-up card, a pending guess, the score.

    ``deck`` is kept sorted (chance draws any of its cards with equal
    probability, so its order is not information); ``top`` is ``None`` until
    the first card is turned; ``guess`` is the guess waiting for the next
    card; ``left`` counts the guesses still to make; ``rng`` is the in-state
    generator of a seeded game.
    """

    deck: tuple[int, ...]
    left: int
    top: int | None = None
    guess: int | None = None
    mover: int = 0
    score: tuple[int, int] = (0, 0)
    rng: Rng | None = None


# --- static facts: one GameInfo constant ---------------------------------------------

INFO = GameInfo(
    name="high_low",
    num_players=2,
    min_return=-1.0,
    max_return=1.0,
    max_game_length=3,  # decisions (guesses); make_game sets it from `rounds`
    zero_sum=True,
    constant_sum=0.0,
    has_chance=True,
    perfect_information=True,
    description="High-low: guess whether the next card is higher or lower",
)


# --- the rules: module-level functions, state first, fully typed ---------------------


def current_player(state: HighLowState) -> int:
    """``CHANCE`` when a card is to be turned, ``TERMINAL`` after the last guess, else the mover."""
    if state.top is not None and state.guess is None:
        return TERMINAL if state.left == 0 else state.mover
    return CHANCE


def legal_actions(state: HighLowState) -> tuple[int, ...]:
    """``(HIGHER, LOWER)`` for the player to move; ``()`` at chance and terminal nodes."""
    return (HIGHER, LOWER) if current_player(state) >= 0 else ()


def chance_outcomes(state: HighLowState) -> tuple[tuple[int, Fraction], ...]:
    """Each face-down card, equally likely; ``()`` when no card is to be turned."""
    if current_player(state) != CHANCE:
        return ()
    p = Fraction(1, len(state.deck))
    return tuple((card, p) for card in state.deck)


def step(state: HighLowState, action: int) -> HighLowState:
    """The state after *action* (a guess, or the card chance turns); unchecked, like every step."""
    if state.guess is None and state.top is not None:  # a player guesses
        return state.replace(guess=action)
    deck = tuple(card for card in state.deck if card != action)
    if state.top is None:  # the first card
        return state.replace(deck=deck, top=action)
    right = (action > state.top) == (state.guess == HIGHER)
    score = list(state.score)
    score[state.mover] += right
    return state.replace(
        deck=deck,
        top=action,
        guess=None,
        mover=1 - state.mover,
        left=state.left - 1,
        score=(score[0], score[1]),
    )


def returns(state: HighLowState) -> tuple[float, ...]:
    """+1 to the player with more points, -1 to the other, at the end; zeros before."""
    if current_player(state) != TERMINAL or state.score[0] == state.score[1]:
        return (0.0, 0.0)
    return (1.0, -1.0) if state.score[0] > state.score[1] else (-1.0, 1.0)


def observation(state: HighLowState, player: int) -> HighLowState:
    """Everything: turned cards are face up and the deck's contents are public."""
    return state


def key(state: HighLowState) -> tuple[object, ...]:
    """What decides the future: the deck, the face-up card, the pending guess, the guesses
    left, who guesses next, and the score *difference* (the winner depends on nothing
    else).  The generator is left out: it draws, it does not decide."""
    lead = state.score[0] - state.score[1]
    return (state.deck, state.top, state.guess, state.left, state.mover, lead)


def action_to_str(state: HighLowState, action: int) -> str:
    """``turn:7`` for the card chance turns, ``higher`` / ``lower`` for a guess."""
    if current_player(state) == CHANCE:
        return f"turn:{action}"
    return _GUESSES[action]


def parse_action(state: HighLowState, text: str) -> int:
    """The inverse of :func:`action_to_str`; bad text raises :class:`ParseError`.

    >>> parse_action(HighLowState(deck=(1, 2), left=1, top=3), "sideways")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected 'higher' or 'lower', found 'sideways'
    """
    word = text.strip().lower()
    if current_player(state) == CHANCE:
        number = word.removeprefix("turn:")
        if number.isdigit() and int(number) in state.deck:
            return int(number)
        raise ParseError(f"expected a face-down card like 'turn:{state.deck[0]}', found {text!r}")
    if word in _GUESSES:
        return _GUESSES.index(word)
    raise ParseError(f"expected 'higher' or 'lower', found {text!r}")


def render(state: HighLowState) -> str:
    """One line for people: the face-up card, the score, the guesses left."""
    top = "-" if state.top is None else str(state.top)
    return f"top {top} | score {state.score[0]}-{state.score[1]} | {state.left} guesses left"


# --- the factory: keyword-only parameters, explicit keywords to Game -----------------


def make_game(*, cards: int = 6, rounds: int = 3) -> Game[HighLowState, int]:
    """High-low with a deck of *cards* cards and *rounds* guesses in all.

    >>> make_game(cards=3, rounds=3)
    Traceback (most recent call last):
    ...
    ValueError: high_low: expected cards > rounds >= 1 (...), found cards=3, rounds=3
    """
    if not 1 <= rounds < cards:
        raise ValueError(
            "high_low: expected cards > rounds >= 1 (a card per guess, plus the first), "
            f"found cards={cards}, rounds={rounds}"
        )
    # the parameters live in the initial state, so every rule above stays a plain function
    start = HighLowState(deck=tuple(range(1, cards + 1)), left=rounds)

    params = params_tuple({"cards": cards, "rounds": rounds})  # what rebuilds this very game
    info = dataclasses.replace(INFO, max_game_length=rounds, params=params)
    return Game(
        info=info,
        initial_state=seeded_start(start),  # seeded: start with rng=Rng(seed)
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        observation=observation,
        key=key,
        action_to_str=action_to_str,
        parse_action=parse_action,
        render=render,
    )


# load_game("high_low", cards=8) now builds one, and a record of it replays
register_game("high_low", make_game)


if __name__ == "__main__":
    from pure_engine.core import session

    game = make_game()
    played = session.start(game, seed=int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    while not game.is_terminal(played.state):
        guess = HIGHER if (played.state.top or 0) <= 3 else LOWER
        print(game.render(played.state), "->", game.action_to_str(played.state, guess))
        played = session.act(game, played, guess)
    print(game.render(played.state), "| returns", game.returns(played.state))
