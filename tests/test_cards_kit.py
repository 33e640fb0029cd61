"""The card kit: programs, suspension, chance, triggers, auras, the death phase, observations."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.cards import CardDef
from pure_engine.cards.runtime import (
    CHANCE_PLAYER,
    DOOMED,
    FROZEN,
    SILENCED,
    CardPool,
    DecisionKind,
    TriggerDepthError,
    answer,
    death_phase,
    new_frame,
    observe_table,
    program_slots,
    resample_table,
    resolve,
    silence,
)
from pure_engine.cards.runtime.table import (
    IDENTITY_FIELDS,
    Enchantment,
    Entity,
    EntityId,
    entity_identity,
    move,
    move_all,
    new_table,
    update,
)
from pure_engine.core.frozen import Frozen
from pure_engine.core.zones import ZoneId
from tests.cards_toy import LAYOUT, RULES, ToyState, cards, ids, table_with


def cast(
    state: ToyState,
    card: str,
    player: int = 0,
    target: EntityId | None = None,
    source: EntityId | None = None,
) -> ToyState:
    """Run *card*'s play program for *player* (the card itself need not be anywhere)."""
    frame = new_frame(RULES, card, "play", source, player, target)
    return resolve(state.replace(frames=(*state.frames, frame)), RULES)


def summon(state: ToyState, card: str, player: int = 0) -> ToyState:
    frame = new_frame(RULES, "bolt", "play", None, player)  # any frame of this player
    return resolve(RULES.summon(state, frame, player, card), RULES)


def choose_path(state: ToyState, choices: list[int]) -> ToyState:
    """Answer pending decisions one by one (suspend, then answer)."""
    for index in choices:
        assert state.pending is not None
        state = resolve(answer(state, RULES, index), RULES)
    return state


def test_a_target_bound_at_play_is_hit() -> None:
    s = table_with(boards=((), ("yeti",)))
    yeti = ids(s, "board", 1)[0]
    after = cast(s, "bolt", target=yeti)
    assert after.table.entities[yeti].damage == 3
    assert s.table.entities[yeti].damage == 0  # the input is untouched


def test_random_number_is_a_chance_node_with_exact_weights() -> None:
    s = cast(table_with(boards=((), ("yeti", "yeti"))), "storm")
    assert s.pending is not None and s.pending.player == CHANCE_PLAYER
    assert s.pending.options == (2, 3) and s.pending.weights == (Fraction(1, 2),) * 2
    after = choose_path(s, [1])
    assert [after.table.entities[i].damage for i in ids(after, "board", 1)] == [3, 3]


def test_random_pick_lists_every_living_candidate_once() -> None:
    s = cast(table_with(boards=((), ("wisp", "yeti"))), "missiles")
    assert s.pending is not None and s.pending.kind is DecisionKind.CHANCE
    assert len(s.pending.options) == 3 and sum(s.pending.weights) == 1  # two minions and the hero
    wisp = ids(s, "board", 1)[0]
    s = choose_path(s, [s.pending.options.index((wisp,))])
    # the wisp is dead (not yet removed): the second missile picks among the two living others
    assert s.pending is not None and len(s.pending.options) == 2
    s = choose_path(s, [0, 0])
    assert cards(s, "graveyard", 1) == ["wisp"]


def test_select_mode_offers_only_modes_whose_requirement_holds() -> None:
    s = cast(table_with(), "wrath")
    assert s.pending is not None and s.pending.labels == ("draw",)
    s = cast(table_with(boards=((), ("yeti",))), "wrath")
    assert s.pending is not None and s.pending.labels == ("big", "draw")


