"""Skirmish's vocabulary: zones, keywords, the state record, and the selectors cards are written in.

Everything here is static data shared by the card list (:mod:`.cards`), the
hooks (:mod:`.rules`) and the game (:mod:`.game`).
"""

from __future__ import annotations

from typing import Final

import immutables

from pure_engine.cards import ENEMY, FRIENDLY, Ctx, Event, HasTag, HasType, Pred, Selector, Zone
from pure_engine.cards.runtime import (
    FIRST_GAME_STATUS,
    CardState,
    Decision,
    Entity,
    EntityId,
    Frame,
    Layout,
    Table,
    take_number,
)
from pure_engine.core.flow import StepId
from pure_engine.core.frozen import KEEP, Keep
from pure_engine.core.rng import Rng
from pure_engine.core.zones import Visibility, ZoneId

__all__ = [
    "BOARD",
    "BOARD_LIMIT",
    "CANT_ATTACK",
    "CHARACTERS",
    "CHARGE",
    "DECK",
    "DIVINE_SHIELD",
    "ELUSIVE",
    "END_STEP",
    "ENEMY_CHARACTERS",
    "ENEMY_HERO",
    "ENEMY_MINIONS",
    "FRIENDLY_CHARACTERS",
    "FRIENDLY_HERO",
    "FRIENDLY_MINIONS",
    "GRAVE",
    "HAND",
    "HAND_LIMIT",
    "HERO",
    "IMMUNE",
    "KEYWORDS",
    "LAYOUT",
    "MAIN_STEP",
    "MAX_MANA",
    "MINIONS",
    "ON_ATTACK",
    "ON_ATTACKED",
    "ON_CAST",
    "ON_DAMAGED",
    "ON_DEALT",
    "ON_FATAL",
    "ON_HEALED",
    "ON_PLAY",
    "ON_PLAYED",
    "ON_REVEALED",
    "ON_SUMMON",
    "ON_SUMMONED",
    "ON_TURN_END",
    "ON_TURN_START",
    "POISONOUS",
    "SECRET",
    "SECRET_LIMIT",
    "SPELLPOWER",
    "START_STEP",
    "STEALTH",
    "TAUNT",
    "TURN_LIMIT",
    "WEAPON",
    "WINDFURY",
    "Sides",
    "SkirmishEvent",
    "SkirmishState",
    "into_play",
    "placed_in_order",
    "spell_targetable",
    "targetable",
]


class SkirmishEvent(Event):
    """What cards can listen to in skirmish (besides the kit's ``DEATH``)."""

    DAMAGED = "damaged"
    """A character took damage (subject: that character; its value: how much)."""
    DEALT = "dealt"
    """A character dealt damage, just after ``DAMAGED`` (subject: the one that dealt it; its
    value: the character damaged): "freeze any character damaged by this minion"."""
    SUMMON = "summon"
    """A minion is summoned or played, before its battlecry: "whenever you summon" (subject:
    that minion)."""
    SUMMONED = "summoned"
    """A minion was summoned, or played and its battlecry resolved (with the deaths it
    caused): "after you summon" (subject: that minion)."""
    TURN_START = "turn_start"
    """A turn starts (subject: the hero whose turn it is)."""
    TURN_END = "turn_end"
    """A turn ends (subject: the hero whose turn it is)."""
    PLAY = "play"
    """A card is played from the hand, before its own effect: "whenever you play a card"
    (subject: that card)."""
    PLAYED = "played"
    """A card was played from the hand, after its own effect and the deaths it caused:
    "after you cast a spell" (subject: that card)."""
    HEALED = "healed"
    """A character was healed: damage was restored (subject: that character)."""
    CAST = "cast"
    """A spell was cast, before its effect (subject: the spell): "whenever you cast a spell";
    a trigger that fires on it runs first (Counterspell, Spellbender, Mana Wyrm)."""
    REVEALED = "revealed"
    """A secret was revealed (subject: the secret, now in its owner's graveyard)."""
    ATTACK = "attack"
    """A character attacks, at the declaration, just before ``ATTACKED`` (subject: the
    attacker): "whenever your hero attacks"."""
    ATTACKED = "attacked"
    """An attack was declared, before any damage (subject: the character attacked; the
    state's ``combat`` holds the attacker and the defender)."""
    FATAL = "fatal"
    """A hero is about to take fatal damage (subject: that hero; its value: how much): its
    listeners run at once, before the damage (the kit's replacement, ``fire_now``); if they
    made the hero Immune, the damage is prevented (Ice Block)."""


