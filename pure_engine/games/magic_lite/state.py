"""Magic-lite's data: the state record, the steps of a turn, actions, keywords and mana costs.

Everything here is plain immutable data; the rules that read it live in
:mod:`~pure_engine.games.magic_lite.engine` (effects, mana, state-based
actions), :mod:`~pure_engine.games.magic_lite.combat` and
:mod:`~pure_engine.games.magic_lite.priority`,
:mod:`~pure_engine.games.magic_lite.actions` and
:mod:`~pure_engine.games.magic_lite.turn` (priority, the decisions, the turn table).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Final

from pure_engine.cards.runtime.table import FIRST_GAME_STATUS, Entity, EntityId, Table
from pure_engine.core.draft import Draft as _CoreDraft
from pure_engine.core.draft import Drafting
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite.stack import StackState

__all__ = [
    "COLORS",
    "DEATHTOUCH",
    "DEFENDER",
    "FIRST_STRIKE",
    "FLYING",
    "HASTE",
    "KEYWORDS",
    "LIFELINK",
    "PACIFIED",
    "PREBUILT",
    "REACH",
    "TAPPED",
    "TRAMPLE",
    "VIGILANCE",
    "Act",
    "Action",
    "CardFacts",
    "Cost",
    "Draft",
    "MagicEvent",
    "MagicState",
    "Step",
    "freeze",
    "make_action",
    "one_number_actions",
    "parse_cost",
    "set_counters",
    "set_priority",
    "set_status",
    "set_step",
    "set_table",
    "set_window",
    "thaw",
    "thaw_into",
    "writer",
]

# Keywords are entity tags (bit flags): auras and "until end of turn" effects add them as buffs.
FLYING: Final = 1 << 0
REACH: Final = 1 << 1
VIGILANCE: Final = 1 << 2
TRAMPLE: Final = 1 << 3
DEATHTOUCH: Final = 1 << 4
LIFELINK: Final = 1 << 5
FIRST_STRIKE: Final = 1 << 6
HASTE: Final = 1 << 7
DEFENDER: Final = 1 << 8
PACIFIED: Final = 1 << 9
"""Can't attack or block (Pacifism)."""

KEYWORDS: Final = {
    "flying": FLYING,
    "reach": REACH,
    "vigilance": VIGILANCE,
    "trample": TRAMPLE,
    "deathtouch": DEATHTOUCH,
    "lifelink": LIFELINK,
    "first strike": FIRST_STRIKE,
    "haste": HASTE,
    "defender": DEFENDER,
}

TAPPED: Final = FIRST_GAME_STATUS
"""A tapped permanent (summoning sickness is the kit's ``EXHAUSTED``)."""

COLORS: Final = "WUBRG"


class Step(enum.IntEnum):
    """The steps of a turn, in order (rule 500): one flat table, no Turn/Phase/Step objects."""

    UNTAP = 0
    UPKEEP = 1
    DRAW = 2
    MAIN1 = 3
    BEGIN_COMBAT = 4
    ATTACKERS = 5
    BLOCKERS = 6
    FIRST_STRIKE_DAMAGE = 7
    DAMAGE = 8
    END_COMBAT = 9
    MAIN2 = 10
    END = 11
    CLEANUP = 12


class Act(enum.IntEnum):
    """What kind of decision an :class:`Action` is."""

    PASS = 0
    PLAY_LAND = 1
    CAST = 2
    ATTACK = 3
    DONE_ATTACKING = 4
    BLOCK = 5
    DONE_BLOCKING = 6
    ORDER = 7
    CHOOSE = 8
    DISCARD = 9
    ACTIVATE = 10


class Action(Struct):
    """One small decision: ``kind`` and up to two numbers.

    ``cast``: ``card`` is the entity cast, ``other`` its target (-1: none);
    ``activate``: ``card`` is the permanent whose ability is activated, ``other`` its target;
    ``block``: ``card`` blocks ``other``; ``order``: ``card`` is the attacker,
    ``other`` the index of the chosen order; ``choose``: ``card`` is the option
    index of the pending decision.
    """

    kind: Act
    card: int = -1
    other: int = -1


make_action: Final[Callable[[Act, int, int], Action]] = Action.maker()
"""``(kind, card, other)``: the positional constructor (``Struct.maker``) of the actions a list
builds by the dozen."""

