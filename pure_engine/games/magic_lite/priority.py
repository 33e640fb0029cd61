"""Priority and the stack: who could act, the priority actions, opening a window, passing.

Seed 002's proposal 2 rests on a cheap "can this player do anything?" check:
:func:`can_act` answers it from the hand and the available mana without
building the list of actions, and :func:`priority_actions` builds that list
when a player must really choose.  :func:`open_window` gives the active
player priority (or opens nothing when both players skip trivial decisions
and neither can act), :func:`pass_priority` is seed 002's inner priority
loop (every automatic pass after a real one, resolving the stack's top items
until somebody must decide), :func:`cast` puts a spell on the stack.

The check is asked many times for the same table (every step that changes
nothing asks again), so a game value keeps the last answer per player:
:func:`make_priority` builds that memo (with the list of actions the check
built, which the game's ``legal_actions`` hands out), and every function here
that asks takes the checker as its *can_act* argument — the memo belongs to
the game ``make_game`` builds, never to this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from pure_engine.cards import Ctx
from pure_engine.cards.runtime import EntityId, Frame, Table, is_alive, new_table, spawn
from pure_engine.cards.selectors import Compiled
from pure_engine.core.struct import Struct
from pure_engine.games.magic_lite.abilities import activations, can_activate, fizzles, has_abilities
from pure_engine.games.magic_lite.cards import LAYOUT, PLAYER, POOL, cost_of, is_permanent
from pure_engine.games.magic_lite.engine import (
    BATTLEFIELD,
    HAND,
    HARMLESS,
    NEEDS,
    RULES,
    ZONES,
    Tapped,
    TargetLister,
    enter_battlefield,
    entered_table,
    fire,
    mana_counts,
    paid_and_entered,
    paid_and_moved,
    settle,
    target_lister,
)
from pure_engine.games.magic_lite.instants import INSTANTS, out_of_hand
from pure_engine.games.magic_lite.stack import StackItem, start_item
from pure_engine.games.magic_lite.state import (
    PREBUILT,
    Act,
    Action,
    MagicEvent,
    MagicState,
    Step,
    make_action,
    one_number_actions,
    set_priority,
    set_step,
    set_window,
    writer,
)

__all__ = [
    "PASS",
    "CanAct",
    "DrawnQuiet",
    "ManaCounts",
    "Priority",
    "can_act",
    "cast",
    "cast_passed",
    "everyone_passes",
    "make_can_act",
    "make_priority",
    "nobody_responds",
    "open_window",
    "open_window_at",
    "pass_priority",
    "priority_actions",
    "spell_targets",
]

PASS: Final = Action(Act.PASS)
_PLAY_LAND: Final = Act.PLAY_LAND  # read per action built: a module constant, not an enum
_CAST: Final = Act.CAST  # class attribute (a generic lookup on Python 3.11)
_LANDS: Final = one_number_actions(Act.PLAY_LAND)  # play land i, cast i without a target
_CASTS: Final = one_number_actions(Act.CAST)
_MAINS: Final = (Step.MAIN1, Step.MAIN2)
_MAIN1, _MAIN2 = _MAINS
_PASS_ONLY: Final[tuple[Action, ...]] = (PASS,)


class CanAct(Protocol):
    """``(state, player[, step]) -> bool``: :func:`can_act`, or a game's memo of it
    (:func:`make_can_act`); *step*, when given, is the step being entered (the state is
    still in the one before: :func:`open_window_at`)."""

    def __call__(self, state: MagicState, player: int, step: Step | None = None, /) -> bool:
        """True when *player* could do more than pass."""


ManaCounts = Callable[[Table, int], list[int]]
"""``(table, player) -> counts``: :func:`~.engine.mana_counts`, or a stand-in for it; the counts
are read, never changed."""

_LAND, _INSTANT, _SORCERY = 0, 1, 2

_all_passed: Final[Callable[[MagicState, bool, int, int, int], MagicState]] = writer(
    "window", "holder", "passes", "autos"
)
"""``(state, window, holder, passes, autos)``: the step's last pass (the window closes)."""
_step_window: Final[Callable[[MagicState, Step, bool, int, int], MagicState]] = writer(
    "step", "window", "holder", "passes"
)
"""``(state, step, window, holder, passes)``: a step entered and its window opened or closed."""
_cast: Final[Callable[[MagicState, Table, tuple[StackItem, ...], int, int], MagicState]] = writer(
    "table", "stack", "holder", "passes"
)
"""``(state, table, stack, holder, passes)``: a spell paid for, moved and put on the stack."""
_ctx: Final[Callable[[EntityId, int, EntityId | None], Ctx]] = Ctx.maker()
_frame: Final[Callable[..., Frame]] = Frame.maker()  # a spell's (card, slot, pc, ctx, regs, depth)
_item: Final[Callable[[Frame, bool], StackItem]] = StackItem.maker()
_popped: Final[Callable[[MagicState, tuple[StackItem, ...], int, int, int], MagicState]] = writer(
    "stack", "holder", "passes", "autos"
)
"""``(state, stack, holder, passes, autos)``: the top item taken off after everybody passed."""
_popped_entered: Final[
    Callable[[MagicState, Table, tuple[StackItem, ...], int, int, int], MagicState]
] = writer("table", "stack", "holder", "passes", "autos")
"""``(state, table, stack, holder, passes, autos)``: :data:`_popped` with the resolving permanent
spell on the battlefield (a spell without a target: the pop and the entering in one write)."""


