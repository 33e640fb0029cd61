"""The viewer's data and pages: every game draws every step from every seat, a seat's
scene depends on its observation only, bad input is one line, text is escaped."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pure_engine.cli import main
from pure_engine.core.game import Game
from pure_engine.core.gamerecord import dumps, make_record, save
from pure_engine.core.registry import load_game
from pure_engine.core.scene import Scene, scene_function
from pure_engine.view import ViewOptions, build_page, view_data
from tests.view_records import GAMES, HIDDEN, seeded_record


def _data(tmp_path: Path, name: str) -> dict[str, object]:
    path = tmp_path / f"{name}.json"
    save(seeded_record(name), path)
    return view_data(str(path))


@pytest.mark.parametrize("name", GAMES)
def test_a_record_has_one_step_per_move_and_a_scene_per_view(tmp_path: Path, name: str) -> None:
    data = _data(tmp_path, name)
    record = seeded_record(name)
    steps, moves = data["steps"], data["moves"]
    assert isinstance(steps, list) and isinstance(moves, list)
    assert len(steps) == len(record.actions) + 1 == len(moves) + 1
    assert all(len(views) == load_game(name).num_players + 1 for views in steps)
    assert {move[2].split(":")[0] for move in moves} <= {"chance", "forced", "choice"}


@pytest.mark.parametrize("name", HIDDEN)
def test_a_seat_scene_depends_only_on_what_the_seat_observes(name: str) -> None:
    """A resample keeps the seat's observation and changes what it cannot see: the seat's
    scene must not change (a renderer reading a hidden card would draw it)."""
    game = load_game(name)
    draw = scene_function(name)
    assert draw is not None
    rng = random.Random(5)
    state = game.initial_state(5)
    changed_truth = 0
    for _ in range(60):
        if game.is_terminal(state):
            break
        if game.is_chance_node(state):
            state = game.step(state, game.sample_chance(state, rng))
            continue
        for seat in range(game.num_players):
            other = game.resample(state, seat, rng)
            assert game.observation(other, seat) == game.observation(state, seat)
            assert draw(game, other, seat) == draw(game, state, seat)
            changed_truth += draw(game, other, None) != draw(game, state, None)
        legal = game.legal_actions(state)
        state = game.step(state, legal[rng.randrange(len(legal))])
    assert changed_truth > 0  # the check can fail: resampling does change the truth


def test_the_seat_check_catches_a_renderer_that_peeks() -> None:
    game = load_game("kuhn_poker")
    draw = scene_function("kuhn_poker")
    assert draw is not None

    def peek(game: Game[Any, Any], state: Any, seat: int | None) -> Scene:
        return draw(game, state, None)  # draws the truth for every seat

    state = game.step(game.step(game.initial_state(), 0), 1)
    others = [game.resample(state, 0, random.Random(seed)) for seed in range(10)]
    assert all(draw(game, other, 0) == draw(game, state, 0) for other in others)
    assert any(peek(game, other, 0) != peek(game, state, 0) for other in others)


def test_kuhn_seat_zero_sees_its_card_and_the_back_of_the_other() -> None:
    game = load_game("kuhn_poker")
    draw = scene_function("kuhn_poker")
    assert draw is not None
    state = game.step(game.step(game.initial_state(), 2), 0)  # K to player 0, J to player 1
    faces = [[card.face for card in zone.cards] for zone in draw(game, state, 0).zones]
    assert faces == [["K"], [""]]


def test_a_1000_move_record_page_is_under_2_mb(tmp_path: Path) -> None:
    game = load_game("crab_combat", cards=50)
    path = tmp_path / "long.json"
    save(make_record(game, [0] * 1000, seed=1), path)
    page = build_page(str(path))
    assert len(page.encode()) < 2_000_000
    assert page.count("<script") == 2  # the data block and the viewer's script, nothing else


def test_text_from_files_is_escaped(tmp_path: Path) -> None:
    """A deck file whose name holds a script tag: the record's parameters show it."""
    from pure_engine.games.magic_lite.decks import PRESETS

    deck = tmp_path / "<script src=x>.json"
    cards = dict(PRESETS["red_burn"])
    deck.write_text(json.dumps({"name": "<script>alert(1)</script>", "cards": cards}))
    game = load_game("magic_lite", deck0=str(deck))
    state, actions = game.initial_state(1), []
    for _ in range(5):
        action = game.legal_actions(state)[0]
        actions.append(action)
        state = game.step(state, action)
    path = tmp_path / "evil.json"
    save(make_record(game, actions, seed=1), path)
    page = build_page(str(path))
    assert "<script src=x>" not in page
    assert "\\u003cscript src=x>" in page
    assert page.count("<script") == 2


def test_a_crab_input_named_with_a_script_tag_is_escaped(tmp_path: Path) -> None:
    crab = tmp_path / "<script>deck.txt"
    crab.write_text("Player 1:\n9\n2\n6\n3\n1\n\nPlayer 2:\n5\n8\n4\n7\n10\n")
    page = build_page(str(crab))
    assert "<script>deck" not in page and page.count("<script") == 2


