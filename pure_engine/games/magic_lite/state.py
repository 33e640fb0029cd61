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
from typing import Final

from pure_engine.cards import Event
from pure_engine.cards.runtime.program import Decision, Frame
from pure_engine.cards.runtime.table import FIRST_GAME_STATUS, EntityId, Table
from pure_engine.core.frozen import KEEP, Frozen, Keep
from pure_engine.core.rng import Rng
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite.stack import StackItem, StackState

__all__ = [
    "CANT_BLOCK",
    "COLORS",
    "DEATHTOUCH",
    "DEFENDER",
    "DOUBLE_STRIKE",
    "FIRST_STRIKE",
    "FLASH",
    "FLYING",
    "HASTE",
    "HEXPROOF",
    "INDESTRUCTIBLE",
    "KEYWORDS",
    "LIFELINK",
    "MENACE",
    "ONE_BLOCKER",
    "PACIFIED",
    "PROTECTION",
    "REACH",
    "TAPPED",
    "TRAMPLE",
    "VIGILANCE",
    "Act",
    "Action",
    "CardFacts",
    "Cost",
    "MagicEvent",
    "MagicState",
    "Mulligan",
    "Step",
    "parse_cost",
    "protection_from",
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
CANT_BLOCK: Final = 1 << 10
"""Can't block (Goblin Piker)."""
ONE_BLOCKER: Final = 1 << 11
"""Can't be blocked by more than one creature (Charging Rhino)."""
DOUBLE_STRIKE: Final = 1 << 12
"""Deals both first-strike and regular combat damage (rule 702.4)."""
MENACE: Final = 1 << 13
"""Can't be blocked except by two or more creatures (rule 702.111)."""
FLASH: Final = 1 << 14
"""May be cast any time its controller could cast an instant (rule 702.8)."""
HEXPROOF: Final = 1 << 15
"""Can't be the target of spells or abilities its controller's opponents control (702.11)."""
INDESTRUCTIBLE: Final = 1 << 16
"""Isn't destroyed by destroy effects or lethal damage (rule 702.12)."""
_PROTECTION_SHIFT: Final = 17
PROTECTION: Final = 0b11111 << _PROTECTION_SHIFT
"""Protection from each colour (rule 702.16), one bit a colour in WUBRG order."""

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
    "can't block": CANT_BLOCK,
    "can't be blocked by more than one creature": ONE_BLOCKER,
    "double strike": DOUBLE_STRIKE,
    "menace": MENACE,
    "flash": FLASH,
    "hexproof": HEXPROOF,
    "indestructible": INDESTRUCTIBLE,
    **{
        f"protection from {name}": 1 << (_PROTECTION_SHIFT + k)
        for k, name in enumerate(("white", "blue", "black", "red", "green"))
    },
}

TAPPED: Final = FIRST_GAME_STATUS
"""A tapped permanent (summoning sickness is the kit's ``EXHAUSTED``)."""

COLORS: Final = "WUBRG"


def protection_from(colors: str) -> int:
    """The keyword bits of protection from each colour of *colors* (``"BR"``: from black and
    from red), which the rules read against a source's colours (:data:`PROTECTION`).

    >>> protection_from("B") >> _PROTECTION_SHIFT, protection_from("WG") >> _PROTECTION_SHIFT
    (4, 17)
    """
    return sum(1 << (_PROTECTION_SHIFT + COLORS.index(c)) for c in colors)


class MagicEvent(Event):
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
    TO_GRAVEYARD = "to_graveyard"
    """A permanent was put into a graveyard from the battlefield (an aura that lost its
    creature: rule 704.5m)."""


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
    KEEP = 11
    MULLIGAN = 12
    BOTTOM = 13


class Action(Frozen):
    """One small decision: ``kind`` and up to two numbers.

    ``cast``: ``card`` is the entity cast, ``other`` its target (-1: none), ``mode`` the mode
    chosen of a modal card ("choose one —", rule 700.2);
    ``activate``: ``card`` is the permanent whose ability is activated, ``other`` its target;
    ``block``: ``card`` blocks ``other``; ``order``: ``card`` is the attacker,
    ``other`` the index of the chosen order; ``choose``: ``card`` is the option
    index of the pending decision; ``keep`` / ``mulligan``: an opening hand kept or not;
    ``bottom``: ``card`` goes to the bottom of the library after a mulligan.

    A native record (:class:`~pure_engine.core.frozen.Frozen`): every list of legal actions
    builds one per action, which a compiled build does with one C call.
    """

    __match_args__ = ("kind", "card", "other", "mode")

    def __init__(self, kind: Act, card: int = -1, other: int = -1, mode: int = 0) -> None:
        self.kind: Final = kind
        self.card: Final = card
        self.other: Final = other
        self.mode: Final = mode


