"""The card play of Belote and Coinche: legality written as rules, scoring, what play reveals.

A shared game module (like :mod:`pure_engine.games.trick_taking.tricks`, which does the
mechanics: hands as bit sets, trick winners, the play loop); ``belote`` and
``coinche`` build on it and never import each other.

* **Legality is a rule set**, ``play.json`` beside this module, run by
  the compiled :mod:`pure_engine.rules` engine over a :class:`PlayView` of the
  position: follow suit; trumps led — overtrump if you can, even over your
  partner; void in a plain suit — any card when your partner holds the trick,
  else trump (over the best trump on the table if you can, under it if you
  must), else any card.  :func:`legal_cards` answers with the cards in
  increasing order.
* **Coinche's sans-atout and tout-atout** contracts use the same rules through
  :func:`trick_trump`: no trump suit (:data:`NO_TRUMP`), or the suit led as trumps
  (:data:`ALL_TRUMPS`: every suit ranks as trumps); :func:`side_points` counts
  their card points.
* **Scoring**: card points (:data:`~pure_engine.games.trick_taking.tricks.BELOTE_ORDER`:
  152 in the deck) plus 10 for the last trick ("dix de der") = 162; capot
  (all eight tricks) is worth 252; belote-rebelote (king and queen of trumps
  in one hand) 20 to that side.
* **What play reveals**: :func:`revealed` is the set of cards a player is now
  known not to hold (a void shown by not following, no trump shown by not
  trumping, no higher trump shown by not overtrumping), kept per player so
  that ``resample`` deals only hands consistent with everything seen.

>>> from pure_engine.games.playing_cards import parse_card as card
>>> hand = hand_of([card(t) for t in ("7H", "KS", "9S", "AC")])
>>> [card_str(c) for c in legal_cards(hand, (card("JD"),), trump=3)]   # void: must trump
['9S', 'KS']
>>> [card_str(c) for c in legal_cards(hand, (card("JD"), card("10S")), trump=3)]  # over 10S
['9S']
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pure_engine.core.struct import Struct
from pure_engine.games.playing_cards import card_str
from pure_engine.games.trick_taking.tricks import (
    BELOTE_ORDER,
    SUIT_MASKS,
    Tricks,
    card_points,
    cards_of,
    hand_of,
    play_card,
    to_play,
)
from pure_engine.rules import BUILTINS, Library, RuleSet, load_rule_files, query_values

__all__ = [
    "ALL_TRUMPS",
    "BELOTE_POINTS",
    "CAPOT",
    "DECK",
    "DECK_MASK",
    "DIX_DE_DER",
    "LIBRARY",
    "NO_TRUMP",
    "PLAY_RULES",
    "PLAY_RULES_FILE",
    "PlayView",
    "belote_cards",
    "belote_holder",
    "card_str",
    "hand_of",
    "legal_cards",
    "play_step",
    "play_view",
    "power",
    "revealed",
    "side_points",
    "strain_points",
    "trick_trump",
]

DECK: tuple[int, ...] = BELOTE_ORDER.deck()
"""The 32 cards (7 8 9 10 J Q K A of each suit), as playing_cards ints."""
DECK_MASK = hand_of(DECK)
DIX_DE_DER = 10
"""Points for the last trick."""
CAPOT = 252
"""What a side scores for taking all eight tricks (instead of its 162)."""
BELOTE_POINTS = 20
"""King and queen of trumps in one hand."""
NO_TRUMP = 4
"""The strain of a sans-atout contract (Coinche): no trump suit, every suit ranks
A 10 K Q J 9 8 7 and counts A 19, 10 10, K 4, Q 3, J 2."""
ALL_TRUMPS = 5
"""The strain of a tout-atout contract (Coinche): every suit ranks as trumps,
J 9 A 10 K Q 8 7, and counts J 14, 9 9, A 6, 10 5, K 3, Q 1."""
_STRAIN_POINTS = {
    NO_TRUMP: (0, 19, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4),  # by rank: ace = 1 .. king = 13
    ALL_TRUMPS: (0, 6, 0, 0, 0, 0, 0, 0, 0, 9, 5, 14, 1, 3),
}

_PLAIN = BELOTE_ORDER.plain_strength
_TRUMP = BELOTE_ORDER.trump_strength


def power(card: int, led: int, trump: int) -> int:
    """How strong *card* is in a trick led in *led*: 100+ for a trump, the plain strength in
    the led suit, -1 for a discard.

    >>> from pure_engine.games.playing_cards import parse_card as card
    >>> power(card("JS"), 2, 3), power(card("AH"), 2, 3), power(card("AC"), 2, 3)
    (107, 7, -1)
    """
    card_suit = card // 13
    if card_suit == trump:
        return 100 + _TRUMP[card % 13 + 1]
    if card_suit == led:
        return _PLAIN[card % 13 + 1]
    return -1


LIBRARY: Library = BUILTINS.extend(
    functions={"suit": lambda card: card // 13, "power": power},
    # membership tests run in C: no Python frame per check
    types={"card": frozenset(DECK).__contains__, "suit": frozenset(range(4)).__contains__},
)
"""What the play rules may name: ``suit(c)``, ``power(c, led, trump)``; types ``card``, ``suit``."""

PLAY_RULES_FILE = Path(__file__).with_name("play.json")
PLAY_RULES: RuleSet = load_rule_files(PLAY_RULES_FILE, library=LIBRARY)
"""The play legality of Belote and Coinche, compiled once at import."""


def _suit_table(suit_: int) -> dict[int, tuple[int, ...]]:
    ranks = [c for c in DECK if c // 13 == suit_]
    table: dict[int, tuple[int, ...]] = {}
    for bits in range(1 << len(ranks)):
        cards = tuple(card for i, card in enumerate(ranks) if bits >> i & 1)
        table[hand_of(cards) >> (13 * suit_)] = cards
    return table


_SUIT_TABLES = tuple(_suit_table(s) for s in range(4))
_SUIT_CARDS = tuple(tuple(c for c in DECK if c // 13 == s) for s in range(4))
_SUIT_BITS = (1 << 13) - 1


def belote_cards(hand: int) -> tuple[int, ...]:
    """The cards of a 32-card bit set *hand* in increasing order, by table (four lookups).

    >>> belote_cards(hand_of([51, 0, 20])) == cards_of(hand_of([51, 0, 20]))
    True
    """
    clubs, diamonds, hearts, spades = _SUIT_TABLES
    return (
        clubs[hand & _SUIT_BITS]
        + diamonds[hand >> 13 & _SUIT_BITS]
        + hearts[hand >> 26 & _SUIT_BITS]
        + spades[hand >> 39]
    )


class PlayView(Struct):
    """What the legality rules see: the mover's hand (cards in increasing order), the suit
    led (``None`` to lead), trumps, the cards on the table, the power of the best of them
    (-1 when none) and the position in the trick of the card holding it (-1 when none).
    ``trump`` is :data:`NO_TRUMP` (no suit) in sans-atout, the led suit in tout-atout
    (:func:`trick_trump`)."""

    hand: tuple[int, ...]
    led: int | None
    trump: int
    played: int
    best: int
    holder: int


_POWERS = tuple(
    tuple(tuple(power(c, led, t) for c in range(52)) for led in range(4)) for t in range(5)
)
"""``_POWERS[trump][led][card] == power(card, led, trump)`` (trump 4: none): the trick's
holder by lookups."""


def trick_trump(strain: int, trick: Sequence[int], card: int | None = None) -> int:
    """The trump suit the play rules and the trick kernel see in one trick of a contract in
    *strain*: the suit of a suit contract; :data:`NO_TRUMP` (no suit) in sans-atout; in
    tout-atout the suit led — every suit ranks as trumps, only the led suit can win, and you
    must beat the best card of it if you can, exactly the rules of trumps led — taken from
    *card* when it leads the trick (:data:`NO_TRUMP` before anything is led).

    >>> trick_trump(2, ()), trick_trump(NO_TRUMP, (14,)), trick_trump(ALL_TRUMPS, (14, 20))
    (2, 4, 1)
    >>> trick_trump(ALL_TRUMPS, (), card=40), trick_trump(ALL_TRUMPS, ())
    (3, 4)
    """
    if strain != ALL_TRUMPS:
        return strain
    if trick:
        return trick[0] // 13
    return NO_TRUMP if card is None else card // 13


def play_view(hand: int, trick: Sequence[int], trump: int) -> PlayView:
    """The :class:`PlayView` of a position: who holds the trick is the card of highest
    :func:`power` (the trick kernel's :func:`~pure_engine.games.trick_taking.tricks.winning_index`).

    >>> from pure_engine.games.playing_cards import parse_card as card
    >>> from pure_engine.games.trick_taking.tricks import winning_index
    >>> trick = (card("AH"), card("7S"), card("9S"))
    >>> view = play_view(hand_of([card("JS")]), trick, trump=3)
    >>> view.best, view.holder == winning_index(trick, 3, BELOTE_ORDER) == 2
    (106, True)
    """
    if not trick:
        return PlayView(belote_cards(hand), None, trump, 0, -1, -1)
    holder, best = _holder(trick, trump)
    return PlayView(belote_cards(hand), trick[0] // 13, trump, len(trick), best, holder)


def _holder(trick: Sequence[int], trump: int) -> tuple[int, int]:
    """``(position, power)`` of the card holding a non-empty *trick*."""
    powers = _POWERS[trump][trick[0] // 13]
    holder, best = 0, powers[trick[0]]
    for index in range(1, len(trick)):
        value = powers[trick[index]]
        if value > best:
            holder, best = index, value
    return holder, best


def legal_cards(
    hand: int, trick: Sequence[int], trump: int, *, rules: RuleSet = PLAY_RULES
) -> tuple[int, ...]:
    """The cards of *hand* the play rules allow on *trick*, in increasing order."""
    found = query_values(rules, play_view(hand, trick, trump), "C")
    return tuple(sorted(found))


def revealed(hand: int, trick: Sequence[int], trump: int, card: int) -> int:
    """The cards the player who plays *card* (from *hand*) on *trick* shows they do not hold:
    every card that, held, would have made *card* illegal under the play rules (a bit set;
    the tests check it against that definition, asked of the rules card by card).

    >>> from pure_engine.games.playing_cards import parse_card as card
    >>> h = hand_of([card("7H"), card("AC")])
    >>> [card_str(c) for c in cards_of(revealed(h, (card("JD"),), 3, card("7H")))]
    ['AD', '7D', '8D', '9D', '10D', 'QD', 'KD', 'AS', '7S', '8S', '9S', '10S', 'JS', 'QS', 'KS']
    """
    if not trick:
        return 0
    led = trick[0] // 13
    played_suit = card // 13
    shown = 0
    if played_suit != led:
        shown |= SUIT_MASKS[led]  # did not follow: void in the led suit
    if trump == NO_TRUMP:  # sans-atout: following is the only duty
        return shown & DECK_MASK & ~hand & ~hand_of(trick)
    holder, best = _holder(trick, trump)
    higher = 0
    for other in _SUIT_CARDS[trump]:
        if power(other, led, trump) > best:
            higher |= 1 << other
    under = played_suit == trump and power(card, led, trump) <= best
    if led == trump:
        if under:
            shown |= higher  # did not overtrump in trumps led
    elif played_suit != led and len(trick) - holder != 2:  # void, partner not master
        if played_suit != trump:
            shown |= SUIT_MASKS[trump]  # did not trump
        elif under:
            shown |= higher  # did not overtrump
    return shown & DECK_MASK & ~hand & ~hand_of(trick)


def belote_holder(hands: Sequence[int], trump: int) -> int:
    """The player whose hand (cards held plus cards played) has the king and queen of trumps,
    or -1."""
    pair = (1 << (trump * 13 + 12)) | (1 << (trump * 13 + 11))
    for player, cards in enumerate(hands):
        if cards & pair == pair:
            return player
    return -1


def side_points(taken: tuple[int, int], last_side: int, strain: int) -> tuple[int, int]:
    """Card points per side with the dix de der, 252 for a capot (no belote here), in a
    contract of *strain*: a trump suit, :data:`NO_TRUMP` or :data:`ALL_TRUMPS` (162 in all).

    >>> side_points((DECK_MASK, 0), 0, 3)
    (252, 0)
    >>> [sum(side_points((DECK_MASK & ~1, 1), 1, s)) for s in (0, NO_TRUMP, ALL_TRUMPS)]
    [162, 162, 162]
    """
    if taken[1] == 0:
        return (CAPOT, 0)
    if taken[0] == 0:
        return (0, CAPOT)
    points = [strain_points(taken[side], strain) for side in (0, 1)]
    points[last_side] += DIX_DE_DER
    return (points[0], points[1])


def strain_points(cards: int, strain: int) -> int:
    """The card points of the bit set *cards* in a contract of *strain* (152 for the deck,
    without the dix de der).

    >>> [strain_points(DECK_MASK, s) for s in (0, NO_TRUMP, ALL_TRUMPS)]
    [152, 152, 152]
    """
    table = _STRAIN_POINTS.get(strain)
    if table is None:
        return card_points(cards, strain, BELOTE_ORDER)
    return sum(table[c % 13 + 1] for c in cards_of(cards))


def play_step(
    tricks: Tricks,
    played: tuple[int, int, int, int],
    shown: tuple[int, int, int, int],
    trump: int,
    card: int,
) -> tuple[Tricks, tuple[int, int, int, int], tuple[int, int, int, int]]:
    """Play *card* for the player to move (unchecked): the new tricks, the cards each player
    has played, and what each player has shown they do not hold."""
    player = to_play(tricks)
    bit = 1 << card
    seen = shown[player] | revealed(tricks.hands[player], tricks.trick, trump, card)
    marks = [played[p] | bit if p == player else played[p] for p in range(4)]
    views = [seen if p == player else shown[p] for p in range(4)]
    return (
        play_card(tricks, card, trump, BELOTE_ORDER),
        (marks[0], marks[1], marks[2], marks[3]),
        (views[0], views[1], views[2], views[3]),
    )
