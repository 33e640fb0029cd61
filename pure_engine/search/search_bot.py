"""The search bots: one adapter that plays the ``.action`` of any search of this package.

:class:`SearchBot` calls ``mcts``, ``ismcts``, ``pimc`` or ``alphabeta`` each
move with options checked against the function's signature (so a spec string's
``key=value`` pairs are typed and validated), a fresh seed from the bot's own
``random.Random``, and a budget; it keeps the MCTS and IS-MCTS trees between
moves.  :func:`~pure_engine.search.bots.make_bot` builds one from a spec.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

from pure_engine.core.game import Game
from pure_engine.search.bot_spec import BotKind, coerce_option, parse_option, spec_parameters
from pure_engine.search.budget import Budget

__all__ = ["SEARCHES", "SearchBot", "view_for"]

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


@dataclass(frozen=True, slots=True)
class _Kind:
    """How an adapter calls one search function."""

    module: str
    function: str
    takes_player: bool  # the function's third positional argument is the seat to move
    determinize: bool  # search one resample of the state on imperfect-information games
    reuses_tree: bool  # the function takes tree=; the result's .tree is followed by inform()


SEARCHES: Final[Mapping[BotKind, _Kind]] = {
    BotKind.MCTS: _Kind("pure_engine.search.mcts", "mcts", False, True, True),
    BotKind.ISMCTS: _Kind("pure_engine.search.ismcts", "ismcts", True, False, True),
    BotKind.PIMC: _Kind("pure_engine.search.pimc", "pimc", True, False, False),
    BotKind.ALPHABETA: _Kind("pure_engine.search.adversarial", "alphabeta", False, True, False),
}
"""The bot kinds that play a search of this package, and how the adapter calls each."""

# set by the adapter itself: never taken from a spec
_RESERVED = frozenset({"game", "state", "player", "seed", "tree", "budget"})
_BUDGET_AXES = ("nodes", "seconds", "states")


class SearchBot:
    """Adapter: each move runs a search of :mod:`pure_engine.search` and plays its ``.action``.

    *options* are keyword arguments for the function (checked against its
    signature when the bot is built); ``nodes``/``seconds``/``states`` become
    a :class:`~pure_engine.search.budget.Budget` when the function takes one
    and has no such keyword itself.  Each call gets a fresh seed from the bot's
    ``random.Random(seed)``.  The MCTS bot keeps its tree across moves (when
    it searches the true state), following ``inform(action)``; the IS-MCTS bot
    keeps its information-set tree, following what it observes after each move
    (:func:`~pure_engine.search.ismcts.ismcts_subtree`).
    """

    __slots__ = (
        "_function",
        "_kind",
        "_options",
        "_rng",
        "_takes_seed",
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
        options: dict[str, object] | None = None,
        defaults: dict[str, object] | None = None,
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
        self._function = _load_search(search, self._kind)
        parameters = inspect.signature(self._function).parameters
        merged = {k: v for k, v in (defaults or {}).items() if k in parameters}
        merged.update(options or {})
        self._options = _check_options(search, self._function, merged)
        self._takes_seed = "seed" in parameters
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
        if self._takes_seed:
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


def _check_options(
    kind: BotKind, function: Callable[..., Any], options: dict[str, object]
) -> dict[str, object]:
    """Coerce string options by the type of each keyword; build a Budget if asked."""
    parameters = inspect.signature(function).parameters
    usable = spec_parameters(function, reserved=_RESERVED)
    checked: dict[str, object] = {}
    budget: dict[str, object] = {}
    for option, value in options.items():
        parameter = usable.get(option)
        if option in _BUDGET_AXES and option not in parameters and "budget" in parameters:
            budget[option] = coerce_option(kind, option, value, 0.0 if option == "seconds" else 0)
            continue
        if parameter is None:
            known = sorted(usable)
            if "budget" in parameters:
                known.extend(axis for axis in _BUDGET_AXES if axis not in parameters)
            if not SEARCHES[kind].takes_player:
                known.append("omniscient")
            raise ValueError(
                f"bot {kind.value!r} has no option {option!r}; options: {', '.join(known)}"
            )
        checked[option] = parse_option(kind, parameter, value)
    if budget:
        checked["budget"] = Budget(**budget)  # type: ignore[arg-type]  # values coerced above
    return checked
