"""The key check's transposition search, stable action order and purity places.

Every broken toy in tests/key_toys.py fails the check it breaks and its correct twin
passes; the search finds what random play misses (the toy passes with
``key_search=None``), and its findings are real: both traces, replayed, reach states
with equal keys and different futures.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pure_engine.games  # noqa: F401 - registers the bundled games
from pure_engine import load_game
from pure_engine.core.game import Game
from pure_engine.testing import (
    ALL_CHECKS,
    DEEP_KEY_SEARCH,
    GameCheckError,
    KeySearch,
    check_game,
)
from pure_engine.testing.check_keys import Root, search_transpositions
from tests import key_toys


def _failure(game: Game[Any, Any], **kwargs: Any) -> GameCheckError:
    with pytest.raises(GameCheckError) as caught:
        check_game(game, **kwargs)
    return caught.value


def _replay(game: Game[Any, Any], seed: int | None, notes: tuple[str, ...]) -> Any:
    state = game.initial_state(seed)
    for note in notes:
        state = game.play_str(state, note)
    return state


@pytest.mark.parametrize("name", sorted(key_toys.BROKEN_KEYS))
def test_each_broken_toy_fails_its_own_check(name: str) -> None:
    factory, check = key_toys.BROKEN_KEYS[name]
    error = _failure(factory())
    assert error.check == check
    assert f"check {check!r} failed at step {error.step}" in str(error)
    assert len(error.trace) == error.step


@pytest.mark.parametrize("name", sorted(key_toys.CORRECT))
def test_each_correct_twin_passes_every_check(name: str) -> None:
    report = check_game(key_toys.CORRECT[name]())
    assert report.checks == ALL_CHECKS and report.terminals == report.games


def test_the_search_finds_a_key_that_forgets_who_leads() -> None:
    game = key_toys.tricks(key_leader=False)
    check_game(game, key_search=None)  # random play alone never meets the same key twice
    error = _failure(game)
    assert error.check == "key"
    assert "states with the same key have different futures: player" in error.detail
    assert "from the common ancestor at step" in error.detail
    # both traces are legal play from the same deal, reach one key, and disagree on who acts
    mine, theirs = (
        _replay(game, error.seed, error.trace),
        _replay(game, error.seed, error.other_trace),
    )
    assert mine != theirs and game.key(mine) == game.key(theirs)
    assert game.current_player(mine) != game.current_player(theirs)
    assert sorted(error.trace) == sorted(error.other_trace)  # the same actions, reordered


def test_the_finding_names_the_common_ancestor_and_both_orders() -> None:
    error = _failure(key_toys.tricks(key_leader=False))
    common = 0
    while error.trace[common] == error.other_trace[common]:
        common += 1
    lines = error.detail.splitlines()
    assert lines[1].strip().startswith(f"from the common ancestor at step {common} (after ")
    assert lines[2].split()[-len(error.trace) + common :] == list(error.trace[common:])
    assert lines[3].split()[-len(error.other_trace) + common :] == list(error.other_trace[common:])


def test_observations_are_compared_only_where_the_key_promises_them() -> None:
    check_game(key_toys.tricks(show_last=True))  # the last trick is shown, not decisive
    error = _failure(key_toys.tricks(show_last=True, observations_in_key=True))
    assert "observes" in error.detail and "observations_in_key" in error.detail
    game = key_toys.tricks(show_last=True, observations_in_key=True)
    mine, theirs = (
        _replay(game, error.seed, error.trace),
        _replay(game, error.seed, error.other_trace),
    )
    assert game.key(mine) == game.key(theirs)
    assert any(game.observation(mine, p) != game.observation(theirs, p) for p in (0, 1))


def test_equal_states_reached_in_two_orders_list_actions_alike() -> None:
    game = key_toys.marks(stable=False)
    check_game(game, key_search=None)  # every game has its own rng: no equal states
    error = _failure(game)
    assert error.check == "legal_actions" and error.trace == ("0", "8")
    assert error.other_trace == ("8", "0")
    assert "[0, 8] here but [8, 0] for an equal state reached in another order" in error.detail


def test_an_order_that_changes_between_calls_names_both_orders() -> None:
    error = _failure(key_toys.flipping_actions(), checks={"legal_actions"})
    assert "legal_actions gave [heads, tails] then [tails, heads] on the same state" in error.detail
    error = _failure(key_toys.flipping_outcomes(), checks={"legal_actions"})
    assert "chance_outcomes gave [heads, tails] then [tails, heads]" in error.detail
    assert error.step == 0


def test_an_order_kept_in_the_game_value_differs_in_a_game_rebuilt_from_a_record() -> None:
    error = _failure(key_toys.warm_order(), checks={"legal_actions", "record"})
    assert error.check == "legal_actions"
    assert "[tails, heads] here but [heads, tails] for the equal state replayed" in error.detail


def test_a_list_that_appears_after_a_step_is_purity_with_its_place() -> None:
    for checks in (ALL_CHECKS, {"key"}, {"key", "determinism"}):
        error = _failure(key_toys.pile_list(), checks=checks)
        assert error.check == "purity"
        assert error.detail.startswith("mutable value reachable from the state: state.pile[4]")
        assert "is a list (use a tuple)" in error.detail and error.trace == ("heads",)


def test_a_plain_object_is_purity_and_a_frozen_one_passes() -> None:
    error = _failure(key_toys.tally_object())
    assert "state.pile[4] is a Tally (its attributes can be reassigned" in error.detail
    check_game(key_toys.tally_object(), immutable_types=(key_toys.Tally,))  # vouched for
    check_game(key_toys.frozen_tally())


def test_a_key_with_a_mutable_value_met_by_the_search_names_the_place() -> None:
    game = key_toys.pile_list()
    state = game.initial_state(0)
    finding, _ = search_transpositions(game, [Root(state, (0, 1))], KeySearch(depth=1))
    assert finding is not None and finding.check == "purity"
    assert finding.detail.startswith("mutable value reachable from the state: state.pile[4]")
    assert len(finding.path) == 1  # the state after one step holds it


def test_the_report_counts_the_groups_the_search_compared() -> None:
    report = check_game(load_game("freecell", deal=1), games=3, checks={"key"})
    assert report.searched_states > 0 and report.key_groups >= report.canonical_groups > 0
    assert check_game(load_game("freecell", deal=1), games=3, checks={"key"}) == report
    quiet = check_game(load_game("freecell", deal=1), games=3, checks={"key"}, key_search=None)
    assert (quiet.searched_states, quiet.key_groups) == (0, 0)


def test_budgets_are_checked() -> None:
    with pytest.raises(ValueError, match=r"KeySearch\.steps: expected an int >= 0, found True"):
        KeySearch(steps=True)
    assert DEEP_KEY_SEARCH.roots > KeySearch().roots


@settings(max_examples=6, deadline=None, database=None)
@given(seed=st.integers(0, 10_000))
def test_the_search_never_flags_a_correct_key(seed: int) -> None:
    check_game(key_toys.tricks(), games=4, seed=seed, checks={"key"})


@settings(max_examples=6, deadline=None, database=None)
@given(seed=st.integers(0, 10_000))
def test_every_key_finding_is_a_real_transposition(seed: int) -> None:
    game = key_toys.tricks(key_leader=False)
    try:
        check_game(game, games=4, seed=seed, checks={"key"})
    except GameCheckError as error:
        mine = _replay(game, error.seed, error.trace)
        theirs = _replay(game, error.seed, error.other_trace)
        assert game.key(mine) == game.key(theirs)
        assert game.current_player(mine) != game.current_player(theirs)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(key_toys.CORRECT))
def test_correct_twins_pass_the_deep_search(name: str) -> None:
    check_game(key_toys.CORRECT[name](), games=100, key_search=DEEP_KEY_SEARCH)
