"""The kept fact "which hands hold an instant" (``MagicState.instants``, :mod:`.instants`).

Every transition that puts a card into a hand or takes one out keeps the fact; the priority
checks answer "cannot act" at instant timing from it, without reading the hands.  Two checks:
after any random play the fact equals a recount of the hands (and the check fails when a draw
forgets it), and random games played with the fact are the games played with every check
reading the hands (the fact at ``0b11`` before each decision), which fails when the fact is
wrong.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.games.magic_lite import engine, turn
from pure_engine.games.magic_lite import game as game_module
from pure_engine.games.magic_lite.game import resample
from pure_engine.games.magic_lite.instants import INSTANTS, counted
from pure_engine.games.magic_lite.priority import _CASTABLE, _INSTANT
from pure_engine.games.magic_lite.state import Act, Action, MagicState
from tests.test_magic_lite_draft import deck_pair
from tests.test_magic_lite_memos import _against_general

_PRESETS = (("green_stompy", "green_stompy"), ("green_stompy", "red_burn"))


def _fact_kept(tmp_path: Path, value: int, seed: int, skip: bool) -> int:
    """One random game of deck pair *value* (the presets, then random decks over the whole
    pool): the fact equals a recount in the deal, after every decision and in a resample of
    each player's view.  Returns the decisions made."""
    files = deck_pair(tmp_path, value, "instants", _PRESETS)
    game = load_game("magic_lite", deck0=files[0], deck1=files[1], skip_trivial=skip)
    choices = random.Random(seed)
    state = game.initial_state(seed=seed)
    decisions = 0
    while True:
        assert state.instants == counted(state.table), f"the fact is wrong after {decisions}"
        for player in (0, 1):
            seen = resample(state, player, random.Random(decisions))
            assert seen.instants == counted(seen.table), "a resample's fact is wrong"
        if game.current_player(state) < 0:
            return decisions
        legal = game.legal_actions(state)
        state = game.step(state, legal[choices.randrange(len(legal))])
        decisions += 1


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 40), st.integers(0, 1_000), st.booleans())
def test_the_kept_fact_equals_a_recount(
    tmp_path_factory: pytest.TempPathFactory, value: int, seed: int, skip: bool
) -> None:
    _fact_kept(tmp_path_factory.mktemp("decks"), value, seed, skip)


def test_the_recount_check_fails_when_a_draw_forgets_the_fact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the property can fail: draws (the draw step's, and a card's "draw a card") that keep
    # the fact as it was
    def forgot(state: MagicState, player: int, card: str) -> MagicState:
        return state

    monkeypatch.setattr(turn, "into_hand", forgot)
    monkeypatch.setattr(engine, "into_hand", forgot)
    with pytest.raises(AssertionError, match="the fact is wrong"):
        _games_kept(tmp_path, 10)


def _games_kept(tmp_path: Path, games: int) -> None:
    for seed in range(games):  # the green mirror: a Giant Growth is drawn in one of them
        _fact_kept(tmp_path, 0, seed, True)


def _answered(state: MagicState, action: Action) -> bool:
    return state.instants != 0b11 and (action.kind is Act.PASS or action.kind is Act.CAST)


def test_the_fact_plays_as_reading_the_hands(tmp_path: Path) -> None:
    # the green mirror (two Giant Growths a deck), green against burn, then random decks
    # over the whole pool (instants, abilities): the same lists and states as a game whose
    # checks read the hands at every decision
    met = _against_general(tmp_path, range(6), "fact", _PRESETS, {}, {}, 3, _answered, True)
    assert met > 200


def test_the_fact_check_fails_when_the_fact_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the comparison can fail: a deal that counts no instant in either hand (a player holding
    # a Giant Growth or a Lightning Bolt is taken for one who cannot act)
    monkeypatch.setattr(game_module, "counted", lambda table: 0)
    with pytest.raises(AssertionError, match="differ"):
        _against_general(tmp_path, range(2), "wrong", _PRESETS, {}, {}, 6, _answered, True)


def test_the_fact_counts_every_card_cast_at_instant_timing() -> None:
    """The fact's cards (``instants.INSTANTS``, by card type) are exactly the cards priority
    lists at instant timing (its table of castable cards): a card cast at instant speed that
    the fact did not count (a creature with flash, say) would make "cannot act" a lie."""
    at_instant_timing = {key for key, spell in _CASTABLE.items() if spell[0] == _INSTANT}
    assert at_instant_timing == INSTANTS
    assert {"giant_growth", "lightning_bolt"} <= INSTANTS
