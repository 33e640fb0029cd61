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
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from pure_engine.core.game import Game
from pure_engine.search.budget import Budget

__all__ = ["SEARCHES", "SearchBot", "coerce_option", "view_for"]

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


SEARCHES: dict[str, _Kind] = {
    "mcts": _Kind("pure_engine.search.mcts", "mcts", False, True, True),
    "ismcts": _Kind("pure_engine.search.ismcts", "ismcts", True, False, True),
    "pimc": _Kind("pure_engine.search.pimc", "pimc", True, False, False),
    "alphabeta": _Kind("pure_engine.search.adversarial", "alphabeta", False, True, False),
}

# set by the adapter itself: never taken from a spec
_RESERVED = frozenset({"game", "state", "player", "seed", "tree", "budget"})
# the types a spec's text can hold; keywords taking functions, tuples... are for library users
_PLAIN_TYPES = frozenset({"int", "float", "bool", "str", "None"})
_BUDGET_AXES = ("nodes", "seconds", "states")
_BOOLS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


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
        "name",
        "omniscient",
    )

    def __init__(
        self,
        kind: str,
        *,
        seed: int,
        options: dict[str, object] | None = None,
        defaults: dict[str, object] | None = None,
        omniscient: bool = False,
        name: str | None = None,
    ) -> None:
        if kind not in SEARCHES:
            raise ValueError(f"unknown search bot {kind!r}; known: {', '.join(SEARCHES)}")
        self._kind = SEARCHES[kind]
        self._function = _load_search(kind, self._kind)
        parameters = inspect.signature(self._function).parameters
        merged = {k: v for k, v in (defaults or {}).items() if k in parameters}
        merged.update(options or {})
        self._options = _check_options(kind, self._function, merged)
        self._takes_seed = "seed" in parameters
        self._rng = random.Random(seed)
        self._tree: Any = None
        # IS-MCTS: (game, the real state the kept tree's root stands for, the seat)
        self._track: tuple[Game[Any, Any], Any, int] | None = None
        self.name = name or kind
        self.omniscient = omniscient

    def restart(self) -> None:
        """Forget the kept tree: a new game starts."""
        self._tree = None
        self._track = None

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
            self._tree = result.tree if keeps_tree else None
        action = result.action
        if action is None:
            raise ValueError(f"bot {self.name!r}: the search returned no action")
        return cast(A, action)


def _load_search(kind: str, spec: _Kind) -> Callable[..., Any]:
    try:
        module = importlib.import_module(spec.module)
    except ModuleNotFoundError as exc:
        if exc.name != spec.module:  # the search exists but something it imports is missing
            raise
        raise ValueError(
            f"bot {kind!r} needs {spec.module}, which this build of pure_engine does not have"
        ) from None
    function = getattr(module, spec.function, None)
    if not callable(function):
        raise ValueError(f"bot {kind!r}: {spec.module} has no function {spec.function!r}")
    return cast(Callable[..., Any], function)


def _check_options(
    kind: str, function: Callable[..., Any], options: dict[str, object]
) -> dict[str, object]:
    """Coerce string options by the type of each keyword's default; build a Budget if asked."""
    parameters = inspect.signature(function).parameters
    checked: dict[str, object] = {}
    budget: dict[str, object] = {}
    for option, value in options.items():
        parameter = parameters.get(option)
        if option in _BUDGET_AXES and (parameter is None) and "budget" in parameters:
            budget[option] = coerce_option(kind, option, value, 0.0 if option == "seconds" else 0)
            continue
        if option in _RESERVED or parameter is None or not _is_plain(parameter):
            known = sorted(name for name, p in parameters.items() if _is_plain(p))
            if "budget" in parameters:
                known.extend(axis for axis in _BUDGET_AXES if axis not in parameters)
            if not SEARCHES[kind].takes_player:
                known.append("omniscient")
            raise ValueError(f"bot {kind!r} has no option {option!r}; options: {', '.join(known)}")
        if isinstance(value, str) and value.strip().lower() == "none" and _allows_none(parameter):
            checked[option] = None
        else:
            checked[option] = coerce_option(kind, option, value, _example_of(parameter))
    if budget:
        checked["budget"] = Budget(**budget)  # type: ignore[arg-type]  # values coerced above
    return checked


def _is_plain(parameter: inspect.Parameter) -> bool:
    """True for a keyword a spec may set: not reserved, typed int/float/bool/str (or None).

    >>> def search(game, state, *, depth: int | None = None, order: Callable[..., int] = len): ...
    >>> [_is_plain(p) for p in inspect.signature(search).parameters.values()]
    [False, False, True, False]
    """
    if parameter.name in _RESERVED or parameter.kind is not parameter.KEYWORD_ONLY:
        return False
    annotation = parameter.annotation
    if annotation is parameter.empty:
        default = parameter.default
        return default is None or isinstance(default, int | float | str)
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return {part.strip() for part in text.split("|")} <= _PLAIN_TYPES


def _allows_none(parameter: inspect.Parameter) -> bool:
    annotation = parameter.annotation
    text = annotation if isinstance(annotation, str) else ""
    return parameter.default is None or "None" in {part.strip() for part in text.split("|")}


def _example_of(parameter: inspect.Parameter) -> object:
    """A value of the keyword's type, to coerce by: its default, else by its annotation.

    >>> def search(*, worlds: int = 20, flag: bool | None = None): ...
    >>> [_example_of(p) for p in inspect.signature(search).parameters.values()]
    [20, False]
    """
    default = parameter.default
    if default is not None and default is not parameter.empty:
        return default
    annotation = parameter.annotation
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    parts = {part.strip() for part in text.split("|")}
    for name, example in (("bool", False), ("int", 0), ("float", 0.0)):
        if name in parts and (name != "int" or "float" not in parts):
            return example
    return None


def coerce_option(kind: str, option: str, value: object, default: object) -> object:
    """Turn a spec's text into the type of *default* (int, float, bool, else int/float/str)."""
    if not isinstance(value, str):
        return value
    where = f"bot {kind!r} option {option!r}"
    text = value.strip()
    if isinstance(default, bool):
        if text.lower() not in _BOOLS:
            raise ValueError(f"{where}: expected true or false, found {value!r}")
        return _BOOLS[text.lower()]
    try:
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        expected = "an integer" if isinstance(default, int) else "a number"
        raise ValueError(f"{where}: expected {expected}, found {value!r}") from None
    if default is None and text.lower() == "none":
        return None
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text
