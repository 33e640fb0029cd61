"""The Game protocol's derived calls, sessions with automatic actions, and records."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from pure_engine import IllegalActionError, RecordError, UnknownGameError, load_game
from pure_engine.core import gamerecord
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.core.session import AutoPolicy, act, start
from tests import toys

GAME = toys.make_game()


def test_play_refuses_illegal_action_and_names_legal_ones() -> None:
    state = GAME.step(GAME.initial_state(), 0)
    with pytest.raises(IllegalActionError, match=r"illegal action 'ack'; legal: heads, tails"):
        GAME.play(state, 2)
    assert state == toys.CoinState(coin=0)


def test_play_at_chance_accepts_listed_outcomes_only() -> None:
    state = GAME.initial_state()
    assert GAME.play(state, 1).coin == 1
    with pytest.raises(IllegalActionError):
        GAME.play(state, 7)


def test_play_after_end_is_refused() -> None:
    state = GAME.initial_state()
    for action in (0, 0, 2):
        state = GAME.play(state, action)
    assert GAME.is_terminal(state)
    with pytest.raises(IllegalActionError, match="game is over"):
        GAME.play(state, 2)


def test_sample_chance_uses_explicit_rng_only() -> None:
    state = GAME.initial_state()
    draws = [GAME.sample_chance(state, random.Random(s)) for s in range(200)]
    assert set(draws) == {0, 1}
    assert draws == [GAME.sample_chance(state, random.Random(s)) for s in range(200)]


def test_resolve_chance_needs_a_seeded_state() -> None:
    with pytest.raises(ValueError, match="carries no rng"):
        GAME.resolve_chance(GAME.initial_state())
    action, after = GAME.resolve_chance(GAME.initial_state(4))
    assert after.coin == action and after.rng is not None and after.rng.counter == 1


def test_session_logs_chance_and_forced_actions_with_provenance() -> None:
    session = start(GAME, seed=11, policy=AutoPolicy(skip_trivial=True))
    assert [e.auto for e in session.log] == ["chance"]
    assert GAME.current_player(session.state) == 0
    session = act(GAME, session, 1)
    assert [(e.player, e.auto) for e in session.log] == [
        (CHANCE, "chance"),
        (0, None),
        (1, "forced"),
    ]
    assert GAME.current_player(session.state) == TERMINAL
    assert (session.ticks, session.decisions) == (2, 1)


def test_skip_trivial_is_per_player() -> None:
    session = start(GAME, seed=11, policy=AutoPolicy(skip_trivial=True, players=frozenset({0})))
    session = act(GAME, session, 1)
    assert GAME.current_player(session.state) == 1  # seat 1 decides its single option itself


def test_unseeded_session_waits_at_chance() -> None:
    session = start(GAME)
    assert GAME.current_player(session.state) == CHANCE and session.ticks == 0
    session = act(GAME, session, 0)
    assert session.decisions == 0 and session.log[-1].auto is None


def test_record_round_trip_through_a_file(tmp_path: Path) -> None:
    session = act(GAME, start(GAME, seed=3, policy=AutoPolicy(skip_trivial=True)), 0)
    record = gamerecord.record_session(GAME, session)
    path = tmp_path / "game.json"
    gamerecord.save(record, path)
    loaded = gamerecord.load(path)
    assert loaded == record
    game, state = gamerecord.replay(loaded)
    assert state == session.state and game.name == "coin_guess"


def _saved(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    record = gamerecord.make_record(GAME, [1, 0, 2], seed=None)
    path = tmp_path / "r.json"
    gamerecord.save(record, path)
    return path, json.loads(path.read_text())


def test_tampered_action_is_named_by_index(tmp_path: Path) -> None:
    path, data = _saved(tmp_path)
    data["actions"][2]["action"] = "heads"  # type: ignore[index]  # JSON data under test
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=r"action 2 \('heads'\): illegal action"):
        gamerecord.replay(gamerecord.load(path))


def test_tampered_digest_is_rejected(tmp_path: Path) -> None:
    path, data = _saved(tmp_path)
    data["final"]["key_digest"] = "0" * 16  # type: ignore[index]  # JSON data under test
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="does not match"):
        gamerecord.replay(gamerecord.load(path))


def test_truncated_record_names_the_byte(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    path.write_text(path.read_text()[:50])
    with pytest.raises(RecordError, match=r"byte \d+: truncated"):
        gamerecord.load(path)


def test_unknown_key_and_wrong_type_name_the_json_path(tmp_path: Path) -> None:
    path, data = _saved(tmp_path)
    path.write_text(json.dumps({**data, "extra": 1}))
    with pytest.raises(RecordError, match=r"\$: unknown key 'extra'"):
        gamerecord.load(path)
    data["actions"][0]["player"] = True  # type: ignore[index]  # JSON data under test
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=r"actions\[0\]"):
        gamerecord.load(path)


def test_failed_save_leaves_existing_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = _saved(tmp_path)
    before = path.read_text()

    def boom(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="disk full"):
        gamerecord.save(gamerecord.make_record(GAME, [0]), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'nope'"):
        load_game("nope")