def _speed(types: frozenset[str]) -> int:
    if "land" in types:
        return _LAND
    return _INSTANT if "instant" in types else _SORCERY


_SPEED: Final = {key: _speed(card.types) for key, card in POOL.defs.items()}
"""When a card may be played: a land, at instant speed, or at sorcery speed (everything else)."""


def _players_only() -> Table:
    table = new_table(LAYOUT)
    for p in (0, 1):
        table, _ = spawn(table, POOL, ZONES.player[p], PLAYER, p)
    return table


def _targets_a_player(selector: Compiled | None) -> bool:
    """True when *selector* picks a player from a table holding only the two players: players
    never leave the game, so a spell with such a target always has one (Lightning Bolt)."""
    if selector is None:
        return False
    table = _players_only()
    return all(selector(table, Ctx(None, p)) for p in (0, 1))


_CASTABLE: Final = {
    key: (
        _SPEED[key],
        *NEEDS[cost_of(key)],
        POOL.targets.get(key),
        _targets_a_player(POOL.targets.get(key)),
        target_lister(POOL.defs[key].target),
    )
    for key in POOL.defs
    if key != PLAYER and _SPEED[key] != _LAND
}
"""Each spell's speed, coloured needs and mana value (as :func:`can_pay` reads them), target
selector (``None``: no target), whether a player is always among its targets and, for a
target of any creature or any target (``dsl.CREATURES``, ``dsl.ANY_TARGET``), the function
listing its legal targets without the compiled selector (:func:`~.engine.target_lister`;
``None``: the selector lists them), looked up once."""
_LISTERS: Final = {key: spell[5] for key, spell in _CASTABLE.items() if spell[5] is not None}
"""The spells whose targets a lister finds (:data:`_CASTABLE`'s last field)."""

_Listed = tuple[bool, tuple[tuple[int, int], ...], int, Compiled | None, TargetLister | None]
_LISTED: Final[dict[str, _Listed | None]] = {
    key: (
        (spell[0] == _SORCERY, spell[1], spell[2], spell[3], spell[5])
        if (spell := _CASTABLE.get(key)) is not None
        else None
    )
    for key in POOL.defs
}
"""What :func:`_choices` reads of each card (``None``: a land, or a player): whether it waits
for sorcery timing, its coloured needs, mana value, target selector and target lister — every
card of the pool, looked up by a subscript."""

_INSTANTS: Final = INSTANTS
"""The spells that may be cast at instant speed (:data:`~.instants.INSTANTS`)."""
_PERMANENTS: Final = frozenset(key for key in POOL.defs if key != PLAYER and is_permanent(key))
"""The cards that resolve by entering the battlefield (:func:`~.cards.is_permanent`)."""


def _registers(card: str) -> tuple[int, ...]:
    program = POOL.programs.get((card, "play"))
    return (0,) * program.regs if program is not None else ()


