"""OpenSpiel's games in ours: any ``pyspiel`` game as a pure_engine :class:`~pure_engine.Game`.

``from_openspiel("leduc_poker", players=3)`` loads the OpenSpiel game and
wraps it, so ``check_game``, our searches, bots, records and the tensor
adapters run on it.  A state is an :class:`OpenSpielState`: the action history
(chance outcomes included) and the optional in-state generator -- immutable by
construction.  The ``pyspiel.State`` behind each history lives in a memo owned
by the ``Game`` value; it is built by cloning its parent's and applying one
action, and never changed afterwards.

* ``key`` is the history: exact (two keys are equal only for the same
  history), so it never merges transpositions -- sound, never wrong.
* ``observation(state, p)`` is OpenSpiel's information state string (else its
  observation string, else ``str(state)`` for perfect-information games);
  ``resample`` at the player's own decisions is OpenSpiel's ``resample_from_infostate``,
  or, for a game without one, a rejection draw (chance afresh, the same decisions, kept
  when the player saw the same at every step); elsewhere the state itself.
* chance probabilities become exact fractions (``Fraction(p).limit_denominator``:
  ``1/3`` is ``1/3``, not the nearest double).
* notation is OpenSpiel's ``action_to_string``; when two legal actions print
  the same, each gets its number appended (``"Play #12"``) so notation still
  names exactly one action; ``parse_action`` also takes ``#12`` and ``12``.
* the encoding is OpenSpiel's ``observation_tensor`` (else its information
  state tensor) and its action numbers, so ``to_pettingzoo`` works too.

The game is registered as ``openspiel`` when :mod:`pure_engine` is imported
(params: ``game=...`` and OpenSpiel's own), so records and fresh processes
rebuild it with ``load_game``.

>>> game = from_openspiel("kuhn_poker")
>>> s = game.initial_state()
>>> for text in ("Deal:2", "Deal:0", "Bet"):
...     s = game.play_str(s, text)
>>> s, game.observation(s, 1), game.legal_strings(s)
(OpenSpielState(history=(2, 0, 1), rng=None), '0b', ('Pass', 'Bet'))
>>> game.returns(game.play_str(s, "Pass"))
(1.0, -1.0)
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pyspiel

from pure_engine.core.chance import draw
from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo, game_from_rules, params_tuple
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError, UnknownGameError

__all__ = ["OpenSpielState", "from_openspiel", "spiel_state"]

_MEMO_LIMIT = 200_000
"""OpenSpiel states a game's memo holds before it starts over (a cache of a pure function)."""
_DENOMINATOR = 10**9
"""Chance probabilities are read as the nearest fraction with at most this denominator."""


class OpenSpielState(Struct):
    """An OpenSpiel game position: every action so far (chance included), and the generator."""

    history: tuple[int, ...] = ()
    rng: Rng | None = None


class _Memo:
    """``history -> pyspiel.State``: each built from its parent's by clone + apply, never changed.

    Owned by one wrapped game; starts over from the root when it holds *limit*
    states (any state can be rebuilt from the root by replaying its history).
    """

    def __init__(self, spiel_game: Any, limit: int = _MEMO_LIMIT) -> None:
        self.spiel_game = spiel_game
        self.limit = limit
        self.states: dict[tuple[int, ...], Any] = {(): spiel_game.new_initial_state()}

    def get(self, history: tuple[int, ...]) -> Any:
        found = self.states.get(history)
        if found is not None:
            return found
        if len(self.states) >= self.limit:
            self.states = {(): self.spiel_game.new_initial_state()}
        known = len(history)
        while history[:known] not in self.states:
            known -= 1
        state = self.states[history[:known]]
        for at in range(known, len(history)):
            state = state.child(history[at])
            self.states[history[: at + 1]] = state
        return state


def _probability(p: float) -> Fraction:
    return Fraction(p).limit_denominator(_DENOMINATOR)


def from_openspiel(game: str, **params: Any) -> Game[OpenSpielState, int]:
    """The OpenSpiel game *game* (with OpenSpiel *params*) as a pure_engine game.

    Raises :class:`~pure_engine.errors.UnknownGameError` for a name OpenSpiel
    does not know, ``ValueError`` for a game this wrapper cannot play
    (simultaneous moves, mean-field games) or bad params.

    >>> from_openspiel("no_such_game")
    Traceback (most recent call last):
    ...
    pure_engine.errors.UnknownGameError: unknown OpenSpiel game 'no_such_game'; known: ...
    """
    known = pyspiel.registered_names()
    if game not in known:
        close = [n for n in known if game.split("(")[0] in n][:8] or sorted(known)[:8]
        raise UnknownGameError(
            f"unknown OpenSpiel game {game!r}; known: {', '.join(close)}, ... "
            f"({len(known)} in all: pyspiel.registered_names())"
        )
    try:
        spiel_game = pyspiel.load_game(game, params)
    except (pyspiel.SpielError, TypeError, ValueError) as exc:
        detail = " ".join(str(exc).split())[:200]
        raise ValueError(f"OpenSpiel refused {game}{params or ''}: {detail}") from None
    kind = spiel_game.get_type()
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise ValueError(
            f"expected a sequential-move OpenSpiel game, found {game} ({kind.dynamics})"
        )
    return _wrap(game, params, spiel_game)


