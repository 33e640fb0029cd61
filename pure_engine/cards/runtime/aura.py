"""Auras: continuous effects a card gives while in play, as a card declares them and compiled."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pure_engine.cards.runtime.table import Layout
from pure_engine.cards.selector_compiler import compile_selector
from pure_engine.cards.selectors import Compiled, Selector

__all__ = ["Aura", "AuraAttack", "AuraTerms", "compile_aura"]


AuraAttack = int | Callable[..., int]
"""An aura's Attack: added, or ``fn(entity)`` that sets it over every other change."""


@dataclass(frozen=True, slots=True)
class Aura:
    """A continuous effect: the entities ``selector`` selects (from the source) get the stats
    and the keyword bits ``tags`` (an attack ``fn(entity)`` sets the Attack).  ``per``: the
    stats count once for each entity it selects ("+1 Attack for each other Murloc");
    ``active``: the aura holds only while it selects something ("while you have a weapon
    equipped", "while this is damaged")."""

    selector: Selector
    attack: AuraAttack = 0
    health: int = 0
    tags: int = 0
    per: Selector | None = None
    active: Selector | None = None


AuraTerms = tuple[int, Compiled | None, Compiled | None]
"""An aura's keywords, ``per`` and ``active`` selectors, compiled."""


def compile_aura(
    aura: Aura, layout: Layout
) -> tuple[tuple[Compiled, AuraAttack, int], AuraTerms | None]:
    """An aura's selector and stats, and its other terms when it has any."""
    compiled = (compile_selector(aura.selector, layout), aura.attack, aura.health)
    if not aura.tags and aura.per is None and aura.active is None:
        return compiled, None
    per, active = (
        None if sel is None else compile_selector(sel, layout) for sel in (aura.per, aura.active)
    )
    return compiled, (aura.tags, per, active)