def test_suspend_then_answer_equals_the_direct_path() -> None:
    """Each suspending instruction: stop, store the frame in the state, answer, go on — the
    state reached is the one reached by answering inline."""
    setups = {
        "wrath": table_with(boards=((), ("yeti", "wisp"))),
        "tracking": table_with(decks=(("wisp", "yeti", "boar", "golem"), ())),
        "tutor": table_with(decks=(("wisp", "yeti", "boar"), ())),
        "scry": table_with(decks=(("wisp", "yeti", "boar", "golem"), ())),
        "missiles": table_with(boards=((), ("wisp", "yeti"))),
        "storm": table_with(boards=((), ("wisp", "yeti"))),
    }
    for card, start in setups.items():
        for pick in range(3):
            direct = resolve(
                start.replace(frames=(new_frame(RULES, card, "play", None, 0),)),
                RULES,
                chooser=lambda d, pick=pick: min(pick, len(d.options) - 1),  # type: ignore[misc]
            )
            suspended = cast(start, card)
            while suspended.pending is not None:
                index = min(pick, len(suspended.pending.options) - 1)
                suspended = resolve(answer(suspended, RULES, index), RULES)
            assert suspended == direct, card


def test_look_and_choose_takes_one_and_discards_the_rest() -> None:
    s = cast(table_with(decks=(("wisp", "yeti", "boar", "golem"), ())), "tracking")
    assert s.pending is not None and s.pending.player == 0
    looked = [s.table.entities[i[0]].card for i in s.pending.options if isinstance(i, tuple)]
    assert looked == ["golem", "boar", "yeti"]  # top first
    s = choose_path(s, [1])
    assert cards(s, "hand", 0) == ["boar"]
    assert sorted(cards(s, "graveyard", 0)) == ["golem", "yeti"] and cards(s, "deck", 0) == ["wisp"]


def test_search_deck_offers_each_distinct_card_once() -> None:
    s = cast(table_with(decks=(("wisp", "yeti", "wisp"), ())), "tutor")
    assert s.pending is not None and len(s.pending.options) == 2
    s = choose_path(s, [1])
    assert cards(s, "hand", 0) == ["yeti"] and cards(s, "deck", 0) == ["wisp", "wisp"]


def test_order_deck_puts_the_chosen_order_on_top() -> None:
    s = cast(table_with(decks=(("wisp", "yeti", "boar", "golem"), ())), "scry")
    assert s.pending is not None and len(s.pending.options) == 6
    order = s.pending.options[3]
    s = choose_path(s, [3])
    assert tuple(ids(s, "deck", 0)[::-1][:3]) == order
    assert all(s.table.entities[i].known & 1 for i in order)  # the owner knows them now


def test_trigger_remote_runs_deathrattles_in_place() -> None:
    s = cast(table_with(boards=(("golem", "hoarder"), ()), decks=(("wisp",), ())), "feign")
    assert cards(s, "board", 0) == ["golem", "hoarder", "boar"]
    assert cards(s, "hand", 0) == ["wisp"]


def test_a_program_that_calls_itself_stops_at_the_depth_bound() -> None:
    s = table_with(boards=(("loop",), ()))
    with pytest.raises(TriggerDepthError, match="nested 9 deep"):
        cast(s, "loop", source=ids(s, "board", 0)[0])


def test_deaths_resolve_in_order_of_play_and_deathrattles_follow() -> None:
    s = table_with(boards=((), ("golem", "hoarder", "yeti")), decks=((), ("wisp",)))
    for i in ids(s, "board", 1)[:2]:
        s = s.replace(table=update(s.table, i, damage=5))
    s = resolve(s, RULES)
    assert cards(s, "graveyard", 1) == ["golem", "hoarder"]
    assert cards(s, "board", 1) == ["yeti", "boar"] and cards(s, "hand", 1) == ["wisp"]


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 6), st.booleans()), max_size=8))
def test_a_death_phase_among_candidates_is_the_scan_when_they_hold_the_dead(
    hits: list[tuple[int, int, bool]],
) -> None:
    # damage dealt to some minions of both boards (the candidates, with a few unhurt ones and a
    # hero): the death phase among them moves the same dead as the scan of the mortal zones
    s = table_with(boards=(("golem", "hoarder", "yeti"), ("wisp", "yeti", "boar")))
    boards = ids(s, "board", 0) + ids(s, "board", 1)
    hurt = set()
    for k, (board, amount, doomed) in enumerate(hits):
        i = boards[(board * 3 + k) % 6]
        e = s.table.entities[i]
        status = e.status | DOOMED if doomed else e.status
        s = s.replace(table=update(s.table, i, damage=e.damage + amount, status=status))
        hurt.add(i)
    # the candidates in any order, with an unhurt minion and a hero (not in a mortal zone)
    among = (*sorted(hurt, reverse=True), boards[2], ids(s, "hero", 1)[0])
    scanned = death_phase(s, RULES)
    assert death_phase(s, RULES, among=among) == scanned
    # and the check can fail: candidates that leave out a dead minion miss it
    left = ids(scanned[0], "board", 0) + ids(scanned[0], "board", 1)
    dead = [i for i in boards if i not in left]
    if dead:
        assert death_phase(s, RULES, among=[i for i in among if i != dead[0]]) != scanned


