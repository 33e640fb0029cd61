"""A patience position and what follows from it alone: the state, its transition, its key.

:class:`PatienceState` is a record of tuples (piles bottom->top, cells by
physical slot with ``-1`` for an empty cell, the top rank on each foundation,
the hole's top card, stock, waste, reserve, face-down counts).  A
:class:`~pure_engine.games.patience.moves.Move` names physical places (typed
locations, ``t3``, ``c1``, ``f``, ...); :func:`apply_move` performs one without checking it
(the fast path: the move generator of :mod:`~pure_engine.games.patience.rules`
only makes legal ones).  :func:`is_won` and :func:`position_key` need no rule
either: the variant's :class:`~pure_engine.games.patience.rules.PatienceRules` exposes
them as ``apply``, ``is_won`` and ``key``.

>>> from pure_engine.games.patience.moves import CELLS, PILES
>>> s0 = PatienceState(piles=((0, 14), ()), cells=(-1,))
>>> s1 = apply_move(s0, Move(PILES[0], CELLS[0]))
>>> s1.piles, s1.cells, s0.cells            # s0 is unchanged
(((0,), ()), (14,), (-1,))
"""

from __future__ import annotations

from typing import Final, TypeVar, assert_never

from mypy_extensions import i64

from pure_engine.core.frozen import Frozen
from pure_engine.games.patience.moves import Move, Places

__all__ = [
    "EMPTY",
    "PatienceState",
    "SearchKey",
    "apply_move",
    "is_won",
    "keyed",
    "pile_hash",
    "position_key",
    "search_key",
]

T = TypeVar("T")

EMPTY: Final = -1
"""An empty cell, or no card in the hole."""


class PatienceState(Frozen):
    """A patience position; every field is immutable.

    ``found[s]`` is the top rank on suit *s*'s foundation (0 when empty);
    ``stock``'s last card is dealt first; ``waste``'s last card is playable;
    ``reserve`` holds the reserve piles bottom -> top (one card each, or one
    stacked pile; only tops move); ``down[i]`` counts the face-down cards at the
    bottom of pile *i* (``()`` when every card is face up).

    A native record (:class:`~pure_engine.core.frozen.Frozen`), which digests as the
    struct it was: compiled, the solver reads its fields as C loads and builds it with
    one C call.  With :class:`~pure_engine.games.patience.moves.Move` and ``Location``
    native too, the solver takes 1919 M instructions on FreeCell deals 2-31 against
    2596 M with the three as ``Struct``.
    """

    __match_args__ = (
        "piles",
        "cells",
        "found",
        "hole",
        "stock",
        "waste",
        "redeals",
        "reserve",
        "down",
    )

    def __init__(
        self,
        piles: tuple[tuple[int, ...], ...],
        cells: tuple[int, ...] = (),
        found: tuple[int, ...] = (0, 0, 0, 0),
        hole: int = EMPTY,
        stock: tuple[int, ...] = (),
        waste: tuple[int, ...] = (),
        redeals: int = 0,
        reserve: tuple[tuple[int, ...], ...] = (),
        down: tuple[int, ...] = (),
    ) -> None:
        self.piles: Final = piles
        self.cells: Final = cells
        self.found: Final = found
        self.hole: Final = hole
        self.stock: Final = stock
        self.waste: Final = waste
        self.redeals: Final = redeals
        self.reserve: Final = reserve
        self.down: Final = down


def is_won(state: PatienceState) -> bool:
    """All cards on the foundations (or in the hole): nothing left anywhere else.

    >>> is_won(PatienceState(piles=((),) * 8, cells=(-1,) * 4, found=(13,) * 4))
    True
    """
    if state.stock or state.waste or any(state.reserve):
        return False
    for cell in state.cells:
        if cell != EMPTY:
            return False
    return not any(state.piles)


def position_key(state: PatienceState) -> tuple[object, ...]:
    """The canonical key: piles and cells sorted (their order never matters).

    The foundations are left out: they hold exactly the cards that are
    nowhere else.  Of the hole only its top card's rank is kept (what may
    go on it never depends on the suit); stock and waste are kept, the
    reserve piles sorted, and each pile's face-down count travels with it.

    >>> a = PatienceState(piles=((1,), (2,)), cells=(5, -1))
    >>> position_key(a) == position_key(PatienceState(piles=((2,), (1,)), cells=(-1, 5)))
    True
    """
    piles: tuple[object, ...] = tuple(sorted(state.piles))
    if state.down:  # a pile is its cards and how many of them are face down
        piles = tuple(sorted(zip(state.piles, state.down, strict=True)))
    return _key_with(piles, state)


def _key_with(piles: object, state: PatienceState) -> tuple[object, ...]:
    """A key of *state* made of *piles* and the rest, cells sorted (:func:`position_key`)."""
    return (
        piles,
        tuple(sorted(state.cells)),
        state.hole % 13 if state.hole >= 0 else EMPTY,
        state.stock,
        state.waste,
        tuple(sorted(state.reserve)) if state.reserve else (),
    )


