"""What a card in hand costs: its own text, then what its player's enchantments and minions
(and the opponent's, for an aura on both sides) take off or add.

>>> from pure_engine.games.skirmish.base import HAND_ZONES
>>> from pure_engine.games.skirmish.puzzle import parse_puzzle
>>> s = parse_puzzle('{"to_move": 0, "players": [{"class": "warlock", "mana": 3,'
...                  ' "hand": ["chillwind_yeti"], "board": [{"card": "summoning_portal"}]},'
...                  ' {"class": "hunter"}]}')
>>> cost_of(s, s.table.entities[s.table.zones[HAND_ZONES[0]][0]])
2
"""

from __future__ import annotations

from pure_engine.cards.runtime import SILENCED, Enchantment, Entity, Table, remove_buffs
from pure_engine.games.skirmish.base import BOARD_ZONES, HERO_ZONES, SkirmishState
from pure_engine.games.skirmish.rules import POOL

__all__ = ["changes_of", "cost_changes", "cost_of", "spend_spell_discounts"]


def cost_of(state: SkirmishState, card: Entity) -> int:
    """What hand card *card* costs now: its cost, less what its text takes off (the Giants), then
    what its player's enchantments and minions take off or add (:func:`cost_changes`); never
    below 0 in the end, but a Giant's discount beyond its cost still offsets what an aura adds.

    >>> from pure_engine.games.skirmish.base import HAND_ZONES
    >>> from pure_engine.games.skirmish.puzzle import parse_puzzle
    >>> s = parse_puzzle('{"to_move": 0, "players": [{"class": "mage", "health": 10,'
    ...                  ' "hand": ["molten_giant"]}, {"class": "hunter"}]}')
    >>> cost_of(s, s.table.entities[s.table.zones[HAND_ZONES[0]][0]])
    0
    """
    cost = card.cost
    if "costs_less" in card.types:
        less = POOL.card(card.card).extra["less"]
        assert callable(less)
        cost -= int(less(state, card.owner))  # may go below 0 until the end
    changes = cost_changes(state, card.owner)
    if changes is None:
        return max(0, cost)
    next_spell, portals = changes
    if "spell" in card.types:
        cost = max(0, cost - next_spell)
    if "minion" in card.types:
        for less, least in portals:
            # (2) less, but not less than (1): never raised to 1; a negative "less" costs more
            cost = cost - less if less < 0 else min(cost, max(least, cost - less))
    return max(0, cost)


def cost_changes(
    state: SkirmishState, player: int
) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """What *player*'s enchantments and minions take off the cards in their hand, or ``None``
    when nothing does: the next spell's discount (Preparation's enchantment on the hero, extra
    ``next_spell_less``), and each minion cost aura as (less, not below) (Summoning Portal, type
    ``cost_aura``, extra ``cost_aura``: (less, not below), and ``True`` third for an aura on
    both players' minions (Mana Wraith); a negative "less" is a cost raised: Venture Co.; none
    while the hero holds the enchantment its extra ``unless`` names: Pint-Sized Summoner's, once
    a minion was played this turn).  A hero enchantment's extra ``spells_less`` takes that much
    off every spell while it lasts (Millhouse Manastorm's: as much as any spell costs)."""
    entities, zones = state.table.entities, state.table.zones
    hero = entities[zones[HERO_ZONES[player]][0]]
    mine = [entities[i] for i in zones[BOARD_ZONES[player]]]
    return changes_of(hero, mine, [entities[i] for i in zones[BOARD_ZONES[1 - player]]])


def changes_of(
    hero: Entity, mine: list[Entity], theirs: list[Entity]
) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """:func:`cost_changes` from the hero and both boards' minions already read."""
    next_spell = 0
    held: set[str] = set()
    for b in hero.buffs:
        if b.source in POOL.enchantments:
            held.add(b.source)
            extra = POOL.card(b.source).extra
            for key in ("next_spell_less", "spells_less"):
                less = extra.get(key, 0)
                assert isinstance(less, int)
                next_spell += less
    portals = []
    for side, own in ((mine, True), (theirs, False)):
        for e in side:
            if "cost_aura" in e.types and not e.status & SILENCED:
                extra = POOL.card(e.card).extra
                aura = extra["cost_aura"]
                assert isinstance(aura, tuple)
                if (own or aura[2:] == (True,)) and extra.get("unless") not in held:
                    portals.append(aura[:2])
    if not next_spell and not portals:
        return None
    return next_spell, tuple(portals)


def spend_spell_discounts(table: Table, player: int) -> Table:
    """A spell was paid for: the hero's "next spell costs less" enchantments are used up."""
    hero = table.zones[HERO_ZONES[player]][0]
    buffs = table.entities[hero].buffs
    if not buffs:
        return table

    def used(b: Enchantment) -> bool:
        return b.source in POOL.enchantments and "next_spell_less" in POOL.card(b.source).extra

    return remove_buffs(table, hero, used)
