"""Toy games small enough to read in a doctest, shipped so the library's examples
stand alone (no doctest inside ``pure_engine`` imports the ``tests`` package).

* :func:`make_coin_guess` — a coin is flipped (chance, hidden), player 0 guesses
  it, player 1 acknowledges (a forced move): chance, hidden information and a
  one-option decision in three plies.  Its state is :class:`CoinState`.
* :func:`make_graph_game` — any finite game written as a table of :class:`Node`
  (decisions, chance nodes, leaves); the state is the node id, so two paths to
  one node are a transposition.  The search doctests build their trees with it.
* :func:`make_nim` — one pile, take 1-3 stones, whoever takes the last one wins: a
  perfect-information game with known forced wins, for the search doctests.
* :func:`make_high_card` — a private card each from a small deck, player 0 calls
  or folds; with ``flaw=...`` it is broken in one of the ways ``check_game``'s
  ``resample`` and ``returns`` checks must catch (:data:`HIGH_CARD_FLAWS`).

Importing this module registers ``"coin_guess"`` and the ``"high_card_toy"`` games.
Both follow the shape of a game module (docs/adding-a-game.md): module-level
rules, state first and typed, and ``Game(...)`` built with explicit keywords.

>>> game = make_coin_guess()
>>> state = game.step(game.initial_state(), 1)        # the coin shows tails
>>> game.legal_actions(state), game.action_to_str(state, 1)
((0, 1), 'tails')
>>> end = game.step(game.step(state, 1), 2)           # guess tails, acknowledge
>>> game.returns(end), end
((1.0, -1.0), CoinState(coin=1, guess=1, acked=True, rng=None))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.registry import register_game
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.testing.toys_high_card import (
    HIGH_CARD_FLAWS,
    HighCardState,
    make_high_card,
)

__all__ = [
    "COIN_GUESS_INFO",
    "HIGH_CARD_FLAWS",
    "CoinState",
    "HighCardState",
    "NimState",
    "Node",
    "make_coin_guess",
    "make_graph_game",
    "make_high_card",
    "make_nim",
]

# --------------------------------------------------------------- coin guess
COIN_NAMES: Final = ("heads", "tails", "ack")
"""The actions of the coin-guess game: the two faces (chance and guess), then ``ack``."""

COIN_GUESS_INFO: Final = GameInfo(
    "coin_guess",
    2,
    -1.0,
    1.0,
    3,
    zero_sum=True,
    has_chance=True,
    perfect_information=False,
)


class CoinState(Struct):
    """The coin (None until flipped), the guess (None until made), the acknowledgement."""

    coin: int | None = None
    guess: int | None = None
    acked: bool = False
    rng: Rng | None = None


def coin_initial_state(seed: int | None = None) -> CoinState:
    """Nothing flipped yet; with a *seed*, the state carries its own :class:`Rng`."""
    return CoinState(rng=None if seed is None else Rng(seed))


def coin_current_player(state: CoinState) -> int:
    """Chance flips, player 0 guesses, player 1 acknowledges, then the game is over."""
    if state.coin is None:
        return CHANCE
    if state.guess is None:
        return 0
    return 1 if not state.acked else TERMINAL


def coin_legal_actions(state: CoinState) -> tuple[int, ...]:
    """Heads or tails for the guesser, ``ack`` (2) for player 1."""
    player = coin_current_player(state)
    return (0, 1) if player == 0 else (2,) if player == 1 else ()


def coin_chance_outcomes(state: CoinState) -> tuple[tuple[int, Fraction], ...]:
    """A fair coin before the flip; nothing after."""
    return ((0, Fraction(1, 2)), (1, Fraction(1, 2))) if state.coin is None else ()


def coin_step(state: CoinState, action: int) -> CoinState:
    """Flip, guess or acknowledge, whichever comes next."""
    if state.coin is None:
        return state.replace(coin=action)
    if state.guess is None:
        return state.replace(guess=action)
    return state.replace(acked=True)


def coin_returns(state: CoinState) -> tuple[float, ...]:
    """+1 to the guesser for a right guess, -1 for a wrong one (zero-sum); 0 before the end."""
    if coin_current_player(state) != TERMINAL:
        return (0.0, 0.0)
    return (1.0, -1.0) if state.guess == state.coin else (-1.0, 1.0)


def coin_observation(state: CoinState, player: int) -> tuple[int | None, int | None, bool]:
    """The coin is hidden from both players until the guess is made."""
    return (state.coin if state.guess is not None else None, state.guess, state.acked)


def coin_resample(state: CoinState, player: int, rng: random.Random) -> CoinState:
    """Before the guess nobody has seen the coin: a fair flip; afterwards it is in view."""
    if state.coin is None or state.guess is not None:
        return state
    return state.replace(coin=rng.randrange(2))


def coin_key(state: CoinState) -> tuple[int | None, int | None, bool]:
    """Coin, guess and acknowledgement: everything that decides the future (not the rng)."""
    return (state.coin, state.guess, state.acked)


def coin_action_to_str(state: CoinState, action: int) -> str:
    """``heads``, ``tails`` or ``ack``."""
    return COIN_NAMES[action]


def coin_parse_action(state: CoinState, text: str) -> int:
    """The action named *text*, or a :class:`~pure_engine.errors.ParseError`."""
    if text not in COIN_NAMES:
        raise ParseError(f"expected one of {', '.join(COIN_NAMES)}, found {text!r}")
    return COIN_NAMES.index(text)


def make_coin_guess() -> Game[CoinState, int]:
    """The coin-guess game (see the module docstring)."""
    return Game(
        info=COIN_GUESS_INFO,
        initial_state=coin_initial_state,
        current_player=coin_current_player,
        legal_actions=coin_legal_actions,
        chance_outcomes=coin_chance_outcomes,
        step=coin_step,
        returns=coin_returns,
        observation=coin_observation,
        key=coin_key,
        action_to_str=coin_action_to_str,
        parse_action=coin_parse_action,
        resample=coin_resample,
    )


# importing the toys registers it, so a fresh process can rebuild it by name
# (pure_engine.testing.check_process); it is not one of the bundled games
register_game("coin_guess", make_coin_guess)


# --------------------------------------------------------------- graph games
class Node(Struct):
    """One node of a graph game.

    ``player`` is a seat, :data:`~pure_engine.core.game.CHANCE` or
    :data:`~pure_engine.core.game.TERMINAL`; ``children`` are node ids (action
    ``i`` leads to ``children[i]``); ``probs`` the chance probabilities;
    ``payoff`` the returns at a leaf.
    """

    player: int
    children: tuple[int, ...] = ()
    probs: tuple[Fraction, ...] = ()
    payoff: tuple[float, ...] = ()


def make_graph_game(
    nodes: Mapping[int, Node], *, root: int = 0, num_players: int = 2, zero_sum: bool = True
) -> Game[int, int]:
    """A game over the explicit node table *nodes*; states are node ids.

    >>> half = Fraction(1, 2)
    >>> game = make_graph_game({
    ...     0: Node(0, (1, 2)),                     # player 0: safe 1, or a coin flip
    ...     1: Node(TERMINAL, payoff=(1.0, -1.0)),
    ...     2: Node(CHANCE, (3, 4), (half, half)),
    ...     3: Node(TERMINAL, payoff=(4.0, -4.0)),
    ...     4: Node(TERMINAL, payoff=(-1.0, 1.0)),
    ... })
    >>> game.legal_actions(0), game.chance_outcomes(game.step(0, 1))
    ((0, 1), ((0, Fraction(1, 2)), (1, Fraction(1, 2))))
    """
    table = dict(nodes)
    lo = min((v for n in table.values() for v in n.payoff), default=0.0)
    hi = max((v for n in table.values() for v in n.payoff), default=0.0)

    def current_player(state: int) -> int:
        return table[state].player

    def legal_actions(state: int) -> tuple[int, ...]:
        node = table[state]
        return tuple(range(len(node.children))) if node.player >= 0 else ()

    def chance_outcomes(state: int) -> tuple[tuple[int, Fraction], ...]:
        node = table[state]
        return tuple(enumerate(node.probs)) if node.player == CHANCE else ()

    def step(state: int, action: int) -> int:
        return table[state].children[action]

    def returns(state: int) -> tuple[float, ...]:
        node = table[state]
        return node.payoff if node.player == TERMINAL else (0.0,) * num_players

    def parse_action(state: int, text: str) -> int:
        if not text.isdigit():
            raise ParseError(f"expected an action number, found {text!r}")
        return int(text)

    return Game(
        info=GameInfo(
            "graph_toy", num_players, lo, hi, len(table), zero_sum=zero_sum, has_chance=True
        ),
        initial_state=lambda seed=None: root,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        observation=lambda state, player: state,
        key=lambda state: state,
        action_to_str=lambda state, action: str(action),
        parse_action=parse_action,
    )


# --------------------------------------------------------------- nim
class NimState(Struct):
    """Whose move it is, and the stones left."""

    mover: int
    pile: int


def _nim_player(state: NimState) -> int:
    return TERMINAL if state.pile == 0 else state.mover


def _nim_returns(state: NimState) -> tuple[float, ...]:
    if state.pile:
        return (0.0, 0.0)
    winner = 1 - state.mover  # the player who took the last stone
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def _parse_int(state: object, text: str) -> int:
    if not text.isdigit():
        raise ParseError(f"expected a number of stones, found {text!r}")
    return int(text)


def make_nim(pile: int = 7) -> Game[NimState, int]:
    """Nim with one *pile*: take 1, 2 or 3 stones; whoever takes the last stone wins.

    >>> nim = make_nim(5)
    >>> state = nim.step(nim.initial_state(), 1)     # 4 left: a loss for the player to move
    >>> state, nim.legal_actions(state)
    (NimState(mover=1, pile=4), (1, 2, 3))
    """
    return Game(
        info=GameInfo("nim", 2, -1.0, 1.0, pile, zero_sum=True),
        initial_state=lambda seed=None: NimState(0, pile),
        current_player=_nim_player,
        legal_actions=lambda state: tuple(t for t in (1, 2, 3) if t <= state.pile),
        chance_outcomes=lambda state: (),
        step=lambda state, take: NimState(1 - state.mover, state.pile - take),
        returns=_nim_returns,
        observation=lambda state, player: state,
        key=lambda state: state,
        action_to_str=lambda state, take: str(take),
        parse_action=_parse_int,
    )