# The events the rules emit, as module constants: on Python 3.11 a member looked up on its enum
# class (``SkirmishEvent.DAMAGED``) goes through EnumType.__getattr__'s slow attribute slot,
# about half a microsecond at every damage (-1.4 % instructions a skirmish game, cachegrind).
ON_ATTACK: Final = SkirmishEvent.ATTACK
ON_ATTACKED: Final = SkirmishEvent.ATTACKED
ON_CAST: Final = SkirmishEvent.CAST
ON_DAMAGED: Final = SkirmishEvent.DAMAGED
ON_DEALT: Final = SkirmishEvent.DEALT
ON_FATAL: Final = SkirmishEvent.FATAL
ON_HEALED: Final = SkirmishEvent.HEALED
ON_PLAY: Final = SkirmishEvent.PLAY
ON_PLAYED: Final = SkirmishEvent.PLAYED
ON_REVEALED: Final = SkirmishEvent.REVEALED
ON_SUMMON: Final = SkirmishEvent.SUMMON
ON_SUMMONED: Final = SkirmishEvent.SUMMONED
ON_TURN_END: Final = SkirmishEvent.TURN_END
ON_TURN_START: Final = SkirmishEvent.TURN_START


MAIN_STEP: Final = StepId("main")
"""The step the player to move acts in."""
END_STEP: Final = StepId("end")
"""End of turn: its triggers resolve, one-turn buffs end."""
START_STEP: Final = StepId("start")
"""The next player's start of turn: mana, a card drawn."""

_PRIVATE = (
    ("hand", Visibility.OWNER),
    ("deck", Visibility.HIDDEN),
    ("graveyard", Visibility.PUBLIC),
    ("secret", Visibility.OWNER),
)
LAYOUT: Final = Layout.build(
    [(kind, p, Visibility.PUBLIC) for p in (0, 1) for kind in ("hero", "board", "weapon")]
    + [(kind, p, seen) for kind, seen in _PRIVATE for p in (0, 1)]
)
"""The zones in table order: heroes and boards first (what selectors return first), then
hands, decks, graveyards and the secrets in play (their owner sees them; the opponent sees
how many and their class: the game's observation adds that view)."""


class Sides:
    """One kind of zone, each player's: ``BOARD.zones[p]`` names player *p*'s board and
    ``BOARD.places[p]`` is its place in a table's zone map (``table.zones.at(BOARD.places[p])``:
    the rules read these zones at every decision, and a read by place is one index, where a
    read by name looks the name up first).

    (Each a ``tuple[..., ...]``, not a pair: compiled, a pair is kept unboxed and built into a
    new tuple at every ``[p]``; with the places: 66.37 M -> 63.65 M instructions on
    ``skirmish``, cachegrind.)
    """

    def __init__(self, kind: str) -> None:
        self.zones: Final[tuple[ZoneId, ...]] = (LAYOUT.zone(kind, 0), LAYOUT.zone(kind, 1))
        self.places: Final[tuple[int, ...]] = (LAYOUT.place(kind, 0), LAYOUT.place(kind, 1))


# (``Final``: compiled, a final name is a C static, any other module name a dictionary lookup,
# ~130 instructions at each use, and the rules name these at every decision)
HERO: Final = Sides("hero")
BOARD: Final = Sides("board")
WEAPON: Final = Sides("weapon")
HAND: Final = Sides("hand")
DECK: Final = Sides("deck")
GRAVE: Final = Sides("graveyard")
SECRET: Final = Sides("secret")

# keywords (Entity.tags): silence clears them
TAUNT: Final = 1 << 0
CHARGE: Final = 1 << 1
DIVINE_SHIELD: Final = 1 << 2
WINDFURY: Final = 1 << 3
STEALTH: Final = 1 << 4
POISONOUS: Final = 1 << 5
SPELLPOWER: Final = 1 << 6
"""Spell damage +1 (the card list gives no minion more than +1)."""
ELUSIVE: Final = 1 << 7
"""Cannot be targeted by spells or hero powers (Faerie Dragon)."""
CANT_ATTACK: Final = 1 << 8
"""Cannot attack (Ancient Watcher, Ragnaros)."""
IMMUNE: Final = 1 << 9
"""Takes no damage, and the opponent cannot attack or target it (:mod:`.immune`); given for a
while: "Immune this turn" (Bestial Wrath, Ice Block)."""

