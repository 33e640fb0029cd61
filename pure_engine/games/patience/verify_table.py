"""The verifier's own table: a plain mutable layout that checks each move against the rules.

:class:`VerifyTable` holds a deal as lists (piles, cells, stock, waste,
reserve, hole, foundations) and :meth:`VerifyTable.apply` checks one
:class:`~pure_engine.games.patience.moves.Move` against the
:class:`~pure_engine.games.patience.variant.Variant`'s rules read straight from the
record -- source, destination, built groups, supermove limits, foundation
order -- then performs it (the move's locations come typed: kind and index,
parsed once where the move was read), or raises :class:`IllegalMove` with the reason.  It
shares no code with the solver's move generation
(:mod:`~pure_engine.games.patience.rules`): that is the point of an
independent verifier.  :mod:`~pure_engine.games.patience.verify` drives it.

>>> from pure_engine.games.patience.spec import load_variant
>>> from pure_engine.games.patience.deals import ms_deal
>>> from pure_engine.games.patience.moves import parse_move
>>> table = VerifyTable(load_variant("freecell"), ms_deal(1))
>>> table.apply(parse_move("t6-c2")); table.left()
52
>>> table.apply(parse_move("t6-f"))
Traceback (most recent call last):
...
pure_engine.games.patience.verify_table.IllegalMove: 2C cannot start the clubs foundation \
(it starts with A)
"""

from __future__ import annotations

from itertools import pairwise
from typing import assert_never

from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import Deal
from pure_engine.games.patience.moves import NO_INDEX, Location, Move, Places
from pure_engine.games.patience.variant import (
    BuildPolicy,
    DealType,
    FaceUp,
    GroupMove,
    GroupPolicy,
    SpacesPolicy,
    Variant,
)
from pure_engine.games.playing_cards import card_str, is_red, rank, suit

__all__ = ["IllegalMove", "VerifyTable"]

_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
_UNNUMBERED = frozenset({Places.HOLE, Places.STOCK, Places.WASTE})
_LOWEST_INDEX = dict.fromkeys((Places.PILE, Places.CELL, Places.RESERVE), 0) | dict.fromkeys(
    (Places.FOUNDATION, *_UNNUMBERED), NO_INDEX
)
"""Piles, cells and reserve piles are numbered; the foundations may be ("f" or "f2")."""


class IllegalMove(Exception):  # noqa: N818 - internal signal, never escapes verify()
    """Raised inside the replay; :func:`verify` turns it into a :class:`VerifyResult`."""


def _text(card: int) -> str:
    return card_str(card % 52)


