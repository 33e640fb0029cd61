"""Bots: seeded players that choose an action for the seat to move.

A bot is any object with a ``name`` and ``choose(game, state) -> action`` (the
:class:`Bot` protocol); it is asked only at decision nodes of its own seat.
Two optional hooks let a bot keep memory across moves: ``restart(seed=None)``
when a new game starts and ``inform(action)`` after every action anyone plays,
chance outcomes included (the MCTS bot uses them to reuse its tree).
``restart(seed=N)`` also reseeds the bot: it then plays exactly as a bot
newly built with ``seed=N`` (Gymnasium's ``reset(seed=...)`` relies on it).

Bots are seedable: each owns an explicit ``random.Random(seed)``, so the same
seed gives the same choices.  :func:`make_bot` builds one from a spec string
such as ``"random"``, ``"mcts:simulations=200"`` or ``"alphabeta:depth=4"``.

Fair play: on an imperfect-information game, the bots that search a full
state (``greedy``, ``mcts``, ``alphabeta``) first draw one determinization
with ``game.resample(state, seat, rng)``, so they never see hidden cards;
``omniscient=1`` lets them cheat on purpose.  ``ismcts`` and ``pimc`` are
given the true state with the seat and sample information sets themselves.

>>> from pure_engine.testing.toys import make_coin_guess
>>> game = make_coin_guess()
>>> state = game.step(game.initial_state(), 1)      # the coin shows tails
>>> [make_bot("random", game, seed=s).choose(game, state) for s in range(6)]
[1, 0, 0, 0, 0, 1]
>>> [make_bot("random", game, seed=s).choose(game, state) for s in range(6)]  # same seeds
[1, 0, 0, 0, 0, 1]
"""

from __future__ import annotations

import importlib
import random
import warnings
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Protocol, TypeVar, assert_never, cast

from pure_engine.core.game import CHANCE, Game
from pure_engine.core.registry import canonical_name
from pure_engine.search.bot_spec import (
    BOT_KINDS,
    BotKind,
    BotOption,
    BotSpec,
    GameBotKind,
    bot_kinds,
    find_option,
    game_bot_factories,
    game_bot_options,
    parse_bot_spec,
    register_game_bot,
)
from pure_engine.search.search_bot import OMNISCIENT, SearchBot, search_options, view_for

__all__ = [
    "BOT_KINDS",
    "Bot",
    "BotKind",
    "BotOption",
    "BotSpec",
    "GameBotKind",
    "GreedyBot",
    "Heuristic",
    "RandomBot",
    "SearchBot",
    "bot_kinds",
    "bot_options",
    "choose_action",
    "default_heuristic",
    "heuristic_for",
    "make_bot",
    "parse_bot_spec",
    "register_game_bot",
    "register_heuristic",
    "register_rules_bot",
]

S = TypeVar("S")
A = TypeVar("A")

Heuristic = Callable[[Game[Any, Any], Any, int], float]
"""``heuristic(game, state, player) -> float``: how good *state* is for *player*."""


class Bot(Protocol):
    """A player: ``choose(game, state)`` returns the action for the seat to move in *state*.

    Optional hooks, called by :func:`pure_engine.search.arena.play_game` and the
    Gymnasium adapter when present: ``restart(seed=None)`` (a new game starts;
    with a seed, the bot reseeds its generator and then plays as a bot newly
    built with that seed) and ``inform(action)`` (an action, or a chance outcome,
    was just played by anyone).
    """

    @property
    def name(self) -> str:
        """How results and error messages call this bot."""
        ...

    def choose(self, game: Game[S, A], state: S) -> A:
        """The action this bot plays in *state* (a decision node of its seat)."""
        ...


def choose_action(bot: Bot, game: Game[S, A], state: S) -> A:
    """Ask *bot* for its action: ``bot.choose(game, state)``.

    A bot written for the old protocol (``step(game, state)``, documented
    before "step" was kept for transitions) still plays, with a
    ``DeprecationWarning``.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> class Old:
    ...     name = "old"
    ...     def step(self, game, state):
    ...         return game.legal_actions(state)[0]
    >>> game = make_coin_guess()
    >>> state = game.step(game.initial_state(), 1)
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     choose_action(Old(), game, state) == game.legal_actions(state)[0]
    True
    >>> [str(w.message) for w in caught]
    ["bot 'old' defines step(game, state); the Bot protocol now calls it choose(game, state)"]
    """
    choose = getattr(bot, "choose", None)
    if choose is None:
        old = getattr(bot, "step", None)
        if old is None:
            raise TypeError(f"bot {bot.name!r} has no choose(game, state) method")
        warnings.warn(
            f"bot {bot.name!r} defines step(game, state); "
            "the Bot protocol now calls it choose(game, state)",
            DeprecationWarning,
            stacklevel=2,
        )
        choose = old
    action: A = choose(game, state)
    return action


