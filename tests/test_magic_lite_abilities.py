"""magic_lite's activated abilities: each cost, each timing rule, the stack, notation, can_act."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.cards.runtime import EXHAUSTED, Entity, put
from pure_engine.core.game import encoding_of
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite import MagicState, Step, can_act, legal_actions
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.priority import PASS
from pure_engine.games.magic_lite.rules import position
from pure_engine.games.magic_lite.state import HASTE, TAPPED
from pure_engine.testing import FAST_CHECKS, check_game

GAME = load_game("magic_lite", deck0="red_sligh", deck1="dimir_fliers")
NO_SKIP = load_game("magic_lite", deck0="white_weenie", deck1="red_sligh", skip_trivial=False)


def play(state: MagicState, *texts: str) -> MagicState:
    for text in texts:
        state = GAME.play_str(state, text)
    return state


def entity(state: MagicState, card: str) -> Entity:
    return next(e for e in state.table.entities.values() if e.card == card)


def zone_of(state: MagicState, card: str) -> str:
    return str(entity(state, card).zone)


def activations(state: MagicState) -> list[str]:
    return [a for a in GAME.legal_strings(state) if a.startswith("activate")]


# --- costs ----------------------------------------------------------------------------------------


def test_a_tap_ability_goes_on_the_stack_and_resolves_when_both_players_pass() -> None:
    s = position(battlefields=(("prodigal_sorcerer",), ("grizzly_bears",)), skip=0)
    assert activations(s) == [
        "activate Prodigal Sorcerer -> p0",
        "activate Prodigal Sorcerer -> p1",
        "activate Prodigal Sorcerer -> Prodigal Sorcerer",
        "activate Prodigal Sorcerer -> Grizzly Bears",
    ]
    s = play(s, "activate Prodigal Sorcerer -> p1")
    assert len(s.stack) == 1 and s.holder == 0 and s.life == (20, 20)
    assert entity(s, "prodigal_sorcerer").status & TAPPED
    assert GAME.legal_strings(s) == ("pass",)  # tapped: it cannot be activated again
    s = play(s, "pass")
    assert s.holder == 1 and s.life == (20, 20)
    s = play(s, "pass")
    assert not s.stack and s.life == (20, 19) and s.holder == 0


def test_summoning_sickness_forbids_tap_abilities_only_and_haste_lifts_it() -> None:
    lands = ("island", "island", "island", "swamp", "swamp", "swamp", "swamp")
    s = position(
        hands=(("prodigal_sorcerer", "frozen_shade"), ()), battlefields=(lands, ()), skip=0
    )
    s = play(s, "cast Prodigal Sorcerer", "pass", "pass", "cast Frozen Shade", "pass", "pass")
    assert entity(s, "prodigal_sorcerer").status & EXHAUSTED
    assert activations(s) == ["activate Frozen Shade"]  # {B}: no {T}, so no sickness matters
    sorcerer = entity(s, "prodigal_sorcerer")
    hasty = s.replace(table=put(s.table, sorcerer.replace(tags=sorcerer.tags | HASTE)))
    assert "activate Prodigal Sorcerer -> p1" in activations(hasty)


def test_a_mana_cost_needs_its_colour_and_taps_a_land() -> None:
    s = position(battlefields=(("frozen_shade", "island", "swamp"), ()), skip=0)
    s = play(s, "activate Frozen Shade")
    swamp, island = entity(s, "swamp"), entity(s, "island")
    assert swamp.status & TAPPED and not island.status & TAPPED
    assert activations(s) == []  # one {B} only
    off_colour = position(battlefields=(("frozen_shade", "island", "island"), ()), skip=0)
    assert activations(off_colour) == []


def test_generic_and_coloured_mana_with_tap_pay_outlast() -> None:
    s = position(battlefields=(("salt_road_patrol", "plains", "island"), ()), skip=0)
    s = play(s, "activate Salt Road Patrol", "pass", "pass")
    patrol = entity(s, "salt_road_patrol")
    assert (patrol.attack, patrol.health) == (3, 6) and patrol.status & TAPPED
    assert not any(b.one_turn for b in patrol.buffs)  # a counter stays
    assert all(entity(s, land).status & TAPPED for land in ("plains", "island"))


def test_a_pump_stacks_and_wears_off_at_the_end_of_the_turn() -> None:
    libraries = (("craw_wurm",) * 5, ("craw_wurm",) * 5)
    s = position(battlefields=(("frozen_shade", "swamp", "swamp"), ()), libraries=libraries)
    s = play(s, "activate Frozen Shade", "activate Frozen Shade")
    shade = entity(s, "frozen_shade")
    assert (shade.attack, shade.health) == (2, 3)
    assert s.step == Step.ATTACKERS  # nothing left to do in main 1: skip-trivial moved on
    s = play(s, "done")
    # p1 can do nothing; p0's swamps untap on turn 5, so p0 may pump in its upkeep: asked there
    assert (s.turn, s.step, GAME.current_player(s)) == (5, Step.UPKEEP, 0)
    shade = entity(s, "frozen_shade")
    assert (shade.attack, shade.health) == (0, 1)


def test_a_sacrifice_is_paid_at_once_and_the_ability_resolves_without_its_source() -> None:
    s = position(battlefields=(("mogg_fanatic",), ("grizzly_bears",)), skip=0)
    assert "activate Mogg Fanatic -> Mogg Fanatic" not in activations(s)
    s = play(s, "activate Mogg Fanatic -> Grizzly Bears")
    assert zone_of(s, "mogg_fanatic") == str(ZONES.graveyard[0]) and len(s.stack) == 1
    s = play(s, "pass", "pass")
    assert entity(s, "grizzly_bears").damage == 1 and not s.stack


def test_a_sacrifice_without_target_gains_life() -> None:
    s = position(battlefields=(("bottle_gnomes",), ()), skip=0)
    s = play(s, "activate Bottle Gnomes")
    assert zone_of(s, "bottle_gnomes") == str(ZONES.graveyard[0])
    s = play(s, "pass", "pass")
    assert s.life == (23, 20)


# --- timing ---------------------------------------------------------------------------------------


def test_sorcery_speed_only_in_own_main_phase_with_an_empty_stack() -> None:
    field = ("salt_road_patrol", "plains", "plains", "mountain")
    s = position(hands=(("lightning_bolt",), ()), battlefields=(field, ()), skip=0)
    assert "activate Salt Road Patrol" in activations(s)
    s = play(s, "cast Lightning Bolt -> p1")
    assert activations(s) == []  # a spell on the stack
    theirs = position(battlefields=(field, ()), active=1, skip=0)
    theirs = play(theirs, "pass")
    assert theirs.holder == 0 and activations(theirs) == []  # the opponent's main phase
    combat = position(battlefields=(field, ()), step=Step.BEGIN_COMBAT, skip=0)
    assert GAME.current_player(combat) == 0 and activations(combat) == []


def test_instant_speed_abilities_are_offered_in_the_opponents_turn() -> None:
    s = position(battlefields=(("prodigal_sorcerer",), ()), active=1, step=Step.UPKEEP)
    assert (s.active, GAME.current_player(s)) == (1, 0)  # p1 had nothing: p0 is asked at once
    assert "activate Prodigal Sorcerer -> p1" in activations(s)


# --- the stack ------------------------------------------------------------------------------------


def test_the_opponent_can_respond_and_the_ability_resolves_after_its_source_died() -> None:
    s = position(
        hands=((), ("lightning_bolt",)),
        battlefields=(("prodigal_sorcerer",), ("mountain",)),
    )
    s = play(s, "activate Prodigal Sorcerer -> p1")
    # p0 can do nothing more and passes by itself; p1 holds a Bolt: asked to respond
    assert GAME.current_player(s) == 1 and len(s.stack) == 1
    assert "cast Lightning Bolt -> Prodigal Sorcerer" in GAME.legal_strings(s)
    s = play(s, "cast Lightning Bolt -> Prodigal Sorcerer")
    # last in, first out: the Bolt kills the Sorcerer, then its ability still deals 1
    assert zone_of(s, "prodigal_sorcerer") == str(ZONES.graveyard[0])
    assert s.life == (20, 19) and not s.stack


def test_an_ability_whose_target_is_gone_does_nothing_but_its_costs_stay_paid() -> None:
    s = position(
        hands=((), ("unsummon",)),
        battlefields=(("master_decoy", "plains"), ("grizzly_bears", "island")),
    )
    s = play(s, "activate Master Decoy -> Grizzly Bears", "cast Unsummon -> Grizzly Bears")
    assert zone_of(s, "grizzly_bears") == str(ZONES.hand[1]) and not s.stack
    assert entity(s, "master_decoy").status & TAPPED and entity(s, "plains").status & TAPPED


def test_tap_target_then_destroy_target_tapped_creature() -> None:
    field = ("master_decoy", "royal_assassin", "plains")
    s = position(battlefields=(field, ("grizzly_bears",)), skip=0)
    assert activations(s) == [
        "activate Master Decoy -> Master Decoy",
        "activate Master Decoy -> Royal Assassin",
        "activate Master Decoy -> Grizzly Bears",
    ]  # the Assassin has no tapped creature to target yet
    s = play(s, "activate Master Decoy -> Grizzly Bears", "pass", "pass")
    assert entity(s, "grizzly_bears").status & TAPPED
    assert activations(s) == [  # the Decoy tapped itself to pay: a tapped creature too
        "activate Royal Assassin -> Master Decoy",
        "activate Royal Assassin -> Grizzly Bears",
    ]
    s = play(s, "activate Royal Assassin -> Grizzly Bears", "pass", "pass")
    assert zone_of(s, "grizzly_bears") == str(ZONES.graveyard[1])


# --- notation and bad input -----------------------------------------------------------------------


def test_activations_round_trip_through_notation_and_copies_are_named_by_id() -> None:
    field = ("prodigal_sorcerer", "prodigal_sorcerer", "frozen_shade", "swamp")
    s = position(battlefields=(field, ("grizzly_bears",)), skip=0)
    texts = activations(s)
    assert "activate Frozen Shade" in texts
    assert any(t.startswith("activate Prodigal Sorcerer#") for t in texts)
    for action in legal_actions(s):
        assert GAME.parse_action(s, GAME.action_to_str(s, action)) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("activate Grizzly Bears", "Grizzly Bears has no ability to activate"),
        ("activate Llanowar Elves", "mana abilities are used when paying"),
        ("activate Black Lotus", "unknown card 'Black Lotus'"),
        ("activate Prodigal Sorcerer -> p1", "is not legal now; legal: pass"),
        ("activate Prodigal Sorcerer -> Black Lotus", "unknown card 'Black Lotus'"),
    ],
)
def test_activating_what_cannot_be_activated_is_a_one_line_error(text: str, message: str) -> None:
    s = position(battlefields=(("prodigal_sorcerer", "grizzly_bears"), ()), skip=0)
    s = play(s, "activate Prodigal Sorcerer -> p1")  # now tapped
    with pytest.raises(ParseError, match=message) as info:
        GAME.parse_action(s, text)
    assert "\n" not in str(info.value)


def test_activations_have_stable_numbers_in_the_encoding() -> None:
    encoding = encoding_of(GAME)
    one = position(battlefields=(("prodigal_sorcerer",), ()), skip=0)
    two = position(battlefields=(("prodigal_sorcerer", "swamp"), ("grizzly_bears",)), skip=0)
    text = "activate Prodigal Sorcerer -> p1"
    numbers = {encoding.action_index(s, GAME.parse_action(s, text)) for s in (one, two)}
    assert len(numbers) == 1
    for s in (one, two):
        for action in legal_actions(s):
            assert encoding.index_action(s, encoding.action_index(s, action)) == action


# --- can_act and the conformance battery ----------------------------------------------------------

_ABILITY_CARDS = (
    "prodigal_sorcerer",
    "royal_assassin",
    "frozen_shade",
    "furnace_whelp",
    "mogg_fanatic",
    "bottle_gnomes",
    "master_decoy",
    "salt_road_patrol",
)
_LANDS = ("plains", "swamp", "mountain", "island")
_OTHERS = ("grizzly_bears", "lightning_bolt", "giant_growth", "shock")
_PRIORITY_STEPS = (Step.UPKEEP, Step.MAIN1, Step.BEGIN_COMBAT, Step.MAIN2, Step.END)


def _some(cards: tuple[str, ...], size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(cards), max_size=size)


_HAND = _some(_ABILITY_CARDS + _LANDS + _OTHERS, 3)
_FIELD = st.builds(
    lambda *parts: [c for part in parts for c in part],
    _some(_ABILITY_CARDS, 3),
    _some(_LANDS, 4),
    _some(_OTHERS[:1], 1),
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    hands=st.tuples(_HAND, _HAND),
    fields=st.tuples(_FIELD, _FIELD),
    statuses=st.lists(st.sampled_from((0, 0, TAPPED, EXHAUSTED)), max_size=16),
    active=st.integers(0, 1),
    step=st.sampled_from(_PRIORITY_STEPS),
    choices=st.integers(0, 1000),
)
def test_can_act_is_sound_with_activated_abilities(
    hands: tuple[list[str], list[str]],
    fields: tuple[list[str], list[str]],
    statuses: list[int],
    active: int,
    step: Step,
    choices: int,
) -> None:
    state = position(hands=hands, battlefields=fields, active=active, step=step, skip=0)
    table = state.table
    permanents = [*table.zones[ZONES.battlefield[0]], *table.zones[ZONES.battlefield[1]]]
    for i, status in zip(permanents, statuses, strict=False):
        e = table.entities[i]
        table = put(table, e.replace(status=e.status | status))
    state = state.replace(table=table)
    rng = random.Random(choices)
    for _ in range(12):  # and a few random decisions on: the stack, tapped sources, sacrifices
        if state.lost:
            break
        legal = legal_actions(state)
        if state.window and state.pending is None and not state.declaring and not state.to_order:
            assert can_act(state, state.holder) == (legal != (PASS,)), GAME.render(state)
        state = NO_SKIP.step(state, legal[rng.randrange(len(legal))])


def test_can_act_is_sound_over_random_games_of_decks_with_abilities() -> None:
    rng = random.Random(7)
    seen = 0
    for seed in range(3):
        state = NO_SKIP.initial_state(seed)
        while not NO_SKIP.is_terminal(state) and state.decisions < 400:
            legal = legal_actions(state)
            if (
                state.window
                and state.pending is None
                and not state.declaring
                and not state.to_order
            ):
                assert can_act(state, state.holder) == (legal != (PASS,)), GAME.render(state)
                seen += 1
            state = NO_SKIP.step(state, legal[rng.randrange(len(legal))])
    assert seen > 300


def test_check_game_on_decks_with_activated_abilities() -> None:
    check_game(GAME, games=1, max_steps=100, checks=FAST_CHECKS, records=1, resamples=1)


def test_random_games_with_these_decks_activate_abilities() -> None:
    rng = random.Random(3)
    state = GAME.initial_state(3)
    kinds = set()
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        kinds.add(GAME.action_to_str(state, action).split()[0])
        state = GAME.step(state, action)
    assert "activate" in kinds
