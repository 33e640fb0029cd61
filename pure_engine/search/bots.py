"""Bots: seeded players that choose an action for the seat to move.

A bot is any object with a ``name`` and ``step(game, state) -> action`` (the
:class:`Bot` protocol); it is asked only at decision nodes of its own seat.
Two optional hooks let a bot keep memory across moves: ``restart()`` when a
new game starts and ``inform(action)`` after every action anyone plays,
chance outcomes included (the MCTS bot uses them to reuse its tree).

Bots are seedable: each owns an explicit ``random.Random(seed)``, so the same
seed gives the same choices.  :func:`make_bot` builds one from a spec string
such as ``"random"``, ``"mcts:simulations=200"`` or ``"alphabeta:depth=4"``.

Fair play: on an imperfect-information game, the bots that search a full
state (``greedy``, ``mcts``, ``alphabeta``) first draw one determinization
with ``game.resample(state, seat, rng)``, so they never see hidden cards;
``omniscient=1`` lets them cheat on purpose.  ``ismcts`` and ``pimc`` are
given the true state with the seat and sample information sets themselves.

>>> from tests.toys import make_game
>>> game = make_game()
>>> state = game.step(game.initial_state(), 1)      # the coin shows tails
>>> [make_bot("random", game, seed=s).step(game, state) for s in range(6)]
[1, 0, 0, 0, 0, 1]
>>> [make_bot("random", game, seed=s).step(game, state) for s in range(6)]  # same seeds
[1, 0, 0, 0, 0, 1]
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar, cast

from pure_engine.core.game import CHANCE, Game
from pure_engine.core.registry import canonical_name
from pure_engine.errors import ParseError
from pure_engine.search.budget import Budget

__all__ = [
    "BOT_KINDS",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "Heuristic",
    "RandomBot",
    "SearchBot",
    "default_heuristic",
    "heuristic_for",
    "make_bot",
    "parse_bot_spec",
    "register_heuristic",
]

S = TypeVar("S")
A = TypeVar("A")

Heuristic = Callable[[Game[Any, Any], Any, int], float]
"""``heuristic(game, state, player) -> float``: how good *state* is for *player*."""


class Bot(Protocol):
    """A player: ``step(game, state)`` returns the action for the seat to move in *state*.

    Optional hooks, called by :func:`pure_engine.search.arena.play_game` when
    present: ``restart()`` (a new game starts) and ``inform(action)`` (an
    action, or a chance outcome, was just played by anyone).
    """

    @property
    def name(self) -> str:
        """How results and error messages call this bot."""
        ...

    def step(self, game: Game[S, A], state: S) -> A:
        """The action this bot plays in *state* (a decision node of its seat)."""
        ...


# --- heuristics ------------------------------------------------------------------------------

_HEURISTICS: dict[str, Heuristic | str] = {}


def default_heuristic(game: Game[Any, Any], state: Any, player: int) -> float:
    """*player*'s return in *state*: the final score at the end, the running score before.

    >>> from tests.toys import make_game
    >>> game = make_game()
    >>> default_heuristic(game, game.initial_state(), 0)
    0.0
    """
    return float(game.returns(state)[player])


def register_heuristic(game_name: str, heuristic: Heuristic | str) -> None:
    """Make *heuristic* (or a lazy ``"module:attribute"``) the one ``greedy`` uses for *game_name*.

    >>> register_heuristic("coin_guess", default_heuristic)
    >>> from tests.toys import make_game
    >>> heuristic_for(make_game()) is default_heuristic
    True
    """
    _HEURISTICS[canonical_name(game_name)] = heuristic


def heuristic_for(game: Game[Any, Any]) -> Heuristic:
    """The heuristic registered for *game*, else :func:`default_heuristic`.

    >>> from tests.toys import make_game
    >>> heuristic_for(make_game()).__name__
    'default_heuristic'
    """
    entry = _HEURISTICS.get(canonical_name(game.name), default_heuristic)
    if isinstance(entry, str):
        entry = cast(Heuristic, _import_attribute(entry, what="heuristic"))
    return entry


def _import_attribute(path: str, *, what: str) -> object:
    """Import ``module:attribute`` (or ``module.attribute``, the form a bot spec can hold)."""
    module_name, colon, attribute = path.partition(":")
    if not colon:
        module_name, _, attribute = path.rpartition(".")
    if not module_name or not attribute:
        raise ValueError(f"{what} must be given as 'module.attribute', found {path!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import {what} module {module_name!r}: {exc}") from None
    try:
        return cast(object, getattr(module, attribute))
    except AttributeError:
        raise ValueError(f"module {module_name!r} has no {what} {attribute!r}") from None


# --- bots --------------------------------------------------------------------------------------


class RandomBot:
    """Uniform over the legal actions, drawn from ``random.Random(seed)``.

    >>> from tests.toys import make_game
    >>> game = make_game()
    >>> bot = RandomBot(seed=3)
    >>> state = game.step(game.initial_state(), 0)
    >>> bot.step(game, state) in game.legal_actions(state), bot.name
    (True, 'random')
    """

    __slots__ = ("_rng", "name")

    def __init__(self, *, seed: int, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def step(self, game: Game[S, A], state: S) -> A:
        """A legal action, uniformly at random."""
        legal = game.legal_actions(state)
        return legal[self._rng.randrange(len(legal))]


class GreedyBot:
    """One ply: play the action whose successor the heuristic likes best (ties: random).

    After each action the heuristic is averaged over the chance outcomes that
    follow, with their exact probabilities.  On an imperfect-information game
    the bot scores one determinization of what it may see (unless
    *omniscient*).  *heuristic* defaults to :func:`heuristic_for` the game.

    >>> from tests.toys import make_game
    >>> game = make_game()
    >>> state = game.step(game.initial_state(), 1)
    >>> GreedyBot(seed=0, omniscient=True).step(game, state)   # it peeks: tails
    1
    """

    __slots__ = ("_heuristic", "_rng", "name", "omniscient")

    def __init__(
        self,
        *,
        seed: int,
        heuristic: Heuristic | None = None,
        omniscient: bool = False,
        name: str = "greedy",
    ) -> None:
        self.name = name
        self.omniscient = omniscient
        self._heuristic = heuristic
        self._rng = random.Random(seed)

    def step(self, game: Game[S, A], state: S) -> A:
        """The legal action with the highest (expected) heuristic value for the seat to move."""
        heuristic = self._heuristic or heuristic_for(game)
        player = game.current_player(state)
        view = _view(game, state, player, self._rng, omniscient=self.omniscient)
        legal = game.legal_actions(view)
        best: list[A] = []
        best_value = -float("inf")
        for action in legal:
            value = _expected(game, game.step(view, action), player, heuristic)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        if not best:  # every value was NaN: fall back to any legal action
            best = list(legal)
        return best[self._rng.randrange(len(best))]


def _expected(game: Game[S, A], state: S, player: int, heuristic: Heuristic) -> float:
    """The heuristic after the chance nodes that follow *state* resolve (exact probabilities)."""
    if game.current_player(state) != CHANCE:
        return heuristic(game, state, player)
    total = 0.0
    for outcome, probability in game.chance_outcomes(state):
        weight = float(Fraction(probability))
        total += weight * _expected(game, game.step(state, outcome), player, heuristic)
    return total


def _view(game: Game[S, A], state: S, player: int, rng: random.Random, *, omniscient: bool) -> S:
    """What a fair bot may search: *state* itself with perfect information, else a resample."""
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


_SEARCHES: dict[str, _Kind] = {
    "mcts": _Kind("pure_engine.search.mcts", "mcts", False, True, True),
    "ismcts": _Kind("pure_engine.search.ismcts", "ismcts", True, False, True),
    "pimc": _Kind("pure_engine.search.pimc", "pimc", True, False, False),
    "alphabeta": _Kind("pure_engine.search.adversarial", "alphabeta", False, True, False),
}

BOT_KINDS: tuple[str, ...] = ("random", "greedy", *_SEARCHES)
"""Every kind :func:`make_bot` accepts."""

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
    (:func:`~pure_engine.search.ismcts.advance_ismcts`).
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
        if kind not in _SEARCHES:
            raise ValueError(f"unknown search bot {kind!r}; known: {', '.join(_SEARCHES)}")
        self._kind = _SEARCHES[kind]
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
        from pure_engine.search.ismcts import advance_ismcts

        game, state, player = self._track
        after = game.step(state, action)
        self._tree = advance_ismcts(self._tree, game, player, state, action, after)
        self._track = None if self._tree is None else (game, after, player)

    def step(self, game: Game[S, A], state: S) -> A:
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
                view = _view(game, state, player, self._rng, omniscient=self.omniscient)
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
            budget[option] = _coerce(kind, option, value, 0.0 if option == "seconds" else 0)
            continue
        if option in _RESERVED or parameter is None or not _is_plain(parameter):
            known = sorted(name for name, p in parameters.items() if _is_plain(p))
            if "budget" in parameters:
                known.extend(axis for axis in _BUDGET_AXES if axis not in parameters)
            if not _SEARCHES[kind].takes_player:
                known.append("omniscient")
            raise ValueError(f"bot {kind!r} has no option {option!r}; options: {', '.join(known)}")
        if isinstance(value, str) and value.strip().lower() == "none" and _allows_none(parameter):
            checked[option] = None
        else:
            checked[option] = _coerce(kind, option, value, _example_of(parameter))
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


def _coerce(kind: str, option: str, value: object, default: object) -> object:
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


# --- specs --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot spec: ``kind[:option=value[:option=value...]]``.

    >>> parse_bot_spec("alphabeta:depth=4")
    BotSpec(kind='alphabeta', options=(('depth', '4'),))
    >>> str(parse_bot_spec(" MCTS : uct_c=2 "))
    'mcts:uct_c=2'
    """

    kind: str
    options: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.kind, *(f"{key}={value}" for key, value in self.options)])


