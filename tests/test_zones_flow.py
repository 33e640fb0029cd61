"""Zones conserve cards and never touch their input; the turn machine loops flatly."""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Callable

import immutables
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.digest import digest
from pure_engine.core.flow import FlowStep, StepId, TurnMachine
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.core.zones import (
    ZoneId,
    ZoneMap,
    Zones,
    deal,
    draw,
    move_card,
    move_top,
    shuffle_zone,
    zones,
)

NAMES = tuple(ZoneId(n) for n in ("deck", "hand", "play", "grave"))
DECK, HAND, PLAY, GRAVE = NAMES


def _all_cards(table: Zones[int]) -> Counter[int]:
    return Counter(card for name in table for card in table[name])


tables = st.lists(st.integers(0, 3), max_size=30).map(
    lambda where: zones(
        {n: [c for c, w in enumerate(where) if w == i] for i, n in enumerate(NAMES)}
    )
)


@given(tables, st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(1, 5))
def test_move_top_conserves_cards_and_keeps_input(
    t: Zones[int], src: ZoneId, dst: ZoneId, n: int
) -> None:
    before = dict(t.items())
    if n > len(t[src]):
        with pytest.raises(ValueError, match="cannot move"):
            move_top(t, src, dst, n)
        return
    after = move_top(t, src, dst, n)
    assert dict(t.items()) == before
    assert _all_cards(after) == _all_cards(t)
    if src != dst:
        assert after[dst][-n:] == t[src][-n:]


@given(tables, st.integers(1, 3), st.sampled_from(NAMES))
def test_draw_and_deal_conserve_cards(t: Zones[int], n: int, hand: ZoneId) -> None:
    if len(t[DECK]) >= n:
        drawn = draw(t, DECK, hand, n)
        assert _all_cards(drawn) == _all_cards(t)
        assert drawn[hand][-n:] == t[DECK][-n:][::-1]
    if len(t[DECK]) >= 2 * n:
        dealt = deal(t, DECK, [HAND, PLAY], n)
        assert _all_cards(dealt) == _all_cards(t)
        assert len(dealt[DECK]) == len(t[DECK]) - 2 * n


@given(tables)
def test_move_card_conserves_and_refuses_missing(t: Zones[int]) -> None:
    for card in t[HAND]:
        for dst in NAMES:
            after = move_card(t, card, HAND, dst)
            assert after[dst][-1] == card and _all_cards(after) == _all_cards(t)
    with pytest.raises(ValueError, match="is not in 'hand'"):
        move_card(t, -1, HAND, GRAVE)


@given(tables, st.integers(0, 2**64 - 1))
def test_shuffle_is_a_permutation_determined_by_the_rng(t: Zones[int], seed: int) -> None:
    a, rng_a = shuffle_zone(t, DECK, Rng(seed))
    b, rng_b = shuffle_zone(t, DECK, Rng(seed))
    assert a == b and rng_a == rng_b
    assert sorted(a[DECK]) == sorted(t[DECK])


def test_dealing_to_the_deck_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="to itself"):
        deal(zones({DECK: (1, 2, 3, 4)}), DECK, [DECK], 1)


def test_unknown_zone_is_named() -> None:
    with pytest.raises(KeyError, match="no zone named 'moon'"):
        move_top(zones({ZoneId("a"): (1,)}), ZoneId("a"), ZoneId("moon"))


def test_every_zone_function_reports_an_unknown_zone_as_a_key_error() -> None:
    # a mistyped zone is the programmer's error, never a player's IllegalActionError
    a, moon = ZoneId("a"), ZoneId("moon")
    table = zones({a: (1, 2)})
    misuses: list[Callable[[], object]] = [
        lambda: move_top(table, moon, a),
        lambda: draw(table, a, moon),
        lambda: draw(table, moon, a),
        lambda: move_card(table, 1, a, moon),
        lambda: move_card(table, 1, moon, a),
        lambda: deal(table, a, [moon], 1),
        lambda: deal(table, moon, [a], 1),
        lambda: shuffle_zone(table, moon, Rng(0)),
    ]
    for misuse in misuses:
        with pytest.raises(KeyError, match="no zone named 'moon'; zones: a"):
            misuse()