def spiel_state(game: Game[OpenSpielState, int], state: OpenSpielState) -> Any:
    """A fresh ``pyspiel.State`` (a clone: yours to change) for *state* of a wrapped *game*.

    >>> game = from_openspiel("kuhn_poker")
    >>> spiel_state(game, game.step(game.initial_state(), 2)).history()
    [2]
    """
    rules = getattr(game.key, "__self__", None)  # the key is a method of the game's rules
    if not isinstance(rules, _SpielRules):
        raise ValueError(f"expected a game made by from_openspiel, found {game.name!r}")
    return rules.get(state.history).clone()


def _info(name: str, params: dict[str, Any], spiel_game: Any) -> GameInfo:
    kind = spiel_game.get_type()
    utility = kind.utility
    kinds = pyspiel.GameType.Utility
    constant = utility in (kinds.ZERO_SUM, kinds.CONSTANT_SUM)
    return GameInfo(
        name="openspiel",
        num_players=spiel_game.num_players(),
        min_return=float(spiel_game.min_utility()),
        max_return=float(spiel_game.max_utility()),
        max_game_length=spiel_game.max_game_length(),
        params=params_tuple({"game": name, **params}),
        zero_sum=utility == kinds.ZERO_SUM,
        constant_sum=float(spiel_game.utility_sum()) if constant else None,
        has_chance=kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC,
        perfect_information=kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION,
        description=f"OpenSpiel's {kind.long_name} ({spiel_game})",
    )


def _wrap(name: str, params: dict[str, Any], spiel_game: Any) -> Game[OpenSpielState, int]:
    rules = _SpielRules(spiel_game)
    info = _info(name, params, spiel_game)
    return game_from_rules(
        rules, info, rules.initial_state, encoding=_encoding(spiel_game, rules.get)
    )


