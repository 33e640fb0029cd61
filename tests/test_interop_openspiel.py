"""OpenSpiel both ways: our games under OpenSpiel's algorithms, OpenSpiel's games under ours.

Differential: our Kuhn and Leduc through ``to_openspiel`` walk exactly like
OpenSpiel's own (same players, legal actions, chance, information state
tensors, returns at every node), and OpenSpiel's CFR reaches the same
exploitability on both, to the last bit.
"""

from __future__ import annotations

import importlib.util
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import cfr, expected_game_score

import pure_engine
from pure_engine import IllegalActionError, NoEncodingError, UnknownGameError
from pure_engine.interop import from_openspiel, to_openspiel
from pure_engine.interop.openspiel_wrap import OpenSpielState, spiel_state
from pure_engine.testing import ALL_CHECKS, FAST_CHECKS, check_game

pytestmark = pytest.mark.peers


def _same_node(ours: Any, theirs: Any) -> None:
    """One node, compared field by field (the history says where, when it fails)."""
    where = theirs.history()
    assert ours.current_player() == theirs.current_player(), where
    assert ours.is_terminal() == theirs.is_terminal(), where
    if theirs.is_terminal():
        assert ours.returns() == theirs.returns(), where
        return
    if theirs.is_chance_node():
        mine, spiel = ours.chance_outcomes(), theirs.chance_outcomes()
        assert [a for a, _ in mine] == [a for a, _ in spiel], where
        assert [p for _, p in mine] == pytest.approx([p for _, p in spiel], abs=1e-12), where
        return
    assert ours.legal_actions() == theirs.legal_actions(), where
    for player in range(theirs.get_game().num_players()):
        assert ours.information_state_tensor(player) == theirs.information_state_tensor(player), (
            where,
            player,
        )


def _walk(ours: Any, theirs: Any) -> int:
    """Every node of the whole tree, both games in step; the number of nodes."""
    _same_node(ours, theirs)
    if theirs.is_terminal():
        return 1
    actions = (
        [a for a, _ in theirs.chance_outcomes()]
        if theirs.is_chance_node()
        else theirs.legal_actions()
    )
    return 1 + sum(_walk(ours.child(a), theirs.child(a)) for a in actions)


@pytest.mark.parametrize("players", [2, 3])
def test_our_kuhn_walks_exactly_like_openspiels_whole_tree(players: int) -> None:
    ours = to_openspiel(pure_engine.load_game("kuhn_poker", players=players))
    theirs = pyspiel.load_game("kuhn_poker", {"players": players})
    nodes = _walk(ours.new_initial_state(), theirs.new_initial_state())
    assert nodes == (58 if players == 2 else 617)


def test_our_leduc_plays_exactly_like_openspiels_on_random_games() -> None:
    ours = to_openspiel(pure_engine.load_game("leduc_poker"))
    theirs = pyspiel.load_game("leduc_poker")
    rng = random.Random(5)
    for _ in range(150):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while True:
            _same_node(a, b)
            if b.is_terminal():
                break
            options = (
                [x for x, _ in b.chance_outcomes()] if b.is_chance_node() else b.legal_actions()
            )
            action = rng.choice(options)
            a.apply_action(action)
            b.apply_action(action)


def test_the_game_info_matches_openspiels() -> None:
    for name in ("kuhn_poker", "leduc_poker"):
        ours, theirs = to_openspiel(pure_engine.load_game(name)), pyspiel.load_game(name)
        for method in (
            "num_distinct_actions",
            "max_chance_outcomes",
            "num_players",
            "min_utility",
            "max_utility",
            "utility_sum",
            "information_state_tensor_shape",
        ):
            assert getattr(ours, method)() == getattr(theirs, method)(), (name, method)


def test_cfr_plus_on_our_kuhn_reaches_the_game_value_as_on_openspiels() -> None:
    values = []
    for game in (
        to_openspiel(pure_engine.load_game("kuhn_poker")),
        pyspiel.load_game("kuhn_poker"),
    ):
        solver = pyspiel.CFRPlusSolver(game)  # OpenSpiel's C++ CFR+, walking our Python game
        for _ in range(200):
            solver.evaluate_and_update_policy()
        policy = solver.average_policy()
        exploitability = pyspiel.exploitability(game, policy)
        assert exploitability < 1e-3
        value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
        assert value == pytest.approx(-1 / 18, abs=2e-3)
        values.append((exploitability, value))
    assert values[0] == pytest.approx(values[1], abs=1e-12)


def test_python_cfr_on_our_kuhn_matches_openspiels_iteration_for_iteration() -> None:
    tables = []
    for game in (
        to_openspiel(pure_engine.load_game("kuhn_poker")),
        pyspiel.load_game("kuhn_poker"),
    ):
        solver = cfr.CFRSolver(game)  # OpenSpiel's Python CFR: information state strings differ,
        for _ in range(10):  # so compare the policies by information state tensor
            solver.evaluate_and_update_policy()
        policy = solver.average_policy()
        value = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
        tables.append(list(value))
    assert tables[0] == pytest.approx(tables[1], abs=1e-12)


def test_an_illegal_action_is_one_line() -> None:
    state = to_openspiel(pure_engine.load_game("kuhn_poker")).new_initial_state()
    with pytest.raises(IllegalActionError, match=r"action 7 is not legal here; legal: \[0, 1, 2\]"):
        state._apply_action(7)
    state.apply_action(0)
    with pytest.raises(IllegalActionError, match=r"legal: \[1, 2\]") as info:
        state._apply_action(0)  # the jack is already dealt
    assert "\n" not in str(info.value)


def test_a_game_without_an_encoding_is_refused() -> None:
    bare = replace(pure_engine.load_game("kuhn_poker"), encoding=None)
    with pytest.raises(NoEncodingError, match="has no encoding"):
        to_openspiel(bare)


