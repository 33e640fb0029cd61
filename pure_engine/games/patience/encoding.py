"""Patience for learners: a card-by-place observation tensor and every move numbered.

The tensor has one row per card id (``suit * 13 + rank - 1``: 52 rows, rows of
ranks past the variant's ``max rank`` stay zero) and one column per place the
variant has — each tableau pile, each cell, each reserve pile, the stock and
the waste (when there is a stock), and "gone" (on a foundation, or into the
hole) — then how deep the card lies under the top of its pile (0 = exposed, as
a fraction of the deck), whether it is face down, and (when there is a hole)
whether it is the hole's top card.  FreeCell: 8 + 4 + 1 + 2 = 15 columns.

Moves are numbered by family, in the order :meth:`PatienceRules.moves` lists them:
to the foundation, to the hole, the stock deal and the redeal, a single card
from a cell / the waste / a reserve pile onto a pile, pile to pile (one number
per card count, up to ``max rank``), back from a removable foundation, pile to
cell.  The stock deal and the redeal move as many cards as the state says, so
each has one number.  Freecell has 804 numbers.

>>> from pure_engine.games.patience.deals import ms_deal
>>> from pure_engine.games.patience.spec import load_variant
>>> rules = PatienceRules.from_variant(load_variant("freecell"))
>>> enc = make_encoding(rules)
>>> enc.observation_shape, enc.num_distinct_actions
((52, 15), 804)
>>> s0 = rules.initial(ms_deal(1))
>>> move = rules.moves(s0)[0]
>>> move, enc.action_index(s0, move), enc.index_action(s0, 772) == move
(Move.from_str('t1-c1'), 772, True)
"""

from __future__ import annotations

from pure_engine.core.encoding import Encoding
from pure_engine.errors import IllegalActionError
from pure_engine.games.patience.moves import (
    CELLS,
    FOUNDATION_PILES,
    FOUNDATIONS,
    HOLE,
    PILES,
    RESERVES,
    STOCK,
    WASTE,
    Location,
    Move,
)
from pure_engine.games.patience.rules import EMPTY, PatienceRules, PatienceState
from pure_engine.games.patience.variant import BuildPolicy

__all__ = ["make_encoding", "move_numbers"]

_CARDS = 52
_DEAL = (STOCK, WASTE)
_REDEAL = (WASTE, STOCK)


def move_numbers(rules: PatienceRules) -> tuple[tuple[Location, Location, int], ...]:
    """Every ``(src, dst, count)`` the variant can ever play, in number order.

    The stock deal and the redeal are listed with count 0: the state decides it.

    >>> from pure_engine.games.patience.spec import load_variant
    >>> numbers = move_numbers(PatienceRules.from_variant(load_variant("golf")))
    >>> [(str(src), str(dst), n) for src, dst, n in numbers[:2]]
    [('t1', 'h', 1), ('t2', 'h', 1)]
    """
    variant = rules.variant
    piles = list(PILES[: rules.npiles])
    cells = list(CELLS[: rules.ncells])
    reserve = list(RESERVES[: _reserve_piles(rules)])
    stock = variant.stock_size > 0
    singles = cells + reserve + ([WASTE] if stock and not rules.hole else [])
    out: list[tuple[Location, Location, int]] = []
    if rules.foundations:
        out += [(src, FOUNDATIONS, 1) for src in piles + singles]
    if rules.hole:
        out += [(src, HOLE, 1) for src in piles]
        if rules.stock_to_hole:
            out.append((STOCK, HOLE, 1))
    elif stock:
        out += [(*_DEAL, 0), (*_REDEAL, 0)]
    if variant.build is not BuildPolicy.NO_BUILD:
        out += [(src, dst, 1) for src in singles for dst in piles]
        out += [
            (src, dst, count)
            for src in piles
            for dst in piles
            if src != dst
            for count in range(1, variant.max_rank + 1)
        ]
        if rules.removable:
            out += [(source, dst, 1) for source in FOUNDATION_PILES for dst in piles]
    out += [(src, dst, 1) for src in piles for dst in cells]
    return tuple(out)


def _reserve_piles(rules: PatienceRules) -> int:
    size = rules.variant.reserve_size
    return min(size, 1) if rules.variant.reserve_stacked else size


def make_encoding(rules: PatienceRules) -> Encoding[PatienceState, Move]:
    """The :class:`Encoding` of the variant *rules* play (see the module doc)."""
    numbers = move_numbers(rules)
    index_of = {
        (src, dst, 0 if (src, dst) in (_DEAL, _REDEAL) else count): i
        for i, (src, dst, count) in enumerate(numbers)
    }
    npiles, ncells = rules.npiles, rules.ncells
    reserve_col = npiles + ncells
    stock_col = reserve_col + _reserve_piles(rules)
    has_stock = rules.variant.stock_size > 0
    gone_col = stock_col + (2 if has_stock else 0)
    depth_col, down_col = gone_col + 1, gone_col + 2
    hole_col = down_col + 1 if rules.hole else -1
    width = down_col + (2 if rules.hole else 1)
    deck = rules.variant.deck_size
    present = [card for card in range(_CARDS) if card % 13 < rules.variant.max_rank]

    def tensor(state: PatienceState, player: int) -> list[float]:
        out = [0.0] * (_CARDS * width)
        placed: set[int] = set()

        def put(stack: tuple[int, ...], column: int, hidden: int = 0) -> None:
            top = len(stack) - 1
            for at, card in enumerate(stack):
                row = card * width
                out[row + column] = 1.0
                out[row + depth_col] = (top - at) / deck
                if at < hidden:
                    out[row + down_col] = 1.0
                placed.add(card)

        for i, pile in enumerate(state.piles):
            put(pile, i, state.down[i] if state.down else 0)
        for j, card in enumerate(state.cells):
            if card != EMPTY:
                put((card,), npiles + j)
        for j, pile in enumerate(state.reserve):
            put(pile, reserve_col + j)
        if has_stock:
            put(state.stock, stock_col)
            put(state.waste, stock_col + 1)
        for card in present:
            if card not in placed:
                out[card * width + gone_col] = 1.0
        if state.hole != EMPTY:
            out[state.hole * width + hole_col] = 1.0
        return out

    def action_index(state: PatienceState, move: Move) -> int:
        count = 0 if (move.src, move.dst) in (_DEAL, _REDEAL) else move.count
        index = index_of.get((move.src, move.dst, count))
        if index is None:
            raise IllegalActionError(f"{rules.variant.name} never plays the move {str(move)!r}")
        return index

    def index_action(state: PatienceState, index: int) -> Move:
        src, dst, count = numbers[index]
        if (src, dst) == _DEAL:
            return Move(src, dst, min(rules.deal_count, len(state.stock)))
        if (src, dst) == _REDEAL:
            return Move(src, dst, len(state.waste))
        return Move(src, dst, count)

    return Encoding(
        observation_shape=(_CARDS, width),
        observation_tensor=tensor,
        num_distinct_actions=len(numbers),
        action_index=action_index,
        index_action=index_action,
    )