KEYWORDS: Final = {
    "taunt": TAUNT,
    "charge": CHARGE,
    "divine_shield": DIVINE_SHIELD,
    "windfury": WINDFURY,
    "stealth": STEALTH,
    "poisonous": POISONOUS,
    "spell_damage": SPELLPOWER,
    "elusive": ELUSIVE,
    "cant_attack": CANT_ATTACK,
    "immune": IMMUNE,
}
"""Keyword names (puzzle files, notation) and their bits."""

BOARD_LIMIT: Final = 7
SECRET_LIMIT: Final = 5
HAND_LIMIT: Final = 10
MAX_MANA: Final = 10
TURN_LIMIT: Final = 200
"""A game still running after this many turns is a draw (fatigue ends real games long before)."""

_ = FIRST_GAME_STATUS  # skirmish needs no status bits beyond the kit's

MINIONS: Final[Selector] = Zone("board")
HEROES: Final[Selector] = Zone("hero")
CHARACTERS: Final[Selector] = MINIONS | HEROES
FRIENDLY_MINIONS: Final[Selector] = FRIENDLY + MINIONS
ENEMY_MINIONS: Final[Selector] = ENEMY + MINIONS
FRIENDLY_HERO: Final[Selector] = FRIENDLY + HEROES
ENEMY_HERO: Final[Selector] = ENEMY + HEROES
FRIENDLY_CHARACTERS: Final[Selector] = FRIENDLY + CHARACTERS
ENEMY_CHARACTERS: Final[Selector] = ENEMY + CHARACTERS
BEAST: Final[Selector] = HasType("beast")
TAUNTING: Final[Selector] = HasTag(TAUNT, "TAUNT")
DAMAGED: Final[Selector] = Pred(lambda e, ctx: e.damage > 0, "DAMAGED")
UNDAMAGED: Final[Selector] = Pred(lambda e, ctx: e.damage == 0, "UNDAMAGED")

_UNSEEN: Final = STEALTH | IMMUNE


def _visible(e: Entity, ctx: Ctx) -> bool:
    tags = e.tags
    if not tags & _UNSEEN:
        return True
    if e.zone == BOARD.zones[1 - ctx.controller]:  # an enemy minion stealthed or Immune
        return False
    return not (tags & IMMUNE and e.zone == HERO.zones[1 - ctx.controller])


def _spell_visible(e: Entity, ctx: Ctx) -> bool:
    return _visible(e, ctx) and not (e.tags & ELUSIVE and e.zone in BOARD.zones)


# A filter on each entity rather than a set difference (``- (ENEMY + MINIONS + stealth)``): the
# same entities in the same order, one test fewer per entity; targets are listed at every
# decision (the benchmark's selector share: 9.99 % before, see docs/skirmish.md), which is also
# why the two tests live here, in a compiled module, and not with the card definitions; a
# spell's is one test, not the first and another (a selector calls each test as a boxed call).
_VISIBLE: Final = Pred(_visible, "NOT_ENEMY_STEALTHED_OR_IMMUNE")
_SPELL_VISIBLE: Final = Pred(_spell_visible, "NOT_ENEMY_STEALTHED_IMMUNE_OR_ELUSIVE")


def targetable(selector: Selector) -> Selector:
    """*selector* without what the enemy cannot target: stealthed minions, Immune characters."""
    return selector + _VISIBLE


def spell_targetable(selector: Selector) -> Selector:
    """:func:`targetable`, and without the minions spells and hero powers cannot target."""
    return selector + _SPELL_VISIBLE


_NO_ORDER: Final[immutables.Map[EntityId, int]] = immutables.Map()


