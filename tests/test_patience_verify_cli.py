"""The verifier from the command line, against live fc-solve, in FreeCell notation, and over
random legal play of every preset and rule file."""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pure_engine.cli as cli
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.patience.deals import (
    Deal,
    deal_cards,
    deal_to_json,
    fcs_board,
    ms_deal,
    numbered_deal,
    parse_fcs_board,
    random_deal,
)
from pure_engine.games.patience.moves import (
    CELLS,
    FOUNDATIONS,
    HOLE,
    PILES,
    RESERVES,
    STOCK,
    WASTE,
    Location,
    Move,
    Place,
    fc_notation,
    moves_from_json,
    moves_to_json,
    parse_fc_notation,
    parse_location,
    parse_move,
)
from pure_engine.games.patience.spec import load_variant, preset_names, variant_from_json
from pure_engine.games.patience.verify import VerifyResult, describe, position, verify
from pure_engine.games.patience.verify_table import IllegalMove, VerifyTable
from pure_engine.games.playing_cards import card_str
from tests.patience_cases import CELL_SOLUTIONS, GOLDEN, golden_case, golf_by_hand


# ------------------------------------------------------------------------ CLI
@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> object:
    only_verify = tuple(c for c in cli._COMMANDS if c[0] == "verify")
    monkeypatch.setattr(cli, "_COMMANDS", only_verify)
    return cli.main


def _write(path: Path, moves: tuple[Move, ...] | list[Move]) -> str:
    path.write_text(json.dumps({"solved": True, "moves": moves_to_json(moves)}))
    return str(path)


def _golf_deal_file(folder: Path) -> tuple[Deal, tuple[Move, ...], str]:
    """:func:`golf_by_hand`'s deal written to a deal file in *folder*: the deal, the moves
    that win it and the file's path."""
    deal, moves = golf_by_hand()
    path = folder / "golf.json"
    path.write_text(deal_to_json(deal))
    return deal, moves, str(path)


def test_cli_ok(run_cli: object, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "freecell-1.solution.json")
    assert run_cli(["verify", "freecell", "--deal", "1", path]) == 0  # type: ignore[operator]  # fixture returns main
    assert capsys.readouterr().out == "ok: 127 moves, game won\n"