_CAST_FACTS: Final = {key: (cost_of(key), _registers(key)) for key in _CASTABLE}
"""Each spell's cost and the registers its "play" program starts with (none: no program), as
:func:`cast` reads them."""


def spell_targets(
    state: MagicState, card: str, source: EntityId, controller: int
) -> tuple[EntityId, ...] | None:
    """The legal targets of *card* cast by *controller* (``None``: the card has no target)."""
    selector = POOL.targets.get(card)
    if selector is None:
        return None
    lister = _LISTERS.get(card)
    if lister is not None:  # (a resolving Giant Growth checks its target here)
        return tuple(lister(state.table, source))
    entities = state.table.entities
    return tuple(
        i
        for i in selector(state.table, Ctx(source, controller))
        if i != source and is_alive(entities[i])
    )


def _timing(state: MagicState, player: int, step: Step | None = None) -> tuple[bool, bool]:
    """(sorcery timing, a land still playable) for *player* (in *step*, if given)."""
    sorcery = (
        player == state.active
        and (state.step if step is None else step) in _MAINS
        and not state.stack
    )
    return sorcery, sorcery and not state.land_played


def can_act(state: MagicState, player: int, step: Step | None = None, /) -> bool:
    """True when *player*, holding priority, could do more than pass — decided without building
    the list of actions (a land to play, a spell they can pay for with a legal target, or an
    ability to activate: :func:`~.abilities.can_activate`).

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(hands=(("shock",), ("shock",)), battlefields=(("forest",), ("mountain",)))
    >>> can_act(s, 0), can_act(s, 1)  # a Forest does not pay for Shock; a Mountain does
    (False, True)
    """
    table = state.table
    hand = table.zones[HAND[player]]
    sorcery, land_ok = _timing(state, player, step)
    if hand and _can_act(table, player, hand, sorcery, land_ok):
        return True
    return state.cards.abilities and can_activate(table, player, sorcery)


def make_can_act(mana: ManaCounts = mana_counts) -> CanAct:
    """:func:`can_act` with its last answer per player kept: a game value's own memo (the
    check of :func:`make_priority`).

    >>> from pure_engine.games.magic_lite.game import position
    >>> check = make_can_act()
    >>> s = position(hands=(("shock",), ("shock",)), battlefields=(("forest",), ("mountain",)))
    >>> [check(s, p) for p in (0, 1, 0, 1)] == [can_act(s, p) for p in (0, 1, 0, 1)]
    True
    """
    return make_priority(mana).can_act


DrawnQuiet = Callable[[Table, Table, int, str], bool]
"""``(before, after, player, card) -> nobody acts``: *after* is the table *before* with
*player*'s top card, *card*, drawn; True when neither player could act at instant timing on
*after* (:meth:`Priority.drawn`)."""


class Priority(Struct):
    """A game value's memo of priority (:func:`make_priority`): ``can_act(state, player[,
    step])`` answers as :func:`can_act`, ``actions(state, player)`` as
    :func:`priority_actions`; ``drawn(before, after, player, card)`` carries both players'
    answers at instant timing across a draw (:data:`DrawnQuiet`): True when both were known
    to be no on *before* and *card* is not an instant.  (At instant timing a hand without an
    instant, in a game without activated abilities, is answered by the state's kept fact,
    ``MagicState.instants``: no memo is read.)"""

    can_act: CanAct
    actions: Callable[[MagicState, int], tuple[Action, ...]]
    drawn: DrawnQuiet


