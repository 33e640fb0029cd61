"""The kept fact "which battlefields may hold a permanent with damage or a one-turn buff"
(``MagicState.marked``, :mod:`.marked`).

Damage marked and one-turn buffs given set it, the turn change (which wears both battlefields
off) clears it, and the untap looks at a battlefield's damage and buffs only when its bit is
set.  Checks: after any random play the fact covers a recount of the battlefields (a bit may be
set for nothing, none may be missing) and the untap's changes are those it makes with every
bit set; each check fails when a site where damage is marked or a buff given forgets the fact.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.games.magic_lite import damage, marked, turn
from pure_engine.games.magic_lite.marked import counted, set_marked
from pure_engine.games.magic_lite.state import MagicState
from tests.test_magic_lite_draft import deck_pair

_PRESETS = (
    ("green_stompy", "green_stompy"),
    ("green_stompy", "red_burn"),
    ("red_sligh", "white_weenie"),
    ("dimir_fliers", "red_burn"),
)


def _played(decks: tuple[str, str], seed: int, skip: bool) -> Iterator[MagicState]:
    """The states of one random game of *decks* (seeded by *seed*): the deal's, then one after
    each decision."""
    game = load_game("magic_lite", deck0=decks[0], deck1=decks[1], skip_trivial=skip)
    choices = random.Random(seed)
    state = game.initial_state(seed=seed)
    yield state
    while game.current_player(state) >= 0:
        legal = game.legal_actions(state)
        state = game.step(state, legal[choices.randrange(len(legal))])
        yield state


def _check(state: MagicState, decisions: int) -> None:
    """After the deal and every decision the fact covers a recount, and the untap (the turn
    change's entities, worn off and untapped) is the untap with every bit set."""
    missing = counted(state.table) & ~state.marked
    assert not missing, f"the fact misses battlefield bits {missing} after {decisions}"
    every = set_marked(state, 0b11)
    untap = turn._next_turn_changes(None, state)
    assert untap == turn._next_turn_changes(None, every), f"the untaps differ after {decisions}"


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 40), st.integers(0, 1_000), st.booleans())
def test_the_kept_fact_covers_a_recount(
    tmp_path_factory: pytest.TempPathFactory, value: int, seed: int, skip: bool
) -> None:
    # the presets, then random decks over the whole pool (one-turn buffs, burn, deathtouch)
    decks = deck_pair(tmp_path_factory.mktemp("decks"), value, "marked", _PRESETS)
    for decisions, state in enumerate(_played(decks, seed, skip)):
        _check(state, decisions)


def test_the_presets_deal_damage_and_buffs_and_the_turn_change_clears_them(
    tmp_path: Path,
) -> None:
    # the presets' games set each bit and clear it again (the property is not met by a fact
    # stuck at 0b11), and a battlefield bit is set for nothing now and then (a damaged
    # creature that died)
    seen: set[tuple[int, int]] = set()
    for value in range(len(_PRESETS)):
        decks = deck_pair(tmp_path, value, "marked", _PRESETS)
        for seed in range(3):
            seen.update((s.marked, counted(s.table)) for s in _played(decks, seed, True))
    assert {m for m, _ in seen} == {0, 1, 2, 3}
    assert any(m != c for m, c in seen)


def test_the_recount_check_fails_when_damage_forgets_the_fact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the property can fail: damage (combat's and spells') marked without its bit
    monkeypatch.setattr(damage, "bit", lambda zone: 0)
    with pytest.raises(AssertionError, match="the fact misses"):
        _games_kept(tmp_path, 10)


def test_the_recount_check_fails_when_a_buff_forgets_the_fact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the property can fail: a one-turn buff (the green mirror's Giant Growths) given without
    # its bit
    monkeypatch.setattr(marked, "set_marked", lambda state, bits: state)
    with pytest.raises(AssertionError, match="the fact misses"):
        _games_kept(tmp_path, 20)


def test_the_untap_check_fails_when_the_fact_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the untap's comparison can fail: a recount said nothing is missing while the fact
    # missed a damaged battlefield (the untap then leaves the damage on it)
    monkeypatch.setattr(damage, "bit", lambda zone: 0)
    monkeypatch.setattr("tests.test_magic_lite_marked.counted", lambda table: 0)
    with pytest.raises(AssertionError, match="the untaps differ"):
        _games_kept(tmp_path, 10)


def _games_kept(tmp_path: Path, games: int) -> None:
    decks = deck_pair(tmp_path, 0, "marked", _PRESETS)
    for seed in range(games):  # the green mirror: combats with blocks, Giant Growths
        for decisions, state in enumerate(_played(decks, seed, True)):
            _check(state, decisions)
