"""The floor of any Python game behind OpenSpiel's C++ solvers: a game that does nothing.

``floor_game("kuhn_poker")`` walks OpenSpiel's own C++ game once, stores every
node's answers (player, legal actions, chance outcomes, information state
string, returns, children), and registers a Python ``pyspiel`` game that only
looks them up: a state is one reference to a stored node.  It is the same tree,
so a C++ solver makes the same calls into Python as on any Python game of that
tree; what it costs is what pyspiel's crossing costs (each call through a
pybind11 trampoline; ``clone`` = ``new_initial_state`` + a ``copy.deepcopy`` per
attribute + the action), with no rules at all behind it.  No Python game of the
same tree can run faster in the same solver by making its own answers cheaper.

Used by ``python -m benchmarks interop`` (the "floor" column of the CFR table).
"""

from __future__ import annotations

from typing import Any

import pyspiel

__all__ = ["floor_game"]


class _Node:
    """One node of the walked tree, every answer stored."""

    __slots__ = ("children", "info", "legal", "outcomes", "player", "scores", "terminal")

    def __init__(self, state: Any) -> None:
        self.player: int = state.current_player()
        self.terminal: bool = state.is_terminal()
        self.scores: list[float] = state.returns()
        chance = state.is_chance_node()
        self.outcomes: list[tuple[int, float]] = state.chance_outcomes() if chance else []
        self.legal: list[int] = [] if self.terminal or chance else state.legal_actions()
        self.info: str = state.information_state_string() if self.player >= 0 else ""
        actions = self.legal or [action for action, _ in self.outcomes]
        self.children: dict[int, _Node] = {a: _Node(state.child(a)) for a in actions}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self  # never changed: a clone shares it


class _FloorObserver:
    """Strings only (no tensor): what CFR asks of the information state."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: Any, player: int) -> None:
        """No tensor to write."""

    def string_from(self, state: Any, player: int) -> str:
        """The stored information state string."""
        text: str = state.node.info
        return text


def floor_game(name: str) -> Any:
    """A do-nothing Python ``pyspiel`` game with the tree of OpenSpiel's C++ game *name*."""
    native = pyspiel.load_game(name)
    short = f"floor_{name}"
    if short not in pyspiel.registered_names():
        _register(native, short, _Node(native.new_initial_state()))
    return pyspiel.load_game(short)


def _register(native: Any, short: str, root: _Node) -> None:
    kind = native.get_type()
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"do-nothing Python game with the tree of {native}",
        dynamics=kind.dynamics,
        chance_mode=kind.chance_mode,
        information=kind.information,
        utility=kind.utility,
        reward_model=kind.reward_model,
        max_num_players=native.num_players(),
        min_num_players=native.num_players(),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=native.num_distinct_actions(),
        max_chance_outcomes=native.max_chance_outcomes(),
        num_players=native.num_players(),
        min_utility=native.min_utility(),
        max_utility=native.max_utility(),
        utility_sum=0.0,
        max_game_length=native.max_game_length(),
    )

    class FloorState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
        node = root

        def current_player(self) -> int:
            return self.node.player

        def _legal_actions(self, player: int) -> list[int]:
            return self.node.legal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.node.outcomes

        def _apply_action(self, action: int) -> None:
            self.node = self.node.children[action]

        def is_terminal(self) -> bool:
            return self.node.terminal

        def returns(self) -> list[float]:
            return self.node.scores

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def __str__(self) -> str:
            return ""

    class FloorGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self) -> FloorState:
            return FloorState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            return _FloorObserver()

    pyspiel.register_game(game_type, FloorGame)
