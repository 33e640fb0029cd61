"""The double-dummy PIMC bot (``dd-pimc``) of ``bridge_play`` and its rule-of-thumb fallback."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine.cli import main
from pure_engine.core.registry import load_game
from pure_engine.games.bridge.bots import DDPimcBot, Mode, dd_pimc, rule_of_thumb
from pure_engine.games.bridge.double_dummy.solver import Position, score_cards
from pure_engine.games.bridge.game import make_game
from pure_engine.games.bridge.play import (
    BridgeState,
    current_player,
    legal_actions,
    observation,
    resample,
    shown_voids,
)
from pure_engine.games.trick_taking.tricks import cards_of, partner_of, to_play
from pure_engine.search.arena import play_game
from pure_engine.search.bots import Bot, RandomBot, make_bot
from tests.random_play import bridge_ending

# South declares spades; South leads the C7, West follows with the C5 and dummy (North),
# void in clubs, is to play: ruffing partner's winning club wastes a trump, and the
# diamond loser goes instead.  D8 is the only double-dummy optimal card in all ten
# layouts of East-West's cards South cannot tell apart; the rule of thumb ruffs.
DISCARD_DEAL = "N:83..8. .9.QT. K..5.7 ..7.54"


def _discard_state() -> BridgeState:
    game = make_game(deal=DISCARD_DEAL, strain="S", declarer="S", leader="S")
    state = game.play_str(game.play_str(game.initial_state(), "C7"), "C5")
    assert current_player(state) == 2 and to_play(state.play) == 0  # South plays North's card
    return state


def layouts(state: BridgeState) -> list[tuple[int, int, int, int]]:
    """Every deal of the cards the player to move cannot see that fits what they saw:
    each hidden hand keeps its size and the voids it has shown (brute force)."""
    play, player = state.play, current_player(state)
    dummy = partner_of(state.declarer)
    hidden = [s for s in range(4) if s != player and not (s == dummy and state.played)]
    voids = shown_voids(state)
    pool = [c for s in hidden for c in cards_of(play.hands[s])]
    sizes = [play.hands[s].bit_count() for s in hidden]
    found: list[tuple[int, int, int, int]] = []

    def deal(index: int, rest: list[int], hands: list[int]) -> None:
        if index == len(hidden):
            full = list(play.hands)
            for seat, hand in zip(hidden, hands, strict=True):
                full[seat] = hand
            found.append((full[0], full[1], full[2], full[3]))
            return
        for combo in itertools.combinations(rest, sizes[index]):
            if any(voids[hidden[index]] >> (c // 13) & 1 for c in combo):
                continue
            left = [c for c in rest if c not in combo]
            deal(index + 1, left, [*hands, sum(1 << c for c in combo)])

    deal(0, pool, [])
    return found


def optimal_sets(state: BridgeState, deals: list[tuple[int, int, int, int]]) -> set[frozenset[int]]:
    """The double-dummy optimal cards in each of the layouts *deals* (a set of sets)."""
    play = state.play
    sets: set[frozenset[int]] = set()
    for hands in deals:
        scored = score_cards(Position(hands, play.leader, state.strain, play.trick))
        sets.add(frozenset(card for card, tricks in scored if tricks == scored[0][1]))
    return sets


def random_position(rng: random.Random, size: int) -> BridgeState:
    """A random *size*-card ending, random contract and leader, a few random cards played."""
    return bridge_ending(rng, size, most_played=4 * size - 2)


# --- what it plays ---------------------------------------------------------------------------


def test_the_unique_optimal_card_of_every_layout_is_played_for_dummy() -> None:
    state = _discard_state()
    deals = layouts(state)
    assert len(deals) == 10 and state.play.hands in deals
    assert optimal_sets(state, deals) == {frozenset({card_of("D8")})}
    result = dd_pimc(state, worlds=10, seed=0)
    assert result.card == card_of("D8")
    assert result.card in cards_of(state.play.hands[0])  # dummy's card, chosen by South
    assert result.mode is Mode.DOUBLE_DUMMY
    assert rule_of_thumb(state) == card_of("S3")  # the fallback gets it wrong: it ruffs


@pytest.mark.parametrize("seed", range(3))
def test_a_card_optimal_in_every_layout_is_played(seed: int) -> None:
    """Whenever the optimal cards are the same in every layout the player cannot tell
    apart, the bot plays one of them, whatever worlds it draws."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(60):
        state = random_position(rng, rng.choice([2, 3]))
        if current_player(state) < 0 or len(legal_actions(state)) < 2:
            continue
        deals = layouts(state)
        if len(deals) > 100:  # before the opening lead: three hidden hands
            continue
        assert state.play.hands in deals
        sets = optimal_sets(state, deals)
        result = dd_pimc(state, worlds=5, seed=rng.randrange(1000))
        assert result.card in legal_actions(state)
        if len(sets) == 1:
            assert result.card in next(iter(sets))
            checked += 1
    assert checked >= 10  # the property was exercised, not skipped


