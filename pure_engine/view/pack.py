"""The page's data: scenes packed so that a zone drawn twice is stored once.

A :class:`Pack` collects the scenes of every step and every view; each
distinct zone (as JSON text) and each distinct scene get one index, so a
1000-move record stays small: a move changes one or two zones, the rest are
references.

>>> from pure_engine.core.scene import Card, Scene, Zone
>>> pack = Pack()
>>> hand = Zone("hand", 0, 0, (Card("AS"),))
>>> a = pack.add(Scene((hand,), ("one",)))
>>> b = pack.add(Scene((hand, Zone("pile", 0, 60)), ("two",)))
>>> a, b, len(pack.to_json()["zones"])
(0, 1, 2)
"""

from __future__ import annotations

import json
from typing import Any

from pure_engine.core.scene import Scene, zone_to_json

__all__ = ["Pack"]


class Pack:
    """Distinct zones, texts and scenes, each stored once (built in one function call)."""

    def __init__(self) -> None:
        self._zones: dict[str, int] = {}
        self._texts: dict[str, int] = {}
        self._scenes: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self._zone_cache: dict[Any, int] = {}

    def add(self, scene: Scene) -> int:
        """The index of *scene* in the pack (added if new)."""
        zones = tuple(self._zone(zone) for zone in scene.zones)
        texts = tuple(self._texts.setdefault(text, len(self._texts)) for text in scene.texts)
        return self._scenes.setdefault((zones, texts), len(self._scenes))

    def _zone(self, zone: Any) -> int:
        found = self._zone_cache.get(zone)
        if found is not None:
            return found
        text = json.dumps(zone_to_json(zone), separators=(",", ":"), ensure_ascii=False)
        index = self._zones.setdefault(text, len(self._zones))
        self._zone_cache[zone] = index
        return index

    def to_json(self) -> dict[str, Any]:
        """``{"zones": [...], "texts": [...], "scenes": [[zone ids], [text ids]]}``."""
        return json.loads(self.to_json_text())  # type: ignore[no-any-return]  # a dict here

    def to_json_text(self) -> str:
        """:meth:`to_json` as compact JSON text (the zones are not encoded twice)."""
        zones = ",".join(self._zones)
        texts = json.dumps(list(self._texts), separators=(",", ":"), ensure_ascii=False)
        scenes = json.dumps([[list(z), list(t)] for z, t in self._scenes], separators=(",", ":"))
        return f'{{"zones":[{zones}],"texts":{texts},"scenes":{scenes}}}'
