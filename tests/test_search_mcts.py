"""MCTS, IS-MCTS and PIMC: forced wins, convergence to expectimax, hidden information, seeds."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.search import advance, ismcts, mcts, pimc, subtree
from pure_engine.search.budget import Budget
from pure_engine.search.dump import mcts_tree_json
from tests.leduc_toy import CALL, RAISE, LeducState, toy_leduc
from tests.mcts_toys import (
    BET,
    PASS,
    ChanceNimState,
    KuhnState,
    NimState,
    chance_nim,
    expectimax,
    nim,
    toy_kuhn,
)

# --- perfect information ---------------------------------------------------------------------


@pytest.mark.parametrize(("pile", "winning_take"), [(3, 3), (5, 1), (6, 2), (7, 3), (9, 1)])
@pytest.mark.parametrize("seed", [0, 1])
def test_mcts_takes_the_forced_win_in_nim(pile: int, winning_take: int, seed: int) -> None:
    game = nim(pile)
    result = mcts(game, NimState(0, pile), simulations=3000, seed=seed)
    assert result.action == winning_take
    assert result.value > 0.8  # the win is certain; UCT's mean lags a little behind


def test_mcts_plays_nim_to_a_win_against_every_reply() -> None:
    game = nim(10)
    frontier = [NimState(0, 10)]
    while frontier:
        state = frontier.pop()
        ours = mcts(game, state, simulations=1500, seed=7).action
        after = game.play(state, ours)
        assert after.pile % 4 == 0, f"from {state.pile} mcts took {ours}"
        if game.is_terminal(after):
            assert game.returns(after)[0] == 1.0
            continue
        frontier.extend(game.step(after, reply) for reply in game.legal_actions(after))


def test_mcts_for_the_second_player_maximises_its_own_return() -> None:
    result = mcts(nim(6), NimState(1, 6), simulations=2000, seed=0)
    assert result.action == 2 and result.value > 0.8


@pytest.mark.parametrize(("pile", "moves"), [(5, 8), (6, 10)])
def test_mcts_root_value_approaches_expectimax_on_chance_nim(pile: int, moves: int) -> None:
    game = chance_nim(pile, moves)
    state = game.initial_state()
    exact = expectimax(game, state)
    errors = []
    for simulations in (300, 30_000):
        found = [mcts(game, state, simulations=simulations, seed=seed) for seed in range(3)]
        errors.append(sum(abs(r.value - exact) for r in found) / len(found))
    # at 30k simulations every seed also picks an expectimax-optimal move
    best_value = max(expectimax(game, game.step(state, a)) for a in game.legal_actions(state))
    assert all(expectimax(game, game.step(state, r.action)) == best_value for r in found)
    # stated tolerance: mean error over 3 seeds below 0.02 at 30k simulations (returns in [-1, 1])
    assert errors[-1] < 0.02, errors
    assert errors[-1] < errors[0], errors


def test_expectimax_of_chance_nim_is_not_a_trivial_value() -> None:
    # guards the test above: the exact value mixes chance and is neither a win nor a loss
    game = chance_nim(5, 8)
    value = expectimax(game, game.initial_state())
    assert 0.1 < value < 0.5


def test_mcts_is_deterministic_for_a_seed() -> None:
    game = chance_nim(6, 10)
    state = game.initial_state()
    runs = [mcts(game, state, simulations=500, seed=seed) for seed in (4, 4, 5, 6)]
    assert runs[0].visits == runs[1].visits and runs[0].means == runs[1].means
    assert runs[0].action == runs[1].action
    assert len({r.visits for r in runs}) > 1, "different seeds should explore differently"


def test_mcts_never_touches_the_global_random() -> None:
    random.seed(123)
    expected = random.random()
    random.seed(123)
    mcts(chance_nim(), chance_nim().initial_state(), simulations=300, seed=1)
    assert random.random() == expected


def test_mcts_rollout_policy_is_used() -> None:
    calls: list[int] = []

    def greedy(state: NimState, legal: tuple[int, ...], rng: random.Random) -> int:
        calls.append(state.pile)
        return max(legal)

    result = mcts(nim(12), NimState(0, 12), simulations=50, rollout=greedy, seed=0)
    assert calls and result.stats.expanded == 50


def test_mcts_stops_on_seconds_and_on_a_budget() -> None:
    game = chance_nim(6, 10)
    state = game.initial_state()
    timed = mcts(game, state, seconds=0.05)
    assert timed.stats.stopped_by == "seconds" and timed.stats.expanded > 10
    assert timed.stats.seconds < 1.0
    capped = mcts(game, state, budget=Budget(nodes=77))
    assert capped.stats.expanded == 77 and capped.stats.stopped_by == "nodes"
    default = mcts(game, state)
    assert default.stats.expanded == 1000


def test_mcts_tree_reuse_continues_the_search() -> None:
    game = chance_nim(6, 10)
    state = game.initial_state()
    first = mcts(game, state, simulations=3000, seed=1)
    ours = first.action
    after_ours = game.step(state, ours)
    assert game.is_chance_node(after_ours)
    outcome, reply = 0, 1
    later_state = game.step(game.step(game.step(after_ours, outcome), reply), 0)
    below = subtree(first.tree, ours, outcome, reply, 0)
    assert below is not None and below.state == later_state
    carried = below.root.visits
    assert carried > 0
    again = mcts(game, later_state, simulations=200, seed=2, tree=below)
    assert again.tree.root.visits == carried + 200
    assert again.stats.expanded == 200
    # the same reuse from an identical tree gives the same result
    rebuilt = subtree(mcts(game, state, simulations=3000, seed=1).tree, ours, outcome, reply, 0)
    assert mcts(game, later_state, simulations=200, seed=2, tree=rebuilt).visits == again.visits


def test_mcts_rejects_a_tree_of_another_state() -> None:
    game = nim(7)
    tree = mcts(game, NimState(0, 7), simulations=100).tree
    with pytest.raises(ValueError, match="reused tree"):
        mcts(game, NimState(0, 6), simulations=10, tree=tree)


def test_a_subtree_of_the_unexplored_is_none() -> None:
    game = nim(7)
    tree = mcts(game, NimState(0, 7), simulations=3).tree
    assert subtree(tree, 3, 3, 1) is None
    assert subtree(None, 1) is None
    with pytest.warns(DeprecationWarning, match="use subtree"):
        old = advance(tree, 3)
    new = subtree(tree, 3)
    assert old is not None and new is not None and old.state == new.state


def test_mcts_rejects_non_decision_nodes_and_empty_budgets() -> None:
    game = chance_nim()
    chance_state = ChanceNimState(1, 4, 5, chance=True)
    with pytest.raises(ValueError, match="decision node"):
        mcts(game, chance_state)
    with pytest.raises(ValueError, match="simulations must be"):
        mcts(game, game.initial_state(), simulations=0)


# --- hidden information ----------------------------------------------------------------------

SEARCHES = ["ismcts", "pimc"]


def _search(name: str, game: Game[KuhnState, int], state: KuhnState, seed: int) -> object:
    player = game.current_player(state)
    if name == "ismcts":
        return ismcts(game, state, player, simulations=1500, seed=seed)
    return pimc(game, state, player, worlds=8, simulations=100, seed=seed)


@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize("history", [(), (PASS,), (PASS, BET)])
def test_hidden_cards_do_not_change_the_decision(name: str, history: tuple[int, ...]) -> None:
    game = toy_kuhn()
    mover = len(history) % 2
    # the mover holds the queen; the opponent holds the jack in one state, the king in the other
    cards_a = (1, 0) if mover == 0 else (0, 1)
    cards_b = (1, 2) if mover == 0 else (2, 1)
    state_a, state_b = KuhnState(cards_a, history), KuhnState(cards_b, history)
    assert game.observation(state_a, mover) == game.observation(state_b, mover)
    for seed in (0, 1):
        # whole results equal: action, value, every visit count and statistic but time
        found_a, found_b = (_search(name, game, s, seed) for s in (state_a, state_b))
        assert _without_time(found_a) == _without_time(found_b)


def test_the_hidden_card_check_can_fail() -> None:
    # a game whose resample peeks (returns the true state) leaks the hidden card
    leaky = dataclasses.replace(toy_kuhn(), resample=lambda s, p, rng: s)
    state_a, state_b = KuhnState((1, 0), ()), KuhnState((1, 2), ())
    found_a, found_b = (ismcts(leaky, s, 0, simulations=1500, seed=0) for s in (state_a, state_b))
    assert _without_time(found_a) != _without_time(found_b)


def _without_time(result: object) -> tuple[Hashable, ...]:
    fields = result._fields  # type: ignore[attr-defined]  # result records of the searches
    kept = []
    for name in fields:
        value = getattr(result, name)
        if name == "stats":
            value = value.replace(seconds=0.0)
        if name != "tree":
            kept.append(value)
    return tuple(kept)


def test_ismcts_reads_the_real_state_only_through_resample() -> None:
    base = toy_kuhn()
    real = KuhnState((2, 0), (PASS,))

    def guard(function_name: str) -> Callable[..., Any]:
        function = getattr(base, function_name)

        def guarded(state: KuhnState, *rest: object) -> object:
            assert state is not real, f"{function_name} saw the real state"
            return function(state, *rest)

        return guarded

    guarded_game = dataclasses.replace(
        base,
        current_player=guard("current_player"),
        legal_actions=guard("legal_actions"),
        step=guard("step"),
        returns=guard("returns"),
        observation=guard("observation"),
        key=guard("key"),
    )
    assert ismcts(guarded_game, real, 1, simulations=200, seed=0).stats.expanded == 200
    assert pimc(guarded_game, real, 1, worlds=3, simulations=50, seed=0).worlds == 3


@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize(
    ("cards", "right"),
    [((0, 2), BET), ((2, 0), PASS)],  # facing a bet: the king calls, the jack folds
)
def test_hidden_information_searches_answer_a_bet_correctly(
    name: str, cards: tuple[int, int], right: int
) -> None:
    game = toy_kuhn()
    state = KuhnState(cards, (BET,))
    for seed in (0, 1, 2):
        assert _search(name, game, state, seed).action == right  # type: ignore[attr-defined]


def test_ismcts_is_deterministic_and_seed_sensitive() -> None:
    game = toy_kuhn()
    state = KuhnState((1, 0), ())
    runs = [ismcts(game, state, 0, simulations=400, seed=seed) for seed in (3, 3, 4, 5)]
    assert runs[0].visits == runs[1].visits and runs[0].means == runs[1].means
    assert len({r.visits for r in runs}) > 1


def test_ismcts_and_pimc_reject_the_wrong_player() -> None:
    game = toy_kuhn()
    state = KuhnState((1, 0), ())
    with pytest.raises(ValueError, match="player to move"):
        ismcts(game, state, 1, simulations=10)
    with pytest.raises(ValueError, match="player to move"):
        pimc(game, state, 1, worlds=2, simulations=10)


def test_pimc_votes_sum_to_the_worlds() -> None:
    game = toy_kuhn()
    result = pimc(game, KuhnState((1, 0), ()), 0, worlds=7, simulations=60, seed=3)
    assert sum(count for _, count in result.votes) == 7 == result.worlds
    assert result.stats.expanded == 7 * 60


# --- properties ------------------------------------------------------------------------------


@given(pile=st.integers(1, 14), mover=st.integers(0, 1), seed=st.integers(0, 2**32))
@settings(max_examples=40)
def test_mcts_root_visits_add_up_and_the_action_is_legal(pile: int, mover: int, seed: int) -> None:
    game = nim(pile)
    state = NimState(mover, pile)
    result = mcts(game, state, simulations=60, seed=seed)
    assert result.action in game.legal_actions(state)
    assert sum(count for _, count in result.visits) == 60 == result.stats.expanded
    assert {action for action, _ in result.visits} <= set(game.legal_actions(state))
    assert all(-1.0 <= mean <= 1.0 for _, mean in result.means)


def _three_player_bits() -> Game[tuple[int, ...], int]:
    """Three players each pick a bit in turn; player i's return is its own bit minus the next
    player's bit, so every player should pick 1 (general-sum, n-player: the max^n backup)."""
    return Game(
        info=GameInfo("bits", 3, -1.0, 1.0, 3),
        initial_state=lambda seed=None: (),
        current_player=lambda s: TERMINAL if len(s) == 3 else len(s),
        legal_actions=lambda s: (0, 1) if len(s) < 3 else (),
        chance_outcomes=lambda s: (),
        step=lambda s, a: (*s, a),
        returns=lambda s: (
            tuple(float(s[i] - s[(i + 1) % 3]) for i in range(3))
            if len(s) == 3
            else (0.0, 0.0, 0.0)
        ),
        observation=lambda s, p: s,
        key=lambda s: s,
        action_to_str=lambda s, a: str(a),
        parse_action=lambda s, x: int(x),
    )