# --- heuristics ------------------------------------------------------------------------------

_HEURISTICS: dict[str, Heuristic | str] = {}


def default_heuristic(game: Game[Any, Any], state: Any, player: int) -> float:
    """*player*'s return in *state*: the final score at the end, the running score before.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> game = make_coin_guess()
    >>> default_heuristic(game, game.initial_state(), 0)
    0.0
    """
    return float(game.returns(state)[player])


def register_heuristic(game_name: str, heuristic: Heuristic | str) -> None:
    """Make *heuristic* (or a lazy ``"module:attribute"``) the one ``greedy`` uses for *game_name*.

    >>> register_heuristic("coin_guess", default_heuristic)
    >>> from pure_engine.testing.toys import make_coin_guess
    >>> heuristic_for(make_coin_guess()) is default_heuristic
    True
    """
    _HEURISTICS[canonical_name(game_name)] = heuristic


_RULE_BOTS: dict[str, str] = {}


def register_rules_bot(game_name: str, factory: str) -> None:
    """Make ``"module:factory"`` (``factory(seed=..., name=...) -> Bot``) the bot the kind
    ``rules`` builds for *game_name*: a game whose bot is written as rules registers it
    (lazily: the module is imported when the bot is first made)."""
    _RULE_BOTS[canonical_name(game_name)] = factory


def _make_game_bot(
    kind: GameBotKind, parsed: BotSpec, game: Game[Any, Any], *, seed: int, name: str
) -> Bot:
    """Build the game bot *kind* for *game*, its options checked against its declared table."""
    games = game_bot_factories(kind)
    factory_path = games.get(canonical_name(game.name))
    if factory_path is None:
        raise ValueError(f"bot {kind!r} plays {', '.join(sorted(games))} only, not {game.name}")
    table = game_bot_options(kind)
    options = {
        key: find_option(kind, table, key).parse(kind, value) for key, value in parsed.options
    }
    factory = cast(Callable[..., Bot], _import_attribute(factory_path, what="bot factory"))
    return factory(seed=seed, name=name, **options)


