"""The command line as a newcomer meets it: names, help, version, own games, bots that finish
patience, honest tables, one writer per batch output."""

from __future__ import annotations

import inspect
import io
import json
import os
import random
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any, Optional, Union

import pytest

from pure_engine.cli import main
from pure_engine.cli._game_args import parse_param
from pure_engine.cli._options import Progress
from pure_engine.cli._output_lock import OutputBusyError, hold_output
from pure_engine.cli._tables import MIN_BLOCKS
from pure_engine.core.registry import list_games, load_game

ROOT = Path(__file__).resolve().parents[1]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _help_in_a_fresh_process(*argv: str) -> str:
    """What ``main([*argv])`` prints in a fresh interpreter, then (the last line) the
    ``pure_engine.cli`` submodules it imported."""
    code = (
        f"import sys; from pure_engine.cli import main; main({list(argv)!r}); "
        "print(sorted(m for m in sys.modules if m.startswith('pure_engine.cli.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout


def test_help_imports_no_subcommand_module() -> None:
    stdout = _help_in_a_fresh_process("--help")
    assert stdout.splitlines()[-1] == "[]"
    for command in ("solve", "play", "check", "list", "batch", "bench", "replay", "demo"):
        assert f"    {command} " in stdout  # every subcommand says what it does


def test_help_of_one_subcommand_imports_only_that_one() -> None:
    loaded = _help_in_a_fresh_process("bench", "--help").splitlines()[-1]
    assert "pure_engine.cli.bench" in loaded and "pure_engine.cli.batch" not in loaded


def test_version_names_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--version")
    assert code == 0 and out.startswith("pure-engine 0.") and out.count("\n") == 1
    assert "compiled build: " in out or "pure Python build: " in out  # which build runs


def test_patience_presets_are_games_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert {"klondike", "golf", "black_hole", "freecell"} <= set(list_games())
    assert load_game("klondike").info.params_dict["variant"] == "klondike"
    assert load_game("golf", deal=3).info.params_dict == {
        "variant": "golf",
        "deal": 3,
        "seed": None,
    }
    code, out, _ = _run(capsys, "list")
    assert code == 0 and "klondike" in out and "kuhn_poker" in out and "mcts" in out


def test_list_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "list", "--json")
    listing = json.loads(out)
    assert code == 0 and listing["presets"]["klondike"] == {"variant": "klondike"}
    assert "kuhn_poker" in {row["name"] for row in listing["games"]}


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_finish_patience_with_a_verdict(bot: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "play", "klondike", "--bots", bot, "--games", "3", "--max-moves", "60"
    )
    assert code == 0
    lines = out.splitlines()
    assert "at most 60 moves a game" in lines[0]
    assert lines[1].split() == [
        "bot",
        "games",
        "solved",
        "stuck",
        "cap",
        "reached",
        "mean",
        "score",
        "ms/move",
    ]
    name, games, solved, stuck, capped = lines[2].split()[:5]
    assert (name, games) == (bot, "3") and int(solved) + int(stuck) + int(capped) == 3
    assert "wins" not in out and "draws" not in out


def test_one_player_json_has_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "golf", "--bots", "random", "--games", "4", "--max-moves", "5", "--json")
    code, out, _ = _run(capsys, *argv)
    answer = json.loads(out)
    assert code == 0 and answer["max_moves"] == 5 and sum(answer["verdicts"].values()) == 4


def test_a_capped_game_is_cap_reached_not_stuck(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "freecell", "--bots", "random", "--games", "2", "--max-moves", "1", "--json")
    _, out, _ = _run(capsys, *argv)
    assert json.loads(out)["verdicts"] == {"solved": 0, "stuck": 0, "cap reached": 2}


def test_move_progress_shows_on_stderr_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "freecell", "--bots", "random", "--games", "1", "--max-moves", "30")
    _, _, err = _run(capsys, *argv, "--progress", "always")
    assert "game 1/1:" in err and "moves" in err and "1/1 games" in err
    _, _, quiet = _run(capsys, *argv, "--progress", "always", "--quiet")
    assert quiet == ""


