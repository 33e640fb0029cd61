"""What damage, healing, drawing and summoning mean in skirmish: the kit's hooks, and the pool.

* damage: an Immune character takes none (:mod:`.immune`, with the replacements of
  fatal damage to a hero); a divine shield absorbs one hit; a hero's armor absorbs damage
  before health; spell damage (friendly minions with ``spell_damage``) adds
  to spells, not to hero powers; a poisonous minion destroys any minion it
  damages; every damaged entity emits ``DAMAGED``;
* draw: the top card (last of the deck zone) goes to the hand, or to the
  graveyard when the hand holds 10 cards; an empty deck deals fatigue
  (1, 2, 3... damage);
* order of play: a card played from the hand takes its place in it then
  (:func:`.base.into_play`), a token when it is made;
* summon: a fresh copy at the right of the summoning minion, in a dead
  minion's place for its deathrattle (or at the right end), none when the
  board holds 7; it emits ``SUMMON`` ("whenever you summon"), then ``SUMMONED`` ("after
  you summon").
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards.runtime import (
    DOOMED,
    EXHAUSTED,
    CardRules,
    Entity,
    EntityId,
    Facet,
    Frame,
    Kinds,
    absorb,
    build_pool,
    deathrattle_at,
    emit,
    move,
    put,
    spawn,
)
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    DECK,
    DIVINE_SHIELD,
    GRAVE,
    HAND,
    HAND_LIMIT,
    HERO,
    IMMUNE,
    LAYOUT,
    ON_DAMAGED,
    ON_DEALT,
    ON_HEALED,
    ON_SUMMON,
    ON_SUMMONED,
    POISONOUS,
    STEALTH,
    SkirmishEvent,
    SkirmishState,
)
from pure_engine.games.skirmish.cards import CARDS
from pure_engine.games.skirmish.cards_effects import minions_of_kind, spell_damage
from pure_engine.games.skirmish.immune import before_fatal, is_immune

__all__ = [
    "FACETS",
    "POOL",
    "RULES",
    "deal_damage",
    "draw",
    "spell_damage",
    "summon",
]

POOL: Final = build_pool(CARDS, LAYOUT, events=SkirmishEvent)
"""Every skirmish card, compiled once."""


def deal_damage(
    state: SkirmishState, source: EntityId | None, target: EntityId, amount: int
) -> SkirmishState:
    """*source* deals *amount* damage to *target* (immune, shield, armor, poison), then
    ``DAMAGED`` and, with a source, ``DEALT``; damage that would kill a hero first runs the
    ``FATAL`` replacements (:mod:`.immune`).  A minion that deals damage loses Stealth, by its
    own triggers too (a concealed Wild Pyromancer or Knife Juggler)."""
    if amount <= 0:
        return state
    table = state.table
    e = table.entities[target]
    if is_immune(state, RULES, e):
        return state
    if e.tags & DIVINE_SHIELD:
        return state.replace(table=put(table, e.replace(tags=e.tags & ~DIVINE_SHIELD)))
    shielded, left = absorb(e, amount)  # armor prevents damage first
    if left and left >= e.health - e.damage and e.zone in HERO.zones:  # fatal: Ice Block?
        state = before_fatal(state, RULES, target, amount)
        if state.table.entities[target].tags & IMMUNE:
            return state
        table = state.table
    if e.buffs and e.zone in BOARD.zones:  # an enchantment may keep it above some Health
        floor = _health_minimum(e)
        if floor:
            left = min(left, max(0, e.health - e.damage - floor))
    hit = shielded.replace(damage=e.damage + left)
    if source is not None and hit.zone in BOARD.zones:
        attacker = table.entities[source]
        if attacker.tags & POISONOUS and attacker.zone in BOARD.zones and left:
            hit = hit.replace(status=hit.status | DOOMED)
    table = put(table, hit)
    if source is not None:
        dealer = table.entities[source]
        if dealer.tags & STEALTH and dealer.zone in BOARD.zones:
            table = put(table, dealer.replace(tags=dealer.tags & ~STEALTH))
    state = emit(state.replace(table=table), RULES, ON_DAMAGED, target, amount)
    return state if source is None else emit(state, RULES, ON_DEALT, source, target)


def _health_minimum(e: Entity) -> int:
    """The Health the enchantments on *e* keep it at ("can't be reduced below 1 Health")."""
    floor = 0
    for b in e.buffs:
        floor = max(floor, _FLOORS.get(b.source, 0))
    return floor


_FLOORS: Final = {
    key: least
    for key in POOL.enchantments
    if isinstance(least := POOL.card(key).extra.get("health_minimum", 0), int) and least
}
"""The enchantments that keep a minion above some Health, and that Health."""


def _damage(state: SkirmishState, frame: Frame, target: EntityId, amount: int) -> SkirmishState:
    card = POOL.card(frame.card)
    if "spell" in card.types and card.extra["spell_damage"] == "damage":
        amount += spell_damage(state, frame.ctx.controller, POOL)
    if ("spell" in card.types and card.extra["spell_damage"] != "missiles") or (
        "hero_power" in card.types
    ):  # (Velen doubles a missile spell's missiles, not each one's damage: Missiles)
        amount <<= minions_of_kind(state, frame.ctx.controller, "doubles")
    return deal_damage(state, frame.ctx.source, target, amount)


def _heal(state: SkirmishState, frame: Frame, target: EntityId, amount: int) -> SkirmishState:
    me = frame.ctx.controller
    if minions_of_kind(state, me, "heals_hurt"):  # damage instead, as the card's own (spell damage)
        return _damage(state, frame, target, amount)
    types = POOL.card(frame.card).types
    if "spell" in types or "hero_power" in types:
        amount <<= minions_of_kind(state, me, "doubles")
    e = state.table.entities[target]
    if not e.damage or amount <= 0:
        return state
    state = state.replace(table=put(state.table, e.replace(damage=max(0, e.damage - amount))))
    return emit(state, RULES, ON_HEALED, target)


def draw(state: SkirmishState, player: int, n: int) -> SkirmishState:
    """*player* draws *n* cards: burned past 10 in hand, fatigue from an empty deck."""
    for _ in range(n):
        table = state.table
        deck = table.zones.at(DECK.places[player])
        if not deck:
            fatigue = state.fatigue[player] + 1
            state = state.replace(
                fatigue=(fatigue, state.fatigue[1]) if player == 0 else (state.fatigue[0], fatigue)
            )
            hero = table.zones.at(HERO.places[player])[0]
            state = deal_damage(state, None, hero, fatigue)
            continue
        full = len(table.zones.at(HAND.places[player])) >= HAND_LIMIT
        state = state.replace(
            table=move(table, deck[-1], GRAVE.zones[player] if full else HAND.zones[player])
        )
    return state


def summon(state: SkirmishState, frame: Frame, player: int, card: str) -> SkirmishState:
    """Summon a fresh *card* for *player* right of the summoning minion (else at the end)."""
    board = state.table.zones.at(BOARD.places[player])
    if len(board) >= BOARD_LIMIT:
        return state
    source = frame.ctx.source
    at = None
    if source in board:
        at = board.index(source) + 1
    elif source is not None and state.table.entities[source].owner == player:
        left_at = deathrattle_at(frame, RULES)  # in the dead minion's place
        at = None if left_at is None else min(left_at, len(board))
    table, new = spawn(state.table, POOL, BOARD.zones[player], card, player, at=at)
    new_minion = table.entities[new]
    table = put(table, new_minion.replace(status=new_minion.status | EXHAUSTED))
    state = emit(state.replace(table=table), RULES, ON_SUMMON, new)
    return emit(state, RULES, ON_SUMMONED, new)


RULES: Final[CardRules[SkirmishState]] = CardRules(
    layout=LAYOUT,
    pool=POOL,
    damage=_damage,
    heal=_heal,
    draw=draw,
    summon=summon,
    # a weapon dies like a minion: destroyed (Acidic Swamp Ooze) or worn out
    kinds=Kinds(mortal=("board", "weapon"), auras=("board", "weapon")),  # Spiteful Smith's
    max_depth=16,
    active=lambda state: state.to_move,
    play_order=lambda state: state.play_order,
)
"""The kit's view of skirmish."""


def _secret_class(card: str) -> str | None:
    d = POOL.card(card)
    return str(d.extra["class"]) if "secret" in d.types else None


FACETS: Final = {"secret": Facet(_secret_class, distinct=True)}
"""What the opponent sees of a secret in play: that it is one, and its class."""