def test_cli_deal_file_and_json(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, moves, deal_file = _golf_deal_file(tmp_path)
    solution = _write(tmp_path / "sol.json", moves)
    code = run_cli(["verify", "golf", "--deal-file", deal_file, solution, "--json"])  # type: ignore[operator]  # main
    assert code == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict == {
        "ok": True,
        "won": True,
        "first_bad": None,
        "reason": "",
        "moves": 51,
        "message": "ok: 51 moves, game won",
    }


def test_cli_tampered_solution_exits_1_naming_the_move(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, _, moves = golden_case(GOLDEN / "freecell-1.solution.json")
    bad = list(moves)
    bad[10] = bad[10].replace(count=bad[10].count + 1)
    solution = _write(tmp_path / "bad.json", bad)
    assert run_cli(["verify", "freecell", "--deal", "1", solution]) == 1  # type: ignore[operator]  # main
    out = capsys.readouterr().out
    assert out.startswith(f"move 11 of 127 ({bad[10].src}->{bad[10].dst} x{bad[10].count}): ")


def test_cli_unfinished_exits_1(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    solution = _write(tmp_path / "short.json", [parse_move("t1-c1")])
    assert run_cli(["verify", "freecell", "--deal", "1", solution]) == 1  # type: ignore[operator]  # main
    assert "52 cards left in play" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "bad.json:1: not valid JSON"),
        ('{"solved": true}', 'bad.json: expected a "moves" list'),
        (
            '{"moves": [{"from": "t1", "to": "x9"}]}',
            'bad.json: $["moves"]: $[0]["to"]: expected a location',
        ),
        (
            '{"moves": [{"from": "t1", "to": "f", "count": "1"}]}',
            "expected a count >= 1, found '1'",
        ),
        ('[{"from": "t1", "to": "f", "cards": 1}]', "unknown key 'cards'"),
        ("[3]", "expected a move object, found 3"),
    ],
)
def test_cli_bad_solution_file_is_one_line_exit_2(
    run_cli: object,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    content: str,
    message: str,
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert run_cli(["verify", "freecell", "--deal", "1", str(path)]) == 2  # type: ignore[operator]  # main
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_cli_bad_inputs_exit_2(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    solution = str(GOLDEN / "freecell-1.solution.json")
    bad_deal = tmp_path / "deal.json"
    bad_deal.write_text('{"tableau piles": [["AS", "AS"]]}')
    bad_rules = tmp_path / "rules.json"
    bad_rules.write_text('{"cells": {"count": "four"}}')
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x89PNG\r\n")
    cases = [
        (["freecell", "--deal", "1", str(tmp_path / "missing.json")], "No such file"),
        (["freecel", "--deal", "1", solution], "expected a preset name or a rule JSON file"),
        ([str(bad_rules), "--deal", "1", solution], '$["cells"]["count"]: expected an integer'),
        (["freecell", "--deal-file", str(bad_deal), solution], "expected 8 tableau piles"),
        (["freecell", "--deal-file", str(tmp_path / "nope.txt"), solution], "No such file"),
        (["freecell", "--deal", "0", solution], "expected a Microsoft deal number"),
        (["freecell", "--deal", "1", str(binary)], "binary.json: expected UTF-8 text"),
        ([str(binary), "--deal", "1", solution], "binary.json: expected UTF-8 text"),
        (["freecell", "--deal-file", str(binary), solution], "binary.json: expected UTF-8 text"),
        (["freecell", "--deal-file", str(tmp_path), solution], "Is a directory"),
    ]
    for argv, message in cases:
        assert run_cli(["verify", *argv]) == 2, argv  # type: ignore[operator]  # main
        err = capsys.readouterr().err
        assert err.startswith("pure-engine verify: error: ") and message in err, err
        assert err.count("\n") == 1


_LOCATIONS = st.sampled_from(
    [
        "t1",
        "t2",
        "t5",
        "t8",
        "t9",
        "c1",
        "c4",
        "c5",
        "f",
        "f1",
        "f9",
        "h",
        "s",
        "w",
        "r1",
    ]
).map(parse_location) | st.sampled_from(  # hand-built, with no name that parses back
    [
        Location(Place.PILE),
        Location(Place.CELL, -5),
        Location(Place.HOLE, 2),
        Location(Place.WASTE, 0),
    ]
)


@given(
    st.sampled_from(["freecell", "seahaven-towers", "black-hole", "golf", "flower-garden"]),
    st.integers(1, 1000),
    st.lists(st.builds(Move, _LOCATIONS, _LOCATIONS, st.integers(-1, 14)), max_size=30),
)
def test_random_moves_never_crash_and_prefixes_agree(
    name: str, number: int, moves: list[Move]
) -> None:
    variant = load_variant(name)
    deal = numbered_deal(variant, number)
    result = verify(variant, deal, moves)
    assert isinstance(result, VerifyResult)
    if result.first_bad is not None:
        assert 0 <= result.first_bad < len(moves) and not result.ok and result.reason
        legal_prefix = verify(variant, deal, moves[: result.first_bad])
        assert legal_prefix.ok
        assert verify(variant, deal, moves[: result.first_bad + 1]) == result
    else:
        assert result.ok


def _regenerate_module() -> object:
    spec = importlib.util.spec_from_file_location("regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve not installed")
@pytest.mark.parametrize(
    ("name", "game"),
    [
        ("freecell", "freecell"),
        ("bakers-game", "bakers_game"),
        ("seahaven-towers", "seahaven_towers"),
        ("eight-off", "eight_off"),
        ("forecell", "forecell"),
    ],
)
def test_live_fc_solve_solutions_verify(name: str, game: str) -> None:
    # differential: Freecell Solver's solutions for fresh deals, checked by our verifier
    # (a wider one-off run: 336 of 336 fc-solve solutions on 361 deals verified)
    fcs_moves = _regenerate_module().fcs_moves  # type: ignore[attr-defined]  # loaded from a file
    variant = load_variant(name)
    checked = 0
    for number in range(500, 512):
        deal = numbered_deal(variant, number)
        try:
            raw = fcs_moves(fcs_board(deal), game)
        except SystemExit:  # fc-solve gave up on this deal
            continue
        moves = moves_from_json([{k: v for k, v in m.items() if k != "fcs"} for m in raw])
        result = verify(variant, deal, moves)
        assert result == VerifyResult(True, True), (number, describe(result, moves))
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("path", CELL_SOLUTIONS, ids=lambda p: p.stem)
def test_freecell_notation_matches_fc_solves(path: Path) -> None:
    _, _, moves = golden_case(path)
    tokens = json.loads(path.read_text())["fcs_notation"].split()
    assert [fc_notation(m) for m in moves] == tokens
    assert [parse_fc_notation(t) for t in tokens] == [m.replace(count=1) for m in moves]


def test_moves_json_round_trip_and_notation_errors() -> None:
    moves = (parse_move("t10-c8"), parse_move("w-f"), parse_move("t1-t2x5"), parse_move("r3-h"))
    assert moves_from_json(json.loads(json.dumps(moves_to_json(moves)))) == moves
    with pytest.raises(
        ParseError, match=r"^move: expected a FreeCell move like '3a' or '4h', found '3j'$"
    ):
        parse_fc_notation("3j")
    with pytest.raises(ValueError, match="no FreeCell notation for location 'w'"):
        fc_notation(parse_move("w-f"))
    with pytest.raises(ParseError, match=r"expected a list of moves, found dict"):
        moves_from_json({"from": "t1"}, "s.json")
    with pytest.raises(ParseError, match=r"s\.json: \$\[0\]: missing key 'to'"):
        moves_from_json([{"from": "t1"}], "s.json")
    with pytest.raises(ParseError, match=r"expected a count >= 1, found True"):
        moves_from_json([{"from": "t1", "to": "f", "count": True}], "s.json")


def test_cli_show_prints_the_table_before_the_bad_move(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    solution = _write(tmp_path / "s.json", [parse_move("t6-c2"), parse_move("t6-f")])
    assert run_cli(["verify", "freecell", "--deal", "1", solution, "--show"]) == 1  # type: ignore[operator]  # main
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0] == "move 2 of 2 (t6->f x1): 2C cannot start the clubs foundation (it starts with A)"
    )
    assert out[1] == "Freecells: - 3D - -"
    assert out[7] == "7H QC AS AC 2C"
    board = "\n".join(out[1:]) + "\n"
    assert parse_fcs_board(board, load_variant("freecell")) == position(
        load_variant("freecell"), ms_deal(1), [parse_move("t6-c2")]
    )


def test_cli_show_json_for_hole_games(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal, moves, deal_file = _golf_deal_file(tmp_path)
    solution = _write(tmp_path / "s.json", moves[:3])
    code = run_cli(["verify", "golf", "--deal-file", deal_file, solution, "--show", "--json"])  # type: ignore[operator]  # main
    assert code == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["won"] is False and verdict["first_bad"] is None
    assert moves[2] == parse_move("t3-h")
    assert verdict["position"]["hole"] == card_str(deal.piles[2][-1])  # the third card played
    assert verdict["position"]["tableau piles"][2] == [card_str(c) for c in deal.piles[2][:-1]]


def test_position_raises_at_an_illegal_move() -> None:
    with pytest.raises(IllegalActionError, match=r"^move 2 \(t1->c1 x1\): c1 already holds 6S$"):
        position(load_variant("freecell"), ms_deal(1), [parse_move("t1-c1"), parse_move("t1-c1")])


def test_cli_reads_the_solution_from_stdin(
    run_cli: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (GOLDEN / "golf-handmade.moves.json").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    deal_file = str(GOLDEN / "golf-handmade.deal.json")
    assert run_cli(["verify", "golf", "--deal-file", deal_file, "-"]) == 0  # type: ignore[operator]  # main
    assert capsys.readouterr().out == "ok: 51 moves, game won\n"


# ------------------------------------------------------ random legal play
def _candidates(table: VerifyTable) -> list[Move]:
    variant = table.v
    piles = PILES[: len(table.piles)]
    cells = CELLS[: len(table.cells)]
    reserve = RESERVES[: len(table.reserve)]
    founds = [Location(Place.FOUNDATION, i) for i in range(len(table.founds))]
    targets = [*piles, *cells, FOUNDATIONS, HOLE, WASTE, STOCK]
    out: list[Move] = []
    for src in [*piles, *cells, *reserve, *founds, WASTE, STOCK]:
        for dst in targets:
            counts = [1]
            if src.kind is Place.PILE and dst.kind is Place.PILE:
                counts = list(range(1, len(table.piles[src.index]) + 1))
            if src == STOCK and dst == WASTE:
                counts = [min(variant.stock_deal_count, len(table.stock)) or 1]
            if src == WASTE and dst == STOCK:
                counts = [len(table.waste) or 1]
            out.extend(Move(src, dst, n) for n in counts)
    return out


def _legal(table: VerifyTable, move: Move) -> bool:
    trial = copy.deepcopy(table)
    try:
        trial.apply(move)
    except IllegalMove:
        return False
    return True


def _all_cards(table: VerifyTable) -> list[int]:
    cards = [c for p in table.piles for c in p] + [c for c in table.cells if c is not None]
    cards += table.stock + table.waste + [c for p in table.reserve for c in p]
    cards += [c for p in table.founds for c in p] + table.hole
    return sorted(cards)


# rule files beyond the presets: a face-up Klondike with redeals, a two-deck game, whole piles
EXTRA_RULES: dict[str, dict[str, object]] = {
    "open-klondike": {
        "tableau piles": {"count": 7, "build policy": "red-black", "move built group": "yes"},
        "foundations": {"removable": True},
        "stock": {"size": 24, "deal count": 3, "redeal": True},
    },
    "two-deck": {
        "tableau piles": {"count": 10, "build policy": "same-suit", "move built group": "yes"},
        "cells": {"count": 2},
        "two decks": True,
    },
    "whole-pile": {
        "tableau piles": {
            "count": 9,
            "build policy": "red-black",
            "move built group": "whole-pile",
        },
        "reserve": {"size": 7, "stacked": True},
    },
}
UNVERIFIABLE = ("fortunes-favor",)  # automatic space filling
PLAYABLE = [*(n for n in preset_names() if n not in UNVERIFIABLE), *EXTRA_RULES]


@settings(max_examples=25)
@given(
    st.sampled_from(PLAYABLE),
    st.integers(0, 10**6),
    st.lists(st.integers(0, 10**6), min_size=5, max_size=25),
)
def test_random_legal_play_conserves_every_card(name: str, seed: int, picks: list[int]) -> None:
    rules = EXTRA_RULES.get(name)
    variant = load_variant(name) if rules is None else variant_from_json(rules, name=name)
    deal = random_deal(variant, seed)
    table = VerifyTable(variant, deal)
    deck = sorted(deal_cards(deal))
    played: list[Move] = []
    for pick in picks:
        legal = [m for m in _candidates(table) if _legal(table, m)]
        if not legal:
            break
        move = legal[pick % len(legal)]
        table.apply(move)
        played.append(move)
        assert _all_cards(table) == deck, (name, played)
    assert verify(variant, deal, played).ok
    assert position(variant, deal, played) == table.to_deal()
