"""``POST /solve`` of ``pure-engine view --serve``: a bridge position's trick values, checked
requests, one-line errors, a time bound; and what a served page may do that a file may not."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pure_engine.cli.view import make_server
from pure_engine.core.registry import load_game
from pure_engine.games.bridge.double_dummy.solver import score_cards
from pure_engine.games.playing_cards import card_str
from pure_engine.view import ViewOptions, build_page
from pure_engine.view.bridge_solve import card_values, position_of

DEAL = "N:AK5.T.97. QJ9.J4.K. T86.AQ.A. 3.K65.QT."
REQUEST: dict[str, Any] = {"deal": DEAL, "strain": "NT", "declarer": "S", "played": []}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    answer = tmp_path / "dd.json"
    answer.write_text(json.dumps({"deal": DEAL, "table": {"NT": {"S": 5}}}))
    running = make_server(str(answer), ViewOptions(dd_cards=0), 0, solve_seconds=60)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{running.server_address[1]}", running
    finally:
        running.shutdown()
        running.server_close()


def _post(
    url: str, body: bytes, path: str = "/solve", kind: str = "application/json"
) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url + path, data=body, method="POST")
    request.add_header("Content-Type", kind)
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _library_values(played: list[str]) -> dict[str, int]:
    game = load_game("bridge_play", deal=DEAL, strain="NT", declarer="S")
    state = game.initial_state()
    for face in played:
        state = game.step(state, {card_str(a): a for a in game.legal_actions(state)}[face])
    return card_values(state, score_cards(position_of(state)))


@pytest.mark.parametrize("played", [[], ["3S"], ["3S", "AS", "JS", "6S"], ["QD", "7D"]])
def test_solve_answers_the_library_s_values_of_the_position(
    server: tuple[str, Any], played: list[str]
) -> None:
    url, _ = server
    status, answer = _post(url, json.dumps({**REQUEST, "played": played}).encode())
    assert status == 200
    assert answer["values"] == _library_values(played)
    assert answer["values"]  # every legal card scored


def test_solve_of_a_finished_play_has_no_cards(server: tuple[str, Any]) -> None:
    url, _ = server
    game = load_game("bridge_play", deal=DEAL, strain="NT", declarer="S")
    state, played = game.initial_state(), []
    while not game.is_terminal(state):
        card = game.legal_actions(state)[0]
        played.append(card_str(card))
        state = game.step(state, card)
    status, answer = _post(url, json.dumps({**REQUEST, "played": played}).encode())
    assert (status, answer) == (200, {"values": {}, "to_move": ""})


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{not json", "solve request: expected a JSON object, found invalid JSON"),
        (b"[1, 2]", "solve request: expected a JSON object, found list"),
        (json.dumps({**REQUEST, "played": "3S"}).encode(), "$.played: expected a list, found str"),
        (json.dumps({"strain": "NT"}).encode(), "$.deal: expected a str, found nothing"),
        (json.dumps({**REQUEST, "strain": "X"}).encode(), "expected a strain C, D, H, S or NT"),
        (json.dumps({**REQUEST, "deal": "N:A... K..."}).encode(), "expected 4 hands"),
        (
            json.dumps({**REQUEST, "played": ["3S", "2C"]}).encode(),
            "$.played[1]: expected a legal card of N (AS, 5S, KS), found '2C'",
        ),
        (json.dumps({**REQUEST, "played": [7]}).encode(), "found '7'"),
    ],
)
def test_a_bad_request_is_400_with_one_line(
    server: tuple[str, Any], body: bytes, message: str
) -> None:
    url, _ = server
    status, answer = _post(url, body)
    assert status == 400
    assert message in answer["error"] and "\n" not in answer["error"]


def test_other_paths_types_and_huge_bodies_are_refused(server: tuple[str, Any]) -> None:
    url, _ = server
    assert _post(url, b"{}", path="/elsewhere")[0] == 404
    # a form post from another site's page (no CORS question asked) never reaches the solver
    status, answer = _post(url, json.dumps(REQUEST).encode(), kind="text/plain")
    assert status == 415 and answer["error"].startswith("expected Content-Type application/json")
    status, answer = _post(url, b" " * (64 * 1024 + 1))
    assert status == 413 and "at most 65536 bytes" in answer["error"]


def test_a_position_the_solver_cannot_finish_in_time_is_503(tmp_path: Path) -> None:
    answer = tmp_path / "dd.json"
    answer.write_text(json.dumps({"deal": DEAL, "table": {}}))
    running = make_server(str(answer), ViewOptions(), 0, solve_seconds=1e-9)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{running.server_address[1]}"
        status, reply = _post(url, json.dumps(REQUEST).encode())
    finally:
        running.shutdown()
        running.server_close()
    assert status == 503
    assert reply == {"error": "the double-dummy solver gave up after 1e-09 s"}


def test_only_a_served_page_may_talk_to_its_server(tmp_path: Path) -> None:
    answer = tmp_path / "dd.json"
    answer.write_text(json.dumps({"deal": DEAL, "table": {}}))
    written, served = build_page(str(answer)), build_page(str(answer), served=True)
    assert "connect-src" not in written and '"served":false' in written
    assert "connect-src 'self'" in served and '"served":true' in served


def test_the_served_page_is_the_page_with_the_server_flag(server: tuple[str, Any]) -> None:
    url, _ = server
    with urllib.request.urlopen(url + "/") as answer:
        page = answer.read().decode()
    assert '"served":true' in page and '"play":{"request":{"deal":' in page


def test_solve_seconds_is_checked_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pure_engine.cli import main

    answer = tmp_path / "dd.json"
    answer.write_text(json.dumps({"deal": DEAL, "table": {}}))
    assert main(["view", str(answer), "--serve", "--solve-seconds", "0"]) == 2
    err = capsys.readouterr().err
    assert "--solve-seconds must be in (0, 3600], found 0.0" in err and err.count("\n") == 1
