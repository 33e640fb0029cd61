"""What a card in hand costs: its own text, then the kit's cost changes
(:mod:`pure_engine.cards.costs`) its player's hero enchantments and minions make (and the
opponent's, for an aura on both sides).

>>> from pure_engine.games.skirmish.base import HAND
>>> from pure_engine.games.skirmish.puzzle import parse_puzzle
>>> s = parse_puzzle('{"to_move": 0, "players": [{"class": "warlock", "mana": 3,'
...                  ' "hand": ["chillwind_yeti"], "board": [{"card": "summoning_portal"}]},'
...                  ' {"class": "hunter"}]}')
>>> cost_of(s, s.table.entities[s.table.zones[HAND.zones[0]][0]])
2
"""

from __future__ import annotations

from pure_engine.cards.costs import (
    COST_AURA,
    COST_CHANGE,
    CostChange,
    changed_cost,
    held_changes,
    uses_up,
)
from pure_engine.cards.runtime import SILENCED, Enchantment, Entity, Table, remove_buffs
from pure_engine.games.skirmish.base import (
    BOARD,
    HERO,
    SkirmishState,
)
from pure_engine.games.skirmish.rules import POOL

__all__ = ["changes_of", "cost_changes", "cost_of", "hand_cost", "spend_cost_changes"]


def cost_of(state: SkirmishState, card: Entity) -> int:
    """What hand card *card* costs now: its cost, less what its text takes off (the Giants), then
    the changes its player's enchantments and minions make (:func:`cost_changes`); only the
    result is kept from going below 0, as in the real game (a Molten Giant taken to (-2) by
    damage still costs (0) beside a Mana Wraith).

    >>> from pure_engine.games.skirmish.base import HAND
    >>> from pure_engine.games.skirmish.puzzle import parse_puzzle
    >>> s = parse_puzzle('{"to_move": 0, "players": [{"class": "mage", "health": 10,'
    ...                  ' "hand": ["molten_giant"]}, {"class": "hunter"}]}')
    >>> cost_of(s, s.table.entities[s.table.zones[HAND.zones[0]][0]])
    0
    """
    return hand_cost(state, card, cost_changes(state, card.owner))


def hand_cost(state: SkirmishState, card: Entity, changes: tuple[CostChange, ...] | None) -> int:
    """:func:`cost_of` with its player's cost changes already read (:func:`changes_of`), for
    a walk over the whole hand."""
    cost = card.cost
    if "costs_less" in card.types:
        less = POOL.card(card.card).extra["less"]
        assert callable(less)
        cost -= int(less(state, card.owner))  # may go below 0 until the end
    return max(0, cost) if changes is None else changed_cost(cost, card.types, changes)


def cost_changes(state: SkirmishState, player: int) -> tuple[CostChange, ...] | None:
    """The changes to what *player*'s hand cards cost, in order, or ``None`` when nothing
    changes them: their hero's enchantments' (Preparation's next spell, Kirin Tor Mage's next
    secret, Millhouse Manastorm's spells on the enemy hero), then the cost auras of their
    minions and of the opponent's that reach both sides (Mana Wraith).  A minion's aura made
    with an ``unless`` in its extra holds only while its player's hero has no enchantment of
    that name (Pint-Sized Summoner's, once a minion was played this turn)."""
    entities, zones = state.table.entities, state.table.zones
    hero = entities[zones.at(HERO.places[player])[0]]
    mine = [entities[i] for i in zones.at(BOARD.places[player])]
    return changes_of(hero, mine, [entities[i] for i in zones.at(BOARD.places[1 - player])])


def changes_of(
    hero: Entity, mine: list[Entity], theirs: list[Entity]
) -> tuple[CostChange, ...] | None:
    """:func:`cost_changes` from the hero and both boards' minions already read."""
    changes = held_changes(POOL.defs, hero, POOL.enchantments, own=True) if hero.buffs else []
    _minion_changes(changes, hero, mine, True)
    _minion_changes(changes, hero, theirs, False)
    return tuple(changes) if changes else None


def _minion_changes(
    changes: list[CostChange], hero: Entity, minions: list[Entity], own: bool
) -> None:
    """Add to *changes* the cost auras of *minions* (*own*: they are *hero*'s player's)."""
    defs = POOL.defs
    for e in minions:
        if COST_AURA in e.types and not e.status & SILENCED:
            unless = defs[e.card].extra.get("unless")
            if unless is None or all(b.source != unless for b in hero.buffs):
                changes.extend(held_changes(defs, e, POOL.enchantments, own=own))


def spend_cost_changes(table: Table, player: int, types: frozenset[str]) -> Table:
    """A card of *types* was paid for: its player's one-card changes that applied to it are
    used up (Preparation's enchantment by a spell, Kirin Tor Mage's by a secret)."""
    hero = table.zones.at(HERO.places[player])[0]
    if not table.entities[hero].buffs:
        return table
    defs = POOL.defs

    def used(b: Enchantment) -> bool:
        if b.source not in POOL.enchantments:
            return False
        change = defs[b.source].extra.get(COST_CHANGE)
        return isinstance(change, CostChange) and uses_up(change, types)

    return remove_buffs(table, hero, used)
