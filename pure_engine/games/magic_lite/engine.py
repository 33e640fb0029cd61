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
  running, then state-based actions (rule 704: lethal damage and 0 toughness —
  the kit's death phase, which spares an indestructible creature but for 0
  toughness —, 0 life, auras without a creature or on one with protection from
  their colour, equipment unattached from a creature that left, tokens off the
  battlefield cease to exist, the legend rule, resolved spells to the
  graveyard) until none applies, then the triggered abilities onto the stack
  in APNAP order.
* The game's own programs beside the cards': announcing X when a spell with X
  in its cost is cast (:func:`announce_x`), and the legend rule's choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from pure_engine.cards import ChooseNumber, Ctx, Do, Effect, Event, KeepOne
from pure_engine.cards.permanents import cease, detach, duplicates, number_in, strays
from pure_engine.cards.runtime import (
    EXHAUSTED,
    CardRules,
    CardState,
    Enchantment,
    Entity,
    EntityId,
    Frame,
    Program,
    Reg,
    Table,
    compile_effects,
    emit,
    move,
    push,
    put,
    put_all,
    remove_buffs,
    resolve,
    run,
    spawn,
)
from pure_engine.core.frozen import Frozen
from pure_engine.core.zones import ZoneId, move_card
from pure_engine.games.magic_lite.cards import (
    CARDS,
    KINDS,
    LAYOUT,
    PLAYER,
    POOL,
    card_facts,
    cost_of,
    mana_of,
)
from pure_engine.games.magic_lite.damage import deal_damage, gained
from pure_engine.games.magic_lite.protection import can_target, protected
from pure_engine.games.magic_lite.stack import triggers_to_stack
from pure_engine.games.magic_lite.state import (
    INDESTRUCTIBLE,
    TAPPED,
    CardFacts,
    Cost,
    MagicEvent,
    MagicState,
)

__all__ = [
    "ANNOUNCE",
    "BATTLEFIELD",
    "HAND",
    "RULES",
    "ZONES",
    "Zones",
    "announce_x",
    "can_pay",
    "draw_cards",
    "enter_battlefield",
    "entered_table",
    "fire",
    "mana_counts",
    "paid",
    "pay",
    "pay_mana",
    "settle",
    "tapped_for",
]


PlayerZones = tuple[ZoneId, ...]  # a kind's zones by player: see Zones


class Zones(Frozen):
    """The zone ids by kind, indexed by player (the stack is shared), looked up once: a native
    record (:class:`~pure_engine.core.frozen.Frozen`) whose fields compiled code reads as C
    fields.  A pair is a ``tuple[ZoneId, ...]`` to the compiler, which indexes it in place (a
    ``tuple[ZoneId, ZoneId]`` is kept unboxed and boxed anew at every index: 190.9 M -> 185.5 M
    instructions on the ``magic`` workload, compiled).
    """

    __match_args__ = ("battlefield", "exile", "graveyard", "hand", "library", "player", "stack")

    def __init__(
        self,
        battlefield: PlayerZones,
        exile: PlayerZones,
        graveyard: PlayerZones,
        hand: PlayerZones,
        library: PlayerZones,
        player: PlayerZones,
        stack: ZoneId,
    ) -> None:
        self.battlefield: Final = battlefield
        self.exile: Final = exile
        self.graveyard: Final = graveyard
        self.hand: Final = hand
        self.library: Final = library
        self.player: Final = player
        self.stack: Final = stack


def _pair(kind: str) -> PlayerZones:
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

BATTLEFIELD: Final = ZONES.battlefield
HAND: Final = ZONES.hand


# --- the kit's hooks: damage, healing, drawing, summoning ------------------------------------


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
    for _ in range(n):
        cards = table.zones[ZONES.library[player]]
        if not cards:
            return state.replace(table=table, lost=state.lost | 1 << player)
        table = move(table, cards[-1], HAND[player])
    return state.replace(table=table)


def enter_battlefield(state: MagicState, entity_id: EntityId, controller: int) -> MagicState:
    """Put a permanent onto its controller's battlefield (summoning sick) and trigger "enters"."""
    table = entered_table(state.table, entity_id, controller)
    return fire(state.replace(table=table), MagicEvent.ENTERS, entity_id)


