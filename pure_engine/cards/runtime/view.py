"""Hidden information, generically: observations and resampling come from zone visibility.

A game on the kit never hand-writes what a player may see.  Each zone of the
:class:`~pure_engine.cards.runtime.table.Layout` has a visibility (public, owner-only,
hidden); an entity may also be *known* to a player although its zone hides it
(a card they looked at, tutored, or saw returned to a hand).

* :func:`observe_table` shows a player every entity they may see, and of the
  others only how many there are in each zone — not even their ids;
* :func:`resample_table` deals the cards a player cannot see anew: the
  identities (card, stats, keywords...) of the entities hidden from them are
  shuffled among the hidden entities of the same owner, so the result is
  consistent with everything they saw (PIMC and IS-MCTS determinize with it);
* a hidden zone may show one fact of each card in it (a :class:`Facet`): a played
  secret shows that it is a secret and its class, not which.  :func:`observe_facets`
  is that view, and :func:`resample_table` deals such a zone only cards with the
  same facts (and, for a ``distinct`` zone, no card twice).

>>> import random
>>> from pure_engine.core.zones import Visibility as V
>>> from pure_engine.cards.runtime.table import Layout, create, new_table
>>> layout = Layout.build([("hand", 0, V.OWNER), ("hand", 1, V.OWNER)])
>>> t = new_table(layout)
>>> for card in ("fireball", "wisp", "yeti"):
...     t, _ = create(t, layout.zone("hand", 1), card=card, owner=1)
>>> observe_table(t, layout, 0)[1]                      # player 0 sees 3 cards, no more
('hand1', 3, ())
>>> again = resample_table(t, layout, 0, random.Random(5))
>>> observe_table(again, layout, 0) == observe_table(t, layout, 0)
True
>>> sorted(e.card for e in again.entities.values())
['fireball', 'wisp', 'yeti']

A zone that shows a fact: player 1's played secrets show their class.

>>> layout = Layout.build([("hand", 1, V.OWNER), ("secret", 1, V.OWNER)])
>>> t = new_table(layout)
>>> for zone, card in (("hand", "wisp"), ("hand", "ice_block"), ("secret", "snipe")):
...     t, _ = create(t, layout.zone(zone, 1), card=card, owner=1)
>>> classes = {"ice_block": "mage", "snipe": "hunter"}
>>> facets = {"secret": Facet(lambda card: classes.get(card), distinct=True)}
>>> observe_facets(t, layout, 0, facets)
(('secret1', ('hunter',)),)
>>> {resample_table(t, layout, 0, random.Random(n), facets).entities[2].card for n in range(20)}
{'snipe'}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from pure_engine.cards.runtime.table import (
    IDENTITY_FIELDS,
    Entity,
    EntityId,
    Layout,
    Table,
    entity_identity,
    put,
)
from pure_engine.core.zones import ZoneId, can_see

__all__ = ["Facet", "ZoneView", "is_known", "observe_facets", "observe_table", "resample_table"]

ZoneView = tuple[ZoneId, tuple[Entity, ...]] | tuple[ZoneId, int, tuple[tuple[int, Entity], ...]]
"""A zone as a player sees it: its entities, or its size and the known entities by position."""


@dataclass(frozen=True, slots=True)
class Facet:
    """What a hidden zone shows of each card in it: ``of(card)`` (the same for every card that
    could be there, ``None`` for a card that never can); ``distinct``: no card twice in it."""

    of: Callable[[str], Hashable]
    distinct: bool = False


Facets = Mapping[str, Facet]
"""The facets by zone kind."""


def is_known(entity: Entity, player: int) -> bool:
    """True when *player* knows *entity*'s card although its zone hides it."""
    return bool(entity.known >> player & 1)


def observe_table(table: Table, layout: Layout, player: int) -> tuple[ZoneView, ...]:
    """What *player* sees of the table: per zone, the entities (visible zones) or the count and
    the known entities with their positions (hidden zones)."""
    entities, zone_map = table.entities, table.zones
    seen: list[ZoneView] = []
    for zone in layout.zones:
        ids = zone_map[zone.id]
        if can_see(zone.spec, player):
            seen.append((zone.id, tuple(entities[i] for i in ids)))
        else:
            known = tuple(
                (at, entities[i]) for at, i in enumerate(ids) if entities[i].known >> player & 1
            )
            seen.append((zone.id, len(ids), known))
    return tuple(seen)


