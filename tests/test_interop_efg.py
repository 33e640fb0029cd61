"""``to_efg``: a game's whole tree as a Gambit EFG file, loaded by OpenSpiel as a C++ game and
solved there exactly as OpenSpiel's own C++ game is."""

from __future__ import annotations

from typing import Any

import pytest

import pure_engine
from pure_engine.interop import to_efg

pyspiel = pytest.importorskip("pyspiel")


def _cfr_plus(game: Any, iterations: int) -> tuple[float, float]:
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    return pyspiel.exploitability(game, policy), value


@pytest.mark.parametrize(("name", "iterations"), [("kuhn_poker", 200), ("leduc_poker", 5)])
def test_cpp_cfr_on_the_efg_of_our_game_equals_it_on_openspiel_s_own(
    name: str, iterations: int
) -> None:
    ours = pyspiel.load_efg_game(to_efg(pure_engine.load_game(name)))
    theirs = pyspiel.load_game(name)
    assert ours.num_players() == theirs.num_players()
    found, expected = _cfr_plus(ours, iterations), _cfr_plus(theirs, iterations)
    assert found == pytest.approx(expected, abs=1e-12)


def test_kuhn_s_efg_has_the_game_s_information_sets() -> None:
    text = to_efg(pure_engine.load_game("kuhn_poker"))
    decisions = [line.split()[2:4] for line in text.splitlines() if line.startswith("p ")]
    assert len(decisions) == 24 and len({tuple(d) for d in decisions}) == 12  # 6 per player
    game = pyspiel.load_efg_game(text)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 2 and game.max_chance_outcomes() == 3


def test_three_player_kuhn_loads_and_sums_to_zero() -> None:
    game = pyspiel.load_efg_game(to_efg(pure_engine.load_game("kuhn_poker", players=3)))
    assert game.num_players() == 3
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_tree_over_the_budget_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match=r"leduc_poker has more than 100 nodes \(max_nodes\)"):
        to_efg(pure_engine.load_game("leduc_poker"), max_nodes=100)


def test_an_information_set_offering_different_actions_is_refused() -> None:
    from dataclasses import replace

    leduc = pure_engine.load_game("leduc_poker")  # it folds only when facing a raise
    forgetful = replace(leduc, observation=lambda state, player: "the same for everyone")
    with pytest.raises(ValueError, match="is the observation perfect recall"):
        to_efg(forgetful)
