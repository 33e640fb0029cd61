"""Patience move generation from a :class:`~pure_engine.games.patience.variant.Variant`.

:class:`PatienceRules` is built once per variant; it holds the precomputed tables
(which card may go on which, which pairs form a built group, when a card is
safe to send up) and the functions over states that depend on them:
:meth:`PatienceRules.initial`, :meth:`PatienceRules.moves` (legal moves, one small method per
move family) and :meth:`PatienceRules.search_key`.  What needs no rule lives with the
state in :mod:`~pure_engine.games.patience.position` (:class:`PatienceState`,
the unchecked transition, won-ness, the canonical key); ``PatienceRules`` exposes it as
:meth:`PatienceRules.apply`, :meth:`PatienceRules.is_won` and :meth:`PatienceRules.key`, and this
module re-exports ``PatienceState`` and ``EMPTY``.

Moves are :class:`~pure_engine.games.patience.moves.Move` records naming
physical places (typed locations built once: ``PILES[i]``, ``CELLS[j]``,
``FOUNDATIONS``, ...), so a move list replays on the real table and is exactly
what the independent verifier reads.

>>> from pure_engine.games.patience.spec import load_variant
>>> from pure_engine.games.patience.deals import ms_deal
>>> rules = PatienceRules.from_variant(load_variant("freecell"))
>>> s0 = rules.initial(ms_deal(1))
>>> [str(m) for m in rules.moves(s0)][:3]
['t1-c1', 't2-c1', 't3-c1']
>>> s1 = rules.apply(s0, rules.moves(s0)[1])
>>> s0.cells, s1.cells                     # s0 is unchanged
((-1, -1, -1, -1), (8, -1, -1, -1))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pure_engine.games.patience.deals import Deal
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
from pure_engine.games.patience.position import (
    EMPTY,
    PatienceState,
    SearchKey,
    apply_move,
    is_won,
    position_key,
    search_key,
)
from pure_engine.games.patience.tables import (
    SUPPORTED_NOTE,
    card_safe_need,
    host_table,
    link_table,
    refuse_unsupported,
)
from pure_engine.games.patience.variant import (
    BuildPolicy,
    DealType,
    FaceUp,
    GroupMove,
    GroupPolicy,
    SpacesPolicy,
    Variant,
)
from pure_engine.games.playing_cards import rank, suit
from pure_engine.search.puzzle_records import HashedKey

__all__ = ["EMPTY", "SUPPORTED_NOTE", "PatienceRules", "PatienceState", "rules_for"]


@lru_cache(maxsize=16)
def rules_for(variant: Variant, supermoves: bool = True) -> PatienceRules:
    """:meth:`PatienceRules.from_variant`, built once per variant and kept: the tables
    depend on the variant alone, and a batch solves many deals of one (compiled, building
    them takes about a millisecond, a tenth of a typical FreeCell deal's solve; deals
    2-31: 1729 M instructions against 1849 M).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> rules_for(load_variant("freecell")) is rules_for(load_variant("freecell"))
    True
    """
    return PatienceRules.from_variant(variant, supermoves=supermoves)


@dataclass(frozen=True, slots=True)
class PatienceRules:
    """Precomputed tables and the pure move functions for one variant."""

    variant: Variant
    npiles: int
    ncells: int
    hosts: tuple[tuple[int, ...], ...]
    """``hosts[c]``: the cards *c* may be placed on in the tableau."""
    links: tuple[bool, ...]
    """``links[below * 64 + above]``: the pair forms a built group."""
    safe_need: tuple[tuple[tuple[int, int], ...], ...]
    """``safe_need[c]``: (suit, rank) pairs that must be on the foundations for *c* to be safe."""
    group_moves: bool
    group_mode: GroupMove
    """``"move built group"``: no (supermoves only), yes, whole-pile, maximal-group, partial."""
    supermoves: bool
    """Built groups move as supermoves (mode ``no``), as many cards as free cells and spaces
    allow (:meth:`group_limit`)."""
    whole_pile: bool
    """Only whole piles move (``group_mode`` is ``whole-pile``)."""
    maximal_group: bool
    """Only the whole built group on top moves (``maximal-group``)."""
    partial_group: bool
    """Part of a group moves onto a card only when the card it uncovers goes up at once
    (``partial-if-card-above-buildable``: Klondike)."""
    kings_only: bool
    no_spaces: bool
    foundations: bool
    hole: bool
    loops: bool
    stock_to_hole: bool
    deal_count: int
    redeal: bool
    removable: bool
    builds_anything: bool

    @classmethod
    def from_variant(cls, variant: Variant, *, supermoves: bool = True) -> PatienceRules:
        """Build the tables for *variant*.

        >>> from pure_engine.games.patience.spec import load_variant
        >>> PatienceRules.from_variant(load_variant("seahaven-towers")).kings_only
        True

        With *supermoves* (the default), a variant that moves single cards only
        ("move built group": "no") also moves a built group of *n* cards when
        ``n <= (free cells + 1) * 2 ** (empty piles)`` -- shorthand for the
        single-card moves through cells and spaces, so solvability is unchanged.

        Raises ``ParseError`` for rule features the engine does not implement.
        """
        refuse_unsupported(variant)
        build = variant.build
        gpolicy = (
            build
            if variant.move_group_policy is GroupPolicy.SAME_AS_BUILD
            else BuildPolicy(variant.move_group_policy.value)
        )
        hosts, links = host_table(build), link_table(gpolicy)
        safe_need = tuple(card_safe_need(build, c) for c in range(52))
        groups = build is not BuildPolicy.NO_BUILD and (
            variant.move_group is not GroupMove.NO or supermoves
        )
        return cls(
            variant=variant,
            npiles=variant.piles,
            ncells=variant.cells,
            hosts=hosts,
            links=links,
            safe_need=safe_need,
            group_moves=groups,
            group_mode=variant.move_group,
            supermoves=groups and variant.move_group is GroupMove.NO,
            whole_pile=variant.move_group is GroupMove.WHOLE_PILE,
            maximal_group=variant.move_group is GroupMove.MAXIMAL_GROUP,
            partial_group=variant.move_group is GroupMove.PARTIAL_IF_CARD_ABOVE_BUILDABLE,
            kings_only=variant.spaces is SpacesPolicy.KINGS,
            no_spaces=variant.spaces is SpacesPolicy.NO_BUILD,
            foundations=variant.foundations,
            hole=variant.hole,
            loops=variant.build_loops,
            stock_to_hole=variant.stock_size > 0 and variant.stock_deal_type is DealType.HOLE,
            deal_count=max(1, variant.stock_deal_count),
            redeal=variant.stock_redeal,
            removable=variant.foundations and variant.foundations_removable,
            builds_anything=build is not BuildPolicy.NO_BUILD,
        )

    apply = staticmethod(apply_move)
    """``apply(state, move)``: *state* after *move*, unchecked (:func:`~.position.apply_move`)."""
    is_won = staticmethod(is_won)
    """``is_won(state)``: nothing left to play (:func:`~.position.is_won`)."""
    key = staticmethod(position_key)
    """``key(state)``: the canonical key (:func:`~.position.position_key`)."""

    # ------------------------------------------------------------------ setup
    def initial(self, deal: Deal) -> PatienceState:
        """The starting position for *deal* (a foundation pile counts by its top card).

        >>> from pure_engine.games.patience.spec import load_variant
        >>> from pure_engine.games.patience.deals import numbered_deal
        >>> variant = load_variant("beleaguered-castle")
        >>> PatienceRules.from_variant(variant).initial(numbered_deal(variant, 1)).found
        (1, 1, 1, 1)
        """
        cells = tuple(EMPTY if c is None else c for c in deal.cells)
        cells = cells + (EMPTY,) * (self.ncells - len(cells))
        found = [0, 0, 0, 0]
        for pile in deal.foundations:
            if pile:
                found[suit(pile[-1])] = rank(pile[-1])
        return PatienceState(
            piles=tuple(tuple(p) for p in deal.piles),
            cells=cells,
            found=tuple(found),
            hole=EMPTY if deal.hole is None else deal.hole,
            stock=tuple(deal.stock),
            waste=(),
            redeals=0,
            reserve=(
                (tuple(deal.reserve),)
                if self.variant.reserve_stacked
                else tuple((card,) for card in deal.reserve)
            ),
            down=(
                tuple(max(len(p) - 1, 0) for p in deal.piles)
                if self.variant.face_up is FaceUp.TOP
                else ()
            ),
        )

    def search_key(self, state: PatienceState) -> HashedKey | SearchKey:
        """A cheaper key, exact among the positions reachable from one deal.

        Where nothing builds on the tableau ("no-build": Black Hole, Golf), a
        pile only ever loses its top card, so its height says all: a
        :class:`~pure_engine.search.puzzle_records.HashedKey`, hashed once (the search
        looks each key up about four times).  Elsewhere this is
        :func:`~.position.search_key`, equal exactly when :meth:`key` is.

        >>> from pure_engine.games.patience.spec import load_variant
        >>> rules = PatienceRules.from_variant(load_variant("black-hole"))
        >>> rules.search_key(PatienceState(piles=((4, 7), (9,)), hole=0))
        HashedKey(((2, 1), (), 0, 0, ()))
        """
        if not self.builds_anything:
            return HashedKey(
                (
                    tuple(map(len, state.piles)),
                    tuple(sorted(state.cells)),
                    state.hole % 13 if state.hole >= 0 else EMPTY,
                    len(state.stock),
                    state.waste,
                )
            )
        return search_key(state)

    # ---------------------------------------------------------- generation
    def _fits_found(self, state: PatienceState, card: int) -> bool:
        return state.found[card // 13] == card % 13

    def _fits_hole(self, state: PatienceState, card: int) -> bool:
        hole = state.hole
        if hole == EMPTY:
            return False
        diff = abs(card % 13 - hole % 13)
        return diff == 1 or (self.loops and diff == 12)

    def group_limit(self, state: PatienceState, empty_piles: int) -> int:
        """How many built cards move as a unit: (free cells + 1) * 2 ** empty piles.

        >>> from pure_engine.games.patience.spec import load_variant
        >>> rules = PatienceRules.from_variant(load_variant("freecell"))
        >>> rules.group_limit(PatienceState(piles=(), cells=(-1, -1, 7, 8)), 2)
        12
        """
        # counted in a loop: compiled, ``tuple.count`` is a Python method call (FreeCell
        # deals 2-31: 445.8 M instructions against 448.2 M)
        free = 0
        for card in state.cells:
            if card == EMPTY:
                free += 1
        if self.kings_only or self.no_spaces:
            return free + 1
        return (free + 1) << empty_piles

    def moves(self, state: PatienceState, *, canonical: bool = True) -> tuple[Move, ...]:
        """Every legal move in a fixed order, one move family after the other.

        Order: to the foundation, to the hole, stock moves, cell/waste/reserve to pile,
        pile to pile (largest group first), foundation to pile (removable
        foundations only), pile to cell.
        With *canonical*, a move to an empty cell or empty pile names only the
        first empty one (the others lead to the same canonical key).

        Each family is a small method appending to one list (this is the
        solver's hot path: generators chained together measured slower).
        """
        out: list[Move] = []
        if self.foundations:
            self._to_foundation(state, out)
        self._to_hole_or_from_stock(state, out)
        if not self.builds_anything:
            return tuple(out)
        piles = state.piles
        empties = []
        # tops[card]: the pile whose top *card* is, or -1; a list by card, not a dict: it
        # indexes natively compiled, where a dict hashes a boxed int (see ``hosts`` above)
        tops = [-1] * 52
        for i, pile in enumerate(piles):
            if pile:
                tops[pile[-1]] = i
            else:
                empties.append(i)
        spaces = [] if self.no_spaces else (empties[:1] if canonical else empties)
        self._singles_to_piles(state, tops, spaces, out)
        self._piles_to_piles(state, len(empties), tops, spaces, out)
        if self.removable:
            self._foundation_to_piles(state, tops, spaces, out)
        self._piles_to_cells(state, canonical, out)
        return tuple(out)

    def _to_foundation(self, state: PatienceState, out: list[Move]) -> None:
        """Exposed cards of piles, cells, the waste and the reserve that go up now."""
        found = state.found
        for i, pile in enumerate(state.piles):
            if pile:
                card = pile[-1]
                if found[card // 13] == card % 13:
                    out.append(Move(PILES[i], FOUNDATIONS, 1))
        for j, card in enumerate(state.cells):
            if card != EMPTY and found[card // 13] == card % 13:
                out.append(Move(CELLS[j], FOUNDATIONS, 1))
        if state.waste and found[state.waste[-1] // 13] == state.waste[-1] % 13:
            out.append(Move(WASTE, FOUNDATIONS, 1))
        for j, pile in enumerate(state.reserve):
            if pile and found[pile[-1] // 13] == pile[-1] % 13:
                out.append(Move(RESERVES[j], FOUNDATIONS, 1))

    def _to_hole_or_from_stock(self, state: PatienceState, out: list[Move]) -> None:
        """Pile tops (and the stock, in Golf) onto the hole; or dealing and redealing."""
        if self.hole:
            for i, pile in enumerate(state.piles):
                if pile and self._fits_hole(state, pile[-1]):
                    out.append(Move(PILES[i], HOLE, 1))
            if self.stock_to_hole and state.stock:
                out.append(Move(STOCK, HOLE, 1))
        elif state.stock:
            out.append(Move(STOCK, WASTE, min(self.deal_count, len(state.stock))))
        elif self.redeal and state.waste:
            out.append(Move(WASTE, STOCK, len(state.waste)))

    def _singles_to_piles(
        self,
        state: PatienceState,
        tops: list[int],
        spaces: list[int],
        out: list[Move],
    ) -> None:
        """Single cards from cells, the reserve and the waste onto piles and spaces."""
        for j, card in enumerate(state.cells):
            if card != EMPTY:
                self._place_single(CELLS[j], card, tops, spaces, out)
        for j, pile in enumerate(state.reserve):
            if pile:
                self._place_single(RESERVES[j], pile[-1], tops, spaces, out)
        if state.waste:
            self._place_single(WASTE, state.waste[-1], tops, spaces, out)

    def _place_single(
        self, source: Location, card: int, tops: list[int], spaces: list[int], out: list[Move]
    ) -> None:
        """*card* from *source* onto every pile top it builds on, and into the spaces."""
        for host in self.hosts[card]:
            at = tops[host]
            if at >= 0:
                out.append(Move(source, PILES[at], 1))
        if not (self.kings_only and card % 13 != 12):
            for i in spaces:
                out.append(Move(source, PILES[i], 1))

    def _piles_to_piles(
        self,
        state: PatienceState,
        empty_piles: int,
        tops: list[int],
        spaces: list[int],
        out: list[Move],
    ) -> None:
        """Pile to pile: how many cards move as a unit onto a card / into a space.

        Supermoves (mode "no") are bounded by free cells and spaces; the
        variant's own group rules are not, but restrict which groups move.
        """
        piles, found, hosts, links = state.piles, state.found, self.hosts, self.links
        group_moves, kings_only = self.group_moves, self.kings_only
        # the group mode as flags of the rules: a ``GroupMove.X`` read goes through the
        # enum class's slow attribute hook (see ``moves.Places``): the four reads
        # were 32 M instructions of the 1 606 M of FreeCell deals 2-31 compiled
        whole_pile, maximal, partial = self.whole_pile, self.maximal_group, self.partial_group
        limit = limit_space = 1
        if self.supermoves:
            limit = self.group_limit(state, empty_piles)
            limit_space = self.group_limit(state, empty_piles - 1) if empty_piles else 1
        elif group_moves:
            limit = limit_space = 104
        for i, pile in enumerate(piles):
            if not pile:
                continue
            run = 1
            if group_moves:
                n = len(pile)
                up = n - state.down[i] if state.down else n  # only face-up cards move
                while run < up and links[pile[n - run - 1] * 64 + pile[n - run]]:
                    run += 1
            src = PILES[i]
            size = len(pile)
            for k in range(run, 0, -1):
                if (whole_pile and k != size) or (maximal and k != run):
                    continue
                card = pile[-k]
                if k <= limit and not (
                    # Klondike: part of a group goes onto a card only when the
                    # card it uncovers can go to the foundations at once
                    partial and k < run and found[pile[-k - 1] // 13] != pile[-k - 1] % 13
                ):
                    for host in hosts[card]:
                        at = tops[host]
                        if at >= 0:
                            out.append(Move(src, PILES[at], k))
                if k == size or k > limit_space or (kings_only and card % 13 != 12):
                    continue
                for j in spaces:
                    out.append(Move(src, PILES[j], k))

    def _foundation_to_piles(
        self,
        state: PatienceState,
        tops: list[int],
        spaces: list[int],
        out: list[Move],
    ) -> None:
        """Back from a removable foundation onto the tableau ("f1".."f4" name the suit)."""
        for pile_suit, top in enumerate(state.found):
            if top:
                card = pile_suit * 13 + top - 1
                self._place_single(FOUNDATION_PILES[pile_suit], card, tops, spaces, out)

    def _piles_to_cells(self, state: PatienceState, canonical: bool, out: list[Move]) -> None:
        """Pile tops into a free cell (only the first free one when *canonical*)."""
        free = [j for j, c in enumerate(state.cells) if c == EMPTY]
        cell_targets = free[:1] if canonical else free
        for i, pile in enumerate(state.piles):
            if pile:
                for j in cell_targets:
                    out.append(Move(PILES[i], CELLS[j], 1))
