"""The kit's resolve loop and its hooks: state-based checks, a stack for triggers, skip flags."""

from __future__ import annotations

import pytest

from pure_engine.cards import SELF, Buff, CardDef, Summon, Trigger
from pure_engine.cards.runtime import (
    CardRules,
    Frame,
    build_pool,
    fire_now,
    new_frame,
    resolve,
    spawn,
    update,
)
from tests.cards_toy import CARDS, LAYOUT, RULES, ToyEvent, ToyState, cards, ids, table_with


def _summoned(state: ToyState, card: str, player: int = 0) -> ToyState:
    """*card* summoned for *player*, its "summoned" event queued, nothing resolved yet."""
    frame = new_frame(RULES, "bolt", "play", None, player)  # any frame of this player
    return RULES.summon(state, frame, player, card)


def test_triggers_run_at_once_without_a_stack() -> None:
    s = resolve(_summoned(table_with(boards=(("juggler",), ("yeti",))), "boar"), RULES)
    assert s.pending is not None  # the juggler's random target is a chance decision


def test_with_a_stack_triggers_stay_queued_until_the_hook_takes_them() -> None:
    stacked: list[tuple[Frame, ...]] = []

    def to_stack(state: ToyState) -> ToyState:
        stacked.append(state.queue)
        return state.replace(queue=())

    s = _summoned(table_with(boards=(("juggler",), ("yeti",))), "boar")
    after = resolve(s, RULES, to_stack=to_stack)
    assert after.pending is None and after.queue == ()
    assert [[frame.card for frame in queue] for queue in stacked] == [["juggler"]]
    # and no hook call when nothing is queued
    resolve(after, RULES, to_stack=to_stack)
    assert len(stacked) == 1


def test_checks_run_after_each_death_phase() -> None:
    seen: list[list[str]] = []

    def checks(state: ToyState) -> ToyState:
        seen.append(cards(state, "board", 1))
        return state

    s = table_with(boards=((), ("golem", "yeti")))
    golem = ids(s, "board", 1)[0]
    s = resolve(s.replace(table=update(s.table, golem, damage=3)), RULES, checks=checks)
    # the death phase took the golem, the next pass ran its deathrattle (a boar)
    assert seen == [["yeti"], ["yeti", "boar"]]
    assert cards(s, "graveyard", 1) == ["golem"]


def test_a_check_that_changes_the_state_is_kept() -> None:
    def mark_hero(state: ToyState) -> ToyState:
        hero = ids(state, "hero", 0)[0]
        return state.replace(table=update(state.table, hero, damage=1))

    s = resolve(table_with(), RULES, checks=mark_hero)
    assert s.table.entities[ids(s, "hero", 0)[0]].damage == 1


def test_without_deaths_the_dead_stay_until_the_next_resolve() -> None:
    s = table_with(boards=(("yeti",), ()))
    s = s.replace(table=update(s.table, ids(s, "board", 0)[0], damage=5))
    assert cards(resolve(s, RULES, deaths=False), "board", 0) == ["yeti"]
    assert cards(resolve(s, RULES), "board", 0) == []


def test_the_aura_flag_and_test_skip_the_refresh() -> None:
    s = table_with(boards=(("wisp", "champion"), ()))
    wisp = ids(s, "board", 0)[0]
    asked: list[ToyState] = []

    def never(state: ToyState) -> bool:
        asked.append(state)
        return False

    assert resolve(s, RULES, auras=False).table.entities[wisp].attack == 1
    assert resolve(s, RULES, auras=never).table.entities[wisp].attack == 1 and asked
    assert resolve(s, RULES, auras=lambda state: True).table.entities[wisp].attack == 2
    assert resolve(s, RULES).table.entities[wisp].attack == 2


# --- replacements: programs run at once, inside the rule about to happen -----------------------


def _guarded() -> tuple[CardRules[ToyState], ToyState]:
    """The toy's cards and a "guard" that gains +2 Attack when it would be damaged, as a
    replacement; a guard on board 0, a bolt's program waiting in the queue."""
    guard = CardDef(
        "guard", "guard", frozenset({"minion"}), 1, 1, 3,
        triggers=(Trigger(ToyEvent.DAMAGED, (Buff(SELF, 2, 0), Summon("wisp")), SELF),),
    )  # fmt: skip
    pool = build_pool((*CARDS, guard), LAYOUT, events=ToyEvent)
    rules = CardRules(
        layout=LAYOUT, pool=pool, damage=RULES.damage, heal=RULES.heal, draw=RULES.draw,
        summon=RULES.summon,
    )  # fmt: skip
    state = table_with(boards=(("wisp",), ()))
    table, _ = spawn(state.table, pool, LAYOUT.zone("board", 0), "guard", 0)
    waiting = new_frame(rules, "bolt", "play", None, 0)
    return rules, state.replace(table=table, queue=(waiting,))


def test_a_replacement_runs_at_once_and_queues_what_it_sets_off_behind() -> None:
    rules, s = _guarded()
    guard = ids(s, "board", 0)[-1]
    after = fire_now(s, rules, ToyEvent.DAMAGED, guard, 1)
    assert after.table.entities[guard].attack == 3  # ran now, not queued
    assert len(ids(after, "board", 0)) == 3  # its summon too
    # the queue that waited comes back first, then the summon's "summoned" triggers (none)
    assert after.queue == s.queue and after.frames == s.frames and after.pending is None
    # nothing listening: the state itself
    wisp = ids(s, "board", 0)[0]
    assert fire_now(s, rules, ToyEvent.DAMAGED, wisp, 1) is s


def test_a_replacement_that_asks_a_decision_is_an_error() -> None:
    s = table_with(boards=(("juggler", "wisp"), ("yeti",)))
    with pytest.raises(ValueError, match="asked for a decision"):
        fire_now(s, RULES, ToyEvent.SUMMONED, ids(s, "board", 0)[1], 0)  # a random target
