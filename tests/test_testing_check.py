"""check_game: every check fails on a toy game broken in exactly that way, and passes on
correct games; failure messages name the check, the step and the action trace."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pure_engine.core.game import TERMINAL, Game, GameInfo
from pure_engine.testing import ALL_CHECKS, FAST_CHECKS, Check, GameCheckError, check_game
from tests import broken_toys, toys


def _failure(game: Game[Any, Any], **kwargs: Any) -> GameCheckError:
    with pytest.raises(GameCheckError) as caught:
        check_game(game, **kwargs)
    return caught.value


@pytest.mark.parametrize("name", sorted(broken_toys.BROKEN))
def test_each_broken_toy_fails_its_own_check(name: str) -> None:
    factory, check = broken_toys.BROKEN[name]
    error = _failure(factory())
    assert error.check == check
    message = str(error)
    assert f"check {check!r} failed at step {error.step}" in message
    assert message.endswith("trace: " + (" ".join(error.trace) or "(the initial state)"))
    assert len(error.trace) == error.step


def test_correct_games_pass_every_check() -> None:
    for game in (toys.make_game(), broken_toys.high_card()):
        report = check_game(game)
        assert report.checks == ALL_CHECKS
        assert report.games == 20 and report.terminals == 20 and report.draws > 0


def test_failure_is_the_shortest_trace_that_shows_it() -> None:
    error = _failure(broken_toys.global_random())
    # the bug sits in the guess: a coin and a guess are the fewest actions that reach it
    assert error.step == 2 and error.trace[0] in ("heads", "tails")
    assert "step used the global random module" in error.detail


def test_global_random_state_is_restored_after_detection() -> None:
    random.seed(99)
    before = random.getstate()
    _failure(broken_toys.global_random(), checks={"global_random"})
    assert random.getstate() == before


def test_mutated_input_is_caught_even_when_the_walk_cannot_see_it() -> None:
    error = _failure(broken_toys.mutating_step(), checks={"purity"})
    assert error.detail == "step changed its input state" and error.trace == ("heads",)


def test_illegal_action_oracle_finds_an_overpermissive_rule() -> None:
    game = broken_toys.permissive_actions()
    check_game(game, checks=FAST_CHECKS)  # without an oracle the extra action looks legal
    error = _failure(game, illegal_actions=broken_toys.coin_oracle)
    assert error.check == "illegal_actions" and "legal_actions lists ack" in error.detail


def test_oracle_candidates_are_refused_by_play_on_a_correct_game() -> None:
    check_game(
        toys.make_game(), illegal_actions=broken_toys.coin_oracle, checks={"illegal_actions"}
    )


def test_sampler_report_states_the_false_alarm_rate() -> None:
    error = _failure(broken_toys.biased_sampler(), checks={"sampler"}, false_alarm=1e-9)
    assert "false-alarm rate 1e-09" in error.detail and "'heads'" in error.detail


def test_user_invariant_failure_names_the_invariant() -> None:
    def guess_is_never_tails(state: toys.CoinState) -> bool:
        return state.guess != 1

    error = _failure(toys.make_game(), invariants=[guess_is_never_tails])
    assert error.check == "invariants" and "guess_is_never_tails" in error.detail
    assert error.step == 2 and error.trace[1] == "tails"


def test_invariant_may_raise_assertion_error() -> None:
    def acked_only_after_guess(state: toys.CoinState) -> None:
        assert not state.acked or state.guess is not None, "acked before guessing"

    check_game(toys.make_game(), invariants=[acked_only_after_guess], checks={"invariants"})

    def never_acked(state: toys.CoinState) -> None:
        assert not state.acked, "acked"

    error = _failure(toys.make_game(), invariants=[never_acked], checks={"invariants"})
    assert error.detail.startswith("invariant never_acked failed: acked") and error.step == 3


def test_crashing_game_function_is_reported_with_its_trace() -> None:
    def step(state: toys.CoinState, action: int) -> toys.CoinState:
        if state.guess is not None:
            raise KeyError("boom")
        return toys.step(state, action)

    game = broken_toys._variant("crashing", step=step)
    error = _failure(game, checks={"purity"})
    assert error.check == "no_crash" and "KeyError" in error.detail and error.step == 2


def test_unknown_check_name_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown checks \\['purty'\\]"):
        check_game(toys.make_game(), checks={"purty"})


def test_checks_are_named_by_members_or_their_text() -> None:
    by_member = check_game(toys.make_game(), games=3, checks={Check.PURITY, Check.CHANCE})
    by_text = check_game(toys.make_game(), games=3, checks={"purity", "chance"})
    assert by_member == by_text and by_member.checks == (Check.PURITY, Check.CHANCE)
    assert all(isinstance(check, Check) for check in by_text.checks)
    error = _failure(broken_toys.mutating_step(), checks={"purity"})
    assert error.check is Check.PURITY
    with pytest.raises(ValueError, match="unknown checks \\['no_crash'\\]"):
        check_game(toys.make_game(), checks={Check.NO_CRASH})  # a failure's name, not a check


def test_unregistered_game_cannot_be_replayed_elsewhere() -> None:
    game = broken_toys._variant("nobody_registered_me")
    error = _failure(game, checks={"cross_process"})
    assert "register the game there or pass factory=" in error.detail
    error = _failure(game, checks={"record"})
    assert "unknown game 'nobody_registered_me'" in error.detail


def test_factory_rebuilds_an_unregistered_game() -> None:
    check_game(toys.make_game(), checks={"cross_process"}, factory="tests.toys:make_game")


def test_games_default_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PURE_ENGINE_CHECK_GAMES", "3")
    assert check_game(toys.make_game(), checks={"purity"}).games == 3


def test_run_is_reproducible() -> None:
    runs: list[Callable[[], object]] = [
        lambda: check_game(toys.make_game(), seed=5, checks=FAST_CHECKS) for _ in range(2)
    ]
    assert runs[0]() == runs[1]()


def test_record_failure_names_the_field_that_changed() -> None:
    error = _failure(broken_toys.unsorted_params(), checks={"record"})
    assert error.detail.startswith("dumps/loads changed the record's params: (('z', 1), ('a', 2))")
    assert "GameInfo.params should be sorted" in error.detail


def test_a_canonical_key_is_accepted_when_futures_agree_up_to_renaming() -> None:
    # two interchangeable cells: player 0 marks one, player 1 the other; the key sorts them
    def step(s: tuple[bool, bool], a: int) -> tuple[bool, bool]:
        return (True, s[1]) if a == 0 else (s[0], True)

    game = Game(
        info=GameInfo("two_cells", 2, 0.0, 0.0, 2, zero_sum=True),
        initial_state=lambda seed=None: (False, False),
        current_player=lambda s: TERMINAL if all(s) else sum(s),
        legal_actions=lambda s: tuple(i for i in (0, 1) if not s[i]) if not all(s) else (),
        chance_outcomes=lambda s: (),
        step=step,
        returns=lambda s: (0.0, 0.0),
        observation=lambda s, p: s,
        key=lambda s: tuple(sorted(s)),
        action_to_str=lambda s, a: f"cell{a}",
        parse_action=broken_toys.parse_cell,
    )
    report = check_game(game, checks={"key"})
    assert report.states == 3  # (F, F), one marked (either cell), both marked