class SearchKey:
    """The solver's transposition key of *state*: equal exactly when :func:`position_key` is.

    It hashes the places without building the canonical key: a sum over the piles of a
    hash of each pile's cards (a sum, so the piles' order does not count), plus a code per
    card in a cell, computed with small ints that compiled code keeps unboxed.  Two keys
    with one hash compare their states' places as they lie, and only when those differ
    their canonical keys.  Compiled, against a frozenset of the piles and the cells sorted,
    held with its hash: FreeCell deals 2-31 take 1 216 M instructions against 1 357 M
    (a fallback to the canonical keys costs about 5 k, on 5 468 of 18 672 equal hashes),
    Baker's Game deals 1-5 and Flower Garden 1-3 at 5 000 expansions 4 499 M against 6 096 M.

    >>> a = PatienceState(piles=((1,), (), (2,), ()), cells=(5, -1))
    >>> b = PatienceState(piles=((), (2,), (), (1,)), cells=(-1, 5))
    >>> search_key(a) == search_key(b), search_key(a) == search_key(a.replace(cells=(6, -1)))
    (True, False)
    """

    def __init__(self, state: PatienceState, hashed: int) -> None:
        self.state: Final = state
        self.hashed: Final = hashed

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SearchKey) or self.hashed != other.hashed:
            return False
        a, b = self.state, other.state
        if (
            a.piles == b.piles
            and a.down == b.down
            and a.hole == b.hole
            and a.stock == b.stock
            and a.waste == b.waste
            and a.reserve == b.reserve
        ):
            # the same piles, as they lie: the cells may differ in order only, when two
            # cards went to the first free cell in either order (the commonest tie: on
            # FreeCell deals 2-31, 5 240 of 18 672; compiled, the equality takes 38 M
            # instructions in all against 82 M with the canonical keys for it)
            return a.cells == b.cells or sorted(a.cells) == sorted(b.cells)
        return position_key(a) == position_key(b)

    def __repr__(self) -> str:
        return f"SearchKey({position_key(self.state)!r})"


def _cards_hash(cards: tuple[int, ...], seed: i64) -> i64:
    """A hash of a sequence of cards below 2 ** 32 (FNV-1a's shape: xor, multiply, mask).

    ``i64``: compiled, machine integers (the keys of FreeCell deals 2-31 take 113 M
    instructions against 184 M with Python ints, whose every operation checks for a boxed
    operand); the mask keeps each product below 2 ** 57, so neither build overflows.
    """
    h = seed
    for card in cards:
        h = ((h ^ card) * 16_777_619) & 0xFFFF_FFFF
    return h


def _cell_code(card: i64) -> i64:
    """What *card* in a cell adds to its position's hash: the card mixed as a pile's cards
    are, from a seed no pile has (computed, not read from a table of 53 codes: compiled,
    the table's Python ints were unboxed one by one; FreeCell deals 2-31: 455.9 M
    instructions in all against 461.1 M)."""
    h = ((0x2545F491 ^ card) * 16_777_619) & 0xFFFF_FFFF
    return h ^ (h >> 17)


def pile_hash(cards: tuple[int, ...], seed: i64) -> i64:
    """What a pile of *cards* adds to its position's hash; *seed* is 0 where no card is
    face down, else 1 + the pile's face-down count."""
    h = _cards_hash(cards, seed)
    return h ^ (h >> 17)


def _piles_hash(state: PatienceState) -> i64:
    """What the piles add to a position's hash (:class:`SearchKey`): the sum of
    :func:`pile_hash` over them, so that their order does not count."""
    total: i64 = 0
    down = state.down
    for i, pile in enumerate(state.piles):
        total += pile_hash(pile, down[i] + 1 if down else 0)
    return total


def _others_hash(state: PatienceState) -> i64:
    """What the places other than the piles add to a position's hash (:class:`SearchKey`)."""
    total: i64 = 0
    for card in state.cells:
        if card != EMPTY:
            total += _cell_code(card)
    if state.hole != EMPTY or state.stock or state.waste or state.reserve:
        for pile in state.reserve:
            total += _cards_hash(pile, 7) * 3
        total += _cards_hash(state.stock, 11) * 5 + _cards_hash(state.waste, 13) * 7
        total += (state.hole % 13 + 1) * 0x9E3779 if state.hole >= 0 else 0
    return total


def search_key(state: PatienceState) -> SearchKey:
    """The solver's key of *state* (:class:`SearchKey`).

    >>> a = PatienceState(piles=((1,), (), (2,), ()), cells=(5, -1))
    >>> search_key(a) == search_key(PatienceState(piles=((), (2,), (), (1,)), cells=(-1, 5)))
    True
    """
    return keyed(state, _piles_hash(state))


def keyed(state: PatienceState, piles_hash: i64) -> SearchKey:
    """The key of *state* (:func:`search_key`) from the sum of its piles' hashes
    (:func:`pile_hash`), for a caller that knows some of them already: the solver reads the
    hash of a pile it has seen off that pile's facts."""
    return SearchKey(state, piles_hash + _others_hash(state))