def make_priority(mana: ManaCounts = mana_counts) -> Priority:
    """:func:`can_act` and :func:`priority_actions` with their last answer per player kept: a
    game value's own memo.

    Both depend on the entity table and two timing flags only (sorcery timing, a land still
    playable).  The flow loop asks "can act?" again for the same table at every step that
    changes nothing, and when the answer is yes the driver asks for the list of actions on
    that very table: so the memo holds, per player and per timing (the steps alternate between
    them), the last table (compared by identity: tables are immutable) with the list of
    actions found for it — the check is whether the list holds more than ``pass``, and the
    list is built once, by the check.  A list the check would have cut short (at the first
    action found) costs the rest of the hand; the hand without an instant at instant timing,
    the commonest miss, is still decided by one scan.  It also keeps, per player, the last
    zone map and battlefield looked at (replaced only when a zone changes) and whether the
    battlefield holds a permanent with an activated ability: most do not, and then abilities
    cost one identity test.  Each ``make_game`` builds its own, so nothing is shared between
    game values; *mana* counts the mana (:func:`~.engine.mana_counts`: counted once per table
    and player, by the check, it needs no memo of its own).

    >>> from pure_engine.games.magic_lite.game import position
    >>> memo = make_priority()
    >>> s = position(hands=(("shock",), ("shock",)), battlefields=(("forest",), ("mountain",)))
    >>> [memo.can_act(s, p) for p in (0, 1)], memo.actions(s, 1) == priority_actions(s, 1)
    ([False, True], True)
    """
    # per timing (the steps alternate between them) and player, at index k: the last table
    # asked about, the answer and the list — k = player at instant timing, 2 + player at
    # sorcery timing with a land still playable, 4 + player once the land is played (three flat
    # lists: a hit reads two items, not a slot's tuple)
    tables: list[object] = [None] * 6
    answers = [False] * 6
    lists: list[tuple[Action, ...]] = [()] * 6
    fields: list[tuple[object, tuple[EntityId, ...], bool]] = [(None, (), False)] * 2
    hands, battlefields = HAND, BATTLEFIELD
    main1, main2 = _MAINS
    pass_only = _PASS_ONLY
    instants = _INSTANTS

    def memo_can_act(state: MagicState, player: int, step: Step | None = None, /) -> bool:
        table = state.table
        if player == state.active:
            if step is None:
                step = state.step
            # (a step is one of the enum's members: compared by identity, not by value)
            if (step is main1 or step is main2) and not state.stack:
                k = player + 4 if state.land_played else player + 2
            elif not state.instants >> player & 1 and not state.cards.abilities:
                return False  # instant timing, no instant in hand (the kept fact), no ability
            else:
                k = player
        elif not state.instants >> player & 1 and not state.cards.abilities:
            return False  # (the same, for the other player)
        else:
            k = player
        if tables[k] is table:  # answered for this table: the hand is not even looked up
            return answers[k]
        hand = table.zones[hands[player]]
        found = pass_only
        if k > 1:
            if hand:
                found = _choices(table, player, hand, True, k < 4, mana)
        else:  # most misses: at instant timing a hand without an instant adds nothing
            entities = table.entities
            for i in hand:
                if entities[i].card in instants:
                    found = _choices(table, player, hand, False, False, mana)
                    break
            else:
                if not state.cards.abilities:  # (the commonest miss: no, and nothing to add)
                    tables[k] = table
                    answers[k] = False
                    lists[k] = pass_only
                    return False
        if state.cards.abilities and _activates(table, player):
            found = (*found, *activations(table, player, sorcery=k > 1))
            acts = len(found) > 1
        else:  # (_choices hands out the pass alone as this very tuple)
            acts = found is not pass_only
        tables[k] = table
        answers[k] = acts
        lists[k] = found
        return acts

    def memo_actions(state: MagicState, player: int) -> tuple[Action, ...]:
        table = state.table
        step = state.step
        if player == state.active and (step is main1 or step is main2) and not state.stack:
            k = player + 4 if state.land_played else player + 2
        elif not state.instants >> player & 1 and not state.cards.abilities:
            return pass_only  # (memo_can_act's no by the kept fact: nothing stored)
        else:
            k = player
        if tables[k] is not table:
            memo_can_act(state, player)
        return lists[k]

    def _activates(table: Table, player: int) -> bool:
        # the zone map is replaced only when a zone changes, a zone tuple only when that zone
        # does; most battlefields hold no permanent with an activated ability
        zones = table.zones
        field_known = fields[player]
        if field_known[0] is not zones:
            field = zones[battlefields[player]]
            holds = field_known[2] if field_known[1] is field else has_abilities(field, table)
            field_known = fields[player] = (zones, field, holds)
        return field_known[2]

    def memo_drawn(before: Table, after: Table, player: int, card: str) -> bool:
        # at instant timing a player's answer reads their hand's instants, their battlefield
        # (mana, abilities) and the targets (battlefields, players, the stack): a draw changes
        # none of them but the drawer's hand, by one card, which only an instant would list
        other = 1 - player
        theirs = tables[other] is before
        if theirs:
            tables[other] = after
        if tables[player] is not before or card in instants:
            return False
        tables[player] = after
        return not answers[player] and theirs and not answers[other]

    return Priority(memo_can_act, memo_actions, memo_drawn)