def entered_table(table: Table, entity_id: EntityId, controller: int) -> Table:
    """The table after *entity_id* entered *controller*'s battlefield: undamaged, untapped, and
    summoning sick if it is a creature (rule 302.6)."""
    e = table.entities[entity_id]
    field = BATTLEFIELD[controller]
    zones = move_card(table.zones, entity_id, e.zone, field)
    status = EXHAUSTED if "creature" in e.types else 0
    entered = e.replace(zone=field, damage=0, armor=0, status=status)
    return table.replace(entities=table.entities.set(entity_id, entered), zones=zones)


def fire(state: MagicState, event: Event, subject: EntityId | None = None) -> MagicState:
    """The kit's :func:`~pure_engine.cards.emit` of *event* about *subject*.

    The game's cards are known when it is dealt (``state.cards``): an event none of them
    listens to, or one they hear only about themselves ("when this enters") when the subject's
    card does not listen, is not looked for on the battlefields (the one place the game's card
    facts spare a scan: most events of a game have no listener).
    """
    facts = state.cards
    if event in facts.unheard:
        return state
    if event in facts.own and (
        subject is None or state.table.entities[subject].card not in POOL.listeners[event].by_card
    ):
        return state
    return emit(state, RULES, event, subject)


def _summon_hook(state: MagicState, frame: Frame, player: int, card: str) -> MagicState:
    table, new = spawn(state.table, POOL, HAND[player], card, player)
    known = state.cards
    gained_facts = card_facts([card])  # a card new to the game: what it can do joins the facts
    facts = CardFacts(
        known.unheard & gained_facts.unheard,
        known.own & gained_facts.own,
        known.auras or gained_facts.auras,
        known.abilities or gained_facts.abilities,
        known.tokens or gained_facts.tokens,
        known.legends or gained_facts.legends,
    )
    return enter_battlefield(state.replace(table=table, cards=facts), new, player)


# --- the game's own programs: announcing X, the legend rule ---------------------------------

ANNOUNCE: Final = "announce"
"""The program slot of an X spell's announcement (its X chosen and paid, rule 601.2b, 601.2g)."""
_LEGEND_RULE: Final = "legend_rule"
"""The program slot (of the player's card) of the legend rule's choice."""


def _mana_left(state: CardState, frame: Frame) -> int:
    """The most X can be: every mana the controller can still make."""
    return sum(mana_counts(state.table, frame.ctx.controller))


def _pay_x(x: Reg) -> Effect:
    """Pay X generic mana; the spell's mana value on the stack includes X (rule 202.3e)."""

    def pay_x(state: CardState, frame: Frame, rules: CardRules[CardState]) -> CardState:
        assert isinstance(state, MagicState) and frame.ctx.source is not None
        amount = number_in(frame, x)
        table = paid(state.table, frame.ctx.controller, Cost(amount, (0, 0, 0, 0, 0)))
        spell = table.entities[frame.ctx.source]
        return state.replace(table=put(table, spell.replace(cost=spell.cost + amount)))

    return Do(pay_x)


def _rule_programs() -> dict[tuple[str, str], Program]:
    """The X announcement of every X spell, and the legend rule's choice."""
    announce = (ChooseNumber(0, _mana_left, lambda x: (_pay_x(x),)),)
    programs = {
        (c.key, ANNOUNCE): compile_effects(announce, LAYOUT, "X")
        for c in CARDS
        if isinstance(cost := c.extra.get("cost"), Cost) and cost.x
    }
    programs[PLAYER, _LEGEND_RULE] = compile_effects((KeepOne(Reg(0)),), LAYOUT, "legend rule")
    return programs


RULES: Final[CardRules[MagicState]] = CardRules(
    layout=LAYOUT,
    pool=dataclasses.replace(POOL, programs={**POOL.programs, **_rule_programs()}),
    damage=_damage_hook,
    heal=_heal_hook,
    draw=draw_cards,
    summon=_summon_hook,
    kinds=KINDS,
    targetable=can_target,
    indestructible=INDESTRUCTIBLE,
    frail="creature",
)
"""The kit's view of magic_lite: layout, compiled cards (with the game's own programs: X,
the legend rule) and hooks (and what hexproof, protection, indestructible and 0 toughness mean
to the kit's targets and death phase)."""