def parse_bot_spec(text: str) -> BotSpec:
    """Parse ``kind[:option=value...]`` (untrusted text); the kind must be one of :data:`BOT_KINDS`.

    >>> parse_bot_spec("mcts:simulations=50:uct_c=1.0").options
    (('simulations', '50'), ('uct_c', '1.0'))
    >>> parse_bot_spec("mtcs")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: bot 'mtcs': unknown kind 'mtcs'; known: random, greedy, mcts, ...
    """
    kind, *rest = (part.strip() for part in text.split(":"))
    kind = kind.lower()
    if kind not in BOT_KINDS:
        raise ParseError(
            f"unknown kind {kind!r}; known: {', '.join(BOT_KINDS)}", where=f"bot {text.strip()!r}"
        )
    options: list[tuple[str, str]] = []
    for part in rest:
        key, equals, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or not key.isidentifier() or not value:
            raise ParseError(
                f"expected option=value, found {part!r}", where=f"bot {text.strip()!r}"
            )
        if any(key == seen for seen, _ in options):
            raise ParseError(f"option {key!r} given twice", where=f"bot {text.strip()!r}")
        options.append((key, value))
    return BotSpec(kind, tuple(options))


def make_bot(
    spec: str | BotSpec,
    game: Game[Any, Any],
    *,
    seed: int,
    simulations: int | None = None,
) -> Bot:
    """Build the bot *spec* names for *game*, seeded with *seed*.

    *simulations* is the default for the bots that take it (``mcts``,
    ``ismcts``, ``pimc``); a ``simulations=`` option in the spec wins.
    ``greedy`` takes ``heuristic=module.attribute``; every search bot takes
    the keyword options of its search function, and ``omniscient=1``.

    >>> from tests.toys import make_game
    >>> make_bot("greedy:omniscient=1", make_game(), seed=0).name
    'greedy:omniscient=1'
    >>> make_bot("random:depth=3", make_game(), seed=0)
    Traceback (most recent call last):
    ...
    ValueError: bot 'random' takes no options, found depth
    """
    parsed = parse_bot_spec(spec) if isinstance(spec, str) else spec
    name = str(parsed)
    options: dict[str, object] = dict(parsed.options)
    omniscient = False
    if "omniscient" in options and parsed.kind in ("ismcts", "pimc"):
        raise ValueError(
            f"bot {parsed.kind!r} searches information sets: it has no omniscient option"
        )
    if "omniscient" in options and parsed.kind != "random":
        omniscient = bool(_coerce(parsed.kind, "omniscient", options.pop("omniscient"), False))
    if parsed.kind == "random":
        if options:
            raise ValueError(f"bot 'random' takes no options, found {', '.join(options)}")
        return RandomBot(seed=seed, name=name)
    if parsed.kind == "greedy":
        heuristic_path = options.pop("heuristic", None)
        if options:
            raise ValueError(
                f"bot 'greedy' takes heuristic= and omniscient= only, found {', '.join(options)}"
            )
        heuristic = (
            None
            if heuristic_path is None
            else cast(Heuristic, _import_attribute(str(heuristic_path), what="heuristic"))
        )
        if heuristic is not None and not callable(heuristic):
            raise ValueError(f"heuristic {heuristic_path!r} is not callable")
        return GreedyBot(seed=seed, heuristic=heuristic, omniscient=omniscient, name=name)
    defaults: dict[str, object] = {} if simulations is None else {"simulations": simulations}
    return SearchBot(
        parsed.kind,
        seed=seed,
        options=options,
        defaults=defaults,
        omniscient=omniscient,
        name=name,
    )