def _can_act(
    table: Table,
    player: int,
    hand: tuple[EntityId, ...],
    sorcery: bool,
    land_ok: bool,
    mana: ManaCounts = mana_counts,
) -> bool:
    entities = table.entities
    if not sorcery:  # most checks: at instant timing a hand without an instant cannot act
        instants = _INSTANTS
        for i in hand:
            if entities[i].card in instants:
                break
        else:
            return False
    counts: list[int] | None = None
    total = 0
    castable = _CASTABLE
    for i in hand:
        card = entities[i].card
        spell = castable.get(card)
        if spell is None:  # a land
            if land_ok:
                return True
            continue
        speed, needs, value, selector, any_player, _ = spell
        if speed == _SORCERY and not sorcery:
            continue
        if counts is None:
            counts = mana(table, player)
            total = sum(counts)
            if not total:
                if land_ok:
                    continue  # a land later in the hand may still be played
                return False
        if value > total:
            continue
        for color, need in needs:  # affords(), inlined: the check runs ~5 times a decision
            if counts[color] < need:
                break
        else:
            if selector is None or any_player:
                return True
            for t in selector(table, Ctx(i, player)):
                if t != i and is_alive(entities[t]):  # a living target other than the spell
                    return True
    return False


def priority_actions(
    state: MagicState, player: int, mana: ManaCounts = mana_counts
) -> tuple[Action, ...]:
    """What *player* holding priority may do: ``pass`` first, then a land, then each spell
    they can pay for (with each legal target), then each ability they can activate (with each
    legal target); copies of a card in hand are one choice.  *mana* counts their mana."""
    table = state.table
    sorcery, land_ok = _timing(state, player)
    hand = table.zones[HAND[player]]
    actions = _choices(table, player, hand, sorcery, land_ok, mana) if hand else _PASS_ONLY
    if state.cards.abilities:
        return (*actions, *activations(table, player, sorcery=sorcery))
    return actions


def _choices(
    table: Table,
    player: int,
    hand: tuple[EntityId, ...],
    sorcery: bool,
    land_ok: bool,
    mana: ManaCounts,
) -> tuple[Action, ...]:
    """``pass``, then the lands and spells of *hand* :func:`priority_actions` lists (its
    abilities aside).  At instant timing only instants are listed: the memo of
    :func:`make_priority` calls it only for a hand holding one."""
    entities = table.entities
    counts: list[int] | None = None
    total = 0
    actions = [PASS]
    seen: list[str] = []  # (a hand holds few distinct cards: a list, no set built)
    listed = _LISTED
    for i in hand:
        card = entities[i].card
        spell = listed[card]
        if spell is None:  # a land
            if land_ok and card not in seen:  # copies of a card are the same choice
                seen.append(card)
                actions.append(_LANDS[i] if i < PREBUILT else Action(_PLAY_LAND, i))
            continue
        slow, needs, value, selector, lister = spell
        if slow and not sorcery:
            continue
        if counts is None:
            counts = mana(table, player)
            total = sum(counts)
        if value > total:
            continue
        for color, need in needs:  # affords(), inlined
            if counts[color] < need:
                break
        else:
            # copies of a spell are the same choice (and are affordable alike: the first
            # listed is the first in hand, as when every card was looked up once)
            if card in seen:
                continue
            seen.append(card)
            if selector is None:
                actions.append(_CASTS[i] if i < PREBUILT else Action(_CAST, i))
                continue
            if lister is not None:
                for t in lister(table, i):
                    actions.append(make_action(_CAST, i, t))
                continue
            for t in selector(table, Ctx(i, player)):
                if t != i and is_alive(entities[t]):
                    actions.append(make_action(_CAST, i, t))
    return tuple(actions) if len(actions) > 1 else _PASS_ONLY


