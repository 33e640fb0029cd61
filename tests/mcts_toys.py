"""Small games for the MCTS / IS-MCTS / PIMC / play tests, with exact answers computable here.

* ``nim``: one pile, take 1-3, whoever takes the last stone wins (forced wins known);
* ``chance_nim``: take 1 or 2; after a move that does not empty the pile, chance
  adds a stone with probability 1/3; a move limit ends the game in a draw —
  perfect information with chance, solved exactly by :func:`expectimax`;
* ``toy_kuhn``: Kuhn poker (OpenSpiel's rules and action encoding: 0 pass, 1 bet)
  with ``observation`` and ``resample`` for the hidden-information searches.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable
from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.testing.toys import NimState
from pure_engine.testing.toys import make_nim as nim
from tests.toy_parts import hidden_cards_info

__all__ = [
    "BET",
    "PASS",
    "ChanceNimState",
    "KuhnState",
    "NimState",
    "chance_nim",
    "expectimax",
    "nim",
    "toy_kuhn",
]


def _parse_int(state: object, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ParseError(f"expected an integer action, found {text!r}") from None


# --- chance nim ------------------------------------------------------------------------------


class ChanceNimState(Struct):
    mover: int
    pile: int
    moves_left: int
    chance: bool = False  # a chance node: one stone may be added
    winner: int | None = None


def _chance_nim_player(s: ChanceNimState) -> int:
    if s.winner is not None or s.moves_left == 0:
        return TERMINAL
    return CHANCE if s.chance else s.mover


def _chance_nim_step(s: ChanceNimState, action: int) -> ChanceNimState:
    if s.chance:
        return s.replace(pile=s.pile + action, chance=False)
    pile = s.pile - action
    if pile == 0:
        return s.replace(pile=0, winner=s.mover, moves_left=s.moves_left - 1)
    return ChanceNimState(1 - s.mover, pile, s.moves_left - 1, chance=True)


def _chance_nim_returns(s: ChanceNimState) -> tuple[float, ...]:
    if s.winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if s.winner == 0 else (-1.0, 1.0)


def chance_nim(pile: int = 5, moves: int = 8) -> Game[ChanceNimState, int]:
    return Game(
        info=GameInfo("chance_nim", 2, -1.0, 1.0, 2 * moves, zero_sum=True, has_chance=True),
        initial_state=lambda seed=None: ChanceNimState(0, pile, moves),
        current_player=_chance_nim_player,
        legal_actions=lambda s: (
            () if _chance_nim_player(s) < 0 else tuple(t for t in (1, 2) if t <= s.pile)
        ),
        chance_outcomes=lambda s: ((0, Fraction(2, 3)), (1, Fraction(1, 3))) if s.chance else (),
        step=_chance_nim_step,
        returns=_chance_nim_returns,
        observation=lambda s, p: s,
        key=lambda s: s,
        action_to_str=lambda s, t: str(t),
        parse_action=_parse_int,
    )


def expectimax(game: Game[ChanceNimState, int], state: ChanceNimState) -> float:
    """Exact value for player 0 (zero-sum: player 1 minimises it), chance averaged exactly."""

    @functools.cache
    def value(s: ChanceNimState) -> Fraction:
        player = game.current_player(s)
        if player == TERMINAL:
            return Fraction(game.returns(s)[0]).limit_denominator()
        if player == CHANCE:
            return sum(
                (p * value(game.step(s, a)) for a, p in game.chance_outcomes(s)), Fraction(0)
            )
        children = [value(game.step(s, a)) for a in game.legal_actions(s)]
        return max(children) if player == 0 else min(children)

    return float(value(state))


# --- toy kuhn --------------------------------------------------------------------------------

PASS, BET = 0, 1


class KuhnState(Struct):
    cards: tuple[int, ...] = ()  # cards[p] is player p's card once dealt
    history: tuple[int, ...] = ()


def _kuhn_player(s: KuhnState) -> int:
    if len(s.cards) < 2:
        return CHANCE
    h = s.history
    if h in ((PASS, PASS), (BET, PASS), (BET, BET), (PASS, BET, PASS), (PASS, BET, BET)):
        return TERMINAL
    return len(h) % 2


def _kuhn_returns(s: KuhnState) -> tuple[float, ...]:
    h = s.history
    if _kuhn_player(s) != TERMINAL:
        return (0.0, 0.0)
    if h == (BET, PASS):
        return (1.0, -1.0)
    if h == (PASS, BET, PASS):
        return (-1.0, 1.0)
    stake = 2.0 if BET in h else 1.0
    return (stake, -stake) if s.cards[0] > s.cards[1] else (-stake, stake)


def _kuhn_observation(s: KuhnState, player: int) -> Hashable:
    own = s.cards[player] if len(s.cards) > player else None
    return (player, own, s.history)


def _kuhn_resample(s: KuhnState, player: int, rng: random.Random) -> KuhnState:
    if len(s.cards) <= player:
        return s
    own = s.cards[player]
    others = [c for c in (0, 1, 2) if c != own]
    cards = list(s.cards)
    for seat in range(len(cards)):
        if seat != player:
            cards[seat] = others.pop(rng.randrange(len(others)))
    return KuhnState(tuple(cards), s.history)


def toy_kuhn() -> Game[KuhnState, int]:
    return Game(
        info=hidden_cards_info("toy_kuhn", 2.0, 3),
        initial_state=lambda seed=None: KuhnState(),
        current_player=_kuhn_player,
        legal_actions=lambda s: (PASS, BET) if _kuhn_player(s) >= 0 else (),
        chance_outcomes=lambda s: (
            tuple((c, Fraction(1, 3 - len(s.cards))) for c in (0, 1, 2) if c not in s.cards)
            if len(s.cards) < 2
            else ()
        ),
        step=lambda s, a: (
            s.replace(cards=(*s.cards, a))
            if len(s.cards) < 2
            else s.replace(history=(*s.history, a))
        ),
        returns=_kuhn_returns,
        observation=_kuhn_observation,
        key=lambda s: s,
        action_to_str=lambda s, a: "JQK"[a] if len(s.cards) < 2 else ("pass", "bet")[a],
        parse_action=_parse_int,
        resample=_kuhn_resample,
    )
