"""French-suited playing cards as small ints, and their text forms.

One card model for every game that uses the 52-card deck or part of it
(patience, bridge, Belote's 32 cards); games never import each other, they
share this module.

A card is ``suit * 13 + (rank - 1)`` with suits in the order clubs, diamonds,
hearts, spades (C=0 D=1 H=2 S=3) and ranks 1 (ace) .. 13 (king); the second
deck of a two-deck game adds 52.  Ints keep states small, hash fast, and make
"same suit" or "one rank lower" one arithmetic step.

>>> card = parse_card("10D")
>>> card, rank(card), suit(card), is_red(card), card_str(card), card_str(card, ten="T")
(22, 10, 1, True, '10D', 'TD')

Bridge writes the suit first (``SA``, ``DT``) and ranks the ace high; both
spellings parse with :func:`parse_card_any_order`, since no suit letter is a
rank letter:

>>> suit_first_str(card), parse_card_any_order("DT") == parse_card_any_order("10d") == card
('DT', True)
>>> ace_high(parse_card("AS")), ace_high(parse_card("2S")), ace_high(parse_card("KS"))
(14, 2, 13)
"""

from __future__ import annotations

from pure_engine.errors import ParseError

__all__ = [
    "RANK_NAMES",
    "SUIT_NAMES",
    "ace_high",
    "card_str",
    "from_ace_high",
    "full_deck",
    "is_red",
    "make_card",
    "parse_card",
    "parse_card_any_order",
    "parse_rank",
    "rank",
    "suit",
    "suit_first_str",
]

SUIT_NAMES = "CDHS"
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_OF_TEXT = {name: value for value, name in enumerate(RANK_NAMES) if name} | {"T": 10}
_EXPECTED = "expected a card like 'AS' or '10D'"


def rank(card: int) -> int:
    """The rank, 1 (ace) .. 13 (king).

    >>> rank(parse_card("KS")), rank(parse_card("AC"))
    (13, 1)
    """
    return card % 13 + 1


def suit(card: int) -> int:
    """The suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades (either deck).

    >>> suit(parse_card("QH")), suit(parse_card("QH") + 52)
    (2, 2)
    """
    return (card % 52) // 13


def is_red(card: int) -> bool:
    """True for diamonds and hearts.

    >>> is_red(parse_card("2D")), is_red(parse_card("2S"))
    (True, False)
    """
    return suit(card) in (1, 2)


def make_card(rank_: int, suit_: int) -> int:
    """The card of *rank_* (1..13) and *suit_* (0..3).

    >>> card_str(make_card(1, 3))
    'AS'
    """
    if not (1 <= rank_ <= 13 and 0 <= suit_ <= 3):
        raise ValueError(f"expected rank 1..13 and suit 0..3, found {rank_!r}, {suit_!r}")
    return suit_ * 13 + rank_ - 1


def full_deck(*, max_rank: int = 13, two_decks: bool = False) -> tuple[int, ...]:
    """Every card of a (possibly short or doubled) deck, in suit-then-rank order.

    >>> [card_str(c) for c in full_deck(max_rank=2)]
    ['AC', '2C', 'AD', '2D', 'AH', '2H', 'AS', '2S']
    >>> len(full_deck(two_decks=True))
    104
    """
    one = tuple(s * 13 + r for s in range(4) for r in range(max_rank))
    return one + tuple(c + 52 for c in one) if two_decks else one


def parse_card(text: str, where: str = "") -> int:
    """Parse ``'AS'``, ``'10D'``, ``'TD'`` or ``'td'`` (rank then suit, case-insensitive).

    >>> parse_card("AS"), parse_card("td") == parse_card("10D")
    (39, True)
    >>> parse_card("1S", "$.cells[0]")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: $.cells[0]: expected a card like 'AS' or '10D', found '1S'
    """
    if isinstance(text, str):
        cleaned = text.strip().upper()
        value = _RANK_OF_TEXT.get(cleaned[:-1])
        if value is not None and cleaned[-1:] in ("C", "D", "H", "S"):
            return SUIT_NAMES.index(cleaned[-1]) * 13 + value - 1
    raise ParseError(f"{_EXPECTED}, found {text!r}", where=where or None)


