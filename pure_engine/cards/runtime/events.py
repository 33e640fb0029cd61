"""Events, triggers, auras and the death phase: what happens between a program's instructions.

* :func:`emit` queues the programs of every card listening for an event (a
  :class:`~pure_engine.cards.runtime.pool.Trigger`): "after you summon a minion",
  "whenever this takes damage", "at the end of your turn".  The trigger queue
  lives in the state; queued programs run, in the order of play of their
  cards (``CardRules.play_order``), after the running one finishes.
* :func:`refresh_auras` recomputes every continuous effect from the board as
  it is now (auras are never stored stale: an entity remembers only how much
  of its stats the auras gave, so the next refresh can correct it).
* :func:`death_phase` moves every entity that died (0 health, or destroyed)
  to its graveyard in order of play, then queues deathrattles and "death"
  triggers.
* :func:`resolve` is the loop a game runs after each action: run programs,
  refresh auras, death phase, the game's state-based checks, until nothing is
  left to do or a decision is pending; triggered programs run at once, or go to
  the game's stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from pure_engine.cards.runtime.pool import DEATH, SILENCE, CardPool, CardRules, Event, Listener
from pure_engine.cards.runtime.program import Frame, S, Value
from pure_engine.cards.runtime.stats import silence, with_aura_keywords
from pure_engine.cards.runtime.table import (
    DOOMED,
    SILENCED,
    Entity,
    EntityId,
    Table,
    move_all,
    put,
    put_all,
)
from pure_engine.cards.runtime.vm import Chooser, run
from pure_engine.cards.selectors import Ctx
from pure_engine.core.zones import ZoneMap

__all__ = [
    "death_phase",
    "deathrattle_at",
    "emit",
    "event_value",
    "leave_play",
    "refresh_auras",
    "resolve",
    "silenced",
]


def emit(
    state: S,
    rules: CardRules[S],
    event: Event,
    subject: EntityId | None = None,
    value: int | None = None,
) -> S:
    """Queue the triggered programs of every entity listening for *event* about *subject*.

    A listener's condition is a selector evaluated from the listener (its
    controller, itself as ``SELF``, the subject as ``TARGET``); it must select
    the subject.  A silenced entity's own text does not listen; the enchantments
    it was given since (silence removed those it had) do.  *value* (how much damage was
    taken...) goes to each queued program one register past its own:
    :func:`event_value` reads it.
    """
    heard = rules.pool.listeners.get(event)  # (one lookup: its listeners and their zones)
    if heard is None:
        return state
    by_card = heard.by_card
    table = state.table
    entities, zone_map = table.entities, table.zones
    programs = rules.pool.programs
    queued: list[Frame] | None = None  # (made at the first listener: most events have none;
    # with skirmish's modal-card table: 75.4 M -> 74.3 M instructions, cachegrind, compiled)
    for place, kind in heard.places:
        for entity_id in zone_map.at(place):
            entity = entities[entity_id]
            listening = None if entity.status & SILENCED else by_card.get(entity.card)
            # what its enchantments grant it listens too (the event asked of the few entities
            # with buffs, not at every emit: an event hashes through a Python-level slot)
            if entity.buffs and event in rules.pool.granted:
                listening = _with_granted(listening, by_card, entity, rules.pool.enchantments)
            if listening is None:
                continue
            for listener in listening:
                if kind not in listener.zones:
                    continue
                if listener.opponents_turn and (
                    rules.active is None or rules.active(state) == entity.owner
                ):
                    continue
                ctx = Ctx(entity_id, entity.owner, subject)
                cond = listener.condition
                if cond is not None and subject not in cond(table, ctx):
                    continue
                regs: tuple[Value, ...] = (0,) * programs[listener.card, listener.slot].regs
                if value is not None:
                    regs += (value,)
                frame = Frame(listener.card, listener.slot, 0, ctx, regs)
                if queued is None:
                    queued = [frame]
                else:
                    queued.append(frame)
    if queued is None:
        return state
    if len(queued) > 1:
        _in_order_of_play(state, rules, queued)
    return state.replace(queue=state.queue + tuple(queued))


def silenced(state: S, frame: Frame, rules: CardRules[S], target: EntityId, _: int) -> S:
    """Silence *target*, announced first (the kit's ``SILENCE``, ``Silence``'s per target):
    what an enchantment it loses does then waits in the queue (control taken "until end of
    turn" goes back at once)."""
    state = emit(state, rules, SILENCE, target)
    return state.replace(table=silence(state.table, target))


# (the sorts by order of play are helpers, not lambdas in emit and death_phase: compiled, a
# function holding a nested function allocates its environment at every call, sorting or not)


def _in_order_of_play(state: S, rules: CardRules[S], frames: list[Frame]) -> None:
    """Sort queued *frames* by where their sources stand in the order of play (no source:
    first)."""
    rank = _rank(state, rules)
    frames.sort(key=lambda f: rank(f.ctx.source) if f.ctx.source is not None else -1)


def _dead_in_order_of_play(state: S, rules: CardRules[S], dead: list[Entity]) -> None:
    """Sort *dead* by where they stand in the order of play."""
    rank = _rank(state, rules)
    dead.sort(key=lambda e: rank(e.id))


def _rank(state: S, rules: CardRules[S]) -> Callable[[EntityId], int]:
    """Where an entity stands in the order of play (``CardRules.play_order``, else its id)."""
    if rules.play_order is None:
        return _same
    order = rules.play_order(state)
    if not order:
        return _same
    return lambda i: order.get(i, i)


def _same(entity_id: EntityId) -> int:
    return entity_id


def _with_granted(
    own: tuple[Listener, ...] | None,
    by_card: Mapping[str, tuple[Listener, ...]],
    entity: Entity,
    enchantments: frozenset[str],
) -> tuple[Listener, ...] | None:
    """*entity*'s own listeners and those of the enchantment cards its buffs name (one per
    buff: an enchantment given twice listens twice)."""
    out = own or ()
    for buff in entity.buffs:
        more = by_card.get(buff.source) if buff.source in enchantments else None
        if more is not None:
            out += more
    return out or None


def refresh_auras(state: S, rules: CardRules[S]) -> S:
    """Recompute every aura from the board as it stands; correct the entities whose share changed.

    An aura's loss of health never kills: damage shrinks with it.  The keywords auras give are
    kept in one enchantment an entity holds (:func:`~.stats.with_aura_keywords`).
    """
    pool = rules.pool
    table = state.table
    entities, zone_map = table.entities, table.zones
    auras, aura_keywords = pool.auras, pool.aura_keywords
    # the entities of the aura zones, read once for both passes; with no aura among them and
    # nothing an aura gave them, there is nothing to correct (1 399 of the 1 441 refreshes of
    # the skirmish workload changed nothing; with the sorts below moved out of emit and
    # death_phase: 77.5 M -> 76.3 M instructions, -1.6 %, cachegrind, compiled)
    board: list[Entity] = []
    held = False
    for place in rules.aura_places:
        for i in zone_map.at(place):
            e = entities[i]
            board.append(e)
            if e.aura_attack or e.aura_health or (aura_keywords and e.buffs) or e.card in auras:
                held = True
    if not held:
        return state
    given, keywords = _aura_shares(table, pool, board) if auras else ({}, {})
    changed = table
    for e in board:
        entity_id = e.id
        attack = health = 0
        if entity_id in given:  # (not ``given.get(id, (0, 0))``: compiled, that boxes a tuple)
            attack, health = given[entity_id]
        if e.aura_attack != attack or e.aura_health != health:
            lost = e.aura_health - health
            e = e.replace(
                attack=e.attack - e.aura_attack + attack,
                health=e.health - e.aura_health + health,
                damage=max(0, e.damage - lost) if lost > 0 else e.damage,
                aura_attack=attack,
                aura_health=health,
            )
            changed = put(changed, e)
        if aura_keywords and (e.buffs or entity_id in keywords):
            kept = with_aura_keywords(e, keywords.get(entity_id, 0))
            if kept is not e:
                changed = put(changed, kept)
    return state if changed is table else state.replace(table=changed)


def _aura_shares(
    table: Table, pool: CardPool, board: list[Entity]
) -> tuple[dict[EntityId, tuple[int, int]], dict[EntityId, int]]:
    """What the auras of the entities *board* give: (attack, health) and keyword bits, by
    entity."""
    auras, terms = pool.auras, pool.aura_terms
    entities = table.entities
    given: dict[EntityId, tuple[int, int]] = {}
    keywords: dict[EntityId, int] = {}
    setters: list[tuple[EntityId, Callable[[Entity], int]]] = []
    for source in board:
        aura = auras.get(source.card)
        if aura is None or source.status & SILENCED:
            continue
        selector, attack, health = aura
        ctx = Ctx(source.id, source.owner)
        more = terms.get(source.card) if terms else None
        tags = 0
        if more is not None:
            tags, per, active = more
            if active is not None and not active(table, ctx):
                continue
            if per is not None and isinstance(attack, int):
                count = len(per(table, ctx))
                attack, health = attack * count, health * count
        for target in selector(table, ctx):
            a, h = given.get(target, (0, 0))
            if isinstance(attack, int):
                given[target] = (a + attack, h + health)
            else:
                given[target] = (a, h + health)
                setters.append((target, attack))
            if tags:
                keywords[target] = keywords.get(target, 0) | tags
    for target, sets in setters:  # an Attack set by an aura overrides every other change
        a, h = given[target]
        e = entities[target]
        set_attack = sets(e.replace(health=e.health - e.aura_health + h))
        given[target] = (set_attack - (e.attack - e.aura_attack), h)
    return given, keywords


def leave_play(table: Table, entity_id: EntityId) -> Table:
    """Take away what auras gave an entity that leaves play (before it is moved)."""
    e = table.entities[entity_id]
    if not (e.aura_attack or e.aura_health):
        return table
    return put(
        table,
        e.replace(
            attack=e.attack - e.aura_attack,
            health=e.health - e.aura_health,
            aura_attack=0,
            aura_health=0,
        ),
    )


def death_phase(
    state: S, rules: CardRules[S], auras: bool = True, among: Iterable[EntityId] | None = None
) -> tuple[S, bool]:
    """Move every dead entity of the mortal zones to its graveyard, in order of play; queue
    deathrattles and emit :data:`DEATH` for each.  Returns the state and whether anyone died.

    After a death the auras are recomputed (:func:`refresh_auras`); ``auras=False`` says the
    caller knows that would change nothing (no card of its game gives an aura).  *among* (distinct
    ids) says the caller knows that only these entities can have died since the last death phase
    (a combat's damage is dealt to the creatures in it): they are looked at, those of them still
    in a mortal zone, instead of every entity of the mortal zones — the same dead, without the
    scan.  (Tested against the scan: ``tests/test_cards_kit.py``.)
    """
    table = state.table
    layout, kinds = rules.layout, rules.kinds
    entities, zone_map = table.entities, table.zones
    frail = rules.frail  # ("" is no type: without a frail type, nothing is frail)
    dead = []
    if among is None:
        # the types last found not frail: the entities of one card share their types, and a
        # land (0 damage at 0 health) is asked whether it is frail at every death phase (magic's
        # battlefields are mostly lands: 158.78 -> 158.00 M instructions, skirmish 60.39 ->
        # 60.41 M, cachegrind, compiled)
        sturdy: frozenset[str] | None = None
        for place in rules.mortal_places:
            for i in zone_map.at(place):
                e = entities[i]
                # not is_alive(e) or frail at 0 health, inlined: the death phase looks at every
                # permanent after every action (health read once)
                health = e.health
                if e.status & DOOMED:
                    dead.append(e)
                elif e.damage >= health:
                    types = e.types
                    if health > 0 or (types is not sturdy and frail in types):
                        dead.append(e)
                    else:
                        sturdy = types
    else:
        mortal = rules.mortal_zones
        for i in among:
            e = entities[i]
            if e.zone in mortal and (
                e.status & DOOMED or (e.damage >= e.health and (e.health > 0 or frail in e.types))
            ):
                dead.append(e)
    if dead:
        state, dead = _spare(state, rules, dead)
    if not dead:
        return state, False
    table = state.table
    if len(dead) > 1:
        _dead_in_order_of_play(state, rules, dead)
    programs = rules.pool.programs
    frames: list[Frame] = []
    moves = []  # (moved at once, in this order: one zone map and one entity map for them all)
    for e in dead:
        table = leave_play(table, e.id)
        moves.append((e.id, layout.zone(kinds.graveyard, e.owner)))
        # its own deathrattle (not once silenced), then those its enchantments gave it (since
        # the silence, if any: it removed the others), in the order given
        cards: tuple[str, ...] = () if e.status & SILENCED else (e.card,)
        if e.buffs:
            enchantments = rules.pool.enchantments
            cards += tuple(b.source for b in e.buffs if b.source in enchantments)
        for card in cards:
            if (card, "deathrattle") in programs:
                regs: tuple[Value, ...] = (0,) * programs[card, "deathrattle"].regs
                regs += (_left_at(zone_map, e, dead),)  # one past the program's: deathrattle_at
                frames.append(Frame(card, "deathrattle", 0, Ctx(e.id, e.owner), regs))
    table = move_all(table, moves)
    if frames:
        state = state.replace(table=table, queue=state.queue + tuple(frames))
    else:
        state = state.replace(table=table)
    if DEATH in rules.pool.listeners:  # (emit's own first test, once)
        for e in dead:
            state = emit(state, rules, DEATH, e.id)
    return (refresh_auras(state, rules) if auras else state), True


def _spare(state: S, rules: CardRules[S], candidates: list[Entity]) -> tuple[S, list[Entity]]:
    """The state and those of *candidates* (destroyed, damaged up to their health, or frail at
    0 health) that die: a frail one at 0 health always (rule 704.5f), an indestructible one
    never otherwise (rule 702.12b) — the destroy it survived is forgotten, so it does not kill
    it once the keyword is gone."""
    indestructible = rules.indestructible
    if not indestructible:
        return state, candidates
    dead: list[Entity] = []
    spared: list[Entity] = []
    for e in candidates:
        if not e.tags & indestructible or (e.health <= 0 and rules.frail in e.types):
            dead.append(e)
        elif e.status & DOOMED:
            spared.append(e.replace(status=e.status & ~DOOMED))
    if spared:
        state = state.replace(table=put_all(state.table, spared))
    return state, dead


def deathrattle_at(frame: Frame, rules: CardRules[S]) -> int | None:
    """Where the minion whose deathrattle *frame* runs stood when it died (how many survivors
    were to its left), or ``None`` for any other frame: its summons take that place.

    The death phase gives a deathrattle frame one register past its program's, holding it.
    """
    if frame.slot != "deathrattle":
        return None
    if len(frame.regs) <= rules.programs[frame.card, frame.slot].regs:
        return None
    at = frame.regs[-1]
    assert isinstance(at, int)
    return at


def event_value(frame: Frame, rules: CardRules[S]) -> int | None:
    """The value the event that queued *frame* carried (:func:`emit`'s *value*), else ``None``."""
    if len(frame.regs) <= rules.programs[frame.card, frame.slot].regs:
        return None
    value = frame.regs[-1]
    assert isinstance(value, int)
    return value


def _left_at(zone_map: ZoneMap[EntityId], e: Entity, dead: list[Entity]) -> int:
    """How many of the entities left of *e* in its zone survive this death phase."""
    zone = zone_map[e.zone]
    gone = {d.id for d in dead}
    return sum(1 for i in zone[: zone.index(e.id)] if i not in gone)


def resolve(
    state: S,
    rules: CardRules[S],
    chooser: Chooser | None = None,
    *,
    checks: Callable[[S], S] | None = None,
    to_stack: Callable[[S], S] | None = None,
    auras: bool | Callable[[S], bool] = True,
    deaths: bool = True,
) -> S:
    """Run programs, refresh auras, hold death phases: until all is quiet or a decision waits.

    One pass: run the programs (:func:`~pure_engine.cards.runtime.vm.run`), stop if a
    decision is pending, refresh the auras, hold a death phase, apply *checks*; pass again
    while someone died or (without a stack) triggered programs wait.  The hooks, each
    optional, let a game keep its own rules in this one loop:

    * ``checks(state)``: the game's state-based checks, applied after each death phase
      (an aura without its creature goes, a player at 0 life loses);
    * ``to_stack(state)``: triggered programs are not run but stay queued, and once all is
      quiet this puts them where the game wants them (a stack that players respond to);
    * ``auras``: ``False`` when the caller knows no aura's share can have changed, or a test
      asked before each refresh (the same answer says whether a death phase refreshes them);
    * ``deaths``: ``False`` when the caller knows nobody can have died (no death phase).

    A game with a stack (a sketch of magic_lite's use)::

        resolve(state, RULES, checks=state_based_actions,
                to_stack=lambda s: triggers_to_stack(s, active=s.active, players=2),
                auras=lambda s: s.cards.auras and auras_in_play(s))

    Skirmish runs it with no hook: triggers run at once, its hero check is a pass of its own.
    """
    inline = to_stack is None
    refreshed: Table | None = None  # the table a death phase's aura refresh left
    while True:
        state = run(state, rules, chooser, queue=inline)
        if state.pending is not None:
            return state
        refresh = auras if isinstance(auras, bool) else auras(state)
        # (a table the death phase just refreshed, which no program changed since, needs no
        # second refresh: an aura refresh is idempotent; the aura pass took 5.9 M -> 5.5 M of
        # the ``skirmish`` workload's 72.0 M instructions, callgrind, compiled)
        if refresh and state.table is not refreshed:
            state = refresh_auras(state, rules)
        died = False
        if deaths:
            state, died = death_phase(state, rules, auras=refresh)
            refreshed = state.table if died and refresh else None
        if checks is not None:
            state = checks(state)
        if not died and not (inline and state.queue):
            break
    if to_stack is not None and state.queue:
        state = to_stack(state)
    return state