PREBUILT: Final = 128
"""Entity ids below this have their one-number actions built once (:func:`one_number_actions`):
two 60-card decks and the two players fit."""


def one_number_actions(kind: Act) -> tuple[Action, ...]:
    """``Action(kind, i)`` for every entity id ``i`` below :data:`PREBUILT`, built once: the list
    of actions takes them by subscript instead of building a struct per action (an id beyond,
    a token's, is built as usual).

    >>> one_number_actions(Act.ATTACK)[5] == Action(Act.ATTACK, 5)
    True
    """
    return tuple(Action(kind, i) for i in range(PREBUILT))


class Cost(Struct):
    """A mana cost: generic mana and the coloured symbols, as counts in WUBRG order.

    >>> parse_cost("2GG")
    Cost(generic=2, colored=(0, 0, 0, 0, 2))
    >>> parse_cost("2GG").value
    4
    """

    generic: int
    colored: tuple[int, int, int, int, int]

    @property
    def value(self) -> int:
        """The mana value (converted mana cost)."""
        return self.generic + sum(self.colored)

    def __str__(self) -> str:
        symbols = "".join(c * n for c, n in zip(COLORS, self.colored, strict=True))
        return (str(self.generic) if self.generic or not symbols else "") + symbols


def parse_cost(text: str) -> Cost:
    """A cost from Magic's notation: optional generic digits, then coloured symbols (``3WW``).

    >>> parse_cost("X")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected a mana cost like '1G' or 'UU', found 'X'
    """
    digits = len(text) - len(text.lstrip("0123456789"))
    symbols = text[digits:]
    if not text or any(c not in COLORS for c in symbols):
        raise ParseError(f"expected a mana cost like '1G' or 'UU', found {text!r}")
    counts = tuple(symbols.count(c) for c in COLORS)
    return Cost(int(text[:digits] or 0), counts)  # type: ignore[arg-type]  # five counts


class MagicEvent(enum.Enum):
    """What cards can listen to in magic_lite (besides the kit's ``DEATH``); the subject is the
    permanent concerned, or for a step's beginning the active player."""

    ENTERS = "enters"
    """A permanent entered the battlefield."""
    ATTACKS = "attacks"
    """A creature was declared as an attacker."""
    UPKEEP = "upkeep"
    """The active player's upkeep begins."""
    BEGIN_COMBAT = "begin_combat"
    """The beginning of combat step begins."""
    END_STEP = "end_step"
    """The end step begins."""


class CardFacts(Struct):
    """What the cards of one game can never do, found once from its card lists
    (:func:`~pure_engine.games.magic_lite.cards.card_facts`), so the rules skip the scans that
    could find nothing: the events no card of the game listens to (``unheard``: no trigger to
    look for), the events its cards hear only about themselves (``own``: "when this enters" —
    only the subject can trigger, no battlefield to scan), whether a card gives an aura
    recomputed from the board (``auras``: Glorious Anthem), whether a card has an activated
    ability (``abilities``).  The default rules nothing out (every scan is made).

    >>> CardFacts()
    CardFacts(unheard=frozenset(), own=frozenset(), auras=True, abilities=True)
    """

    unheard: frozenset[enum.Enum] = frozenset()
    own: frozenset[enum.Enum] = frozenset()
    auras: bool = True
    abilities: bool = True


class MagicState(StackState):
    """A position of magic_lite.

    Besides the kit's fields (entity table, running programs, trigger queue,
    pending decision, rng) and the stack's (``stack``, priority ``holder``,
    ``passes``): the ``step`` of the turn, the ``turn`` number, the ``active``
    player, ``life`` totals, whether the active player has played a land,
    whether a priority ``window`` is open in this step, whether attackers or
    blockers are being ``declaring``-ed, the combat (``attackers``, ``blocks``
    as (blocker, attacker) pairs in declaration order, attackers whose
    blockers' damage order is ``to_order``, the chosen ``orders``), auras
    ``attached`` as (aura, creature) pairs, the bit set of players who
    ``lost``, the seats whose trivial decisions are skipped (``skip``), what the game's
    cards can never do (``cards``: :class:`CardFacts`, the same all game), which hands
    hold an instant (``instants``: bit *p* for player *p*, a fact kept by every card put into
    or taken out of a hand: :mod:`~pure_engine.games.magic_lite.instants`), which battlefields
    may hold a permanent with damage marked or a one-turn buff (``marked``: bit *p* for
    player *p*'s, a fact kept where damage is marked or such a buff given, cleared by the turn
    change: :mod:`~pure_engine.games.magic_lite.marked`), and
    four counters that do not decide anything: flow ``ticks`` (passes of the
    flow loop, one per decision), ``steps`` (step changes), player
    ``decisions`` and automatic actions (``autos``).
    """

    step: Step = Step.UNTAP
    turn: int = 1
    active: int = 0
    life: tuple[int, int] = (20, 20)
    land_played: bool = False
    window: bool = False
    declaring: bool = False
    attackers: tuple[EntityId, ...] = ()
    blocks: tuple[tuple[EntityId, EntityId], ...] = ()
    to_order: tuple[EntityId, ...] = ()
    orders: tuple[tuple[EntityId, tuple[EntityId, ...]], ...] = ()
    attached: tuple[tuple[EntityId, EntityId], ...] = ()
    lost: int = 0
    skip: int = 0b11
    cards: CardFacts = CardFacts()
    instants: int = 0b11
    marked: int = 0b11
    ticks: int = 0
    steps: int = 0
    decisions: int = 0
    autos: int = 0