def observe_facets(
    table: Table, layout: Layout, player: int, facets: Facets
) -> tuple[tuple[ZoneId, tuple[Hashable, ...]], ...]:
    """What the zones of *facets* hidden from *player* show: each card's facet, in zone order."""
    entities, zone_map = table.entities, table.zones
    return tuple(
        (zone.id, tuple(facets[zone.kind].of(entities[i].card) for i in zone_map[zone.id]))
        for zone in layout.zones
        if zone.kind in facets and not can_see(zone.spec, player)
    )


def resample_table(
    table: Table,
    layout: Layout,
    player: int,
    rng: random.Random,
    facets: Facets | None = None,
) -> Table:
    """Deal anew the identities of the entities *player* cannot see, within each owner's cards.

    The unknown cards of a zone with a :class:`Facet` get identities with the same facet (an
    unknown secret stays a secret of its class), drawn uniformly among those the owner's hidden
    cards hold; the rest are shuffled among the other hidden places.
    """
    entities, zone_map = table.entities, table.zones
    hidden: dict[int, list[EntityId]] = {}
    faceted: dict[int, list[tuple[EntityId, Facet]]] = {}
    for zone in layout.zones:
        if can_see(zone.spec, player):
            continue
        facet = facets.get(zone.kind) if facets else None
        for i in zone_map[zone.id]:
            entity = entities[i]
            if not entity.known >> player & 1:
                if facet is None:
                    hidden.setdefault(entity.owner, []).append(i)
                else:
                    faceted.setdefault(entity.owner, []).append((i, facet))
    for owner, places in faceted.items():
        table = _deal_facets(table, places, hidden.setdefault(owner, []), rng)
    entities = table.entities
    for ids in hidden.values():
        if len(ids) < 2:
            continue
        identities = [entity_identity(entities[i]) for i in ids]
        rng.shuffle(identities)
        for entity_id, identity in zip(ids, identities, strict=True):
            table = _deal(table, entity_id, identity)
    return table


def _deal(table: Table, entity_id: EntityId, identity: tuple[object, ...]) -> Table:
    old = table.entities[entity_id]
    fields: dict[str, Any] = dict(zip(IDENTITY_FIELDS, identity, strict=True))
    return put(table, old.replace(**fields))


_TRIES = 1000
"""Draws of a ``distinct`` zone before giving up (each is accepted with the chance that a
uniform draw has no card twice: tiny only when nearly every fitting card is one name)."""


def _deal_facets(
    table: Table, places: list[tuple[EntityId, Facet]], rest: list[EntityId], rng: random.Random
) -> Table:
    """Give each faceted place an identity with its facet, uniformly among the injections from
    the places into the owner's hidden identities (rejecting those with a card twice in a
    ``distinct`` zone); the identities left go to the places of *rest* (shuffled after)."""
    entities = table.entities
    pool = [entity_identity(entities[i]) for i, _ in places] + [
        entity_identity(entities[i]) for i in rest
    ]
    for _ in range(_TRIES):
        left = list(range(len(pool)))
        chosen: list[int] = []
        for entity_id, facet in places:
            want = facet.of(entities[entity_id].card)
            fits = [n for n in left if facet.of(str(pool[n][0])) == want]
            pick = fits[rng.randrange(len(fits))]
            left.remove(pick)
            chosen.append(pick)
        if _distinct(places, [pool[n] for n in chosen]):
            break
    else:  # only a table that no history reaches gets here
        raise AssertionError("no deal of the faceted zones keeps their cards distinct")
    for (entity_id, _), n in zip(places, chosen, strict=True):
        table = _deal(table, entity_id, pool[n])
    for entity_id, n in zip(rest, left, strict=True):
        table = _deal(table, entity_id, pool[n])
    return table


def _distinct(places: list[tuple[EntityId, Facet]], identities: list[tuple[object, ...]]) -> bool:
    seen: set[tuple[int, object]] = set()
    for (_, facet), identity in zip(places, identities, strict=True):
        if facet.distinct:
            card = (id(facet), identity[0])
            if card in seen:
                return False
            seen.add(card)
    return True
