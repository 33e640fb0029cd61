"""Every malformed invocation is one line on stderr and exit 2: never a traceback.

The table runs each command line in this process (``main(argv)``), so it
stays fast; each row fails before any long work starts.  Grow it whenever a
new way to get a traceback is found.  ``{bin}``, ``{deep}``... stand for the
files the ``files`` fixture writes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pure_engine.cli import main

BAD_NUMBERS = ("nan", "inf", "-inf", "1e308", "-1", "0", "x", "99999999999999999999", "")

# ----- the table: (argv, what the one line must contain) -----
TABLE: list[tuple[list[str], str]] = []


def _rows(prefix: list[str], option: str, values: tuple[str, ...], needle: str) -> None:
    TABLE.extend(([*prefix, option, value], needle) for value in values)


# top level
TABLE += [
    ([], "required: COMMAND"),
    (["nosuchcommand"], "invalid choice"),
    (["--nosuchoption"], "COMMAND"),
    (["-x"], "COMMAND"),
]
# numbers that are no numbers, not finite, or beyond any use
_rows(["bench", "kuhn_poker"], "--seconds", BAD_NUMBERS, "--seconds")
_rows(["bench", "kuhn_poker"], "--max-decisions", ("0", "-3", "nan", "1.5", "1e999"), "--max")
_rows(["bench", "kuhn_poker"], "--mcts", ("-1", "x", "1e3"), "--mcts")
_rows(["bench", "kuhn_poker"], "--seed", ("-1", "x", str(2**64)), "--seed")
_rows(["play", "kuhn_poker", "--bots", "random,random"], "--games", BAD_NUMBERS, "--games")
_rows(["play", "kuhn_poker", "--bots", "mcts,random"], "--simulations", ("0", "-1", "x"), "--sim")
_rows(["play", "kuhn_poker", "--bots", "random,random"], "--seed", ("-5", "one"), "--seed")
_rows(["play", "kuhn_poker", "--bots", "random,random"], "--progress", ("sometimes",), "--prog")
_rows(["solve", "freecell", "--deal", "1"], "--budget", BAD_NUMBERS, "--budget")
_rows(["solve", "freecell", "--deal", "1"], "--memory", ("nan", "0", "-1", "inf", "x"), "--memory")
_rows(["solve", "freecell"], "--deal", ("0", "-1", "x", "99999999999999999999"), "--deal")
_rows(["solve", "crab-combat", "{text}"], "--part", ("0", "3", "x"), "--part")
_rows(["demo"], "--seed", ("-1", "x", "nan"), "--seed")
_SOLVE_BATCH = ["batch", "solve", "freecell", "--deals", "1", "--out", "{out}"]
_rows(_SOLVE_BATCH, "--budget", ("nan", "inf", "0", "-2", "x"), "--budget")
_rows(_SOLVE_BATCH, "--workers", ("0", "-1", "x", "99999999999999999999"), "--workers")
_rows(_SOLVE_BATCH, "--scheduler-timeout", ("nan", "0", "-1"), "--scheduler-timeout")
_rows(_SOLVE_BATCH, "--progress", ("yes",), "--progress")
_PLAY_BATCH = ["batch", "play", "kuhn_poker", "--out", "{out}"]
_rows(_PLAY_BATCH, "--games", ("0", "x", "3-1", "1-", "-", "1-99999999999"), "--games")
_rows(["batch", "bench", "kuhn_poker", "--out", "{out}"], "--tasks", ("0", "x", "nan"), "--tasks")
_rows(
    ["batch", "bench", "kuhn_poker", "--tasks", "1", "--out", "{out}"],
    "--seconds",
    ("nan", "inf", "1e308", "0"),
    "--seconds",
)
_rows([*_SOLVE_BATCH[:3], "--out", "{out}"], "--deals", ("0", "x", "2-1", "1-2000000"), "--deals")

# --param values: typed as the game's factory declares them
TABLE += [
    (["play", "skirmish", "--bots", "random,random", "--param", "deck0=42"], "deck"),
    (["play", "magic_lite", "--bots", "random,random", "--param", "deck0=42"], "42"),
    (["bench", "skirmish", "--param", "deck0=42"], "deck"),
    (["bench", "magic_lite", "--param", "deck1=7", "--seconds", "0.1"], "7"),
    (
        ["batch", "bench", "magic_lite", "--tasks", "1", "--out", "{out}", "--param", "deck1=7"],
        "7",
    ),
    (["bench", "kuhn_poker", "--param", "players=many"], "--param players: expected an int"),
    (["bench", "kuhn_poker", "--param", "players=2.5"], "--param players"),
    (["bench", "kuhn_poker", "--param", "players=nan"], "--param players"),
    (["bench", "kuhn_poker", "--param", "players=99"], "players"),
    (["bench", "kuhn_poker", "--param", "player=2"], "--param player"),
    (["bench", "kuhn_poker", "--param", "players"], "KEY=VALUE"),
    (["bench", "kuhn_poker", "--param", "=2"], "KEY=VALUE"),
    (["bench", "kuhn_poker", "--param", "1x=2"], "KEY=VALUE"),
    (["bench", "coinche", "--param", "sa_ta=maybe"], "--param sa_ta"),
    (["bench", "belote", "--param", "target=-5"], "target"),
    (["bench", "belote", "--param", "max_deals=0"], "max_deals"),
    (["bench", "crab_combat", "--param", "deck1=a,b"], "--param deck1"),
    (["bench", "crab_combat", "--param", "cards=1e400"], "--param cards"),
    (["bench", "bridge_play", "--param", "deal=N:AK"], "deal"),
    (["bench", "bridge_play", "--param", "strain=Z"], "strain"),
    (["bench", "patience", "--param", "variant=nosuchvariant"], "nosuchvariant"),
    (["bench", "klondike", "--param", "variant=golf"], "--param variant"),
    (["bench", "golf", "--param", "deal=0,1"], "deal"),
    (["play", "fortunes-favor", "--bots", "random"], "not supported"),
]
# game names, your own factories, bots
TABLE += [
    (["play", "nogame", "--bots", "random"], "unknown game 'nogame'"),
    (["play", "kuhn", "--bots", "random,random"], "unknown game 'kuhn'"),
    (["play", "no_such_module:make_game", "--bots", "random"], "cannot import"),
    (["play", "json:no_such_factory", "--bots", "random"], "no_such_factory"),
    (["play", "json:dumps", "--bots", "random"], "takes the parameters"),
    (["play", "json:loads", "--bots", "random", "--param", "s=1"], "failed to build: TypeError"),
    (["play", "json:loads", "--bots", "random", "--param", "s={{}}"], "expected its factory"),
    (["play", "json:decoder", "--bots", "random"], "expected a callable"),
    (["play", "pure_engine.games:__all__", "--bots", "random"], "expected a callable"),
    (["bench", "no_such_module:make_game"], "cannot import"),
    (["check", "no_such_module:make_game"], "cannot import"),
    (["check", "nogame"], "unknown game"),
    (["check", "kuhn_poker", "--games", "0"], "--games"),
    (["check", "kuhn_poker", "--max-steps", "x"], "--max-steps"),
    (["check", "kuhn_poker", "--seed", "-1"], "--seed"),
    (["check", "kuhn_poker", "--param", "players=x"], "--param players"),
    (["play", "kuhn_poker"], "--bots"),
    (["play", "kuhn_poker", "--bots", "random"], "2 seats, --bots gave 1"),
    (["play", "kuhn_poker", "--bots", "random,random,random"], "--bots gave 3"),
    (["play", "kuhn_poker", "--bots", ""], "--bots gave 0"),
    (["play", "kuhn_poker", "--bots", ",,,"], "--bots gave 0"),
    (["play", "kuhn_poker", "--bots", "random,mtcs"], "unknown kind 'mtcs'"),
    (["play", "kuhn_poker", "--bots", "random,mcts:simulations=x"], "simulations"),
    (["play", "kuhn_poker", "--bots", "random,mcts:simulations=-1"], "simulations"),
    (["play", "kuhn_poker", "--bots", "random,mcts:nope=1"], "nope"),
    (
        ["play", "kuhn_poker", "--bots", "random,greedy:x=1"],
        "unknown option 'x' for greedy; expected one of heuristic, omniscient",
    ),
    (["play", "kuhn_poker", "--bots", "random,random", "--param", "x"], "expects KEY=VALUE"),
    (["play", "kuhn_poker", "--bots", "random,alphabeta:depth=x"], "depth"),
    (["play", "kuhn_poker", "--bots", "random,dd-pimc"], "dd-pimc"),
    (["play", "kuhn_poker", "--bots", "random,rules"], "rules"),
    (["play", "freecell", "--bots", "random,random"], "one-player game"),
    (["play", "golf", "--bots", "random,random"], "one-player game"),
    (["play", "golf", "--bots", "random", "--max-moves", "0"], "--max-moves"),
    (["play", "golf", "--bots", "random", "--max-moves", "x"], "--max-moves"),
    (["play", "kuhn_poker", "--bots", "random,random", "extra"], "unrecognized arguments"),
    (["bench"], "required: game"),
    (["bench", "nogame"], "unknown game"),
    (["bench", "kuhn_poker", "--mcts", "5", "--param", "players=1"], "players"),
]
# solve
TABLE += [
    (["solve"], "required: game"),
    (["solve", "freecell"], "exactly one of --deal"),
    (["solve", "freecell", "--deal", "1", "--deal-file", "{text}"], "exactly one of --deal"),
    (["solve", "klondyke", "--deal", "1"], "klondyke"),
    (["solve", "freecell", "--deal-file", "{missing}"], "missing.json"),
    (["solve", "freecell", "--deal-file", "{bin}"], "bin.dat"),
    (["solve", "freecell", "--deal-file", "{dir}"], "adir"),
    (["solve", "freecell", "--deal-file", "{empty}"], "empty"),
    (["solve", "freecell", "--deal-file", "{deep}"], "deep.json"),
    (["solve", "freecell", "--deal-file", "{text}"], "text.txt"),
    (["solve", "{missing}", "--deal", "1"], "missing.json"),
    (["solve", "{bin}", "--deal", "1"], "bin.dat"),
    (["solve", "{deep}", "--deal", "1"], "deep.json"),
    (["solve", "{empty}", "--deal", "1"], "empty"),
    (["solve", "crab-combat"], "needs an INPUT"),
    (["solve", "crab-combat", "{missing}"], "missing.json"),
    (["solve", "crab-combat", "{bin}"], "bin.dat"),
    (["solve", "crab-combat", "{empty}"], "empty"),
    (["solve", "crab-combat", "{dir}"], "adir"),
    (["solve", "crab-combat", "{text}", "--deal", "3"], "--deal"),
    (["solve", "bridge-dd"], "needs a DEAL"),
    (["solve", "bridge-dd", "N:AK"], "DEAL"),
    (["solve", "bridge-dd", "nonsense"], "DEAL"),
    (["solve", "bridge-dd", "--pbn-file", "{missing}"], "missing.json"),
    (["solve", "bridge-dd", "--pbn-file", "{bin}"], "bin.dat"),
    (["solve", "bridge-dd", "--pbn-file", "{empty}"], "found none"),
    (["solve", "bridge-dd", "--pbn-file", "{text}"], "text.txt"),
    (["solve", "bridge-dd", "x", "--strain", "Q"], "strain"),
    (["solve", "bridge-dd", "x", "--leader", "N"], "--leader needs --strain"),
    (["solve", "bridge-dd", "x", "--deal", "3"], "--deal is not a bridge-dd option"),
    (["solve", "skirmish-lethal"], "skirmish"),
    (["solve", "skirmish-lethal", "{missing}"], "missing.json"),
    (["solve", "skirmish-lethal", "{bin}"], "bin.dat"),
    (["solve", "skirmish-lethal", "{deep}"], "deep"),
    (["solve", "skirmish-lethal", "{empty}"], "empty"),
    (["solve", "skirmish-lethal", "{text}"], "text.txt"),
]
# replay, verify
TABLE += [
    (["replay"], "required: file"),
    (["replay", "{missing}"], "missing.json"),
    (["replay", "{bin}"], "bin.dat"),
    (["replay", "{empty}"], "empty"),
    (["replay", "{deep}"], "deep.json"),
    (["replay", "{text}"], "text.txt"),
    (["replay", "{dir}"], "adir"),
    (["replay", "{puzzle}"], "not a game record"),
    (["replay", "{list}"], "list.json"),
    (["verify", "freecell", "--deal", "1"], "required: SOLUTION"),
    (["verify", "freecell", "--deal", "1", "{missing}"], "missing.json"),
    (["verify", "freecell", "--deal", "1", "{bin}"], "bin.dat"),
    (["verify", "freecell", "--deal", "1", "{empty}"], "empty"),
    (["verify", "freecell", "--deal", "1", "{deep}"], "deep.json"),
    (["verify", "freecell", "--deal", "x", "{text}"], "--deal"),
    (["verify", "freecell", "--deal", "1", "--deal-file", "{text}", "{text}"], "not allowed"),
    (["verify", "nosuchvariant", "--deal", "1", "{list}"], "nosuchvariant"),
    (["verify", "skirmish-lethal", "{missing}", "{missing}"], "missing.json"),
]
# batch: outputs that are not ours, and what runs on them
TABLE += [
    (["batch"], "required: {solve,play,bench}"),
    (["batch", "solve", "freecell", "--deals", "1"], "--out"),
    (["batch", "solve", "freecell", "--out", "{out}"], "--deals"),
    (["batch", "solve", "freecell", "--deals", "1", "--out", "{bin}"], "bin.dat"),
    (["batch", "solve", "freecell", "--deals", "1", "--out", "{text}"], "text.txt"),
    (["batch", "solve", "freecell", "--deals", "1", "--out", "{dir}"], "adir"),
    (["batch", "solve", "nosuch", "--deals", "1", "--out", "{out}"], "nosuch"),
    (["batch", "play", "kuhn_poker", "--games", "1", "--out", "{bin}"], "bin.dat"),
    (["batch", "play", "nogame", "--games", "1", "--out", "{out}"], "unknown game"),
    (["batch", "play", "kuhn_poker", "--games", "1", "--out", "{out}", "--bots", "x"], "seats"),
    (["batch", "bench", "kuhn_poker", "--tasks", "1", "--out", "{bin}"], "bin.dat"),
    (
        [
            "batch",
            "bench",
            "kuhn_poker",
            "--tasks",
            "1",
            "--out",
            "{out}",
            "--dask",
            "--scheduler",
            "tcp://127.0.0.1:1",
        ],
        "either --dask or --scheduler",
    ),
]
# rules (its argparse level), demo, list
TABLE += [
    (["rules"], "required"),
    (["rules", "explain", "{text}"], "invalid choice"),
    (["rules", "trace", "{missing}"], "expected"),
    (["demo", "--record", "{text}"], "text.txt"),
    (["demo", "--record", "{missing_dir}"], "nodir"),
    (["demo", "extra"], "unrecognized arguments"),
    (["list", "extra"], "unrecognized arguments"),
    (["check"], "required: game"),
]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """The files the table's placeholders name."""
    paths = {
        "bin": tmp_path / "bin.dat",
        "deep": tmp_path / "deep.json",
        "empty": tmp_path / "empty.json",
        "text": tmp_path / "text.txt",
        "puzzle": tmp_path / "puzzle.json",
        "list": tmp_path / "list.json",
        "dir": tmp_path / "adir",
    }
    paths["bin"].write_bytes(bytes(range(256)) * 8)
    paths["deep"].write_text("[" * 100_000 + "]" * 100_000)
    paths["empty"].write_text("")
    paths["text"].write_text("hello\nthis is no input anyone expects\n")
    puzzle = {"comment": "a skirmish lethal puzzle", "you": {"hero": {"health": 30}}}
    paths["puzzle"].write_text(json.dumps(puzzle))
    paths["list"].write_text("[1, 2, 3]")
    paths["dir"].mkdir()
    names = {key: str(path) for key, path in paths.items()}
    names["missing"] = str(tmp_path / "missing.json")
    names["missing_dir"] = str(tmp_path / "nodir" / "x.json")
    names["out"] = str(tmp_path / "out.jsonl")
    return names


def test_the_table_is_large() -> None:
    assert len(TABLE) >= 150
    commands = {argv[0] for argv, _ in TABLE if argv}
    assert {"solve", "play", "bench", "batch", "replay", "verify", "demo", "check"} <= commands


@pytest.mark.parametrize(("argv", "needle"), TABLE, ids=[" ".join(a) or "-" for a, _ in TABLE])
def test_malformed_invocation_is_one_line_and_exit_2(
    argv: list[str], needle: str, files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    words = [word.format(**files) for word in argv]
    code = main(words)
    out, err = capsys.readouterr()
    assert code == 2, (code, out, err)
    assert out == "" and err.startswith("pure-engine"), (out, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err and needle in err, err
