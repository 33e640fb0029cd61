"""Matches (``search.arena``) and ``pure-engine play``: seat rotation, blocks sharing a deal,
determinism by seed, the confidence intervals' math, the bots' hooks, the CLI's reports."""

from __future__ import annotations

import importlib.util
import json
import math
from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tests.toys  # noqa: F401 - registers coin_guess for the CLI
from pure_engine.cli import main
from pure_engine.core.game import Game
from pure_engine.search.arena import (
    derive_seed,
    mean_ci,
    outcome_of,
    play_game,
    play_match,
    t_quantile_975,
)
from pure_engine.search.bots import RandomBot, make_bot
from tests.toys import make_game as make_coin_game

HAVE_MCTS = importlib.util.find_spec("pure_engine.search.mcts") is not None


# --- matches --------------------------------------------------------------------------------------


def test_t_quantiles_match_the_tables() -> None:
    assert t_quantile_975(1) == 12.706
    assert t_quantile_975(30) == 2.042
    assert t_quantile_975(120) == pytest.approx(1.980)
    assert 2.000 > t_quantile_975(90) > 1.980
    assert t_quantile_975(10**12) == pytest.approx(1.95996, abs=1e-5)
    with pytest.raises(ValueError, match="degrees of freedom"):
        t_quantile_975(0)