def everyone_passes(
    state: MagicState, can_act: CanAct, step: Step | None = None, active_cannot: bool = False
) -> bool:
    """True when a priority window at *step* (default: the state's step) would only be passed
    through: both players skip trivial decisions, the stack is empty and neither can act.  The
    one rule behind every "the window does not open" of the turn.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(hands=(("shock",), ("shock",)), battlefields=(("forest",), ("mountain",)))
    >>> everyone_passes(s, can_act)  # the second player's Mountain pays for their Shock
    False
    >>> nobody = lambda state, player, step=None: False  # a can_act that always says no
    >>> everyone_passes(s, nobody), everyone_passes(s.replace(skip=0b01), nobody)
    (True, False)
    """
    if state.skip != 0b11 or state.stack:
        return False
    # at instant timing a hand without an instant (the kept fact) cannot act when no card of
    # the game has an ability: can_act's no, without the call
    if not state.instants and not state.cards.abilities:  # (the commonest case: no instant)
        if active_cannot:
            return True
        if step is None:
            step = state.step
        # (only the active player's main phase asks; a step is compared by identity)
        return not ((step is _MAIN1 or step is _MAIN2) and can_act(state, state.active, step))
    active = state.active
    bits = 0b11 if state.cards.abilities else state.instants
    if (
        not active_cannot
        and (bits >> active & 1 or (state.step if step is None else step) in _MAINS)
        and can_act(state, active, step)
    ):
        return False
    return not bits >> (1 - active) & 1 or not can_act(state, 1 - active, step)


def open_window(state: MagicState, can_act: CanAct, active_cannot: bool = False) -> MagicState:
    """Open a priority window for the active player; when everyone would pass
    (:func:`everyone_passes`) the window does not open at all.  *active_cannot*: the caller
    asked already whether the active player can act on this table and timing, and they cannot
    (only the other player is asked)."""
    if everyone_passes(state, can_act, None, active_cannot):
        if state.window or state.passes:
            return set_window(state, False, state.holder, 0)
        return state  # already closed (an earlier step's window): nothing to write
    return set_window(state, True, state.active, 0)


def open_window_at(
    state: MagicState, step: Step, can_act: CanAct, nobody: bool = False
) -> MagicState:
    """:func:`open_window` on entering *step* from the step before (the turn table's
    ``enter_at``): the step and the window are written at once, not one after the other.
    *nobody*: the caller knows already that everyone passes (:func:`everyone_passes` is not
    asked again)."""
    if nobody or everyone_passes(state, can_act, step):
        if state.window or state.passes:
            return _step_window(state, step, False, state.holder, 0)
        # (the draw step's entering action writes its step with the card drawn)
        return state if state.step is step else set_step(state, step)
    return _step_window(state, step, True, state.active, 0)


def _resolve(state: MagicState, item: StackItem, fresh: bool = False) -> MagicState:
    """The top item resolves, and state-based actions are checked (:func:`settle`).  *fresh*:
    the item is a spell cast just now, and nothing happened since but its payment
    (:func:`pass_priority`'s *fresh*)."""
    frame = item.frame
    if not item.spell:  # a triggered or activated ability
        if fizzles(state, frame):
            return settle(state)  # its target is gone: it does nothing
        # (a program that can kill nobody: the death phase is not looked for)
        harmless = (frame.card, frame.slot) in HARMLESS
        return settle(start_item(state, RULES, item), deaths=not harmless)
    source, controller, target = frame.ctx.source, frame.ctx.controller, frame.ctx.target
    assert source is not None
    card = state.table.entities[source].card
    if (
        target is not None
        and not (fresh and card in _LISTERS)
        and target not in (spell_targets(state, card, source, controller) or ())
    ):
        return settle(state)  # its target is gone: countered on resolution (to the graveyard)
    if is_permanent(card):
        # a permanent entering kills nobody (auras never lower health below damage): only auras
        # and triggers are looked at
        return settle(enter_battlefield(state, source, controller), checks=False)
    if (card, "play") in POOL.programs:
        harmless = (card, "play") in HARMLESS
        return settle(start_item(state, RULES, item), deaths=not harmless)
    return settle(state)