@pytest.mark.parametrize("prefix", [(), (1,), (1, 1), (0, 0)])
def test_mcts_in_a_three_player_game_each_mover_maximises_its_own_return(
    prefix: tuple[int, ...],
) -> None:
    game = _three_player_bits()
    result = mcts(game, prefix, simulations=800, seed=0)
    assert result.action == 1


def test_ismcts_and_pimc_are_anytime() -> None:
    game = toy_kuhn()
    state = KuhnState((1, 0), ())
    timed = ismcts(game, state, 0, seconds=0.05)
    assert timed.stats.stopped_by == "seconds" and timed.stats.expanded > 10
    voted = pimc(game, state, 0, worlds=4, simulations=None, seconds=0.08)
    assert voted.worlds == 4 and voted.stats.expanded > 10 and voted.stats.seconds < 1.0
    with pytest.raises(ValueError, match="both are None"):
        pimc(game, state, 0, simulations=None)
    with pytest.raises(ValueError, match="worlds must be"):
        pimc(game, state, 0, worlds=0)


@pytest.mark.parametrize("name", SEARCHES)
def test_hidden_cards_do_not_change_the_decision_in_leduc(name: str) -> None:
    game = toy_leduc()
    # round 2, public queen, player 0 holds a king; player 1 a jack here, a king there
    history = (CALL, RAISE, CALL)
    state_a = LeducState((4, 0), 2, 1, history, 3, (3, 3))
    state_b = state_a.replace(private=(4, 5))
    assert game.current_player(state_a) == 0 == game.current_player(state_b)
    assert game.observation(state_a, 0) == game.observation(state_b, 0)

    def search(state: LeducState, seed: int) -> object:
        if name == "ismcts":
            return ismcts(game, state, 0, simulations=800, seed=seed)
        return pimc(game, state, 0, worlds=5, simulations=100, seed=seed)

    for seed in (0, 3):
        assert _without_time(search(state_a, seed)) == _without_time(search(state_b, seed))


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker"])
def test_hidden_cards_do_not_change_the_decision_in_the_real_poker_games(name: str) -> None:
    game = load_game(name)
    mine, theirs_a, theirs_b = (2, 0, 1) if name == "kuhn_poker" else (4, 0, 5)
    state_a = game.step(game.step(game.initial_state(), mine), theirs_a)
    state_b = game.step(game.step(game.initial_state(), mine), theirs_b)
    assert game.current_player(state_a) == 0 == game.current_player(state_b)
    assert game.observation(state_a, 0) == game.observation(state_b, 0)
    for seed in (0, 1):
        found = [ismcts(game, s, 0, simulations=500, seed=seed) for s in (state_a, state_b)]
        assert _without_time(found[0]) == _without_time(found[1])
        voted = [pimc(game, s, 0, worlds=4, simulations=80, seed=seed) for s in (state_a, state_b)]
        assert _without_time(voted[0]) == _without_time(voted[1])


