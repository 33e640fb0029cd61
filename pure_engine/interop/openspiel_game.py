"""Our games in OpenSpiel: any pure_engine game with an encoding as a ``pyspiel`` game.

``to_openspiel(game)`` registers a Python game with ``pyspiel.register_game``
(short name ``pure_engine_<name>``, plus a digest of the params when there are
any) and returns ``pyspiel.load_game`` of it, so OpenSpiel's algorithms -- CFR,
exploitability, best response, MCTS, its C++ tree walkers -- run on our rules.
Actions and chance outcomes are the encoding's numbers; the information state
(string and tensor) is the game's ``observation`` and ``observation_tensor``,
so the game's ``observation`` must be perfect recall (everything the player has
seen so far, as Kuhn's and Leduc's are) for CFR to be right.  Every node a C++
solver visits calls back into Python about ten times, which bounds its speed
(``python -m benchmarks interop`` measures that floor); for a game small enough
to list, :func:`~pure_engine.interop.efg.to_efg` hands OpenSpiel the whole tree
as one of its C++ games instead.

A ``pyspiel.State`` is mutable; ours are not.  The OpenSpiel state stands on a
node holding one of our immutable states and moves to the child node on
``apply_action``; a ``clone()`` shares the node (OpenSpiel deep-copies a Python
state's attributes: ours is copied by reference, since nothing in it changes).
Games and states pickle by the game's registered name, params and the action
history; ``resample_from_infostate`` draws from the game's ``resample``, so
OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``) plays
our hidden-information games.  OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot play
any Python game (OpenSpiel's own ``python_kuhn_poker`` included) in OpenSpiel up to
2.0.2: its ``step`` calls the Python observer without the GIL (a segmentation
fault), and OpenSpiel's Python-game state forwards no ``ResampleFromInfostate``.

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

import pickle
import random
from typing import Any

import numpy as np
import pyspiel

from pure_engine.core.digest import hex_digest
from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL, Game, encoding_of
from pure_engine.core.registry import canonical_name, list_games, load_game
from pure_engine.errors import IllegalActionError, NoEncodingError

__all__ = ["SpielGame", "SpielState", "openspiel_name", "to_openspiel"]

_GAMES: dict[str, Game[Any, Any]] = {}
"""short name -> the pure_engine game it plays (mirrors pyspiel's own global registry)."""

_MAX_LENGTH = 2**31 - 1  # OpenSpiel's max_game_length is a C++ int


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
    """The ``pyspiel.Game`` of one registered pure_engine game.

    It pickles as the pure_engine game's registered name and params (a fresh
    process rebuilds it with ``load_game`` and :func:`to_openspiel`).
    """

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
        # only instance attribute is the node it stands on
        self.state_class: type[SpielState] = type(
            f"SpielState_{self.short_name}",
            (SpielState,),
            {
                "game": game,
                "encoding": encoding,
                "held": _Node(game, game.initial_state(), ()),
                "room": [_NODES],
                "spiel_game": self,
            },
        )
        self.state_class.state_class = self.state_class

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

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_spiel_game, _pickled_name(self.game))


def _pickled_name(game: Game[Any, Any]) -> tuple[str, dict[str, Any]]:
    """``(registered name, params)`` that rebuild *game*, or a one-line PicklingError."""
    name = game.info.name
    if canonical_name(name) not in list_games():
        raise pickle.PicklingError(
            f"cannot pickle the OpenSpiel game of {name!r}: it is not a registered game "
            "(register_game), so another process could not rebuild it"
        )
    return name, game.info.params_dict


def _load_spiel_game(name: str, params: dict[str, Any]) -> SpielGame:
    """The OpenSpiel game of ``load_game(name, **params)`` (what unpickling calls)."""
    spiel_game: SpielGame = to_openspiel(load_game(name, **params))
    return spiel_game


def _load_spiel_state(name: str, params: dict[str, Any], history: list[int]) -> SpielState:
    """The state after *history* (action numbers) of ``load_game(name, **params)``."""
    state = _load_spiel_game(name, params).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


_NODES = 1_000_000
"""Nodes a game's states remember as children (then new nodes are built, not remembered)."""