def test_scores_are_the_mean_over_the_worlds_and_the_best_mean_wins() -> None:
    game = make_game(deal="N:AQ... K.2.. 32... 4.3..", declarer="S", leader="S")
    state = game.play_str(game.play_str(game.initial_state(), "S2"), "S4")
    result = dd_pimc(state, worlds=30, seed=4)
    means = {card: mean for card, mean, _ in result.scores}
    best = {card: count for card, _, count in result.scores}
    # with East's king (2 layouts of 3) the ace takes 2 tricks and the queen 0; with West's,
    # the ace 1 and the queen 2: the ace is optimal exactly where East holds the king
    east = best[card_of("SA")] / 30
    assert best[card_of("SA")] + best[card_of("SQ")] == 30
    assert means[card_of("SA")] == pytest.approx(2 * east + 1 * (1 - east))
    assert means[card_of("SQ")] == pytest.approx(0 * east + 2 * (1 - east))
    assert result.card == (card_of("SA") if east > 1 / 3 else card_of("SQ"))
    assert result.worlds == 30 and result.solves == 3  # repeated layouts solved once


def test_where_the_solver_is_indifferent_the_rule_of_thumb_decides() -> None:
    rng = random.Random(11)
    ties = 0
    for _ in range(80):
        state = random_position(rng, rng.choice([2, 3, 4]))
        if current_player(state) < 0 or len(legal_actions(state)) < 2:
            continue
        result = dd_pimc(state, worlds=4, seed=ties)
        if len({(mean, best) for _, mean, best in result.scores}) == 1:
            assert result.card == rule_of_thumb(state)
            ties += 1
    assert ties >= 5


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(1, 4))
def test_only_legal_cards_and_the_same_card_for_the_same_seed(seed: int, size: int) -> None:
    state = random_position(random.Random(seed), size)
    if current_player(state) < 0:
        return
    first = dd_pimc(state, worlds=3, seed=seed)
    assert first.card in legal_actions(state)
    again = dd_pimc(state, worlds=3, seed=seed)
    assert (again.card, again.scores, again.worlds) == (first.card, first.scores, first.worlds)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(1, 13))
def test_rule_of_thumb_plays_legal_cards_from_what_the_player_sees(seed: int, size: int) -> None:
    rng = random.Random(seed)
    state = random_position(rng, size)
    player = current_player(state)
    if player < 0:
        return
    card = rule_of_thumb(state)
    assert card in legal_actions(state)
    other = resample(state, player, rng)  # same observation, other hidden cards
    assert observation(other, player) == observation(state, player)
    assert rule_of_thumb(other) == card


def test_too_many_cards_fall_back_to_the_rule_of_thumb() -> None:
    game = make_game(deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    state = game.initial_state()
    result = dd_pimc(state, seed=0)  # 13 cards a hand, more than max_cards=7
    assert result.mode is Mode.RULE_OF_THUMB and result.worlds == 0
    assert result.card == rule_of_thumb(state)
    ending = _discard_state()  # dummy holds 3 cards
    assert dd_pimc(ending, max_cards=3, seed=0).mode is Mode.DOUBLE_DUMMY
    assert dd_pimc(ending, max_cards=2, seed=0).mode is Mode.RULE_OF_THUMB


def test_a_spent_time_budget_still_solves_one_world() -> None:
    result = dd_pimc(_discard_state(), worlds=50, seconds=1e-9, seed=0)
    assert result.worlds == 1 and result.card == card_of("D8")


def test_a_forced_card_needs_no_search() -> None:
    game = make_game(deal="N:A... K... Q... J...", leader="N")
    state = game.play_str(game.initial_state(), "SA")
    result = dd_pimc(state, seed=0)
    assert (result.mode, result.card, result.worlds) == (Mode.FORCED, card_of("SK"), 0)


def test_omniscient_solves_the_true_deal_once() -> None:
    result = dd_pimc(_discard_state(), omniscient=True, worlds=20, seed=0)
    assert (result.card, result.worlds) == (card_of("D8"), 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"worlds": 0}, "expected worlds >= 1, found 0"),
        ({"max_cards": -1}, "expected max_cards >= 0, found -1"),
        ({"seconds": 0.0}, "expected seconds > 0, found 0.0"),
    ],
)
def test_bad_parameters_are_one_line_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dd_pimc(_discard_state(), **kwargs)


