"""Priority and the stack (rules 117, 405, 601, 608): what a player may do, opening a window,
passing, casting, resolving.

A player holding priority may pass, play a land (their main phase, the stack empty, none played
yet this turn), cast a spell they can pay for (an instant or a card with flash at any time,
anything else at sorcery timing) with a legal target, in each mode of a modal spell, or
activate an ability (:mod:`~.abilities`):
:func:`priority_actions` lists those choices and :func:`can_act` says whether there is more
than ``pass`` — the same list, stopped at its first choice.  A window opens for the active
player at each step (:func:`open_window`); when both players skip trivial decisions and
neither can act, it does not open at all.  :func:`pass_priority` is one pass: the next player
receives priority, or, when everybody passed in succession, the top of the stack resolves
(:func:`resolve`) and the active player receives priority again, or the step ends.  A player
who skips trivial decisions and cannot act passes at once: that is the skip-trivial rule,
:func:`~.actions.auto`, the one place that asks it of a priority holder.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from pure_engine.cards import Ctx
from pure_engine.cards.runtime import EntityId, Frame, mode_slot, move
from pure_engine.games.magic_lite.abilities import activations, fizzles
from pure_engine.games.magic_lite.cards import POOL, cost_of, is_permanent
from pure_engine.games.magic_lite.engine import (
    HAND,
    RULES,
    ZONES,
    announce_x,
    can_pay,
    enter_battlefield,
    mana_counts,
    paid,
    settle,
)
from pure_engine.games.magic_lite.protection import can_target
from pure_engine.games.magic_lite.stack import StackItem, pop_item, push_item, start_item
from pure_engine.games.magic_lite.state import FLASH, Act, Action, MagicState, Step

__all__ = [
    "PASS",
    "can_act",
    "cast",
    "everyone_passes",
    "open_window",
    "pass_priority",
    "priority_actions",
    "resolve",
    "spell_targets",
]

PASS: Final = Action(Act.PASS)
_CAST_SLOTS: Final = {
    key: tuple(mode_slot(k) for k in range(len(d.modes))) or ("play",)
    for key, d in POOL.defs.items()
}
"""The program slot a card is cast with: ``play``, or each mode of a modal card (its mode is
chosen as it is cast, rule 601.2b)."""
_INSTANT_SPEED: Final = frozenset(
    key for key, d in POOL.defs.items() if "instant" in d.types or d.tags & FLASH
)
"""The cards that may be cast whenever their owner holds priority: instants, and the cards with
flash (rule 702.8a); any other waits for sorcery timing."""
_LANDS: Final = frozenset(key for key, d in POOL.defs.items() if "land" in d.types)
"""The land cards: played, not cast (rule 305)."""


def is_sorcery_timing(state: MagicState, player: int, step: Step) -> bool:
    """True when *player* may do at *step* what waits for sorcery timing (rule 307.1): it is
    their main phase and the stack is empty."""
    return player == state.active and step in (Step.MAIN1, Step.MAIN2) and not state.stack


def spell_targets(
    state: MagicState, card: str, source: EntityId, controller: int, slot: str = "play"
) -> tuple[EntityId, ...] | None:
    """The legal targets of *card* cast by *controller* (``None``: the card has no target), in
    its mode *slot* for a modal card: those its selector offers that it may target
    (:func:`~.protection.can_target`: hexproof, protection)."""
    selector = POOL.targets.get(card) if slot == "play" else POOL.ability_targets.get((card, slot))
    if selector is None:
        return None
    ctx = Ctx(source, controller)
    return tuple(
        i for i in selector(state.table, ctx) if i != source and can_target(state.table, ctx, i)
    )


def _choices(state: MagicState, player: int, step: Step) -> Iterator[Action]:
    """What *player* holding priority at *step* may do besides passing, in order: the cards of
    their hand (a land they may play, a spell they can pay for, with each legal target), then
    each ability they can activate.  Copies of a card in hand are one choice."""
    table = state.table
    entities = table.entities
    sorcery = is_sorcery_timing(state, player, step)
    counts: list[int] | None = None  # the player's mana, counted when a spell asks
    # a list, not a set: a hand holds a few names, compared by identity, and a set costs its
    # allocation and a hash lookup per card (with the test below put first, instant speed
    # before copies: 195.4 M -> 190.9 M instructions on the ``magic`` workload, compiled)
    seen: list[str] = []
    for i in table.zones[HAND[player]]:
        card = entities[i].card
        if not (sorcery or card in _INSTANT_SPEED) or card in seen:
            continue
        if card in _LANDS:
            if not state.land_played:
                seen.append(card)
                yield Action(Act.PLAY_LAND, i)
            continue
        if counts is None:
            counts = mana_counts(table, player)
        if not can_pay(cost_of(card), counts):
            continue
        seen.append(card)
        for mode, slot in enumerate(_CAST_SLOTS[card]):  # each mode of a modal card
            targets = spell_targets(state, card, i, player, slot)
            if targets is None:
                yield Action(Act.CAST, i, -1, mode)
            else:
                for t in targets:
                    yield Action(Act.CAST, i, t, mode)
    if state.cards.abilities:  # a card of the game has an activated ability
        yield from activations(table, player, sorcery=sorcery)


def priority_actions(state: MagicState, player: int) -> tuple[Action, ...]:
    """What *player* holding priority may do: ``pass`` first, then the cards of their hand in
    hand order (a land they may play, a spell they can pay for with each legal target), then
    each ability they can activate (with each legal target); copies of a card in hand are one
    choice.

    >>> from pure_engine.games.magic_lite.rules import action_to_str, position
    >>> s = position(hands=(("shock", "forest"), ()), battlefields=(("mountain",), ()))
    >>> [action_to_str(s, a) for a in priority_actions(s, 0)]
    ['pass', 'cast Shock -> p0', 'cast Shock -> p1', 'play Forest']
    """
    return (PASS, *_choices(state, player, state.step))


def can_act(state: MagicState, player: int) -> bool:
    """True when *player*, holding priority, could do more than pass: the first of
    :func:`priority_actions`' choices, found without listing the others.

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(hands=(("shock",), ("shock",)), battlefields=(("forest",), ("mountain",)))
    >>> can_act(s, 0), can_act(s, 1)  # a Forest does not pay for Shock; a Mountain does
    (False, True)
    """
    return _can_act_at(state, player, state.step)


def _can_act_at(state: MagicState, player: int, step: Step) -> bool:
    """:func:`can_act` at *step* (a step about to begin: :func:`everyone_passes`)."""
    # a loop, not ``next(..., None)``: compiled, ``next`` is looked up among the builtins and
    # called through Python at every call (201.7 M -> 195.4 M instructions on ``magic``)
    for _ in _choices(state, player, step):
        return True
    return False


def everyone_passes(state: MagicState, step: Step) -> bool:
    """True when a priority window at *step* would only be passed through: both players skip
    trivial decisions, the stack is empty and neither can act.

    >>> from pure_engine.games.magic_lite.rules import position
    >>> s = position(hands=(("shock",), ("shock",)), battlefields=(("forest",), ("mountain",)))
    >>> everyone_passes(s, s.step)  # the second player's Mountain pays for their Shock
    False
    """
    return (
        state.skip == 0b11
        and not state.stack
        and not _can_act_at(state, state.active, step)
        and not _can_act_at(state, 1 - state.active, step)
    )


def open_window(state: MagicState, step: Step) -> MagicState:
    """At *step* (one beginning, or the state's own) the active player receives priority (rule
    117.3a); when everyone would pass (:func:`everyone_passes`) the window does not open at all.
    The step, the window and its passes are one write of the state."""
    if everyone_passes(state, step):
        if step is state.step and not state.window and not state.passes:
            return state
        return state.replace(step=step, window=False, passes=0)
    if step is state.step and state.window and state.holder == state.active and not state.passes:
        return state  # open already (triggers put on the stack gave the active player priority)
    return state.replace(step=step, window=True, holder=state.active, passes=0)


def pass_priority(state: MagicState) -> MagicState:
    """The holder passes: the next player receives priority — or, when everybody passed in
    succession, the top of the stack resolves (:func:`resolve`) and the active player receives
    priority again, or the step ends (rule 117.4).  Whether the next player passes at once is
    the skip-trivial rule's question (:func:`~.actions.auto`), asked once there."""
    passes = state.passes + 1
    if passes < 2:  # the next player receives priority
        return state.replace(passes=passes, holder=1 - state.holder)
    # everybody passed in succession: the step ends, or the top of the stack resolves
    if not state.stack:
        return state.replace(window=False, passes=passes)
    state, item = pop_item(state, active=state.active)
    return _after_resolving(resolve(state, item))


