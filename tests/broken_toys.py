"""Deliberately broken games: each breaks exactly one rule that check_game enforces.

Most are ``coin_guess`` (tests/toys.py) with one function swapped; ``high_card``
is a small hidden-information game (a private card each, player 0 calls or
folds) with a correct version and an observation that leaks.  Every game is
registered under its own name, so records and the fresh-process replay can
rebuild it.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.registry import register_game
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from tests import toys
from tests.toys import CoinState

__all__ = ["BROKEN", "high_card"]

BASE = toys.make_game()


def _same_state(state: Any, player: int, rng: random.Random) -> Any:
    return state


def _variant(name: str, **changes: Any) -> Game[Any, Any]:
    info = dataclasses.replace(BASE.info, name=name, **changes.pop("info", {}))
    if "initial_state" in changes:  # another state type: the coin's resample cannot read it
        changes.setdefault("resample", _same_state)
    return dataclasses.replace(BASE, info=info, **changes)


def _wrapped(name: str, wrap: Callable[[CoinState], Any], **changes: Any) -> Game[Any, Any]:
    """The coin game over states that hold the coin's state in ``coin`` (*wrap* makes the
    first), with *changes* (a ``step`` at least: it builds the next wrapper)."""
    rules: dict[str, Any] = {
        "initial_state": lambda seed=None: wrap(toys.initial_state(seed)),
        "current_player": lambda s: toys.current_player(s.coin),
        "legal_actions": lambda s: toys.legal_actions(s.coin),
        "chance_outcomes": lambda s: toys.chance_outcomes(s.coin),
        "returns": lambda s: toys.returns(s.coin),
        "observation": lambda s, p: toys.observation(s.coin, p),
        "key": lambda s: toys.key(s.coin),
    }
    return _variant(name, **(rules | changes))


# --- purity -------------------------------------------------------------------------------


class ListState(Struct):
    """A record holding a list: mutable state reachable from an 'immutable' one."""

    moves: list[int]
    rng: Rng | None = None


def _list_initial(seed: int | None = None) -> ListState:
    return ListState([], None if seed is None else Rng(seed))


def _as_coin(s: ListState) -> CoinState:
    moves = s.moves
    return CoinState(
        moves[0] if moves else None, moves[1] if len(moves) > 1 else None, len(moves) > 2
    )


def _list_step(s: ListState, a: int) -> ListState:
    return ListState([*s.moves, a], s.rng)


def list_state() -> Game[Any, Any]:
    return _variant(
        "broken_list_state",
        initial_state=_list_initial,
        step=_list_step,
        current_player=lambda s: toys.current_player(_as_coin(s)),
        legal_actions=lambda s: toys.legal_actions(_as_coin(s)),
        chance_outcomes=lambda s: toys.chance_outcomes(_as_coin(s)),
        returns=lambda s: toys.returns(_as_coin(s)),
        observation=lambda s, p: toys.observation(_as_coin(s), p),
        key=lambda s: toys.key(_as_coin(s)),
    )


@dataclasses.dataclass(frozen=True)
class FrozenState:
    """Looks frozen; the broken step writes into it anyway."""

    coin: CoinState
    steps: int = 0


def _sneaky_step(s: FrozenState, a: int) -> FrozenState:
    object.__setattr__(s, "steps", s.steps + 1)  # the bug: writes into its input
    return FrozenState(toys.step(s.coin, a), s.steps)


def mutating_step() -> Game[Any, Any]:
    return _wrapped("broken_mutating_step", FrozenState, step=_sneaky_step)


# --- determinism --------------------------------------------------------------------------

_TICKS = itertools.count()


class TickState(Struct):
    coin: CoinState
    tick: int = 0


def nondeterministic_step() -> Game[Any, Any]:
    """Stamps every new state from a module-level counter (hidden state outside the state)."""
    return _wrapped(
        "broken_nondeterministic",
        TickState,
        step=lambda s, a: TickState(toys.step(s.coin, a), next(_TICKS)),
        key=lambda s: (toys.key(s.coin), s.tick),
    )


def _global_random_step(s: CoinState, a: int) -> CoinState:
    if s.coin is not None and s.guess is None:
        random.random()  # the bug: "just a little noise" from the global generator
    return toys.step(s, a)


def global_random() -> Game[Any, Any]:
    return _variant("broken_global_random", step=_global_random_step)


def hash_salted() -> Game[Any, Any]:
    """The key holds ``hash()`` of a str once a guess is made: salted per process."""
    return _variant(
        "broken_hash_salted",
        key=lambda s: (*toys.key(s), None if s.guess is None else hash(toys.NAMES[s.guess])),
    )


# --- legal actions ------------------------------------------------------------------------


def _terminal_actions(s: CoinState) -> tuple[int, ...]:
    return (2,) if toys.current_player(s) == TERMINAL else toys.legal_actions(s)


def terminal_actions() -> Game[Any, Any]:
    return _variant("broken_terminal_actions", legal_actions=_terminal_actions)


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class LaxGame(Game[Any, Any]):
    """A game value whose ``play`` forgot to check legality."""

    def play(self, state: Any, action: Any) -> Any:
        return self.step(state, action)


def lax_play() -> Game[Any, Any]:
    game = _variant("broken_lax_play")
    fields = {f.name: getattr(game, f.name) for f in dataclasses.fields(game)}
    return LaxGame(**fields)


def _permissive_actions(s: CoinState) -> tuple[int, ...]:
    return (0, 1, 2) if toys.current_player(s) == 0 else toys.legal_actions(s)


def permissive_actions() -> Game[Any, Any]:
    """Lists 'ack' while the guess is due; ``coin_oracle`` knows the rules forbid it."""
    return _variant("broken_permissive", legal_actions=_permissive_actions)


def coin_oracle(s: CoinState) -> tuple[int, ...]:
    """The actions coin_guess's rules forbid in *s* (an illegal-action oracle)."""
    player = toys.current_player(s)
    return (2,) if player == 0 else (0, 1) if player == 1 else ()


