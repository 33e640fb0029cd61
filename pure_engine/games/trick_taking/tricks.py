"""The trick-taking kernel: hands, follow suit, trick winners, partnerships.

A shared game module (not a game): bridge play, Belote/Coinche and any other
four-handed trick-taking game build their rules from these pieces.  Cards are
the ints of :mod:`pure_engine.games.playing_cards` (``suit * 13 + rank - 1``);
what this module adds:

* **hands as bit sets** — a hand is one ``int`` with bit *card* set for each
  card held (:func:`hand_of`, :func:`cards_of`, :func:`suit_cards`,
  :data:`SUIT_MASKS`): immutable, hashable, and follow suit is one ``&``;
* **rank orders** — :class:`RankOrder` gives each rank a strength in a plain
  suit and in the trump suit, and card points: :data:`BRIDGE_ORDER` (ace high,
  no points) and :data:`BELOTE_ORDER` (32 cards; trumps J 9 A 10 K Q 8 7, plain
  A 10 K Q J 9 8 7; J = 20 and 9 = 14 in trumps, A 11, 10 10, K 4, Q 3, plain
  J 2).  A game with another order builds its own ``RankOrder``;
* **who holds the trick** — :func:`winning_index` (so far, or at the end),
  :func:`beats` (would this card take the trick over?), :func:`trick_winner`;
* **legality** — :func:`follow_suit` (the plain rule); games with stricter
  rules (Belote must trump and overtrump) narrow its result with
  :func:`suit_cards` and :func:`beats`;
* **seats and sides** — players ``0..n-1`` play in increasing order
  (bridge: :class:`Seat` N E S W clockwise); partners sit opposite, side
  ``player % 2`` (:func:`side_of`, :func:`partner_of`);
* **the play itself** — :class:`Tricks` (hands, leader, the trick on the
  table, tricks and cards won per side) with :func:`to_play`,
  :func:`legal_cards` and :func:`play_card`, which closes a full trick and
  hands the lead to its winner.

Deals as text (PBN) live in :mod:`pure_engine.games.trick_taking.pbn`.

>>> from pure_engine.games.playing_cards import parse_card_any_order as card
>>> t = start_tricks((hand_of([card("SA"), card("H2")]), hand_of([card("SK"), card("H3")]),
...                   hand_of([card("S2"), card("HA")]), hand_of([card("S3"), card("HK")])),
...                  leader=Seat.NORTH)
>>> for text in ("SA", "SK", "S2", "S3"):
...     t = play_card(t, card(text), trump=None)
>>> t.leader, t.won, t.trick, [len(cards_of(h)) for h in t.hands]
(0, (1, 0), (), [1, 1, 1, 1])
>>> legal_cards(play_card(t, card("H2"), trump=None)) == hand_of([card("H3")])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum

from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.playing_cards import SUIT_NAMES, rank, suit

__all__ = [
    "BELOTE_ORDER",
    "BRIDGE_ORDER",
    "SUIT_MASKS",
    "RankOrder",
    "Seat",
    "Strain",
    "Tricks",
    "beats",
    "best_card",
    "card_points",
    "cards_of",
    "follow_suit",
    "hand_of",
    "legal_cards",
    "next_player",
    "parse_seat",
    "parse_strain",
    "partner_of",
    "play_card",
    "side_of",
    "start_tricks",
    "suit_cards",
    "to_play",
    "trick_winner",
    "winning_index",
]


# ------------------------------------------------------------------- seats


class Seat(IntEnum):
    """The four bridge seats, in playing (clockwise) order."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        """``'N'``, ``'E'``, ``'S'`` or ``'W'``."""
        return "NESW"[self]


def parse_seat(text: str, where: str = "") -> Seat:
    """Parse ``'N'``/``'north'`` .. ``'W'``/``'west'`` (case-insensitive).

    >>> parse_seat("w"), parse_seat("South")
    (<Seat.WEST: 3>, <Seat.SOUTH: 2>)
    >>> parse_seat("X", "--leader")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: --leader: expected a seat N, E, S or W, found 'X'
    """
    word = text.strip().upper() if isinstance(text, str) else ""
    for seat in Seat:
        if word in (seat.letter, seat.name):
            return seat
    raise ParseError(f"expected a seat N, E, S or W, found {text!r}", where=where or None)


def next_player(player: int, players: int = 4) -> int:
    """The player after *player* (bridge: clockwise).

    >>> next_player(Seat.WEST), next_player(1, players=3)
    (0, 2)
    """
    return (player + 1) % players


def side_of(player: int) -> int:
    """The partnership of *player*: 0 for seats 0 and 2 (N-S), 1 for seats 1 and 3 (E-W).

    >>> side_of(Seat.SOUTH), side_of(Seat.WEST)
    (0, 1)
    """
    return player % 2


def partner_of(player: int) -> int:
    """The player sitting opposite *player* (four players).

    >>> partner_of(Seat.NORTH), partner_of(Seat.WEST)
    (2, 1)
    """
    return (player + 2) % 4


# ----------------------------------------------------------------- strains


class Strain(IntEnum):
    """What a deal is played in: a trump suit (same index as the card's suit) or no trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMP = 4

    @property
    def trump(self) -> int | None:
        """The trump suit index, or ``None`` in no trump.

        >>> Strain.HEARTS.trump, Strain.NO_TRUMP.trump
        (2, None)
        """
        return None if self is Strain.NO_TRUMP else int(self)

    @property
    def letter(self) -> str:
        """``'C'``, ``'D'``, ``'H'``, ``'S'`` or ``'NT'``."""
        return "NT" if self is Strain.NO_TRUMP else SUIT_NAMES[self]


def parse_strain(text: str, where: str = "") -> Strain:
    """Parse ``C``, ``D``, ``H``, ``S`` (or the suit names) and ``NT``/``N`` (case-insensitive).

    >>> parse_strain("nt"), parse_strain("Spades")
    (<Strain.NO_TRUMP: 4>, <Strain.SPADES: 3>)
    >>> parse_strain("X", "--strain")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: --strain: expected a strain C, D, H, S or NT, found 'X'
    """
    word = text.strip().upper() if isinstance(text, str) else ""
    if word in ("NT", "N", "NOTRUMP", "NO_TRUMP", "NO-TRUMP"):
        return Strain.NO_TRUMP
    for strain in Strain:
        if word and word in (strain.letter, strain.name, strain.name.rstrip("S")):
            return strain
    raise ParseError(f"expected a strain C, D, H, S or NT, found {text!r}", where=where or None)


# -------------------------------------------------------------- rank orders


class RankOrder(Struct):
    """How ranks compare inside a suit, plain and trump, and what cards are worth.

    The four tables are indexed by rank (1 = ace .. 13 = king; index 0 unused):
    strength ``-1`` means the rank is not in this game's deck.  Build one with
    :meth:`from_orders`.
    """

    name: str
    plain_strength: tuple[int, ...]
    trump_strength: tuple[int, ...]
    plain_points: tuple[int, ...]
    trump_points: tuple[int, ...]

    @staticmethod
    def from_orders(
        name: str,
        plain: str,
        trump: str,
        *,
        plain_points: dict[str, int] | None = None,
        trump_points: dict[str, int] | None = None,
    ) -> RankOrder:
        """An order from rank letters, *highest first* (``'AKQJT98765432'``).

        >>> order = RankOrder.from_orders("toy", "AKQ", "QKA", plain_points={"A": 4})
        >>> order.plain_strength[1], order.trump_strength[1], order.plain_points[1]
        (2, 0, 4)
        """
        return RankOrder(
            name,
            _strengths(plain),
            _strengths(trump),
            _points(plain_points or {}),
            _points(trump_points or {}),
        )

    def ranks(self) -> tuple[int, ...]:
        """The ranks of this game's deck, lowest plain strength first.

        >>> BELOTE_ORDER.ranks()
        (7, 8, 9, 11, 12, 13, 10, 1)
        """
        present = [r for r in range(1, 14) if self.plain_strength[r] >= 0]
        return tuple(sorted(present, key=self.plain_strength.__getitem__))

    def deck(self) -> tuple[int, ...]:
        """Every card of this game's deck, suit by suit.

        >>> len(BRIDGE_ORDER.deck()), len(BELOTE_ORDER.deck())
        (52, 32)
        """
        return tuple(s * 13 + r - 1 for s in range(4) for r in sorted(self.ranks()))


_LETTER_RANK = {"A": 1, "K": 13, "Q": 12, "J": 11, "T": 10} | {str(v): v for v in range(2, 10)}


def _strengths(highest_first: str) -> tuple[int, ...]:
    table = [-1] * 14
    for strength, letter in enumerate(reversed(highest_first)):
        table[_LETTER_RANK[letter]] = strength
    return tuple(table)


def _points(points: dict[str, int]) -> tuple[int, ...]:
    table = [0] * 14
    for letter, value in points.items():
        table[_LETTER_RANK[letter]] = value
    return tuple(table)


BRIDGE_ORDER = RankOrder.from_orders("bridge", "AKQJT98765432", "AKQJT98765432")
"""Ace high in every suit, trumps included; no card points."""

BELOTE_ORDER = RankOrder.from_orders(
    "belote",
    "AT KQJ987".replace(" ", ""),
    "J9ATKQ87",
    plain_points={"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
    trump_points={"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3},
)
"""Belote's 32 cards: plain A 10 K Q J 9 8 7, trumps J 9 A 10 K Q 8 7, with their points."""


def card_points(cards: int, trump: int | None, order: RankOrder) -> int:
    """The points of the cards in the bit set *cards* (trump cards at trump value).

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> taken = hand_of([card("JH"), card("9H"), card("JS"), card("AS")])
    >>> card_points(taken, 2, BELOTE_ORDER), card_points(taken, None, BELOTE_ORDER)
    (47, 15)
    """
    total = 0
    for card in cards_of(cards):
        table = order.trump_points if suit(card) == trump else order.plain_points
        total += table[rank(card)]
    return total


# -------------------------------------------------------------------- hands

SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""The bit set of every card of each suit (clubs, diamonds, hearts, spades)."""


def hand_of(cards: Iterable[int]) -> int:
    """The bit set holding *cards*.

    >>> hand_of([0, 13]), hand_of([])
    (8193, 0)
    """
    hand = 0
    for card in cards:
        hand |= 1 << card
    return hand


def cards_of(hand: int) -> tuple[int, ...]:
    """The cards of the bit set *hand*, in increasing card order.

    >>> cards_of(hand_of([40, 3, 13]))
    (3, 13, 40)
    """
    if hand < 0:  # a negative int has infinitely many set bits: the loop would never end
        raise ValueError(f"cards_of: expected a bit set of cards (an int >= 0), found {hand}")
    cards = []
    while hand:
        low = hand & -hand
        cards.append(low.bit_length() - 1)
        hand ^= low
    return tuple(cards)


def suit_cards(hand: int, suit_: int) -> int:
    """The cards of *hand* in *suit_* (a bit set).

    >>> cards_of(suit_cards(hand_of([0, 5, 13, 40]), 0))
    (0, 5)
    """
    return hand & SUIT_MASKS[suit_]


# ------------------------------------------------------------ trick winners


def _strength(card: int, led: int, trump: int | None, order: RankOrder) -> int:
    """How strong *card* is in a trick led in *led*: trumps above the led suit, others -1."""
    card_suit = card // 13
    if card_suit == trump:
        return 100 + order.trump_strength[card % 13 + 1]
    if card_suit == led:
        return order.plain_strength[card % 13 + 1]
    return -1


def winning_index(trick: Sequence[int], trump: int | None, order: RankOrder = BRIDGE_ORDER) -> int:
    """Which card of *trick* (0 = the lead) holds it: the best trump, else the best of the led suit.

    Works on a partial trick too: it is who holds the trick so far.

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> trick = [card(t) for t in ("HK", "HA", "S2", "H3")]
    >>> winning_index(trick, None), winning_index(trick, 3), winning_index(trick[:1], 3)
    (1, 2, 0)
    >>> belote = [card(t) for t in ("HA", "H9", "HJ")]
    >>> winning_index(belote, None, BELOTE_ORDER), winning_index(belote, 2, BELOTE_ORDER)
    (0, 2)
    """
    led = trick[0] // 13
    best_index, best = 0, _strength(trick[0], led, trump, order)
    for index in range(1, len(trick)):
        value = _strength(trick[index], led, trump, order)
        if value > best:
            best_index, best = index, value
    return best_index


def best_card(trick: Sequence[int], trump: int | None, order: RankOrder = BRIDGE_ORDER) -> int:
    """The card that holds *trick* (see :func:`winning_index`).

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card, suit_first_str
    >>> suit_first_str(best_card([card("D4"), card("DQ"), card("D9")], None))
    'DQ'
    """
    return trick[winning_index(trick, trump, order)]


def beats(
    card: int, trick: Sequence[int], trump: int | None, order: RankOrder = BRIDGE_ORDER
) -> bool:
    """True when *card*, played to the non-empty *trick*, would take it over.

    Belote's overtrump rule is "play a trump that beats the best trump so far,
    if you can": ``[c for c in trumps if beats(c, trick, trump, BELOTE_ORDER)]``.

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> trick = [card("HQ"), card("HK")]
    >>> beats(card("HA"), trick, None), beats(card("HJ"), trick, None), beats(card("C2"), trick, 0)
    (True, False, True)
    """
    led = trick[0] // 13
    best = max(_strength(c, led, trump, order) for c in trick)
    return _strength(card, led, trump, order) > best


def trick_winner(
    leader: int,
    trick: Sequence[int],
    trump: int | None,
    order: RankOrder = BRIDGE_ORDER,
    players: int = 4,
) -> int:
    """The player who wins (or holds) *trick*, led by *leader*.

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> trick_winner(Seat.WEST, [card(t) for t in ("C5", "CT", "C9", "D2")], None)
    0
    """
    return (leader + winning_index(trick, trump, order)) % players


def follow_suit(hand: int, trick: Sequence[int]) -> int:
    """The cards of *hand* the plain rule allows: any to lead, else the led suit if held.

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> hand = hand_of([card("SA"), card("S2"), card("H5")])
    >>> follow_suit(hand, []) == hand
    True
    >>> follow_suit(hand, [card("SK")]) == hand_of([card("SA"), card("S2")])
    True
    >>> follow_suit(hand, [card("D3")]) == hand             # void: anything goes
    True
    """
    if not trick:
        return hand
    return hand & SUIT_MASKS[trick[0] // 13] or hand


# ------------------------------------------------------------------ the play


class Tricks(Struct):
    """Trick play in progress.

    ``hands``: one bit set per player; ``leader``: who led the trick on the
    table; ``trick``: the cards played to it so far, the lead first; ``won``:
    tricks taken per side (side = player % 2); ``taken``: the cards each side
    has won (a bit set per side, for games that count card points).
    """

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...] = ()
    won: tuple[int, int] = (0, 0)
    taken: tuple[int, int] = (0, 0)


def start_tricks(hands: Sequence[int], leader: int) -> Tricks:
    """The play before the first lead.

    >>> start_tricks((1, 2, 4, 8), leader=Seat.EAST)
    Tricks(hands=(1, 2, 4, 8), leader=1, trick=(), won=(0, 0), taken=(0, 0))
    """
    return Tricks(tuple(hands), int(leader))


def to_play(tricks: Tricks) -> int:
    """The player whose turn it is.

    >>> to_play(Tricks((1, 2, 4, 8), leader=3, trick=(0,)))
    0
    """
    return (tricks.leader + len(tricks.trick)) % len(tricks.hands)


def legal_cards(tricks: Tricks) -> int:
    """The cards the player to move may play under the plain follow-suit rule (a bit set)."""
    return follow_suit(tricks.hands[to_play(tricks)], tricks.trick)


def play_card(
    tricks: Tricks, card: int, trump: int | None, order: RankOrder = BRIDGE_ORDER
) -> Tricks:
    """Play *card* for the player to move; a full trick goes to its winner, who leads next.

    Unchecked: *card* must be in the mover's hand (and legal, by the game's rules).

    >>> t = Tricks((hand_of([0]), hand_of([1])), leader=0)
    >>> t = play_card(play_card(t, 0, trump=None), 1, trump=None)   # the ace of clubs beats the 2
    >>> t.leader, t.won, t.taken == (hand_of([0, 1]), 0)
    (0, (1, 0), True)
    """
    players = len(tricks.hands)
    player = (tricks.leader + len(tricks.trick)) % players
    hands = tricks.hands
    hands = (*hands[:player], hands[player] & ~(1 << card), *hands[player + 1 :])
    trick = (*tricks.trick, card)
    if len(trick) < players:
        return Tricks(hands, tricks.leader, trick, tricks.won, tricks.taken)
    winner = (tricks.leader + winning_index(trick, trump, order)) % players
    cards = 0
    for played in trick:
        cards |= 1 << played
    won, taken = tricks.won, tricks.taken
    if winner % 2 == 0:
        won, taken = (won[0] + 1, won[1]), (taken[0] | cards, taken[1])
    else:
        won, taken = (won[0], won[1] + 1), (taken[0], taken[1] | cards)
    return Tricks(hands, winner, (), won, taken)
