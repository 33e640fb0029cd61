"""A four-seat trick-taking table as a scene (bridge, belote, coinche draw through it).

Seats sit North (0) at the top, East (1) right, South (2) at the bottom and
West (3) left; the trick on the table is in the middle, lead first.  A hand is
either a bit set of cards (drawn face up, spades first, high cards first) or a
count (drawn face down): the family adapter decides which from what the seat
observes, so a hidden card is never drawn.

>>> from pure_engine.games.playing_cards import parse_card
>>> hand = (1 << parse_card("AS")) | (1 << parse_card("2C"))
>>> table = table_scene(("N", "E", "S", "W"), (hand, (1,), 0, 0), (), 0, ("NT",))
>>> [[c.face for c in z.cards] for z in table.zones[:2]]
[['AS', '2C'], ['']]
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.scene import Card, Scene, Zone, face_down
from pure_engine.games.playing_cards import ace_high, card_str, suit
from pure_engine.games.trick_taking.tricks import cards_of

__all__ = ["SEAT_XY", "TRICK_XY", "hand_cards", "table_scene"]

SEAT_XY = ((230, 30), (450, 140), (230, 330), (10, 140))
"""Where each seat's hand sits: North, East, South, West (a 13-card row is 404 pixels wide:
West's ends before East's begins)."""
TRICK_XY = (230, 232)
"""Where the trick sits: between the rows of West and East and South's, clear of both."""


def hand_cards(hand: int) -> tuple[Card, ...]:
    """The cards of a bit-set hand, spades first, high cards first.

    >>> from pure_engine.games.playing_cards import parse_card
    >>> [c.face for c in hand_cards((1 << parse_card("10H")) | (1 << parse_card("KS")))]
    ['KS', '10H']
    """
    ordered = sorted(cards_of(hand), key=lambda card: (-suit(card), -ace_high(card)))
    return tuple(Card(card_str(card)) for card in ordered)


def table_scene(
    names: Sequence[str],
    hands: Sequence[int | tuple[int]],
    trick: Sequence[int],
    leader: int,
    texts: Sequence[str],
    *,
    extra: Sequence[Zone] = (),
) -> Scene:
    """Four hands, the trick (led by *leader*) and status lines.

    ``hands[p]`` is a bit set of cards shown face up, or ``(n,)``: *n* cards face down.
    """
    zones = []
    for seat, hand in enumerate(hands):
        x, y = SEAT_XY[seat]
        cards = face_down(hand[0]) if isinstance(hand, tuple) else hand_cards(hand)
        zones.append(Zone(names[seat], x, y, cards))
    if trick:
        led = f"led by {names[leader]}"
        played = tuple(Card(card_str(card)) for card in trick)
        zones.append(Zone("trick", *TRICK_XY, played, note=led))
    zones.extend(extra)
    return Scene(tuple(zones), tuple(texts))