class Cost(Frozen):
    """A mana cost: generic mana, the coloured symbols as counts in WUBRG order, and how many
    ``X`` symbols it has (their value is chosen when the spell is cast: rule 107.3).  A native
    record: the compiled ``can_pay`` reads its counts as C integers (a ``Struct``'s fields were
    two generic attribute lookups a call: 179.1 M -> 176.4 M instructions on ``magic``).

    >>> parse_cost("2GG")
    Cost(generic=2, colored=(0, 0, 0, 0, 2), x=0)
    >>> parse_cost("2GG").value, parse_cost("XR").value, str(parse_cost("XR"))
    (4, 1, 'XR')
    """

    __match_args__ = ("generic", "colored", "x")

    def __init__(self, generic: int, colored: tuple[int, int, int, int, int], x: int = 0) -> None:
        self.generic: Final = generic
        self.colored: Final = colored
        self.x: Final = x

    @property
    def value(self) -> int:
        """The mana value (converted mana cost; X is 0 but on the stack: rule 202.3e)."""
        return self.generic + sum(self.colored)

    def __str__(self) -> str:
        symbols = "".join(c * n for c, n in zip(COLORS, self.colored, strict=True))
        generic = str(self.generic) if self.generic or not (symbols or self.x) else ""
        return "X" * self.x + generic + symbols


def parse_cost(text: str) -> Cost:
    """A cost from Magic's notation: optional ``X`` symbols, optional generic digits, then
    coloured symbols (``3WW``, ``XUU``).

    >>> parse_cost("XX1")
    Cost(generic=1, colored=(0, 0, 0, 0, 0), x=2)
    >>> parse_cost("Y")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected a mana cost like '1G', 'UU' or 'XR', found 'Y'
    """
    rest = text.lstrip("X")
    xs = len(text) - len(rest)
    digits = len(rest) - len(rest.lstrip("0123456789"))
    symbols = rest[digits:]
    if not text or any(c not in COLORS for c in symbols):
        raise ParseError(f"expected a mana cost like '1G', 'UU' or 'XR', found {text!r}")
    counts = tuple(symbols.count(c) for c in COLORS)
    return Cost(int(rest[:digits] or 0), counts, xs)  # type: ignore[arg-type]  # five counts


_NO_EVENTS: Final[frozenset[Event]] = frozenset()


class CardFacts(Frozen):
    """What the cards of one game can never do, found once from its card lists
    (:func:`~pure_engine.games.magic_lite.cards.card_facts`), so the rules skip the scans that
    could find nothing: the events no card of the game listens to (``unheard``: no trigger to
    look for), the events its cards hear only about themselves (``own``: "when this enters" —
    only the subject can trigger, no battlefield to scan), whether a card gives an aura
    recomputed from the board (``auras``: Glorious Anthem), whether a card has an activated
    ability (``abilities``), whether a card makes tokens (``tokens``: they cease to exist off the
    battlefield) and whether one is legendary (``legends``: the legend rule).  The default rules
    nothing out (every scan is made).  A native record: the compiled rules read it often.

    >>> CardFacts()
    CardFacts(unheard=frozenset(), own=frozenset(), auras=True, abilities=True, tokens=True, \
legends=True)
    """

    __match_args__ = ("unheard", "own", "auras", "abilities", "tokens", "legends")

    def __init__(
        self,
        unheard: frozenset[Event] = _NO_EVENTS,
        own: frozenset[Event] = _NO_EVENTS,
        auras: bool = True,
        abilities: bool = True,
        tokens: bool = True,
        legends: bool = True,
    ) -> None:
        self.unheard: Final = unheard
        self.own: Final = own
        self.auras: Final = auras
        self.abilities: Final = abilities
        self.tokens: Final = tokens
        self.legends: Final = legends


class Mulligan(Frozen):
    """The opening hands being decided (the London mulligan, rule 103.5): how many mulligans
    each player ``taken``, the bit set of players who have not kept yet (``undecided``), those of
    them who chose to mulligan this round (``mulliganed``: they shuffle and draw seven once
    everybody undecided has chosen), and how many cards each player still puts on the bottom
    of their library (``to_bottom``, once everybody kept).

    >>> Mulligan()
    Mulligan(taken=(0, 0), undecided=3, mulliganed=0, to_bottom=(0, 0))
    """

    __match_args__ = ("taken", "undecided", "mulliganed", "to_bottom")

    def __init__(
        self,
        taken: tuple[int, int] = (0, 0),
        undecided: int = 0b11,
        mulliganed: int = 0,
        to_bottom: tuple[int, int] = (0, 0),
    ) -> None:
        self.taken: Final = taken
        self.undecided: Final = undecided
        self.mulliganed: Final = mulliganed
        self.to_bottom: Final = to_bottom


