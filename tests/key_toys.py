"""Toys for the key check's transposition search, stable action order and purity places.

Each broken toy breaks one promise that only shows when the same position is reached
in two ways, or when a state holds a mutable value; each has a correct twin that
passes.  All are registered, so records and the fresh process can rebuild them.

* ``tricks``: a trick-taking game (chance deals, the higher card wins, the winner
  leads).  ``key_leader=False`` is a key that forgets who leads: after two tricks
  played in the other order the same cards are left, the score is the same, but the
  other player is to lead.  Random play almost never meets that (every game has its
  own deal); the search reorders the next tricks and finds it.
* ``tricks(observations_in_key=True, show_last=True)``: observations show the last
  trick, which the key leaves out while the game says its key decides observations.
* ``marks``: legal actions listed in a frozenset's iteration order, which depends on
  the order the set was built in — equal states reached in two orders disagree.
* ``flipping_actions`` / ``flipping_outcomes``: the order changes from call to call.
* ``pile_list`` / ``tally_object``: a mutable value that appears only after a step.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo, game_from_rules
from pure_engine.core.registry import register_game
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.testing.toys import coin_resample
from tests import toys

__all__ = ["BROKEN_KEYS", "CORRECT", "marks", "tricks"]


# --- tricks -------------------------------------------------------------------------------


class Tricks(Struct):
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    trick: tuple[int, ...] = ()
    leader: int = 0
    score: int = 0  # tricks won by player 0 minus tricks won by player 1
    last: tuple[int, ...] = ()  # the last finished trick (shown to players, never decisive)
    rng: Rng | None = None


def tricks(
    *,
    cards: int = 10,
    each: int = 4,
    key_leader: bool = True,
    show_last: bool = False,
    observations_in_key: bool = False,
) -> Game[Tricks, int]:
    """*each* cards dealt to two players from cards 1..*cards*; the higher card wins the
    trick, the winner leads the next; returns are the difference in tricks won."""
    rules = _TricksRules(tuple(range(1, cards + 1)), each, key_leader, show_last)
    return game_from_rules(
        rules,
        _tricks_info(each, key_leader, show_last, observations_in_key),
        lambda seed=None: Tricks(rules.deck, rng=None if seed is None else Rng(seed)),
    )


@dataclasses.dataclass(frozen=True)
class _TricksRules:
    """The rules of :func:`tricks` with its parameters."""

    deck: tuple[int, ...]
    each: int
    key_leader: bool
    show_last: bool

    def dealing(self, s: Tricks) -> bool:
        return len(s.deck) > len(self.deck) - 2 * self.each

    def current_player(self, s: Tricks) -> int:
        if self.dealing(s):
            return CHANCE
        if not s.hands[0] and not s.hands[1]:
            return TERMINAL
        return (s.leader + len(s.trick)) % 2

    def chance_outcomes(self, s: Tricks) -> tuple[tuple[int, Fraction], ...]:
        if not self.dealing(s):
            return ()
        return tuple((c, Fraction(1, len(s.deck))) for c in s.deck)

    def step(self, s: Tricks, card: int) -> Tricks:
        player = self.current_player(s)
        if player == CHANCE:
            to = 0 if len(s.hands[0]) <= len(s.hands[1]) else 1
            hand = tuple(sorted((*s.hands[to], card)))
            rest = tuple(c for c in s.deck if c != card)
            hands = (hand, s.hands[1]) if to == 0 else (s.hands[0], hand)
            return s.replace(deck=rest, hands=hands)
        hand = tuple(c for c in s.hands[player] if c != card)
        s = s.replace(hands=(hand, s.hands[1]) if player == 0 else (s.hands[0], hand))
        if not s.trick:
            return s.replace(trick=(card,))
        winner = s.leader if s.trick[0] > card else 1 - s.leader
        score = s.score + (1 if winner == 0 else -1)
        return s.replace(trick=(), leader=winner, score=score, last=(s.trick[0], card))

    def legal_actions(self, s: Tricks) -> tuple[int, ...]:
        player = self.current_player(s)
        return s.hands[player] if player >= 0 else ()

    def returns(self, s: Tricks) -> tuple[float, ...]:
        if self.current_player(s) != TERMINAL:
            return (0.0, 0.0)
        return (float(s.score), float(-s.score))

    def observation(self, s: Tricks, player: int) -> object:
        seen = (s.hands[player], s.trick, s.leader, s.score, len(s.deck))
        return (*seen, s.last) if self.show_last else seen

    def key(self, s: Tricks) -> object:
        decisive = (s.deck, s.hands, s.trick, s.score)
        return (*decisive, s.leader) if self.key_leader else decisive

    def action_to_str(self, s: Tricks, card: int) -> str:
        return str(card)

    def parse_action(self, s: Tricks, text: str) -> int:
        if not text.isdigit() or int(text) not in self.deck:
            raise ParseError(f"expected a card 1-{len(self.deck)}, found {text!r}")
        return int(text)

    def render(self, s: Tricks) -> str:
        return repr(s)


def _tricks_info(
    each: int, key_leader: bool, show_last: bool, observations_in_key: bool
) -> GameInfo:
    """The info of :func:`tricks`: its name says which of its keys is broken, if one is."""
    name = "tricks" if key_leader else "broken_tricks_key"
    if observations_in_key:
        name = "broken_tricks_observations" if show_last else "tricks_observations"
    params = {"key_leader": key_leader, "show_last": show_last}
    params["observations_in_key"] = observations_in_key
    return GameInfo(
        name,
        2,
        -float(each),
        float(each),
        2 * each,
        params=tuple(sorted(params.items())),
        zero_sum=True,
        has_chance=True,
        observations_in_key=observations_in_key,
    )


def _tricks_factory(**params: Any) -> Callable[[], Game[Tricks, int]]:
    return lambda: tricks(**params)


# --- marks: an order that depends on how a frozenset was built -----------------------------

SPOTS = (0, 8, 16)  # equal modulo 8: a small set's iteration order follows insertion order


class Marks(Struct):
    marked: frozenset[int] = frozenset()
    chosen: int | None = None
    rng: Rng | None = None


def marks(*, stable: bool = True) -> Game[Marks, int]:
    """Mark two of three spots (any order), then choose one of the marked spots; the return
    is the chosen spot's rank.  The broken version lists the marked spots in set order."""

    def current_player(s: Marks) -> int:
        return 0 if s.chosen is None else TERMINAL

    def legal_actions(s: Marks) -> tuple[int, ...]:
        if s.chosen is not None:
            return ()
        if len(s.marked) < 2:
            return tuple(x for x in SPOTS if x not in s.marked)
        return tuple(sorted(s.marked)) if stable else tuple(s.marked)

    def step(s: Marks, spot: int) -> Marks:
        if len(s.marked) < 2:
            return s.replace(marked=s.marked | {spot})
        return s.replace(chosen=spot)

    def returns(s: Marks) -> tuple[float, ...]:
        return (SPOTS.index(s.chosen) / 2,) if s.chosen is not None else (0.0,)

    def parse_spot(s: Marks, text: str) -> int:
        if not text.isdigit() or int(text) not in SPOTS:
            raise ParseError(f"expected one of 0, 8, 16, found {text!r}")
        return int(text)

    return Game(
        info=GameInfo("marks" if stable else "broken_marks", 1, 0.0, 1.0, 3),
        initial_state=lambda seed=None: Marks(rng=None if seed is None else Rng(seed)),
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=lambda s: (),
        step=step,
        returns=returns,
        observation=lambda s, p: s.replace(rng=None),
        key=lambda s: (s.marked, s.chosen),
        action_to_str=lambda s, spot: str(spot),
        parse_action=parse_spot,
    )


