"""A tiny game used by the core's own tests: a coin flip, a guess, a forced acknowledgement."""

from __future__ import annotations

from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.registry import register_game
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from tests.toy_parts import hidden_cards_info

NAMES = ("heads", "tails", "ack")


class CoinState(Struct):
    coin: int | None = None
    guess: int | None = None
    acked: bool = False
    rng: Rng | None = None


def initial_state(seed: int | None = None) -> CoinState:
    return CoinState(rng=None if seed is None else Rng(seed))


def current_player(s: CoinState) -> int:
    if s.coin is None:
        return CHANCE
    if s.guess is None:
        return 0
    return 1 if not s.acked else TERMINAL


def legal_actions(s: CoinState) -> tuple[int, ...]:
    player = current_player(s)
    return (0, 1) if player == 0 else (2,) if player == 1 else ()


def chance_outcomes(s: CoinState) -> tuple[tuple[int, Fraction], ...]:
    return ((0, Fraction(1, 2)), (1, Fraction(1, 2))) if s.coin is None else ()


def step(s: CoinState, a: int) -> CoinState:
    if s.coin is None:
        return s.replace(coin=a)
    if s.guess is None:
        return s.replace(guess=a)
    return s.replace(acked=True)


def returns(s: CoinState) -> tuple[float, ...]:
    if current_player(s) != TERMINAL:
        return (0.0, 0.0)
    return (1.0, -1.0) if s.guess == s.coin else (-1.0, 1.0)


def observation(s: CoinState, player: int) -> tuple[int | None, int | None, bool]:
    return (s.coin if s.guess is not None else None, s.guess, s.acked)


def key(s: CoinState) -> tuple[int | None, int | None, bool]:
    return (s.coin, s.guess, s.acked)


def action_to_str(s: CoinState, a: int) -> str:
    return NAMES[a]


def parse_action(s: CoinState, text: str) -> int:
    if text not in NAMES:
        raise ParseError(f"expected one of {', '.join(NAMES)}, found {text!r}")
    return NAMES.index(text)


def make_game() -> Game[CoinState, int]:
    return Game(
        info=hidden_cards_info("coin_guess", 1.0, 3),
        initial_state=initial_state,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        observation=observation,
        key=key,
        action_to_str=action_to_str,
        parse_action=parse_action,
    )


register_game("coin_guess", make_game)