def announce_x(state: MagicState, player: int, spell: EntityId) -> MagicState:
    """*player*, casting *spell* (its other costs paid), chooses X — up to the mana they have
    left — and pays it: the decision is pending until they answer (rule 601.2b)."""
    card = state.table.entities[spell].card
    frame = Frame(card, ANNOUNCE, 0, Ctx(spell, player), (0,))
    return run(push(state, RULES, frame), RULES, queue=False)


# --- mana ------------------------------------------------------------------------------------

_UNAVAILABLE: Final = TAPPED | EXHAUSTED
"""A tapped source, or a creature with summoning sickness (lands never have it)."""


def mana_counts(table: Table, player: int) -> list[int]:
    """How much mana of each colour (WUBRG) *player* can make on *table*."""
    counts = [0, 0, 0, 0, 0]
    entities = table.entities
    for i in table.zones[BATTLEFIELD[player]]:
        e = entities[i]
        if not e.status & _UNAVAILABLE:
            color = mana_of(e.card)
            if color >= 0:
                counts[color] = counts[color] + 1  # (``+=``, compiled a generic add: +0.6 M)
    return counts


def can_pay(cost: Cost, counts: list[int]) -> bool:
    """True when mana *counts* (WUBRG) pay *cost*.

    >>> from pure_engine.games.magic_lite.state import parse_cost
    >>> can_pay(parse_cost("1G"), [0, 0, 0, 1, 1]), can_pay(parse_cost("GG"), [0, 0, 0, 1, 1])
    (True, False)
    """
    # the five colours unpacked, not looped over: compiled, the five counts stay C integers (a
    # loop over the tuple boxes them; with sum() and all() over a generator it took ~3 800
    # instructions a call, ~1 000 unpacked)
    white, blue, black, red, green = cost.colored
    return (
        counts[0] >= white
        and counts[1] >= blue
        and counts[2] >= black
        and counts[3] >= red
        and counts[4] >= green
        # its mana value, within all the mana there is
        and cost.generic + white + blue + black + red + green
        <= counts[0] + counts[1] + counts[2] + counts[3] + counts[4]
    )


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
    return state.replace(table=paid(state.table, player, cost, spare))


def paid(table: Table, player: int, cost: Cost, spare: EntityId | None = None) -> Table:
    """The table after :func:`pay_mana` (for a caller that writes the state once)."""
    return put_all(table, tapped_for(table, player, cost, spare))


def tapped_for(
    table: Table, player: int, cost: Cost, spare: EntityId | None = None
) -> list[Entity]:
    """The sources :func:`pay_mana` taps for *cost*, tapped: the coloured symbols first, then
    the generic part; lands first, then mana creatures, each in battlefield order."""
    lands: list[Entity] = []
    creatures: list[Entity] = []
    entities = table.entities
    for i in table.zones[BATTLEFIELD[player]]:
        e = entities[i]
        if e.status & _UNAVAILABLE or mana_of(e.card) < 0 or i == spare:
            continue
        (lands if "land" in e.types else creatures).append(e)
    need = list(cost.colored)
    generic = cost.generic
    colored: list[Entity] = []
    rest: list[Entity] = []
    for e in lands + creatures:
        color = mana_of(e.card)
        if need[color]:
            need[color] -= 1
            colored.append(e)
        elif generic:
            generic -= 1
            rest.append(e)
    return [e.replace(status=e.status | TAPPED) for e in colored + rest]


# --- state-based actions ---------------------------------------------------------------------