# --- chance -------------------------------------------------------------------------------


def chance_sum() -> Game[Any, Any]:
    return _variant(
        "broken_chance_sum",
        chance_outcomes=lambda s: (
            ((0, Fraction(1, 2)), (1, Fraction(1, 3))) if s.coin is None else ()
        ),
    )


def chance_everywhere() -> Game[Any, Any]:
    return _variant(
        "broken_chance_everywhere",
        chance_outcomes=lambda s: toys.chance_outcomes(s.replace(coin=None)),
    )


def float_chance() -> Game[Any, Any]:
    return _variant(
        "broken_float_chance",
        chance_outcomes=lambda s: ((0, 0.5), (1, 0.5)) if s.coin is None else (),
    )


def biased_sampler() -> Game[Any, Any]:
    """Lists heads and tails at 1/2 each, but its fast sampler draws heads 80% of the time."""
    return _variant(
        "broken_biased_sampler",
        sample_chance_fn=lambda s, rng: 0 if rng.random() < 0.8 else 1,
    )


def unlisted_sampler() -> Game[Any, Any]:
    return _variant(
        "broken_unlisted_sampler", sample_chance_fn=lambda s, rng: rng.choice((0, 1, 2))
    )


# --- key, notation, records ---------------------------------------------------------------


def key_omits_ack() -> Game[Any, Any]:
    """The key leaves out ``acked``, which decides whether the game is over."""
    return _variant("broken_key_omits", key=lambda s: (s.coin, s.guess))


class IdHashState(Struct):
    """Equal by value, but hashed by identity."""

    coin: CoinState

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IdHashState) and other.coin == self.coin


def id_hash() -> Game[Any, Any]:
    return _wrapped(
        "broken_id_hash", IdHashState, step=lambda s, a: IdHashState(toys.step(s.coin, a))
    )


def lossy_notation() -> Game[Any, Any]:
    """Writes both guesses as 'guess'."""
    return _variant(
        "broken_lossy_notation",
        action_to_str=lambda s, a: "guess" if a < 2 and s.coin is not None else toys.NAMES[a],
    )


def _lossy_record_game(sides: int = 2) -> Game[Any, Any]:
    """A coin with *sides* sides (2 or 3); the bug: ``info.params`` forgets *sides*."""
    names = ("heads", "tails", "edge")[:sides]

    def chance_outcomes(s: CoinState) -> tuple[tuple[int, Fraction], ...]:
        return tuple((i, Fraction(1, sides)) for i in range(sides)) if s.coin is None else ()

    def action_to_str(s: CoinState, a: int) -> str:
        return names[a] if s.coin is None else toys.NAMES[a]

    def parse_action(s: CoinState, text: str) -> int:
        options = names if s.coin is None else toys.NAMES
        if text not in options:
            raise ParseError(f"expected one of {', '.join(options)}, found {text!r}")
        return options.index(text)

    return _variant(
        "broken_lossy_record",
        chance_outcomes=chance_outcomes,
        action_to_str=action_to_str,
        parse_action=parse_action,
    )


def lossy_record() -> Game[Any, Any]:
    return _lossy_record_game(sides=3)


def _unsorted_params_game(**params: Any) -> Game[Any, Any]:
    """The bug: ``info.params`` in call order, not sorted (a record's JSON round trip sorts)."""
    return _variant("broken_unsorted_params", info={"params": (("z", 1), ("a", 2))})


def unsorted_params() -> Game[Any, Any]:
    return _unsorted_params_game(z=1, a=2)


# --- returns, length ----------------------------------------------------------------------


def big_returns() -> Game[Any, Any]:
    return _variant(
        "broken_big_returns",
        returns=lambda s: tuple(2 * r for r in toys.returns(s)),
    )


def not_zero_sum() -> Game[Any, Any]:
    return _variant(
        "broken_not_zero_sum",
        returns=lambda s: (1.0, 1.0) if toys.current_player(s) == TERMINAL else (0.0, 0.0),
    )


def too_long() -> Game[Any, Any]:
    return _variant("broken_too_long", info={"max_game_length": 1})


# --- observations: high_card ---------------------------------------------------------------