@given(tables, st.sampled_from(NAMES), st.lists(st.integers(0, 9), max_size=3))
def test_a_zone_map_reads_writes_and_digests_as_the_hamt_it_replaced(
    t: Zones[int], name: ZoneId, cards: list[int]
) -> None:
    hamt = immutables.Map(t.items())
    written = t.set(name, tuple(cards))
    assert dict(written.items()) == dict(hamt.set(name, tuple(cards)).items())
    assert digest(written) == digest(hamt.set(name, tuple(cards))) and digest(t) == digest(hamt)
    assert written == ZoneMap.from_items(reversed(written.items()))  # any order, one map
    assert hash(written) == hash(ZoneMap.from_items(written.items()))
    assert pickle.loads(pickle.dumps(written)) == written
    for zone in NAMES:  # a zone's place reads what its name reads
        assert written.at(written.place(zone)) == written[zone]
    m = t.mutate()
    m[name] = tuple(cards)
    m[ZoneId("new")] = (1,)
    assert m.finish() == ZoneMap.from_items([*written.items(), (ZoneId("new"), (1,))])


def test_a_zone_map_cannot_be_changed_through_its_attributes() -> None:
    # a zone map is part of every card game's state, and its index is shared by every map of
    # the same zones (a layout's tables): nothing reachable from it may be written
    from pure_engine.cards.runtime.table import Layout, new_table
    from pure_engine.core.zones import Visibility

    layout = Layout.build([("hand", 0, Visibility.OWNER), ("deck", 0, Visibility.HIDDEN)])
    for t in (zones({HAND: (1,), DECK: (2, 3)}), new_table(layout).zones, layout.empty_zones):
        with pytest.raises(TypeError):
            t.index[ZoneId("hand0")] = 1  # type: ignore[index]  # a read-only mapping
        with pytest.raises(AttributeError):
            t.index = {}  # type: ignore[misc]  # a property
        with pytest.raises(AttributeError):
            t.cards = ()  # type: ignore[misc]  # a Final field
        assert all(type(zone) is tuple for zone in (t.cards, *t.cards))
    assert dict(new_table(layout).zones.index) == {"deck0": 0, "hand0": 1}
    assert layout.place("hand", 0) == new_table(layout).zones.place(ZoneId("hand0")) == 1


def test_move_card_inserts_at_an_index() -> None:
    t = zones({HAND: (7,), PLAY: (1, 2)})
    assert move_card(t, 7, HAND, PLAY, at=0)[PLAY] == (7, 1, 2)
    assert move_card(t, 7, HAND, PLAY, at=2)[PLAY] == (1, 2, 7)


class Turn(Struct):
    step: str
    turn: int = 1
    mana: int = 0
    decided: bool = False


def _machine() -> TurnMachine[Turn, str]:
    return TurnMachine(
        steps={
            "untap": FlowStep("untap", next="upkeep", enter=lambda s: s.replace(mana=s.turn)),
            "upkeep": FlowStep("upkeep", next="draw"),
            "draw": FlowStep("draw", next="main"),
            "main": FlowStep("main", next="end", decides=lambda s: not s.decided),
            "end": FlowStep(
                "end", next="untap", leave=lambda s: s.replace(turn=s.turn + 1, decided=False)
            ),
        },
        get_step=lambda s: s.step,
        set_step=lambda s, name: s.replace(step=name),
        is_over=lambda s: s.turn > 3,
    )


def test_steps_without_decision_pass_in_one_loop_and_are_counted() -> None:
    machine = _machine()
    state, ticks = machine.run_until_decision(Turn("end", decided=True))
    assert (state.step, state.turn, state.mana, ticks) == ("main", 2, 2, 4)
    decided = state.replace(decided=True)
    assert machine.run_until_decision(decided)[0].step == "main"
    assert machine.run_until_decision(decided)[0].turn == 3


def test_machine_stops_when_over() -> None:
    state, _ = _machine().run_until_decision(Turn("end", turn=3, decided=True))
    assert state.turn == 4


def test_turn_table_without_decisions_raises_instead_of_spinning() -> None:
    loop = TurnMachine(
        steps={"a": FlowStep("a", next="b"), "b": FlowStep("b", next="a")},
        get_step=lambda s: s.step,
        set_step=lambda s, name: s.replace(step=name),
    )
    with pytest.raises(RuntimeError, match="no decision after 10 ticks"):
        loop.run_until_decision(Turn("a"), max_ticks=10)


