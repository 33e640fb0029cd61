"""Brute-force double-dummy minimax over real cards: the oracle for the solver's tests.

No transposition table, no equivalent cards, no bounds: every legal card of
every hand is tried, so it is only for small endings (up to 4 cards a hand).
"""

from __future__ import annotations

from pure_engine.games.trick_taking.tricks import Tricks, cards_of, legal_cards, play_card, to_play


def brute_ns(tricks: Tricks, trump: int | None) -> int:
    """North-South's tricks from *tricks* on (the current trick included), by minimax."""
    seat = to_play(tricks)
    if not tricks.hands[seat]:
        return 0
    values = []
    for card in cards_of(legal_cards(tricks)):
        after = play_card(tricks, card, trump)
        values.append(after.won[0] - tricks.won[0] + brute_ns(after, trump))
    return max(values) if seat % 2 == 0 else min(values)


def brute_tricks(tricks: Tricks, trump: int | None) -> int:
    """The tricks the side to play takes from *tricks*, the current trick included."""
    seat = to_play(tricks)
    ns = brute_ns(tricks, trump)
    return ns if seat % 2 == 0 else tricks.hands[seat].bit_count() - ns
