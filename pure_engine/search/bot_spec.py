"""Bot specs: the text ``kind[:option=value...]`` parsed once into typed values.

A spec names a *kind* of bot and its options (``"mcts:simulations=200"``).
The kinds every game can use form a closed set, :class:`BotKind`; a game may
add kinds of its own that only it can play (``bridge_play``'s double-dummy
``dd-pimc``) with :func:`register_game_bot`: those are :data:`GameBotKind`
values, a distinct type.  :func:`parse_bot_spec` is the boundary: it turns
untrusted text into a :class:`BotSpec` whose ``kind`` is one or the other, so
:func:`pure_engine.search.bots.make_bot` dispatches on a member
(``match ... assert_never``) and never compares strings.

Options are a function's keyword-only parameters: :func:`spec_parameters` says
which ones a spec may set (typed int, float, bool or str, or ``None``), and
:func:`parse_option` turns the spec's text into the parameter's type.  The
search bots read them off the search function, a game's bot off its factory.

>>> spec = parse_bot_spec("mcts:simulations=200")
>>> spec.kind is BotKind.MCTS, spec.options
(True, (('simulations', '200'),))
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NewType

from pure_engine.core.registry import canonical_name
from pure_engine.errors import ParseError

__all__ = [
    "BOT_KINDS",
    "BotKind",
    "BotSpec",
    "GameBotKind",
    "bot_kinds",
    "coerce_option",
    "game_bot_factories",
    "parse_bot_kind",
    "parse_bot_spec",
    "parse_option",
    "register_game_bot",
    "spec_parameters",
]


class BotKind(StrEnum):
    """The bots :func:`~pure_engine.search.bots.make_bot` builds for every game.

    Members equal their text (``BotKind.MCTS == "mcts"``), which is what specs,
    the CLI and error messages show.
    """

    RANDOM = "random"
    """Uniform over the legal actions."""
    GREEDY = "greedy"
    """One ply on a heuristic."""
    MCTS = "mcts"
    """Monte Carlo tree search (one determinization on imperfect information)."""
    ISMCTS = "ismcts"
    """Information-set MCTS."""
    PIMC = "pimc"
    """Perfect-information Monte Carlo over sampled worlds."""
    ALPHABETA = "alphabeta"
    """Alpha-beta (expectiminimax with chance nodes)."""
    RULES = "rules"
    """The bot a game wrote as rules (:func:`~pure_engine.search.bots.register_rules_bot`)."""


GameBotKind = NewType("GameBotKind", str)
"""A kind one game registered for itself (:func:`register_game_bot`), e.g. ``"dd-pimc"``:
a distinct type from :class:`BotKind`, so a dispatch handles both."""

BOT_KINDS: Final[tuple[BotKind, ...]] = tuple(BotKind)
"""The kinds every game accepts, in the order help texts list them (games add their own:
:func:`register_game_bot`, :func:`bot_kinds`)."""

_GAME_BOTS: dict[GameBotKind, dict[str, str]] = {}  # kind -> {canonical game: "module:factory"}


def register_game_bot(kind: str, game_name: str, factory: str) -> GameBotKind:
    """Make *kind* a bot kind for *game_name*, built by ``"module:factory"`` (imported when
    the bot is first made): a bot that only one game can play, such as ``bridge_play``'s
    double-dummy ``dd-pimc``.  Returns the kind as a :data:`GameBotKind`.

    The factory is called ``factory(seed=..., name=..., **options)``; a spec's
    options are its other keyword-only parameters typed int, float, bool or str
    (or ``None``), converted from the spec's text by their types.

    >>> register_game_bot("mcts", "coin_guess", "x:y")
    Traceback (most recent call last):
    ...
    ValueError: bot kind 'mcts' is built in; a game bot needs a name of its own
    """
    text = kind.strip().lower()
    if text in BOT_KINDS:
        raise ValueError(f"bot kind {text!r} is built in; a game bot needs a name of its own")
    game_kind = GameBotKind(text)
    _GAME_BOTS.setdefault(game_kind, {})[canonical_name(game_name)] = factory
    return game_kind


def game_bot_factories(kind: GameBotKind) -> Mapping[str, str]:
    """The games that registered *kind*, each with its ``"module:factory"``.

    >>> dict(game_bot_factories(GameBotKind("dd-pimc")))
    {'bridge_play': 'pure_engine.games.bridge.bots:make_dd_pimc_bot'}
    """
    return _GAME_BOTS[kind]


def bot_kinds() -> tuple[BotKind | GameBotKind, ...]:
    """Every kind a spec may name: :data:`BOT_KINDS`, then the games' own kinds.

    >>> bot_kinds()[: len(BOT_KINDS)] == BOT_KINDS
    True
    """
    return (*BOT_KINDS, *sorted(_GAME_BOTS))


def parse_bot_kind(text: str) -> BotKind | GameBotKind:
    """The kind *text* names (case and spaces ignored); ``ValueError`` if there is none.

    >>> parse_bot_kind(" MCTS ") is BotKind.MCTS, parse_bot_kind("dd-pimc")
    (True, 'dd-pimc')
    >>> parse_bot_kind("mtcs")
    Traceback (most recent call last):
    ...
    ValueError: unknown kind 'mtcs'; known: random, greedy, mcts, ismcts, pimc, alphabeta, ...
    """
    kind = text.strip().lower()
    if kind in _BY_TEXT:
        return _BY_TEXT[kind]
    if kind in _GAME_BOTS:
        return GameBotKind(kind)
    raise ValueError(f"unknown kind {kind!r}; known: {', '.join(bot_kinds())}")


_BY_TEXT: Final[Mapping[str, BotKind]] = {member.value: member for member in BotKind}


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot spec: ``kind[:option=value[:option=value...]]``.

    A *kind* given as text is parsed (``BotSpec("mcts")`` is ``BotSpec(BotKind.MCTS)``).

    >>> parse_bot_spec("alphabeta:depth=4") == BotSpec(BotKind.ALPHABETA, (("depth", "4"),))
    True
    >>> str(parse_bot_spec(" MCTS : uct_c=2 "))
    'mcts:uct_c=2'
    """

    kind: BotKind | GameBotKind
    options: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, BotKind):
            object.__setattr__(self, "kind", parse_bot_kind(self.kind))

    def __str__(self) -> str:
        return ":".join([str(self.kind), *(f"{key}={value}" for key, value in self.options)])