def test_partners_are_not_each_others_draws(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "belote", "--bots", "random,random,random,random", "--games", "4", "--json")
    code, out, _ = _run(capsys, *argv[:-1])
    assert code == 0 and "sides 0+2 vs 1+3" in out
    rows = [line.split() for line in out.splitlines()[2:6]]
    for row in rows:  # wins + draws + losses = games; partners share results
        wins, draws, losses = (int(v) for v in row[4:7])
        assert (wins + draws + losses == 4 and draws == 0) or wins + losses < 4
    assert rows[0][4:7] == rows[2][4:7]


def test_too_few_deals_print_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "play", "kuhn_poker", "--bots", "random,random", "--games", "4")
    assert "inf" not in out and f"it needs {MIN_BLOCKS}" in out
    _, many, _ = _run(capsys, "play", "kuhn_poker", "--bots", "random,random", "--games", "20")
    assert "n/a" not in many and "[" in many


def _write_own_game(folder: Path) -> None:
    (folder / "mygame.py").write_text(
        textwrap.dedent(
            """
            from pure_engine.testing.toys import make_coin_guess


            def make_game(*, rounds: int = 1):
                return make_coin_guess()
            """
        )
    )


def test_your_own_game_plays_benches_and_checks_by_module_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _write_own_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    code, out, _ = _run(
        capsys, "play", "mygame:make_game", "--bots", "random,random", "--games", "2"
    )
    assert code == 0 and "mygame:make_game: 2 games" in out
    code, out, _ = _run(
        capsys, "bench", "mygame:make_game", "--seconds", "0.05", "--param", "rounds=2"
    )
    assert code == 0 and "random games" in out
    code, out, err = _run(capsys, "check", "mygame:make_game", "--fast", "--games", "3")
    assert code == 0 and out.startswith("check_game(coin_guess): ") and "checks passed" in out, err
    code, _, err = _run(capsys, "bench", "mygame:make_game", "--param", "rounds=x")
    assert code == 2 and "--param rounds: expected an int" in err


def test_check_reports_a_finding_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "badgame.py").write_text(
        textwrap.dedent(
            """
            import dataclasses
            from pure_engine.testing.toys import make_coin_guess


            def make_game():
                game = make_coin_guess()
                return dataclasses.replace(game, returns=lambda state: (1.0, 1.0))
            """
        )
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    code, out, _ = _run(capsys, "check", "badgame:make_game", "--fast", "--games", "3")
    assert code == 1 and out.startswith("FAILED check_game(")


def test_typed_params_keep_deck_names_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "bench", "skirmish", "--param", "deck0=42", "--seconds", "0.05")
    assert code == 2 and "42" in err and err.count("\n") == 1
    argv = ("bench", "crab_combat", "--param", "deck1=9,2,6", "--param", "deck2=5,8,4")
    code, _out, err = _run(capsys, *argv, "--seconds", "0.05")
    assert code == 0, err


def test_a_second_batch_on_the_same_output_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    script = (
        "import sys; from pure_engine.cli._output_lock import hold_output\n"
        f"with hold_output({str(out)!r}):\n"
        "    print('held', flush=True); sys.stdin.readline()"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    ) as holder:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "held"
        busy = r"out\.jsonl is being written by a running batch \(pid \d+"
        with pytest.raises(OutputBusyError, match=busy), hold_output(str(out)):
            pass
        argv = ["batch", "solve", "freecell", "--deals", "1", "--out", str(out)]
        assert main(argv) == 2
        assert not out.exists()  # nothing written, not even a resumed line
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=60)
    assert not Path(str(out) + ".lock").exists()


def test_a_stale_lock_is_taken_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    script = (
        "import os, signal; from pure_engine.cli._output_lock import hold_output\n"
        f"with hold_output({str(out)!r}):\n"
        "    os.kill(os.getpid(), signal.SIGKILL)"
    )
    with subprocess.Popen([sys.executable, "-c", script], cwd=ROOT) as killed:
        assert killed.wait(timeout=60) == -9
    assert Path(str(out) + ".lock").read_text().startswith("pid ")
    argv = ["batch", "play", "kuhn_poker", "--games", "1-2", "--out", str(out)]
    assert main(argv) == 0
    _, err = capsys.readouterr()
    assert "taking over the stale lock" in err and f"pid {killed.pid}" in err
    assert len(out.read_text().splitlines()) == 2
    assert not os.path.exists(str(out) + ".lock")


