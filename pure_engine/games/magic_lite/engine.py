"""Magic-lite's hooks into the card kit, mana payment, and state-based actions.

* What damage, healing and drawing mean here (the kit's
  :class:`~pure_engine.cards.runtime.pool.CardRules` hooks): damage to a player is life
  lost, damage from a deathtouch source destroys a creature, a lifelink
  source's controller gains as much life; drawing from an empty library
  loses the game.
* Mana: lands and untapped mana creatures without summoning sickness make
  one mana of their colour; a cost is paid automatically when a spell is cast
  (coloured symbols first, lands before creatures).  Mana never floats, so
  the mana pools empty between steps trivially.
* :func:`settle` runs after anything happens: the programs that are
  running, then state-based actions (rule 704: lethal damage, 0 life, auras
  without a creature, resolved spells to the graveyard) until none applies,
  then the triggered abilities onto the stack in APNAP order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import immutables

from pure_engine.cards import Buff, Ctx, Draw, Effect, Event, Heal
from pure_engine.cards.runtime import (
    DOOMED,
    EXHAUSTED,
    CardRules,
    Enchantment,
    Entity,
    EntityId,
    Frame,
    Table,
    death_phase,
    emit,
    is_alive,
    move,
    new_table,
    program_slots,
    put,
    put_all,
    refresh_auras,
    remove_buffs,
    run,
    spawn,
)
from pure_engine.core.struct import Struct
from pure_engine.core.zones import ZoneId, move_card
from pure_engine.games.magic_lite.cards import (
    KINDS,
    LAYOUT,
    PLAYER,
    POOL,
    card_facts,
    cost_of,
    mana_of,
)
from pure_engine.games.magic_lite.damage import damaged, deal_damage, gained, set_table_life
from pure_engine.games.magic_lite.dsl import ANY_TARGET, CREATURES, Attach
from pure_engine.games.magic_lite.instants import into_hand
from pure_engine.games.magic_lite.marked import buffed
from pure_engine.games.magic_lite.stack import triggers_to_stack
from pure_engine.games.magic_lite.state import (
    TAPPED,
    CardFacts,
    Cost,
    MagicEvent,
    MagicState,
    Step,
    set_status,
    set_table,
    writer,
)

__all__ = [
    "BATTLEFIELD",
    "HAND",
    "HARMLESS",
    "LANDS_UNSEEN_BY_AURAS",
    "NEEDS",
    "RULES",
    "ZONES",
    "Tapped",
    "TargetLister",
    "Zones",
    "affords",
    "any_targets",
    "available_mana",
    "can_pay",
    "creature_targets",
    "damaged",
    "deal_damage",
    "draw_card_at",
    "draw_cards",
    "enter_battlefield",
    "entered_table",
    "fire",
    "heard",
    "mana_counts",
    "paid",
    "paid_and_entered",
    "paid_and_moved",
    "pay",
    "pay_mana",
    "set_table_life",
    "settle",
    "tapped_for",
    "target_lister",
]


class Zones(Struct):
    """The zone ids by kind, indexed by player (the stack is shared), looked up once."""

    battlefield: tuple[ZoneId, ZoneId]
    exile: tuple[ZoneId, ZoneId]
    graveyard: tuple[ZoneId, ZoneId]
    hand: tuple[ZoneId, ZoneId]
    library: tuple[ZoneId, ZoneId]
    player: tuple[ZoneId, ZoneId]
    stack: ZoneId


def _pair(kind: str) -> tuple[ZoneId, ZoneId]:
    return (LAYOUT.zone(kind, 0), LAYOUT.zone(kind, 1))


ZONES: Final = Zones(
    battlefield=_pair("battlefield"),
    exile=_pair("exile"),
    graveyard=_pair("graveyard"),
    hand=_pair("hand"),
    library=_pair("library"),
    player=_pair("player"),
    stack=LAYOUT.zone("stack"),
)

# the zone ids the hot loops read, as plain module constants (a field read of the ZONES struct
# costs a generic attribute lookup at every call)
BATTLEFIELD: Final = ZONES.battlefield
HAND: Final = ZONES.hand


_table: Final[Callable[..., Table]] = Table.maker()
_entered: Final[Callable[[Entity, ZoneId, int, int], Entity]] = Entity.setter(
    "zone", "damage", "status"
)


def _damage_hook(state: MagicState, frame: Frame, target: EntityId, amount: int) -> MagicState:
    src = frame.ctx.source
    source = state.table.entities.get(src) if src is not None else None
    return deal_damage(state, source, target, amount)


def _heal_hook(state: MagicState, frame: Frame, target: EntityId, amount: int) -> MagicState:
    e = state.table.entities[target]
    if e.card == PLAYER:
        return state.replace(life=gained(state.life, e.owner, amount))
    return state.replace(table=put(state.table, e.replace(damage=max(0, e.damage - amount))))


def draw_cards(state: MagicState, player: int, n: int) -> MagicState:
    """*player* draws *n* cards; drawing from an empty library loses the game (rule 704.5b)."""
    table = state.table
    library, hand = ZONES.library[player], HAND[player]
    for _ in range(n):
        cards = table.zones[library]
        if not cards:
            return state.replace(table=table, lost=state.lost | 1 << player)
        table = move(table, cards[-1], hand)
        state = into_hand(state, player, table.entities[cards[-1]].card)
    return set_table(state, table)


def draw_card_at(state: MagicState, player: int, step: Step) -> MagicState:
    """:func:`draw_cards` of one card on entering *step* (the draw step's entering action): the
    step and the table are written at once, not one after the other.

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(battlefields=(("forest",), ("mountain",)))
    >>> drawn = draw_card_at(s, 0, Step.DRAW)
    >>> drawn == draw_cards(s, 0, 1).replace(step=Step.DRAW)
    True
    """
    table = state.table
    cards = table.zones[ZONES.library[player]]
    if not cards:  # an empty library: lost (the step is left to the caller)
        return draw_cards(state, player, 1)
    card = cards[-1]
    return into_hand(
        _drawn_at(state, step, move(table, card, HAND[player])), player, table.entities[card].card
    )


_drawn_at: Final = writer("step", "table")


def enter_battlefield(state: MagicState, entity_id: EntityId, controller: int) -> MagicState:
    """Put a permanent onto its controller's battlefield (summoning sick) and trigger "enters"."""
    table = entered_table(state.table, entity_id, controller)
    return fire(set_table(state, table), MagicEvent.ENTERS, entity_id)


def entered_table(table: Table, entity_id: EntityId, controller: int) -> Table:
    """The table after *entity_id* entered *controller*'s battlefield (summoning sick), without
    its "enters" event: :func:`enter_battlefield` for a caller that writes the state once."""
    e = table.entities[entity_id]
    field = BATTLEFIELD[controller]
    # the kit's move and put in one: the entity written once, with its zone, damage and status
    zones = move_card(table.zones, entity_id, e.zone, field)
    entered = _entered(e, field, 0, EXHAUSTED if "creature" in e.types else 0)
    return _table(table.entities.set(entity_id, entered), zones, table.next_id)


def fire(state: MagicState, event: Event, subject: EntityId | None = None) -> MagicState:
    """The kit's :func:`~pure_engine.cards.emit` of *event*, unless no card of the game listens
    to it (``state.cards.unheard``), or its cards hear it only about themselves
    (``state.cards.own``) and the subject's card does not listen: then there is nothing to
    scan the battlefields for."""
    return emit(state, RULES, event, subject) if heard(state, event, subject) else state


def heard(state: MagicState, event: Event, subject: EntityId | None = None) -> bool:
    """False when :func:`fire` has nothing to scan for (*event* unheard by the game's cards, or
    heard only about themselves and not by the subject's card) — whatever the step.

    >>> from pure_engine.games.magic_lite.game import position
    >>> heard(position(battlefields=(("forest",), ("mountain",))), MagicEvent.UPKEEP)
    False
    """
    facts = state.cards
    if event in facts.unheard:
        return False
    return event not in facts.own or (
        subject is not None and state.table.entities[subject].card in POOL.listeners[event]
    )


def _summon_hook(state: MagicState, frame: Frame, player: int, card: str) -> MagicState:
    table, new = spawn(state.table, POOL, HAND[player], card, player)
    facts = state.cards
    if not _covers(facts, card):  # a card new to the game: what it can do joins the facts
        gained = card_facts([card])
        facts = CardFacts(
            facts.unheard & gained.unheard,
            facts.own & gained.own,
            facts.auras or gained.auras,
            facts.abilities or gained.abilities,
        )
    return enter_battlefield(state.replace(table=table, cards=facts), new, player)


def _covers(facts: CardFacts, card: str) -> bool:
    """True when *facts* already allow for everything *card* can do."""
    own = card_facts([card])
    return (
        facts.unheard <= own.unheard
        and facts.own <= own.own
        and (facts.auras or not own.auras)
        and (facts.abilities or not own.abilities)
    )


RULES: Final[CardRules[MagicState]] = CardRules(
    layout=LAYOUT,
    pool=POOL,
    damage=_damage_hook,
    heal=_heal_hook,
    draw=draw_cards,
    summon=_summon_hook,
    buffed=buffed,
    kinds=KINDS,
)
"""The kit's view of magic_lite: layout, compiled cards and hooks."""


# --- targets ---------------------------------------------------------------------------------

TargetLister = Callable[[Table, EntityId], list[EntityId]]
"""``(table, source) -> ids``: the legal targets of a spell or ability (alive, not *source*), in
its compiled selector's order, found without the selector (:func:`target_lister`)."""

_FIELDS: Final = tuple(z.id for z in LAYOUT.zones if z.kind == "battlefield")
"""The battlefields in layout order: the order in which the compiled ``CREATURES`` selector
yields its ids (for either controller: it spans both sides)."""
_PLAYER_ZONES: Final = tuple(z.id for z in LAYOUT.zones if z.kind == "player")
"""The players' zones in layout order (before the battlefields: ``ANY_TARGET``'s order)."""
_CREATURE: Final = "creature"


def creature_targets(table: Table, source: EntityId) -> list[EntityId]:
    """The legal targets of a spell *source* whose target is any creature (``dsl.CREATURES``):
    its compiled selector's ids with the list's test (alive, not the spell itself; an ability
    passes its source only when it is sacrificed, else ``-1``), without a predicate call per
    permanent and a second lookup per target."""
    zones, entities = table.zones, table.entities
    found = []
    for zone in _FIELDS:
        for t in zones[zone]:
            e = entities[t]
            if (
                _CREATURE in e.types
                and t != source
                and not e.status & DOOMED
                and (e.damage < e.health or e.health <= 0)  # is_alive, inlined
            ):
                found.append(t)
    return found


def any_targets(table: Table, source: EntityId) -> list[EntityId]:
    """The legal targets of a spell *source* whose target is any target (``dsl.ANY_TARGET``:
    a player or a creature): the players, then :func:`creature_targets` — its compiled
    selector's ids in its order (the zones in layout order), with the list's test."""
    zones, entities = table.zones, table.entities
    players = [t for z in _PLAYER_ZONES for t in zones[z] if t != source and is_alive(entities[t])]
    return players + creature_targets(table, source)


def target_lister(target: object) -> TargetLister | None:
    """The lister of the legal targets of a spell or ability whose target selector (uncompiled:
    a card definition's) is *target*: :func:`creature_targets` for ``dsl.CREATURES``,
    :func:`any_targets` for ``dsl.ANY_TARGET``; ``None``: its compiled selector lists them.

    >>> from pure_engine.games.magic_lite.dsl import ANY_TARGET, PLAYERS
    >>> target_lister(ANY_TARGET) is any_targets, target_lister(PLAYERS)
    (True, None)
    """
    if target == CREATURES:
        return creature_targets
    if target == ANY_TARGET:
        return any_targets
    return None


# --- mana ------------------------------------------------------------------------------------

_UNAVAILABLE: Final = TAPPED | EXHAUSTED
"""A tapped source, or a creature with summoning sickness (lands never have it)."""


def available_mana(state: MagicState, player: int) -> list[int]:
    """How much mana of each colour (WUBRG) *player* can make now."""
    return mana_counts(state.table, player)


_COLOR: Final = {card: mana_of(card) for card in POOL.defs}
"""Every card's :func:`~.cards.mana_of` (-1: not a mana source): a subscript, not a ``get``."""
_NOT_LAND: Final = 5
_SOURCE: Final = {
    card: color if color < 0 or "land" in POOL.defs[card].types else color + _NOT_LAND
    for card, color in _COLOR.items()
}
"""What :func:`tapped_for` reads of each card: the colour of a land, the colour plus
:data:`_NOT_LAND` of another source (a mana creature), -1 for a card that makes no mana (an
entity's types are its card's)."""


def mana_counts(table: Table, player: int) -> list[int]:
    """How much mana of each colour (WUBRG) *player* can make on *table*."""
    counts = [0, 0, 0, 0, 0]
    entities = table.entities
    colors = _COLOR
    for i in table.zones[BATTLEFIELD[player]]:
        e = entities[i]
        # the status first: a tapped or summoning-sick permanent needs no colour lookup
        if not e.status & _UNAVAILABLE:
            color = colors[e.card]
            if color >= 0:
                counts[color] += 1
    return counts


def can_pay(cost: Cost, counts: list[int]) -> bool:
    """True when mana *counts* (WUBRG) pay *cost*.

    >>> from pure_engine.games.magic_lite.state import parse_cost
    >>> can_pay(parse_cost("1G"), [0, 0, 0, 1, 1]), can_pay(parse_cost("GG"), [0, 0, 0, 1, 1])
    (True, False)
    """
    needs, value = NEEDS.get(cost) or _needs(cost)
    return affords(needs, value, counts, sum(counts))


def affords(needs: tuple[tuple[int, int], ...], value: int, counts: list[int], total: int) -> bool:
    """True when mana *counts* (WUBRG, *total* in all) pay a cost of coloured *needs*
    ((colour, count) pairs) and mana *value*: :func:`can_pay` for a cost already looked up.

    >>> affords(((4, 1),), 2, [0, 0, 0, 1, 1], 2), affords(((4, 2),), 2, [0, 0, 0, 1, 1], 2)
    (True, False)
    """
    if value > total:
        return False
    for color, need in needs:  # noqa: SIM110 - a loop, not all(): no generator per spell
        if counts[color] < need:
            return False
    return True


def _needs(cost: Cost) -> tuple[tuple[tuple[int, int], ...], int]:
    return tuple((c, n) for c, n in enumerate(cost.colored) if n), cost.value


NEEDS: Final = {cost: _needs(cost) for cost in (cost_of(c) for c in POOL.defs if c != PLAYER)}
"""Each card cost's coloured needs as (colour, count) pairs, and its mana value (what
:func:`can_pay` reads)."""


def pay(state: MagicState, player: int, card: str) -> MagicState:
    """Tap sources for *card*'s cost: coloured symbols first, then generic (the caller checked
    :func:`can_pay`)."""
    return pay_mana(state, player, cost_of(card))


def pay_mana(
    state: MagicState, player: int, cost: Cost, *, spare: EntityId | None = None
) -> MagicState:
    """Tap sources for *cost*, never *spare* (a source that taps for its own ability's {T}
    cost): for each coloured symbol the first untapped source of its colour, then for the
    generic part the first sources left — lands before creatures, each in battlefield order."""
    return set_table(state, paid(state.table, player, cost, spare))


def paid(table: Table, player: int, cost: Cost, spare: EntityId | None = None) -> Table:
    """The table after :func:`pay_mana` (for a caller that writes the state once)."""
    return put_all(table, tapped_for(table, player, cost, spare))


def paid_and_moved(
    table: Table,
    player: int,
    cost: Cost,
    card: EntityId,
    dst: ZoneId,
    tapped: Tapped | None = None,
) -> Table:
    """:func:`paid`, then the kit's ``move`` of *card* to the top of *dst*, in one new table
    (casting a spell: one entity-map mutation and one table, not two); *tapped* is the game's
    memo of tapped permanents (:data:`Tapped`; ``None``: none).

    >>> from pure_engine.cards.runtime import move
    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(hands=(("grizzly_bears",), ()), battlefields=(("forest", "forest"), ()))
    >>> bears = s.table.zones[HAND[0]][0]
    >>> cost = cost_of("grizzly_bears")
    >>> paid_and_moved(s.table, 0, cost, bears, ZONES.stack) == move(
    ...     paid(s.table, 0, cost), bears, ZONES.stack
    ... )
    True
    """
    changes, e = _paying(table, player, cost, card, tapped)
    changes[card] = _set_zone(e, dst)
    return _table(changes.finish(), move_card(table.zones, card, e.zone, dst), table.next_id)


def paid_and_entered(
    table: Table, player: int, cost: Cost, card: EntityId, tapped: Tapped | None = None
) -> Table:
    """:func:`paid_and_moved` to the stack, then :func:`entered_table`, in one new table (a
    permanent spell that resolves as soon as it is cast: the card written once, moved once).

    >>> from pure_engine.games.magic_lite.game import position
    >>> s = position(hands=(("grizzly_bears",), ()), battlefields=(("forest", "forest"), ()))
    >>> bears = s.table.zones[HAND[0]][0]
    >>> cost = cost_of("grizzly_bears")
    >>> paid_and_entered(s.table, 0, cost, bears) == entered_table(
    ...     paid_and_moved(s.table, 0, cost, bears, ZONES.stack), bears, 0
    ... )
    True
    """
    changes, e = _paying(table, player, cost, card, tapped)
    field = BATTLEFIELD[player]
    changes[card] = _entered(e, field, 0, EXHAUSTED if "creature" in e.types else 0)
    return _table(changes.finish(), move_card(table.zones, card, e.zone, field), table.next_id)


def _paying(
    table: Table, player: int, cost: Cost, card: EntityId, tapped: Tapped | None
) -> tuple[immutables.MapMutation[EntityId, Entity], Entity]:
    """The entity map's mutation with *cost* paid, and *card* as it is."""
    changes = table.entities.mutate()
    for e in tapped_for(table, player, cost, None, tapped):
        changes[e.id] = e
    return changes, changes[card]


_set_zone: Final[Callable[[Entity, ZoneId], Entity]] = Entity.setter("zone")


def tapped_for(
    table: Table,
    player: int,
    cost: Cost,
    spare: EntityId | None = None,
    memo: Tapped | None = None,
) -> list[Entity]:
    """The sources :func:`pay_mana` taps for *cost*, tapped (coloured symbols first, then
    generic), through the game's *memo* of tapped permanents when there is one."""
    entities = table.entities
    sources = _SOURCE
    need = [*cost.colored]
    generic = cost.generic  # the generic mana still to pay
    left = sum(need) + generic  # the sources still to tap
    tapped: list[Entity] = []
    rest: list[Entity] = []
    creatures: list[Entity] = []
    # the lands in battlefield order, then the creatures: the scan stops once lands pay it all
    # (the sources after them would not be chosen)
    for i in table.zones[BATTLEFIELD[player]]:
        e = entities[i]
        color = sources[e.card]
        if color < 0 or e.status & _UNAVAILABLE or i == spare:
            continue
        if color >= _NOT_LAND:
            creatures.append(e)
            continue
        if need[color]:  # the first sources of each colour pay the coloured symbols
            need[color] -= 1
            tapped.append(tap(e, memo))
            left -= 1
        elif generic:  # the first of the others, the generic part
            generic -= 1
            rest.append(tap(e, memo))
            left -= 1
        if not left:
            break
    else:
        for e in creatures:
            color = sources[e.card] - _NOT_LAND
            if need[color]:
                need[color] -= 1
                tapped.append(tap(e, memo))
            elif generic:
                generic -= 1
                rest.append(tap(e, memo))
    return tapped + rest


Tapped = dict[Entity, Entity]
"""A game value's memo of tapped permanents: each untapped source, by value, with the same
source tapped — the lands a game untaps by its untap memo (``turn.Untapped``) are the same
objects turn after turn, so paying taps them by a lookup, not by a new 17-slot entity (looked
up by value within one process: never stored)."""
_TAPPED_KEPT: Final = 4096
"""The memo starts afresh beyond this many entries (a game value may play without end)."""


def tap(e: Entity, memo: Tapped | None) -> Entity:
    """*e* tapped, through the game's *memo* of tapped permanents when there is one."""
    if memo is None:
        return set_status(e, e.status | TAPPED)
    found = memo.get(e)
    if found is None:
        if len(memo) >= _TAPPED_KEPT:
            memo.clear()
        found = memo[e] = set_status(e, e.status | TAPPED)
    return found


# --- state-based actions ---------------------------------------------------------------------


def _orphans(state: MagicState) -> MagicState:
    """Auras whose creature left go to the graveyard; cards on the stack zone without a spell
    item (resolved or countered) go to their owner's graveyard."""
    table = state.table
    entities = table.entities
    attached = state.attached
    if attached:
        kept = []
        for aura, creature in attached:
            a, c = entities[aura], entities[creature]
            if c.zone in BATTLEFIELD and a.zone in BATTLEFIELD:
                kept.append((aura, creature))
                continue
            if a.zone in BATTLEFIELD:
                table = move(table, aura, ZONES.graveyard[a.owner])
            if c.zone in BATTLEFIELD:
                table = remove_buffs(table, creature, _from_source(f"#{aura}"))
        if len(kept) != len(attached):
            state = state.replace(attached=tuple(kept))
    on_stack = table.zones[ZONES.stack]
    if on_stack and not state.frames:
        waiting = {item.frame.ctx.source for item in state.stack if item.spell}
        for i in on_stack:
            if i not in waiting:
                table = move(table, i, ZONES.graveyard[entities[i].owner])
    return state if table is state.table else state.replace(table=table)


def _from_source(tag: str) -> Callable[[Enchantment], bool]:
    return lambda buff: buff.source == tag


def _auras_in_play(state: MagicState) -> bool:
    """True when a permanent gives an aura, or holds stats an aura gave (to be taken back)."""
    entities = state.table.entities
    zones = state.table.zones
    for zone in BATTLEFIELD:
        for i in zones[zone]:
            e = entities[i]
            if e.card in _AURA_CARDS or e.aura_attack or e.aura_health:
                return True
    return False


_AURA_CARDS: Final = frozenset(POOL.auras)


def _lands_unseen_by_auras() -> bool:
    """True when no aura of the pool is a land or picks a land (asked of a table holding every
    land on both battlefields, for either controller)."""
    lands = [key for key, d in POOL.defs.items() if "land" in d.types]
    if set(lands) & _AURA_CARDS:
        return False
    table = new_table(LAYOUT)
    for p in (0, 1):
        for key in lands:
            table, _ = spawn(table, POOL, BATTLEFIELD[p], key, p)
    return not any(
        selector(table, Ctx(None, p)) for selector, _, _ in POOL.auras.values() for p in (0, 1)
    )


LANDS_UNSEEN_BY_AURAS: Final = _lands_unseen_by_auras()
"""True when no aura of the pool is a land or picks a land: a land entering changes no aura's
share (playing a land settles without refreshing the auras)."""


def _harmless(effects: tuple[Effect, ...]) -> bool:
    """True when *effects* can make no creature die and no player lose life: each draws, heals,
    or gives a fixed health that is not negative (a buff, an aura attached)."""
    for effect in effects:
        if isinstance(effect, (Draw, Heal)):
            continue
        if not isinstance(effect, (Buff, Attach)):
            return False
        health = effect.health
        if not isinstance(health, int) or health < 0:
            return False
    return True


HARMLESS: Final = frozenset(
    (key, slot)
    for key, card in POOL.defs.items()
    for slot, effects in program_slots(card)
    if _harmless(effects)
)
"""The (card, slot) programs that can make no creature die and no player lose life
(:func:`_harmless`: Giant Growth, Overrun, Rancor, "when this enters, draw a card"): after one
resolves, the death phase would find nobody (``settle(deaths=False)``).

>>> ("giant_growth", "play") in HARMLESS, ("lightning_bolt", "play") in HARMLESS
(True, False)
"""


def settle(
    state: MagicState, *, checks: bool = True, auras: bool = True, deaths: bool = True
) -> MagicState:
    """Run what is running, apply state-based actions until none applies, then put the triggered
    abilities on the stack (the active player receives priority).

    ``checks=False`` says nothing can have died or lost since the last settle (a land or a
    creature entered, an event fired): only auras and triggers are looked at; with
    ``auras=False`` too, nothing can have changed an aura's share either (a land entered, when
    no aura of the pool picks a land: :data:`LANDS_UNSEEN_BY_AURAS`): only triggers are.
    ``deaths=False`` says only that nothing can have died since the last settle (a program of
    :data:`HARMLESS` ran, which the settle runs to its end): the death phase is not looked
    for; what else the checks do is done (a resolved spell goes to its graveyard).
    """
    if checks or state.frames:
        while True:
            if state.frames:
                state = run(state, RULES, queue=False)
                if state.pending is not None:
                    return state
            if state.cards.auras and _auras_in_play(state):
                state = refresh_auras(state, RULES)
            # with no aura-giving card in the game, the refresh after a death changes nothing
            if deaths:
                state, died = death_phase(state, RULES, auras=state.cards.auras)
            else:
                died = False
            state = _orphans(state)
            life = state.life
            lost = state.lost | (life[0] <= 0) | (life[1] <= 0) << 1
            if lost != state.lost:
                state = state.replace(lost=lost)
            if not died:
                break
    elif auras and state.cards.auras and _auras_in_play(state):
        state = refresh_auras(state, RULES)
    if state.queue:
        state = triggers_to_stack(state, active=state.active, players=2).replace(window=True)
    return state
