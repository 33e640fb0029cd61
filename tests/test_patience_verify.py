"""The independent verifier: real solutions pass, tampered ones fail at the right move."""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import shutil
from collections.abc import Iterator
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
    load_deal,
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
from pure_engine.games.patience.variant import BuildPolicy, FaceUp, GroupMove, SpacesPolicy, Variant
from pure_engine.games.patience.verify import VerifyResult, describe, position, verify
from pure_engine.games.patience.verify_table import IllegalMove, VerifyTable
from pure_engine.games.playing_cards import card_str, make_card, parse_card

GOLDEN = Path(__file__).parent / "golden" / "patience"
CELL_SOLUTIONS = sorted(GOLDEN.glob("*.solution.json"))  # fc-solve's: <variant>-<deal number>
SOLUTIONS = CELL_SOLUTIONS + sorted(GOLDEN.glob("*-handmade.moves.json"))


def _golden(path: Path) -> tuple[Variant, Deal, tuple[Move, ...]]:
    data = json.loads(path.read_text())
    variant = load_variant(data["variant"])
    if "board" in data:
        deal = parse_fcs_board(data["board"], variant)
    else:
        deal = load_deal(str(path).replace(".moves.json", ".deal.json"), variant)
    return variant, deal, moves_from_json(data["moves"])


def _c(text: str) -> int:
    return parse_card(text)


# ------------------------------------------------------------ hand-made deals
def black_hole_by_hand() -> tuple[Deal, tuple[Move, ...]]:
    """A black-hole deal built backwards from its solution: ranks climb 2..K, A..K, A..K, A..K
    (wrapping K -> A), the first 17 plays are the pile tops, the next 17 the middles."""
    ranks = [*range(2, 14), *range(1, 14), *range(1, 14), *range(1, 14)]
    used: dict[int, int] = {}
    order = []
    for value in ranks:
        order.append(make_card(value, used.get(value, 0)))  # aces: C D H (AS is the hole)
        used[value] = used.get(value, 0) + 1
    piles = tuple((order[j + 34], order[j + 17], order[j]) for j in range(17))
    moves = tuple(Move(PILES[i % 17], HOLE) for i in range(51))
    return Deal(piles, hole=_c("AS")), moves


def golf_by_hand() -> tuple[Deal, tuple[Move, ...]]:
    """Golf built backwards: the hole starts on AC; the 35 tableau plays zigzag A2A2.. 3434..
    5656.. 7878.. 9T9T, then all 16 stock cards are dealt onto the hole."""
    path_ranks = [1, 2] * 4 + [3, 4] * 4 + [5, 6] * 4 + [7, 8] * 4 + [9, 10, 9, 10]
    seen: dict[int, int] = {}
    path = []
    for value in path_ranks:
        path.append(make_card(value, seen.get(value, 0)))
        seen[value] = seen.get(value, 0) + 1
    hole, plays = path[0], path[1:]
    stock = tuple(c for c in range(52) if c not in set(path))
    piles = tuple(tuple(plays[j + 7 * k] for k in (4, 3, 2, 1, 0)) for j in range(7))
    moves = tuple(Move(PILES[i % 7], HOLE) for i in range(35)) + (Move(STOCK, HOLE),) * 16
    return Deal(piles, stock=stock, hole=hole), moves


def test_hand_made_black_hole_solution_wins() -> None:
    deal, moves = black_hole_by_hand()
    assert verify(load_variant("black-hole"), deal, moves) == VerifyResult(True, True)


def test_hand_made_golf_solution_wins() -> None:
    deal, moves = golf_by_hand()
    assert verify(load_variant("golf"), deal, moves) == VerifyResult(True, True)


def test_hand_made_golden_files_match_their_construction() -> None:
    for name, build in (("black-hole", black_hole_by_hand), ("golf", golf_by_hand)):
        deal, moves = build()
        assert (GOLDEN / f"{name}-handmade.deal.json").read_text() == deal_to_json(deal) + "\n"
        solution = json.loads((GOLDEN / f"{name}-handmade.moves.json").read_text())
        assert moves_from_json(solution["moves"]) == moves


