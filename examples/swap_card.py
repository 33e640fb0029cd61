"""Swap: a hidden-information game, the third example of docs/adding-a-game.md.

Run: ``python examples/swap_card.py [SEED]`` (plays one seeded game between two bots).

Each player is dealt one face-down card from a deck ``1..cards``.  Then, in turn, each player
either keeps their card or swaps it for the top of the deck (the old card is laid aside face
down).  The higher card wins (+1 / -1, 0 on a tie).  A player sees their own cards and what
everybody chose, never the other player's cards: the game has an ``observation`` per player
and a ``resample`` that deals the cards a player has not seen again, so that search bots (IS-MCTS,
PIMC) can play it without peeking.

>>> game = make_game()
>>> s = game.play_str(game.play_str(game.initial_state(), "deal:2"), "deal:5")
>>> game.legal_strings(s), observation(s, 0).card, observation(s, 1).card
(('keep', 'swap'), 2, 5)
"""

from __future__ import annotations

import dataclasses
import random
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
    "KEEP",
    "SWAP",
    "SwapObservation",
    "SwapState",
    "make_game",
    "observation",
    "resample",
]

KEEP = 0
SWAP = 1
_CHOICES = ("keep", "swap")


class SwapState(Struct):
    """The deck (sorted: its order is not information), each player's card (``None`` before
    the deal), the cards each player laid aside, the choices made so far, whether a swap waits
    for its card, and the generator of a seeded game."""

    deck: tuple[int, ...]
    hands: tuple[int | None, int | None] = (None, None)
    aside: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    choices: tuple[int, ...] = ()
    swapping: bool = False
    rng: Rng | None = None


class SwapObservation(Struct):
    """What *player* knows: their own card and the cards they laid aside, and the public
    choices (and whether a swap is being dealt)."""

    player: int
    card: int | None
    aside: tuple[int, ...]
    choices: tuple[int, ...]
    swapping: bool


INFO = GameInfo(
    name="swap_card",
    num_players=2,
    min_return=-1.0,
    max_return=1.0,
    max_game_length=2,
    zero_sum=True,
    constant_sum=0.0,
    has_chance=True,
    perfect_information=False,
    description="Swap: keep your hidden card or swap it blind; the higher card wins",
)


def current_player(state: SwapState) -> int:
    """Chance deals and deals swaps; then player 0, then player 1 decides; then the end."""
    if None in state.hands or state.swapping:
        return CHANCE
    return TERMINAL if len(state.choices) == 2 else len(state.choices)


def legal_actions(state: SwapState) -> tuple[int, ...]:
    """``(KEEP, SWAP)`` for the player to move; ``()`` at chance and terminal nodes."""
    return (KEEP, SWAP) if current_player(state) >= 0 else ()


def chance_outcomes(state: SwapState) -> tuple[tuple[int, Fraction], ...]:
    """Each card of the deck, equally likely, when a card is to be dealt."""
    if current_player(state) != CHANCE:
        return ()
    p = Fraction(1, len(state.deck))
    return tuple((card, p) for card in state.deck)


def step(state: SwapState, action: int) -> SwapState:
    """Deal card *action* (to the first empty hand, or to the player swapping), or record a
    player's choice."""
    if current_player(state) != CHANCE:
        return state.replace(choices=(*state.choices, action), swapping=action == SWAP)
    deck = tuple(card for card in state.deck if card != action)
    if state.hands[0] is None:
        return state.replace(deck=deck, hands=(action, None))
    if state.hands[1] is None:
        return state.replace(deck=deck, hands=(state.hands[0], action))
    mover = len(state.choices) - 1
    hands = list(state.hands)
    aside = list(state.aside)
    aside[mover] = (*aside[mover], hands[mover] or 0)
    hands[mover] = action
    return state.replace(
        deck=deck, hands=(hands[0], hands[1]), aside=(aside[0], aside[1]), swapping=False
    )


def returns(state: SwapState) -> tuple[float, ...]:
    """+1 to the higher card, -1 to the lower, at the end; zeros before and on a tie."""
    mine, theirs = state.hands
    if current_player(state) != TERMINAL or mine == theirs or mine is None or theirs is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if mine > theirs else (-1.0, 1.0)


def observation(state: SwapState, player: int) -> SwapObservation:
    """Own card and own cards laid aside; everybody's choices. Never the other player's cards."""
    return SwapObservation(
        player, state.hands[player], state.aside[player], state.choices, state.swapping
    )


def resample(state: SwapState, player: int, rng: random.Random) -> SwapState:
    """A state *player* cannot tell from *state*: every card *player* has not seen (the other
    hand, the other player's cards laid aside, the deck) dealt again uniformly at random.

    >>> s = SwapState(deck=(1, 4, 5), hands=(2, 3))
    >>> again = resample(s, 0, random.Random(7))
    >>> observation(again, 0) == observation(s, 0), again.hands[1] in (1, 3, 4, 5)
    (True, True)
    """
    other = 1 - player
    held = state.hands[other]
    unseen = [*state.deck, *state.aside[other], *([] if held is None else [held])]
    rng.shuffle(unseen)
    hand = None if held is None else unseen.pop()
    aside_other = tuple(unseen.pop() for _ in state.aside[other])
    hands = list(state.hands)
    hands[other] = hand
    aside = list(state.aside)
    aside[other] = aside_other
    return state.replace(
        deck=tuple(sorted(unseen)), hands=(hands[0], hands[1]), aside=(aside[0], aside[1])
    )


def key(state: SwapState) -> tuple[object, ...]:
    """Everything but the generator (it draws, it does not decide)."""
    return (state.deck, state.hands, state.aside, state.choices, state.swapping)


def action_to_str(state: SwapState, action: int) -> str:
    """``deal:7`` for chance, ``keep`` / ``swap`` for a player."""
    return f"deal:{action}" if current_player(state) == CHANCE else _CHOICES[action]


def parse_action(state: SwapState, text: str) -> int:
    """The inverse of :func:`action_to_str`; bad text raises :class:`ParseError`."""
    word = text.strip().lower()
    if current_player(state) == CHANCE:
        number = word.removeprefix("deal:")
        if number.isdigit() and int(number) in state.deck:
            return int(number)
        raise ParseError(f"expected a card of the deck like 'deal:{state.deck[0]}', found {text!r}")
    if word in _CHOICES:
        return _CHOICES.index(word)
    raise ParseError(f"expected 'keep' or 'swap', found {text!r}")


def make_game(*, cards: int = 6) -> Game[SwapState, int]:
    """Swap with a deck of *cards* cards (at least 4: two hands and two swaps)."""
    if cards < 4:
        raise ValueError(f"swap_card: expected cards >= 4, found {cards}")
    start = SwapState(deck=tuple(range(1, cards + 1)))

    return Game(
        info=dataclasses.replace(INFO, params=params_tuple({"cards": cards})),
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
        resample=resample,
    )


register_game("swap_card", make_game)


if __name__ == "__main__":
    from pure_engine.search.bots import make_bot

    game = make_game()
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    bots = [make_bot("ismcts", game, seed=seed, simulations=200), make_bot("random", game, seed=2)]
    state = game.initial_state(seed=seed)
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            _, state = game.resolve_chance(state)
            continue
        choice = bots[game.current_player(state)].choose(game, state)
        print(f"player {game.current_player(state)}: {game.action_to_str(state, choice)}")
        state = game.step(state, choice)
    print("hands", state.hands, "returns", game.returns(state))
