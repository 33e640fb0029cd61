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
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, Self, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing.TypeIs from Python 3.13 on

from pure_engine.core.chance import draw, draw_from_rng
from pure_engine.core.encoding import Encoding
from pure_engine.core.rng import Rng
from pure_engine.errors import IllegalActionError, NoEncodingError

__all__ = [
    "CHANCE",
    "TERMINAL",
    "A",
    "Counts",
    "Forces",
    "Game",
    "GameInfo",
    "GameRules",
    "HasRng",
    "InitialState",
    "Resamples",
    "S",
    "SamplesChance",
    "Seedable",
    "carries_rng",
    "encoding_of",
    "game_from_rules",
    "params_tuple",
    "seeded_start",
]

S = TypeVar("S")
A = TypeVar("A")
S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)

# (``Final``: a compiled game's rules read them as constants, not through this module's dict)
CHANCE: Final = -1
"""``current_player`` at a chance node (OpenSpiel's value)."""
TERMINAL: Final = -4
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


class InitialState(Protocol[S_co]):
    """``initial_state(seed=None)``: the start of a game; seeded, it carries an ``Rng``."""

    def __call__(self, seed: int | None = None) -> S_co: ...


class HasRng(Protocol):
    """A state that carries its own generator: a :class:`~pure_engine.core.struct.Struct`
    with an ``rng`` field, as ``initial_state(seed=N)`` makes them."""

    @property
    def rng(self) -> Rng: ...

    def replace(self, *, rng: Rng = ...) -> Self: ...


def carries_rng(state: object) -> TypeIs[HasRng]:
    """True when *state* carries a generator in its ``rng`` field (it was seeded).

    >>> from pure_engine.core.rng import Rng
    >>> from pure_engine.core.struct import Struct
    >>> class Coin(Struct):
    ...     face: str
    ...     rng: Rng | None = None
    >>> carries_rng(Coin("h", Rng(1))), carries_rng(Coin("h")), carries_rng(("h",))
    (True, False, False)
    """
    return isinstance(getattr(state, "rng", None), Rng)


class Seedable(Protocol):
    """A state that can be given a generator: a :class:`~pure_engine.core.struct.Struct` with
    an ``rng`` field (``None`` until seeded)."""

    def replace(self, *, rng: Rng) -> Self: ...


SS = TypeVar("SS", bound=Seedable)


def seeded_start(start: SS) -> InitialState[SS]:
    """The ``initial_state`` of a game that starts at *start*: *start* itself, or with a seed
    *start* carrying ``Rng(seed)`` in its ``rng`` field.

    >>> from pure_engine.core.struct import Struct
    >>> class Pile(Struct):
    ...     cards: int
    ...     rng: Rng | None = None
    >>> initial_state = seeded_start(Pile(3))
    >>> initial_state(), initial_state(seed=7)
    (Pile(cards=3, rng=None), Pile(cards=3, rng=Rng(seed=7, counter=0)))
    """

    def initial_state(seed: int | None = None) -> SS:
        return start if seed is None else start.replace(rng=Rng(seed))

    return initial_state


def _no_resample(state: S, player: int, rng: random.Random) -> S:
    return state


@dataclass(frozen=True, slots=True, eq=False)
class Game(Generic[S, A]):
    """A game: static info plus the pure functions that define its rules.

    Fields are the rules; methods are what the core derives from them.  Field
    reads are slot reads, so ``game.step(s, a)`` costs one attribute read more
    than calling the module function directly.
    """

    info: GameInfo
    initial_state: InitialState[S]
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
    encoding: Encoding[S, A] | None = None
    """Observation tensors and action numbers for learners and OpenSpiel (``core/encoding.py``);
    ``None``: the tensor adapters refuse the game."""
    forced: Callable[[S], tuple[A, str] | None] | None = None
    """The game's own skip-trivial check: at a decision with a single legal action, that action
    and the rule that leaves it alone (``"cannot act"``...), else ``None``; cheaper than building
    ``legal_actions``.  A :class:`~pure_engine.core.session.Session` uses it and logs the rule;
    ``None``: sessions count the legal actions."""
    counters: Callable[[S], Mapping[str, int]] | None = None
    """Work counters a state carries (flow ticks, automatic actions...), summed over the games
    ``pure-engine bench`` plays; ``None``: the game counts nothing."""

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
        """Draw a chance outcome with its exact probability, using the explicit *rng*.

        The game's own ``sample_chance_fn`` when it has one, else
        :func:`~pure_engine.core.chance.draw` over ``chance_outcomes``.
        """
        fast = self.sample_chance_fn
        if fast is not None:
            return fast(state, rng)
        return draw(self.chance_outcomes(state), rng)

    def resolve_chance(self, state: S) -> tuple[A, S]:
        """Draw a chance outcome from the state's own ``rng`` field; return it and the next state.

        The returned state carries the advanced generator, so the same seeded
        state always continues the same way, in any process.
        """
        if not carries_rng(state):
            raise ValueError(
                f"{self.name}: this state carries no rng; create it with initial_state(seed=N) "
                "or draw with sample_chance(state, random.Random(...))"
            )
        action, rng = draw_from_rng(self.chance_outcomes(state), state.rng)
        after = self.step(state, action)
        if not carries_rng(after):
            raise TypeError(f"{self.name}: step dropped the state's rng field")
        return action, after.replace(rng=rng)

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