class VerifyTable:
    """A plain mutable table, private to one :func:`~.verify.verify` call."""

    def __init__(self, variant: Variant, deal: Deal) -> None:
        self.v = variant
        self.piles = [list(p) for p in deal.piles]
        self.down = [max(len(p) - 1, 0) if variant.face_up is FaceUp.TOP else 0 for p in deal.piles]
        self.cells = list(deal.cells)
        self.stock = list(deal.stock)
        self.waste = list(deal.waste)
        if variant.reserve_stacked:
            self.reserve = [list(deal.reserve)]
        else:
            self.reserve = [[card] for card in deal.reserve]
        self.hole = [] if deal.hole is None else [deal.hole]
        copies = 2 if variant.two_decks else 1
        self.founds: list[list[int]] = [[] for _ in range(4 * copies)]
        for pile in deal.foundations:
            slot = self._free_foundation(suit(pile[0]))
            self.founds[slot] = list(pile)
        self.base = self._base_rank(deal)

    # ---------------------------------------------------------------- helpers
    def _base_rank(self, deal: Deal) -> int:
        base = self.v.fixed_foundation_rank
        if base is None:  # each deal draws it: read it off the deal
            return rank(deal.foundations[0][0]) if deal.foundations else 1
        return base

    def _free_foundation(self, suit_index: int) -> int:
        for slot in range(suit_index, len(self.founds), 4):
            if not self.founds[slot]:
                return slot
        raise ParseError(f"too many foundation piles of {_SUIT_WORDS[suit_index]}", where="deal")

    def builds(self, policy: BuildPolicy, lower: int, upper: int) -> bool:
        """May *upper* sit on *lower* under *policy* (descending by one)?"""
        if rank(lower) != rank(upper) + 1:
            return False
        match policy:
            case BuildPolicy.ANY_SUIT:
                return True
            case BuildPolicy.RED_BLACK:
                return is_red(lower) != is_red(upper)
            case BuildPolicy.SAME_SUIT:
                return suit(lower) == suit(upper)
            case BuildPolicy.NO_BUILD:
                return False
            case _:
                assert_never(policy)

    def index(self, location: Location, size: int, noun: str) -> int:
        """*location*'s index, checked against the *size* places of its kind."""
        if not 0 <= location.index < size:
            raise IllegalMove(f"no {noun} {location} ({size} {noun}s)")
        return location.index

    # ---------------------------------------------------------------- sources
    def take(self, move: Move) -> list[int]:
        """Check the source side and return the moving cards (bottom -> top), not removed yet."""
        src, count = move.src, move.count
        kind = src.kind
        if kind is Places.PILE:
            number = self.index(src, len(self.piles), "tableau pile")
            pile = self.piles[number]
            if len(pile) < count:
                held = f"only {len(pile)} card{'s' * (len(pile) != 1)}" if pile else "no cards"
                raise IllegalMove(f"{src} holds {held}, cannot move {count}")
            face_up = len(pile) - self.down[number]
            if count > face_up:
                raise IllegalMove(f"{src} has only {face_up} face-up cards, cannot move {count}")
            return pile[len(pile) - count :]
        if count != 1 and kind not in (Places.STOCK, Places.WASTE):
            raise IllegalMove(f"only one card moves from {src}, found count {count}")
        match kind:
            case Places.CELL:
                cell = self.cells[self.index(src, len(self.cells), "cell")]
                if cell is None:
                    raise IllegalMove(f"{src} is empty")
                return [cell]
            case Places.RESERVE:
                pile = self.reserve[self.index(src, len(self.reserve), "reserve pile")]
                if not pile:
                    raise IllegalMove(f"{src} is empty")
                return [pile[-1]]
            case Places.WASTE:
                if not self.waste:
                    raise IllegalMove("the waste is empty")
                return self.waste[-count:] if move.dst.kind is Places.STOCK else [self.waste[-1]]
            case Places.STOCK:
                if not self.stock:
                    raise IllegalMove("the stock is empty")
                if count > len(self.stock):
                    raise IllegalMove(
                        f"the stock holds only {len(self.stock)} cards, found {count}"
                    )
                return self.stock[len(self.stock) - count :]
            case Places.FOUNDATION:
                return [self._foundation_source(move)]
            case Places.HOLE:
                raise IllegalMove("cards never leave the hole")
            case Places.PILE:
                raise AssertionError("handled above")
            case _:
                assert_never(kind)

    def _foundation_source(self, move: Move) -> int:
        if not self.v.foundations or not self.v.foundations_removable:
            raise IllegalMove("cards never leave the foundations in this variant")
        tops = [pile[-1] for pile in self.founds if pile]
        if move.src.index != NO_INDEX:
            slot = self.index(move.src, len(self.founds), "foundation")
            if not self.founds[slot]:
                raise IllegalMove(f"foundation {move.src} is empty")
            return self.founds[slot][-1]
        fitting = [card for card in tops if self._fits_destination(card, move.dst)]
        if len(fitting) != 1:
            found = ", ".join(_text(c) for c in fitting) or "none"
            raise IllegalMove(
                f"'f' as a source must name exactly one fitting foundation card, found {found} "
                "(name it as f1..f4: clubs, diamonds, hearts, spades)"
            )
        return fitting[0]

    def _fits_destination(self, card: int, dst: Location) -> bool:
        try:
            self.check_put([card], dst, Move(Location(Places.FOUNDATION), dst))
        except IllegalMove:
            return False
        return True

    # ----------------------------------------------------------- destinations
    def check_put(self, cards: list[int], dst: Location, move: Move) -> None:
        """Check that *cards* (bottom -> top) may land on *dst*."""
        v, bottom = self.v, cards[0]
        src_kind = move.src.kind
        if dst == move.src:
            raise IllegalMove("source and destination are the same")
        if (
            src_kind is Places.STOCK
            and dst.kind is not Places.WASTE
            and not (dst.kind is Places.HOLE and v.stock_deal_type is DealType.HOLE)
        ):
            raise IllegalMove("stock cards are dealt to the waste first")
        match dst.kind:
            case Places.PILE:
                self._check_tableau(cards, dst, move)
            case Places.CELL:
                slot = self.index(dst, len(self.cells), "cell")
                if src_kind is Places.CELL:
                    raise IllegalMove("moving a card from cell to cell is not a move")
                if self.cells[slot] is not None:
                    raise IllegalMove(f"{dst} already holds {_text(self.cells[slot])}")  # type: ignore[arg-type]  # checked not None
                if len(cards) != 1:
                    raise IllegalMove(f"a cell holds one card, found count {len(cards)}")
            case Places.FOUNDATION:
                if dst.index != NO_INDEX:  # the suit picks the pile: "f", never "f2"
                    raise IllegalMove(f"cannot move cards to {dst}")
                self._check_foundation(cards)
            case Places.HOLE:
                self._check_hole(bottom, len(cards), move)
            case Places.WASTE:
                if src_kind is not Places.STOCK or v.stock_deal_type is not DealType.WASTE:
                    raise IllegalMove("only the stock deals to the waste")
                expected = min(v.stock_deal_count, len(self.stock))
                if move.count != expected:
                    raise IllegalMove(
                        f"the stock deals {expected} cards at a time, found {move.count}"
                    )
            case Places.STOCK:
                if src_kind is not Places.WASTE or not v.stock_redeal:
                    raise IllegalMove("cards go back to the stock only by a redeal from the waste")
                if self.stock:
                    raise IllegalMove("a redeal needs an empty stock")
                if move.count != len(self.waste):
                    raise IllegalMove(f"a redeal turns the whole waste ({len(self.waste)} cards)")
            case Places.RESERVE:
                raise IllegalMove(f"cannot move cards to {dst}")
            case _:
                assert_never(dst.kind)

    def _check_hole(self, bottom: int, count: int, move: Move) -> None:
        v = self.v
        if not v.hole:
            raise IllegalMove(f"{v.name} has no hole")
        if count != 1:
            raise IllegalMove(f"one card at a time goes to the hole, found count {count}")
        if move.src.kind is Places.STOCK and v.stock_deal_type is DealType.HOLE:
            return
        top = self.hole[-1] if self.hole else None
        if top is not None and not self._hole_neighbour(bottom, top):
            loops = "" if v.build_loops else ", no wrap between K and A"
            raise IllegalMove(
                f"{_text(bottom)} is not one rank from the hole's {_text(top)}{loops}"
            )

    def _hole_neighbour(self, card: int, top: int) -> bool:
        gap = abs(rank(card) - rank(top))
        wrap = self.v.build_loops and {rank(card), rank(top)} == {1, self.v.max_rank}
        return gap == 1 or wrap

    def _check_tableau(self, cards: list[int], dst: Location, move: Move) -> None:
        v, bottom = self.v, cards[0]
        target = self.piles[self.index(dst, len(self.piles), "tableau pile")]
        if v.build is BuildPolicy.NO_BUILD:
            raise IllegalMove(f"{v.name} does not build on the tableau")
        if target:
            top = target[-1]
            if not self.builds(v.build, top, bottom):
                raise IllegalMove(f"{_text(bottom)} does not build on {_text(top)} ({v.build})")
        elif v.spaces is SpacesPolicy.NO_BUILD:
            raise IllegalMove(f"{dst} is empty and {v.name} never fills an empty pile")
        elif v.spaces is SpacesPolicy.KINGS and rank(bottom) != v.max_rank:
            raise IllegalMove(f"{dst} is empty and only a king may fill it, found {_text(bottom)}")
        self._check_group(cards, dst, move)

    def _check_group(self, cards: list[int], dst: Location, move: Move) -> None:
        """Multi-card and tableau-to-tableau rules of ``"move built group"``."""
        v, count = self.v, len(cards)
        if move.src.kind is not Places.PILE:
            if count > 1:
                raise IllegalMove(f"only tableau piles move several cards, found count {count}")
            return
        policy = self._group_policy()
        for lower, upper in pairwise(cards):
            if not self.builds(policy, lower, upper):
                raise IllegalMove(
                    f"the {count} cards are not a built group: "
                    f"{_text(upper)} does not build on {_text(lower)} ({policy})"
                )
        number = move.src.index
        source = self.piles[number]
        mode = v.move_group
        if mode is GroupMove.YES:
            return
        if mode is GroupMove.WHOLE_PILE:
            if count != len(source):
                raise IllegalMove(
                    f"only whole piles move between tableau piles, {move.src} holds {len(source)}"
                )
            return
        if mode in (GroupMove.MAXIMAL_GROUP, GroupMove.PARTIAL_IF_CARD_ABOVE_BUILDABLE):
            height = self._run_height(number)
            if mode is GroupMove.MAXIMAL_GROUP and count != height:
                raise IllegalMove(
                    f"only the whole built group moves ({height} cards on {move.src}), "
                    f"found count {count}"
                )
            target = self.piles[dst.index]
            uncovered = source[-count - 1] if count < height else None
            if target and uncovered is not None and self._slot_for(uncovered) is None:
                raise IllegalMove(
                    f"part of a built group moves only when the card it uncovers can go to "
                    f"the foundations, and {_text(uncovered)} cannot"
                )
            return
        if count == 1:
            return
        free = sum(cell is None for cell in self.cells)
        empties = sum(1 for i, p in enumerate(self.piles) if not p and i != dst.index)
        usable = empties if v.spaces is SpacesPolicy.ANY else 0
        limit = (free + 1) * 2**usable
        if count > limit:
            raise IllegalMove(
                f"only {limit} cards move as a unit with {free} free cell{'s' * (free != 1)} "
                f"and {usable} usable empty pile{'s' * (usable != 1)}, found {count}"
            )

    def _group_policy(self) -> BuildPolicy:
        policy = self.v.move_group_policy
        return self.v.build if policy is GroupPolicy.SAME_AS_BUILD else BuildPolicy(policy.value)

    def _run_height(self, number: int) -> int:
        """How many face-up cards at the top of pile *number* form one built group."""
        pile, policy = self.piles[number], self._group_policy()
        height = 1
        while height < len(pile) - self.down[number] and self.builds(
            policy, pile[-height - 1], pile[-height]
        ):
            height += 1
        return height

    def _check_foundation(self, cards: list[int]) -> None:
        v = self.v
        if not v.foundations:
            raise IllegalMove(f"{v.name} has no foundations")
        if v.foundations_complete_only:
            run = [rank(c) for c in cards]
            same = len({suit(c) for c in cards}) == 1
            if len(cards) != v.max_rank or not same or run != list(range(v.max_rank, 0, -1)):
                raise IllegalMove("only a complete same-suit run K..A goes to the foundations")
            if self._slot_for(cards[0], complete=True) is None:
                raise IllegalMove("no empty foundation for a complete run")
            return
        if len(cards) != 1:
            raise IllegalMove(f"one card at a time goes to the foundations, found {len(cards)}")
        if self._slot_for(cards[0]) is None:
            raise IllegalMove(self._foundation_why(cards[0]))

    def _next_rank(self, top: int) -> int:
        return rank(top) % self.v.max_rank + 1

    def _slot_for(self, card: int, *, complete: bool = False) -> int | None:
        for slot in range(suit(card), len(self.founds), 4):
            pile = self.founds[slot]
            if complete:
                if not pile:
                    return slot
            elif not pile:
                if rank(card) == self.base:
                    return slot
            elif len(pile) < self.v.max_rank and rank(card) == self._next_rank(pile[-1]):
                return slot
        return None

    def _foundation_why(self, card: int) -> str:
        tops = [p[-1] for p in self.founds[suit(card) :: 4] if p]
        word = _SUIT_WORDS[suit(card)]
        if not tops:
            base = card_str(self.base - 1)[:-1]
            return f"{_text(card)} cannot start the {word} foundation (it starts with {base})"
        shown = " / ".join(_text(t) for t in tops)
        return f"{_text(card)} is not next on the {word} foundation (top {shown})"

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        """Check *move* fully, then perform it."""
        for location in (move.src, move.dst):  # a hand-built location may be ill-formed
            if location.index < _LOWEST_INDEX[location.kind]:
                raise IllegalMove(f"unknown location {location.kind.value!r}#{location.index}")
            if location.index != NO_INDEX and location.kind in _UNNUMBERED:
                raise IllegalMove(f"unknown location {location.kind.value!r}#{location.index}")
        cards = self.take(move)
        self.check_put(cards, move.dst, move)
        self._remove(move, len(cards))
        self._place(move, cards)

    def _remove(self, move: Move, count: int) -> None:
        src = move.src
        match src.kind:
            case Places.PILE:
                number = src.index
                pile = self.piles[number]
                del pile[len(pile) - count :]
                if self.down[number] and self.down[number] >= len(pile):
                    self.down[number] = len(pile) - 1 if pile else 0
            case Places.CELL:
                self.cells[src.index] = None
            case Places.RESERVE:
                self.reserve[src.index].pop()
            case Places.WASTE:
                del self.waste[len(self.waste) - count :]
            case Places.STOCK:
                del self.stock[len(self.stock) - count :]
            case Places.FOUNDATION | Places.HOLE:
                moved = self.take(move)[0]
                for pile in self.founds:
                    if pile and pile[-1] == moved:
                        pile.pop()
                        break
            case _:
                assert_never(src.kind)

    def _place(self, move: Move, cards: list[int]) -> None:
        dst = move.dst
        match dst.kind:
            case Places.PILE:
                self.piles[dst.index].extend(cards)
            case Places.CELL:
                self.cells[dst.index] = cards[0]
            case Places.FOUNDATION:
                complete = self.v.foundations_complete_only
                slot = self._slot_for(cards[0], complete=complete)
                assert slot is not None
                self.founds[slot].extend(reversed(cards) if complete else cards)
            case Places.HOLE:
                self.hole.append(cards[0])
            case Places.WASTE:
                self.waste.extend(reversed(cards))  # the stock's last card is turned first
            case Places.STOCK:
                self.stock.extend(reversed(cards))
            case Places.RESERVE:
                raise AssertionError("check_put lets no card onto a reserve pile")
            case _:
                assert_never(dst.kind)

    def to_deal(self) -> Deal:
        """The current layout as a :class:`Deal` (the hole keeps only its top card)."""
        reserve = [card for pile in self.reserve for card in pile]
        return Deal(
            tuple(tuple(p) for p in self.piles),
            tuple(self.cells),
            tuple(self.stock),
            tuple(reserve),
            self.hole[-1] if self.hole else None,
            tuple(tuple(p) for p in self.founds if p),
            tuple(self.waste),
        )

    def left(self) -> int:
        """Cards not yet on the foundations or in the hole."""
        return (
            sum(len(p) for p in self.piles)
            + sum(c is not None for c in self.cells)
            + len(self.stock)
            + len(self.waste)
            + sum(len(p) for p in self.reserve)
        )