def pass_priority(
    state: MagicState, can_act: CanAct, autos: int = 0, quiet: bool = False, fresh: bool = False
) -> MagicState:
    """The holder passes; then every player who skips trivial decisions and cannot act passes
    too (seed 002's inner priority loop), until somebody must decide, a resolving item asks a
    question, or the step ends.  Each automatic pass is counted in ``autos`` (*autos*: those
    the caller made already); the priority fields are written once, not once a pass.
    *quiet*: the caller knows that nobody can respond to the stack as it is
    (:func:`nobody_responds`): the passes before the top item resolves ask nothing.  *fresh*
    (with *quiet*): the top item is a spell just cast, and nothing happened since but its
    payment, which taps mana sources and moves the spell: a target any creature or any target
    (:func:`~.engine.target_lister`'s, which reads no tapped status) is still legal, and is not
    looked for again in the list of targets when it resolves (:func:`cast_passed`)."""
    passes, holder = state.passes, state.holder
    # who may hold an instant (the kept fact; both when a card of the game has an ability): a
    # player who holds none and is not at sorcery timing (the active player, the stack empty)
    # cannot act, without the call
    bits = 0b11 if state.cards.abilities else state.instants
    while True:
        passes += 1
        if passes < 2:  # the next player receives priority
            holder = 1 - holder
            if not quiet and (
                not state.skip >> holder & 1
                or (
                    (bits >> holder & 1 or (holder == state.active and not state.stack))
                    and can_act(state, holder)
                )
            ):
                return set_priority(state, passes, holder, state.autos + autos)
            autos += 1
            continue
        # everybody passed in succession: the step ends, or the top of the stack resolves
        if not state.stack:
            return _all_passed(state, False, holder, passes, state.autos + autos)
        # the kit's pop_item (the active player will receive priority) and the passes counted,
        # in one write
        *rest, item = state.stack
        ctx = item.frame.ctx
        source = ctx.source
        if (
            item.spell
            and ctx.target is None
            and source is not None
            and state.table.entities[source].card in _PERMANENTS
        ):
            # _resolve of a permanent spell without a target, with the pop in the same write
            table = entered_table(state.table, source, ctx.controller)
            state = _popped_entered(state, table, tuple(rest), state.active, 0, state.autos + autos)
            state = settle(fire(state, MagicEvent.ENTERS, source), checks=False)
        else:
            state = _popped(state, tuple(rest), state.active, 0, state.autos + autos)
            state = _resolve(state, item, fresh)
        return _after_resolving(state, can_act)


def _after_resolving(state: MagicState, can_act: CanAct) -> MagicState:
    """:func:`pass_priority` once the top item resolved: the window opens again (or the step's
    window does not open at all), and the passing goes on when its holder passes
    automatically."""
    if state.pending is not None or state.lost:
        return state
    if state.stack:
        if not state.window:
            state = state.replace(window=True)
        if nobody_responds(state):  # (a trigger: both pass, it resolves)
            return pass_priority(state, can_act, 1, True)
    elif state.skip == 0b11 and can_act(state, state.active):
        # open_window's answer when the active player can act, and theirs is the question
        # asked next below: asked once, not twice (the pop gave them priority already: the
        # window, open when the spell was cast, is written only when it was closed)
        if state.window and state.holder == state.active and not state.passes:
            return state
        return set_window(state, True, state.active, 0)
    else:
        # (skipping, the active player was asked above: they cannot act)
        asked = state.skip == 0b11
        state = open_window(state, can_act, asked)
        if not state.window:
            return state
        if asked:  # the window opened for the other player: the active player passes
            return pass_priority(state, can_act, 1)
    if not state.skip >> state.holder & 1 or can_act(state, state.holder):
        return state
    return pass_priority(state, can_act, 1)


def cast(
    state: MagicState, player: int, card_id: EntityId, target: int, tapped: Tapped | None = None
) -> MagicState:
    """*player* pays for *card_id* and puts it on the stack (with *target*, ``-1``: none); they
    receive priority.  *tapped* is the game's memo of tapped permanents (``engine.Tapped``)."""
    card = state.table.entities[card_id].card
    cost, regs = _CAST_FACTS[card]
    table = paid_and_moved(state.table, player, cost, card_id, ZONES.stack, tapped)
    # (an entity id: EntityId() would be a call, ~600 instructions)
    aimed: EntityId | None = target if target >= 0 else None  # type: ignore[assignment]
    ctx = _ctx(card_id, player, aimed)
    item = _item(_frame(card, "play", 0, ctx, regs, 0), True)
    # paying, moving the card and the kit's push_item (its controller receives priority), in
    # one write of the state
    return out_of_hand(_cast(state, table, (*state.stack, item), player, 0), player, card)


