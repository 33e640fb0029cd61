"""Our games in OpenSpiel: any pure_engine game with an encoding as a ``pyspiel`` game.

``to_openspiel(game)`` registers a Python game with ``pyspiel.register_game``
(short name ``pure_engine_<name>``, plus a digest of the params when there are
any) and returns ``pyspiel.load_game`` of it, so OpenSpiel's algorithms -- CFR,
exploitability, best response, MCTS, its C++ tree walkers -- run on our rules.
Actions and chance outcomes are the encoding's numbers; the information state
(string and tensor) is the game's ``observation`` and ``observation_tensor``,
so the game's ``observation`` must be perfect recall (everything the player has
seen so far, as Kuhn's and Leduc's are) for CFR to be right.

A ``pyspiel.State`` is mutable; ours are not.  The OpenSpiel state holds one of
our immutable states and replaces it on ``apply_action``; a ``clone()`` shares
it (OpenSpiel deep-copies a Python state's attributes: ours is copied by
reference, since nothing can change it).

>>> import pure_engine
>>> spiel = to_openspiel(pure_engine.load_game("kuhn_poker"))
>>> spiel.get_type().short_name, spiel.num_distinct_actions(), spiel.max_chance_outcomes()
('pure_engine_kuhn_poker', 2, 3)
>>> state = spiel.new_initial_state()
>>> for action in (2, 0, 1):              # deal K, deal J, bet
...     state.apply_action(action)
>>> state.information_state_string(1), state.legal_actions()
("1:KuhnObservation(player=1, card=0, bets='b')", [0, 1])
>>> state.child(1).returns()              # player 1 calls with the jack
[2.0, -2.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from pure_engine.core.digest import hex_digest
from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL, Game, encoding_of
from pure_engine.errors import IllegalActionError, NoEncodingError

__all__ = ["SpielGame", "SpielState", "openspiel_name", "to_openspiel"]

_GAMES: dict[str, Game[Any, Any]] = {}
"""short name -> the pure_engine game it plays (mirrors pyspiel's own global registry)."""

_MAX_LENGTH = 2**31 - 1  # OpenSpiel's max_game_length is a C++ int
_STRINGS = 100_000  # information state strings an observer remembers


def openspiel_name(game: Game[Any, Any]) -> str:
    """The short name :func:`to_openspiel` registers *game* under.

    >>> import pure_engine
    >>> openspiel_name(pure_engine.load_game("leduc_poker", players=3))
    'pure_engine_leduc_poker_...'
    """
    name = f"pure_engine_{game.name}"
    return f"{name}_{hex_digest(game.info.params)[:10]}" if game.info.params else name


def to_openspiel(game: Game[Any, Any]) -> Any:
    """*game* as a ``pyspiel.Game`` (registered with ``pyspiel.register_game``; see the module doc).

    Raises :class:`~pure_engine.errors.NoEncodingError` for a game without an
    encoding, or with chance but no chance outcome numbers.
    """
    encoding = encoding_of(game)
    if game.info.has_chance and not encoding.max_chance_outcomes:
        raise NoEncodingError(
            f"game {game.name!r} has chance, but its encoding numbers no chance outcomes "
            "(max_chance_outcomes is 0): OpenSpiel needs them numbered"
        )
    short = openspiel_name(game)
    if short not in _GAMES:
        # a class per game, as OpenSpiel's own Python games register: pyspiel keeps it to
        # the end of the process, and a class (unlike a closure) outlives its C++ registry
        factory = type(f"SpielGame_{short}", (SpielGame,), {"short_name": short})
        pyspiel.register_game(_game_type(game, short), factory)
    _GAMES[short] = game
    return pyspiel.load_game(short)


def _game_type(game: Game[Any, Any], short: str) -> Any:
    info = game.info
    kind = pyspiel.GameType
    if info.zero_sum:
        utility = kind.Utility.ZERO_SUM
    elif info.constant_sum is not None:
        utility = kind.Utility.CONSTANT_SUM
    else:
        utility = kind.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=short,
        long_name=f"pure_engine {info.description or info.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(
            kind.ChanceMode.EXPLICIT_STOCHASTIC
            if info.has_chance
            else kind.ChanceMode.DETERMINISTIC
        ),
        information=(
            kind.Information.PERFECT_INFORMATION
            if info.perfect_information
            else kind.Information.IMPERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.num_players,
        min_num_players=info.num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The ``pyspiel.Game`` of one registered pure_engine game."""

    short_name = ""
    """The registered short name (each registered game is a subclass that sets it)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = _GAMES[self.short_name]
        encoding = encoding_of(game)
        info = game.info
        total = 0.0 if info.zero_sum else info.constant_sum
        game_info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_distinct_actions,
            max_chance_outcomes=encoding.max_chance_outcomes,
            num_players=info.num_players,
            min_utility=info.min_return,
            max_utility=info.max_return,
            utility_sum=total,
            max_game_length=min(info.max_game_length, _MAX_LENGTH),
        )
        super().__init__(_game_type(game, self.short_name), game_info, params or {})
        self.game = game
        self.encoding: Encoding[Any, Any] = encoding
        # the states of this game: a class whose attributes are the rules, so a state's
        # only instance attribute is the immutable state it holds
        self.state_class = type(
            f"SpielState_{self.short_name}",
            (SpielState,),
            {"game": game, "encoding": encoding, "initial": _Held(game.initial_state())},
        )

    def new_initial_state(self) -> SpielState:
        """The start of a game (``initial_state()`` of our game)."""
        state: SpielState = self.state_class(self)
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        """The observer behind information state and observation strings and tensors."""
        if params:
            raise ValueError(f"expected no observer params, found {params!r}")
        return SpielObserver(self.game, self.encoding)


