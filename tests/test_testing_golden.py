"""Golden playthroughs: stable text, a diff on mismatch, rewritten only on purpose."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import immutables
import pytest
from pyrsistent import pvector

from pure_engine.testing import GoldenMismatchError, assert_golden, playthrough, stable_repr
from pure_engine.testing.golden import REGEN_ENV
from tests import broken_toys, toys

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).parent.parent


def test_coin_guess_playthrough_matches_its_golden_file() -> None:
    assert_golden(playthrough(toys.make_game(), seed=3), GOLDEN / "coin_guess_seed3.txt")


def test_high_card_playthrough_matches_its_golden_file() -> None:
    assert_golden(playthrough(broken_toys.high_card(), seed=1), GOLDEN / "high_card_seed1.txt")


def test_playthrough_lists_what_each_step_offers() -> None:
    lines = playthrough(toys.make_game(), seed=3).splitlines()
    assert lines[0] == "# pure_engine playthrough: coin_guess"
    assert lines[1:4] == ["params: (none)", "seed: 3", "players: 2"]
    assert "chance outcomes: heads 1/2, tails 1/2" in lines
    assert "legal: heads tails" in lines and "legal: ack" in lines
    assert lines[-3:] == ["", "## end", "returns: (-1.0, 1.0)"]


def test_playthrough_stops_at_max_steps() -> None:
    text = playthrough(toys.make_game(), seed=3, max_steps=1)
    assert "## step 1" in text and "## step 2" not in text and "action: heads" in text


def test_playthrough_text_is_the_same_in_another_process() -> None:
    code = "from tests import toys; from pure_engine.testing import playthrough; "
    code += "print(playthrough(toys.make_game(), seed=3), end='')"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="12345")
    other = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert other == playthrough(toys.make_game(), seed=3)


def test_stable_repr_sorts_sets_and_maps() -> None:
    value = (frozenset({"b", "a"}), immutables.Map({2: "x", 1: "y"}), pvector([Fraction(1, 2)]))
    assert stable_repr(value) == "(frozenset({'a', 'b'}), {1: 'y', 2: 'x'}, pvector([1/2]))"
    assert stable_repr((1,)) == "(1,)"
    assert stable_repr(toys.CoinState(coin=1)) == (
        "CoinState(coin=1, guess=None, acked=False, rng=None)"
    )


def test_missing_golden_file_says_how_to_create_it(tmp_path: Path) -> None:
    with pytest.raises(GoldenMismatchError, match=r"is missing .*--regen-golden"):
        assert_golden("text\n", tmp_path / "absent.txt", regenerate=False)
    assert not (tmp_path / "absent.txt").exists()


def test_mismatch_shows_a_unified_diff_and_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("same\nold line\n", encoding="utf-8")
    with pytest.raises(GoldenMismatchError) as caught:
        assert_golden("same\nnew line\n", path)
    message = str(caught.value)
    assert "-old line" in message and "+new line" in message and " same" in message
    assert f"{REGEN_ENV}=1" in message
    assert path.read_text(encoding="utf-8") == "same\nold line\n"


def test_long_diffs_are_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("".join(f"{n}\n" for n in range(200)), encoding="utf-8")
    with pytest.raises(GoldenMismatchError, match=r"\.\.\. \(\d+ more lines\)"):
        assert_golden("".join(f"{n}!\n" for n in range(200)), path)


def test_regenerate_flag_rewrites_atomically(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "game.txt"
    assert_golden("first\n", path, regenerate=True)
    assert_golden("second\n", path, regenerate=True)
    assert path.read_text(encoding="utf-8") == "second\n"
    assert [p.name for p in path.parent.iterdir()] == ["game.txt"]  # no temp file left behind


def test_environment_switch_regenerates_and_an_explicit_false_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.txt"
    monkeypatch.setenv(REGEN_ENV, "1")
    assert_golden("from env\n", path)
    assert path.read_text(encoding="utf-8") == "from env\n"
    with pytest.raises(GoldenMismatchError):
        assert_golden("other\n", path, regenerate=False)
    monkeypatch.setenv(REGEN_ENV, "0")
    with pytest.raises(GoldenMismatchError):
        assert_golden("other\n", path)


def test_pytest_option_regen_golden_rewrites_only_when_given(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_g.py").write_text(
        textwrap.dedent(
            """
            from pathlib import Path
            from pure_engine.testing import assert_golden

            def test_golden(regen_golden):
                assert_golden("golden text\\n", Path(__file__).parent / "g.txt")
            """
        ),
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if k != REGEN_ENV}
    env["PYTHONPATH"] = str(ROOT)

    def run(*extra: str) -> int:
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        command += ["-p", "pure_engine.testing.pytest_plugin", *extra, str(tmp_path)]
        return subprocess.run(command, env=env, cwd=tmp_path, capture_output=True).returncode

    assert run() == 1  # missing file: fails, writes nothing
    assert not (tmp_path / "g.txt").exists()
    assert run("--regen-golden") == 0
    assert (tmp_path / "g.txt").read_text(encoding="utf-8") == "golden text\n"


def test_this_suite_has_the_regen_golden_option(request: pytest.FixtureRequest) -> None:
    # tests/conftest.py loads the plugin, so `pytest --regen-golden` rewrites this suite's files
    assert request.config.getoption("--regen-golden") is False
    assert request.getfixturevalue("regen_golden") is False
