"""Bot specs: the text ``kind[:option=value...]`` parsed once into typed values.

A spec names a *kind* of bot and its options (``"mcts:simulations=200"``).
The kinds every game can use form a closed set, :class:`BotKind`; a game may
add kinds of its own that only it can play (``bridge_play``'s double-dummy
``dd-pimc``) with :func:`register_game_bot`: those are :data:`GameBotKind`
values, a distinct type.  :func:`parse_bot_spec` is the boundary: it turns
untrusted text into a :class:`BotSpec` whose ``kind`` is one or the other, so
:func:`pure_engine.search.bots.make_bot` dispatches on a member
(``match ... assert_never``) and never compares strings.

Every kind declares its options in a table of :class:`BotOption` (name, type,
default, one line of help): the spec's text is checked and converted against
it (:meth:`BotOption.parse`, :func:`find_option`), and help texts and error
messages list it.  The table is declared, not read off a function's signature,
so a search compiled to C (whose signature says nothing of its keywords) is
still a bot.

>>> spec = parse_bot_spec("mcts:simulations=200")
>>> spec.kind is BotKind.MCTS, spec.options
(True, (('simulations', '200'),))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NewType

from pure_engine.core.registry import canonical_name
from pure_engine.errors import ParseError

__all__ = [
    "BOT_KINDS",
    "BotKind",
    "BotOption",
    "BotSpec",
    "GameBotKind",
    "bot_kinds",
    "coerce_option",
    "find_option",
    "game_bot_factories",
    "game_bot_options",
    "parse_bot_kind",
    "parse_bot_spec",
    "register_game_bot",
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

# kind -> {canonical game: "module:factory"}, and kind -> its options
_GAME_BOTS: dict[GameBotKind, dict[str, str]] = {}
_GAME_BOT_OPTIONS: dict[GameBotKind, tuple[BotOption, ...]] = {}


def register_game_bot(
    kind: str, game_name: str, factory: str, options: Sequence[BotOption] = ()
) -> GameBotKind:
    """Make *kind* a bot kind for *game_name*, built by ``"module:factory"`` (imported when
    the bot is first made): a bot that only one game can play, such as ``bridge_play``'s
    double-dummy ``dd-pimc``.  Returns the kind as a :data:`GameBotKind`.

    The factory is called ``factory(seed=..., name=..., **options)`` with the options
    the spec sets, each declared in *options* and converted to its type.

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
    _GAME_BOT_OPTIONS[game_kind] = tuple(options)
    return game_kind


def game_bot_factories(kind: GameBotKind) -> Mapping[str, str]:
    """The games that registered *kind*, each with its ``"module:factory"``.

    >>> dict(game_bot_factories(GameBotKind("dd-pimc")))
    {'bridge_play': 'pure_engine.games.bridge.bots:make_dd_pimc_bot'}
    """
    return _GAME_BOTS[kind]


def game_bot_options(kind: GameBotKind) -> tuple[BotOption, ...]:
    """The options *kind* declared when it was registered.

    >>> [option.name for option in game_bot_options(GameBotKind("dd-pimc"))]
    ['worlds', 'max_cards', 'seconds', 'omniscient']
    """
    return _GAME_BOT_OPTIONS[kind]


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

OptionValue = bool | int | float | str | None
"""What an option holds once parsed."""

_BOOLS: Final = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


@dataclass(frozen=True, slots=True)
class BotOption:
    """One option a bot spec may set, declared: its name, type, default and one line of help.

    Every bot kind declares its options in a table (a tuple of these), which the spec's
    text is checked and converted against, and which help texts and error messages list.
    ``none`` is a value where the default is ``None`` or *nullable* says so.

    >>> worlds = BotOption("worlds", int, 20, "determinizations searched per move")
    >>> worlds.parse("pimc", "8"), str(worlds)
    (8, 'worlds (int, default 20): determinizations searched per move')
    >>> BotOption("depth", int, None, "decision plies").parse("alphabeta", "none") is None
    True
    >>> worlds.parse("pimc", "many")
    Traceback (most recent call last):
    ...
    ValueError: bot 'pimc' option 'worlds': expected an integer, found 'many'
    """

    name: str
    type: type[bool] | type[int] | type[float] | type[str]
    default: OptionValue
    help: str
    nullable: bool = False

    def parse(self, kind: str, value: object) -> object:
        """The spec's text *value* in this option's type (a value that is not text as given)."""
        if not isinstance(value, str):
            return value
        if value.strip().lower() == "none" and (self.nullable or self.default is None):
            return None
        return coerce_option(kind, self.name, value, self.type())

    def __str__(self) -> str:
        default = "none" if self.default is None else str(self.default).lower()
        return f"{self.name} ({self.type.__name__}, default {default}): {self.help}"


def find_option(kind: str, options: Sequence[BotOption], name: str) -> BotOption:
    """The option of *kind* called *name*; ``ValueError`` naming the ones there are if none is.

    >>> table = (BotOption("worlds", int, 20, "worlds"), BotOption("seconds", float, None, "time"))
    >>> find_option("pimc", table, "worlds").default
    20
    >>> find_option("pimc", table, "sims")
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'sims' for pimc; expected one of worlds, seconds
    """
    for option in options:
        if option.name == name:
            return option
    if not options:
        raise ValueError(f"bot {str(kind)!r} takes no options, found {name}")
    expected = ", ".join(option.name for option in options)
    raise ValueError(f"unknown option {name!r} for {kind}; expected one of {expected}")


def coerce_option(kind: str, option: str, value: object, default: object) -> object:
    """Turn a spec's text into the type of *default* (bool, int, float or str).

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
    return text