def test_black_hole_wraps_but_golf_does_not() -> None:
    black_hole = load_variant("black-hole")
    deal, moves = black_hole_by_hand()
    # the 12th play puts a K on the hole, the 13th an A on the K: legal only with loops
    assert verify(black_hole.replace(build_loops=False), deal, moves).first_bad == 12
    short_golf = load_variant("golf").replace(piles=1, stock_size=0, max_rank=3)
    rest = [c for c in range(52) if c % 13 < 3 and c not in (_c("3S"), _c("AD"))]
    tiny = Deal(((*rest, _c("AD")),), hole=_c("3S"))
    result = verify(short_golf, tiny, [parse_move("t1-h")])
    assert result == VerifyResult(
        False, False, 0, "AD is not one rank from the hole's 3S, no wrap between K and A"
    )
    assert verify(short_golf.replace(build_loops=True), tiny, [parse_move("t1-h")]).ok


# ---------------------------------------------------------- golden solutions
@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_golden_solutions_verify(path: Path) -> None:
    variant, deal, moves = _golden(path)
    result = verify(variant, deal, moves)
    assert result == VerifyResult(True, True), describe(result, moves)


def _tamper_counts(moves: tuple[Move, ...], deal: Deal) -> Iterator[tuple[int, tuple[Move, ...]]]:
    """Every move with its count one off -- except moves onto an empty pile, where any
    count may be legal.  Pile sizes are tracked here from the counts alone."""
    sizes = {PILES[i]: len(pile) for i, pile in enumerate(deal.piles)}
    for index, move in enumerate(moves):
        onto_empty = move.dst in sizes and sizes[move.dst] == 0
        if move.src in sizes:
            sizes[move.src] -= move.count
        if move.dst in sizes:
            sizes[move.dst] += move.count
        if onto_empty:
            continue
        for delta in (-1, 1):
            if move.count + delta >= 1:
                changed = move.replace(count=move.count + delta)
                yield index, (*moves[:index], changed, *moves[index + 1 :])


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_a_changed_count_is_caught_at_that_move(path: Path) -> None:
    variant, deal, moves = _golden(path)
    for index, tampered in _tamper_counts(moves, deal):
        result = verify(variant, deal, tampered)
        assert (result.ok, result.first_bad) == (False, index), (index, result)


@pytest.mark.parametrize("path", CELL_SOLUTIONS, ids=lambda p: p.stem)
def test_playing_a_parked_card_before_parking_it_is_caught_there(path: Path) -> None:
    variant, deal, moves = _golden(path)
    cases = 0
    for park, move in enumerate(moves):
        if move.dst.kind is not Place.CELL:
            continue
        play = next(
            j for j in range(park + 1, len(moves)) if move.dst in (moves[j].src, moves[j].dst)
        )
        assert moves[play].src == move.dst  # the parked card leaves before the cell is reused
        reordered = [*moves[:park], moves[play], *moves[park:play], *moves[play + 1 :]]
        result = verify(variant, deal, reordered)
        assert (result.first_bad, result.reason) == (park, f"{move.dst} is empty")
        cases += 1
    assert cases > 0


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_swapping_dependent_neighbours_is_caught(path: Path) -> None:
    # two neighbouring moves that touch a common location (not the foundation) depend on each
    # other; in these fc-solve solutions every such swap breaks the solution
    variant, deal, moves = _golden(path)
    for index in range(len(moves) - 1):
        first, second = moves[index], moves[index + 1]
        shared = {first.src, first.dst} & {second.src, second.dst} - {FOUNDATIONS}
        if not shared or first == second:
            continue
        swapped = [*moves[:index], second, first, *moves[index + 2 :]]
        result = verify(variant, deal, swapped)
        assert not (result.ok and result.won), index
        assert result.first_bad is None or result.first_bad >= index


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_dropping_any_move_is_caught(path: Path) -> None:
    variant, deal, moves = _golden(path)
    for index in range(len(moves)):
        result = verify(variant, deal, moves[:index] + moves[index + 1 :])
        assert not (result.ok and result.won), index
        assert result.first_bad is None or result.first_bad >= index


def test_dropping_a_move_names_the_move_that_breaks() -> None:
    variant, deal, moves = _golden(GOLDEN / "freecell-1.solution.json")
    assert moves[0] == parse_move("t5-c1") and moves[7] == parse_move("c1-t8")
    result = verify(variant, deal, moves[1:])
    # without 5a the next moves still run; the first to notice: moving from t5 onto a pile
    assert result.first_bad is not None
    assert describe(result, moves[1:]).startswith(f"move {result.first_bad + 1} of 126 (")


def test_an_unfinished_solution_is_legal_but_not_won() -> None:
    variant, deal, moves = _golden(GOLDEN / "freecell-1.solution.json")
    result = verify(variant, deal, moves[:-1])
    assert (result.ok, result.won, result.first_bad) == (True, False, None)
    assert result.reason == "the game is not won: 1 card left in play"
    assert describe(result, moves[:-1]).startswith("all 126 moves legal, but game is not won")