_ZONES = ("board0", "board1", "graveyard0", "graveyard1")


@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from(_ZONES)), max_size=8))
def test_moves_at_once_are_the_moves_one_by_one(moves: list[tuple[int, str]]) -> None:
    # entities of several zones moved at once, some twice, some to the zone they are in: the
    # table is the one a move per entity makes (the death phase moves its dead at once)
    s = table_with(boards=(("golem", "hoarder", "yeti"), ("wisp", "yeti", "boar")))
    boards = ids(s, "board", 0) + ids(s, "board", 1)
    pairs = [(boards[k], ZoneId(zone)) for k, zone in moves]
    one_by_one = s.table
    for i, zone in pairs:
        one_by_one = move(one_by_one, i, zone)
    assert move_all(s.table, pairs) == one_by_one
    # and the check can fail: a table without the last move differs, when that move changes
    # anything (an entity moved to the top of the zone it is on top of already changes nothing)
    if pairs:
        short = s.table
        for i, zone in pairs[:-1]:
            short = move(short, i, zone)
        if move(short, *pairs[-1]) != short:
            assert move_all(s.table, pairs) != short


def test_auras_are_recomputed_and_their_end_never_kills() -> None:
    s = resolve(table_with(boards=(("wisp", "champion", "yeti"), ())), RULES)
    wisp, champion, yeti = ids(s, "board", 0)
    assert (s.table.entities[wisp].attack, s.table.entities[wisp].health) == (2, 2)
    s = s.replace(table=update(s.table, wisp, damage=1))
    s = resolve(s.replace(table=update(s.table, champion, damage=6)), RULES)
    assert cards(s, "board", 0) == ["wisp", "yeti"]
    assert s.table.entities[wisp].health == 1 and s.table.entities[wisp].damage == 0
    assert s.table.entities[yeti].attack == 4


def test_adjacent_aura_follows_the_neighbours() -> None:
    s = resolve(table_with(boards=(("wisp", "wolf", "yeti", "boar"), ())), RULES)
    atk = [s.table.entities[i].attack for i in ids(s, "board", 0)]
    assert atk == [2, 2, 5, 1]


def test_triggers_queue_in_the_state_and_fire_after_the_action() -> None:
    s = table_with(boards=(("juggler",), ("yeti",)))
    s = summon(s, "boar")
    assert s.pending is not None and s.pending.kind is DecisionKind.CHANCE
    assert len(s.pending.options) == 2  # the enemy yeti or the enemy hero


def test_silence_removes_buffs_keywords_and_abilities() -> None:
    s = table_with(boards=(("hoarder",), ()), decks=(("wisp",), ()))
    hoarder = ids(s, "board", 0)[0]
    s = cast(s, "blessing", target=hoarder)
    assert s.table.entities[hoarder].attack == 6
    s = s.replace(table=update(silence(s.table, hoarder), hoarder, damage=1))
    e = s.table.entities[hoarder]
    assert (e.attack, e.health, e.status & SILENCED, e.status & FROZEN) == (2, 1, SILENCED, 0)
    s = resolve(s, RULES)
    assert cards(s, "hand", 0) == []  # the silenced deathrattle did not draw