def apply_move(state: PatienceState, move: Move) -> PatienceState:
    """Return *state* after *move* (unchecked: *move* must be legal).

    The move's locations are typed (kind and index, parsed once where the move
    was made), so nothing here reads a location's name; the ``case`` patterns
    name :class:`~pure_engine.games.patience.moves.Places`, the fast aliases of
    the ``Place`` members.

    >>> from pure_engine.games.patience.moves import FOUNDATIONS, PILES
    >>> s0 = PatienceState(piles=((0,), ()), cells=(-1,))
    >>> apply_move(s0, Move(PILES[0], FOUNDATIONS)).found, s0.found
    ((1, 0, 0, 0), (0, 0, 0, 0))
    """
    src, dst, count = move.src, move.dst, move.count
    piles, cells, found = state.piles, state.cells, state.found
    hole, stock, waste, redeals = state.hole, state.stock, state.waste, state.redeals
    reserve, down = state.reserve, state.down
    if src.kind is Places.PILE and dst.kind is Places.PILE and not down:
        return _pile_to_pile(state, src.index, dst.index, count)
    if src.kind is Places.PILE and dst.kind is Places.CELL and not down:
        return _pile_to_cell(state, src.index, dst.index)
    # take the cards
    match src.kind:
        case Places.PILE:
            i = src.index
            cards = piles[i][-count:]
            piles = _replaced(piles, i, piles[i][:-count])
            if down and down[i] >= len(piles[i]):  # the new top card turns face up
                down = _replaced(down, i, max(len(piles[i]) - 1, 0))
        case Places.CELL:
            j = src.index
            cards = (cells[j],)
            cells = _replaced(cells, j, EMPTY)
        case Places.WASTE:
            if dst.kind is Places.STOCK:  # redeal: the waste turns over to become the stock
                stock, waste, redeals = waste[::-1], (), redeals + 1
                return PatienceState(
                    piles, cells, found, hole, stock, waste, redeals, reserve, down
                )
            cards = (waste[-1],)
            waste = waste[:-1]
        case Places.STOCK:
            if dst.kind is Places.WASTE:
                stock, waste = stock[:-count], waste + stock[-count:][::-1]
                return PatienceState(
                    piles, cells, found, hole, stock, waste, redeals, reserve, down
                )
            cards = (stock[-1],)
            stock = stock[:-1]
        case Places.RESERVE:
            i = src.index
            cards = (reserve[i][-1],)
            reserve = _replaced(reserve, i, reserve[i][:-1])
        case Places.FOUNDATION:
            pile_suit = src.index
            cards = (pile_suit * 13 + found[pile_suit] - 1,)
            found = _replaced(found, pile_suit, found[pile_suit] - 1)
        case Places.HOLE:
            raise AssertionError(f"cards never leave the hole: {move!r}")
        case _:
            assert_never(src.kind)
    # put them down
    match dst.kind:
        case Places.PILE:
            i = dst.index
            piles = _replaced(piles, i, piles[i] + cards)
        case Places.CELL:
            j = dst.index
            cells = _replaced(cells, j, cards[0])
        case Places.FOUNDATION:
            card = cards[0]
            s = card // 13
            found = _replaced(found, s, card % 13 + 1)
        case Places.HOLE:
            hole = cards[0]
        case Places.STOCK | Places.WASTE | Places.RESERVE:
            raise AssertionError(f"cards are never put on {dst}: {move!r}")
        case _:
            assert_never(dst.kind)
    return PatienceState(piles, cells, found, hole, stock, waste, redeals, reserve, down)


def _pile_to_pile(state: PatienceState, i: int, j: int, count: int) -> PatienceState:
    """*state* with *count* cards moved from pile *i* to pile *j*, no card face down: the
    commonest move, both piles rewritten in one copy of the tableau, not one copy each
    (compiled, FreeCell deals 2-31: 525.7 M instructions against 535.0 M)."""
    piles = state.piles
    tableau = list(piles)
    tableau[i] = piles[i][:-count]
    tableau[j] = piles[j] + piles[i][-count:]
    return PatienceState(
        tuple(tableau),
        state.cells,
        state.found,
        state.hole,
        state.stock,
        state.waste,
        state.redeals,
        state.reserve,
        state.down,
    )


def _pile_to_cell(state: PatienceState, i: int, j: int) -> PatienceState:
    """*state* with pile *i*'s top card moved to cell *j*, no card face down: the commonest
    move of all (FreeCell deals 2-31: 14 209 of 30 586 children), its card read off the
    pile, not sliced out of it (compiled: 433.2 M instructions in all against 436.7 M)."""
    pile = state.piles[i]
    return PatienceState(
        _replaced(state.piles, i, pile[:-1]),
        _replaced(state.cells, j, pile[-1]),
        state.found,
        state.hole,
        state.stock,
        state.waste,
        state.redeals,
        state.reserve,
        state.down,
    )


def _replaced(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """*items* with item *i* replaced by *value*.

    Through a list: compiled, 0.21 against 0.37 us for the unpacking form
    ``(*items[:i], value, *items[i + 1 :])`` on an 8-pile tableau (FreeCell deals 2-31:
    2697 M instructions in all against 2785 M).

    >>> _replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    out = list(items)
    out[i] = value
    return tuple(out)