def resolve(state: MagicState, item: StackItem) -> MagicState:
    """*item*, taken off the stack, resolves (rule 608), and state-based actions are checked.
    A spell or ability whose target is no longer legal does nothing (rule 608.2b): a spell goes
    to its owner's graveyard."""
    frame = item.frame
    if not item.spell:  # a triggered or activated ability
        if fizzles(state, frame):
            return settle(state)
        return settle(start_item(state, RULES, item))
    source, controller, target = frame.ctx.source, frame.ctx.controller, frame.ctx.target
    assert source is not None
    card = state.table.entities[source].card
    legal = spell_targets(state, card, source, controller, frame.slot)
    if target is not None and target not in (legal or ()):
        return settle(state)
    if is_permanent(card):  # a permanent spell enters the battlefield (rule 608.3)
        return settle(enter_battlefield(state, source, controller))
    if (card, frame.slot) in POOL.programs:
        return settle(start_item(state, RULES, item))
    return settle(state)


def _after_resolving(state: MagicState) -> MagicState:
    """The active player receives priority after an item resolved (rule 117.3b) — or, with the
    stack empty and nobody able to act, the step's window closes."""
    if state.pending is not None or state.lost:
        return state
    return state.replace(window=True) if state.stack else open_window(state, state.step)


def cast(
    state: MagicState, player: int, card_id: EntityId, target: int, mode: int = 0
) -> MagicState:
    """*player* casts *card_id* (with *target*, ``-1``: none, in *mode* if the card is modal;
    assumed legal): they pay its cost, it goes on the stack, and they receive priority (rule
    601.2) — for a spell with X in its cost, once they have chosen X and paid it
    (:func:`~.engine.announce_x`: a decision)."""
    card = state.table.entities[card_id].card
    table = move(paid(state.table, player, cost_of(card)), card_id, ZONES.stack)
    slot = _CAST_SLOTS[card][mode]
    program = POOL.programs.get((card, slot))
    regs = (0,) * program.regs if program is not None else ()
    aimed = EntityId(target) if target >= 0 else None
    frame = Frame(card, slot, 0, Ctx(card_id, player, aimed), regs)
    state = push_item(state, StackItem(frame, spell=True), table)
    return announce_x(state, player, card_id) if cost_of(card).x else state
