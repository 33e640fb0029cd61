"""The Game protocol: a game is a *value* — a record of pure functions and data.

Nobody subclasses or mutates a game.  A game module builds one :class:`Game`
from module-level functions; the core adds the checked and derived calls
(:meth:`Game.play`, :meth:`Game.is_terminal`, :meth:`Game.sample_chance`, ...).

State conventions every game follows:

* states are immutable (records, tuples, frozensets, persistent containers);
* ``current_player(s)`` is a player index ``0..n-1``, :data:`CHANCE` or :data:`TERMINAL`;
* ``legal_actions(s)`` is a tuple of unique actions in a stable, documented
  order, empty exactly at chance and terminal nodes;
* ``chance_outcomes(s)`` lists ``(action, Fraction)`` pairs summing to exactly 1;
* ``step(s, a)`` assumes legality (the fast path); ``play`` checks it;
* ``key(s)`` holds exactly what decides the future (the transposition key);
* a state made by ``initial_state(seed=N)`` carries an :class:`~pure_engine.core.rng.Rng`
  in its ``rng`` field, so :meth:`Game.resolve_chance` can draw chance outcomes
  from the state itself and a seeded simulation replays identically anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

from pure_engine.core.rng import Rng, choose_weighted
from pure_engine.errors import IllegalActionError

__all__ = [
    "CHANCE",
    "RULE_FUNCTIONS",
    "TERMINAL",
    "A",
    "Game",
    "GameInfo",
    "S",
    "game_from_functions",
    "params_tuple",
]

S = TypeVar("S")
A = TypeVar("A")

CHANCE = -1
"""``current_player`` at a chance node (OpenSpiel's value)."""
TERMINAL = -4
"""``current_player`` once the game is over (OpenSpiel's value)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game, as search and testing need them.

    ``params`` are the keyword arguments ``load_game`` was called with; a
    record stores them so the same game can be rebuilt.  ``max_game_length``
    counts decisions (chance draws excluded), as OpenSpiel does.
    """

    name: str
    num_players: int
    min_return: float
    max_return: float
    max_game_length: int
    params: tuple[tuple[str, Any], ...] = ()
    zero_sum: bool = False
    constant_sum: float | None = None
    has_chance: bool = False
    perfect_information: bool = True
    description: str = ""
    observations_in_key: bool = False
    """The key also decides every observation: states with equal keys look the same to
    every player (true of history keys; not of canonical keys that sort what players see).
    ``check_game`` compares observations across equal keys when this is set."""

    @property
    def params_dict(self) -> dict[str, Any]:
        """``params`` as a fresh dict (for JSON and for ``load_game(**...)``)."""
        return dict(self.params)


def _no_resample(state: Any, player: int, rng: random.Random) -> Any:
    return state


@dataclass(frozen=True, slots=True, eq=False)
class Game(Generic[S, A]):
    """A game: static info plus the pure functions that define its rules.

    Fields are the rules; methods are what the core derives from them.  Field
    reads are slot reads, so ``game.step(s, a)`` costs one attribute read more
    than calling the module function directly.
    """

    info: GameInfo
    initial_state: Callable[..., S]
    current_player: Callable[[S], int]
    legal_actions: Callable[[S], tuple[A, ...]]
    chance_outcomes: Callable[[S], tuple[tuple[A, Fraction], ...]]
    step: Callable[[S, A], S]
    returns: Callable[[S], tuple[float, ...]]
    observation: Callable[[S, int], Hashable]
    key: Callable[[S], Hashable]
    action_to_str: Callable[[S, A], str]
    parse_action: Callable[[S, str], A]
    render: Callable[[S], str] = repr
    sample_chance_fn: Callable[[S, random.Random], A] | None = None
    resample: Callable[[S, int, random.Random], S] = field(default=_no_resample)
    """Sample a full state consistent with ``observation(s, player)`` (a determinization).

    The default returns the state itself, which is right for perfect-information games."""

    @property
    def name(self) -> str:
        """The registered name."""
        return self.info.name

    @property
    def num_players(self) -> int:
        """How many players take decisions."""
        return self.info.num_players

    def is_terminal(self, state: S) -> bool:
        """True when the game is over."""
        return self.current_player(state) == TERMINAL

    def is_chance_node(self, state: S) -> bool:
        """True when chance acts next."""
        return self.current_player(state) == CHANCE

    def play(self, state: S, action: A) -> S:
        """Checked ``step``: raise :class:`IllegalActionError` unless *action* is legal.

        At a chance node an action is legal when it is a listed outcome.  The
        input state is never changed (states are immutable).
        """
        player = self.current_player(state)
        if player == TERMINAL:
            raise IllegalActionError(
                f"illegal action {self._describe(state, action)!r}: the game is over"
            )
        if player == CHANCE:
            legal = tuple(a for a, _ in self.chance_outcomes(state))
        else:
            legal = self.legal_actions(state)
        if action not in legal:
            shown = ", ".join(self._describe(state, a) for a in legal[:20])
            more = f", ... ({len(legal)} in all)" if len(legal) > 20 else ""
            raise IllegalActionError(
                f"illegal action {self._describe(state, action)!r}; legal: {shown}{more}"
            )
        return self.step(state, action)

    def play_str(self, state: S, text: str) -> S:
        """Parse *text* with ``parse_action`` and play it (checked)."""
        return self.play(state, self.parse_action(state, text))

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw a chance outcome with its exact probability, using the explicit *rng*."""
        fast = self.sample_chance_fn
        if fast is not None:
            return fast(state, rng)
        outcomes = self.chance_outcomes(state)
        scale = 1
        for _, p in outcomes:
            scale = scale * p.denominator // _gcd(scale, p.denominator)
        pick = rng.randrange(scale)
        for action, p in outcomes:
            pick -= p.numerator * (scale // p.denominator)
            if pick < 0:
                return action
        raise AssertionError(f"chance outcomes of {self.name} do not sum to 1")

    def resolve_chance(self, state: S) -> tuple[A, S]:
        """Draw a chance outcome from the state's own ``rng`` field; return it and the next state.

        The returned state carries the advanced generator, so the same seeded
        state always continues the same way, in any process.
        """
        rng: Rng | None = getattr(state, "rng", None)
        if rng is None:
            raise ValueError(
                f"{self.name}: this state carries no rng; create it with initial_state(seed=N) "
                "or draw with sample_chance(state, random.Random(...))"
            )
        action, rng = choose_weighted(rng, self.chance_outcomes(state))
        after = self.step(state, action)
        return action, after.replace(rng=rng)  # type: ignore[attr-defined]  # states with rng are Records

    def legal_strings(self, state: S) -> tuple[str, ...]:
        """The legal actions in notation (chance outcomes at a chance node)."""
        if self.current_player(state) == CHANCE:
            return tuple(self.action_to_str(state, a) for a, _ in self.chance_outcomes(state))
        return tuple(self.action_to_str(state, a) for a in self.legal_actions(state))

    def _describe(self, state: S, action: A) -> str:
        try:
            return self.action_to_str(state, action)
        except Exception:  # noqa: BLE001 - an unprintable illegal action is still reported
            return repr(action)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def params_tuple(params: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Sorted ``(name, value)`` pairs: the hashable form ``GameInfo.params`` stores.

    >>> params_tuple({"b": 2, "a": 1})
    (('a', 1), ('b', 2))
    """
    return tuple(sorted(params.items()))


RULE_FUNCTIONS = (
    "initial_state",
    "current_player",
    "legal_actions",
    "chance_outcomes",
    "step",
    "returns",
    "observation",
    "key",
    "action_to_str",
    "parse_action",
)
"""The functions every game must define, by the names :func:`game_from_functions` reads."""

_OPTIONAL_FUNCTIONS = {
    "render": "render",
    "sample_chance": "sample_chance_fn",
    "resample": "resample",
}


def game_from_functions(info: GameInfo, functions: Mapping[str, Any]) -> Game[Any, Any]:
    """The :class:`Game` whose rules are the functions named in *functions*.

    *functions* is a namespace: a game module's ``globals()``, or ``locals()``
    of a ``make_game`` that defines its rules as closures.  It must hold the
    ten :data:`RULE_FUNCTIONS`; ``render``, ``sample_chance`` (the fast
    sampler) and ``resample`` are used when present.

    >>> rules = dict(initial_state=lambda seed=None: 0, current_player=lambda s: TERMINAL,
    ...     legal_actions=lambda s: (), chance_outcomes=lambda s: (), step=lambda s, a: s,
    ...     returns=lambda s: (0.0,), observation=lambda s, p: s, key=lambda s: s,
    ...     action_to_str=lambda s, a: str(a), parse_action=lambda s, t: int(t))
    >>> game_from_functions(GameInfo("nothing", 1, 0.0, 0.0, 0), rules).is_terminal(0)
    True
    >>> del rules["key"]
    >>> game_from_functions(GameInfo("nothing", 1, 0.0, 0.0, 0), rules)
    Traceback (most recent call last):
    ...
    TypeError: game 'nothing' lacks the rule functions: key
    """
    missing = [name for name in RULE_FUNCTIONS if not callable(functions.get(name))]
    if missing:
        raise TypeError(f"game {info.name!r} lacks the rule functions: {', '.join(missing)}")
    chosen = {name: functions[name] for name in RULE_FUNCTIONS}
    for name, field_name in _OPTIONAL_FUNCTIONS.items():
        if callable(functions.get(name)):
            chosen[field_name] = functions[name]
    return Game(info=info, **chosen)
