"""Solve patience deals: a heuristic best-first mode and an exhaustive mode.

Both modes search over canonical keys (piles and cells sorted) with safe
automatic moves to the foundation folded into every step.  Autoplay only moves
a card whose possible children are all on the foundations already, so a
position with that card moved up is at least as good as the one without: a
true dominance, and "the space ran out" is still a proof of unsolvability.

* ``mode="fast"``: weighted best-first (``f = g + weight * h``) with a
  FreeCell heuristic; it returns a solution quickly but not a shortest one.
* ``mode="exhaustive"``: depth-first over the whole space with a transposition
  set, children ordered by the same heuristic; cheaper per state, it is the
  mode that proves unsolvability fast.
* ``mode="auto"`` (default): the portfolio of
  :mod:`~pure_engine.games.patience.stages`, run by
  :mod:`~pure_engine.games.patience.searches` -- best-first searches that differ in
  weight and heuristic pricing and an exhaustive depth-first search, interleaved in
  slices of expansions, each resumed where it stopped; the first to solve the deal or
  exhaust its space answers.  Hole-only games (Black Hole, Golf) go straight to the
  dedicated search of :mod:`~pure_engine.games.patience.hole`.

A budget cut always gives ``unknown``, never ``proved_unsolvable``.

>>> from pure_engine.games.patience.spec import load_variant
>>> from pure_engine.games.patience.deals import ms_deal
>>> result = solve(load_variant("freecell"), ms_deal(1))
>>> result.verdict, len(result.moves) > 52
(<Verdict.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import time
from typing import Final, assert_never

from mypy_extensions import i64

from pure_engine.core.enums import parse_enum
from pure_engine.core.frozen import Frozen
from pure_engine.games.patience.deals import Deal
from pure_engine.games.patience.hole import is_hole_only, solve_hole
from pure_engine.games.patience.moves import (
    CELLS,
    FOUNDATIONS,
    PILES,
    RESERVES,
    STOCK,
    WASTE,
    Location,
    Move,
    Places,
)
from pure_engine.games.patience.position import SearchKey, apply_move, keyed, pile_hash
from pure_engine.games.patience.results import SolveMethod, SolveMode, SolveResult
from pure_engine.games.patience.rules import EMPTY, PatienceRules, PatienceState, rules_for
from pure_engine.games.patience.searches import best_first, depth_first, portfolio
from pure_engine.games.patience.stages import PLAIN, THREADS, Pricing
from pure_engine.games.patience.variant import GroupMove, Variant
from pure_engine.search.budget import Budget
from pure_engine.search.puzzle_records import HashedKey

__all__ = [
    "THREADS",
    "Pricing",
    "SolveMethod",
    "SolveMode",
    "SolveResult",
    "autoplay",
    "expand_group",
    "solve",
]

Step = tuple[Move, ...]


class PileFacts(Frozen):
    """What the heuristic and the search key read of one pile (``_Searcher.pile_facts``).

    A native record, not a tuple: compiled, the memo hands out the record itself, where a
    tuple was unboxed into its four fields at every lookup and boxed again to be kept in a
    list (FreeCell deals 2-31: 1 041 M instructions in all against 1 120 M).
    """

    __match_args__ = ("cost", "bits", "aboves", "hashed")

    def __init__(self, cost: int, bits: int, aboves: tuple[int, ...], hashed: i64) -> None:
        self.cost: Final = cost
        self.bits: Final = bits
        self.aboves: Final = aboves
        self.hashed: Final = hashed
        """What the pile adds to the search key's hash (:func:`~.position.pile_hash`)."""


