"""The patience Game and its move generator: cards conserved, keys canonical, moves verifiable."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.core import gamerecord
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.patience.deals import deal_to_json, ms_deal, numbered_deal
from pure_engine.games.patience.game import make_game, render_state
from pure_engine.games.patience.moves import Move, Place, parse_move
from pure_engine.games.patience.rules import EMPTY, PatienceRules, PatienceState
from pure_engine.games.patience.solver import autoplay
from pure_engine.games.patience.spec import load_variant, preset_names
from pure_engine.games.patience.variant import BuildPolicy, Variant
from pure_engine.games.patience.verify import verify

MAIN_PRESETS = ("freecell", "bakers-game", "seahaven-towers", "eight-off", "black-hole", "golf")


def supported_presets() -> tuple[str, ...]:
    names = []
    for name in preset_names():
        try:
            PatienceRules.from_variant(load_variant(name))
        except ParseError:
            continue
        names.append(name)
    return tuple(names)


SUPPORTED = supported_presets()


def in_play(state: PatienceState) -> list[int]:
    """Every card still on the table (not on a foundation, not under the hole's top)."""
    cards = [card for pile in state.piles for card in pile]
    cards += [card for card in state.cells if card != EMPTY]
    cards += [card for pile in state.reserve for card in pile]
    return cards + list(state.stock) + list(state.waste)


def on_foundations(state: PatienceState) -> set[int]:
    return {suit * 13 + rank for suit in range(4) for rank in range(state.found[suit])}


def test_the_six_issue_presets_are_supported() -> None:
    assert set(MAIN_PRESETS) <= set(SUPPORTED)


def test_unsupported_rules_are_a_clear_parse_error() -> None:
    with pytest.raises(ParseError, match=r"fortunes-favor.*not supported by the engine"):
        PatienceRules.from_variant(load_variant("fortunes-favor"))  # automatic space filling


@pytest.mark.parametrize("name", SUPPORTED)
def test_every_supported_preset_deals_52_distinct_cards(name: str) -> None:
    game = make_game(variant=name, seed=1)
    state = game.initial_state()
    cards = in_play(state) + sorted(on_foundations(state))
    if state.hole != EMPTY:
        cards.append(state.hole)
    assert sorted(cards) == list(range(52))


@settings(max_examples=60)
@given(st.sampled_from(SUPPORTED), st.integers(1, 10_000), st.integers(0, 2**32))
def test_random_legal_play_keeps_every_card_exactly_once(name: str, deal: int, seed: int) -> None:
    game = make_game(variant=name, deal=deal)
    state = game.initial_state()
    holed = set(range(52)) - set(in_play(state))  # hole games: cards only ever go in
    rng = random.Random(seed)
    for _ in range(150):
        legal = game.legal_actions(state)
        if not legal:
            break
        before = state
        snapshot = in_play(before)
        state = game.play(state, rng.choice(legal))
        cards = in_play(state)
        assert len(cards) == len(set(cards)), "a card is on the table twice"
        if state.hole == EMPTY:
            home = on_foundations(state)
            assert set(cards).isdisjoint(home) and set(cards) | home == set(range(52))
        else:
            holed |= set(snapshot) - set(cards)
            assert set(cards).isdisjoint(holed) and set(cards) | holed == set(range(52))
            assert state.hole in holed
        assert in_play(before) == snapshot  # the old state is untouched
    assert game.is_terminal(state) == (not game.legal_actions(state))


@settings(max_examples=40)
@given(st.sampled_from(SUPPORTED), st.integers(1, 10_000), st.integers(0, 2**32))
def test_every_generated_move_passes_the_independent_verifier(
    name: str, deal_number: int, seed: int
) -> None:
    variant = load_variant(name)
    rules = PatienceRules.from_variant(variant)
    deal = numbered_deal(variant, deal_number)
    state = rules.initial(deal)
    rng = random.Random(seed)
    played: list[Move] = []
    for _ in range(100):
        legal = rules.moves(state, canonical=False)
        if not legal:
            break
        move = rng.choice(legal)
        played.append(move)
        state = rules.apply(state, move)
    result = verify(variant, deal, played)
    assert result.ok, (result, played[result.first_bad or 0])
    assert result.won == rules.is_won(state)


def test_the_verifier_shows_the_generator_check_can_fail() -> None:
    variant = load_variant("freecell")
    result = verify(variant, ms_deal(1), [parse_move("t1-t2")])  # 6S onto 9C: not a build
    assert not result.ok and result.first_bad == 0


def test_key_ignores_pile_and_cell_order() -> None:
    rules = PatienceRules.from_variant(load_variant("freecell"))
    state = rules.initial(ms_deal(5))
    state = rules.apply(state, parse_move("t1-c3"))
    shuffled = state.replace(piles=state.piles[::-1], cells=state.cells[::-1])
    assert rules.key(shuffled) == rules.key(state)
    assert rules.key(rules.apply(state, parse_move("t2-c1"))) != rules.key(state)


@pytest.mark.parametrize("name", ["freecell", "klondike", "flower-garden", "beleaguered-castle"])
def test_search_key_is_equal_exactly_when_the_key_is(name: str) -> None:
    # the search key hashes the places and compares the canonical keys only on a tie:
    # over random walks, two states' search keys are equal exactly when their keys are
    variant = load_variant(name)
    rules = PatienceRules.from_variant(variant)
    rng = random.Random(7)
    states = []
    for number in (1, 2):
        state = rules.initial(numbered_deal(variant, number))
        for _ in range(40):
            states.append(state)
            states.append(state.replace(piles=state.piles[::-1], cells=state.cells[::-1]))
            moves = rules.moves(state)
            if not moves:
                break
            state = rules.apply(state, rng.choice(moves))
    for a in states:
        for b in states[::7]:
            same = rules.key(a) == rules.key(b)
            assert (rules.search_key(a) == rules.search_key(b)) is same
            assert not same or hash(rules.search_key(a)) == hash(rules.search_key(b))


def test_key_keeps_only_the_hole_rank() -> None:
    rules = PatienceRules.from_variant(load_variant("black-hole"))
    state = PatienceState(piles=((5,), (18,)), hole=0)
    assert rules.key(state) == rules.key(state.replace(hole=13))
    assert rules.key(state) != rules.key(state.replace(hole=1))


def test_supermove_limit_counts_free_cells_and_spaces() -> None:
    rules = PatienceRules.from_variant(load_variant("freecell"))
    # KS QH JC 10D 9S on t1, t2 holds a lone KH... the run below the top moves as a unit
    run = (51, 37, 10, 22, 47)  # KS QH JC 10D 9S
    state = PatienceState(piles=(run, (), (), (), (), (), (), (12,)), cells=(EMPTY,) * 4)
    # 7 empty piles minus the destination: (4 + 1) * 2**6 -- every group size fits
    to_space = [m for m in rules.moves(state) if str(m.src) == "t1" and str(m.dst) == "t2"]
    assert [m.count for m in to_space] == [4, 3, 2, 1]
    full = state.replace(
        cells=(0, 1, 2, 3), piles=(run, (12,), (25,), (38,), (50,), (49,), (48,), ())
    )
    counts = [m.count for m in rules.moves(full) if str(m.src) == "t1" and str(m.dst) == "t8"]
    assert counts == [1]  # no free cell, the only space is the destination


def test_single_card_rules_without_supermoves() -> None:
    rules = PatienceRules.from_variant(load_variant("freecell"), supermoves=False)
    state = PatienceState(piles=((51, 37, 10), (), (), (), (), (), (), (12,)), cells=(EMPTY,) * 4)
    assert {m.count for m in rules.moves(state)} == {1}


def test_autoplay_moves_only_safe_cards() -> None:
    rules = PatienceRules.from_variant(load_variant("freecell"))
    two_s, two_c, three_d, ace_c, two_d, ace_d = 40, 1, 15, 0, 14, 13
    state = PatienceState(
        piles=((two_s, two_c), (three_d,), (ace_c,), (two_d, ace_d)), cells=(EMPTY,) * 4
    )
    after, moves = autoplay(rules, state)
    # aces and twos always go up; 3D waits: 2S (a black two that may need it) is still out
    assert after.found == (2, 2, 0, 0)
    assert after.piles == ((two_s,), (three_d,), (), ())
    assert [str(m.dst) for m in moves] == ["f"] * 4
    assert state.found == (0, 0, 0, 0)


def test_game_parses_both_notations_and_round_trips() -> None:
    game = make_game(variant="freecell", deal=1)
    s0 = game.initial_state()
    assert game.parse_action(s0, "3a") == parse_move("t3-c1")
    for action in game.legal_actions(s0):
        assert game.parse_action(s0, game.action_to_str(s0, action)) == action
    with pytest.raises(ParseError):
        game.parse_action(s0, "zz")
    with pytest.raises(IllegalActionError):
        game.play(s0, parse_move("t1-t2"))


def test_load_game_by_registered_name() -> None:
    game = load_game("patience", variant="bakers-game", deal=4)
    assert game.info.num_players == 1
    assert "t1:" in game.render(game.initial_state())


def test_render_shows_cells_and_piles() -> None:
    text = render_state(PatienceState(piles=((0, 14), ()), cells=(EMPTY, 51)))
    assert text.splitlines() == ["found: C0 D0 H0 S0", "cells: -- KS", "t1: AC 2D", "t2:"]


def test_variant_value_is_accepted_directly() -> None:
    variant = Variant(name="mini", piles=8, build=BuildPolicy.RED_BLACK, cells=4)
    game = make_game(variant=variant, deal=1)
    assert game.initial_state().piles == ms_deal(1).piles


def test_cards_come_back_from_removable_foundations() -> None:
    rules = PatienceRules.from_variant(load_variant("spanish-patience"))  # any-suit, removable
    ace_c, two_c, three_d = 0, 1, 15
    state = PatienceState(piles=((three_d,), ()) + ((),) * 11, found=(2, 0, 0, 0))
    moves = rules.moves(state)
    assert parse_move("f1-t1") in moves  # 2C back onto 3D
    after = rules.apply(state, parse_move("f1-t1"))
    assert after.piles[0] == (three_d, two_c) and after.found == (1, 0, 0, 0)
    assert ace_c not in after.piles[0]
    fixed = PatienceRules.from_variant(load_variant("streets-and-alleys"))
    assert not any(m.src.kind is Place.FOUNDATION for m in fixed.moves(state))


def test_keys_are_stable_digests() -> None:
    from pure_engine.core.digest import digest

    game = make_game(variant="freecell", deal=7)
    s0 = game.initial_state()
    s1 = game.play(s0, game.legal_actions(s0)[0])
    assert digest(game.key(s0)) == digest(
        game.key(make_game(variant="freecell", deal=7).initial_state())
    )
    assert digest(game.key(s0)) != digest(game.key(s1))


def test_reserve_cards_play_to_piles_and_foundations() -> None:
    variant = load_variant("king-albert")
    rules = PatienceRules.from_variant(variant)
    ace_s, two_h, three_c = 39, 27, 2
    state = PatienceState(
        piles=((three_c,),) + ((),) * 8, reserve=((ace_s,), (two_h,), ()), found=(0, 0, 0, 0)
    )
    moves = rules.moves(state)
    assert parse_move("r1-f") in moves and parse_move("r2-t1") in moves
    after = rules.apply(state, parse_move("r2-t1"))
    assert after.piles[0] == (three_c, two_h) and after.reserve == ((ace_s,), (), ())
    assert rules.key(state.replace(reserve=((two_h,), (ace_s,), ()))) == rules.key(state)
    assert not rules.is_won(state.replace(piles=((),) * 9))


def test_klondike_moves_part_of_a_group_only_to_free_a_foundation_card() -> None:
    rules = PatienceRules.from_variant(load_variant("thoughtful-klondike"))
    ace_d, eight_h, seven_c, eight_d, nine_c = 13, 33, 6, 20, 8
    # t1: AD 8H 7C (8H-7C is a built group); 7C alone may go onto 8D only if 8H can go home
    blocked = PatienceState(piles=((ace_d, eight_h, seven_c), (eight_d,)) + ((),) * 5)
    assert parse_move("t1-t2") not in rules.moves(blocked)
    freed = blocked.replace(found=(0, 1, 7, 0))
    assert parse_move("t1-t2") in rules.moves(freed)
    whole = blocked.replace(piles=((ace_d, eight_h, seven_c), (nine_c,)) + ((),) * 5)
    assert parse_move("t1-t2x2") in rules.moves(whole)  # the whole group onto 9C: always


def test_american_canister_moves_any_built_group_without_a_cell_limit() -> None:
    rules = PatienceRules.from_variant(load_variant("american-canister"))
    run = (51, 37, 10, 22, 47)  # KS QH JC 10D 9S; KC on t2 takes QH..9S
    state = PatienceState(piles=(run, (12,)) + ((),) * 6)
    assert parse_move("t1-t2x4") in rules.moves(state)  # no cells, yet four cards move


def test_klondike_face_down_cards_turn_up_and_never_move() -> None:
    rules = PatienceRules.from_variant(load_variant("klondike"))
    two_s, nine_h, eight_c, ten_s = 40, 34, 7, 48
    piles = ((two_s, nine_h, eight_c), (ten_s,), (), (), (), (), ())
    state = PatienceState(piles=piles, down=(1, 0, 0, 0, 0, 0, 0))
    # 9H-8C is face up and moves onto 10S; 2S under it is face down and stays
    assert [m.count for m in rules.moves(state) if str(m.dst) == "t2"] == [2]
    after = rules.apply(state, parse_move("t1-t2x2"))
    assert after.piles[0] == (two_s,) and after.down[0] == 0  # turned face up
    assert rules.key(after) != rules.key(after.replace(down=(1, *after.down[1:])))
    assert "[2S]" in render_state(state)


@pytest.mark.parametrize(
    ("variant", "deal"),
    [
        ("freecell", 7),  # a preset and a deal number
        ("bakers-game", "file"),  # a preset and a deal given as a Deal
        ("custom", 5),  # rules that are no preset
        ("custom", "file"),
    ],
)
def test_a_game_record_replays_the_same_game(variant: str, deal: object) -> None:
    spec = load_variant("seahaven-towers").replace(cells=3, name="three-cells")
    rules = spec if variant == "custom" else load_variant(variant)
    given_deal = numbered_deal(rules, 11) if deal == "file" else deal
    game = make_game(variant=rules, deal=given_deal)  # type: ignore[arg-type]  # object narrowed above
    state = game.initial_state()
    actions = []
    rng = random.Random(3)
    for _ in range(12):
        if game.is_terminal(state):
            break
        action = rng.choice(game.legal_actions(state))
        actions.append(action)
        state = game.step(state, action)
    record = gamerecord.loads(gamerecord.dumps(gamerecord.make_record(game, actions)))
    replayed_game, replayed = gamerecord.replay(record)
    assert replayed == state
    assert replayed_game.info.params == game.info.params
    assert replayed_game.initial_state() == game.initial_state()


def test_deal_text_and_bad_deals() -> None:
    from_text = make_game(variant="freecell", deal=deal_to_json(ms_deal(5)))
    assert from_text.initial_state() == make_game(variant="freecell", deal=5).initial_state()
    with pytest.raises(ParseError, match="expected a deal number, a Deal or deal text"):
        make_game(variant="freecell", deal=5.0)  # type: ignore[arg-type]  # the error under test
    with pytest.raises(ParseError, match="variant"):
        make_game(variant='{"cells": {"count": "four"}}')
