"""A small Leduc poker for the MCTS tests and benchmark (OpenSpiel's rules and action encoding).

Cards 0-5, rank ``card // 2`` (two suits of J, Q, K); chance deals player 0's
card, player 1's card, and after the first betting round the public card.
Actions: 0 fold, 1 call/check, 2 raise; an ante of 1, raises of 2 then 4, at
most two raises a round; fold is legal only when facing a bet.  A pair with the
public card wins, else the higher rank, equal ranks split.  The differential
test in ``tests/test_mcts_toys.py`` plays it against ``pyspiel``'s ``leduc_poker``.
This is the benchmark's stand-in until ``pure_engine.games.poker.leduc`` exists.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from tests.toy_parts import hidden_cards_info

__all__ = ["CALL", "FOLD", "RAISE", "LeducState", "toy_leduc"]

FOLD, CALL, RAISE = 0, 1, 2
_NAMES = ("fold", "call", "raise")
_RAISE_SIZE = (2, 4)


class LeducState(Struct):
    private: tuple[int, ...] = ()  # private[p]: player p's card once dealt
    public: int | None = None
    round: int = 0  # 0 or 1
    history: tuple[int, ...] = ()  # every betting action, both rounds
    round_start: int = 0  # index in history where this round began
    pot: tuple[int, int] = (1, 1)  # each player's contribution
    raises: int = 0
    folded: int | None = None
    finished: bool = False


def _player(s: LeducState) -> int:
    if s.folded is not None or s.finished:
        return TERMINAL
    if len(s.private) < 2 or (s.round == 1 and s.public is None):
        return CHANCE
    return (len(s.history) - s.round_start) % 2


def _legal(s: LeducState) -> tuple[int, ...]:
    mover = _player(s)
    if mover < 0:
        return ()
    facing = s.pot[mover] < max(s.pot)
    if s.raises < 2:
        return (FOLD, CALL, RAISE) if facing else (CALL, RAISE)
    return (FOLD, CALL) if facing else (CALL,)


def _chance(s: LeducState) -> tuple[tuple[int, Fraction], ...]:
    if _player(s) != CHANCE:
        return ()
    left = [c for c in range(6) if c not in s.private and c != s.public]
    return tuple((c, Fraction(1, len(left))) for c in left)


def _step(s: LeducState, action: int) -> LeducState:
    if len(s.private) < 2:
        return s.replace(private=(*s.private, action))
    if s.round == 1 and s.public is None:
        return s.replace(public=action)
    mover = (len(s.history) - s.round_start) % 2
    history = (*s.history, action)
    if action == FOLD:
        return s.replace(history=history, folded=mover)
    stake = max(s.pot)
    if action == RAISE:
        raised = stake + _RAISE_SIZE[s.round]
        pot_after = (raised, s.pot[1]) if mover == 0 else (s.pot[0], raised)
        return s.replace(history=history, pot=pot_after, raises=s.raises + 1)
    pot = (stake, s.pot[1]) if mover == 0 else (s.pot[0], stake)
    if len(history) - s.round_start < 2:  # a first check does not end the round
        return s.replace(history=history, pot=pot)
    if s.round == 1:
        return s.replace(history=history, pot=pot, finished=True)
    return s.replace(history=history, pot=pot, round=1, round_start=len(history), raises=0)


def _strength(card: int, public: int | None) -> tuple[int, int]:
    rank = card // 2
    return (1 if public is not None and public // 2 == rank else 0, rank)


def _returns(s: LeducState) -> tuple[float, ...]:
    if s.folded is not None:
        lost = float(s.pot[s.folded])
        return (-lost, lost) if s.folded == 0 else (lost, -lost)
    if not s.finished:
        return (0.0, 0.0)
    first, second = (_strength(card, s.public) for card in s.private)
    if first == second:
        return (0.0, 0.0)
    won = float(s.pot[1])  # both contributed the same at a showdown
    return (won, -won) if first > second else (-won, won)


def _observation(s: LeducState, player: int) -> Hashable:
    own = s.private[player] if len(s.private) > player else None
    return (player, own, s.public, s.history)


def _resample(s: LeducState, player: int, rng: random.Random) -> LeducState:
    unseen = [
        c
        for c in range(6)
        if c != s.public and (len(s.private) <= player or c != s.private[player])
    ]
    private = list(s.private)
    for seat in range(len(private)):
        if seat != player:
            private[seat] = unseen.pop(rng.randrange(len(unseen)))
    return s.replace(private=tuple(private))


def _to_str(s: LeducState, action: int) -> str:
    return str(action) if _player(s) == CHANCE else _NAMES[action]


def _parse(s: LeducState, text: str) -> int:
    if text in _NAMES:
        return _NAMES.index(text)
    try:
        return int(text)
    except ValueError:
        raise ParseError(f"expected fold, call, raise or a card 0-5, found {text!r}") from None


def toy_leduc() -> Game[LeducState, int]:
    """Leduc poker with OpenSpiel's rules and encoding (see the module docstring)."""
    return Game(
        info=hidden_cards_info("toy_leduc", 13.0, 8),
        initial_state=lambda seed=None: LeducState(),
        current_player=_player,
        legal_actions=_legal,
        chance_outcomes=_chance,
        step=_step,
        returns=_returns,
        observation=_observation,
        key=lambda s: s,
        action_to_str=_to_str,
        parse_action=_parse,
        resample=_resample,
    )