def test_advance_is_one_tick_from_decision_to_decision_counting_steps_and_autos() -> None:
    # the main step's decision is taken by the auto rule once per turn (turns 1 and 2), then
    # a player must decide in turn 3: one call, every step change and automatic action inside
    machine = TurnMachine(
        steps=_machine().steps,
        get_step=lambda s: s.step,
        set_step=lambda s, name: s.replace(step=name),
        auto=lambda s: s.replace(decided=True) if s.turn < 3 else None,
    )
    run = machine.advance(Turn("untap"))
    assert (run.state.step, run.state.turn, run.steps, run.autos) == ("main", 3, 13, 2)
    assert machine.advance(run.state) == type(run)(run.state, 0, 0)  # already at a decision


def test_an_automatic_action_may_move_the_turn_on() -> None:
    # a rule that concedes the rest of a turn for the player: the auto action ends the main step
    # itself (to "end"), and the machine goes on from the step the state is in, not main's row
    machine = TurnMachine(
        steps=_machine().steps,
        get_step=lambda s: s.step,
        set_step=lambda s, name: s.replace(step=name),
        auto=lambda s: s.replace(step="end", decided=True) if s.turn == 1 else None,
    )
    run = machine.advance(Turn("main"))
    # main (auto: to end) -> end -> untap -> upkeep -> draw -> main of turn 2 (a decision);
    # (keeping main's row after the action would leave main for end once more: 5 changes)
    assert (run.state.step, run.state.turn, run.state.mana, run.steps, run.autos) == (
        "main",
        2,
        2,
        4,
        1,
    )


def test_advance_raises_instead_of_spinning_when_the_auto_rule_never_stops() -> None:
    spin = TurnMachine(
        steps={"main": FlowStep("main", next="main", decides=lambda s: True)},
        get_step=lambda s: s.step,
        set_step=lambda s, name: s.replace(step=name),
        auto=lambda s: s.replace(mana=s.mana + 1),
    )
    with pytest.raises(RuntimeError, match="no decision after 7 steps"):
        spin.advance(Turn("main"), max_steps=7)


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ({"a": FlowStep("a", next="nowhere")}, "unknown step 'nowhere'"),  # an unknown next step
        ({"b": FlowStep("a", next="b")}, "filed under 'b'"),  # a step under another name
    ],
)
def test_a_wrong_step_table_is_rejected_at_construction(
    steps: dict[str, FlowStep[Turn, str]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        TurnMachine(
            steps=steps,
            get_step=lambda s: s.step,
            set_step=lambda s, name: s.replace(step=name),
        )


def test_an_unknown_current_step_is_a_key_error_naming_the_steps() -> None:
    machine = _machine()
    lost = Turn("upkep")
    for run in (machine.run_until_decision, machine.advance, machine.needs_decision):
        with pytest.raises(KeyError, match="no step named 'upkep'; steps: 'untap', 'upkeep'"):
            run(lost)
    with pytest.raises(KeyError, match="no step named 'upkep'"):
        machine.finish_step(lost)


def test_a_chooser_naming_an_unknown_step_is_a_value_error() -> None:
    main, elsewhere = StepId("main"), StepId("elsewhere")
    machine: TurnMachine[Turn, StepId] = TurnMachine(
        steps={main: FlowStep(main, next=lambda s: elsewhere)},
        get_step=lambda s: StepId(s.step),
        set_step=lambda s, name: s.replace(step=name),
    )
    for run in (machine.advance, machine.run_until_decision, machine.finish_step):
        with pytest.raises(ValueError, match="step 'main' chose unknown step 'elsewhere'"):
            run(Turn(main))


def test_enter_at_sets_the_step_itself_as_set_step_and_enter_would() -> None:
    """A row's ``enter_at`` gets the state before ``set_step`` and the step's name (one write
    of both); the machine then behaves as with ``enter`` after ``set_step``."""
    plain = _machine()
    steps = dict(plain.steps)
    steps["untap"] = FlowStep(
        "untap", next="upkeep", enter_at=lambda s, name: s.replace(step=name, mana=s.turn)
    )
    fused = TurnMachine(
        steps=steps, get_step=plain.get_step, set_step=plain.set_step, is_over=plain.is_over
    )
    start = Turn("end", decided=True)
    assert fused.run_until_decision(start) == plain.run_until_decision(start)
    assert fused.advance(start) == plain.advance(start)
    assert fused.finish_step(start) == plain.finish_step(start)
    with pytest.raises(ValueError, match="both enter and enter_at"):
        TurnMachine(
            steps={"a": FlowStep("a", next="a", enter=lambda s: s, enter_at=lambda s, n: s)},
            get_step=plain.get_step,
            set_step=plain.set_step,
        )