# --- orders that change from call to call ----------------------------------------------------

_CALLS = itertools.count()


def _same_state(state: Any, player: int, rng: random.Random) -> Any:
    return state


def _variant(name: str, **changes: Any) -> Game[Any, Any]:
    base = toys.make_game()
    info = dataclasses.replace(base.info, name=name)
    if "initial_state" in changes:  # another state type: the coin's resample cannot read it
        changes.setdefault("resample", _same_state)
    return dataclasses.replace(base, info=info, **changes)


def _flipping_actions(s: toys.CoinState) -> tuple[int, ...]:
    legal = toys.legal_actions(s)
    return legal[::-1] if next(_CALLS) % 2 else legal


def flipping_actions() -> Game[Any, Any]:
    """``legal_actions`` reverses its tuple on every other call."""
    return _variant("broken_flipping_actions", legal_actions=_flipping_actions)


def _flipping_outcomes(s: toys.CoinState) -> tuple[tuple[int, Fraction], ...]:
    outcomes = toys.chance_outcomes(s)
    return outcomes[::-1] if next(_CALLS) % 2 else outcomes


def flipping_outcomes() -> Game[Any, Any]:
    """``chance_outcomes`` reverses its tuple on every other call."""
    return _variant("broken_flipping_outcomes", chance_outcomes=_flipping_outcomes)