class _SpielRules:
    """The rules of one wrapped OpenSpiel game, read from the ``pyspiel.State`` of each
    history (built once, in the game's :class:`_Memo`)."""

    def __init__(self, spiel_game: Any) -> None:
        self.spiel_game = spiel_game
        self.memo = _Memo(spiel_game)
        self.get = self.memo.get
        self.kind = spiel_game.get_type()
        self.asked: dict[str, bool] = {}
        """``{"implemented": ...}`` once OpenSpiel has been asked to resample."""

    def initial_state(self, seed: int | None = None) -> OpenSpielState:
        return OpenSpielState((), None if seed is None else Rng(seed))

    def current_player(self, state: OpenSpielState) -> int:
        player: int = self.get(state.history).current_player()
        if player < 0 and player not in (CHANCE, TERMINAL):
            raise ValueError(
                f"{self.spiel_game}: unsupported player id {player} (simultaneous move?)"
            )
        return player

    def legal_actions(self, state: OpenSpielState) -> tuple[int, ...]:
        spiel = self.get(state.history)
        if spiel.is_chance_node() or spiel.is_terminal():
            return ()
        return tuple(spiel.legal_actions())

    def chance_outcomes(self, state: OpenSpielState) -> tuple[tuple[int, Fraction], ...]:
        spiel = self.get(state.history)
        if not spiel.is_chance_node():
            return ()
        return tuple((action, _probability(p)) for action, p in spiel.chance_outcomes())

    def step(self, state: OpenSpielState, action: int) -> OpenSpielState:
        return OpenSpielState((*state.history, action), state.rng)

    def returns(self, state: OpenSpielState) -> tuple[float, ...]:
        return tuple(float(r) for r in self.get(state.history).returns())

    def observation(self, state: OpenSpielState, player: int) -> str:
        spiel = self.get(state.history)
        if self.kind.provides_information_state_string:
            return str(spiel.information_state_string(player))
        if self.kind.provides_observation_string:
            return str(spiel.observation_string(player))
        return str(spiel)

    def key(self, state: OpenSpielState) -> tuple[int, ...]:
        """The history: equal only for the same actions, so sound (no transposition merged)."""
        return state.history

    def render(self, state: OpenSpielState) -> str:
        return str(self.get(state.history))

    def sample_chance(self, state: OpenSpielState, rng: random.Random) -> int:
        return draw(self.chance_outcomes(state), rng)

    def resample(self, state: OpenSpielState, player: int, rng: random.Random) -> OpenSpielState:
        if self.kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION:
            return state
        return _resample(self.get, self.observation, self.asked, state, player, rng)

    def _options(self, state: OpenSpielState) -> tuple[int, list[int]]:
        spiel = self.get(state.history)
        if spiel.is_chance_node():
            return CHANCE, [a for a, _ in spiel.chance_outcomes()]
        return spiel.current_player(), list(spiel.legal_actions())

    def action_to_str(self, state: OpenSpielState, action: int) -> str:
        """OpenSpiel's text; ``"<text> #<number>"`` when another legal action prints the same.

        An action that is not legal here is ``"#<number>"``: OpenSpiel's games print only
        the actions that exist in a state, and some (cribbage) crash the process, not raise,
        when asked for another.
        """
        player, options = self._options(state)
        if action not in options:
            return f"#{action}"
        spiel = self.get(state.history)
        try:
            text = str(spiel.action_to_string(player, action))
        except pyspiel.SpielError:
            return f"#{action}"
        twins = [a for a in options if a != action]
        if any(str(spiel.action_to_string(player, a)) == text for a in twins):
            return f"{text} #{action}"
        return text

    def parse_action(self, state: OpenSpielState, text: str) -> int:
        """An action from its notation, ``#<number>`` or a bare number."""
        _, options = self._options(state)
        wanted = text.strip()
        for action in options:
            if self.action_to_str(state, action) == wanted:
                return action
        number = wanted.removeprefix("#")
        if number.isdigit() and int(number) in options:
            return int(number)
        shown = ", ".join(repr(self.action_to_str(state, a)) for a in options[:10])
        more = ", ..." if len(options) > 10 else ""
        raise ParseError(f"expected one of {shown}{more} (or '#<number>'), found {text!r}")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """File descriptor 2 sent to /dev/null for the block (C++ writes there, not sys.stderr)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _resample(
    get: Callable[[tuple[int, ...]], Any],
    observation: Callable[[OpenSpielState, int], str],
    asked: dict[str, bool],
    state: OpenSpielState,
    player: int,
    rng: random.Random,
) -> OpenSpielState:
    """At *player*'s own decisions (where IS-MCTS asks), OpenSpiel's
    ``resample_from_infostate``, or where the game has none, a rejection draw
    (:func:`_rejection_draw`).  Elsewhere the state itself: consistent, if uninformative.
    *asked* remembers whether the game implements it (OpenSpiel prints its refusal before
    raising it: the first call keeps that off stderr)."""
    spiel = get(state.history)
    if spiel.current_player() != player:
        return state
    if asked.get("implemented", True):
        try:
            with contextlib.nullcontext() if asked else _quiet_stderr():
                other = spiel.resample_from_infostate(player, rng.random)
        except pyspiel.SpielError as exc:
            if "not implemented" not in str(exc):
                raise
            asked["implemented"] = False
        else:
            asked["implemented"] = True
            return OpenSpielState(tuple(other.history()), state.rng)
    return _rejection_draw(get, observation, state, player, rng)


_TRIES = 10_000
"""Rejection draws a resample tries before it gives up (the worlds are too many to hit)."""


def _rejection_draw(
    get: Callable[[tuple[int, ...]], Any],
    observation: Callable[[OpenSpielState, int], str],
    state: OpenSpielState,
    player: int,
    rng: random.Random,
) -> OpenSpielState:
    """A history drawn like *state*'s (chance afresh, the same decisions) that *player*
    cannot tell from it at any step; ``ValueError`` after :data:`_TRIES` misses."""
    target = state.history
    seen = [observation(OpenSpielState(target[:depth]), player) for depth in range(len(target) + 1)]
    for _ in range(_TRIES):
        history: tuple[int, ...] = ()
        for depth, action in enumerate(target):
            spiel = get(history)
            if spiel.is_chance_node():
                outcomes, weights = zip(*spiel.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights)[0]
            elif action not in spiel.legal_actions():
                break
            history = (*history, action)
            if observation(OpenSpielState(history), player) != seen[depth + 1]:
                break
        else:
            return OpenSpielState(history, state.rng)
    raise ValueError(
        f"resample: no world player {player} cannot tell from this one in {_TRIES} draws "
        f"({get(()).get_game()} implements no ResampleFromInfostate, and its worlds are "
        "too many to hit by drawing)"
    )


def _encoding(
    spiel_game: Any, get: Callable[[tuple[int, ...]], Any]
) -> Encoding[OpenSpielState, int] | None:
    kind = spiel_game.get_type()
    if kind.provides_observation_tensor:
        shape = tuple(spiel_game.observation_tensor_shape())

        def tensor(state: OpenSpielState, player: int) -> list[float]:
            return list(get(state.history).observation_tensor(player))

    elif kind.provides_information_state_tensor:
        shape = tuple(spiel_game.information_state_tensor_shape())

        def tensor(state: OpenSpielState, player: int) -> list[float]:
            return list(get(state.history).information_state_tensor(player))

    else:
        return None
    return Encoding(
        observation_shape=shape,
        observation_tensor=tensor,
        num_distinct_actions=spiel_game.num_distinct_actions(),
        action_index=same_index,
        index_action=same_action,
        max_chance_outcomes=spiel_game.max_chance_outcomes(),
        observation_bounds=(float("-inf"), float("inf")),
    )