# --- their games in ours ------------------------------------------------------------


def test_an_unknown_openspiel_game_is_one_line() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown OpenSpiel game 'kuhn_pokr'; known: "):
        from_openspiel("kuhn_pokr")
    with pytest.raises(ValueError, match="OpenSpiel refused kuhn_poker"):
        from_openspiel("kuhn_poker", players=1)
    with pytest.raises(ValueError, match="expected a sequential-move OpenSpiel game"):
        from_openspiel("goofspiel")


def test_openspiel_kuhn_as_our_game_has_our_kuhns_values() -> None:
    theirs = from_openspiel("kuhn_poker")
    ours = pure_engine.load_game("kuhn_poker")
    assert theirs.num_players == 2 and theirs.info.zero_sum and theirs.info.has_chance
    s = theirs.initial_state()
    assert theirs.chance_outcomes(s) == (
        (0, Fraction(1, 3)),
        (1, Fraction(1, 3)),
        (2, Fraction(1, 3)),
    )
    # the same deal and bets through both: the same returns
    for cards, bets in [((2, 0), (1, 1)), ((0, 1), (0, 0)), ((1, 2), (0, 1, 0))]:
        a, b = theirs.initial_state(), ours.initial_state()
        for card in cards:
            a = theirs.step(a, card)
            b = ours.step(b, ours.encoding.index_action(b, card))  # type: ignore[union-attr]
        for bet in bets:
            a = theirs.step(a, bet)
            b = ours.step(b, ours.encoding.index_action(b, bet))  # type: ignore[union-attr]
        assert theirs.returns(a) == ours.returns(b)


def test_wrapped_states_are_immutable_histories() -> None:
    game = from_openspiel("leduc_poker")
    root = game.initial_state(seed=1)
    child = game.step(root, 0)
    assert root.history == () and child.history == (0,)
    assert game.key(child) == (0,)
    clone = spiel_state(game, child)
    clone.apply_action(1)  # the clone is ours to change: the game's own states are not
    assert spiel_state(game, child).history() == [0]
    assert isinstance(game.step(child, 1), OpenSpielState)


def test_notation_round_trips_and_twins_get_their_number() -> None:
    game = from_openspiel("leduc_poker")
    s = game.initial_state()
    texts = (
        game.legal_strings(s)
        if game.legal_actions(s)
        else tuple(game.action_to_str(s, a) for a, _ in game.chance_outcomes(s))
    )
    assert len(set(texts)) == len(texts)
    for action, _ in game.chance_outcomes(s):
        assert game.parse_action(s, game.action_to_str(s, action)) == action
        assert game.parse_action(s, f"#{action}") == action


def test_check_game_passes_on_openspiels_liars_dice_and_blackjack() -> None:
    # every check, a fresh interpreter rebuilding the game from its record included
    check_game(from_openspiel("liars_dice"), games=3, records=1)
    check_game(from_openspiel("blackjack"), games=3, records=1, checks=FAST_CHECKS)


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker"])
def test_check_game_passes_on_openspiels_poker(name: str) -> None:
    check_game(from_openspiel(name), games=4, records=1, checks=FAST_CHECKS)


def test_resample_asks_openspiel_only_at_the_players_own_decisions() -> None:
    # OpenSpiel's Kuhn throws std::out_of_range when asked before the deal (its IS-MCTS
    # never asks there): the wrapper answers the state itself at other players' nodes
    root = pyspiel.load_game("kuhn_poker").new_initial_state()
    with pytest.raises(IndexError):
        root.resample_from_infostate(0, random.Random(0).random)
    game = from_openspiel("kuhn_poker")
    dealt = game.initial_state()
    for card in (2, 0):
        dealt = game.step(dealt, card)
    assert game.resample(dealt, 1, random.Random(0)) == dealt  # player 0 decides here
    seen = {game.resample(dealt, 0, random.Random(seed)).history for seed in range(20)}
    assert seen == {(2, 0), (2, 1)}  # player 0 holds the king; the other card is unknown


def test_the_pettingzoo_adapter_runs_an_openspiel_game() -> None:
    pytest.importorskip("pettingzoo")
    from pure_engine.interop import to_pettingzoo

    env = to_pettingzoo(from_openspiel("leduc_poker"))
    env.reset(seed=0)
    observation, *_ = env.last()
    assert observation["observation"].shape == (16,)
    assert observation["action_mask"].tolist() == [0, 1, 1]


def test_the_survey_example_reports_a_passing_game_and_its_figures() -> None:
    path = Path(__file__).parent.parent / "examples" / "openspiel_survey.py"
    spec = importlib.util.spec_from_file_location("examples.openspiel_survey", path)
    assert spec is not None and spec.loader is not None
    survey = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(survey)
    (line,) = survey.survey("kuhn_poker", games=1)
    assert line.startswith(f"kuhn_poker: passed {len(ALL_CHECKS)} checks (none skipped), 1 games,")


def test_an_illegal_action_prints_as_its_number_without_asking_openspiel() -> None:
    # OpenSpiel's cribbage crashes the process (a segfault, not an exception) when asked
    # to print an action that does not exist in the state; check_game's illegal-action
    # check names such actions, so the wrapper must not pass them on.
    game = from_openspiel("cribbage")
    rng = random.Random(3)
    state = game.initial_state()
    while game.is_chance_node(state):
        state = game.step(state, rng.choice([a for a, _ in game.chance_outcomes(state)]))
    legal = game.legal_actions(state)
    illegal = max(legal) + 1000
    assert game.action_to_str(state, illegal) == f"#{illegal}"
    assert game.parse_action(state, game.action_to_str(state, legal[0])) == legal[0]
