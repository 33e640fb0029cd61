"""Belote: the conformance battery, legality as rules against a hand-written oracle, what
play reveals, scoring invariants, the match, notation and bad input."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pure_engine import Game, load_game
from pure_engine.games.belote.belote import (
    PASS,
    TAKE,
    BeloteState,
    Phase,
    current_player,
)
from pure_engine.games.belote.game import make_belote as make_game
from pure_engine.games.belote.play import (
    DECK_MASK,
    PLAY_RULES,
    legal_cards,
    play_view,
    revealed,
)
from pure_engine.games.playing_cards import parse_card
from pure_engine.games.trick_taking.tricks import cards_of, hand_of
from pure_engine.rules import query, query_values
from pure_engine.testing import check_game
from tests import random_play
from tests.belote_oracle import oracle_legal

GAME = make_game()


def play_out(
    seed: int,
    *,
    game: Game[BeloteState, int] = GAME,
    visit: Callable[[BeloteState], None] | None = None,
) -> BeloteState:
    """A random game from seed *seed*; *visit(state)* sees every decision state."""
    return random_play.play_out(game, game.initial_state(seed=seed), seed, visit)


def test_check_game() -> None:
    def conserved(state: BeloteState) -> bool:
        hands = 0
        for hand in state.tricks.hands:
            assert hands & hand == 0
            hands |= hand
        on_table = hand_of(state.tricks.trick)
        taken = state.tricks.taken[0] | state.tricks.taken[1]
        turned = 0
        if state.turned is not None and state.phase in (Phase.BID1, Phase.BID2):
            turned = 1 << state.turned
        parts = (hands, on_table, taken, state.deck, turned)
        assert sum(p.bit_count() for p in parts) == 32 or state.phase == Phase.OVER
        return (hands | on_table | taken | state.deck | turned) & ~DECK_MASK == 0

    check_game(GAME, invariants=[conserved], games=12)


def test_registered_and_a_match_is_a_game_too() -> None:
    assert load_game("belote").info.name == "belote"
    check_game(make_game(target=300, max_deals=4), games=3, checks=("legal_actions", "returns"))


def _legal_vs_oracle(state: BeloteState) -> None:
    if state.phase != Phase.PLAY:
        return
    assert state.trump is not None
    tricks = state.tricks
    hand = tricks.hands[current_player(state)]
    expected = oracle_legal(cards_of(hand), tricks.trick, state.trump)
    assert GAME.legal_actions(state) == expected
    assert legal_cards(hand, tricks.trick, state.trump) == expected


def test_rules_legality_equals_the_hand_written_oracle() -> None:
    for seed in range(150):
        play_out(seed, visit=_legal_vs_oracle)


@pytest.mark.slow
def test_rules_legality_equals_the_oracle_on_10000_games() -> None:
    for seed in range(10_000):
        play_out(seed, visit=_legal_vs_oracle)


def _interpreted_too(state: BeloteState) -> None:
    if state.phase == Phase.PLAY:
        assert state.trump is not None
        view = play_view(state.tricks.hands[current_player(state)], state.tricks.trick, state.trump)
        compiled = query_values(PLAY_RULES, view, "C")
        assert query_values(PLAY_RULES, view, "C", compiled=False) == compiled


def test_compiled_and_interpreted_legality_agree() -> None:
    for seed in range(20):
        play_out(seed, visit=_interpreted_too)


def test_the_rule_that_allows_a_card_is_named() -> None:
    card = parse_card
    hand = hand_of([card("7H"), card("KS"), card("AC")])
    # E-W: West led the 10 of diamonds, North (partner of South) took it over with the ace
    view = play_view(hand, (card("10D"), card("AD")), trump=3)
    found, _ = query(PLAY_RULES, view)
    assert {i.rule for i in found} == {"trump over"}
    view = play_view(hand, (card("AD"), card("10D")), trump=3)  # partner holds: any card
    assert {i.rule for i in query(PLAY_RULES, view)[0]} == {"partner master"}


def _revealed_by_definition(hand: int, trick: tuple[int, ...], trump: int, card: int) -> int:
    """Every card that, held too, would have made *card* (in *hand*) illegal: asked of the
    rules."""
    shown = 0
    for other in cards_of(DECK_MASK & ~hand & ~hand_of(trick)):
        if card not in legal_cards(hand | 1 << other, trick, trump):
            shown |= 1 << other
    return shown


def test_revealed_matches_its_definition() -> None:
    def visit(state: BeloteState) -> None:
        if state.phase != Phase.PLAY or not state.tricks.trick:
            return
        assert state.trump is not None
        hand = state.tricks.hands[current_player(state)]
        for card in GAME.legal_actions(state):
            expected = _revealed_by_definition(hand, state.tricks.trick, state.trump, card)
            assert revealed(hand, state.tricks.trick, state.trump, card) == expected

    for seed in range(6):
        play_out(seed, visit=visit)


def test_resample_keeps_shown_voids_and_the_turned_card() -> None:
    rng = random.Random(5)

    def visit(state: BeloteState) -> None:
        for player in range(4):
            other = GAME.resample(state, player, rng)
            for p in range(4):
                assert other.tricks.hands[p] & state.shown[p] == 0
                assert other.tricks.hands[p].bit_count() == state.tricks.hands[p].bit_count()
            assert other.tricks.hands[player] == state.tricks.hands[player]
            taker, turned = state.taker, state.turned
            if taker is not None and turned is not None and state.tricks.hands[taker] >> turned & 1:
                assert other.tricks.hands[taker] >> turned & 1

    for seed in range(8):
        play_out(seed, visit=visit)


def test_points_sum_to_162_plus_bonuses() -> None:
    for seed in range(60):
        end = play_out(seed)
        if end.taker is None:
            assert end.deal_points == (0, 0)  # all passed twice
            continue
        total = sum(end.deal_points)
        assert total in (162, 182, 252, 272), (seed, end.deal_points)
        assert GAME.returns(end)[0] == -GAME.returns(end)[1]


def test_all_pass_twice_ends_a_single_deal_and_redeals_in_a_match() -> None:
    def passes(game: Game[BeloteState, int], seed: int) -> BeloteState:
        state = random_play.dealt(game, seed)
        for _ in range(8):
            state = game.step(state, PASS)
        return state

    assert passes(GAME, 1).phase == Phase.OVER
    again = passes(make_game(target=500), 1)
    assert (again.phase, again.dealer, again.deals, again.deck) == (Phase.DEAL, 1, 2, DECK_MASK)


def test_a_match_plays_deals_until_the_target() -> None:
    match = make_game(target=300)
    end = play_out(4, game=match)
    assert max(end.score) >= 300 or end.deals == 100
    assert match.returns(end) in ((1.0, -1.0, 1.0, -1.0), (-1.0, 1.0, -1.0, 1.0))


def test_notation_round_trips_and_bad_text_is_a_parse_error() -> None:
    state = random_play.dealt(GAME, 2)
    assert GAME.legal_strings(state) == ("pass", "take")
    assert GAME.parse_action(state, "TAKE") == TAKE
    after = GAME.play_str(GAME.play_str(GAME.play_str(GAME.play_str(state, "pass"), "pass"),
                                        "pass"), "pass")  # fmt: skip
    assert len(GAME.legal_strings(after)) == 4 and GAME.legal_strings(after)[0] == "pass"
    for bad in ("take X", "bid 80", "ZZ"):
        with pytest.raises(ValueError, match="expected"):
            GAME.parse_action(state, bad)