class GameRules(Protocol[S, A]):
    """The rule functions every game has, under the names of :class:`Game`'s fields: a rules
    module that defines them all (``games/bridge/play.py``, ``games/crab_combat/combat.py``),
    or an object whose methods they are (a wrapped OpenSpiel game's), is one, checked by mypy
    where :func:`game_from_rules` is given it."""

    def current_player(self, state: S) -> int: ...
    def legal_actions(self, state: S) -> tuple[A, ...]: ...
    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]: ...
    def step(self, state: S, action: A) -> S: ...
    def returns(self, state: S) -> tuple[float, ...]: ...
    def observation(self, state: S, player: int) -> Hashable: ...
    def key(self, state: S) -> Hashable: ...
    def action_to_str(self, state: S, action: A) -> str: ...
    def parse_action(self, state: S, text: str) -> A: ...
    def render(self, state: S) -> str: ...


@runtime_checkable
class SamplesChance(Protocol[S_contra, A_co]):
    """Rules with their own chance sampler (:meth:`Game.sample_chance`'s fast path)."""

    def sample_chance(self, state: S_contra, rng: random.Random) -> A_co: ...


@runtime_checkable
class Resamples(Protocol[S]):
    """Rules with a ``resample`` (a game with hidden information)."""

    def resample(self, state: S, player: int, rng: random.Random) -> S: ...


@runtime_checkable
class Forces(Protocol[S_contra, A_co]):
    """Rules with their own skip-trivial check (:attr:`Game.forced`)."""

    def forced(self, state: S_contra) -> tuple[A_co, str] | None: ...


@runtime_checkable
class Counts(Protocol[S_contra]):
    """Rules whose states carry work counters (:attr:`Game.counters`)."""

    def counters(self, state: S_contra) -> Mapping[str, int]: ...


def game_from_rules(
    rules: GameRules[S, A],
    info: GameInfo,
    initial_state: InitialState[S],
    *,
    encoding: Encoding[S, A] | None = None,
) -> Game[S, A]:
    """The :class:`Game` whose rules are *rules*' functions of the same names (its
    ``sample_chance``, ``resample``, ``forced`` and ``counters`` too, each where it has one:
    :class:`SamplesChance`, :class:`Resamples`, :class:`Forces`, :class:`Counts`), with the
    parameters' *info*, *initial_state* and *encoding*.

    >>> import pure_engine.games.bridge.play as play
    >>> from pure_engine.games.bridge.game import make_game
    >>> start = make_game().initial_state()
    >>> game = game_from_rules(play, play.INFO, lambda seed=None: start)
    >>> game.step is play.step and game.resample is play.resample
    True
    >>> game.legal_strings(start) == make_game().legal_strings(start)
    True
    """
    return Game(
        info=info,
        initial_state=initial_state,
        current_player=rules.current_player,
        legal_actions=rules.legal_actions,
        chance_outcomes=rules.chance_outcomes,
        step=rules.step,
        returns=rules.returns,
        observation=rules.observation,
        key=rules.key,
        action_to_str=rules.action_to_str,
        parse_action=rules.parse_action,
        render=rules.render,
        sample_chance_fn=rules.sample_chance if isinstance(rules, SamplesChance) else None,
        resample=rules.resample if isinstance(rules, Resamples) else _no_resample,
        encoding=encoding,
        forced=rules.forced if isinstance(rules, Forces) else None,
        counters=rules.counters if isinstance(rules, Counts) else None,
    )


def params_tuple(params: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Sorted ``(name, value)`` pairs: the hashable form ``GameInfo.params`` stores.

    >>> params_tuple({"b": 2, "a": 1})
    (('a', 1), ('b', 2))
    """
    return tuple(sorted(params.items()))


def encoding_of(game: Game[S, A]) -> Encoding[S, A]:
    """The game's :class:`Encoding`, or :class:`~pure_engine.errors.NoEncodingError` in one line.

    >>> import pure_engine
    >>> encoding_of(pure_engine.load_game("kuhn_poker")).observation_shape
    (11,)
    """
    encoding = game.encoding
    if encoding is None:
        raise NoEncodingError(
            f"game {game.name!r} has no encoding (observation tensor and action numbers): "
            "its make_game must pass Game(encoding=Encoding(...)); see docs/encoding.md"
        )
    return encoding
