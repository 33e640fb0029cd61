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
  consistent with everything they saw (PIMC and IS-MCTS determinize with it).

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
"""

from __future__ import annotations

import random

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

__all__ = ["ZoneView", "is_known", "observe_table", "resample_table"]

ZoneView = tuple[ZoneId, tuple[Entity, ...]] | tuple[ZoneId, int, tuple[tuple[int, Entity], ...]]
"""A zone as a player sees it: its entities, or its size and the known entities by position."""


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


def resample_table(table: Table, layout: Layout, player: int, rng: random.Random) -> Table:
    """Deal anew the identities of the entities *player* cannot see, within each owner's cards."""
    entities, zone_map = table.entities, table.zones
    hidden: dict[int, list[EntityId]] = {}
    for zone in layout.zones:
        if can_see(zone.spec, player):
            continue
        for i in zone_map[zone.id]:
            entity = entities[i]
            if not entity.known >> player & 1:
                hidden.setdefault(entity.owner, []).append(i)
    for ids in hidden.values():
        if len(ids) < 2:
            continue
        identities = [entity_identity(entities[i]) for i in ids]
        rng.shuffle(identities)
        for entity_id, identity in zip(ids, identities, strict=True):
            old = entities[entity_id]
            table = put(table, old.replace(**dict(zip(IDENTITY_FIELDS, identity, strict=True))))
    return table