def test_mean_ci_on_known_data() -> None:
    # mean 5, sample sd 2.138 (n = 8), t(7) = 2.365: half width 2.365 * 2.138 / sqrt(8) = 1.7878
    mean, low, high = mean_ci([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    assert mean == 5.0
    assert high - mean == pytest.approx(2.365 * math.sqrt(32 / 7) / math.sqrt(8))
    assert mean - low == pytest.approx(high - mean)
    assert high - mean == pytest.approx(1.7878, abs=1e-4)


def test_clustered_ci_uses_block_totals() -> None:
    # blocks (1, 3) and (2, 6): mean 3, residual sums -2 and +2, G = 2:
    # var = 2/1 * (4 + 4) / 16 = 1, half = t(1) * 1 = 12.706
    mean, low, high = mean_ci([1.0, 3.0, 2.0, 6.0], clusters=["a", "a", "b", "b"])
    assert mean == 3.0
    assert high - mean == pytest.approx(12.706) == mean - low
    assert mean_ci([1.0, 3.0], clusters=[0, 0])[1] == -math.inf
    assert all(math.isnan(x) for x in mean_ci([]))
    with pytest.raises(ValueError, match="label every value"):
        mean_ci([1.0], clusters=[0, 1])


def test_outcome_of_win_draw_loss() -> None:
    assert outcome_of((2.0, 1.0, 0.0), 0) == "win"
    assert outcome_of((2.0, 2.0, 0.0), 1) == "draw"
    assert outcome_of((2.0, 2.0, 0.0), 2) == "loss"
    assert [outcome_of((r,), 0) for r in (1.0, 0.0, -1.0)] == ["win", "draw", "loss"]


def test_seats_rotate_and_blocks_share_the_deal() -> None:
    game = make_coin_game()
    result = play_match(game, [RandomBot(seed=1), RandomBot(seed=2)], games=6, seed=9)
    assert [o.seats for o in result.outcomes] == [(0, 1), (1, 0)] * 3
    assert [o.block for o in result.outcomes] == [0, 0, 1, 1, 2, 2]
    seeds = [o.chance_seed for o in result.outcomes]
    assert seeds[0] == seeds[1] == derive_seed(9, "chance", 0) != seeds[2]
    for bot in result.bots:
        assert [(s.seat, s.games) for s in bot.seats] == [(0, 3), (1, 3)]


def test_same_seeds_same_match_other_seed_other_match() -> None:
    game = make_coin_game()

    def run(seed: int) -> tuple[tuple[float, ...], ...]:
        bots = [RandomBot(seed=1), RandomBot(seed=2)]
        return tuple(o.returns for o in play_match(game, bots, games=40, seed=seed).outcomes)

    assert run(0) == run(0)
    assert run(0) != run(1)


@given(games=st.integers(1, 12), seed=st.integers(0, 2**32))
def test_match_bookkeeping_invariants(games: int, seed: int) -> None:
    game = make_coin_game()
    result = play_match(
        game, [RandomBot(seed=seed), RandomBot(seed=seed + 1)], games=games, seed=seed
    )
    for bot in result.bots:
        assert bot.games == games == bot.wins + bot.draws + bot.losses
        counts = [s.games for s in bot.seats]
        assert sum(counts) == games and max(counts) - min(counts) <= 1
    assert sum(bot.mean for bot in result.bots) == pytest.approx(0.0)  # zero-sum, every game played


class RecordingBot:
    """Plays the first legal action and records the hooks' calls."""

    def __init__(self, name: str = "recorder") -> None:
        self.name = name
        self.events: list[object] = []

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        self.events.append("step")
        return game.legal_actions(state)[0]

    def restart(self) -> None:
        self.events.append("restart")

    def inform(self, action: Hashable) -> None:
        self.events.append(action)


def test_hooks_see_restart_and_every_action() -> None:
    game = make_coin_game()
    guesser, acker = RecordingBot(), RecordingBot()
    returns, moves = play_game(game, [guesser, acker], chance_seed=1)
    assert moves == 3
    coin = guesser.events[1]
    assert guesser.events == ["restart", coin, "step", 0, 2]
    assert acker.events == ["restart", coin, 0, 2]  # the forced ack is never asked
    assert returns == ((1.0, -1.0) if coin == 0 else (-1.0, 1.0))


def test_illegal_bot_action_names_the_bot() -> None:
    class Cheater(RecordingBot):
        def choose(self, game: Game[Any, Any], state: Any) -> Any:
            return 2

    with pytest.raises(ValueError, match="bot 'cheater' played the illegal action 'ack'"):
        play_game(make_coin_game(), [Cheater("cheater"), RandomBot(seed=0)], chance_seed=0)


def test_wrong_number_of_bots_is_an_error() -> None:
    with pytest.raises(ValueError, match="coin_guess needs 2 bots, found 1"):
        play_match(make_coin_game(), [RandomBot(seed=0)], games=2)


# --- the CLI ------------------------------------------------------------------------------------


def test_cli_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "coin_guess", "--bots", "random,greedy", "--games", "20", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    report = json.loads(out)
    assert report["game"] == "coin_guess" and report["games"] == 20
    assert [bot["name"] for bot in report["bots"]] == ["random", "greedy"]
    assert sum(bot["mean"] for bot in report["bots"]) == pytest.approx(0.0)
    for bot in report["bots"]:
        low, high = bot["ci95"]
        assert low <= bot["mean"] <= high
        assert bot["wins"] + bot["draws"] + bot["losses"] == 20
        assert [seat["games"] for seat in bot["seats"]] == [10, 10]


def test_cli_same_seed_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "play",
        "coin_guess",
        "--bots",
        "random,random",
        "--games",
        "30",
        "--seed",
        "4",
        "--json",
    ]
    main(argv)
    first = json.loads(capsys.readouterr().out)
    main(argv)
    second = json.loads(capsys.readouterr().out)
    for report in (first, second):
        for bot in report["bots"]:
            del bot["seconds"]
        del report["seconds"]
    assert first == second


def test_cli_table_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "coin_guess", "--bots", "random,random", "--games", "4"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("coin_guess: 4 games, seed 0, seats rotate every game")
    assert lines[1].split()[:3] == ["bot", "games", "mean"]
    assert len(lines) == 5 and "it needs 5" in lines[4] and err == ""  # no terminal: no bar
    assert (
        main(["play", "coin_guess", "--bots", "random,random", "--games", "4", "--progress"]) == 0
    )
    err = capsys.readouterr().err
    assert "4/4 games" in err and err.endswith("\n")


# --- kuhn poker, once it is on this branch ------------------------------------------------------

HAVE_KUHN = importlib.util.find_spec("pure_engine.games.poker.kuhn") is not None
needs_kuhn = pytest.mark.skipif(not HAVE_KUHN, reason="kuhn_poker has not landed")


@needs_kuhn
def test_kuhn_random_vs_random_is_even_and_zero_sum() -> None:
    from pure_engine import load_game

    game = load_game("kuhn_poker")
    result = play_match(game, [RandomBot(seed=1), RandomBot(seed=2)], games=2000, seed=3)
    first, second = result.bots
    assert first.mean + second.mean == pytest.approx(0.0, abs=1e-12)
    assert abs(first.mean) < 0.1
    assert first.ci_low < 0.0 < first.ci_high
    assert first.wins == second.losses and first.draws == second.draws == 0
    for outcome in result.outcomes:
        assert sum(outcome.returns) == 0.0


@needs_kuhn
def test_kuhn_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "kuhn_poker", "--bots", "random,greedy", "--games", "200", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "kuhn_poker" and report["games"] == 200
    assert sum(bot["mean"] for bot in report["bots"]) == pytest.approx(0.0, abs=1e-12)


@needs_kuhn
@pytest.mark.skipif(not HAVE_MCTS, reason="pure_engine.search.mcts has not landed")
def test_kuhn_mcts_beats_random() -> None:
    from pure_engine import load_game

    game = load_game("kuhn_poker")
    bots = [make_bot("mcts", game, seed=1, simulations=100), RandomBot(seed=2)]
    result = play_match(game, bots, games=300, seed=0)
    assert result.bots[0].ci_low > 0.0


def test_list_shows_each_kinds_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    text = capsys.readouterr().out
    assert "  mcts\n    simulations (int, default none): " in text
    assert "    omniscient (bool, default false): " in text
    assert "  random: no options\n" in text
    assert main(["list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["bot_options"]
    assert listed["random"] == [] and listed["dd-pimc"][0]["name"] == "worlds"
    assert {"name": "depth", "type": "int", "default": None}.items() <= listed["alphabeta"][
        0
    ].items()
