"""Deals: Microsoft numbers, Solvitaire JSON, fc-solve boards, random layouts, bad input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import (
    MS_DEAL_MAX,
    Deal,
    deal_cards,
    deal_to_json,
    fcs_board,
    load_deal,
    ms_deal,
    numbered_deal,
    parse_deal_json,
    parse_fcs_board,
    random_deal,
)
from pure_engine.games.patience.spec import load_variant, preset_names
from pure_engine.games.patience.variant import Variant
from pure_engine.games.playing_cards import card_str, parse_card

GOLDEN = Path(__file__).parent / "golden" / "patience"
FREECELL = load_variant("freecell")


def _row(deal: Deal, index: int) -> list[str]:
    return [card_str(pile[index]) for pile in deal.piles]


def test_ms_deal_1_first_row() -> None:
    assert _row(ms_deal(1), 0) == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]


def test_ms_deal_11982_first_row_matches_solvitaires_impossible_deal() -> None:
    assert _row(ms_deal(11982), 0) == ["AH", "AS", "4H", "AC", "2D", "6S", "10S", "JS"]


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("ms-*.board")), ids=lambda p: p.stem)
def test_ms_deals_match_fc_solve_boards(path: Path) -> None:
    # ms-N.board are make-microsoft-freecell-board's output (tests/golden/patience/regenerate.py)
    number = int(path.stem.split("-")[1])
    text = path.read_text()
    assert fcs_board(ms_deal(number)) == text
    assert parse_fcs_board(text, FREECELL) == ms_deal(number)


def test_golden_json_deal_parses_to_ms_deal() -> None:
    path = GOLDEN / "freecell-11982.deal.json"
    assert load_deal(str(path), FREECELL) == ms_deal(11982)


@given(st.integers(1, MS_DEAL_MAX))
def test_ms_deals_are_whole_decks_in_eight_piles(number: int) -> None:
    deal = ms_deal(number)
    assert sorted(deal_cards(deal)) == list(range(52))
    assert [len(p) for p in deal.piles] == [7, 7, 7, 7, 6, 6, 6, 6]


@pytest.mark.parametrize("number", [0, -1, MS_DEAL_MAX + 1, True])
def test_ms_deal_range(number: int) -> None:
    with pytest.raises(ValueError, match=r"Microsoft deal number"):
        ms_deal(number)


@given(st.integers(1, 10**6))
def test_json_and_board_round_trips(number: int) -> None:
    deal = ms_deal(number)
    assert parse_deal_json(deal_to_json(deal), FREECELL) == deal
    assert parse_fcs_board(fcs_board(deal), FREECELL) == deal


@pytest.mark.parametrize("name", preset_names())
def test_random_deals_fit_every_preset_and_round_trip(name: str) -> None:
    variant = load_variant(name)
    deal = random_deal(variant, 11)
    assert random_deal(variant, 11) == deal
    assert random_deal(variant, 12) != deal
    assert Counter(deal_cards(deal)) == Counter(range(variant.deck_size))
    assert parse_deal_json(deal_to_json(deal), variant) == deal


def test_random_layouts_follow_the_rules() -> None:
    black_hole = random_deal(load_variant("black-hole"), 5)
    assert black_hole.hole == parse_card("AS")
    assert [len(p) for p in black_hole.piles] == [3] * 17
    seahaven = random_deal(load_variant("seahaven-towers"), 5)
    assert [c is not None for c in seahaven.cells] == [True, True, False, False]
    assert [len(p) for p in seahaven.piles] == [5] * 10
    eight_off = random_deal(load_variant("eight-off"), 5)
    assert sum(c is not None for c in eight_off.cells) == 4
    castle = random_deal(load_variant("beleaguered-castle"), 5)
    assert sorted(p[0] for p in castle.foundations) == [0, 13, 26, 39]
    klondike = random_deal(load_variant("klondike"), 5)
    assert [len(p) for p in klondike.piles] == [1, 2, 3, 4, 5, 6, 7]
    assert len(klondike.stock) == 24


def test_numbered_deal_uses_ms_only_where_the_layout_fits() -> None:
    assert numbered_deal(load_variant("bakers-game"), 9) == ms_deal(9)
    eight_off = load_variant("eight-off")
    assert numbered_deal(eight_off, 9) == random_deal(eight_off, 9)


def test_cells_may_be_listed_short_and_blank() -> None:
    text = json.dumps(
        {"tableau piles": [list(map(card_str, p)) for p in ms_deal(4).piles], "cells": ["", ""]}
    )
    assert parse_deal_json(text, FREECELL) == ms_deal(4)


def _json_for(deal: Deal) -> dict[str, object]:
    loaded = json.loads(deal_to_json(deal))
    assert isinstance(loaded, dict)
    return loaded


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["tableau piles"][0].append("AS"), "duplicate card AS"),
        (lambda d: d["tableau piles"][0].pop(), "expected 52 cards, found 51; missing: "),
        (lambda d: d["tableau piles"][0].__setitem__(0, "ZZ"), r'\$\["tableau piles"\]\[0\]\[0\]'),
        (lambda d: d["tableau piles"][0].__setitem__(0, 7), "found 7"),
        (lambda d: d["tableau piles"].pop(), "expected 8 tableau piles for freecell, found 7"),
        (lambda d: d.__setitem__("cells", [""] * 5), "expected at most 4 cells"),
        (lambda d: d.__setitem__("hole", "AS"), "freecell has no hole"),
        (lambda d: d.__setitem__("stock", ["AS"]), r"expected a stock \(and waste\) of 0 cards"),
        (lambda d: d.__setitem__("table", []), r'\$\["table"\]: unknown key'),
        (lambda d: d.pop("tableau piles"), 'missing key "tableau piles"'),
        (lambda d: d.__setitem__("tableau piles", {}), "expected a list of piles"),
    ],
)
def test_bad_json_deals_say_where(change: object, message: str) -> None:
    data = _json_for(ms_deal(2))
    change(data)  # type: ignore[operator]  # the lambdas above
    with pytest.raises(ParseError, match=message) as info:
        parse_deal_json(json.dumps(data), FREECELL, where="d.json")
    assert str(info.value).startswith("d.json")


def test_unknown_card_for_a_short_deck() -> None:
    short = Variant(name="short", piles=2, max_rank=2)
    with pytest.raises(ParseError, match=r"card 3C is not in the deck \(max rank 2\)"):
        parse_deal_json(
            '{"tableau piles": [["AC","2C","AD","2D"],["AH","2H","AS","3C"]]}', short, where="x"
        )


def test_two_decks_allow_each_card_twice() -> None:
    two = Variant(name="two", piles=1, max_rank=1, two_decks=True)
    deal = parse_deal_json('{"tableau piles": [["AC","AD","AH","AS","AS","AC","AD","AH"]]}', two)
    assert sorted(deal_cards(deal)) == [0, 13, 26, 39, 52, 65, 78, 91]
    with pytest.raises(ParseError, match=r"duplicate card AS .found 3 times"):
        parse_deal_json('{"tableau piles": [["AC","AD","AH","AS","AS","AC","AD","AS"]]}', two)


def test_bad_json_text_names_the_line() -> None:
    with pytest.raises(ParseError, match=r"^d\.json:2: not valid JSON"):
        parse_deal_json('{\n"tableau piles": [[}', FREECELL, where="d.json")


def test_fc_solve_board_with_cells_and_foundations() -> None:
    board = "Foundations: H-0 C-2 D-0 S-0\nFreecells: KS - - -\n" + "".join(
        ": " + line + "\n" for line in _board_without_3_cards()
    )
    deal = parse_fcs_board(board, FREECELL, where="b.txt")
    assert deal.cells[0] == parse_card("KS")
    assert deal.foundations == ((parse_card("AC"), parse_card("2C")),)
    assert parse_fcs_board(fcs_board(deal), FREECELL) == deal


def _board_without_3_cards() -> list[str]:
    drop = {parse_card("AC"), parse_card("2C"), parse_card("KS")}
    piles = [[c for c in p if c not in drop] for p in ms_deal(1).piles]
    return [" ".join(card_str(c, ten="T") for c in p) for p in piles]


def test_fc_solve_board_errors_name_the_line() -> None:
    lines = fcs_board(ms_deal(1)).splitlines()
    lines[2] = lines[2].replace("TS", "TX")
    with pytest.raises(ParseError, match=r"^b\.txt:3: expected a card like .AS. or .10D., found"):
        parse_fcs_board("\n".join(lines), FREECELL, where="b.txt")
    with pytest.raises(ParseError, match=r"^b\.txt: duplicate card JD"):
        parse_fcs_board(fcs_board(ms_deal(1)).rstrip() + " JD\n", FREECELL, where="b.txt")


def test_load_deal_sniffs_and_reports_files(tmp_path: Path) -> None:
    board = tmp_path / "deal.txt"
    board.write_text(fcs_board(ms_deal(8)))
    assert load_deal(str(board), FREECELL) == ms_deal(8)
    empty = tmp_path / "empty.json"
    empty.write_text("  \n")
    with pytest.raises(ParseError, match=r"empty.json: expected a deal, found an empty file"):
        load_deal(str(empty), FREECELL)
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ParseError, match=r"bin.json: expected UTF-8 text"):
        load_deal(str(binary), FREECELL)
    with pytest.raises(OSError, match=r"No such file"):
        load_deal(str(tmp_path / "missing.json"), FREECELL)


def test_initial_foundation_aces_are_filled_when_the_deal_omits_them() -> None:
    castle = load_variant("beleaguered-castle")
    deal = random_deal(castle, 4)
    data = _json_for(deal)
    del data["foundations"]
    assert parse_deal_json(json.dumps(data), castle) == deal


def test_fc_solve_printed_states_read_as_boards() -> None:
    # what `fc-solve -p -t` prints mid-solution: cells in 4-character slots, blanks for empty
    state = "Foundations: H-0 C-0 D-0 S-0 \nFreecells:      8H      6C\n" + "".join(
        ": " + line + "\n" for line in fcs_board(ms_deal(1)).splitlines()
    )
    drop = {parse_card("8H"), parse_card("6C")}
    lines = state.splitlines()
    lines[2:] = [
        ": " + " ".join(card_str(c, ten="T") for c in p if c not in drop) for p in ms_deal(1).piles
    ]
    deal = parse_fcs_board("\n".join(lines), FREECELL)
    assert deal.cells == (None, parse_card("8H"), None, parse_card("6C"))


def test_a_fixed_hole_card_may_be_left_implicit() -> None:
    black_hole = load_variant("black-hole")
    deal = random_deal(black_hole, 2)
    data = _json_for(deal)
    del data["hole"]
    assert parse_deal_json(json.dumps(data), black_hole) == deal
    data["hole"] = "KS"
    with pytest.raises(ParseError, match="expected the hole to start with AS, found KS"):
        parse_deal_json(json.dumps(data), black_hole)


def test_random_deal_layouts_are_pinned() -> None:
    # regenerate on purpose only: tests/golden/patience/regenerate.py --random-only
    golden = json.loads((GOLDEN / "random-deals.json").read_text())
    assert sorted(golden) == sorted(preset_names())
    for name, layout in golden.items():
        variant = load_variant(name)
        assert parse_deal_json(json.dumps(layout), variant) == random_deal(variant, 1), name


@pytest.mark.parametrize(
    ("foundations", "message"),
    [
        ([["AC", "2D"]], "a foundation holds one suit, found AC 2D"),
        ([["AC", "3C"]], "a foundation builds up by one rank, found AC 3C"),
        ([["2C"]], "foundations start from A, found piles starting 2"),
        ([["AC"], ["AC"]], "duplicate card AC"),
    ],
)
def test_foundation_piles_must_be_proper(foundations: list[list[str]], message: str) -> None:
    data = _json_for(ms_deal(6))
    on_foundations = {card for pile in foundations for card in pile}
    piles = data["tableau piles"]
    assert isinstance(piles, list)
    data["tableau piles"] = [[c for c in pile if c not in on_foundations] for pile in piles]
    data["foundations"] = foundations
    with pytest.raises(ParseError, match=message):
        parse_deal_json(json.dumps(data), FREECELL)


def test_deal_json_rejects_a_key_given_twice() -> None:
    text = deal_to_json(ms_deal(3)).replace('"cells"', '"tableau piles": [], "cells"')
    with pytest.raises(ParseError, match=r"^d\.json: duplicate key 'tableau piles'$"):
        parse_deal_json(text, FREECELL, where="d.json")