def heuristic_for(game: Game[Any, Any]) -> Heuristic:
    """The heuristic registered for *game*, else :func:`default_heuristic`.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> heuristic_for(make_coin_guess()).__name__
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


class _SeededBot:
    """A bot that draws from its own ``random.Random(seed)``: its name, its generator, and the
    ``restart`` that reseeds it."""

    __slots__ = ("_rng", "name")

    def __init__(self, *, seed: int, name: str) -> None:
        self.name = name
        self._rng = random.Random(seed)

    def restart(self, seed: int | None = None) -> None:
        """A new game starts; with *seed*, draw from ``random.Random(seed)`` from now on."""
        if seed is not None:
            self._rng = random.Random(seed)


class RandomBot(_SeededBot):
    """Uniform over the legal actions, drawn from ``random.Random(seed)``.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> game = make_coin_guess()
    >>> bot = RandomBot(seed=3)
    >>> state = game.step(game.initial_state(), 0)
    >>> bot.choose(game, state) in game.legal_actions(state), bot.name
    (True, 'random')
    >>> fresh = RandomBot(seed=3)
    >>> bot.restart(seed=3)                 # reseeded: plays as RandomBot(seed=3) again
    >>> [bot.choose(game, state) for _ in range(8)] == [fresh.choose(game, state) for _ in range(8)]
    True
    """

    __slots__ = ()

    def __init__(self, *, seed: int, name: str = "random") -> None:
        super().__init__(seed=seed, name=name)

    def choose(self, game: Game[S, A], state: S) -> A:
        """A legal action, uniformly at random."""
        legal = game.legal_actions(state)
        return legal[self._rng.randrange(len(legal))]


class GreedyBot(_SeededBot):
    """One ply: play the action whose successor the heuristic likes best (ties: random).

    After each action the heuristic is averaged over the chance outcomes that
    follow, with their exact probabilities.  On an imperfect-information game
    the bot scores one determinization of what it may see (unless
    *omniscient*).  *heuristic* defaults to :func:`heuristic_for` the game.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> game = make_coin_guess()
    >>> state = game.step(game.initial_state(), 1)
    >>> GreedyBot(seed=0, omniscient=True).choose(game, state)   # it peeks: tails
    1
    """

    __slots__ = ("_heuristic", "omniscient")

    def __init__(
        self,
        *,
        seed: int,
        heuristic: Heuristic | None = None,
        omniscient: bool = False,
        name: str = "greedy",
    ) -> None:
        super().__init__(seed=seed, name=name)
        self.omniscient = omniscient
        self._heuristic = heuristic

    def choose(self, game: Game[S, A], state: S) -> A:
        """The legal action with the highest (expected) heuristic value for the seat to move."""
        heuristic = self._heuristic or heuristic_for(game)
        player = game.current_player(state)
        view = view_for(game, state, player, self._rng, omniscient=self.omniscient)
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


# --- specs --------------------------------------------------------------------------------------


_GREEDY_OPTIONS: tuple[BotOption, ...] = (
    BotOption("heuristic", str, None, "module.attribute of a heuristic (default: the game's)"),
    OMNISCIENT,
)


def bot_options(kind: BotKind | GameBotKind) -> tuple[BotOption, ...]:
    """The options a spec of *kind* may set, as declared (what help texts list).

    >>> [option.name for option in bot_options(BotKind.GREEDY)]
    ['heuristic', 'omniscient']
    >>> for option in bot_options(BotKind.PIMC):
    ...     print(option)
    worlds (int, default 20): determinizations searched per move
    simulations (int, default 200): UCT simulations in each world (none: until seconds)
    seconds (float, default none): time per move, shared by the worlds
    uct_c (float, default 1.4142135623730951): UCT exploration constant
    """
    if not isinstance(kind, BotKind):
        return game_bot_options(kind)
    match kind:
        case BotKind.RANDOM | BotKind.RULES:
            return ()
        case BotKind.GREEDY:
            return _GREEDY_OPTIONS
        case BotKind.MCTS | BotKind.ISMCTS | BotKind.PIMC | BotKind.ALPHABETA:
            return search_options(kind)
        case _:
            assert_never(kind)


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
    Each kind's options are declared (:func:`bot_options`): ``greedy`` takes
    ``heuristic=module.attribute``, every search bot the options of its search
    and, where it searches a full state, ``omniscient=1``; a game's own kind
    (:func:`register_game_bot`) the options it registered.

    >>> from pure_engine.testing.toys import make_coin_guess
    >>> make_bot("greedy:omniscient=1", make_coin_guess(), seed=0).name
    'greedy:omniscient=1'
    >>> make_bot("random:depth=3", make_coin_guess(), seed=0)
    Traceback (most recent call last):
    ...
    ValueError: bot 'random' takes no options, found depth
    >>> make_bot("mcts:sims=30", make_coin_guess(), seed=0)
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'sims' for mcts; expected one of simulations, seconds, ...
    """
    parsed = parse_bot_spec(spec) if isinstance(spec, str) else spec
    name, kind = str(parsed), parsed.kind
    if not isinstance(kind, BotKind):
        return _make_game_bot(kind, parsed, game, seed=seed, name=name)
    if (kind is BotKind.ISMCTS or kind is BotKind.PIMC) and "omniscient" in dict(parsed.options):
        raise ValueError(
            f"bot {kind.value!r} searches information sets: it has no omniscient option"
        )
    table = bot_options(kind)
    options = {key: find_option(kind, table, key).parse(kind, text) for key, text in parsed.options}
    omniscient = bool(options.pop("omniscient", False))
    match kind:
        case BotKind.RANDOM:
            return RandomBot(seed=seed, name=name)
        case BotKind.RULES:
            return _make_rules_bot(game, seed=seed, name=name)
        case BotKind.GREEDY:
            heuristic = options.get("heuristic")
            return _make_greedy_bot(heuristic, omniscient=omniscient, seed=seed, name=name)
        case BotKind.MCTS | BotKind.ISMCTS | BotKind.PIMC | BotKind.ALPHABETA:
            takes_simulations = any(option.name == "simulations" for option in table)
            defaults: dict[str, object] = (
                {"simulations": simulations}
                if simulations is not None and takes_simulations
                else {}
            )
            return SearchBot(
                kind,
                seed=seed,
                options={**defaults, **options},
                omniscient=omniscient,
                name=name,
            )
        case _:
            assert_never(kind)


def _make_rules_bot(game: Game[Any, Any], *, seed: int, name: str) -> Bot:
    factory_path = _RULE_BOTS.get(canonical_name(game.name))
    if factory_path is None:
        known = ", ".join(sorted(_RULE_BOTS)) or "none"
        raise ValueError(f"{game.name} has no bot written as rules (games with one: {known})")
    factory = cast(Callable[..., Bot], _import_attribute(factory_path, what="rules bot"))
    return factory(seed=seed, name=name)


def _make_greedy_bot(heuristic_path: object, *, omniscient: bool, seed: int, name: str) -> Bot:
    heuristic = (
        None
        if heuristic_path is None
        else cast(Heuristic, _import_attribute(str(heuristic_path), what="heuristic"))
    )
    if heuristic is not None and not callable(heuristic):
        raise ValueError(f"heuristic {heuristic_path!r} is not callable")
    return GreedyBot(seed=seed, heuristic=heuristic, omniscient=omniscient, name=name)