NOBODY = 0
FOLD, CALL = 10, 11


class HighCardState(Struct):
    cards: tuple[int, int] = (NOBODY, NOBODY)
    move: int | None = None
    rng: Rng | None = None


def _hc_player(s: HighCardState) -> int:
    if NOBODY in s.cards:
        return CHANCE
    return 0 if s.move is None else TERMINAL


def _hc_outcomes(s: HighCardState) -> tuple[tuple[int, Fraction], ...]:
    return tuple((c, Fraction(1, 3)) for c in (1, 2, 3)) if NOBODY in s.cards else ()


def _hc_step(s: HighCardState, a: int) -> HighCardState:
    if s.cards[0] == NOBODY:
        return s.replace(cards=(a, NOBODY))
    if s.cards[1] == NOBODY:
        return s.replace(cards=(s.cards[0], a))
    return s.replace(move=a)


def _hc_returns(s: HighCardState) -> tuple[float, ...]:
    if _hc_player(s) != TERMINAL:
        return (0.0, 0.0)
    if s.move == FOLD:
        return (-1.0, 1.0)
    mine, theirs = s.cards
    return (0.0, 0.0) if mine == theirs else (2.0, -2.0) if mine > theirs else (-2.0, 2.0)


def _hc_to_str(s: HighCardState, a: int) -> str:
    return {FOLD: "fold", CALL: "call"}.get(a, str(a))


def _hc_parse(s: HighCardState, text: str) -> int:
    table = {"fold": FOLD, "call": CALL, "1": 1, "2": 2, "3": 3}
    if text not in table:
        raise ParseError(f"expected fold, call or a card 1-3, found {text!r}")
    return table[text]


def _hc_resample(s: HighCardState, player: int, rng: random.Random) -> HighCardState:
    other = 1 - player
    if s.cards[other] == NOBODY:
        return s
    cards = list(s.cards)
    cards[other] = rng.choice((1, 2, 3))
    return s.replace(cards=(cards[0], cards[1]))


def _hc_observation(s: HighCardState, player: int) -> tuple[int, int | None]:
    return (s.cards[player], s.move)


def high_card(*, leaky: bool = False) -> Game[HighCardState, int]:
    """Each player holds a private card 1-3; player 0 folds (-1) or calls (+-2, higher wins)."""
    observation: Callable[[HighCardState, int], object] = (
        (lambda s, p: (s.cards, s.move)) if leaky else _hc_observation
    )
    return Game(
        info=GameInfo(
            "broken_high_card_leaky" if leaky else "high_card",
            2,
            -2.0,
            2.0,
            1,
            params=(("leaky", True),) if leaky else (),
            zero_sum=True,
            has_chance=True,
            perfect_information=False,
        ),
        initial_state=lambda seed=None: HighCardState(rng=None if seed is None else Rng(seed)),
        current_player=_hc_player,
        legal_actions=lambda s: (FOLD, CALL) if _hc_player(s) == 0 else (),
        chance_outcomes=_hc_outcomes,
        step=_hc_step,
        returns=_hc_returns,
        observation=observation,
        key=lambda s: (s.cards, s.move),
        action_to_str=_hc_to_str,
        parse_action=_hc_parse,
        resample=_hc_resample,
    )


def leaky_observation() -> Game[HighCardState, int]:
    return high_card(leaky=True)


def parse_cell(s: object, text: str) -> int:
    if text not in ("cell0", "cell1"):
        raise ParseError(f"expected cell0 or cell1, found {text!r}")
    return int(text[-1])


BROKEN: dict[str, tuple[Callable[[], Game[Any, Any]], str]] = {
    "list_state": (list_state, "purity"),
    "mutating_step": (mutating_step, "purity"),
    "nondeterministic_step": (nondeterministic_step, "determinism"),
    "global_random": (global_random, "global_random"),
    "hash_salted": (hash_salted, "cross_process"),
    "terminal_actions": (terminal_actions, "legal_actions"),
    "lax_play": (lax_play, "illegal_actions"),
    "chance_sum": (chance_sum, "chance"),
    "float_chance": (float_chance, "chance"),
    "chance_everywhere": (chance_everywhere, "chance"),
    "biased_sampler": (biased_sampler, "sampler"),
    "unlisted_sampler": (unlisted_sampler, "sampler"),
    "key_omits_ack": (key_omits_ack, "key"),
    "id_hash": (id_hash, "key"),
    "lossy_notation": (lossy_notation, "notation"),
    "lossy_record": (lossy_record, "record"),
    "unsorted_params": (unsorted_params, "record"),
    "big_returns": (big_returns, "returns"),
    "not_zero_sum": (not_zero_sum, "returns"),
    "too_long": (too_long, "length"),
    "leaky_observation": (leaky_observation, "observation"),
}
"""Broken toy -> (factory, the check that must catch it)."""

for _factory, _ in BROKEN.values():
    register_game(_factory().info.name, _factory)
register_game("broken_permissive", permissive_actions)
register_game("broken_lossy_record", _lossy_record_game)
register_game("broken_unsorted_params", _unsorted_params_game)
register_game("high_card", high_card)
