"""Scenes: what a game draws, as plain data (zones of cards and a few lines of text).

A game family turns a state into a :class:`Scene` — for the whole truth, or
for one seat from the game's own ``observation`` — and the viewer
(:mod:`pure_engine.view`) draws scenes as SVG.  A card is a :class:`Card`:
a French card by its code (``"QS"``, ``"10H"``), any other text (``"17"``,
``"grizzly_bears"``), or face down (:data:`FACE_DOWN`); creatures and
permanents carry their stats and tags.  Renderers are registered by game name
(:func:`register_scene`), lazily, like the games themselves.

>>> table = Scene((Zone("North", 10, 10, (Card("AS"), Card(FACE_DOWN))),), ("NT by S",))
>>> scene_to_json(table)
{'zones': [['North', 10, 10, 'row', ['AS', ''], '']], 'texts': ['NT by S']}
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

from pure_engine.core.struct import Struct

__all__ = [
    "FACE_DOWN",
    "LAYOUTS",
    "Card",
    "Scene",
    "SceneFunction",
    "Zone",
    "card_to_json",
    "face_down",
    "register_scene",
    "scene_function",
    "scene_to_json",
]

FACE_DOWN: Final = ""
"""The face of a card its viewer cannot see."""

LAYOUTS: Final = frozenset({"row", "column", "stack", "grid", "pile"})
"""How a zone lays out its cards: a fanned row, a cascade down, only the top with a count,
wide cards (with stats) side by side, or only the top wide card with a count."""


class Card(Struct):
    """One card as drawn: its face (``""`` when face down), stats (``"2/3"``) and tags.

    ``mark`` highlights it (``"last"``: just moved; ``"attacking"``...).
    """

    face: str
    stats: str = ""
    tags: str = ""
    mark: str = ""


class Zone(Struct):
    """A labelled place on the table at ``(x, y)`` pixels, holding cards in a layout."""

    name: str
    x: int
    y: int
    cards: tuple[Card, ...] = ()
    layout: str = "row"
    note: str = ""


class Scene(Struct):
    """A table: its zones, then status lines (whose turn, the contract, the score...)."""

    zones: tuple[Zone, ...]
    texts: tuple[str, ...] = ()


SceneFunction = Callable[[Any, Any, "int | None"], Scene]
"""``scene(game, state, seat)``: the whole truth when *seat* is None, else what *seat*
observes (built from ``game.observation`` only, so a hidden card cannot show)."""


def face_down(count: int) -> tuple[Card, ...]:
    """*count* face-down cards.

    >>> face_down(2)
    (Card(face='', stats='', tags='', mark=''), Card(face='', stats='', tags='', mark=''))
    """
    return (Card(FACE_DOWN),) * count


def card_to_json(card: Card) -> str | list[str]:
    """A card as JSON: the face alone, or ``[face, stats, tags, mark]``.

    Cards, zones and scenes are structs (tuples underneath): a scene is hashed and
    compared at C speed when the viewer stores each distinct zone once.

    >>> card_to_json(Card("AS")), card_to_json(Card("bear", "2/2"))
    ('AS', ['bear', '2/2', '', ''])
    """
    if not (card.stats or card.tags or card.mark):
        return card.face
    return [card.face, card.stats, card.tags, card.mark]


def zone_to_json(zone: Zone) -> list[Any]:
    """A zone as JSON: ``[name, x, y, layout, cards, note]``."""
    assert zone.layout in LAYOUTS, zone.layout
    return [
        zone.name,
        zone.x,
        zone.y,
        zone.layout,
        [card_to_json(card) for card in zone.cards],
        zone.note,
    ]


def scene_to_json(scene: Scene) -> dict[str, Any]:
    """A scene as plain JSON data (what the viewer's page draws)."""
    return {"zones": [zone_to_json(z) for z in scene.zones], "texts": list(scene.texts)}


_SCENES: dict[str, SceneFunction | str] = {}


def register_scene(game_name: str, function: SceneFunction | str) -> None:
    """Register the scene function of a game: a callable or ``"module:function"`` (lazy)."""
    _SCENES[game_name] = function


def scene_function(game_name: str) -> SceneFunction | None:
    """The scene function registered for *game_name*, imported on first use, or None.

    >>> scene_function("no such game") is None
    True
    """
    found = _SCENES.get(game_name)
    if found is None or callable(found):
        return found
    module_name, _, attribute = found.partition(":")
    function: SceneFunction = getattr(importlib.import_module(module_name), attribute)
    _SCENES[game_name] = function
    return function
