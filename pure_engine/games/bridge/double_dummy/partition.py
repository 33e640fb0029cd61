"""Partition search: the double-dummy search's table and its proofs (:mod:`.search`).

Each answer comes with the set of cards whose rank the proof used; the table stores it
under the position's shape with the owners of those cards and all higher ones only, and a
refuted card makes the cards below the lowest used one of its suit refuted too.
"""

from __future__ import annotations

from pure_engine.games.bridge.double_dummy.relative import _FROM, _SUIT

__all__: list[str] = []


def _probe(regions: dict[int, dict[int, list[int]]], x: int, y: int, need: int) -> int:
    """The table's answer for a position whose key unions are *x* (``b | d``) and *y*
    (``c | d``), or -1 when no stored region settles it.  The latest region is tried first;
    one that answers becomes the latest."""
    for region, owners in reversed(regions.items()):
        entry = owners.get((x & region) << 52 | y & region)
        if entry is not None:
            if entry[0] >= need:
                regions[region] = regions.pop(region)
                return entry[2] << 1 | 1
            if entry[1] < need:
                regions[region] = regions.pop(region)
                return entry[2] << 1
    return -1


def _store(
    regions: dict[int, dict[int, list[int]]],
    b: int,
    c: int,
    d: int,
    relevant: int,
    low: int,
    high: int,
) -> None:
    """Store the bounds *low* .. *high* on North-South's tricks for the position whose
    East, South and West hands are *b*, *c*, *d*, under the owners of the *relevant*
    cards and every card above them in their suits."""
    region = 0
    for mask in _SUIT:
        inside = relevant & mask
        if inside:
            region |= _FROM[(inside & -inside).bit_length() - 1]
    owners = regions.get(region)
    if owners is None:
        owners = regions[region] = {}
    index = ((b | d) & region) << 52 | (c | d) & region
    entry = owners.get(index)
    if entry is None:
        owners[index] = [low, high, relevant]
    else:
        if low > entry[0]:
            entry[0] = low
        if high < entry[1]:
            entry[1] = high


def _proved(
    regions: dict[int, dict[int, list[int]]],
    h: tuple[int, int, int, int],
    used: int,
    low: int,
    high: int,
    answer: int,
) -> int:
    """Store what a bound proved (North-South take *low* .. *high* tricks, from the cards
    *used*) and return it as a search result with *answer*."""
    _store(regions, h[1], h[2], h[3], used, low, high)
    return used << 1 | answer


def _with_run(relevant: int, hand: int, card: int) -> int:
    """The relevant cards of a refuted *card*, made to hold for the cards it stood for.

    Only the lowest card of a run of touching cards in *hand* is searched.  Had a higher
    card of the run been played instead, the proof would be the same with the run's cards
    renamed, so if it used the rank of any card of the run, the whole run is relevant:
    a position that shares the relevant cards' owners then holds the same run.  (The
    search loops inline this: it runs for every refuted card.)

    >>> bin(_with_run(1 << 3, 0b1110, 1))  # cards 1-3 touch, card 3's rank was used
    '0b1110'
    >>> bin(_with_run(1 << 9, 0b1110, 1))  # a card above the run: the run stays one card
    '0b1000000000'
    """
    up = (hand & _FROM[card]) >> card  # the card's suit in hand, from the card up
    run = (up & ~(up + 1)) << card  # the touching cards from the card up, itself included
    if relevant & run & ~(1 << card):
        relevant |= run
    return relevant


def _raise_floor(floors: list[int] | None, relevant: int, card: int) -> list[int] | None:
    """The suits' floors after *card* is refuted (*relevant*: the cards whose rank the
    proofs so far used, *card*'s included).

    If no proof used a card of *card*'s suit at or below it, any other card of the suit
    below the lowest used one, played instead, leads to a position that differs from
    the refuted one only in cards below every used rank of the suit, which the proof
    does not see: it is refuted too.  So the suit's floor rises to the lowest used card
    (the top of the suit when none is used) and the search skips the cards below it
    (DDS's "one small card per suit").  A suit's floor is set once, by its first
    refuted card below every used rank: later proofs may use lower cards, but the
    skipped cards stay refuted by the one that set the floor.

    >>> _raise_floor(None, 0, 3)  # no club's rank used: every club is alike
    [13, -1, -1, -1]
    >>> _raise_floor(None, 1 << 5, 3)  # place 5 of clubs used: the clubs below it are alike
    [5, -1, -1, -1]
    >>> _raise_floor(None, 1 << 2, 3) is None  # a lower club used: no floor
    True
    """
    suit_ = card // 13
    if floors is not None and floors[suit_] >= 0:
        return floors
    inside = relevant & _SUIT[suit_]
    low = (inside & -inside).bit_length() - 1 if inside else 13 * suit_ + 13
    if card >= low:
        return floors
    if floors is None:
        floors = [-1, -1, -1, -1]
    floors[suit_] = low
    return floors


def _below_floor(floors: list[int], hand: int, card: int) -> bool:
    """Whether *card* (the lowest of its run in *hand*) and its whole run lie below the
    floor of its suit, so that the refutation that set the floor refutes them too.

    >>> _below_floor([5, -1, -1, -1], 0b000110, 1)  # clubs 1-2 held, the floor at 5
    True
    >>> _below_floor([5, -1, -1, -1], 0b111110, 1)  # the run 1-5 reaches the floor card
    False
    """
    floor = floors[card // 13]
    if floor <= card:
        return False
    if floor % 13 == 0:  # no rank of the suit used (the floor is the top of the suit)
        return True
    run = ((2 << floor) - 1) & ~((1 << card) - 1)
    return hand & run != run


def _lead_like(hand: int, card: int) -> int | None:
    """The lead in *hand* that stands for a remembered *card*: the lowest of its run if
    the hand holds it, else the hand's nearest lower card of its suit (the lowest
    when none is lower), the lowest of its run; None when the hand is void there.

    >>> _lead_like(0b0111_0000, 6), _lead_like(0b0100_0011, 5), _lead_like(0b0110_0000, 2)
    (4, 0, 5)
    >>> _lead_like(1 << 13, 3) is None
    True
    """
    if not hand >> card & 1:
        suit = hand & _SUIT[card // 13]
        if not suit:
            return None
        below = suit & ((1 << card) - 1)
        card = below.bit_length() - 1 if below else (suit & -suit).bit_length() - 1
    while card % 13 and hand >> (card - 1) & 1:
        card -= 1
    return card