def warm_order() -> Game[Any, Any]:
    """Lists the guesses tails-first once this game value has seen three guess states: a
    memo in the game, not the state, so a game rebuilt from a record (a cold memo) lists
    an equal state's guesses in the other order."""
    seen: set[toys.CoinState] = set()

    def legal_actions(s: toys.CoinState) -> tuple[int, ...]:
        if s.coin is None or s.guess is not None:
            return toys.legal_actions(s)
        seen.add(s)
        return (1, 0) if len(seen) > 3 else (0, 1)

    return _variant("broken_warm_order", legal_actions=legal_actions)


# --- mutable values that appear only after a step --------------------------------------------


class PileState(Struct):
    coin: toys.CoinState
    pile: tuple[object, ...] = ()


class Tally:
    """A plain class: its attributes can be reassigned."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and other.count == self.count

    def __hash__(self) -> int:
        return hash(self.count)


class FrozenTally:
    """A hand-written immutable class: ``__slots__`` and a ``__setattr__`` that refuses."""

    __slots__ = ("count",)
    count: int

    def __init__(self, count: int) -> None:
        object.__setattr__(self, "count", count)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"FrozenTally is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FrozenTally) and other.count == self.count

    def __hash__(self) -> int:
        return hash(self.count)


def _piled(name: str, top: Callable[[int], object], *, keyed: bool = False) -> Game[Any, Any]:
    """Coin guess whose state grows a pile: ``(0, 1, 2, 3, top(action))`` after each step
    (in the key too when *keyed*)."""

    def step(s: PileState, a: int) -> PileState:
        return PileState(toys.step(s.coin, a), (0, 1, 2, 3, top(a)))

    return _variant(
        name,
        initial_state=lambda seed=None: PileState(toys.initial_state(seed)),
        step=step,
        current_player=lambda s: toys.current_player(s.coin),
        legal_actions=lambda s: toys.legal_actions(s.coin),
        chance_outcomes=lambda s: toys.chance_outcomes(s.coin),
        returns=lambda s: toys.returns(s.coin),
        observation=lambda s, p: toys.observation(s.coin, p),
        key=(lambda s: (toys.key(s.coin), s.pile)) if keyed else (lambda s: toys.key(s.coin)),
        resample=lambda s, p, rng: s.replace(coin=coin_resample(s.coin, p, rng)),
    )


def pile_list() -> Game[Any, Any]:
    return _piled("broken_pile_list", lambda a: [a], keyed=True)


def tally_object() -> Game[Any, Any]:
    return _piled("broken_tally_object", Tally)


def frozen_tally() -> Game[Any, Any]:
    return _piled("frozen_tally", FrozenTally)


BROKEN_KEYS: dict[str, tuple[Callable[[], Game[Any, Any]], str]] = {
    "tricks_key_omits_leader": (_tricks_factory(key_leader=False), "key"),
    "tricks_observations_lie": (
        _tricks_factory(show_last=True, observations_in_key=True),
        "key",
    ),
    "marks_in_set_order": (lambda: marks(stable=False), "legal_actions"),
    "flipping_actions": (flipping_actions, "legal_actions"),
    "flipping_outcomes": (flipping_outcomes, "legal_actions"),
    "warm_order": (warm_order, "legal_actions"),
    "pile_list": (pile_list, "purity"),
    "tally_object": (tally_object, "purity"),
}
"""Broken toy -> (factory, the check that must catch it)."""

CORRECT: dict[str, Callable[[], Game[Any, Any]]] = {
    "tricks": _tricks_factory(),
    "tricks_observations": _tricks_factory(observations_in_key=True),
    "tricks_show_last": _tricks_factory(show_last=True),
    "marks": marks,
    "frozen_tally": frozen_tally,
}
"""The correct twins: each passes every check."""

_REGISTERED: set[str] = set()

for _factory in [*(f for f, _ in BROKEN_KEYS.values()), *CORRECT.values()]:
    _name = _factory().info.name
    if _name not in _REGISTERED:  # the tricks variants share one factory: their params differ
        register_game(
            _name, tricks if _name.endswith(("tricks", "_key", "observations")) else _factory
        )
        _REGISTERED.add(_name)
