"""The bot written as rules: it plays legal moves, never peeks, beats random decisively, and
explains itself with a trace."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pure_engine import Game, load_game
from pure_engine.games.belote.bot import DECIDE, INFER, RulesBot, bot_view
from pure_engine.rules import apply, format_trace
from pure_engine.search.arena import play_match
from pure_engine.search.bots import RandomBot, make_bot
from pure_engine.testing import assert_golden
from tests.random_play import decisions
from tests.test_rules_engine import GOLDEN


@pytest.mark.parametrize("name", ["belote", "coinche"])
def test_the_bot_is_built_from_its_spec_and_plays_legal_moves(name: str) -> None:
    game: Game[Any, int] = load_game(name)
    bot = make_bot("rules", game, seed=1)
    rng = random.Random(2)

    def choose(state: Any) -> int:
        if game.current_player(state) % 2:
            return rng.choice(game.legal_actions(state))
        action = bot.choose(game, state)
        assert action in game.legal_actions(state)
        return action

    for _ in decisions(game, game.initial_state(seed=2), choose):
        pass


def test_the_bot_never_looks_at_hidden_cards() -> None:
    game = load_game("belote")
    rng = random.Random(0)
    checked = 0
    for state in decisions(
        game, game.initial_state(seed=7), lambda s: rng.choice(game.legal_actions(s))
    ):
        player = game.current_player(state)
        view = bot_view(game, state)
        for _ in range(2):
            other = game.resample(state, player, rng)
            assert bot_view(game, other) == view
            checked += 1
    assert checked > 20


def test_inferences_are_written_into_the_view() -> None:
    game = load_game("belote")
    rng = random.Random(1)
    for state in decisions(
        game, game.initial_state(seed=1), lambda s: rng.choice(game.legal_actions(s))
    ):
        if state.trump is not None and sum(b.bit_count() for b in state.played) >= 12:
            break
    view, _ = apply(INFER, bot_view(game, state))
    gone = view["memo"]["gone"]
    assert sum(gone.values()) == sum(b.bit_count() for b in state.played)
    for card in view["memo"]["master"]:
        assert card in view["hand"]
    assert DECIDE.rules.rules[0].name == "decide"


def test_the_bot_beats_random_decisively() -> None:
    game = load_game("belote")
    bots = [make_bot("rules", game, seed=1), RandomBot(seed=2), make_bot("rules", game, seed=3),
            RandomBot(seed=4)]  # fmt: skip
    result = play_match(game, bots, games=40, seed=11)
    rules_bot = result.bots[0]
    assert rules_bot.ci_low > 0, rules_bot  # the whole 95 % interval above an even match


def test_a_decision_trace_is_golden() -> None:
    game = load_game("belote")
    state = game.initial_state(seed=5)
    rng = random.Random(5)
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            state = game.resolve_chance(state)[1]
            continue
        if state.trump is not None and len(state.tricks.trick) == 2:
            break
        state = game.step(state, rng.choice(game.legal_actions(state)))
    bot = RulesBot(seed=0, log=True)
    bot.choose(game, state)
    text = format_trace(bot.last_trace)
    assert bot.last_rule in text
    assert_golden(text + "\n", GOLDEN / "bot_decision.txt")