def _cli_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["view", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def _kuhn_record_where(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(dumps(seeded_record("kuhn_poker")))
    change(data)
    return json.dumps(data)


_BAD_FILES: dict[str, tuple[Callable[[], str], str]] = {
    # a test's name: (the file's text, what the one-line error says)
    "of_no_known_kind": (lambda: '{"hello": 1}', "expected a game record, a solver answer"),
    "truncated_record": (lambda: dumps(seeded_record("leduc_poker"))[:150], "truncated"),
    "record_of_an_unknown_game": (
        lambda: _kuhn_record_where(lambda d: d.update(game="<script>no_such_game</script>")),
        "registered game",
    ),
    "record_that_does_not_replay": (
        lambda: _kuhn_record_where(lambda d: d["final"].update(key_digest="0" * 16)),
        "digest",
    ),
    "patience_answer_without_its_deal": (lambda: '{"solved": true, "moves": []}', "--variant"),
}


@pytest.mark.parametrize("case", sorted(_BAD_FILES))
def test_a_bad_file_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    text, said = _BAD_FILES[case]
    path = tmp_path / f"{case}.json"
    path.write_text(text())
    err = _cli_error(capsys, str(path))
    assert said in err and str(path) in err


def test_view_writes_the_page_and_prints_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    save(seeded_record("belote"), path)
    assert main(["view", str(path)]) == 0
    written = capsys.readouterr().out.strip()
    assert written == str(tmp_path / "game.html")
    assert Path(written).read_text().startswith("<!DOCTYPE html>")


def test_a_patience_answer_animates_its_moves(tmp_path: Path) -> None:
    answer = tmp_path / "fc.json"
    moves = [{"from": "t1", "to": "c1"}, {"from": "t1", "to": "c2"}]
    answer.write_text(json.dumps({"solved": True, "moves": moves}))
    data = view_data(str(answer), ViewOptions(variant="freecell", deal=1))
    assert [move[1] for move in data["moves"]] == ["t1-c1", "t1-c2"]


def test_a_bridge_answer_scores_every_legal_card_in_the_ending(tmp_path: Path) -> None:
    answer = tmp_path / "dd.json"
    deal = "N:AK5.T.97. QJ9.J4.K. T86.AQ.A. 3.K65.QT."
    answer.write_text(json.dumps({"deal": deal, "table": {"NT": {"S": 5}}}))
    data = view_data(str(answer))
    values, line = data["values"], data["line"]
    assert isinstance(values, list) and isinstance(line, list)
    assert len(values) == len(line) + 1 == 25
    # the line plays a best card at every step: its value is the highest offered
    assert all(
        scores[card] == max(scores.values()) for scores, card in zip(values[:-1], line, strict=True)
    )
    # South declares NT and takes 5 tricks of 6 with the lead from West
    assert data["title"] == "bridge: NT by S, double dummy"
    assert values[0] and max(values[0].values()) == 1  # West's side takes 1


def test_a_lethal_answer_shows_its_policy_tree(tmp_path: Path) -> None:
    puzzle = Path(__file__).parent / "golden" / "skirmish" / "missiles_only_probable.json"
    assert main(["solve", "skirmish-lethal", str(puzzle), "--json"]) == 1 or True
    answer = tmp_path / "lethal.json"
    from pure_engine.games.skirmish.lethal import solve_lethal
    from pure_engine.games.skirmish.puzzle import load_puzzle

    answer.write_text(json.dumps(solve_lethal(load_puzzle(str(puzzle))).to_json()))
    data = view_data(str(answer), ViewOptions(puzzle=str(puzzle)))
    tree = data["tree"]
    assert isinstance(tree, dict)
    assert tree["t"] == "policy: wins with probability 1/8"
    text = json.dumps(tree)
    assert text.count("chance: random 1: enemy_hero (p 1/2") >= 3


def test_play_record_and_dump_search_feed_the_viewer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, dump = tmp_path / "records", tmp_path / "tree.json"
    argv = ["play", "leduc_poker", "--bots", "mcts:simulations=50,random", "--games", "2"]
    assert main([*argv, "--record", str(folder), "--dump-search", str(dump)]) == 0
    capsys.readouterr()
    records = sorted(folder.glob("*.json"))
    assert [p.name for p in records] == ["leduc_poker-0.json", "leduc_poker-1.json"]
    assert main(["replay", "--quiet", str(records[0])]) == 0
    data = view_data(str(dump))
    tree = data["tree"]
    assert isinstance(tree, dict) and re.match(r"root \(n 50, v [-+]", tree["t"])
    assert {child["t"].split()[0] for child in tree["c"]} <= {"fold", "call", "raise"}


@pytest.mark.parametrize("bot", ["ismcts:simulations=40", "alphabeta"])
def test_every_search_kind_dumps_a_tree(tmp_path: Path, bot: str) -> None:
    dump = tmp_path / "tree.json"
    argv = ["play", "kuhn_poker", "--bots", f"{bot},random", "--games", "1"]
    assert main([*argv, "--dump-search", str(dump)]) == 0
    tree = view_data(str(dump))["tree"]
    assert isinstance(tree, dict) and tree["c"]


def test_dump_search_needs_a_search_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "kuhn_poker", "--bots", "random,random", "--games", "1"]
    assert main([*argv, "--dump-search", str(tmp_path / "t.json")]) == 2
    assert "needs an mcts, ismcts or alphabeta bot" in capsys.readouterr().err


def test_serve_rebuilds_the_page_on_every_request(tmp_path: Path) -> None:
    import threading
    import urllib.request

    from pure_engine.cli.view import make_server

    path = tmp_path / "growing.json"
    save(seeded_record("kuhn_poker", cap=2), path)
    server = make_server(str(path), ViewOptions(), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with urllib.request.urlopen(url) as answer:
            assert "2 moves" in answer.read().decode()
        save(seeded_record("kuhn_poker"), path)  # the record grew
        with urllib.request.urlopen(url) as answer:
            assert "2 moves" not in answer.read().decode()
    finally:
        server.shutdown()
        server.server_close()