# ------------------------------------------------------------ rule details
def _layout(*piles: str, cells: int = 4) -> Deal:
    """A small deal from pile texts; the unused cards of the deck go on the foundations."""
    parsed = tuple(tuple(_c(t) for t in p.split()) for p in piles)
    return Deal(parsed, (None,) * cells)


def _short(**changes: object) -> Variant:
    """FreeCell with a 4-rank deck (16 cards) so hand-built layouts stay small."""
    return load_variant("freecell").replace(max_rank=4, **changes)


def test_supermove_limit_counts_free_cells_and_empty_piles() -> None:
    # 4H 3S 2H AS is a built group; with 0 free cells and 1 spare empty pile only 2 may move
    variant = _short(piles=4, cells=1)
    deal = Deal(
        (
            (_c("AC"), _c("2C"), _c("3C"), _c("4H"), _c("3S"), _c("2H"), _c("AS")),
            (_c("AD"), _c("2D"), _c("3D"), _c("4D"), _c("4S"), _c("AH"), _c("3H"), _c("4C")),
            (),
            (),
        ),
        (_c("2S"),),
    )
    result = verify(variant, deal, [parse_move("t1-t3x4")])
    assert result.first_bad == 0
    assert result.reason == (
        "only 2 cards move as a unit with 0 free cells and 1 usable empty pile, found 4"
    )
    assert verify(variant, deal, [parse_move("t1-t3x2")]).ok
    assert verify(variant.replace(move_group=GroupMove.YES), deal, [parse_move("t1-t3x4")]).ok
    kings_only = variant.replace(spaces=SpacesPolicy.KINGS)
    assert "only a king" in verify(kings_only, deal, [parse_move("t1-t3x2")]).reason


def test_group_must_be_built() -> None:
    deal = Deal(
        (
            (_c("AC"), _c("2C"), _c("3C"), _c("4C"), _c("AH"), _c("2H"), _c("3H"), _c("4H")),
            (_c("AD"), _c("2D"), _c("3D"), _c("4D"), _c("4S"), _c("3S"), _c("AS"), _c("2S")),
            (),
        ),
        (None,) * 4,
    )
    result = verify(_short(piles=3), deal, [parse_move("t2-t3x2")])
    assert result.reason == "the 2 cards are not a built group: 2S does not build on AS (red-black)"


def test_tableau_building_rules() -> None:
    deal = Deal(
        (
            (_c("AC"), _c("2C"), _c("3C"), _c("4C"), _c("AH"), _c("2H"), _c("3H"), _c("4H")),
            (_c("AD"), _c("2D"), _c("3D"), _c("4D"), _c("AS"), _c("2S"), _c("4S"), _c("3S")),
        ),
        (None,) * 4,
    )
    red_black = verify(_short(piles=2), deal, [parse_move("t2-t1")])
    assert red_black.ok  # 3S on 4H
    same_suit = verify(_short(piles=2, build=BuildPolicy.SAME_SUIT), deal, [parse_move("t2-t1")])
    assert same_suit.reason == "3S does not build on 4H (same-suit)"
    no_build = verify(_short(piles=2, build=BuildPolicy.NO_BUILD), deal, [parse_move("t2-t1")])
    assert no_build.reason == "freecell does not build on the tableau"


def test_foundation_order_and_cells() -> None:
    variant = load_variant("freecell")
    deal = ms_deal(1)  # t1 top 6S, t6 top 3D, t3 top 2H
    checks = [
        ([parse_move("t1-f")], 0, "6S cannot start the spades foundation (it starts with A)"),
        ([parse_move("t1-c1"), parse_move("t2-c1")], 1, "c1 already holds 6S"),
        (
            [parse_move("t1-c1"), parse_move("c1-c2")],
            1,
            "moving a card from cell to cell is not a move",
        ),
        ([parse_move("t1-c5")], 0, "no cell c5 (4 cells)"),
        ([parse_move("t9-f")], 0, "no tableau pile t9 (8 tableau piles)"),
        ([parse_move("c1-t1")], 0, "c1 is empty"),
        ([parse_move("t1-t1")], 0, "source and destination are the same"),
        ([parse_move("t1-h")], 0, "freecell has no hole"),
        ([parse_move("s-w")], 0, "the stock is empty"),
        ([parse_move("t1-c1x2")], 0, "a cell holds one card, found count 2"),
        ([Move(PILES[0], FOUNDATIONS, 0)], 0, "expected a count >= 1, found 0"),
    ]
    for moves, index, reason in checks:
        assert verify(variant, deal, moves) == VerifyResult(False, False, index, reason), moves