# --- as a bot --------------------------------------------------------------------------------


def test_same_seed_same_game_as_a_bot() -> None:
    game = load_game("bridge_play", cards=3)

    def record(seed: int) -> tuple[int, ...]:
        bots: list[Bot] = [DDPimcBot(seed=seed, worlds=4), RandomBot(seed=1)] * 2
        actions: list[int] = []
        play_game(game, bots, chance_seed=9, actions=actions)
        return tuple(actions)

    first = record(5)
    assert len(first) == 12 + 12 and first == record(5)  # the deal, then the play


def test_make_bot_reads_the_options_of_the_spec() -> None:
    game = load_game("bridge_play")
    bot = make_bot("dd-pimc:worlds=5:max_cards=3:seconds=0.5:omniscient=1", game, seed=0)
    assert isinstance(bot, DDPimcBot)
    assert (bot.worlds, bot.max_cards, bot.seconds, bot.omniscient) == (5, 3, 0.5, True)
    assert bot.name == "dd-pimc:worlds=5:max_cards=3:seconds=0.5:omniscient=1"
    assert make_bot("dd-pimc:seconds=none", game, seed=0).seconds is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "game_name", "message"),
    [
        ("dd-pimc:worlds=x", "bridge_play", "bot 'dd-pimc' option 'worlds': expected an integer"),
        (
            "dd-pimc:depth=3",
            "bridge_play",
            "unknown option 'depth' for dd-pimc; expected one of worlds, max_cards, seconds",
        ),
        ("dd-pimc", "kuhn_poker", "bot 'dd-pimc' plays bridge_play only, not kuhn_poker"),
        ("dd-pimc:worlds=0", "bridge_play", "expected worlds >= 1"),
    ],
)
def test_bad_specs_are_clear_errors(spec: str, game_name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, load_game(game_name), seed=0)


def test_cli_plays_an_ending(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "bridge_play", "--param", f"deal={DISCARD_DEAL}", "--param", "strain=S"]
    argv += ["--bots", "dd-pimc:worlds=4,random,dd-pimc:worlds=4,random", "--games", "4"]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("bridge_play: 4 games, seed 0")
    assert [line.split()[0] for line in lines[2:6]] == ["dd-pimc:worlds=4", "random"] * 2


def test_cli_bad_bot_option_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "bridge_play", "--bots", "dd-pimc:worlds=x,random,random,random"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "expected an integer, found 'x'" in err


def card_of(text: str) -> int:
    from pure_engine.games.playing_cards import parse_card_any_order

    return parse_card_any_order(text)


def test_an_ending_led_by_declarers_side_shows_dummy_from_the_start() -> None:
    """Declarer plays dummy's cards, so sees them, even when dummy leads the first card."""
    led_by_dummy = make_game(deal=DISCARD_DEAL, declarer="S", leader="N").initial_state()
    assert current_player(led_by_dummy) == 2
    assert observation(led_by_dummy, 2).dummy == led_by_dummy.play.hands[0]
    world = resample(led_by_dummy, 2, random.Random(0))
    assert world.play.hands[0] == led_by_dummy.play.hands[0]
    assert dd_pimc(led_by_dummy, seed=0).card in legal_actions(led_by_dummy)
    opening_lead = make_game(deal=DISCARD_DEAL, declarer="S", leader="W").initial_state()
    assert observation(opening_lead, 3).dummy is None  # the real opening lead: dummy unseen
