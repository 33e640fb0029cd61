"""The search bots: one adapter that plays the ``.action`` of any search of this package.

:class:`SearchBot` calls ``mcts``, ``ismcts``, ``pimc`` or ``alphabeta`` each
move with options checked against the search's declared table (so a spec string's
``key=value`` pairs are typed and validated), a fresh seed from the bot's own
``random.Random``, and a budget; it keeps the MCTS and IS-MCTS trees between
moves.  :func:`~pure_engine.search.bots.make_bot` builds one from a spec.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

from pure_engine.core.game import Game
from pure_engine.search.bot_spec import BotKind, BotOption, find_option
from pure_engine.search.budget import Budget

__all__ = ["OMNISCIENT", "SEARCHES", "SearchBot", "search_options", "view_for"]

S = TypeVar("S")
A = TypeVar("A")


def view_for(game: Game[S, A], state: S, player: int, rng: random.Random, *, omniscient: bool) -> S:
    """What a fair bot may search: *state* itself with perfect information, else a resample.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> game = make_coin_guess()
    >>> state = game.step(game.initial_state(), 1)
    >>> view_for(game, state, 0, random.Random(0), omniscient=True) is state
    True
    """
    if omniscient or game.info.perfect_information:
        return state
    return game.resample(state, player, rng)


OMNISCIENT: Final = BotOption("omniscient", bool, False, "search the true state, hidden cards too")
"""The option of the bots that search one full state: see what their seat may not."""

_SIMULATIONS: Final = "simulations per move (none: 1000 unless another limit is given)"
_UCT_C: Final = BotOption("uct_c", float, 1.4142135623730951, "UCT exploration constant")
_UCT_OPTIONS: Final = (
    BotOption("simulations", int, None, _SIMULATIONS),
    BotOption("seconds", float, None, "time per move"),
    _UCT_C,
)
"""The options of the two UCT searches, mcts and ismcts."""

# a budget's axes: options of every search that takes budget= (unless a keyword of its own)
_BUDGET_AXES: Final = (
    BotOption("nodes", int, None, "stop after this many nodes (a budget)"),
    BotOption("seconds", float, None, "stop after this many seconds (a budget)"),
    BotOption("states", int, None, "stop once this many states are stored (a budget)"),
)


@dataclass(frozen=True, slots=True)
class _Kind:
    """How an adapter calls one search function, and the options a spec may give it."""

    module: str
    function: str
    takes_player: bool  # the function's third positional argument is the seat to move
    determinize: bool  # search one resample of the state on imperfect-information games
    reuses_tree: bool  # the function takes tree=; the result's .tree is followed by inform()
    takes_seed: bool  # the function takes seed=: each search gets a fresh one
    takes_budget: bool  # the function takes budget=: a spec's budget axes become one
    options: tuple[BotOption, ...]  # the function's keywords a spec may set (the rest are code's)


SEARCHES: Final[Mapping[BotKind, _Kind]] = {
    BotKind.MCTS: _Kind(
        "pure_engine.search.mcts",
        "mcts",
        takes_player=False,
        determinize=True,
        reuses_tree=True,
        takes_seed=True,
        takes_budget=True,
        options=(
            *_UCT_OPTIONS,
            BotOption(
                "rollout_decisions",
                int,
                None,
                "decisions a rollout plays (none: the game's)",
            ),
        ),
    ),
    BotKind.ISMCTS: _Kind(
        "pure_engine.search.ismcts",
        "ismcts",
        takes_player=True,
        determinize=False,
        reuses_tree=True,
        takes_seed=True,
        takes_budget=True,
        options=_UCT_OPTIONS,
    ),
    BotKind.PIMC: _Kind(
        "pure_engine.search.pimc",
        "pimc",
        takes_player=True,
        determinize=False,
        reuses_tree=False,
        takes_seed=True,
        takes_budget=False,
        options=(
            BotOption("worlds", int, 20, "determinizations searched per move"),
            BotOption(
                "simulations", int, 200, "UCT simulations in each world (none: until seconds)", True
            ),
            BotOption("seconds", float, None, "time per move, shared by the worlds"),
            _UCT_C,
        ),
    ),
    BotKind.ALPHABETA: _Kind(
        "pure_engine.search.adversarial",
        "alphabeta",
        takes_player=False,
        determinize=True,
        reuses_tree=False,
        takes_seed=False,
        takes_budget=True,
        options=(
            BotOption("depth", int, None, "decision plies searched (none: to the end)"),
            BotOption("tt", bool, True, "keep a transposition table"),
            BotOption("deepen", bool, None, "iterative deepening (none: only with a budget)"),
            BotOption("tt_capacity", int, 1_000_000, "transposition-table entries at most"),
        ),
    ),
}
"""The bot kinds that play a search of this package: how the adapter calls each, and the
options each search takes from a spec (declared: a compiled function has no signature to read;
a test checks them against the functions' sources)."""


def search_options(kind: BotKind) -> tuple[BotOption, ...]:
    """Every option a spec of the search bot *kind* may set: the search's own, then the
    budget's axes it has no keyword for, then ``omniscient`` where it determinizes.

    >>> [option.name for option in search_options(BotKind.MCTS)]
    ['simulations', 'seconds', 'uct_c', 'rollout_decisions', 'nodes', 'states', 'omniscient']
    """
    search = SEARCHES[kind]
    own = {option.name for option in search.options}
    axes = tuple(axis for axis in _BUDGET_AXES if search.takes_budget and axis.name not in own)
    return (*search.options, *axes, *((OMNISCIENT,) if search.determinize else ()))


class SearchBot:
    """Adapter: each move runs a search of :mod:`pure_engine.search` and plays its ``.action``.

    *options* are keyword arguments for the function, as text or typed, checked
    against its declared table (:func:`search_options`) when the bot is built;
    ``nodes``/``seconds``/``states`` become a :class:`~pure_engine.search.budget.Budget`
    when the function takes one and has no such keyword itself.  Each call gets a
    fresh seed from the bot's ``random.Random(seed)``.  The MCTS bot keeps its tree
    across moves (when it searches the true state), following ``inform(action)``;
    the IS-MCTS bot keeps its information-set tree, following what it observes
    after each move (:func:`~pure_engine.search.ismcts.ismcts_subtree`).

    >>> bot = SearchBot("alphabeta", seed=0, options={"depth": "3", "nodes": "500"})
    >>> bot.options["depth"], bot.options["budget"].nodes
    (3, 500)
    """

    __slots__ = (
        "_function",
        "_kind",
        "_options",
        "_rng",
        "_track",
        "_tree",
        "last_search",
        "name",
        "omniscient",
    )

    def __init__(
        self,
        kind: BotKind | str,
        *,
        seed: int,
        options: Mapping[str, object] | None = None,
        omniscient: bool = False,
        name: str | None = None,
    ) -> None:
        try:
            search: BotKind | None = BotKind(kind)
        except ValueError:
            search = None
        if search is None or search not in SEARCHES:
            raise ValueError(f"unknown search bot {str(kind)!r}; known: {', '.join(SEARCHES)}")
        self._kind = SEARCHES[search]
        self._options = _check_options(search, options or {})
        self._function = _load_search(search, self._kind)
        self._rng = random.Random(seed)
        self._tree: Any = None
        # IS-MCTS: (game, the real state the kept tree's root stands for, the seat)
        self._track: tuple[Game[Any, Any], Any, int] | None = None
        self.name = name or search.value
        self.omniscient = omniscient
        self.last_search: tuple[Any, Any] | None = None
        """The state the last search searched (a resample, when it determinizes) and its
        result: what ``play --dump-search`` writes."""

    @property
    def search(self) -> str:
        """The search function this bot plays: ``mcts``, ``ismcts``, ``pimc``, ``alphabeta``."""
        return self._kind.function

    @property
    def options(self) -> dict[str, object]:
        """The checked keyword options each search gets (a copy)."""
        return dict(self._options)

    def restart(self, seed: int | None = None) -> None:
        """Forget the kept tree: a new game starts; with *seed*, reseed as if newly built."""
        self._tree = None
        self._track = None
        if seed is not None:
            self._rng = random.Random(seed)

    def inform(self, action: Hashable) -> None:
        """Follow *action* down the kept tree (or drop the tree if it never saw that action)."""
        if self._tree is None:
            return
        if self._track is None:
            self._tree = self._tree.subtree(action)
            return
        from pure_engine.search.ismcts import ismcts_subtree

        game, state, player = self._track
        after = game.step(state, action)
        self._tree = ismcts_subtree(self._tree, game, player, state, action, after)
        self._track = None if self._tree is None else (game, after, player)

    def choose(self, game: Game[S, A], state: S) -> A:
        """Run the search from *state* and play its action."""
        kind = self._kind
        player = game.current_player(state)
        kwargs = dict(self._options)
        if kind.takes_seed:
            kwargs["seed"] = self._rng.getrandbits(63)
        if kind.takes_player:
            if kind.reuses_tree:
                tracked = self._track
                if self._tree is not None and tracked is not None and tracked[1] == state:
                    kwargs["tree"] = self._tree
            result = self._function(game, state, player, **kwargs)
            self.last_search = (state, result)
            if kind.reuses_tree:
                self._tree, self._track = result.tree, (game, state, player)
        else:
            view = state
            if kind.determinize:
                view = view_for(game, state, player, self._rng, omniscient=self.omniscient)
            keeps_tree = kind.reuses_tree and view is state
            if keeps_tree and self._tree is not None:
                root_state = self._tree.root.state
                if root_state is state or game.key(root_state) == game.key(state):
                    kwargs["tree"] = self._tree
            result = self._function(game, view, **kwargs)
            self.last_search = (view, result)
            self._tree = result.tree if keeps_tree else None
        action = result.action
        if action is None:
            raise ValueError(f"bot {self.name!r}: the search returned no action")
        return cast(A, action)


def _load_search(kind: BotKind, spec: _Kind) -> Callable[..., Any]:
    try:
        module = importlib.import_module(spec.module)
    except ModuleNotFoundError as exc:
        if exc.name != spec.module:  # the search exists but something it imports is missing
            raise
        raise ValueError(
            f"bot {kind.value!r} needs {spec.module}, which this build of pure_engine does not have"
        ) from None
    function = getattr(module, spec.function, None)
    if not callable(function):
        raise ValueError(f"bot {kind.value!r}: {spec.module} has no function {spec.function!r}")
    return cast(Callable[..., Any], function)


def _check_options(kind: BotKind, options: Mapping[str, object]) -> dict[str, object]:
    """Each option converted by its declared type; the budget's axes gathered into a Budget."""
    search = SEARCHES[kind]
    own = {option.name for option in search.options}
    table = tuple(option for option in search_options(kind) if option is not OMNISCIENT)
    checked: dict[str, object] = {}
    budget: dict[str, object] = {}
    for name, value in options.items():
        parsed = find_option(kind, table, name).parse(kind, value)
        if name in own:
            checked[name] = parsed
        elif parsed is not None:
            budget[name] = parsed
    if budget:
        checked["budget"] = Budget(**budget)  # type: ignore[arg-type]  # values coerced above
    return checked
