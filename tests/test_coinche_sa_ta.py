"""Coinche's sans-atout and tout-atout contracts (``make_game(sa_ta=True)``): the auction
and notation, the legality (the shared play rules, checked against hand-written oracles),
what play reveals, trick winners and scoring."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pure_engine import Game, load_game
from pure_engine.games.belote.bot import RulesBot
from pure_engine.games.belote.coinche import (
    BID_SA_TA,
    PASS,
    CoincheState,
    Phase,
    bid_action,
    contract_of,
    current_player,
    deal_result,
)
from pure_engine.games.belote.game import make_coinche as make_game
from pure_engine.games.belote.play import (
    ALL_TRUMPS,
    DECK_MASK,
    NO_TRUMP,
    legal_cards,
    revealed,
    side_points,
    trick_trump,
)
from pure_engine.games.playing_cards import parse_card
from pure_engine.games.trick_taking.tricks import BELOTE_ORDER, cards_of, hand_of, winning_index
from pure_engine.testing import check_game
from tests.belote_oracle import oracle_legal_sans_atout, oracle_legal_tout_atout
from tests.random_play import dealt, play_out

GAME = make_game(sa_ta=True)


def contract(seed: int, text: str) -> CoincheState:
    """Deal *seed*, bid *text* for the first player and pass round to the play."""
    state = GAME.play_str(dealt(GAME, seed), text)
    for _ in range(3):
        state = GAME.step(state, PASS)
    assert state.phase == Phase.PLAY
    return state


def test_check_game() -> None:
    check_game(GAME, games=4)
    assert load_game("coinche", sa_ta=True).info.params == GAME.info.params
    with pytest.raises(ValueError, match="expected sa_ta true or false, found 'yes'"):
        make_game(sa_ta="yes")  # type: ignore[arg-type]  # what an untyped caller may pass


def test_sa_ta_bids_only_when_asked_for_and_numbered_after_the_suit_bids() -> None:
    plain = make_game()
    actions = plain.legal_actions(dealt(plain, 1))
    assert len(actions) == 41 and max(actions) < BID_SA_TA  # pass + 40 suit contracts
    strings = GAME.legal_strings(dealt(GAME, 1))
    assert len(strings) == 61 and strings[:3] == ("pass", "bid 80 C", "bid 80 D")
    assert strings[-4:] == ("bid 160 SA", "bid 160 TA", "bid capot SA", "bid capot TA")
    state = GAME.play_str(dealt(GAME, 1), "bid 120 TA")
    assert (state.contract, state.trump) == (120, ALL_TRUMPS)
    assert "bid 120 SA" not in GAME.legal_strings(state)  # a higher value is needed
    assert "bid 130 C" in GAME.legal_strings(state) and "bid 130 SA" in GAME.legal_strings(state)


def test_notation_round_trips() -> None:
    state = dealt(GAME, 2)
    for value, strain, text in [(80, NO_TRUMP, "bid 80 SA"), (250, ALL_TRUMPS, "bid capot TA"),
                                (100, 3, "bid 100 S")]:  # fmt: skip
        action = bid_action(value, strain)
        assert contract_of(action) == (value, strain)
        assert GAME.action_to_str(state, action) == text
        assert GAME.parse_action(state, text.lower()) == action
    with pytest.raises(ValueError, match="SA or TA"):
        GAME.parse_action(state, "bid 80 NT")
    assert "contract 90 SA by 1" in GAME.render(contract(2, "bid 90 SA"))


def test_trick_winners() -> None:
    card = parse_card
    # tout-atout: the led suit ranks as trumps (J, 9 above the ace); other suits never win
    trick = [card(t) for t in ("AH", "9H", "JS", "10H")]
    assert winning_index(trick, trick_trump(ALL_TRUMPS, trick), BELOTE_ORDER) == 1
    # sans-atout: plain order (the 10 above the king), a jack of another suit is a discard
    trick = [card(t) for t in ("KH", "10H", "JS", "9H")]
    assert winning_index(trick, trick_trump(NO_TRUMP, trick), BELOTE_ORDER) == 1


def _legal_vs_oracles(seen: dict[int, int]) -> Callable[[CoincheState], None]:
    def visit(state: CoincheState) -> None:
        if state.phase != Phase.PLAY:
            return
        assert state.trump is not None
        hand = cards_of(state.tricks.hands[current_player(state)])
        trick = state.tricks.trick
        if state.trump == NO_TRUMP:
            expected = oracle_legal_sans_atout(hand, trick)
        elif state.trump == ALL_TRUMPS:
            expected = oracle_legal_tout_atout(hand, trick)
        else:
            return  # suit contracts: tests/test_coinche.py
        seen[state.trump] += 1
        assert GAME.legal_actions(state) == expected

    return visit


def test_legality_equals_the_hand_written_oracles() -> None:
    seen = {NO_TRUMP: 0, ALL_TRUMPS: 0}
    for seed in range(30):
        for text in ("bid 80 SA", "bid 80 TA"):
            play_out(GAME, contract(seed, text), seed, _legal_vs_oracles(seen))
    assert seen[NO_TRUMP] == seen[ALL_TRUMPS] == 30 * 32


@pytest.mark.slow
def test_legality_equals_the_oracles_on_10000_random_games() -> None:
    seen = {NO_TRUMP: 0, ALL_TRUMPS: 0}
    for seed in range(10_000):
        play_out(GAME, dealt(GAME, seed), seed, _legal_vs_oracles(seen))
    assert seen[NO_TRUMP] > 0 and seen[ALL_TRUMPS] > 0


def test_what_play_reveals_is_what_the_rules_forbid() -> None:
    """Every card shown absent is one that, held, would have made the card played illegal."""
    checked = 0
    for seed in range(6):
        for text in ("bid 80 SA", "bid 80 TA"):
            state = contract(seed, text)
            rng = random.Random(seed)
            while state.phase == Phase.PLAY:
                tricks = state.tricks
                hand = tricks.hands[current_player(state)]
                card = rng.choice(GAME.legal_actions(state))
                assert state.trump is not None
                trump = trick_trump(state.trump, tricks.trick, card)
                expected = 0
                for other in cards_of(DECK_MASK & ~hand & ~hand_of(tricks.trick)):
                    if card not in legal_cards(hand | 1 << other, tricks.trick, trump):
                        expected |= 1 << other
                assert revealed(hand, tricks.trick, trump, card) == expected
                checked += 1
                state = GAME.step(state, card)
    assert checked == 6 * 2 * 32


@pytest.mark.parametrize("text", ["bid 80 SA", "bid 80 TA"])
def test_scoring_counts_162_and_no_belote(text: str) -> None:
    for seed in range(20):
        end = play_out(GAME, contract(seed, text), seed)
        strain = end.trump
        assert strain in (NO_TRUMP, ALL_TRUMPS)
        cards = side_points(end.tricks.taken, end.tricks.leader % 2, strain)
        assert sum(cards) in (162, 252)  # 152 in cards + 10 for the last trick, or a capot
        points = deal_result(end)
        taking = 1  # the dealer's left bid
        if cards[taking] >= 80:
            assert points == tuple(80 + cards[s] if s == taking else cards[s] for s in (0, 1))
        else:
            assert points[taking] == 0 and points[1 - taking] == 160 + 80


def test_card_points_of_each_strain() -> None:
    card = parse_card
    taken = hand_of([card(t) for t in ("AH", "10H", "KH", "QH", "JH", "9H")])
    rest = DECK_MASK & ~taken
    assert side_points((taken, rest), 1, NO_TRUMP)[0] == 19 + 10 + 4 + 3 + 2
    assert side_points((taken, rest), 1, ALL_TRUMPS)[0] == 6 + 5 + 3 + 1 + 14 + 9


def test_the_rules_bot_plays_sans_atout_and_tout_atout_contracts() -> None:
    bots = [RulesBot(seed=seat) for seat in range(4)]
    for seed, text in enumerate(["bid 80 SA", "bid 80 TA"] * 2):
        state = contract(seed, text)
        while not GAME.is_terminal(state):
            action = bots[current_player(state)].choose(GAME, state)
            assert action in GAME.legal_actions(state)
            state = GAME.step(state, action)
        assert sum(side_points(state.tricks.taken, state.tricks.leader % 2, state.trump or 0)) in (
            162,
            252,
        )


def _opening(cards: str, game: Game[CoincheState, int] = GAME) -> str:
    """What the rules bot opens with *cards* (eight, e.g. ``"AC AD AH 7S ..."``) as first caller:
    the other hands keep their cards, the ones *cards* takes from them replaced by the
    mover's old ones."""
    state = dealt(game, 5)
    mover = current_player(state)
    hand = hand_of(parse_card(text) for text in cards.split())
    spare = list(cards_of(state.tricks.hands[mover] & ~hand))
    hands = list(state.tricks.hands)
    for seat in range(4):
        if seat != mover:
            for card in cards_of(hands[seat] & hand):
                hands[seat] = hands[seat] & ~(1 << card) | 1 << spare.pop()
    hands[mover] = hand
    state = state.replace(
        tricks=state.tricks.replace(hands=(hands[0], hands[1], hands[2], hands[3]))
    )
    return game.action_to_str(state, RulesBot(seed=0).choose(game, state))


def test_the_rules_bot_opens_sans_atout_and_tout_atout_by_its_rules() -> None:
    assert _opening("AC AD AH 7S 8S 8H 7D 8C") == "bid 80 SA"  # three aces
    assert _opening("JC JD 9H 9S 7S 8H 7D 8C") == "bid 80 TA"  # two jacks, two nines
    assert _opening("AC AD 10H 7S 8S 8H 7D 8C") == "pass"
    assert _opening("AC AD AH 7S 8S 8H 7D 8C", make_game()) == "pass"  # SA not offered