_NO_FACTS: Final = CardFacts()
"""The default ``cards``: nothing ruled out."""


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
    cards can never do (``cards``: :class:`CardFacts`, the same all game), and
    four counters that do not decide anything: flow ``ticks`` (passes of the
    flow loop, one per decision), ``steps`` (step changes), player
    ``decisions`` and automatic actions (``autos``); and, before the first turn of a game
    dealt with the mulligan, the opening hands being decided (``mulligan``: :class:`Mulligan`;
    ``None`` once the first turn begins).

    A native record (:class:`~pure_engine.core.frozen.Frozen`): the compiled rules read its
    fields as C fields, and :meth:`replace` names every field.
    """

    __match_args__ = (
        *StackState.__match_args__,
        "step",
        "turn",
        "active",
        "life",
        "land_played",
        "window",
        "declaring",
        "attackers",
        "blocks",
        "to_order",
        "orders",
        "attached",
        "lost",
        "skip",
        "cards",
        "ticks",
        "steps",
        "decisions",
        "autos",
        "mulligan",
    )

    def __init__(
        self,
        table: Table,
        frames: tuple[Frame, ...] = (),
        queue: tuple[Frame, ...] = (),
        pending: Decision | None = None,
        rng: Rng | None = None,
        stack: tuple[StackItem, ...] = (),
        holder: int = 0,
        passes: int = 0,
        step: Step = Step.UNTAP,
        turn: int = 1,
        active: int = 0,
        life: tuple[int, int] = (20, 20),
        land_played: bool = False,
        window: bool = False,
        declaring: bool = False,
        attackers: tuple[EntityId, ...] = (),
        blocks: tuple[tuple[EntityId, EntityId], ...] = (),
        to_order: tuple[EntityId, ...] = (),
        orders: tuple[tuple[EntityId, tuple[EntityId, ...]], ...] = (),
        attached: tuple[tuple[EntityId, EntityId], ...] = (),
        lost: int = 0,
        skip: int = 0b11,
        cards: CardFacts = _NO_FACTS,
        ticks: int = 0,
        steps: int = 0,
        decisions: int = 0,
        autos: int = 0,
        mulligan: Mulligan | None = None,
    ) -> None:
        super().__init__(table, frames, queue, pending, rng, stack, holder, passes)
        self.step: Final = step
        self.turn: Final = turn
        self.active: Final = active
        self.life: Final = life
        self.land_played: Final = land_played
        self.window: Final = window
        self.declaring: Final = declaring
        self.attackers: Final = attackers
        self.blocks: Final = blocks
        self.to_order: Final = to_order
        self.orders: Final = orders
        self.attached: Final = attached
        self.lost: Final = lost
        self.skip: Final = skip
        self.cards: Final = cards
        self.ticks: Final = ticks
        self.steps: Final = steps
        self.decisions: Final = decisions
        self.autos: Final = autos
        self.mulligan: Final = mulligan

    # names every field (KEEP: unchanged, where None is a value), so that the compiled rules
    # build the next state with one direct call (before, as a Struct: ~18 % of a compiled game);
    # None, and only None, means "unchanged": a -1 for it measured 0.65 % on ``magic`` (169.6 M
    # -> 168.5 M) but made a caller's negative count vanish silently
    def replace(  # type: ignore[override]
        self,
        *,
        table: Table | None = None,
        frames: tuple[Frame, ...] | None = None,
        queue: tuple[Frame, ...] | None = None,
        pending: Decision | Keep | None = KEEP,
        rng: Rng | Keep | None = KEEP,
        stack: tuple[StackItem, ...] | None = None,
        holder: int | None = None,
        passes: int | None = None,
        step: Step | None = None,
        turn: int | None = None,
        active: int | None = None,
        life: tuple[int, int] | None = None,
        land_played: bool | None = None,
        window: bool | None = None,
        declaring: bool | None = None,
        attackers: tuple[EntityId, ...] | None = None,
        blocks: tuple[tuple[EntityId, EntityId], ...] | None = None,
        to_order: tuple[EntityId, ...] | None = None,
        orders: tuple[tuple[EntityId, tuple[EntityId, ...]], ...] | None = None,
        attached: tuple[tuple[EntityId, EntityId], ...] | None = None,
        lost: int | None = None,
        skip: int | None = None,
        cards: CardFacts | None = None,
        ticks: int | None = None,
        steps: int | None = None,
        decisions: int | None = None,
        autos: int | None = None,
        mulligan: Mulligan | Keep | None = KEEP,
    ) -> MagicState:
        """A copy with the named fields changed (the state itself is untouched)."""
        return MagicState(
            self.table if table is None else table,
            self.frames if frames is None else frames,
            self.queue if queue is None else queue,
            self.pending if pending is KEEP else pending,
            self.rng if rng is KEEP else rng,
            self.stack if stack is None else stack,
            self.holder if holder is None else holder,
            self.passes if passes is None else passes,
            self.step if step is None else step,
            self.turn if turn is None else turn,
            self.active if active is None else active,
            self.life if life is None else life,
            self.land_played if land_played is None else land_played,
            self.window if window is None else window,
            self.declaring if declaring is None else declaring,
            self.attackers if attackers is None else attackers,
            self.blocks if blocks is None else blocks,
            self.to_order if to_order is None else to_order,
            self.orders if orders is None else orders,
            self.attached if attached is None else attached,
            self.lost if lost is None else lost,
            self.skip if skip is None else skip,
            self.cards if cards is None else cards,
            self.ticks if ticks is None else ticks,
            self.steps if steps is None else steps,
            self.decisions if decisions is None else decisions,
            self.autos if autos is None else autos,
            self.mulligan if mulligan is KEEP else mulligan,
        )
