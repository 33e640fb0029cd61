"""Turn-up: a game without decisions, the second example of docs/adding-a-game.md.

Run: ``python examples/turn_up.py [SEED]`` (plays one seeded game and prints it).

Each round, chance turns one card for each player from a shared deck (``1..cards``); the
higher card scores a point.  After *rounds* rounds, whoever has more points wins (+1 / -1, 0 on
a tie).  Nobody ever decides anything: every state is a chance node or the end, so the game
is played by resolving chance until it ends.

>>> game = make_game()
>>> s = game.play_str(game.play_str(game.initial_state(), "turn:2"), "turn:5")
>>> s.score, game.legal_actions(s), current_player(s) == CHANCE
((0, 1), (), True)
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
    "INFO",
    "TurnUpState",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "legal_actions",
    "make_game",
    "parse_action",
    "returns",
    "step",
]


class TurnUpState(Struct):
    """The face-down deck (sorted: its order is not information), the card turned for player 0
    this round (``None`` before it is turned), the rounds left, the score and the generator."""

    deck: tuple[int, ...]
    left: int
    first: int | None = None
    score: tuple[int, int] = (0, 0)
    rng: Rng | None = None


INFO = GameInfo(
    name="turn_up",
    num_players=2,
    min_return=-1.0,
    max_return=1.0,
    max_game_length=0,  # decisions: there are none
    zero_sum=True,
    constant_sum=0.0,
    has_chance=True,
    perfect_information=True,
    description="Turn-up: chance turns a card for each player, the higher scores",
)


def current_player(state: TurnUpState) -> int:
    """``CHANCE`` until the last round is turned, then ``TERMINAL``: never a player."""
    return TERMINAL if state.left == 0 else CHANCE


def legal_actions(state: TurnUpState) -> tuple[int, ...]:
    """Always ``()``: no player ever decides."""
    return ()


def chance_outcomes(state: TurnUpState) -> tuple[tuple[int, Fraction], ...]:
    """Each face-down card, equally likely; ``()`` at the end."""
    if state.left == 0:
        return ()
    p = Fraction(1, len(state.deck))
    return tuple((card, p) for card in state.deck)


def step(state: TurnUpState, action: int) -> TurnUpState:
    """Turn card *action*: player 0's card of the round, then player 1's, which scores."""
    deck = tuple(card for card in state.deck if card != action)
    if state.first is None:
        return state.replace(deck=deck, first=action)
    won = (int(state.first > action), int(action > state.first))
    score = (state.score[0] + won[0], state.score[1] + won[1])
    return state.replace(deck=deck, first=None, score=score, left=state.left - 1)


def returns(state: TurnUpState) -> tuple[float, ...]:
    """+1 to the player with more points, -1 to the other, at the end; zeros before."""
    if state.left > 0 or state.score[0] == state.score[1]:
        return (0.0, 0.0)
    return (1.0, -1.0) if state.score[0] > state.score[1] else (-1.0, 1.0)


def action_to_str(state: TurnUpState, action: int) -> str:
    """``turn:7``: the only moves are chance's."""
    return f"turn:{action}"


def parse_action(state: TurnUpState, text: str) -> int:
    """The inverse of :func:`action_to_str`; bad text raises :class:`ParseError`."""
    number = text.strip().lower().removeprefix("turn:")
    if number.isdigit() and int(number) in state.deck:
        return int(number)
    raise ParseError(f"expected a face-down card like 'turn:{state.deck[0]}', found {text!r}")


def make_game(*, cards: int = 8, rounds: int = 3) -> Game[TurnUpState, int]:
    """Turn-up with a deck of *cards* cards and *rounds* rounds.

    >>> make_game(cards=5, rounds=3)
    Traceback (most recent call last):
    ...
    ValueError: turn_up: expected cards >= 2 * rounds >= 2, found cards=5, rounds=3
    """
    if not 2 <= 2 * rounds <= cards:
        msg = f"turn_up: expected cards >= 2 * rounds >= 2, found cards={cards}, rounds={rounds}"
        raise ValueError(msg)
    start = TurnUpState(deck=tuple(range(1, cards + 1)), left=rounds)

    params = params_tuple({"cards": cards, "rounds": rounds})
    return Game(
        info=dataclasses.replace(INFO, params=params),
        initial_state=seeded_start(start),  # seeded: start with rng=Rng(seed)
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        observation=lambda state, player: state,  # nothing is hidden
        key=lambda state: (state.deck, state.left, state.first, state.score),
        action_to_str=action_to_str,
        parse_action=parse_action,
    )


register_game("turn_up", make_game)


if __name__ == "__main__":
    game = make_game()
    state = game.initial_state(seed=int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    while not game.is_terminal(state):
        card, state = game.resolve_chance(state)  # drawn from the state's own generator
        print(game.action_to_str(state, card), "score", state.score)
    print("returns", game.returns(state))