def _orphans(state: MagicState) -> MagicState:
    """Auras whose creature left, or has protection from the aura's colour (rule 704.5m), go to
    the graveyard; cards on the stack zone without a spell item (resolved or countered) go to
    their owner's graveyard."""
    table = state.table
    entities = table.entities
    attached = state.attached
    buried: list[EntityId] = []  # the auras put into a graveyard from the battlefield
    if attached:
        kept = []
        for aura, creature in attached:
            a, c = entities[aura], entities[creature]
            if c.zone in BATTLEFIELD and a.zone in BATTLEFIELD and not protected(c, a):
                kept.append((aura, creature))
                continue
            if "equipment" in a.types:  # it stays on the battlefield, unattached (rule 301.5c)
                table = detach(table, aura, creature)
                continue
            if a.zone in BATTLEFIELD:
                table = move(table, aura, ZONES.graveyard[a.owner])
                buried.append(aura)
            if c.zone in BATTLEFIELD:
                table = remove_buffs(table, creature, _from_source(f"#{aura}"))
        if len(kept) != len(attached):
            state = state.replace(attached=tuple(kept))
    on_stack = table.zones[ZONES.stack]
    if on_stack and not state.frames:
        waiting = {item.frame.ctx.source for item in state.stack if item.spell}
        for i in on_stack:
            if i not in waiting:
                table = move(_printed_cost(table, i), i, ZONES.graveyard[entities[i].owner])
    if table is not state.table:
        state = state.replace(table=table)
    for aura in buried:
        state = fire(state, MagicEvent.TO_GRAVEYARD, aura)
    return state


def _legend_rule(state: MagicState) -> MagicState:
    """The first player (in table order) controlling two legendary permanents of one name
    chooses the one to keep; the others go to the graveyard (rule 704.5j)."""
    groups = duplicates(state.table, BATTLEFIELD)
    if not groups:
        return state
    group = groups[0]
    controller = BATTLEFIELD.index(state.table.entities[group[0]].zone)
    frame = Frame(PLAYER, _LEGEND_RULE, 0, Ctx(None, controller), (group,))
    return run(push(state, RULES, frame), RULES, queue=False)


def _printed_cost(table: Table, spell: EntityId) -> Table:
    """*spell*, leaving the stack, with its printed mana value again (X is 0 off the stack)."""
    e = table.entities[spell]
    printed = POOL.defs[e.card].cost
    return table if e.cost == printed else put(table, e.replace(cost=printed))


def _from_source(tag: str) -> Callable[[Enchantment], bool]:
    return lambda buff: buff.source == tag


def _auras_in_play(state: MagicState) -> bool:
    """True when a permanent gives an aura, or holds stats an aura gave (to be taken back)."""
    entities = state.table.entities
    zones = state.table.zones
    for zone in BATTLEFIELD:
        for i in zones[zone]:
            e = entities[i]
            if e.card in POOL.auras or e.aura_attack or e.aura_health:
                return True
    return False


_OFF_BATTLEFIELD: Final = (*ZONES.graveyard, *ZONES.hand, *ZONES.exile)
"""Where a permanent that left the battlefield can be (a token there ceases to exist)."""


def _state_based_actions(state: MagicState) -> MagicState:
    """Magic's state-based actions beside the kit's death phase (rule 704.5): auras without
    their creature go to the graveyard and equipment is unattached, resolved spells leave the
    stack zone, tokens off the battlefield cease to exist (704.5d), a player with two legendary
    permanents of one name chooses one to keep (704.5j), a player at 0 life loses."""
    state = _orphans(state)
    facts = state.cards
    if facts.tokens:
        gone = strays(state.table, _OFF_BATTLEFIELD)
        if gone:
            state = state.replace(table=cease(state.table, gone))
    if facts.legends and state.pending is None:
        state = _legend_rule(state)
    life = state.life
    lost = state.lost | (life[0] <= 0) | (life[1] <= 0) << 1
    return state if lost == state.lost else state.replace(lost=lost)


def _aura_refresh(state: MagicState) -> bool:
    """True when an aura's share may have changed: a card of the game gives one, and a
    permanent gives or holds one."""
    return state.cards.auras and _auras_in_play(state)


def _triggers_to_stack(state: MagicState) -> MagicState:
    """The triggered abilities go on the stack in APNAP order (rule 603.3b); the active player
    receives priority."""
    return triggers_to_stack(state, active=state.active, players=2).replace(window=True)


def settle(state: MagicState) -> MagicState:
    """After anything happens: the kit's resolve loop runs what is running, holds death phases
    and applies the state-based actions until none applies, then puts the triggered abilities
    on the stack."""
    return resolve(
        state,
        RULES,
        checks=_state_based_actions,
        to_stack=_triggers_to_stack,
        auras=_aura_refresh,
    )