class SkirmishState(CardState):
    """A skirmish position: the kit's table, programs and pending decision, plus the turn.

    ``to_move`` is the player whose turn it is; ``step`` the turn machine's step
    (:data:`MAIN_STEP` while they act); ``mana`` what they can still spend, ``crystals``
    each player's mana crystals; ``powered`` whether each hero power was used
    this turn; ``fatigue`` the next fatigue damage minus one; ``played`` the
    cards played this turn (combo); ``winner`` 0 or 1, 2 for a draw, ``None``
    while the game runs; ``combat`` the attacker and defender of an attack whose
    "when attacked" triggers (secrets) resolve before its damage, else ``None``;
    ``overload`` the mana crystals each player's Overload cards lock next turn; ``playing``
    the card just played whose "after you summon" and "after you play" triggers wait until
    its own effect has resolved, else ``None``; ``play_order`` the place in the order of play
    of each card that came into play after it was made (played from the hand): a number from
    the table's id counter, so that the death phase and the trigger queue go by the order of
    play (a token, made in play, goes by its id: :func:`into_play`).

    A native record (:class:`~pure_engine.core.frozen.Frozen`): the compiled rules read its
    fields as C fields, and :meth:`replace` names every field.  The pairs by player are typed
    ``tuple[int, ...]``: compiled, a ``tuple[int, int]`` field is kept unboxed, and each
    ``state.mana[me]`` built a new tuple to index.
    """

    __match_args__ = (
        *CardState.__match_args__,
        "to_move",
        "turn",
        "step",
        "mana",
        "crystals",
        "powered",
        "fatigue",
        "played",
        "winner",
        "combat",
        "overload",
        "playing",
        "play_order",
    )

    def __init__(
        self,
        table: Table,
        frames: tuple[Frame, ...] = (),
        queue: tuple[Frame, ...] = (),
        pending: Decision | None = None,
        rng: Rng | None = None,
        to_move: int = 0,
        turn: int = 1,
        step: StepId = MAIN_STEP,
        mana: tuple[int, ...] = (0, 0),
        crystals: tuple[int, ...] = (0, 0),
        powered: tuple[bool, ...] = (False, False),
        fatigue: tuple[int, ...] = (0, 0),
        played: int = 0,
        winner: int | None = None,
        combat: tuple[int, int] | None = None,
        overload: tuple[int, ...] = (0, 0),
        playing: int | None = None,
        play_order: immutables.Map[EntityId, int] = _NO_ORDER,
    ) -> None:
        super().__init__(table, frames, queue, pending, rng)
        self.to_move: Final = to_move
        self.turn: Final = turn
        self.step: Final = step
        self.mana: Final = mana
        self.crystals: Final = crystals
        self.powered: Final = powered
        self.fatigue: Final = fatigue
        self.played: Final = played
        self.winner: Final = winner
        self.combat: Final = combat
        self.overload: Final = overload
        self.playing: Final = playing
        self.play_order: Final = play_order

    # names every field (KEEP: unchanged, where None is a value), so that the compiled rules
    # build the next state with one direct call
    def replace(  # type: ignore[override]
        self,
        *,
        table: Table | None = None,
        frames: tuple[Frame, ...] | None = None,
        queue: tuple[Frame, ...] | None = None,
        pending: Decision | Keep | None = KEEP,
        rng: Rng | Keep | None = KEEP,
        to_move: int | None = None,
        turn: int | None = None,
        step: StepId | None = None,
        mana: tuple[int, ...] | None = None,
        crystals: tuple[int, ...] | None = None,
        powered: tuple[bool, ...] | None = None,
        fatigue: tuple[int, ...] | None = None,
        played: int | None = None,
        winner: int | Keep | None = KEEP,
        combat: tuple[int, int] | Keep | None = KEEP,
        overload: tuple[int, ...] | None = None,
        playing: int | Keep | None = KEEP,
        play_order: immutables.Map[EntityId, int] | None = None,
    ) -> SkirmishState:
        """A copy with the named fields changed (the state itself is untouched)."""
        return SkirmishState(
            self.table if table is None else table,
            self.frames if frames is None else frames,
            self.queue if queue is None else queue,
            self.pending if pending is KEEP else pending,
            self.rng if rng is KEEP else rng,
            self.to_move if to_move is None else to_move,
            self.turn if turn is None else turn,
            self.step if step is None else step,
            self.mana if mana is None else mana,
            self.crystals if crystals is None else crystals,
            self.powered if powered is None else powered,
            self.fatigue if fatigue is None else fatigue,
            self.played if played is None else played,
            self.winner if winner is KEEP else winner,
            self.combat if combat is KEEP else combat,
            self.overload if overload is None else overload,
            self.playing if playing is KEEP else playing,
            self.play_order if play_order is None else play_order,
        )


def into_play(state: SkirmishState, entity_id: EntityId) -> SkirmishState:
    """*entity_id*, made earlier (a card in the hand or the deck), comes into play now: it takes
    the next place in the order of play (the death phase and the trigger queue go by it)."""
    table, play_order = placed_in_order(state.table, state.play_order, entity_id)
    return state.replace(table=table, play_order=play_order)


def placed_in_order(
    table: Table, play_order: immutables.Map[EntityId, int], entity_id: EntityId
) -> tuple[Table, immutables.Map[EntityId, int]]:
    """:func:`into_play` on a table and an order of play, for a rule that writes the state
    with more at once (playing a card: one state fewer a play, ~1 900 instructions)."""
    table, number = take_number(table)
    return table, play_order.set(entity_id, number)