def autoplay(rules: PatienceRules, state: PatienceState) -> tuple[PatienceState, Step]:
    """Move every safe card to the foundation; return the new state and the moves.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> rules = PatienceRules.from_variant(load_variant("freecell"))
    >>> s = PatienceState(piles=((1, 0), (), (), (), (), (), (), ()), cells=(-1,) * 4)
    >>> s2, done = autoplay(rules, s)
    >>> [str(m) for m in done], s2.found, s.found
    (['t1-f', 't1-f'], (2, 0, 0, 0), (0, 0, 0, 0))
    """
    if not rules.foundations:
        return state, ()
    done: list[Move] = []
    need = rules.safe_need
    found = state.found
    progress = True
    while progress:
        progress = False
        for i, pile in enumerate(state.piles):
            while pile:
                card = pile[-1]
                suit = card // 13
                if found[suit] != card % 13:
                    break
                if not all(found[s] >= r for s, r in need[card]):
                    break
                move = Move(PILES[i], FOUNDATIONS, 1)
                state = apply_move(state, move)
                found = state.found
                pile = state.piles[i]
                done.append(move)
                progress = True
        for j, card in enumerate(state.cells):
            if card == EMPTY or found[card // 13] != card % 13:
                continue
            if all(found[s] >= r for s, r in need[card]):
                move = Move(CELLS[j], FOUNDATIONS, 1)
                state = apply_move(state, move)
                found = state.found
                done.append(move)
                progress = True
        for j, pile in enumerate(state.reserve):
            while pile:
                card = pile[-1]
                if found[card // 13] != card % 13:
                    break
                if not all(found[s] >= r for s, r in need[card]):
                    break
                move = Move(RESERVES[j], FOUNDATIONS, 1)
                state = apply_move(state, move)
                found = state.found
                pile = state.reserve[j]
                done.append(move)
                progress = True
    return state, tuple(done)


def expand_group(rules: PatienceRules, state: PatienceState, move: Move) -> tuple[Move, ...]:
    """Rewrite a built-group move as single-card moves through free cells and empty piles.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> rules = PatienceRules.from_variant(load_variant("bakers-game"), supermoves=True)
    >>> s = PatienceState(piles=((12, 11, 10), (25,), (), (), (), (), (), ()), cells=(-1,) * 4)
    >>> [str(m) for m in expand_group(rules, s, Move(PILES[0], PILES[2], 2))]
    ['t1-c1', 't1-t3', 'c1-t3']
    """
    if move.count == 1 or move.src.kind is not Places.PILE:
        return (move,)
    free = [CELLS[j] for j, c in enumerate(state.cells) if c == EMPTY]
    empty = []
    if not (rules.kings_only or rules.no_spaces):
        empty = [
            PILES[i]
            for i, p in enumerate(state.piles)
            if not p and PILES[i] not in (move.src, move.dst)
        ]
    out: list[Move] = []

    def shift(n: int, src: Location, dst: Location, spaces: list[Location]) -> None:
        if n <= len(free) + 1:
            parked = free[: n - 1]
            out.extend(Move(src, cell, 1) for cell in parked)
            out.append(Move(src, dst, 1))
            out.extend(Move(cell, dst, 1) for cell in reversed(parked))
            return
        assert spaces, (n, src, dst)
        via, rest = spaces[0], spaces[1:]
        part = (len(free) + 1) << len(rest)
        part = min(part, n - 1)
        shift(part, src, via, rest)
        shift(n - part, src, dst, rest)
        shift(part, via, dst, rest)

    shift(move.count, move.src, move.dst, empty)
    return tuple(out)


class _Searcher:
    """One search: the rules plus per-search memo tables (never shared between searches)."""

    def __init__(self, rules: PatienceRules, *, expand_groups: bool) -> None:
        self.rules = rules
        self.expand_groups = expand_groups
        self.pile_memo: dict[tuple[int, ...], PileFacts] = {}
        # the piles of the state last expanded and their facts: a child shares all its
        # piles but one or two with it (see ``heuristic``)
        self.parent_piles: tuple[tuple[int, ...], ...] = ()
        self.parent_facts: list[PileFacts] = []
        # the foundations the heuristic priced last (most children keep their parent's
        # very tuple), what they cost and their suits' next cards as bits (compiled,
        # FreeCell deals 2-31: 436.7 M instructions against 445.8 M priced at every call)
        self.found_priced: tuple[int, ...] = ()
        self.found_cost = 0
        self.found_nexts = 0
        self.hole_only = rules.hole and not rules.foundations
        self.pricing = PLAIN
        # a stock dealt to a waste: a step is a move, or some deals then a play of the
        # waste's top card (Klondike's stock cycles through a dozen positions, and
        # dealing without playing is only ever a prefix of such a play)
        self.stock_macros = bool(rules.variant.stock_size) and not rules.stock_to_hole

    def _waste_plays(self, state: PatienceState) -> list[tuple[Step, Move, PatienceState]]:
        """Every play of a waste card reachable by dealing (and redealing) first.

        Sound: a deal commutes with every move that does not touch the stock or the
        waste, so any winning line can be reordered to deal only right before a
        waste play; the stock position is in the key, so nothing is lost.
        """
        rules = self.rules
        out: list[tuple[Step, Move, PatienceState]] = []
        seen = {(state.stock, state.waste)}
        deals: tuple[Move, ...] = ()
        at = state
        while True:
            if at.stock:
                deal = Move(STOCK, WASTE, min(rules.deal_count, len(at.stock)))
            elif rules.redeal and at.waste:
                deal = Move(WASTE, STOCK, len(at.waste))
            else:
                break
            at = apply_move(at, deal)
            if (at.stock, at.waste) in seen:
                break
            seen.add((at.stock, at.waste))
            deals += (deal,)
            if at.waste:
                for move in rules.moves(at):
                    if move.src.kind is Places.WASTE:
                        out.append(((*deals, move), move, at))
        return out

    def successors(self, state: PatienceState) -> list[tuple[Step, PatienceState]]:
        rules = self.rules
        if rules.foundations:
            # the state expanded before is often this one's parent: a pile that is the
            # very object of that state's takes its facts, not a lookup by its cards
            # (compiled, FreeCell deals 2-31: 475.1 M instructions against 483.8 M)
            last, known = self.parent_piles, self.parent_facts
            self.parent_piles = state.piles
            self.parent_facts = [
                known[i] if last and pile is last[i] else self.pile_facts(pile)
                for i, pile in enumerate(state.piles)
            ]
        out = []
        for move in rules.moves(state):
            if self.stock_macros and move.dst.kind in (Places.WASTE, Places.STOCK):
                continue  # dealing is folded into the waste plays below
            step: Step = (move,)
            if self.expand_groups and move.count > 1 and move.dst.kind is Places.PILE:
                step = expand_group(rules, state, move)
            out.append(self._child(state, step, move))
        if self.stock_macros:
            for step, move, before in self._waste_plays(state):
                out.append(self._child(before, step, move))
        return out

    def search_key(self, state: PatienceState) -> HashedKey | SearchKey:
        """``rules.search_key(state)``, with the hash of each pile that is the very object of
        the state last expanded read off that pile's facts, not computed again (see
        ``heuristic``; compiled, FreeCell deals 2-31: 535 M instructions against 556 M)."""
        shared, known = self.parent_piles, self.parent_facts
        if not shared or state.down or not self.rules.builds_anything:
            return self.rules.search_key(state)
        total: i64 = 0
        for i, pile in enumerate(state.piles):
            total += known[i].hashed if pile is shared[i] else pile_hash(pile, 0)
        return keyed(state, total)

    def _child(self, before: PatienceState, step: Step, move: Move) -> tuple[Step, PatienceState]:
        """*before* after *move* and the autoplay that made safe, with its step (made child
        by child, not from a list: compiled, FreeCell deals 2-31: 1512 M against 1534 M)."""
        nxt = apply_move(before, move)
        src_kind = move.src.kind
        if self.hole_only:
            pass
        elif (
            move.dst.kind is Places.FOUNDATION
            or src_kind is Places.FOUNDATION
            or src_kind is Places.RESERVE
        ):
            nxt, auto = autoplay(self.rules, nxt)
            step += auto
        elif src_kind is Places.PILE:
            # *before* was closed under autoplay and the foundations did not
            # change: only the card this move uncovered can have become safe
            pile = nxt.piles[move.src.index]
            if pile and nxt.found[pile[-1] // 13] == pile[-1] % 13:
                nxt, auto = autoplay(self.rules, nxt)
                step += auto
        return step, nxt

    def pile_facts(self, pile: tuple[int, ...]) -> PileFacts:
        """What the heuristic reads of one pile (memoised): the cards that must leave it
        before a lower card of their suit can; the pile's lowest card of each suit, as bits
        (``1 << suit * 13 + rank``), and per suit how many cards lie above that card."""
        facts = self.pile_memo.get(pile)
        if facts is not None:
            return facts
        cost = 0
        low = [14, 14, 14, 14]
        above = [0, 0, 0, 0]
        links = self.rules.links
        prev = -1
        lowest = 14
        height = len(pile)
        for depth, card in enumerate(pile):
            suit, rank = card // 13, card % 13
            if lowest < rank:
                cost += 2 if low[suit] < rank else 1
            if prev < 0 or not links[prev * 64 + card]:
                cost += 1
            if rank < low[suit]:
                low[suit] = rank
                above[suit] = height - 1 - depth
                lowest = min(lowest, rank)
            prev = card
        bits = 0
        for suit in range(4):
            if low[suit] < 14:
                bits |= 1 << (suit * 13 + low[suit])
        facts = PileFacts(cost, bits, tuple(above), pile_hash(pile, 0))
        self.pile_memo[pile] = facts
        return facts

    def heuristic(self, state: PatienceState) -> int:
        if not self.rules.foundations:
            return sum(len(p) for p in state.piles) + len(state.stock)
        found = state.found
        cell_cost, doubled, space_credit = self.pricing
        # loops, not ``sum``: compiled, ``sum`` is a call through the builtins module
        # (700-900 instructions a call: 74 M of the 1 606 M of FreeCell deals 2-31)
        if found is not self.found_priced:
            self.found_priced = found
            self.found_cost = 104
            self.found_nexts = 0  # each suit's next card, as a bit (see below)
            for suit, rank in enumerate(found):
                self.found_cost -= 2 * rank
                if rank < 13:
                    self.found_nexts |= 1 << (suit * 13 + rank)
        cost, nexts = self.found_cost, self.found_nexts
        # plus Heineman's staged-deepening count: the cards above each suit's next card,
        # doubled when no cell and no pile is free to move them to (FreeCell deals 1-100:
        # 29 k states expanded in all instead of 44 k, median 116 instead of 154).  A
        # suit's next card is the lowest of that suit left in play, so a pile holds it
        # when its own lowest card of the suit has the foundation's rank: read off the
        # pile's memoised facts, not by a scan of every card (compiled, FreeCell deals
        # 2-31: 2785 M instructions in all against 2911 M), and only in the piles whose
        # lowest cards include a next card, found by one AND of bits (1480 M against 1512 M);
        # that AND also says which suits' next cards the pile holds, where comparing each
        # suit's lowest rank with its foundation read two tuples (461.1 M against 475.1 M)
        buried = 0
        blocked = True
        # the search asks for the heuristic of the children of the state it just
        # expanded: a pile that is the very object of the parent's has the parent's
        # facts, and a pointer comparison costs less than a lookup by the pile's cards
        # (compiled, FreeCell deals 2-31: 1402 M instructions against 1484 M)
        shared, known = self.parent_piles, self.parent_facts
        for i, pile in enumerate(state.piles):
            facts = known[i] if shared and pile is shared[i] else self.pile_facts(pile)
            cost += facts.cost
            if not pile:
                blocked = False
                cost -= space_credit
            elif facts.bits & nexts:
                here, aboves = facts.bits & nexts, facts.aboves
                for suit in range(4):
                    if here >> (suit * 13) & 0x1FFF:  # this pile holds the suit's next card
                        buried += aboves[suit]
        for card in state.cells:
            if card != EMPTY:
                cost += cell_cost
            else:
                blocked = False
        cost += 2 * buried if blocked and doubled else buried
        for pile in state.reserve:
            cost += len(pile)
        # a face-down card blocks everything above it until it turns up; weight 8
        # measured on Klondike deals 1-20 at 5 s: weights 1/4/8/16 left 5/4/4/4
        # unknown, median 0.47/0.34/0.30/0.21 s
        for hidden in state.down:
            cost += 8 * hidden
        return cost


def solve(
    variant: Variant | PatienceRules,
    deal: Deal | PatienceState,
    *,
    mode: SolveMode | str = "auto",
    budget: Budget | None = None,
    weight: float = 1.0,
    supermoves: bool = True,
    expand_supermoves: bool = False,
    stock_macros: bool = True,
) -> SolveResult:
    """Solve *deal* of *variant*; see the module docstring for the modes.

    *stock_macros* folds deals into the waste plays they lead to (see
    ``_Searcher``); switching it off searches every deal as a step of its own.

    *supermoves* lets a single-card variant move built groups (the search is
    the same, the solutions shorter); *expand_supermoves* writes each of them
    out as the single-card moves it stands for (:func:`expand_group`).
    """
    rules = variant if isinstance(variant, PatienceRules) else rules_for(variant, supermoves)
    expand_groups = (
        expand_supermoves and rules.group_moves and rules.variant.move_group is GroupMove.NO
    )
    start = rules.initial(deal) if isinstance(deal, Deal) else deal
    searcher = _Searcher(rules, expand_groups=expand_groups)
    searcher.stock_macros = searcher.stock_macros and stock_macros
    chosen = parse_enum(SolveMode, mode, what="mode")
    if chosen is not SolveMode.FAST and is_hole_only(rules, start):
        # every move puts one card in the hole: all solutions are equally long and a
        # position is a few integers, so a dedicated depth-first search fits best
        hole = solve_hole(rules, start, budget)
        return SolveResult(hole.verdict, hole.moves, hole.stats, SolveMethod.HOLE_DEPTH_FIRST)
    t0 = time.perf_counter()
    start, start_auto = autoplay(rules, start)
    match chosen:
        case SolveMode.EXHAUSTIVE:
            result = depth_first(searcher, start, budget)
        case SolveMode.FAST:
            result = best_first(searcher, start, budget, weight)
        case SolveMode.AUTO:
            result = portfolio(searcher, start, budget, weight)
        case _:
            assert_never(chosen)
    # the search's answer, after the starting autoplay
    moves = start_auto + result.moves if result.solved else ()
    stats = result.stats.replace(seconds=time.perf_counter() - t0)
    return result.replace(moves=moves, stats=stats)