def test_observation_hides_hands_and_decks_and_resample_keeps_it() -> None:
    s = table_with(
        hands=(("bolt", "yeti"), ("wisp", "storm")), decks=(("boar",), ("golem", "wolf"))
    )
    seen0 = observe_table(s.table, LAYOUT, 0)
    by_zone = {z[0]: z for z in seen0}
    assert by_zone[ZoneId("hand1")] == (ZoneId("hand1"), 2, ())
    assert by_zone[ZoneId("deck0")] == (ZoneId("deck0"), 1, ())
    rng = random.Random(3)
    hands = set()
    for _ in range(30):
        other = resample_table(s.table, LAYOUT, 0, rng)
        assert observe_table(other, LAYOUT, 0) == seen0
        hands.add(tuple(other.entities[i].card for i in other.zones[ZoneId("hand1")]))
    assert len(hands) > 3  # the opponent's hand really is dealt anew from their unseen cards
    assert all(set(h) <= {"wisp", "storm", "golem", "wolf"} for h in hands)


def test_entity_identity_reads_exactly_the_identity_fields() -> None:
    small = st.integers(-5, 30)

    @given(
        st.builds(
            Entity,
            id=st.integers(0, 99).map(EntityId),
            card=st.sampled_from(["wisp", "yeti", "fireball"]),
            owner=st.integers(0, 1),
            zone=st.sampled_from(["hand0", "board1"]).map(ZoneId),
            cost=small,
            attack=small,
            health=small,
            damage=small,
            armor=small,
            tags=small,
            status=small,
            attacks=small,
            aura_attack=small,
            aura_health=small,
            known=small,
            types=st.frozensets(st.sampled_from(["minion", "beast", "spell"])),
        )
    )
    def check(entity: Entity) -> None:
        assert entity_identity(entity) == tuple(getattr(entity, f) for f in IDENTITY_FIELDS)

    check()


def test_entity_and_table_replace_change_exactly_the_named_field() -> None:
    # their replace names each field (so the compiled build calls it directly): a field missing
    # there would be reset to its default by every replace, which this finds
    entity = Entity(EntityId(3), "yeti", 0, ZoneId("board0"), 4, 4, 5, 1, 2, 3, 4, 5, (), 6, 7, 8)
    table = new_table(LAYOUT)
    changed: dict[str, Any] = {
        "id": EntityId(9),
        "card": "wisp",
        "owner": 1,
        "zone": ZoneId("hand1"),
        "buffs": (Enchantment("blessing", 1, 1),),
        "types": frozenset({"minion"}),
        "entities": table.entities.set(EntityId(3), entity),
        "zones": table.zones.set(ZoneId("board0"), (EntityId(3),)),
    }
    for record in (entity, table):
        fields = record.__match_args__
        for name in fields:
            value = changed.get(name, 99)
            after = record.replace(**{name: value})
            assert type(after) is type(record)
            assert after.values() == tuple(
                value if other == name else getattr(record, other) for other in fields
            )
            assert after == Frozen.replace(record, **{name: value})


def _slot_mismatches(
    pool: CardPool, slots: Callable[[CardDef], Sequence[tuple[str, object]]]
) -> list[str]:
    """The cards of *pool* whose programs *slots* does not list exactly as compiled."""
    compiled: dict[str, set[str]] = {}
    for card, slot in pool.programs:
        compiled.setdefault(card, set()).add(slot)
    return [
        key
        for key, card in pool.defs.items()
        if {slot for slot, _ in slots(card)} != compiled.get(key, set())
    ]


def test_program_slots_lists_exactly_the_programs_a_pool_compiles() -> None:
    from pure_engine.games.magic_lite.cards import POOL as MAGIC_POOL
    from pure_engine.games.skirmish.rules import POOL as SKIRMISH_POOL

    for pool in (MAGIC_POOL, SKIRMISH_POOL, RULES.pool):
        assert _slot_mismatches(pool, program_slots) == []

    # the check fails on a slot list that forgets the triggered abilities
    def no_triggers(card: CardDef) -> list[tuple[str, object]]:
        return [(slot, e) for slot, e in program_slots(card) if not slot.startswith("trigger")]

    assert _slot_mismatches(MAGIC_POOL, no_triggers) != []
