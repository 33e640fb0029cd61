"""An exact double-dummy solver: with every hand seen, how many tricks can each side take?

A shared game module (like :mod:`pure_engine.games.trick_taking.tricks`, which it builds on):
the ``bridge_play`` game, its bots and the ``pure-engine solve bridge-dd``
command call it.  Answers are exact — every value is proved by a complete
search, never estimated.

The search (in the style of DDS, without its C):

* **relative ranks** — inside the search a card is its rank among the cards
  still in play in its suit (the 2 of a suit whose lower cards are gone plays
  like the lowest card), so positions that differ only in which small cards
  have gone are one position;
* **equivalent cards** — of touching cards in one hand (nothing still in play
  between them) only one is searched;
* **null-window searches** — "can North-South take at least *t* of the
  remaining tricks?", a boolean AND/OR search, repeated on *t* by bisection;
* **partition search** — each answer comes with the cards whose rank the proof
  used (those that took a trick from a lower card of their suit, and the winners
  a bound counted); the transposition table stores the answer (a lower and an
  upper bound on North-South's tricks) under the position's shape — the suit
  lengths of each hand and who leads — with only the owners of those cards and
  every card above them, so it answers for every position that differs only in
  the small cards (DDS's "winning ranks");
* **quick tricks** — the side on lead cashes its top winners, the leader's or,
  after a small card to them, the partner's (cut short where an opponent could
  ruff); in a suit contract each side's top trumps are sure tricks: bounds that
  end many searches early;
* **move ordering** — the card that won the same position before, cheap winners
  first, second hand low, third hand high, fourth hand just enough.

Results are for the side **to play** (the leader's side at a trick boundary),
like DDS's ``SolveBoard``.

>>> from pure_engine.games.trick_taking.pbn import parse_pbn
>>> from pure_engine.games.trick_taking.tricks import Seat, Strain
>>> hands = parse_pbn("N:AK... QJ... T9... 87...")   # N-S hold the top spades
>>> nt = Strain.NO_TRUMP
>>> solve(hands, nt, Seat.NORTH).tricks, solve(hands, nt, Seat.EAST).tricks
(2, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pure_engine.core.struct import Struct
from pure_engine.games.bridge.double_dummy.search import Relative, Search, finish_trick, to_relative
from pure_engine.games.playing_cards import suit_first_str
from pure_engine.games.trick_taking.tricks import SUIT_MASKS, Seat, Strain, cards_of

_SUIT = SUIT_MASKS

__all__ = [
    "DDResult",
    "DDTable",
    "Position",
    "dd_table",
    "score_cards",
    "solve",
    "solve_position",
]


class DDResult(Struct):
    """A solved position: the tricks the side to play takes from here on (the current
    trick included), how many search nodes it took (cards played), and how many of
    those closed a trick (positions reached at a trick boundary, where the table and
    the bounds are consulted: what DDS counts as its nodes)."""

    tricks: int
    nodes: int
    trick_nodes: int = 0


class Position(Struct):
    """A position to solve: four hands (bit sets by seat), who led the current trick,
    the cards on the table (lead first), and the strain."""

    hands: tuple[int, int, int, int]
    leader: int
    strain: Strain
    trick: tuple[int, ...] = ()


def _check(hands: Sequence[int], leader: int, trick: Sequence[int]) -> None:
    """Refuse positions no deal can reach: one line saying what is wrong."""
    if len(hands) != 4:
        raise ValueError(f"double dummy: expected 4 hands, found {len(hands)}")
    if len(trick) > 3:
        raise ValueError(f"double dummy: expected at most 3 cards on the table, found {len(trick)}")
    seen = 0
    for card in trick:
        seen |= 1 << card
    for seat, hand in enumerate(hands):
        if hand & seen:
            card = (hand & seen & -(hand & seen)).bit_length() - 1
            raise ValueError(
                f"double dummy: card {suit_first_str(card)} is held twice (hand {'NESW'[seat]})"
            )
        seen |= hand
    # the players who have played to the trick hold one card fewer
    sizes = [hands[s].bit_count() + (1 if (s - leader) % 4 < len(trick) else 0) for s in range(4)]
    if len(set(sizes)) != 1:
        shown = ", ".join(f"{'NESW'[s]} {hands[s].bit_count()}" for s in range(4))
        raise ValueError(
            f"double dummy: hands of unequal size ({shown}, {len(trick)} on the table)"
        )


def solve_position(position: Position) -> DDResult:
    """The tricks the side to play takes from *position*, with perfect play by all four.

    >>> from pure_engine.games.trick_taking.pbn import parse_pbn
    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> hands = parse_pbn("N:AK... QJ... T9... 87...")
    >>> north_led = (hands[0] & ~(1 << card("SA")), hands[1], hands[2], hands[3])
    >>> solve_position(Position(north_led, Seat.NORTH, Strain.NO_TRUMP, (card("SA"),))).tricks
    0
    """
    hands, trick = position.hands, position.trick
    _check(hands, position.leader, trick)
    rel = to_relative(hands, trick)
    search = Search(position.strain.trump)
    ns = search.ns_tricks(rel, position.leader)
    seat = (position.leader + len(trick)) % 4
    total = hands[seat].bit_count()  # the tricks left, the current one included
    mine = ns if seat % 2 == 0 else total - ns
    return DDResult(mine, search.nodes, search.trick_nodes)


def solve(hands: Sequence[int], strain: Strain, leader: int) -> DDResult:
    """The tricks the side of *leader* takes when *leader* leads to the first trick.

    >>> from pure_engine.games.trick_taking.pbn import parse_pbn
    >>> deal = parse_pbn("N:AKQ... JT9... 876... 5.AK..")
    >>> solve(deal, Strain.NO_TRUMP, Seat.WEST).tricks, solve(deal, Strain.SPADES, Seat.WEST).tricks
    (2, 0)
    """
    _check(hands, int(leader), ())
    h = (hands[0], hands[1], hands[2], hands[3])
    return solve_position(Position(h, int(leader), strain))


def score_cards(position: Position) -> tuple[tuple[int, int], ...]:
    """Every card the side to play may play, with the tricks that side then takes (like
    DDS's ``SolveBoard`` with all cards scored), best first, then in card order.

    >>> from pure_engine.games.trick_taking.pbn import parse_pbn
    >>> from pure_engine.games.playing_cards import suit_first_str
    >>> hands = parse_pbn("N:AQ... 2.2.. K3... 4.3..")
    >>> scored = score_cards(Position(hands, Seat.EAST, Strain.NO_TRUMP))
    >>> [(suit_first_str(card), tricks) for card, tricks in scored]
    [('H2', 1), ('S2', 0)]
    """
    hands, trick = position.hands, position.trick
    _check(hands, position.leader, trick)
    rel = to_relative(hands, trick)
    trump = position.strain.trump
    trump_mask = _SUIT[trump] if trump is not None else 0
    search = Search(trump)
    seat = (position.leader + len(trick)) % 4
    hand = hands[seat]
    if trick:
        led = _SUIT[trick[0] // 13]
        legal = hand & led or hand
    else:
        legal = hand
    total = hands[seat].bit_count()  # the tricks left, the current one included
    rel_hand = rel.hands[seat]
    scored: list[tuple[int, int]] = []
    value_of: dict[int, int] = {}
    for card in cards_of(legal):
        rel_card = rel.cards.index(card)
        # the class of equivalent cards: the run of touching cards holding rel_card
        low = rel_card
        while low % 13 and rel_hand >> (low - 1) & 1:
            low -= 1
        if low not in value_of:
            bit = 1 << low
            after = tuple(h ^ bit if s == seat else h for s, h in enumerate(rel.hands))
            child = Relative((after[0], after[1], after[2], after[3]), (*rel.trick, low), rel.cards)
            ns = _child_ns(search, child, position.leader, trump_mask)
            value_of[low] = ns if seat % 2 == 0 else total - ns
        scored.append((card, value_of[low]))
    scored.sort(key=lambda pair: (-pair[1], pair[0]))
    return tuple(scored)


def _child_ns(search: Search, child: Relative, leader: int, trump_mask: int) -> int:
    """North-South's tricks after a card is added to the root trick (maybe completing it)."""
    if len(child.trick) < 4:
        return search.ns_tricks(child, leader)
    hands, winner = finish_trick(child.hands, leader, child.trick, trump_mask)
    won = 1 if winner % 2 == 0 else 0
    return won + search.ns_tricks(Relative(hands, (), child.cards), winner)


class DDTable(Struct):
    """Tricks for each declarer (N E S W) in each strain (C D H S NT), the leader being the
    declarer's left-hand opponent: ``tricks[strain][declarer]``, as DDS's ``CalcDDtable``."""

    tricks: tuple[tuple[int, int, int, int], ...]
    nodes: int

    def get(self, strain: Strain, declarer: Seat) -> int:
        """Declarer's tricks in *strain*."""
        return self.tricks[strain][declarer]


def dd_table(hands: Sequence[int], progress: Callable[[int], None] | None = None) -> DDTable:
    """The 20 double-dummy results of a deal (4 declarers x 5 strains).

    >>> from pure_engine.games.trick_taking.pbn import parse_pbn
    >>> table = dd_table(parse_pbn("N:AKQ... JT9... 876... 5.AK.."))
    >>> table.get(Strain.SPADES, Seat.NORTH), table.get(Strain.HEARTS, Seat.WEST)
    (3, 2)
    """
    _check(hands, 0, ())
    h = (hands[0], hands[1], hands[2], hands[3])
    rel = to_relative(h, ())
    total = max(x.bit_count() for x in h)
    rows = []
    nodes = 0
    for strain in Strain:
        search = Search(strain.trump)
        row = []
        for declarer in Seat:
            leader = (declarer + 1) % 4
            ns = search.ns_tricks(rel, leader)
            row.append(ns if declarer % 2 == 0 else total - ns)
            if progress is not None:
                progress(1)
        nodes += search.nodes
        rows.append((row[0], row[1], row[2], row[3]))
    return DDTable(tuple(rows), nodes)