def test_foundations_build_up_in_suit() -> None:
    variant = _short(piles=1)
    deal = Deal(
        (
            (
                *map(_c, ["4S", "3S", "2S", "4H", "3H", "2H", "4D", "3D", "2D", "4C", "2C", "3C"]),
                _c("AH"),
                _c("AD"),
                _c("AC"),
                _c("AS"),
            ),
        ),
        (None,) * 4,
    )
    result = verify(variant, deal, [parse_move("t1-f")] * 5)
    assert (result.first_bad, result.reason) == (
        4,
        "3C is not next on the clubs foundation (top AC)",
    )


def test_stock_and_waste_rules() -> None:
    variant = Variant(
        name="draw", piles=1, stock_size=3, stock_deal_count=2, stock_redeal=True, max_rank=1
    )
    deal = Deal(((_c("AC"),),), stock=(_c("AS"), _c("AH"), _c("AD")))
    # stock deals AD then AH (AH on top), then the last card AS alone
    moves = [
        parse_move("s-wx2"),
        parse_move("w-f"),
        parse_move("s-w"),
        parse_move("w-f"),
        parse_move("w-f"),
        parse_move("t1-f"),
    ]
    assert verify(variant, deal, moves) == VerifyResult(True, True)
    assert verify(variant, deal, [parse_move("s-w")]).reason == (
        "the stock deals 2 cards at a time, found 1"
    )
    assert (
        verify(variant, deal, [parse_move("s-f")]).reason
        == "stock cards are dealt to the waste first"
    )
    redeal = [parse_move("s-wx2"), parse_move("s-w"), parse_move("w-sx3"), parse_move("s-wx2")]
    assert verify(variant, deal, redeal).ok
    no_redeal = verify(variant.replace(stock_redeal=False), deal, redeal)
    assert no_redeal.first_bad == 2


def test_golf_stock_goes_to_the_hole_whatever_its_rank() -> None:
    deal, moves = golf_by_hand()
    golf = load_variant("golf")
    early = (parse_move("s-h"), *moves)  # a stock card first, then the tableau run no longer fits
    result = verify(golf, deal, early)
    assert result.first_bad == 1 and "is not one rank from the hole's" in result.reason
    assert verify(golf, deal, [parse_move("s-w")]).reason == "only the stock deals to the waste"


def test_face_down_cards_cannot_move() -> None:
    variant = Variant(name="fd", piles=2, face_up=FaceUp.TOP, move_group=GroupMove.YES, max_rank=2)
    deal = Deal(
        ((_c("2C"), _c("AC"), _c("2D")), (_c("AD"), _c("2H"), _c("AH"), _c("2S"), _c("AS")))
    )
    result = verify(variant, deal, [parse_move("t1-t2x2")])
    assert result.reason == "t1 has only 1 face-up cards, cannot move 2"
    # moving the top card turns the next one up
    turned = verify(variant, deal, [parse_move("t1-c1")])
    assert turned.reason == "no cell c1 (0 cells)"


def test_removable_foundations_name_their_pile() -> None:
    variant = _short(piles=2, cells=0)
    deal = Deal(
        ((_c("4H"),), (_c("2C"), _c("3C"), _c("4C"))),
        (),
        foundations=(
            (_c("AC"),),
            (_c("AD"), _c("2D"), _c("3D"), _c("4D")),
            (_c("AH"), _c("2H"), _c("3H")),
            (_c("AS"), _c("2S"), _c("3S"), _c("4S")),
        ),
    )
    fixed = verify(variant, deal, [parse_move("f3-t2")])
    assert fixed.reason == "cards never leave the foundations in this variant"
    removable = variant.replace(foundations_removable=True)
    assert verify(removable, deal, [parse_move("f3-t2")]).ok  # 3H back onto 4C
    assert verify(
        removable, deal, [parse_move("f-t2"), parse_move("t2-f")]
    ).ok  # 'f' is unambiguous
    assert (
        verify(removable, deal, [parse_move("f3-t1")]).reason
        == "3H does not build on 4H (red-black)"
    )
    finish = [parse_move("t1-f"), parse_move("t2-t1"), parse_move("t1-f"), parse_move("t2-f")]
    assert verify(removable, deal, finish) == VerifyResult(
        False, False, 2, "4C is not next on the clubs foundation (top AC)"
    )