def parse_bot_spec(text: str) -> BotSpec:
    """Parse ``kind[:option=value...]`` (untrusted text); the kind must be one of :func:`bot_kinds`.

    >>> parse_bot_spec("mcts:simulations=50:uct_c=1.0").options
    (('simulations', '50'), ('uct_c', '1.0'))
    >>> parse_bot_spec("mtcs")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: bot 'mtcs': unknown kind 'mtcs'; known: random, greedy, mcts, ...
    """
    where = f"bot {text.strip()!r}"
    kind_text, *rest = (part.strip() for part in text.split(":"))
    try:
        kind = parse_bot_kind(kind_text)
    except ValueError as exc:
        raise ParseError(str(exc), where=where) from None
    options: list[tuple[str, str]] = []
    for part in rest:
        key, equals, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or not key.isidentifier() or not value:
            raise ParseError(f"expected option=value, found {part!r}", where=where)
        if any(key == seen for seen, _ in options):
            raise ParseError(f"option {key!r} given twice", where=where)
        options.append((key, value))
    return BotSpec(kind, tuple(options))


# --- options ------------------------------------------------------------------------------------

# the types a spec's text can hold; keywords taking functions, tuples... are for library users
_PLAIN_TYPES: Final = frozenset({"int", "float", "bool", "str", "None"})
_BOOLS: Final = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


def spec_parameters(
    function: Callable[..., object], *, reserved: frozenset[str] = frozenset()
) -> dict[str, inspect.Parameter]:
    """The keywords of *function* a spec may set: keyword-only, not *reserved*, typed int,
    float, bool or str (or ``None``), by annotation or, without one, by default.

    >>> def search(game, state, *, depth: int | None = None, order: Callable[..., int] = len,
    ...            seed: int = 0, label="x"): ...
    >>> list(spec_parameters(search, reserved=frozenset({"seed"})))
    ['depth', 'label']
    """
    return {
        name: parameter
        for name, parameter in inspect.signature(function).parameters.items()
        if name not in reserved and _is_plain(parameter)
    }


def _is_plain(parameter: inspect.Parameter) -> bool:
    if parameter.kind is not parameter.KEYWORD_ONLY:
        return False
    annotation = parameter.annotation
    if annotation is parameter.empty:
        default = parameter.default
        return default is None or isinstance(default, int | float | str)
    return _annotation_parts(parameter) <= _PLAIN_TYPES


def _annotation_parts(parameter: inspect.Parameter) -> set[str]:
    annotation = parameter.annotation
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return {part.strip() for part in text.split("|")}


def parse_option(kind: str, parameter: inspect.Parameter, value: object) -> object:
    """The spec's text *value* for *parameter* (one of :func:`spec_parameters`), in its type:
    ``none`` is ``None`` where the parameter allows it; else :func:`coerce_option` by the
    parameter's default, or by its annotation when the default is ``None``.

    >>> def search(*, worlds: int = 20, flag: bool | None = None, depth: int | None = None): ...
    >>> p = inspect.signature(search).parameters
    >>> parse_option("pimc", p["worlds"], "8"), parse_option("pimc", p["flag"], "yes")
    (8, True)
    >>> parse_option("pimc", p["depth"], "none") is None
    True
    >>> parse_option("pimc", p["worlds"], "many")
    Traceback (most recent call last):
    ...
    ValueError: bot 'pimc' option 'worlds': expected an integer, found 'many'
    """
    if isinstance(value, str) and value.strip().lower() == "none" and _allows_none(parameter):
        return None
    return coerce_option(kind, parameter.name, value, _example_of(parameter))


def _allows_none(parameter: inspect.Parameter) -> bool:
    return parameter.default is None or "None" in _annotation_parts(parameter)


def _example_of(parameter: inspect.Parameter) -> object:
    """A value of the keyword's type, to coerce by: its default, else by its annotation."""
    default = parameter.default
    if default is not None and default is not parameter.empty:
        return default
    parts = _annotation_parts(parameter)
    for name, example in (("bool", False), ("int", 0), ("float", 0.0)):
        if name in parts and (name != "int" or "float" not in parts):
            return example
    return None


def coerce_option(kind: str, option: str, value: object, default: object) -> object:
    """Turn a spec's text into the type of *default* (int, float, bool, else int/float/str).

    >>> coerce_option("mcts", "uct_c", "2", 1.4), coerce_option("mcts", "omniscient", "1", False)
    (2.0, True)
    """
    if not isinstance(value, str):
        return value
    where = f"bot {str(kind)!r} option {option!r}"  # str(): a BotKind's text, not its repr
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