def cast_passed(
    state: MagicState,
    player: int,
    card_id: EntityId,
    target: int,
    can_act: CanAct,
    tapped: Tapped | None = None,
) -> MagicState:
    """:func:`cast`, then the caster's automatic pass when they skip trivial decisions and
    cannot respond to their own spell (:func:`pass_priority`, counted in ``autos``).

    The commonest cast is fused: a permanent spell without a target cast on an empty stack,
    both players skipping trivial decisions, no instant in either hand and no activated ability
    in the game — then neither player can respond (at instant timing only an instant or an
    ability acts), both pass and the spell resolves at once: the table paid, moved and entered,
    the state written once, with no stack item built and no "can act?" asked.  Any other spell
    nobody can respond to (:func:`nobody_responds`: an aura, a sorcery, an instant, a spell with
    a target) is cast and both passes are made without asking (:func:`pass_priority`'s
    *quiet*), up to its resolution.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(hands=(("grizzly_bears",), ()), battlefields=(("forest", "forest"), ()))
    >>> s = s.replace(skip=0b11, window=True)
    >>> bears = s.table.zones[HAND[0]][0]
    >>> fused = cast_passed(s, 0, bears, -1, can_act)
    >>> fused == pass_priority(cast(s, 0, bears, -1), can_act, 1)
    True
    >>> bears in fused.table.zones[BATTLEFIELD[0]], fused.autos - s.autos
    (True, 2)
    """
    table = state.table
    card = table.entities[card_id].card
    quiet = (  # nobody_responds, inlined (a call per cast)
        state.skip == 0b11
        and not state.cards.abilities
        and (not state.instants or not _instant_in_hands(table, card_id))
    )
    if quiet and target < 0 and card in _PERMANENTS and not state.stack:
        table = paid_and_entered(table, player, _CAST_FACTS[card][0], card_id, tapped)
        # the caster's pass, the opponent's pass and the pop: as pass_priority writes them
        state = _popped_entered(state, table, (), state.active, 0, state.autos + 2)
        state = fire(state, MagicEvent.ENTERS, card_id)
        if state.queue or state.frames or state.cards.auras:  # (else settle changes nothing)
            state = settle(state, checks=False)
        return _after_resolving(state, can_act)
    state = cast(state, player, card_id, target, tapped)
    if quiet:  # nobody can respond: both pass (asking nothing) and the spell resolves (its
        # target found legal when it was chosen, before the payment)
        return pass_priority(state, can_act, 1, True, True)
    if state.skip >> player & 1 and not can_act(state, player):
        return pass_priority(state, can_act, 1)
    return state


def nobody_responds(state: MagicState, cast: EntityId | None = None) -> bool:
    """True when neither player can act at instant timing whatever the table: both skip
    trivial decisions, no card of the game has an activated ability and neither hand holds an
    instant (:func:`can_act` then says no to both, :func:`pass_priority` passes for both);
    *cast*: a card in hand about to be cast (not counted: it leaves the hand).

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(hands=(("grizzly_bears",), ()), battlefields=(("forest",), ("forest",)))
    >>> nobody_responds(s), nobody_responds(s.replace(skip=0b01))
    (True, False)
    >>> nobody_responds(position(hands=((), ("giant_growth",))))  # an instant: not known
    False
    """
    return (
        state.skip == 0b11
        and not state.cards.abilities
        and (not state.instants or not _instant_in_hands(state.table, cast))
    )


def _instant_in_hands(table: Table, cast: EntityId | None = None) -> bool:
    """True when either player holds an instant (other than *cast*, the card being cast)."""
    entities, zones, instants = table.entities, table.zones, _INSTANTS
    for i in zones[HAND[0]]:  # (each hand by a loop of its own: no tuple of the two to walk)
        if entities[i].card in instants and i != cast:
            return True
    for i in zones[HAND[1]]:  # noqa: SIM110 - a loop, not any(): no generator
        if entities[i].card in instants and i != cast:
            return True
    return False
