"""High card: the toy of hidden cards, correct or broken in one named way.

Chance deals player 0 a card from a deck of ``cards`` (1, 2, ... ``cards``),
then player 1 one of the rest; player 0, who sees only their own card, calls
(the higher card wins 2) or folds (loses 1).  :func:`make_high_card` builds the
correct game, or with ``flaw=`` one of :data:`HIGH_CARD_FLAWS`, each the bug a
check of ``check_game`` must catch:

* ``"peek"`` -- ``resample`` returns the true state (a bot that resamples then
  sees the hidden card);
* ``"fixed"`` -- ``resample`` is consistent but always deals player 1 the lowest
  card player 0 does not hold;
* ``"none"`` -- ``perfect_information=False`` and no ``resample`` at all;
* ``"running_returns"`` -- the returns before the end lie outside the declared
  ``min_return``/``max_return`` (the pot is counted as won before the showdown).

>>> game = make_high_card()
>>> s = game.step(game.step(game.initial_state(), 3), 1)      # player 0: 3, player 1: 1
>>> game.observation(s, 0), game.legal_strings(s)
((3, None), ('fold', 'call'))
>>> game.returns(game.play_str(s, "call"))
(2.0, -2.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, Literal

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.registry import register_game
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError

__all__ = ["HIGH_CARD_FLAWS", "HighCardFlaw", "HighCardState", "make_high_card"]

HighCardFlaw = Literal["peek", "fixed", "none", "running_returns"]
HIGH_CARD_FLAWS: Final[tuple[HighCardFlaw, ...]] = ("peek", "fixed", "none", "running_returns")
"""The broken kinds :func:`make_high_card` builds, each caught by one check."""

FOLD, CALL = 0, 1
"""Player 0's actions (chance's actions are the cards, 1 and up)."""


class HighCardState(Struct):
    """The two cards (0 until dealt), player 0's move (None until made), the generator."""

    cards: tuple[int, int] = (0, 0)
    move: int | None = None
    rng: Rng | None = None


def _player(state: HighCardState) -> int:
    if 0 in state.cards:
        return CHANCE
    return 0 if state.move is None else TERMINAL


def _legal(state: HighCardState) -> tuple[int, ...]:
    return (FOLD, CALL) if _player(state) == 0 else ()


def _step(state: HighCardState, action: int) -> HighCardState:
    first, second = state.cards
    if first == 0:
        return state.replace(cards=(action, 0))
    if second == 0:
        return state.replace(cards=(first, action))
    return state.replace(move=action)


def _returns(state: HighCardState) -> tuple[float, ...]:
    if _player(state) != TERMINAL:
        return (0.0, 0.0)
    if state.move == FOLD:
        return (-1.0, 1.0)
    return (2.0, -2.0) if state.cards[0] > state.cards[1] else (-2.0, 2.0)


def _observation(state: HighCardState, player: int) -> tuple[int, int | None]:
    """Your own card and player 0's move: the other card is never shown."""
    return (state.cards[player], state.move)


def _to_str(state: HighCardState, action: int) -> str:
    return str(action) if _player(state) == CHANCE else ("fold", "call")[action]


def _parse(state: HighCardState, text: str) -> int:
    if _player(state) == CHANCE:
        if not text.isdigit():
            raise ParseError(f"expected a card number, found {text!r}")
        return int(text)
    if text not in ("fold", "call"):
        raise ParseError(f"expected fold or call, found {text!r}")
    return ("fold", "call").index(text)


def make_high_card(*, cards: int = 3, flaw: HighCardFlaw | None = None) -> Game[HighCardState, int]:
    """High card with a deck of *cards* (see the module docstring), broken by *flaw*.

    >>> make_high_card(flaw="fixed").info.name
    'high_card_toy_fixed'
    """
    if cards < 2:
        raise ValueError(f"expected cards >= 2, found {cards!r}")
    deck = tuple(range(1, cards + 1))

    def chance_outcomes(state: HighCardState) -> tuple[tuple[int, Fraction], ...]:
        first, second = state.cards
        if first == 0:
            return tuple((card, Fraction(1, cards)) for card in deck)
        if second == 0:
            return tuple((card, Fraction(1, cards - 1)) for card in deck if card != first)
        return ()

    def resample(state: HighCardState, player: int, rng: random.Random) -> HighCardState:
        first, second = state.cards
        if player != 0 or second == 0 or flaw == "peek":
            return state
        rest = [card for card in deck if card != first]
        return state.replace(cards=(first, rest[0] if flaw == "fixed" else rng.choice(rest)))

    def returns(state: HighCardState) -> tuple[float, ...]:
        if flaw == "running_returns" and _player(state) == 0:
            return (float(cards), -float(cards))  # the pot before the showdown: out of bounds
        return _returns(state)

    params = {"cards": cards} if cards != 3 else {}
    # the flaw "none" leaves Game's default resample, which returns the state itself
    extra: dict[str, Any] = {} if flaw == "none" else {"resample": resample}
    return Game(
        info=GameInfo(
            "high_card_toy" if flaw is None else f"high_card_toy_{flaw}",
            2,
            -2.0,
            2.0,
            1,
            params=tuple(params.items()),
            zero_sum=True,
            has_chance=True,
            perfect_information=False,
        ),
        initial_state=lambda seed=None: HighCardState(rng=None if seed is None else Rng(seed)),
        current_player=_player,
        legal_actions=_legal,
        chance_outcomes=chance_outcomes,
        step=_step,
        returns=returns,
        observation=_observation,
        key=lambda state: (state.cards, state.move),
        action_to_str=_to_str,
        parse_action=_parse,
        **extra,
    )


def _flawed(flaw: HighCardFlaw) -> Callable[..., Game[HighCardState, int]]:
    def factory(*, cards: int = 3) -> Game[HighCardState, int]:
        return make_high_card(cards=cards, flaw=flaw)

    return factory


# registered, so records and a fresh process rebuild each by name
register_game("high_card_toy", make_high_card)
for _flaw in HIGH_CARD_FLAWS:
    register_game(f"high_card_toy_{_flaw}", _flawed(_flaw))