def test_rollouts_of_a_game_that_never_ends_are_cut() -> None:
    from pure_engine.core.game import Game, GameInfo
    from pure_engine.search.mcts import random_rollout

    # a counter that random play moves up and down for ever: no terminal state at all
    endless = Game(
        GameInfo("endless", 1, -50.0, 50.0, 20),
        initial_state=lambda seed=None: 0,
        current_player=lambda s: 0,
        legal_actions=lambda s: (-1, 1),
        chance_outcomes=lambda s: (),
        step=lambda s, a: s + a,
        returns=lambda s: (float(s),),
        observation=lambda s, p: s,
        key=lambda s: s,
        action_to_str=lambda s, a: str(a),
        parse_action=lambda s, text: int(text),
    )
    up = random_rollout(endless, lambda s, legal, rng: 1, max_decisions=7)
    assert up(0, random.Random(0)) == (7.0,)  # cut after 7 decisions, scored where it stood
    # the default cap is the game's declared max length: the search ends
    result = mcts(endless, 0, simulations=200, seed=1)
    assert result.stats.expanded == 200 and result.action == 1  # going up scores more


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mcts_nodes_sum_their_owners_returns_and_the_dump_shows_them(seed: int) -> None:
    """A node sums the returns of the player who chose the edge into it; below a chance node,
    of the chance node's owner: so a chance node's total is its children's plus the one
    rollout that created it, and the dump's values there add up the same way."""
    game = load_game("leduc_poker")
    rng, state = random.Random(seed), game.initial_state()
    while game.current_player(state) < 0:
        state = game.step(state, game.sample_chance(state, rng))
    root = mcts(game, state, simulations=3000, seed=seed).tree.root
    bound = max(abs(game.info.min_return), abs(game.info.max_return))
    stack, chance_nodes = [root], 0
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        assert all(child.owner == node.player for child in node.children)
        outcomes = list(node.by_outcome.values())
        stack.extend(outcomes)
        if outcomes and node.visits > 1:
            chance_nodes += 1
            assert all(child.owner == node.owner >= 0 for child in outcomes)
            assert node.visits == 1 + sum(child.visits for child in outcomes)
            assert abs(node.total - sum(child.total for child in outcomes)) <= bound
    assert chance_nodes > 0 and root.owner == root.player
    dumped = [mcts_tree_json(game, mcts(game, state, simulations=3000, seed=seed).tree)]
    while dumped:
        entry = dumped.pop()
        dumped.extend(entry["c"])
        if entry["p"] == CHANCE and entry["n"] > 1:
            total = sum(child["v"] * child["n"] for child in entry["c"])
            assert abs(entry["v"] * entry["n"] - total) <= bound + 0.01 * entry["n"]