def parse_rank(text: str, where: str = "") -> int:
    """Parse a rank alone: ``'A'``, ``'2'``..``'10'`` (or ``'T'``), ``'J'``, ``'Q'``, ``'K'``.

    >>> parse_rank("A"), parse_rank("t"), parse_rank("K")
    (1, 10, 13)
    """
    value = _RANK_OF_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if value is None:
        raise ParseError(
            f"expected a rank like 'A', '10' or 'K', found {text!r}", where=where or None
        )
    return value


def card_str(card: int, *, ten: str = "10") -> str:
    """The text of *card*: rank then suit, ``ten`` spelling the 10 (fc-solve uses ``'T'``).

    >>> card_str(9), card_str(9, ten="T"), card_str(51)
    ('10C', 'TC', 'KS')
    """
    value = rank(card)
    return (ten if value == 10 else RANK_NAMES[value]) + SUIT_NAMES[suit(card)]


def suit_first_str(card: int, *, ten: str = "T") -> str:
    """The bridge spelling of *card*: suit then rank, ``T`` for the ten by default.

    >>> suit_first_str(parse_card("AS")), suit_first_str(parse_card("7H"))
    ('SA', 'H7')
    >>> suit_first_str(parse_card("10D")), suit_first_str(parse_card("10D"), ten="10")
    ('DT', 'D10')
    """
    value = rank(card)
    return SUIT_NAMES[suit(card)] + (ten if value == 10 else RANK_NAMES[value])


def parse_card_any_order(text: str, where: str = "") -> int:
    """Parse a card written rank first (``'AS'``, ``'10D'``) or suit first (``'SA'``, ``'DT'``).

    Case-insensitive; ``T`` and ``10`` both spell the ten.  The two orders
    never clash: no suit letter (C D H S) is a rank letter.

    >>> [card_str(parse_card_any_order(t)) for t in ("SA", "as", "h7", "7H", "D10", "dt")]
    ['AS', 'AS', '7H', '7H', '10D', '10D']
    >>> parse_card_any_order("SX", "trick 3")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: trick 3: expected a card like 'SA', 'DT' or 'AS', found 'SX'
    """
    if isinstance(text, str):
        cleaned = text.strip().upper()
        if cleaned[:1] in ("C", "D", "H", "S"):
            value = _RANK_OF_TEXT.get(cleaned[1:])
            if value is not None:
                return SUIT_NAMES.index(cleaned[0]) * 13 + value - 1
        else:
            value = _RANK_OF_TEXT.get(cleaned[:-1])
            if value is not None and cleaned[-1:] in ("C", "D", "H", "S"):
                return SUIT_NAMES.index(cleaned[-1]) * 13 + value - 1
    raise ParseError(
        f"expected a card like 'SA', 'DT' or 'AS', found {text!r}", where=where or None
    )


def ace_high(card: int) -> int:
    """The rank with the ace high: 2 .. 10, J = 11, Q = 12, K = 13, A = 14 (bridge order).

    >>> [ace_high(make_card(r, 0)) for r in (1, 2, 10, 13)]
    [14, 2, 10, 13]
    """
    value = card % 13 + 1
    return 14 if value == 1 else value


def from_ace_high(value: int, suit_: int) -> int:
    """The card of ace-high rank *value* (2..14) in *suit_*: the inverse of :func:`ace_high`.

    >>> card_str(from_ace_high(14, 3)), card_str(from_ace_high(2, 0))
    ('AS', '2C')
    """
    if not (2 <= value <= 14 and 0 <= suit_ <= 3):
        raise ValueError(f"expected ace-high rank 2..14 and suit 0..3, found {value!r}, {suit_!r}")
    return suit_ * 13 + (0 if value == 14 else value - 1)