# --- the draft one step writes in place (core.draft) -------------------------------------------


class Draft(_CoreDraft):
    """A private, mutable copy of a :class:`MagicState`, written in place by one ``turn.step``
    (:mod:`pure_engine.core.draft`; STYLE.md: local mutation nobody else can see).

    A decision writes the state ~5 times (the action, the step changes, the automatic passes,
    the counters) and each write of the 27-field record is a new tuple (~4 300 instructions);
    ``step`` thaws the state once (:func:`thaw`), every write below changes the draft's slots
    (~850 instructions: the :func:`writer` setters and ``replace``), and the result is frozen
    once (:func:`freeze`).  A draft reads like the state (the same field names, as slots), so
    the rules read it unchanged; it never leaves ``step``: callers only see immutable states.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(battlefields=(("forest",), ("mountain",)))
    >>> d = thaw(s)
    >>> set_step(d, Step.DRAW) is d, d.replace(turn=2) is d, s.step, s.turn
    (True, True, <Step.MAIN1: 3>, 4)
    >>> freeze(d) == s.replace(step=Step.DRAW, turn=2)
    True
    """

    __slots__ = MagicState._fields
    # the slots' types, for the fields ``step`` writes by name (the others are written through
    # the setters)
    ticks: int
    steps: int
    decisions: int


_DRAFTING: Final = Drafting(MagicState, Draft)
thaw: Final = _DRAFTING.thaw
"""A :class:`Draft` of *state*, typed as the state it stands for (one slice, 27 slot stores)."""
freeze: Final = _DRAFTING.freeze
"""The :class:`MagicState` a :class:`Draft` holds (one new tuple)."""
thaw_into: Final = _DRAFTING.thaw_into
""":func:`thaw` into a :class:`Draft` the caller keeps (every slot written over): a game value's
``step`` reuses one draft, and spares a new object's allocation and release per decision."""


def writer(*names: str) -> Callable[..., MagicState]:
    """``MagicState.setter(*names)`` that writes a :class:`Draft` in place (and returns it).

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(battlefields=(("forest",), ("mountain",)))
    >>> turned = writer("turn", "active")
    >>> turned(s, 2, 1) == s.replace(turn=2, active=1)
    True
    >>> d = thaw(s)
    >>> turned(d, 3, 0) is d, d.turn
    (True, 3)
    """
    return _DRAFTING.writer(*names)


# --- the hot transitions' setters (positional, about half a keyword replace; a draft in place) -

set_step: Final[Callable[[MagicState, Step], MagicState]] = writer("step")
set_window: Final[Callable[[MagicState, bool, int, int], MagicState]] = writer(
    "window", "holder", "passes"
)
"""``(state, window, holder, passes)``: a priority window opens or closes."""
set_priority: Final[Callable[[MagicState, int, int, int], MagicState]] = writer(
    "passes", "holder", "autos"
)
"""``(state, passes, holder, autos)``: priority passed on (the inner priority loop)."""
set_counters: Final[Callable[[MagicState, int, int, int], MagicState]] = writer(
    "ticks", "steps", "decisions"
)
set_table: Final[Callable[[MagicState, Table], MagicState]] = writer("table")
set_status: Final[Callable[[Entity, int], Entity]] = Entity.setter("status")
