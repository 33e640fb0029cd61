"""Deals as PBN text (Portable Bridge Notation): ``N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ ...``.

A deal is four hands, given clockwise from the seat before the colon; a hand
is its spades, hearts, diamonds and clubs separated by dots, ranks
``AKQJT98765432`` (``10`` is accepted for the ten), an empty suit for a void.
Hands may hold any number of cards as long as all hold the same number, so
the same text describes a full deal and a 5-card ending.  Each hand may also
carry its own seat (``N:AK54.T.9752.7643 E:QJ97.J4.KJ843.AJ S:... W:...``).

Hands are the bit sets of :mod:`pure_engine.games.trick_taking.tricks`, indexed by seat
(N E S W).  Errors are one line naming the hand and the column.

>>> hands = parse_pbn("W:A.K.. .A.K. ..A.K K...A")
>>> [hand_pbn(h) for h in hands]
['.A.K.', '..A.K', 'K...A', 'A.K..']
>>> pbn_str(hands)
'N:.A.K. ..A.K K...A A.K..'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pure_engine.errors import ParseError
from pure_engine.games.playing_cards import suit_first_str
from pure_engine.games.trick_taking.tricks import Seat

__all__ = ["Hands", "hand_pbn", "parse_pbn", "parse_pbn_hand", "pbn_str", "random_hands"]

Hands = tuple[int, int, int, int]
"""Four bit-set hands indexed by seat: North, East, South, West."""

_PBN_SUITS = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs: PBN order, as card suit indices
_RANK_INDEX = {"A": 0, "K": 12, "Q": 11, "J": 10, "T": 9} | {str(v): v - 1 for v in range(2, 10)}
_PBN_RANKS = "AKQJT98765432"
_EXAMPLE = "'N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82'"


def parse_pbn_hand(text: str, where: str = "", *, column: int = 1) -> int:
    """One hand, ``'AK54.T.9752.7643'`` (spades first), as a bit set.

    >>> from pure_engine.games.trick_taking.tricks import cards_of
    >>> from pure_engine.games.playing_cards import suit_first_str
    >>> [suit_first_str(c) for c in cards_of(parse_pbn_hand("A.10.-.2"))]
    ['C2', 'HT', 'SA']
    >>> parse_pbn_hand("AX...", "hand N")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: hand N: unknown rank 'X' in spades at column 2
    """
    suits = text.split(".")
    if len(suits) != 4:
        raise ParseError(
            f"expected 4 suits separated by '.' (spades.hearts.diamonds.clubs), "
            f"found {len(suits)} in {text!r} at column {column}",
            where=where or None,
        )
    hand = 0
    offset = column
    for suit_, holding in zip(_PBN_SUITS, suits, strict=True):
        name = ("clubs", "diamonds", "hearts", "spades")[suit_]
        letters = "" if holding == "-" else holding.upper()
        index = 0
        while index < len(letters):
            letter, width = letters[index], 1
            if letters.startswith("10", index):
                letter, width = "T", 2
            if letter not in _RANK_INDEX:
                raise ParseError(
                    f"unknown rank {holding[index]!r} in {name} at column {offset + index}",
                    where=where or None,
                )
            bit = 1 << (suit_ * 13 + _RANK_INDEX[letter])
            if hand & bit:
                raise ParseError(
                    f"rank {letter!r} twice in {name} at column {offset + index}",
                    where=where or None,
                )
            hand |= bit
            index += width
        offset += len(holding) + 1
    return hand


def hand_pbn(hand: int) -> str:
    """The PBN text of one hand: spades first, ranks high to low, voids empty.

    >>> hand_pbn(parse_pbn_hand("KA..T.2"))
    'AK..T.2'
    """
    parts = []
    for suit_ in _PBN_SUITS:
        holding = (hand >> (13 * suit_)) & 0x1FFF
        parts.append("".join(r for r in _PBN_RANKS if holding >> _RANK_INDEX[r] & 1))
    return ".".join(parts)


def parse_pbn(text: str, where: str = "", *, equal: bool = True) -> Hands:
    """Four hands from a PBN deal, indexed by seat (N E S W).

    The text starts with the first seat and a colon; the hands follow
    clockwise, separated by spaces (each may repeat its own ``X:`` prefix).
    Every card at most once; with *equal* (the default) every hand the same
    size.

    >>> from pure_engine.games.trick_taking.tricks import cards_of
    >>> hands = parse_pbn("N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82")
    >>> [len(cards_of(h)) for h in hands]
    [13, 13, 13, 13]
    >>> parse_pbn("N:A... K... Q... J...") == parse_pbn("S:Q... W:J... N:A... E:K...")
    True
    >>> parse_pbn("N:A... K... Q... A...", "deals.pbn:4")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: deals.pbn:4: card SA is in hand N and in hand W (column 18)
    """
    if not isinstance(text, str):
        raise ParseError(f"expected a deal like {_EXAMPLE}, found {text!r}", where=where or None)
    body = text.strip()
    if len(body) < 2 or body[1] != ":" or body[0].upper() not in "NESW":
        raise ParseError(
            f"expected a deal like {_EXAMPLE} (first seat N, E, S or W, then ':'), "
            f"found {_short(text)}",
            where=where or None,
        )
    seat = "NESW".index(body[0].upper())
    hands: list[int | None] = [None] * 4
    names: list[str] = ["N", "E", "S", "W"]
    column = len(text) - len(text.lstrip()) + 3
    tokens = body[2:].split(" ")
    words = [(tok, _col) for tok, _col in _columns(tokens, column) if tok]
    if len(words) != 4:
        raise ParseError(
            f"expected 4 hands separated by spaces after {body[:2]!r}, found {len(words)} "
            f"in {_short(text)}",
            where=where or None,
        )
    for position, (word, col) in enumerate(words):
        if len(word) >= 2 and word[1] == ":" and word[0].upper() in "NESW":
            if position == 0:
                raise ParseError(f"seat given twice at column {col}", where=where or None)
            seat = "NESW".index(word[0].upper())
            word, col = word[2:], col + 2
        if hands[seat] is not None:
            raise ParseError(f"hand {names[seat]} given twice (column {col})", where=where or None)
        hand = parse_pbn_hand(
            word, f"{where + ': ' if where else ''}hand {names[seat]}", column=col
        )
        for other in range(4):
            held = hands[other]
            if held is not None and held & hand:
                card = (held & hand & -(held & hand)).bit_length() - 1
                raise ParseError(
                    f"card {suit_first_str(card)} is in hand {names[other]} and in hand "
                    f"{names[seat]} (column {col})",
                    where=where or None,
                )
        hands[seat] = hand
        seat = (seat + 1) % 4
    full = tuple(h if h is not None else 0 for h in hands)
    if equal:
        sizes = [h.bit_count() for h in full]
        if len(set(sizes)) != 1:
            shown = ", ".join(f"{names[s]} {sizes[s]}" for s in range(4))
            raise ParseError(
                f"hands must hold the same number of cards, found {shown}", where=where or None
            )
    return (full[0], full[1], full[2], full[3])


def pbn_str(hands: Sequence[int], first: int = Seat.NORTH) -> str:
    """The PBN text of four hands (indexed by seat), starting from seat *first*.

    >>> hands = parse_pbn("N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82")
    >>> pbn_str(hands, first=Seat.EAST)
    'E:QJ97.J4.KJ843.AJ T862.AQ987.A.Q95 3.K6532.QT6.KT82 AK54.T.9752.7643'
    """
    order = [(first + i) % 4 for i in range(4)]
    return "NESW"[first] + ":" + " ".join(hand_pbn(hands[s]) for s in order)


def random_hands(rng: random.Random, size: int) -> Hands:
    """*size* cards a hand, dealt one at a time round the table from a deck *rng* shuffles (an
    ending when *size* < 13).

    >>> hands = random_hands(random.Random(1), 2)
    >>> [hand.bit_count() for hand in hands], hands == random_hands(random.Random(1), 2)
    ([2, 2, 2, 2], True)
    """
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for index in range(4 * size):
        hands[index % 4] |= 1 << deck[index]
    return (hands[0], hands[1], hands[2], hands[3])


def _columns(tokens: list[str], start: int) -> list[tuple[str, int]]:
    out, col = [], start
    for tok in tokens:
        out.append((tok, col))
        col += len(tok) + 1
    return out


def _short(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:77] + "...")
