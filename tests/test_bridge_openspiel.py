"""bridge_play against OpenSpiel's ``bridge`` play phase, on identical card sequences.

Both games get the same deal and contract; random legal cards are played in both, and
after every card the legal cards and the player to move agree (after a trick, the player
to move is its winner, or the declarer when the winner is dummy).
"""

from __future__ import annotations

import random

import pytest

from pure_engine.games.bridge.game import make_game
from pure_engine.games.trick_taking.pbn import pbn_str
from pure_engine.games.trick_taking.tricks import Strain

pytestmark = pytest.mark.peers


def _openspiel_card(card: int) -> int:
    """OpenSpiel's card number: rank (2 = 0 .. ace = 12) * 4 + suit (C D H S)."""
    return ((card % 13 - 1) % 13) * 4 + card // 13


def _openspiel_play(pyspiel: object, hands: list[int], strain: Strain, declarer: int) -> object:
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})  # type: ignore[attr-defined]  # pyspiel is untyped
    state = game.new_initial_state()
    order = [0, 0, 0, 0]
    dealt = [[c for c in range(52) if hands[seat] >> c & 1] for seat in range(4)]
    for index in range(52):  # chance deals action k to seat k % 4
        seat = index % 4
        state.apply_action(_openspiel_card(dealt[seat][order[seat]]))
        order[seat] += 1
    bid = 55 + int(strain)  # a one-level contract; dealer North bids first
    for _ in range(declarer):
        state.apply_action(52)
    state.apply_action(bid)
    for _ in range(3):
        state.apply_action(52)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_legal_cards_and_trick_winners_match_openspiel(seed: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for index, card in enumerate(deck):
        hands[index % 4] |= 1 << card
    strain, declarer = Strain(rng.randrange(5)), rng.randrange(4)
    ours = make_game(deal=pbn_str(hands), strain=strain.letter, declarer="NESW"[declarer])
    state = ours.initial_state()
    theirs = _openspiel_play(pyspiel, hands, strain, declarer)
    for _ in range(52):
        legal = ours.legal_actions(state)
        assert sorted(_openspiel_card(c) for c in legal) == sorted(theirs.legal_actions())  # type: ignore[attr-defined]
        assert ours.current_player(state) == theirs.current_player()  # type: ignore[attr-defined]
        card = rng.choice(legal)
        state = ours.play(state, card)
        theirs.apply_action(_openspiel_card(card))  # type: ignore[attr-defined]
    assert theirs.is_terminal()  # type: ignore[attr-defined]
    assert ours.is_terminal(state)
