"""The verifier's rules one by one: supermoves, building, foundations, stock and waste, face-down
cards, removable foundations, partial groups, and the rules it refuses."""

from __future__ import annotations

import pytest

from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import Deal, ms_deal
from pure_engine.games.patience.moves import FOUNDATIONS, PILES, Move, parse_move
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.variant import BuildPolicy, FaceUp, GroupMove, SpacesPolicy, Variant
from pure_engine.games.patience.verify import VerifyResult, verify
from pure_engine.games.playing_cards import parse_card
from tests.patience_cases import golf_by_hand


# ------------------------------------------------------------ rule details
def _cards(text: str) -> tuple[int, ...]:
    """The cards a text names, in order (``"AC 2C 3C"``)."""
    return tuple(parse_card(t) for t in text.split())


def _short(**changes: object) -> Variant:
    """FreeCell with a 4-rank deck (16 cards) so hand-built layouts stay small."""
    return load_variant("freecell").replace(max_rank=4, **changes)


def test_supermove_limit_counts_free_cells_and_empty_piles() -> None:
    # 4H 3S 2H AS is a built group; with 0 free cells and 1 spare empty pile only 2 may move
    variant = _short(piles=4, cells=1)
    deal = Deal(
        (
            _cards("AC 2C 3C 4H 3S 2H AS"),
            _cards("AD 2D 3D 4D 4S AH 3H 4C"),
            (),
            (),
        ),
        _cards("2S"),
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
            _cards("AC 2C 3C 4C AH 2H 3H 4H"),
            _cards("AD 2D 3D 4D 4S 3S AS 2S"),
            (),
        ),
        (None,) * 4,
    )
    result = verify(_short(piles=3), deal, [parse_move("t2-t3x2")])
    assert result.reason == "the 2 cards are not a built group: 2S does not build on AS (red-black)"


def test_tableau_building_rules() -> None:
    deal = Deal(
        (
            _cards("AC 2C 3C 4C AH 2H 3H 4H"),
            _cards("AD 2D 3D 4D AS 2S 4S 3S"),
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
        ((*_cards("4S 3S 2S 4H 3H 2H 4D 3D 2D 4C 2C 3C AH AD AC AS"),),),
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
    deal = Deal((_cards("AC"),), stock=_cards("AS AH AD"))
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
    deal = Deal((_cards("2C AC 2D"), _cards("AD 2H AH 2S AS")))
    result = verify(variant, deal, [parse_move("t1-t2x2")])
    assert result.reason == "t1 has only 1 face-up cards, cannot move 2"
    # moving the top card turns the next one up
    turned = verify(variant, deal, [parse_move("t1-c1")])
    assert turned.reason == "no cell c1 (0 cells)"


def test_removable_foundations_name_their_pile() -> None:
    variant = _short(piles=2, cells=0)
    deal = Deal(
        (_cards("4H"), _cards("2C 3C 4C")),
        (),
        foundations=(
            _cards("AC"),
            _cards("AD 2D 3D 4D"),
            _cards("AH 2H 3H"),
            _cards("AS 2S 3S 4S"),
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
            _cards("4S 3H 2S"),
            _cards("4C 3D"),
            _cards("4D 4H 2C 3C 3S"),
        ),
        (),
        foundations=(
            _cards("AC"),
            _cards("AD 2D"),
            _cards("AH 2H"),
            _cards("AS"),
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
        foundations=(*deal.foundations[:2], _cards("AH"), deal.foundations[3]),
        piles=(*deal.piles[:2], (*deal.piles[2], parse_card("2H"))),
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
