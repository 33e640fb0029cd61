"""Combat and Recursive Combat: known answers, an independent reference, the Game face, the CLI."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pure_engine
from pure_engine.cli import main
from pure_engine.core import session as sess
from pure_engine.games import crab_combat as cc
from tests.crab_reference import combat, recursive_combat

EXAMPLE = "Player 1:\n9\n2\n6\n3\n1\n\nPlayer 2:\n5\n8\n4\n7\n10\n"
LOOP = "Player 1:\n43\n19\n\nPlayer 2:\n2\n29\n14\n"


def test_public_examples() -> None:
    d1, d2 = cc.parse_input(EXAMPLE)
    assert cc.solve(d1, d2, recursive=False).score == 306
    part2 = cc.solve(d1, d2, recursive=True)
    assert (part2.winner, part2.score) == (2, 291)
    loop1, loop2 = cc.parse_input(LOOP)
    assert cc.solve(loop1, loop2, recursive=True).winner == 1
    with pytest.raises(cc.CrabCycleError) as cycle:
        cc.solve(loop1, loop2, recursive=False)
    assert isinstance(cycle.value, pure_engine.CycleDetectedError)


@pytest.mark.parametrize(
    ("seed", "score", "rounds", "subgames"),
    [(0, 31301, 379_556, 3_150), (1, 33140, 7_598, 115), (3, 32737, 151_185, 2_048)],
)
def test_peers_table_without_shortcut(seed: int, score: int, rounds: int, subgames: int) -> None:
    """PEERS.md's figures: same winner, score, total rounds and sub-games when nothing is cut."""
    result = cc.solve(*cc.seeded_decks(seed), recursive=True, shortcut=False)
    assert (result.winner, result.score, result.total_rounds, result.subgames) == (
        1,
        score,
        rounds,
        subgames,
    )
    assert cc.solve(*cc.seeded_decks(seed), recursive=True).score == score


decks = st.permutations(list(range(1, 13))).flatmap(
    lambda cards: st.integers(1, len(cards) - 1).map(
        lambda cut: (tuple(cards[:cut]), tuple(cards[cut:]))
    )
)


@settings(max_examples=150)
@given(decks)
def test_solver_agrees_with_reference(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    d1, d2 = pair
    for shortcut in (True, False):
        result = cc.solve(d1, d2, recursive=True, shortcut=shortcut)
        assert (result.winner, result.score) == recursive_combat(d1, d2)
    try:
        plain = cc.solve(d1, d2, recursive=False)
    except cc.CrabCycleError as cycle:  # the reference would hang: check the certificate instead
        certificate = (cycle.round, cycle.repeats)
    else:
        assert (plain.winner, plain.score) == combat(d1, d2)
        return
    assert certificate[0] > certificate[1] >= 0


@settings(max_examples=40)
@given(decks)
def test_game_face_agrees_with_solver(pair: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    d1, d2 = pair
    game = pure_engine.load_game("crab_combat", deck1=d1, deck2=d2, recursive=True)
    s = game.initial_state()
    steps = 0
    while not game.is_terminal(s):
        s = game.play(s, cc.ROUND)
        steps += 1
    fast = cc.solve(d1, d2, recursive=True, shortcut=False)
    assert s.winner == fast.winner
    assert cc.score(s.deck1 if s.winner == 1 else s.deck2) == fast.score
    assert game.returns(s) == ((1.0, -1.0) if fast.winner == 1 else (-1.0, 1.0))


def test_game_face_ends_a_cycling_part1_as_a_draw_and_skips_trivially() -> None:
    game = pure_engine.load_game("crab_combat", deck1=(43, 19), deck2=(2, 29, 14), recursive=False)
    # every round is the only legal action: applied automatically
    played = sess.start(game, policy=sess.AutoPolicy(skip_trivial=True))
    assert game.is_terminal(played.state)
    assert played.state.winner == 0 and game.returns(played.state) == (0.0, 0.0)
    assert played.decisions == 0 and played.ticks > 0


def test_wide_decks_and_no_python_recursion() -> None:
    big = cc.seeded_decks(5, 1200)
    try:
        result = cc.solve(*big, recursive=False)
        assert result.winner in (1, 2)
    except cc.CrabCycleError:
        pass
    high, low = tuple(range(1200, 600, -1)), tuple(range(600, 0, -1))
    assert cc.solve(high, low, recursive=True).winner == 1
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(120)  # the solver nests sub-games on its own stack
    try:
        result = cc.solve(*cc.seeded_decks(2), recursive=True, shortcut=False)
    finally:
        sys.setrecursionlimit(limit)
    assert result.max_depth >= 5 and result.score == 33192


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Player 1:\n3\nx\n\nPlayer 2:\n1\n", "in.txt:3: expected a card"),
        ("Player 1:\n3\n\nPlayer 2:\n3\n", "in.txt:5: expected distinct cards, found 3 again"),
        ("Player 2:\n3\n", "in.txt:1: expected 'Player 1:'"),
        ("Player 1:\n3\n", "expected a 'Player 1:' and a 'Player 2:' block, found 1"),
        ("", "found 0 block"),
        ("Player 1:\n0\n\nPlayer 2:\n1\n", "in.txt:2: expected a card"),
    ],
)
def test_parse_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(pure_engine.ParseError, match=message):
        cc.parse_input(text, where="in.txt")


def test_cli_text_json_and_part(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "input.txt"
    path.write_text(EXAMPLE)
    assert main(["solve", "crab-combat", str(path)]) == 0
    out = capsys.readouterr().out
    assert "part 1: player 2 wins with score 306" in out
    assert "part 2: player 2 wins with score 291" in out
    assert main(["solve", "crab-combat", str(path), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["part1"]["score"] == 306 and answer["part2"]["winner"] == 2
    assert main(["solve", "crab-combat", str(path), "--part", "2", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)) == ["part2"]
    path.write_text(LOOP)
    assert main(["solve", "crab-combat", str(path), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["part1"]["cycle"] == {"round": 6, "repeats": 0}
    assert answer["part2"]["winner"] == 1


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("Player 1:\n1\nfoo\n", [], "input.txt:3: expected a card"),
        (None, [], "No such file"),
        (EXAMPLE, ["--deal", "3"], "--deal is a patience option"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    args: list[str],
    message: str,
) -> None:
    path = tmp_path / "input.txt"
    if content is not None:
        path.write_text(content)
    assert main(["solve", "crab-combat", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
