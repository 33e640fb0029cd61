"""A card table as a scene, from the kit's zones and visibility (any game built on the kit).

:func:`table_zones` lays out what one player sees of a table — the
:func:`~pure_engine.cards.view.observe_table` views, so a hidden card can only
be drawn face down — or the whole truth (:func:`truth_views`).  Player 1's
zones sit at the top, shared zones (a stack) in the middle, player 0's at the
bottom; boards and hands are rows of wide cards with their stats and keywords,
the other zones (hero, weapon, deck, graveyard) small piles at the side.

>>> from pure_engine.core.zones import Visibility as V
>>> from pure_engine.cards.runtime.table import Layout, create, new_table
>>> layout = Layout.build([("hand", 0, V.OWNER), ("hand", 1, V.OWNER)])
>>> t, _ = create(new_table(layout), layout.zone("hand", 1), card="yeti", owner=1)
>>> [(z.name, [c.face for c in z.cards]) for z in table_zones(observe_table(t, layout, 0),
...     layout, {})]
[('hand1', ['']), ('hand0', [])]
>>> [c.face for c in table_zones(truth_views(t, layout), layout, {})[0].cards]
['yeti']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pure_engine.cards.runtime.table import Entity, EntityId, Layout, Table
from pure_engine.cards.runtime.view import ZoneView, observe_table
from pure_engine.core.scene import FACE_DOWN, Card, Zone

__all__ = ["WIDE_KINDS", "entity_card", "observe_table", "table_zones", "truth_views"]

WIDE_KINDS = frozenset({"board", "battlefield", "hand"})
"""Zone kinds drawn as rows of wide cards; the others are small piles at the side."""

_ROW = 122  # pixels per row of wide cards (a pile's count below it)
_SIDE = 112  # pixels per small pile, across


def truth_views(table: Table, layout: Layout) -> tuple[ZoneView, ...]:
    """Every zone with every entity: the view of somebody who sees everything."""
    return tuple(
        (zone.id, tuple(table.entities[i] for i in table.zones[zone.id])) for zone in layout.zones
    )


def entity_card(entity: Entity, keywords: Mapping[str, int], *, mark: str = "") -> Card:
    """An entity as a drawn card: name, ``cost`` and ``attack/health`` (damage taken off),
    armor, and its keyword names.

    >>> entity_card(Entity(1, "yeti", 0, "board0", cost=4, attack=4, health=5, damage=1), {})
    Card(face='yeti', stats='(4) 4/4', tags='', mark='')
    """
    parts = [f"({entity.cost})"] if entity.cost else []
    if entity.attack or entity.health:
        parts.append(f"{entity.attack}/{entity.health - entity.damage}")
    if entity.armor:
        parts.append(f"+{entity.armor}")
    stats = " ".join(parts)
    tags = " ".join(name for name, bit in keywords.items() if entity.tags & bit)
    return Card(entity.card, stats, tags, mark)


def table_zones(
    views: Sequence[ZoneView],
    layout: Layout,
    keywords: Mapping[str, int],
    *,
    top: int = 30,
    marks: Mapping[EntityId, str] | None = None,
) -> tuple[Zone, ...]:
    """The zones of *views* laid out on the table (see the module docstring).

    *marks* maps entity ids to a highlight (``"attacking"``...).
    """
    marks = marks or {}
    by_id = {zone.id: zone for zone in layout.zones}
    blocks: dict[int | None, list[Zone]] = {1: [], None: [], 0: []}
    for view in views:
        info = by_id[view[0]]
        cards = _cards(view, keywords, marks)
        layout_name = "grid" if info.kind in WIDE_KINDS else "pile"
        owner = info.spec.owner if info.spec.owner in (0, 1) else None
        blocks[owner].append(Zone(str(view[0]), 0, 0, cards, layout_name))
    placed: list[Zone] = []
    y = top
    for owner in (1, None, 0):
        zones = blocks[owner]
        wide = [z for z in zones if z.layout == "grid"]
        side = [z for z in zones if z.layout != "grid"]
        if owner == 1:
            wide.reverse()  # the board nearest the middle of the table
        rows = max(len(wide), (len(side) + 1) // 2)
        for index, zone in enumerate(wide):
            placed.append(_at(zone, 10 + 2 * _SIDE, y + index * _ROW))
        for index, zone in enumerate(side):
            placed.append(_at(zone, 10 + (index % 2) * _SIDE, y + (index // 2) * _ROW))
        y += rows * _ROW
    return tuple(placed)


def _at(zone: Zone, x: int, y: int) -> Zone:
    return Zone(zone.name, x, y, zone.cards, zone.layout, f"{len(zone.cards)}")


def _cards(
    view: ZoneView, keywords: Mapping[str, int], marks: Mapping[EntityId, str]
) -> tuple[Card, ...]:
    if len(view) == 2:
        return tuple(entity_card(e, keywords, mark=marks.get(e.id, "")) for e in view[1])
    _, count, known = view
    cards = [Card(FACE_DOWN)] * count
    for position, entity in known:
        cards[position] = entity_card(entity, keywords, mark="known")
    return tuple(cards)