class _Held:
    """An immutable state, held so that OpenSpiel's deep copy on ``clone()`` shares it."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A ``pyspiel.State`` holding one of our immutable states (``held``).

    Each game's states are a subclass whose class attributes are the game, its
    encoding and its (shared, immutable) initial state.
    """

    game: Game[Any, Any]
    encoding: Encoding[Any, Any]
    initial: _Held

    def __init__(self, spiel_game: SpielGame) -> None:
        super().__init__(spiel_game)
        self.held = self.initial

    @property
    def state(self) -> Any:
        """Our immutable state."""
        return self.held.state

    def current_player(self) -> int:
        """Our player index, ``pyspiel.PlayerId.CHANCE`` (-1) or ``TERMINAL`` (-4): the same
        numbers in both libraries."""
        return self.game.current_player(self.held.state)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.held.state
        index = self.encoding.action_index
        return sorted(index(state, a) for a in self.game.legal_actions(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(number, probability)`` for every chance outcome, by number."""
        state = self.held.state
        index = self.encoding.action_index
        return sorted((index(state, a), float(p)) for a, p in self.game.chance_outcomes(state))

    def _apply_action(self, action: int) -> None:
        game, state = self.game, self.held.state
        if game.current_player(state) == CHANCE:
            legal: Any = [a for a, _ in game.chance_outcomes(state)]
            limit = self.encoding.max_chance_outcomes
        else:
            legal = game.legal_actions(state)
            limit = self.encoding.num_distinct_actions
        chosen = self.encoding.index_action(state, action) if 0 <= action < limit else None
        if chosen is None or chosen not in legal:
            numbers = sorted(self.encoding.action_index(state, a) for a in legal)
            raise IllegalActionError(
                f"{game.name}: action {action} is not legal here; legal: {numbers}"
            )
        self.held = _Held(game.step(state, chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.held.state
        return self.game.action_to_str(state, self.encoding.index_action(state, action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.game.current_player(self.held.state) == TERMINAL

    def returns(self) -> list[float]:
        """Our returns (0 for every player before the end)."""
        return [float(r) for r in self.game.returns(self.held.state)]

    def __str__(self) -> str:
        return self.game.render(self.held.state)


class SpielObserver:
    """OpenSpiel's Python observer protocol over our observation and encoding."""

    def __init__(self, game: Game[Any, Any], encoding: Encoding[Any, Any]) -> None:
        self.game = game
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor.reshape(encoding.observation_shape)}
        self._strings: dict[tuple[int, Any], str] = {}  # CFR asks for each one many times

    def set_from(self, spiel_state: SpielState, player: int) -> None:
        """Write *player*'s observation tensor of *spiel_state* into ``tensor``."""
        self.tensor[:] = self.encoding.observation_tensor(spiel_state.held.state, player)

    def string_from(self, spiel_state: SpielState, player: int) -> str:
        """``"<player>:<observation repr>"`` (the information state string)."""
        seen = (player, self.game.observation(spiel_state.held.state, player))
        text = self._strings.get(seen)
        if text is None:
            if len(self._strings) >= _STRINGS:
                self._strings.clear()
            text = self._strings[seen] = f"{player}:{seen[1]!r}"
        return text
