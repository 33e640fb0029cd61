"""The kit's resolve loop and its hooks: state-based checks, a stack for triggers, skip flags."""

from __future__ import annotations

from pure_engine.cards.runtime import Frame, new_frame, resolve, update
from tests.cards_toy import RULES, ToyState, cards, ids, table_with


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
