"""The independent verifier: real solutions pass, tampered ones fail at the right move
(the rules in detail: test_patience_verify_rules.py; the command line and random play:
test_patience_verify_cli.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pure_engine.games.patience.deals import Deal, deal_to_json
from pure_engine.games.patience.moves import (
    FOUNDATIONS,
    PILES,
    Move,
    Place,
    moves_from_json,
    parse_move,
)
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.verify import VerifyResult, describe, verify
from pure_engine.games.playing_cards import parse_card
from tests.patience_cases import (
    CELL_SOLUTIONS,
    GOLDEN,
    SOLUTIONS,
    black_hole_by_hand,
    golden_case,
    golf_by_hand,
)


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
    rest = [c for c in range(52) if c % 13 < 3 and c not in (parse_card("3S"), parse_card("AD"))]
    tiny = Deal(((*rest, parse_card("AD")),), hole=parse_card("3S"))
    result = verify(short_golf, tiny, [parse_move("t1-h")])
    assert result == VerifyResult(
        False, False, 0, "AD is not one rank from the hole's 3S, no wrap between K and A"
    )
    assert verify(short_golf.replace(build_loops=True), tiny, [parse_move("t1-h")]).ok


# ---------------------------------------------------------- golden solutions
@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_golden_solutions_verify(path: Path) -> None:
    variant, deal, moves = golden_case(path)
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
    variant, deal, moves = golden_case(path)
    for index, tampered in _tamper_counts(moves, deal):
        result = verify(variant, deal, tampered)
        assert (result.ok, result.first_bad) == (False, index), (index, result)


@pytest.mark.parametrize("path", CELL_SOLUTIONS, ids=lambda p: p.stem)
def test_playing_a_parked_card_before_parking_it_is_caught_there(path: Path) -> None:
    variant, deal, moves = golden_case(path)
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
    variant, deal, moves = golden_case(path)
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
    variant, deal, moves = golden_case(path)
    for index in range(len(moves)):
        result = verify(variant, deal, moves[:index] + moves[index + 1 :])
        assert not (result.ok and result.won), index
        assert result.first_bad is None or result.first_bad >= index


def test_dropping_a_move_names_the_move_that_breaks() -> None:
    variant, deal, moves = golden_case(GOLDEN / "freecell-1.solution.json")
    assert moves[0] == parse_move("t5-c1") and moves[7] == parse_move("c1-t8")
    result = verify(variant, deal, moves[1:])
    # without 5a the next moves still run; the first to notice: moving from t5 onto a pile
    assert result.first_bad is not None
    assert describe(result, moves[1:]).startswith(f"move {result.first_bad + 1} of 126 (")


def test_an_unfinished_solution_is_legal_but_not_won() -> None:
    variant, deal, moves = golden_case(GOLDEN / "freecell-1.solution.json")
    result = verify(variant, deal, moves[:-1])
    assert (result.ok, result.won, result.first_bad) == (True, False, None)
    assert result.reason == "the game is not won: 1 card left in play"
    assert describe(result, moves[:-1]).startswith("all 126 moves legal, but game is not won")
