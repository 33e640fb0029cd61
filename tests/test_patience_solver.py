"""The patience solver: every answer verified independently, verdicts honest under budgets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pure_engine.games.patience.deals import Deal, ms_deal, numbered_deal
from pure_engine.games.patience.moves import Move, moves_from_json, parse_move
from pure_engine.games.patience.rules import EMPTY, PatienceRules, PatienceState
from pure_engine.games.patience.solver import SolveMethod, _Searcher, expand_group, solve
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.variant import BuildPolicy, SpacesPolicy, Variant
from pure_engine.games.patience.verify import verify
from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget

GOLDEN = Path(__file__).parent / "golden" / "patience"


def assert_wins(variant: Variant, deal: Deal, moves: tuple[Move, ...]) -> None:
    result = verify(variant, deal, moves)
    assert result.ok and result.won, result


@pytest.mark.parametrize("number", range(1, 13))
def test_microsoft_deals_are_solved_and_verified(number: int) -> None:
    variant = load_variant("freecell")
    result = solve(variant, ms_deal(number), budget=Budget(seconds=600))
    assert result.verdict == SOLVED
    assert_wins(variant, ms_deal(number), result.moves)
    assert len(result.moves) < 200


def test_deal_11982_is_proved_unsolvable() -> None:
    result = solve(load_variant("freecell"), ms_deal(11982), budget=Budget(seconds=600))
    assert result.verdict == PROVED_UNSOLVABLE
    assert result.moves == () and result.stats.stopped_by == ""


@pytest.mark.parametrize("mode", ["auto", "fast", "exhaustive"])
def test_a_budget_cut_is_unknown_never_unsolvable(mode: str) -> None:
    result = solve(load_variant("freecell"), ms_deal(11982), mode=mode, budget=Budget(nodes=50))
    assert result.verdict == UNKNOWN
    assert result.stats.stopped_by == "nodes"
    assert result.stats.expanded <= 50


def test_a_time_budget_cut_is_unknown() -> None:
    result = solve(load_variant("freecell"), ms_deal(11982), budget=Budget(seconds=0.05))
    assert result.verdict == UNKNOWN and result.stats.stopped_by == "seconds"


@pytest.mark.parametrize("mode", ["fast", "exhaustive"])
def test_each_mode_alone_solves_and_verifies(mode: str) -> None:
    variant = load_variant("freecell")
    result = solve(variant, ms_deal(3), mode=mode, budget=Budget(seconds=600))
    assert result.verdict == SOLVED
    expected = SolveMethod.BEST_FIRST if mode == "fast" else SolveMethod.DEPTH_FIRST
    assert result.mode is expected and result.mode == expected.value  # the JSON's text
    assert_wins(variant, ms_deal(3), result.moves)


def test_unknown_mode_is_rejected() -> None:
    with pytest.raises(ValueError, match="expected a mode, one of 'auto', 'fast', 'exhaustive'"):
        solve(load_variant("freecell"), ms_deal(1), mode="quick")


def test_a_tiny_dead_position_is_proved_unsolvable_by_both_modes() -> None:
    # no cells, no spaces, same-suit building: 2D buries AC and 2C buries AD
    variant = Variant(
        name="tiny", piles=3, build=BuildPolicy.SAME_SUIT, spaces=SpacesPolicy.NO_BUILD
    )
    rules = PatienceRules.from_variant(variant)
    stuck = PatienceState(piles=((0, 14), (13, 1), (28,)))  # nothing builds on 3H
    free = PatienceState(piles=((0, 14), (13, 1), (2,)))  # 2C onto 3C frees AD
    for mode in ("auto", "fast", "exhaustive"):
        assert solve(rules, stuck, mode=mode).verdict == PROVED_UNSOLVABLE
        assert solve(rules, free, mode=mode).verdict == SOLVED


@pytest.mark.parametrize(
    ("name", "numbers"),
    [
        ("bakers-game", (1, 2, 3)),
        ("seahaven-towers", (1, 2, 3)),
        ("eight-off", (1, 2, 3)),
        ("forecell", (1, 2)),
        ("black-hole", (2, 4, 10)),
        ("golf", (1, 2, 3)),
        ("castles-of-spain", (1, 2)),
        ("spanish-patience", (1, 2)),
        ("somerset", (1, 2, 3)),
        ("streets-and-alleys", (1, 2)),
        ("beleaguered-castle", (1, 2)),
        ("thoughtful-klondike", (1, 2)),
        ("klondike", (2, 3)),
        ("american-canister", (1,)),
        ("king-albert", (1, 3)),
        ("raglan", (1, 2)),
    ],
)
def test_other_presets_give_verified_or_proved_answers(name: str, numbers: tuple[int, ...]) -> None:
    variant = load_variant(name)
    for number in numbers:
        deal = numbered_deal(variant, number)
        # a node budget, not seconds: the answer must not depend on how busy the machine is
        result = solve(variant, deal, budget=Budget(nodes=200_000))
        assert result.verdict in (SOLVED, PROVED_UNSOLVABLE), (name, number, result.stats)
        if result.solved:
            assert_wins(variant, deal, result.moves)
        elif result.mode is not SolveMethod.HOLE_DEPTH_FIRST:  # that one is exhaustive already
            exhaustive = solve(variant, deal, mode="exhaustive", budget=Budget(nodes=200_000))
            assert exhaustive.verdict == PROVED_UNSOLVABLE


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.solution.json")), ids=lambda p: Path(p).name)
def test_golden_fc_solve_deals_are_solved_too(path: Path) -> None:
    name, number = path.name.removesuffix(".solution.json").rsplit("-", 1)
    variant = load_variant(name)
    deal = numbered_deal(variant, int(number))
    golden = moves_from_json(json.loads(path.read_text())["moves"])
    assert_wins(variant, deal, golden)  # the golden file itself is a winning line
    result = solve(variant, deal, budget=Budget(seconds=600))
    assert result.verdict == SOLVED
    assert_wins(variant, deal, result.moves)


def test_every_move_to_the_foundation_is_listed() -> None:
    result = solve(load_variant("freecell"), ms_deal(1))
    assert sum(str(m.dst) == "f" for m in result.moves) == 52


def test_expanded_supermoves_are_single_card_moves_that_verify() -> None:
    variant = load_variant("freecell")
    result = solve(variant, ms_deal(4), expand_supermoves=True)
    assert result.solved and {m.count for m in result.moves} == {1}
    assert_wins(variant, ms_deal(4), result.moves)


def test_expand_group_goes_through_cells_and_spaces() -> None:
    rules = PatienceRules.from_variant(load_variant("bakers-game"))
    # KD QC JC 10C on t1, KC on t2, one free cell, one space: (1 + 1) * 2 = 4 cards
    state = PatienceState(
        piles=((25, 11, 10, 9), (12,), (), (51,), (50,), (49,), (48,), (47,)),
        cells=(EMPTY, 46, 45, 44),
    )
    assert parse_move("t1-t2x3") in rules.moves(state)
    steps = expand_group(rules, state, parse_move("t1-t2x3"))
    assert all(m.count == 1 for m in steps)
    assert len(steps) == 7  # two cards parked in the space (3 moves), one moved, two back
    for move in steps:
        state = rules.apply(state, move)
    assert state.piles[:3] == ((25,), (12, 11, 10, 9), ())
    assert state.cells[0] == EMPTY


def test_solve_does_not_mutate_its_inputs() -> None:
    deal = ms_deal(2)
    copy = Deal(deal.piles, deal.cells)
    solve(load_variant("freecell"), deal)
    assert deal == copy


# fc-solve's names for the FreeCell-family presets whose rules it implements the same way
FC_SOLVE_GAMES = {
    "bakers-game": "bakers_game",
    "seahaven-towers": "seahaven_towers",
    "eight-off": "eight_off",
    "forecell": "forecell",
    "streets-and-alleys": "streets_and_alleys",
}


@pytest.mark.parametrize("name", sorted(FC_SOLVE_GAMES))
def test_verdicts_agree_with_fc_solve(name: str) -> None:
    fc_solve = pytest.importorskip("freecell_solver")
    from pure_engine.games.patience.deals import fcs_board

    try:
        peer = fc_solve.FreecellSolver()
    except (ImportError, OSError):
        pytest.skip("the fc-solve shared library is not installed")
    variant = load_variant(name)
    for number in range(1, 9):
        deal = numbered_deal(variant, number)
        peer.input_cmd_line(["--game", FC_SOLVE_GAMES[name]])
        code = peer.solve_board(fcs_board(deal))
        peer.recycle()
        theirs = {0: SOLVED, 1: PROVED_UNSOLVABLE}[code]
        ours = solve(variant, deal, budget=Budget(seconds=600))
        assert ours.verdict == theirs, (name, number)


@pytest.mark.parametrize("name", ["black-hole", "golf"])
def test_hole_search_budget_cut_is_unknown(name: str) -> None:
    variant = load_variant(name)
    result = solve(variant, numbered_deal(variant, 1), budget=Budget(nodes=100))
    assert result.verdict == UNKNOWN and result.stats.stopped_by == "nodes"
    assert result.stats.expanded <= 100


@pytest.mark.parametrize(
    "deal", [2, 4, 9, 17, 26, pytest.param(11, marks=pytest.mark.slow)], ids=lambda d: f"deal{d}"
)
def test_stock_macros_keep_klondike_verdicts(deal: int) -> None:
    """Folding deals into waste plays changes how fast, never what: the same verdict as
    searching every deal as a step, and a solution the verifier accepts."""
    klondike = load_variant("klondike")
    layout = numbered_deal(klondike, deal)
    folded = solve(klondike, layout, mode="exhaustive", budget=Budget(seconds=600))
    plain = solve(
        klondike, layout, mode="exhaustive", stock_macros=False, budget=Budget(seconds=600)
    )
    assert folded.verdict == plain.verdict != UNKNOWN
    if folded.solved:
        assert verify(klondike, layout, folded.moves).won
        assert any(str(m.src) == "s" for m in folded.moves)  # the folded deals are written out


@pytest.mark.parametrize("name", ["freecell", "klondike", "flower-garden", "black-hole"])
def test_the_searchers_key_is_the_rules_search_key(name: str) -> None:
    # the searcher reads the hashes of the piles a child shares with the state last
    # expanded off their facts: the key must be the rules' own, hash and all
    variant = load_variant(name)
    rules = PatienceRules.from_variant(variant)
    searcher = _Searcher(rules, expand_groups=False)
    state = rules.initial(numbered_deal(variant, 3))
    for _ in range(30):
        children = [child for _, child in searcher.successors(state)]
        if not children:
            break
        for child in children:
            key = searcher.search_key(child)
            assert key == rules.search_key(child)
            assert hash(key) == hash(rules.search_key(child))
        state = children[len(children) // 2]
