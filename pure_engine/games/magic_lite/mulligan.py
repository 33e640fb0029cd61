"""The London mulligan (rule 103.5): the opening hands, decided before the first turn.

Each player has drawn seven cards.  The starting player, then the other, declares whether they
keep their hand (``keep``) or take a mulligan (``mulligan``); once both declared, every player
who took a mulligan shuffles their hand into their library, draws seven cards anew, and puts
as many cards on the bottom of their library as mulligans they have taken (``bottom Forest``,
one card at a time, in the order they choose).  Declarations go round again for the players
who have not kept, until nobody takes a mulligan; a player who kept keeps that hand.  A player
can take mulligans until their hand would be empty (seven), then only keep.

A game plays it when it is dealt with ``mulligan=True`` (a game parameter: off by default); the
state's ``mulligan`` (:class:`~.state.Mulligan`) holds the declarations until the first turn
begins, when it becomes ``None``.

>>> from pure_engine.games.magic_lite.rules import action_to_str, deal
>>> from pure_engine.games.magic_lite.decks import load_deck
>>> s = deal(load_deck("green_stompy"), load_deck("red_burn"), seed=3, skip=0b11, mulligan=True)
>>> opener(s), [action_to_str(s, a) for a in opening_actions(s)]
(0, ['keep', 'mulligan'])
>>> s = declared(s, mulligan=True)  # p0 takes a mulligan: p1 declares next
>>> opener(s), s.mulligan.mulliganed
(1, 1)
>>> s = declared(s, mulligan=False)  # p1 keeps; p0 shuffles, draws seven, puts one on the bottom
>>> opener(s), s.mulligan.to_bottom, len(s.table.zones[ZONES.hand[0]])
(0, (1, 0), 7)
>>> s = bottomed(s, s.table.zones[ZONES.hand[0]][0])
>>> len(s.table.zones[ZONES.hand[0]]), opener(s), s.mulligan.undecided
(6, 0, 1)
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards.runtime import EntityId, move
from pure_engine.core.rng import shuffled
from pure_engine.games.magic_lite.engine import ZONES, draw_cards
from pure_engine.games.magic_lite.state import Act, Action, MagicState, Mulligan

__all__ = [
    "HAND_SIZE",
    "KEEP",
    "MULLIGAN",
    "bottomed",
    "declared",
    "opener",
    "opening_actions",
]

HAND_SIZE: Final = 7
"""The starting hand size (rule 103.4), and how many mulligans a player can take."""
KEEP: Final = Action(Act.KEEP)
MULLIGAN: Final = Action(Act.MULLIGAN)


def _opening(state: MagicState) -> Mulligan:
    m = state.mulligan
    assert m is not None, "the opening hands are decided"
    return m


def opener(state: MagicState) -> int:
    """The player who decides about their opening hand now: the first player (in turn order)
    with cards to put on the bottom, else the first who has not kept nor declared this round."""
    m = _opening(state)
    for p in (0, 1):
        if m.to_bottom[p]:
            return p
    for p in (0, 1):
        if m.undecided >> p & 1 and not m.mulliganed >> p & 1:
            return p
    raise AssertionError(f"nobody decides about an opening hand: {m}")


def opening_actions(state: MagicState) -> tuple[Action, ...]:
    """``keep`` and ``mulligan`` (while fewer than seven were taken), or the cards of the hand to
    put on the bottom (copies are one choice)."""
    m = _opening(state)
    player = opener(state)
    if m.to_bottom[player]:
        entities = state.table.entities
        first: dict[str, EntityId] = {}
        for i in state.table.zones[ZONES.hand[player]]:
            first.setdefault(entities[i].card, i)
        return tuple(Action(Act.BOTTOM, i) for i in first.values())
    return (KEEP, MULLIGAN) if m.taken[player] < HAND_SIZE else (KEEP,)


def declared(state: MagicState, *, mulligan: bool) -> MagicState:
    """The opener keeps their hand or takes a mulligan; once every player who has not kept
    declared, those who took a mulligan take it (:func:`_take_mulligans`)."""
    m = _opening(state)
    bit = 1 << opener(state)
    if mulligan:
        m = m.replace(mulliganed=m.mulliganed | bit)
    else:
        m = m.replace(undecided=m.undecided & ~bit)
    if m.undecided and m.undecided != m.mulliganed:
        return state.replace(mulligan=m)  # another player declares
    if not m.undecided:
        return state.replace(mulligan=None)  # everybody kept: the first turn begins
    return _take_mulligans(state.replace(mulligan=m))


def _take_mulligans(state: MagicState) -> MagicState:
    """Each player who declared a mulligan shuffles their hand into their library and draws
    seven cards; they will put one card on the bottom per mulligan taken."""
    m = _opening(state)
    taken = list(m.taken)
    rng = state.rng
    assert rng is not None, "a dealt game keeps its generator"
    for p in (0, 1):
        if not m.mulliganed >> p & 1:
            continue
        table = state.table
        library, hand = ZONES.library[p], ZONES.hand[p]
        order, rng = shuffled(rng, (*table.zones[library], *table.zones[hand]))
        for i in table.zones[hand]:
            table = move(table, i, library)
        table = table.replace(zones=table.zones.set(library, order))
        state = draw_cards(state.replace(table=table, rng=rng), p, HAND_SIZE)
        taken[p] += 1
    bottom = (taken[0] if m.mulliganed & 1 else 0, taken[1] if m.mulliganed & 2 else 0)
    opening = Mulligan((taken[0], taken[1]), m.undecided, 0, bottom)
    return state.replace(mulligan=opening)


def bottomed(state: MagicState, card: EntityId) -> MagicState:
    """The opener puts *card* from their hand on the bottom of their library."""
    m = _opening(state)
    player = opener(state)
    table = move(state.table, card, ZONES.library[player], at=0)
    left = list(m.to_bottom)
    left[player] -= 1
    return state.replace(table=table, mulligan=m.replace(to_bottom=(left[0], left[1])))
