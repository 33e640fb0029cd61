"""magic_lite: the turn, priority and the stack, combat keywords, triggers, skip-trivial."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.cards import Ctx
from pure_engine.cards.runtime import Frame
from pure_engine.core import gamerecord
from pure_engine.core.session import AutoPolicy, Session, act, start
from pure_engine.games.magic_lite import MagicState, Step, can_act, legal_actions
from pure_engine.games.magic_lite.actions import forced
from pure_engine.games.magic_lite.combat import (
    attack_candidates,
    block_options,
    can_attack,
    can_block,
)
from pure_engine.games.magic_lite.damage import damaged, deal_damage
from pure_engine.games.magic_lite.engine import BATTLEFIELD, RULES, ZONES
from pure_engine.games.magic_lite.priority import PASS
from pure_engine.games.magic_lite.rules import position
from pure_engine.games.magic_lite.state import MagicEvent
from pure_engine.testing import FAST_CHECKS, check_game
from tests.magic_helpers import GAME, cards, find, play

NO_SKIP = load_game("magic_lite", skip_trivial=False)


# --- the conformance battery ----------------------------------------------------------------------


def test_check_game_with_skip_trivial() -> None:
    check_game(GAME, games=2, max_steps=100, records=2, resamples=1)


def test_check_game_without_skip_trivial() -> None:
    check_game(NO_SKIP, games=1, max_steps=100, checks=FAST_CHECKS, records=1, resamples=1)


def test_check_game_other_decks() -> None:
    game = load_game("magic_lite", deck0="white_weenie", deck1="dimir_fliers")
    check_game(game, games=1, max_steps=100, checks=FAST_CHECKS, records=1, resamples=1)


@pytest.mark.parametrize("skip_trivial", [True, False])
def test_check_game_double_strike_and_menace_decks(skip_trivial: bool) -> None:
    game = load_game(
        "magic_lite", deck0="boros_strike", deck1="rakdos_menace", skip_trivial=skip_trivial
    )
    check_game(game, games=2, max_steps=150, checks=FAST_CHECKS, records=1, resamples=1)


# --- skip-trivial ---------------------------------------------------------------------------------


def _random_states(game_seed: int, choice_seed: int, steps: int) -> list[MagicState]:
    rng = random.Random(choice_seed)
    state = NO_SKIP.initial_state(game_seed)
    seen = [state]
    for _ in range(steps):
        if NO_SKIP.is_terminal(state):
            break
        legal = NO_SKIP.legal_actions(state)
        state = NO_SKIP.step(state, legal[rng.randrange(len(legal))])
        seen.append(state)
    return seen


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_can_act_is_sound_whenever_it_says_no_only_pass_is_legal(game: int, choices: int) -> None:
    for state in _random_states(game, choices, 160):
        if state.lost or state.pending is not None or state.declaring or state.to_order:
            continue
        if not state.window:
            continue
        legal = legal_actions(state)
        assert can_act(state, state.holder) == (legal != (PASS,)), GAME.render(state)


def test_the_quick_combat_checks_answer_as_the_lists_they_stand_for() -> None:
    # can_attack / can_block repeat the tests of attack_candidates / block_options without
    # building them (they run at every step change): the two must never drift apart
    blocked = 0
    for game in range(6):
        for state in _random_states(game, game + 40, 200):
            assert can_attack(state) == bool(attack_candidates(state)), GAME.render(state)
            assert can_block(state) == bool(block_options(state)), GAME.render(state)
            blocked += bool(state.attackers and block_options(state))
    assert blocked > 0  # some states really had attackers that could be blocked


def test_a_summoned_card_new_to_the_game_joins_its_facts() -> None:
    state = position(hands=(("forest",), ()), battlefields=(("grizzly_bears",), ()))
    facts = state.cards
    assert not facts.auras and MagicEvent.UPKEEP in facts.unheard and MagicEvent.ENTERS in facts.own
    frame = Frame("forest", "play", 0, Ctx(None, 0))
    for card in ("glorious_anthem", "phyrexian_arena", "soul_warden"):
        state = RULES.summon(state, frame, 0, card)
    facts = state.cards
    assert (
        facts.auras
        and MagicEvent.UPKEEP not in facts.unheard
        and MagicEvent.ENTERS not in facts.own
    )
    # Soul Warden hears another creature enter: the next creature's "enters" reaches it
    life = state.life
    state = RULES.summon(state, frame, 0, "grizzly_bears")
    assert len(state.queue) == 1 and state.life == life
    assert cards(state, "battlefield", 0) == [
        "grizzly_bears", "glorious_anthem", "phyrexian_arena", "soul_warden", "grizzly_bears"
    ]  # fmt: skip


def test_skip_trivial_surfaces_no_single_option_decision_and_counts() -> None:
    rng = random.Random(5)
    state = GAME.initial_state(3)
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        assert len(legal) > 1, f"a trivial decision surfaced: {GAME.render(state)}"
        state = GAME.step(state, legal[rng.randrange(len(legal))])
    assert state.autos > state.decisions / 2
    # one tick (flow-loop pass) per decision, plus the deal's: steps and passes happen inside
    assert state.ticks == state.decisions + 1
    assert state.steps > state.decisions


def test_without_skip_trivial_every_pass_is_a_decision() -> None:
    state = NO_SKIP.initial_state(3)
    assert state.autos == 0
    one_option = 0
    rng = random.Random(5)
    for _ in range(60):
        legal = NO_SKIP.legal_actions(state)
        one_option += len(legal) == 1
        state = NO_SKIP.step(state, legal[rng.randrange(len(legal))])
    assert one_option > 10 and state.autos == 0


def _skipping_session() -> Session[MagicState]:
    """25 random decisions of a seeded game under a skip-trivial session (forced passes
    logged)."""
    session = start(NO_SKIP, seed=2, policy=AutoPolicy(skip_trivial=True))
    rng = random.Random(1)
    for _ in range(25):
        if NO_SKIP.is_terminal(session.state):
            break
        legal = NO_SKIP.legal_actions(session.state)
        session = act(NO_SKIP, session, legal[rng.randrange(len(legal))])
    return session


def test_session_logs_forced_passes_and_the_log_replays_exactly(tmp_path: object) -> None:
    session = _skipping_session()
    forced = [e for e in session.log if e.auto == "forced"]
    assert forced and all(e.action == PASS for e in forced)
    record = gamerecord.record_session(NO_SKIP, session)
    _, replayed = gamerecord.replay(gamerecord.loads(gamerecord.dumps(record)))
    assert replayed == session.state


def test_replaying_the_decisions_reproduces_the_state() -> None:
    rng = random.Random(9)
    state = GAME.initial_state(4)
    taken = []
    for _ in range(40):
        legal = GAME.legal_actions(state)
        taken.append(legal[rng.randrange(len(legal))])
        state = GAME.step(state, taken[-1])
    again = GAME.initial_state(4)
    for action in taken:
        again = GAME.play(again, action)
    assert again == state


def test_per_seat_skip_asks_only_the_other_player() -> None:
    game = load_game("magic_lite", skip_trivial=[1])
    state = game.initial_state(3)
    rng = random.Random(2)
    for _ in range(40):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            assert game.current_player(state) == 0
        state = game.step(state, legal[rng.randrange(len(legal))])


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7), st.integers(1, 4)), max_size=8))
def test_damage_dealt_at_once_is_the_damage_dealt_hit_by_hit(
    hits: list[tuple[int, int, int]],
) -> None:
    # combat damage deals its hits in one call (engine.damaged: the creatures hit written in one
    # map mutation, a creature hit twice reading its first hit): the same table and life totals
    # as deal_damage hit by hit — deathtouch, lifelink, both players, creatures hit twice
    s = position(
        battlefields=(
            ("typhoid_rats", "child_of_night", "grizzly_bears"),
            ("craw_wurm", "child_of_night", "typhoid_rats"),
        )
    )
    creatures = [*s.table.zones[BATTLEFIELD[0]], *s.table.zones[BATTLEFIELD[1]]]
    targets = [*creatures, s.table.zones[ZONES.player[0]][0], s.table.zones[ZONES.player[1]][0]]
    entities = s.table.entities
    dealt = [(entities[creatures[a]], targets[t], amount) for a, t, amount in hits]
    one_by_one = s
    for source, target, amount in dealt:
        one_by_one = deal_damage(one_by_one, source, target, amount)
    expected = (one_by_one.table, one_by_one.life)
    assert damaged(s.table, s.life, dealt) == expected
    # and the check can fail: without its last hit (on a creature: its damage shows), it differs
    if dealt and dealt[-1][1] in creatures:
        assert damaged(s.table, s.life, dealt[:-1]) != expected


def test_combat_is_skipped_when_nothing_can_attack() -> None:
    # a wall cannot attack: after main 1 the turn goes straight to main 2 (no combat steps)
    state = position(hands=(("giant_growth",), ()), battlefields=(("forest", "wall_of_air"), ()))
    after = play(state, "pass")
    assert after.step == Step.MAIN2 and after.active == 0
    assert after.ticks - state.ticks == 1  # one loop pass
    assert after.steps - state.steps == 1  # main 1 -> main 2, no combat step entered
    assert after.autos - state.autos == 1  # p1's pass in main 1, inside the priority loop


def test_a_quiet_step_after_a_main_phase_is_not_entered() -> None:
    # in main 1 player 0 could still cast a creature (sorcery timing), in the beginning of combat
    # nobody could do anything: the turn goes from main 1 straight to declaring attackers
    state = position(
        hands=(("grizzly_bears",), ()), battlefields=(("forest", "forest", "grizzly_bears"), ())
    )
    after = play(state, "pass")
    assert after.step == Step.ATTACKERS and after.declaring
    assert after.steps - state.steps == 1  # main 1 -> declare attackers, no beginning of combat
    # and from main 2 straight to the next turn: no end step entered for a creature in hand
    after = play(after, "done")
    assert after.step == Step.MAIN2
    later = play(after, "pass")
    assert later.active == 1 and later.step == Step.MAIN1
    assert later.steps - after.steps == 4  # main 2 -> cleanup -> untap -> draw -> main 1


def test_combat_skip_keeps_beginning_of_combat_triggers() -> None:
    fields = (("rallying_pennant", "forest", "wall_of_air"), ())
    state = position(hands=(("giant_growth",), ()), battlefields=fields)
    after = play(state, "pass")
    assert after.step == Step.BEGIN_COMBAT
    assert [i.frame.card for i in after.stack] == ["rallying_pennant"]
    after = play(after, "pass")  # the trigger resolves: the wall gets +1/+0 this turn
    wall = after.table.entities[find(after, "wall_of_air")]
    assert wall.attack == 2 and not after.stack


def test_counters_show_the_flow() -> None:
    state = GAME.initial_state(1)
    assert state.decisions == 0 and state.ticks == 1 and state.steps > 0
    after = GAME.step(state, GAME.legal_actions(state)[0])
    assert after.decisions == 1 and after.ticks == 2 and after.steps >= state.steps


def test_forced_names_the_single_legal_action_exactly_when_there_is_one() -> None:
    for game_seed, choice_seed in ((1, 2), (5, 8), (13, 21)):
        for state in _random_states(game_seed, choice_seed, 150):
            if state.lost:
                continue
            legal = legal_actions(state)
            found = forced(state)
            if len(legal) == 1:
                assert found is not None and found[0] == legal[0], GAME.render(state)
            else:
                assert found is None, GAME.render(state)


def test_session_logs_the_rule_of_each_forced_action_and_the_record_keeps_it() -> None:
    session = _skipping_session()
    rules = {e.rule for e in session.log if e.auto == "forced"}
    assert "cannot act" in rules and "" not in rules
    assert all(e.rule == "" for e in session.log if e.auto is None)
    record = gamerecord.loads(gamerecord.dumps(gamerecord.record_session(NO_SKIP, session)))
    assert [a.rule for a in record.actions] == [e.rule for e in session.log]
    _, replayed = gamerecord.replay(record)
    assert replayed == session.state
