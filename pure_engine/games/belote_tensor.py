"""The card-play part of the Belote and Coinche observation tensors, and their card numbers.

A shared game module (like :mod:`pure_engine.games.belote_play`): ``belote``
and ``coinche`` each add their bidding to it in their own encoding module
(:mod:`~pure_engine.games.belote_encoding`, :mod:`~pure_engine.games.coinche_encoding`).

The 32 cards are numbered ``0..31`` in :data:`~pure_engine.games.belote_play.DECK`
order (suit by suit, C D H S; in each suit A 7 8 9 10 J Q K): the card's
action number and chance outcome number.  Seats are counted from the observer
(0 = self, 1 = left-hand opponent, 2 = partner, 3 = right-hand opponent), so
one network plays every seat.  :func:`write_play` writes, from
``observation(state, player)``'s fields only, :data:`PLAY_SIZE` numbers in
``[0, 1]``:

* ``0..31`` own hand;
* ``32..159`` the cards each seat has played (4 x 32: every earlier trick and
  the current one);
* ``160..287`` the cards on the table, by seat (4 x 32);
* ``288..415`` the cards each seat's play has shown it does not hold (4 x 32:
  a void shown by not following, missing trumps by not over-trumping);
* ``416..421`` the strain: the trump suit C D H S, or Coinche's sans-atout
  and tout-atout (all zero before it is chosen);
* ``422..425`` who led the trick on the table, ``426..429`` the dealer,
  ``430..433`` whose turn it is (all zero at chance and terminal nodes);
* ``434..437`` each seat's hand size / 8;
* ``438, 439`` tricks won by the observer's side and the other side / 8;
* ``440, 441`` the card points those sides have taken / 152 (in the strain's
  point table).
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.games.belote_play import DECK, strain_points

__all__ = [
    "CARDS",
    "CARD_INDEX",
    "PLAY_SIZE",
    "card_bits",
    "relative",
    "write_play",
]

CARDS: tuple[int, ...] = DECK
"""Card number ``i`` is ``CARDS[i]`` (a playing_cards int)."""
CARD_INDEX: dict[int, int] = {card: index for index, card in enumerate(CARDS)}
"""A card's number ``0..31``.

>>> from pure_engine.games.playing_cards import parse_card_any_order as card
>>> CARD_INDEX[card("AC")], CARD_INDEX[card("KC")], CARD_INDEX[card("7D")], CARD_INDEX[card("KS")]
(0, 7, 9, 31)
"""
PLAY_SIZE = 442
"""How many numbers :func:`write_play` writes."""
DECK_POINTS = 152
"""The card points of the 32 cards (without the dix de der)."""


def relative(seat: int, player: int) -> int:
    """*seat* counted from *player*: 0 self, 1 left, 2 partner, 3 right.

    >>> relative(0, 1), relative(3, 1)
    (3, 2)
    """
    return (seat - player) % 4


def card_bits(out: list[float], base: int, cards: int) -> None:
    """Set ``out[base + number]`` for every card of the bit set *cards*."""
    for card, number in CARD_INDEX.items():
        if cards >> card & 1:
            out[base + number] = 1.0


def write_play(
    out: list[float],
    player: int,
    *,
    hand: int,
    sizes: Sequence[int],
    played: Sequence[int],
    shown: Sequence[int],
    trick: Sequence[int],
    leader: int,
    dealer: int,
    to_move: int | None,
    won: Sequence[int],
    taken: Sequence[int],
    strain: int | None,
) -> None:
    """Write the card-play features *player* sees into ``out[0:PLAY_SIZE]`` (see the module doc).

    *to_move* is the player to act (``None`` at chance and terminal nodes); *strain* the
    trump suit 0-3, ``NO_TRUMP`` or ``ALL_TRUMPS`` (``None`` before it is chosen).

    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> out = [0.0] * PLAY_SIZE
    >>> write_play(out, 1, hand=1 << card("AC"), sizes=(7, 8, 8, 8),
    ...     played=(1 << card("JS"), 0, 0, 0), shown=(0, 0, 0, 0), trick=(card("JS"),),
    ...     leader=0, dealer=3, to_move=1,
    ...     won=(0, 0), taken=(0, 0), strain=3)
    >>> out[0], out[32 + 3 * 32 + 29], out[160 + 3 * 32 + 29], out[419], out[425], out[430]
    (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    """
    card_bits(out, 0, hand)
    for seat in range(4):
        seen = relative(seat, player)
        card_bits(out, 32 + 32 * seen, played[seat])
        card_bits(out, 288 + 32 * seen, shown[seat])
        out[434 + seen] = sizes[seat] / 8
    for offset, card in enumerate(trick):
        out[160 + 32 * relative(leader + offset, player) + CARD_INDEX[card]] = 1.0
    if strain is not None:
        out[416 + strain] = 1.0
    out[422 + relative(leader, player)] = 1.0
    out[426 + relative(dealer, player)] = 1.0
    if to_move is not None:
        out[430 + relative(to_move, player)] = 1.0
    mine, theirs = player % 2, 1 - player % 2
    out[438], out[439] = won[mine] / 8, won[theirs] / 8
    if strain is not None:
        out[440] = strain_points(taken[mine], strain) / DECK_POINTS
        out[441] = strain_points(taken[theirs], strain) / DECK_POINTS