def test_a_long_job_ticks_on_stderr_and_clears_its_line() -> None:
    stream = io.StringIO()
    progress = Progress(enabled=True, stream=stream)
    asked = threading.Event()

    def status() -> str:
        asked.set()
        return "solving deal 7"

    with progress.ticking(status, after=0.0):
        assert asked.wait(timeout=30)  # the helper thread drew the line while the body ran
    assert "\rsolving deal 7" in stream.getvalue()
    progress.clear()
    assert stream.getvalue().endswith("\r")


def test_a_disabled_progress_never_starts_a_thread() -> None:
    stream = io.StringIO()
    progress = Progress(enabled=False, stream=stream)
    before = threading.active_count()
    with progress.ticking(lambda: "x", after=0.0):
        assert threading.active_count() == before
    progress.bar(1, 2, "games")
    assert stream.getvalue() == ""


def test_skirmish_moves_read_in_words_and_the_notation_is_unchanged() -> None:
    from pure_engine.core.registry import action_in_words
    from pure_engine.games.skirmish.actions import ATTACK

    game = load_game("skirmish", deck0="warrior_basic", deck1="priest_basic")
    state, rng = game.initial_state(seed=3), random.Random(0)
    attacks: list[Any] = []
    while not attacks and not game.is_terminal(state):  # play until a minion may attack
        if game.current_player(state) < 0:
            state = game.step(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        attacks = [
            a for a in legal if a.kind == ATTACK and "hero ->" not in game.action_to_str(state, a)
        ]
        if not attacks:
            state = game.step(state, legal[0])
    assert attacks, "this seeded game has a minion attack"
    words = action_in_words(game, state, attacks[0])
    text = game.action_to_str(state, attacks[0])
    assert " attacks " in words and words[0].isupper() and "->" not in words, words
    assert text.startswith("attack ") and game.parse_action(state, text) == attacks[0]


class _ClosedPipe(io.StringIO):
    """A stdout whose reader went away (``pure-engine list | head -1``)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    code = main(["list"])
    assert code == 141 and capsys.readouterr().err == ""


def test_an_internal_error_is_one_line_naming_it_a_bug(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pure_engine.cli.listing as listing

    def broken(args: object) -> int:
        raise KeyError("oops")

    monkeypatch.setattr(listing, "run", broken)
    monkeypatch.delenv("PURE_ENGINE_TRACEBACK", raising=False)
    assert main(["list"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: KeyError" in err and "a bug" in err


def test_batch_play_finishes_patience_with_verdicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "klondike.jsonl"
    argv = ["batch", "play", "golf", "--games", "1-4", "--bots", "random", "--max-moves", "3"]
    assert main([*argv, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "at most 3 moves a game" in printed and "cap reached" in printed
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["max_moves"] for row in rows] == [3] * 4
    assert all(row["capped"] == (row["length"] == 3) for row in rows)


@pytest.mark.parametrize(
    ("annotation", "text", "value"),
    [
        (int, "3", 3),
        ("int | None", "none", None),
        (Optional[int], "7", 7),  # noqa: UP045 - a user's factory may still write Optional
        (Union[int, str], "deck", "deck"),  # noqa: UP007 - likewise Union
        (tuple[int, ...], "9,2,6", (9, 2, 6)),
        ("Sequence[int] | None", "1", (1,)),
        (bool, "true", True),
        ("str | Deck", "42", "42"),
        (inspect.Parameter.empty, "0.5", 0.5),
    ],
)
def test_param_values_follow_the_declared_type(annotation: Any, text: str, value: Any) -> None:
    parameter = inspect.Parameter("x", inspect.Parameter.KEYWORD_ONLY, annotation=annotation)
    assert parse_param("x", text, parameter) == value


@pytest.mark.parametrize(("annotation", "text"), [(int, "2.5"), (bool, "yes"), (float, "inf")])
def test_param_values_of_the_wrong_type_are_refused(annotation: Any, text: str) -> None:
    parameter = inspect.Parameter("x", inspect.Parameter.KEYWORD_ONLY, annotation=annotation)
    with pytest.raises(ValueError, match="--param x: expected"):
        parse_param("x", text, parameter)
