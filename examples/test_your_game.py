"""Test your own card game with pure_engine.testing.

Part 1 defines a small card game ("two tricks") in about fifty lines.  Part 2 tests its
invariants in ten lines: ``check_game`` runs the whole battery (purity, determinism,
legality, chance, keys, notation, records, returns, observations, a fresh process) and
checks that every card is always somewhere.  Part 3 adds a hypothesis property test.

Run it:  PYTHONPATH=. python3 -m pytest examples/test_your_game.py
     or  PYTHONPATH=. python3 examples/test_your_game.py
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given

from pure_engine import register_game
from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.testing import check_game, states

__all__ = ["DECK", "Table", "cards_conserved", "make_game"]

# --- part 1: the game ---------------------------------------------------------------------
# Six cards; chance deals two to each player, then two tricks: the leader plays a card, the
# other player answers, the higher card wins the trick and leads the next.  Hands are hidden.

DECK = (1, 2, 3, 4, 5, 6)


class Table(Struct):
    deck: tuple[int, ...] = DECK
    hands: tuple[tuple[int, ...], ...] = ((), ())
    trick: tuple[int, ...] = ()  # cards on the table this trick, the leader's first
    leader: int = 0
    discard: tuple[int, ...] = ()
    score: int = 0  # tricks won by player 0 minus tricks won by player 1
    rng: Rng | None = None


def current_player(s: Table) -> int:
    if len(s.deck) > len(DECK) - 4:  # dealing: chance picks each card from the deck
        return CHANCE
    return TERMINAL if not any(s.hands) else (s.leader + len(s.trick)) % 2


def chance_outcomes(s: Table) -> tuple[tuple[int, Fraction], ...]:
    return (
        tuple((c, Fraction(1, len(s.deck))) for c in s.deck) if current_player(s) == CHANCE else ()
    )


def step(s: Table, card: int) -> Table:
    player = current_player(s)
    if player == CHANCE:  # deal *card* to the player holding fewer cards
        to = 0 if len(s.hands[0]) <= len(s.hands[1]) else 1
        hand = tuple(sorted((*s.hands[to], card)))
        deck = tuple(c for c in s.deck if c != card)
        return s.replace(deck=deck, hands=(hand, s.hands[1]) if to == 0 else (s.hands[0], hand))
    hand = tuple(c for c in s.hands[player] if c != card)
    s = s.replace(hands=(hand, s.hands[1]) if player == 0 else (s.hands[0], hand))
    if not s.trick:
        return s.replace(trick=(card,))
    winner = s.leader if s.trick[0] > card else 1 - s.leader
    score = s.score + (1 if winner == 0 else -1)
    return s.replace(trick=(), leader=winner, discard=(*s.discard, s.trick[0], card), score=score)


def resample(s: Table, player: int, rng: random.Random) -> Table:
    """Deal the opponent's hidden cards again from every card *player* has not seen."""
    other = 1 - player
    unseen = sorted(s.deck + s.hands[other])
    hand = tuple(sorted(rng.sample(unseen, len(s.hands[other]))))
    deck = tuple(c for c in DECK if c in unseen and c not in hand)
    return s.replace(deck=deck, hands=(s.hands[0], hand) if other == 1 else (hand, s.hands[1]))


def parse_card(s: Table, text: str) -> int:
    if text not in {str(c) for c in DECK}:
        raise ParseError(f"expected a card 1-6, found {text!r}")
    return int(text)


def make_game() -> Game[Table, int]:
    return Game(
        info=GameInfo("two_tricks", 2, -2.0, 2.0, 4, zero_sum=True, has_chance=True),
        initial_state=lambda seed=None: Table(rng=None if seed is None else Rng(seed)),
        current_player=current_player,
        legal_actions=lambda s: s.hands[current_player(s)] if current_player(s) >= 0 else (),
        chance_outcomes=chance_outcomes,
        step=step,
        returns=lambda s: (float(s.score), float(-s.score)) if not any(s.hands) else (0.0, 0.0),
        observation=lambda s, p: (s.hands[p], s.trick, s.leader, s.discard, len(s.deck)),
        key=lambda s: (s.deck, s.hands, s.trick, s.leader, s.score),
        action_to_str=lambda s, card: str(card),
        parse_action=parse_card,
        resample=resample,
    )


register_game("two_tricks", make_game)  # records and a fresh process rebuild it by name

# --- part 2: test your own game's invariants in ten lines -----------------------------------


def cards_conserved(s: Table) -> bool:
    """Every card is in exactly one place: the deck, a hand, the trick or the discard."""
    return sorted(s.deck + s.hands[0] + s.hands[1] + s.trick + s.discard) == list(DECK)


def test_two_tricks_passes_check_game() -> None:
    report = check_game(make_game(), invariants=[cards_conserved])
    assert report.terminals == report.games


# --- part 3: a property of your own, over states reached by legal play -----------------------


@given(states(make_game(), max_steps=10))
def test_scores_never_exceed_the_tricks_played(s: Table) -> None:
    assert abs(s.score) <= len(s.discard) // 2


if __name__ == "__main__":
    print(check_game(make_game(), invariants=[cards_conserved]))
