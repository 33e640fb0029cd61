"""The deal: a new game's table (both libraries shuffled, seven cards drawn each) or a set
position's, and the turn run to the first decision.

Compiled with the rules (it was the one part of a seeded game left to the interpreter: ~14 M
of the ``magic`` workload's instructions, a sixth, were the 20 deals).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pure_engine.cards.runtime import Entity, EntityId, Table, fresh_entity
from pure_engine.core.dense import DenseMap
from pure_engine.core.rng import Rng, shuffled
from pure_engine.core.zones import ZoneId, ZoneMap
from pure_engine.games.magic_lite.cards import LAYOUT, PLAYER, POOL, card_facts
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.state import CardFacts, MagicState, Mulligan
from pure_engine.games.magic_lite.turn import start_turns

__all__ = ["deal", "table_of"]

_OPENING_HAND: Final = 7


def table_of(cards: Sequence[tuple[ZoneId, str, int]]) -> Table:
    """A table holding the two player entities, then *cards* as ``(zone, card, owner)``: the
    entity of id ``k`` is the ``k``-th of them."""
    entities: list[Entity] = []
    zones: dict[ZoneId, list[EntityId]] = {z.id: [] for z in LAYOUT.zones}
    players = [(ZONES.player[p], PLAYER, p) for p in (0, 1)]
    for number, (zone, card, owner) in enumerate([*players, *cards]):
        entity_id = EntityId(number)
        entities.append(fresh_entity(POOL, card, entity_id, owner, zone))  # as dealt
        zones[zone].append(entity_id)
    return Table(
        DenseMap(tuple(entities)),  # ids 0, 1, 2...: the list is the map's tuple (a builder,
        # DenseMap.from_items, cost 156.7 M -> 154.9 M instructions on ``magic``, compiled)
        ZoneMap.from_items((zone, tuple(ids)) for zone, ids in zones.items()),
        len(entities),
    )


def deal(
    deck0: Sequence[str],
    deck1: Sequence[str],
    *,
    seed: int,
    skip: int,
    facts: CardFacts | None = None,
    mulligan: bool = False,
) -> MagicState:
    """Shuffle both libraries with ``Rng(seed)``, draw seven cards each (the library's top
    seven), and run to the first decision: with *mulligan*, the starting player's keep or
    mulligan (:mod:`~.mulligan`), else turn 1's (player 0 goes first); *facts* are the decks'
    :func:`~.cards.card_facts` (found from the decks when not given).

    >>> from pure_engine.games.magic_lite.decks import load_deck
    >>> s = deal(load_deck("green_stompy"), load_deck("red_burn"), seed=3, skip=0b11)
    >>> len(s.table.zones[ZONES.hand[1]]), len(s.table.zones[ZONES.library[1]])
    (7, 33)
    """
    if facts is None:
        facts = card_facts((*deck0, *deck1))
    rng = Rng(seed)
    cards = []
    for p, deck in enumerate((deck0, deck1)):
        order, rng = shuffled(rng, deck)
        top = len(order) - _OPENING_HAND
        for k, card in enumerate(order):
            cards.append((ZONES.library[p] if k < top else ZONES.hand[p], card, p))
    table = table_of(cards)
    zones = table.zones
    for p in (0, 1):  # drawn top first: the hand holds them in the reverse order
        zones = zones.set(ZONES.hand[p], zones[ZONES.hand[p]][::-1])
    table = table.replace(zones=zones)
    opening = Mulligan() if mulligan else None
    return start_turns(MagicState(table, rng=rng, skip=skip, cards=facts, mulligan=opening))