class _Node:
    """One of our immutable states, with what OpenSpiel asks of it computed once.

    A node remembers its children by action number (up to ``_NODES`` per game),
    so walking a tree again (CFR does, every iteration) looks the next state up
    instead of stepping and checking the action; OpenSpiel's deep copy on
    ``clone()`` shares the node (nothing in it changes once computed).  Measured
    side by side (``python -m benchmarks interop``): OpenSpiel's C++ CFR, 200
    iterations on Kuhn poker, 1.33 s -> 0.69 s; its Python CFR, 50 iterations,
    0.49 s -> 0.20 s (with :meth:`SpielState.child` built in Python).
    """

    __slots__ = ("children", "legal", "outcomes", "path", "player", "scores", "state", "strings")

    def __init__(self, game: Game[Any, Any], state: Any, path: tuple[int, ...] | None) -> None:
        self.state = state
        self.path = path  # the action numbers from the start; None for a resampled world
        self.player: int = game.current_player(state)
        self.children: dict[int, _Node] = {}
        self.legal: list[int] | None = None
        self.outcomes: list[tuple[int, float]] | None = None
        self.scores: list[float] | None = None
        self.strings: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A ``pyspiel.State`` standing on a node that holds one of our immutable states.

    Each game's states are a subclass whose class attributes are the game, its
    encoding and its (shared) initial node.  A state pickles as the
    game's registered name, params and the action history.
    """

    game: Game[Any, Any]
    encoding: Encoding[Any, Any]
    held: _Node
    """The node this state stands on: the class holds the initial node, so a new state
    needs no ``__init__`` of its own (OpenSpiel's C++ ``clone()`` builds one through
    ``new_initial_state``, then copies ``held`` once an action set it on the instance)."""
    room: list[int]  # how many more nodes the game's states may remember as children
    spiel_game: SpielGame
    state_class: type[SpielState]

    @property
    def state(self) -> Any:
        """Our immutable state."""
        return self.held.state

    def current_player(self) -> int:
        """Our player index, ``pyspiel.PlayerId.CHANCE`` (-1) or ``TERMINAL`` (-4): the same
        numbers in both libraries."""
        return self.held.player

    def _legal_actions(self, player: int) -> list[int]:
        node = self.held
        if node.legal is None:
            index, state = self.encoding.action_index, node.state
            node.legal = sorted(index(state, a) for a in self.game.legal_actions(state))
        return node.legal

    # Python callers (OpenSpiel's Python CFR, IS-MCTS) reach these without going through
    # pyspiel's C++ State, which would call back into Python two or three times each
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action numbers (chance outcomes at a chance node), as OpenSpiel's."""
        node = self.held
        if node.player == TERMINAL or (player is not None and player != node.player):
            return []
        if node.player == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        return self._legal_actions(node.player)

    def is_chance_node(self) -> bool:
        """True when chance acts next."""
        return self.held.player == CHANCE

    def information_state_string(self, player: int | None = None) -> str:
        """``"<player>:<observation repr>"`` (as the observer writes it)."""
        seat = self.held.player if player is None else player
        node = self.held
        text = node.strings.get(seat)
        if text is None:
            if not 0 <= seat < self.game.num_players:
                raise ValueError(f"expected a player 0..{self.game.num_players - 1}, found {seat}")
            text = node.strings[seat] = _info_string(self.game, node.state, seat)
        return text

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(number, probability)`` for every chance outcome, by number."""
        node = self.held
        if node.outcomes is None:
            state, index = node.state, self.encoding.action_index
            node.outcomes = sorted(
                (index(state, a), float(p)) for a, p in self.game.chance_outcomes(state)
            )
        return node.outcomes

    def _apply_action(self, action: int) -> None:
        self.held = self._child_node(action)

    def _child_node(self, action: int) -> _Node:
        node = self.held
        child = node.children.get(action)
        if child is None:
            path = None if node.path is None else (*node.path, action)
            child = _Node(self.game, self.game.step(node.state, self._checked(action)), path)
            if self.room[0] > 0:
                self.room[0] -= 1
                node.children[action] = child
        return child

    def child(self, action: int) -> SpielState:
        """The state after *action* (a new state; this one is unchanged).

        Built in Python, without OpenSpiel's C++ clone (which calls back into Python
        three times): the Python CFR's node visits cost a third less.  Its history is
        the node's path, which ``history()`` reports.
        """
        after: SpielState = self.state_class(self.spiel_game)
        after.held = self._child_node(action)
        return after

    def history(self) -> list[int]:
        """The action numbers played from the start (chance outcomes included); empty for
        a world drawn by :meth:`resample_from_infostate`."""
        path = self.held.path
        return [] if path is None else list(path)

    def history_str(self) -> str:
        """``history()`` as OpenSpiel writes it: the numbers joined by ``", "``."""
        return ", ".join(map(str, self.history()))

    def move_number(self) -> int:
        """How many actions were played (chance outcomes included)."""
        return len(self.history())

    def _checked(self, action: int) -> Any:
        """Our action numbered *action*, or a one-line IllegalActionError."""
        game, state = self.game, self.held.state
        if self.held.player == CHANCE:
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
        return chosen

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.held.state
        return self.game.action_to_str(state, self.encoding.index_action(state, action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.held.player == TERMINAL

    def returns(self) -> list[float]:
        """Our returns (0 for every player before the end)."""
        node = self.held
        if node.scores is None:
            node.scores = [float(r) for r in self.game.returns(node.state)]
        return node.scores

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state drawn by our game's ``resample`` from *player_id*'s information state.

        *probability_sampler* is OpenSpiel's ``() -> float in [0, 1)``; one draw
        seeds the ``random.Random`` our ``resample`` takes, so the same sampler
        gives the same world.  The new state's ``history()`` is empty: a resample
        draws a state, not the actions that led to it.
        """
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        other = self.game.resample(self.held.state, player_id, rng)
        spiel = self.get_game()
        world: SpielState = spiel.new_initial_state()
        world.held = _Node(self.game, other, None)
        return world

    def __reduce__(self) -> tuple[Any, ...]:
        name, params = _pickled_name(self.game)
        if self.held.path is None:
            raise pickle.PicklingError(
                f"cannot pickle a {self.game.name} state drawn by resample_from_infostate: "
                "it has no history to replay"
            )
        return (_load_spiel_state, (name, params, list(self.held.path)))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    def __str__(self) -> str:
        return self.game.render(self.held.state)


class SpielObserver:
    """OpenSpiel's Python observer protocol over our observation and encoding."""

    def __init__(self, game: Game[Any, Any], encoding: Encoding[Any, Any]) -> None:
        self.game = game
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor.reshape(encoding.observation_shape)}

    def set_from(self, spiel_state: SpielState, player: int) -> None:
        """Write *player*'s observation tensor of *spiel_state* into ``tensor``."""
        self.tensor[:] = self.encoding.observation_tensor(spiel_state.held.state, player)

    def string_from(self, spiel_state: SpielState, player: int) -> str:
        """``"<player>:<observation repr>"`` (the information state string)."""
        node = spiel_state.held
        text = node.strings.get(player)
        if text is None:
            text = node.strings[player] = _info_string(self.game, node.state, player)
        return text


def _info_string(game: Game[Any, Any], state: Any, player: int) -> str:
    return f"{player}:{game.observation(state, player)!r}"