def _group_rules_deal() -> Deal:
    # t1 holds the built group 4S 3H 2S, t2 ends 4C 3D; hearts are up to 2H
    return Deal(
        (
            (_c("4S"), _c("3H"), _c("2S")),
            (_c("4C"), _c("3D")),
            (_c("4D"), _c("4H"), _c("2C"), _c("3C"), _c("3S")),
        ),
        (),
        foundations=(
            (_c("AC"),),
            (_c("AD"), _c("2D")),
            (_c("AH"), _c("2H")),
            (_c("AS"),),
        ),
    )


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("yes", ""),
        ("no", ""),
        ("partial-if-card-above-buildable", ""),
        ("maximal-group", "only the whole built group moves (3 cards on t1), found count 1"),
        ("whole-pile", "only whole piles move between tableau piles, t1 holds 3"),
    ],
)
def test_moving_part_of_a_built_group(mode: str, reason: str) -> None:
    # Solvitaire's modes: whole-pile / maximal-group / partial-if-card-above-buildable also
    # govern single-card moves between tableau piles
    variant = Variant(
        name="k", piles=3, build=BuildPolicy.RED_BLACK, move_group=GroupMove(mode), max_rank=4
    )
    result = verify(variant, _group_rules_deal(), [parse_move("t1-t2")])  # 2S onto 3D
    if reason:
        assert (result.first_bad, result.reason) == (0, reason)
    else:
        assert result.ok


def test_partial_groups_need_the_uncovered_card_to_be_playable() -> None:
    variant = Variant(
        name="k",
        piles=3,
        build=BuildPolicy.RED_BLACK,
        move_group=GroupMove.PARTIAL_IF_CARD_ABOVE_BUILDABLE,
        max_rank=4,
    )
    deal = _group_rules_deal()
    hearts_at_ace = deal.replace(
        foundations=(*deal.foundations[:2], (_c("AH"),), deal.foundations[3]),
        piles=(*deal.piles[:2], (*deal.piles[2], _c("2H"))),
    )
    result = verify(variant, hearts_at_ace, [parse_move("t1-t2")])
    assert result.reason == (
        "part of a built group moves only when the card it uncovers can go to the foundations, "
        "and 3H cannot"
    )
    # once 2H is up, 3H may go and the same move is fine
    assert verify(variant, hearts_at_ace, [parse_move("t3-f"), parse_move("t1-t2")]).ok


def test_unsupported_rules_are_bad_input() -> None:
    with pytest.raises(ParseError, match=r"auto-waste-then-stock"):
        verify(load_variant("fortunes-favor"), Deal(()), [])
    deal = ms_deal(1)
    with pytest.raises(ParseError, match=r"^deal: expected 52 cards, found 51; missing: JD$"):
        verify(
            load_variant("freecell"), deal.replace(piles=(deal.piles[0][1:], *deal.piles[1:])), []
        )


# ------------------------------------------------------------------------ CLI
@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> object:
    only_verify = tuple(c for c in cli._COMMANDS if c[0] == "verify")
    monkeypatch.setattr(cli, "_COMMANDS", only_verify)
    return cli.main


def _write(path: Path, moves: tuple[Move, ...] | list[Move]) -> str:
    path.write_text(json.dumps({"solved": True, "moves": moves_to_json(moves)}))
    return str(path)


def test_cli_ok(run_cli: object, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "freecell-1.solution.json")
    assert run_cli(["verify", "freecell", "--deal", "1", path]) == 0  # type: ignore[operator]  # fixture returns main
    assert capsys.readouterr().out == "ok: 127 moves, game won\n"


def test_cli_deal_file_and_json(
    run_cli: object, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal, moves = golf_by_hand()
    deal_path = tmp_path / "golf.json"
    deal_path.write_text(deal_to_json(deal))
    solution = _write(tmp_path / "sol.json", moves)
    code = run_cli(["verify", "golf", "--deal-file", str(deal_path), solution, "--json"])  # type: ignore[operator]  # main
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
    _, _, moves = _golden(GOLDEN / "freecell-1.solution.json")
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
    _, _, moves = _golden(path)
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
    deal, moves = golf_by_hand()
    deal_path = tmp_path / "golf.json"
    deal_path.write_text(deal_to_json(deal))
    solution = _write(tmp_path / "s.json", moves[:3])
    code = run_cli(["verify", "golf", "--deal-file", str(deal_path), solution, "--show", "--json"])  # type: ignore[operator]  # main
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
