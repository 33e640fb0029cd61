"""Belote: four players in two partnerships, 32 cards, a trump taken on the turned card.

The deal (chance, card by card): five cards each, then one turned face up.
Bidding, from the dealer's left: in the first round each player may **take**
the turned card's suit as trumps or pass; if all pass, in the second round
each may **take** another suit (``take H``) or pass; if all pass again the
deal is void (a single deal scores nothing; a match deals again, the next
player dealing).  The taker gets the turned card and two more, the others
three each; the dealer's left leads the first trick.

Play follows the rules of :mod:`pure_engine.games.belote.play` — written as a
JSON rule set run by the :mod:`pure_engine.rules` engine (follow suit; must
trump and overtrump; the partner-master exemption) — over the trick kernel
(:mod:`pure_engine.games.trick_taking.tricks`).  Scoring: 162 card points with the dix de
der, 252 for a capot, 20 for belote-rebelote (king and queen of trumps in one
hand); the taking side must score more than the defenders (belote included)
or it is "dedans": the defenders score 162 (the belote stays with its holder).

``make_belote(target=0)`` (:mod:`.game`) is one deal: returns are the point difference / 272.
``make_belote(target=1000)`` is a match: deals until a side reaches the target
(the higher total wins; +1 / -1), at most ``max_deals`` deals.

Notation: cards ``7H``, ``JS``, ``10D``; bids ``pass``, ``take``, ``take H``;
chance ``deal 7H``.

>>> from pure_engine.games.belote.game import make_belote
>>> game = make_belote()
>>> s = game.initial_state(seed=3)
>>> while game.is_chance_node(s):
...     s = game.resolve_chance(s)[1]
>>> game.legal_strings(s)
('pass', 'take')
"""

from __future__ import annotations

import random
from enum import IntEnum
from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, GameInfo
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.belote import deal as belote_deal
from pure_engine.games.belote.play import (
    BELOTE_POINTS,
    DECK_MASK,
    belote_holder,
    legal_cards,
    play_step,
    side_points,
)
from pure_engine.games.playing_cards import SUIT_NAMES, card_str, parse_card_any_order
from pure_engine.games.trick_taking.tricks import (
    Tricks,
    to_play,
)

__all__ = [
    "INFO",
    "PASS",
    "TAKE",
    "BeloteState",
    "Phase",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "deal_result",
    "key",
    "legal_actions",
    "observation",
    "parse_action",
    "render",
    "resample",
    "returns",
    "sample_chance",
    "step",
]

PASS = 100
"""The bid ``pass``."""
TAKE = 101
"""The bid ``take`` (first round: the turned card's suit)."""
TAKE_SUIT = 102
"""``TAKE_SUIT + s``: take suit *s* as trumps (second round)."""
MAX_SWING = 272
"""The largest point difference of one deal (capot 252 and belote 20)."""


class Phase(IntEnum):
    """Where a deal is."""

    DEAL = 0
    """Chance deals five cards each, then turns one."""
    BID1 = 1
    """First round: take the turned suit or pass."""
    BID2 = 2
    """Second round: take another suit or pass."""
    DEAL2 = 3
    """Chance completes the hands (taker 2 more, others 3)."""
    PLAY = 4
    """Eight tricks."""
    OVER = 5
    """The game is over."""


class BeloteState(Struct):
    """A position of a Belote deal (and the match around it).

    ``tricks`` holds the hands (bit sets) and the play; ``deck`` the undealt cards;
    ``turned`` the face-up card (``None`` until turned; it stays set after the taker
    takes it); ``bids`` the bidding so far; ``taker`` and ``trump`` once someone takes;
    ``played`` the cards each player has played; ``shown`` per player the cards their
    play proved they do not hold; ``score`` the match totals; ``deal_points`` the last
    deal's points per side; ``deals`` how many deals were dealt.
    """

    dealer: int
    phase: Phase
    tricks: Tricks
    deck: int = DECK_MASK
    turned: int | None = None
    bids: tuple[int, ...] = ()
    taker: int | None = None
    trump: int | None = None
    played: tuple[int, int, int, int] = (0, 0, 0, 0)
    shown: tuple[int, int, int, int] = (0, 0, 0, 0)
    score: tuple[int, int] = (0, 0)
    deal_points: tuple[int, int] = (0, 0)
    deals: int = 1
    target: int = 0
    max_deals: int = 1
    rng: Rng | None = None


INFO = GameInfo(
    name="belote",
    num_players=4,
    min_return=-1.0,
    max_return=1.0,
    max_game_length=40,
    zero_sum=True,
    constant_sum=0.0,
    has_chance=True,
    perfect_information=False,
    description="Belote: 32 cards, two partnerships, trump taken on the turned card",
)


def new_deal(dealer: int, match: BeloteState | None = None) -> BeloteState:
    """A fresh deal by *dealer*, keeping the match fields of *match* (if any)."""
    fresh = BeloteState(dealer, Phase.DEAL, Tricks((0, 0, 0, 0), (dealer + 1) % 4))
    return fresh if match is None else belote_deal.next_deal(fresh, match)


def current_player(state: BeloteState) -> int:
    """Chance while dealing; the bidder in the bidding; the player to play; TERMINAL."""
    match state.phase:
        case Phase.DEAL | Phase.DEAL2:
            return CHANCE
        case Phase.BID1 | Phase.BID2:
            return (state.dealer + 1 + len(state.bids) % 4) % 4
        case Phase.PLAY:
            return to_play(state.tricks)
        case Phase.OVER:
            return TERMINAL


def legal_actions(state: BeloteState) -> tuple[int, ...]:
    """Bids in the bidding (``pass`` first); in the play, the cards the play rules allow (in
    increasing card order); ``()`` at chance and terminal nodes."""
    match state.phase:
        case Phase.BID1:
            return (PASS, TAKE)
        case Phase.BID2:
            assert state.turned is not None
            turned_suit = state.turned // 13
            return (PASS, *(TAKE_SUIT + s for s in range(4) if s != turned_suit))
        case Phase.PLAY:
            tricks = state.tricks
            assert state.trump is not None
            return legal_cards(tricks.hands[to_play(tricks)], tricks.trick, state.trump)
    return ()


def _recipient(state: BeloteState) -> int:
    """Who the next dealt card goes to (4 = the turned card)."""
    hands = state.tricks.hands
    counts = [h.bit_count() for h in hands]
    first = (state.dealer + 1) % 4
    if state.phase == Phase.DEAL:
        dealt = sum(counts)
        return 4 if dealt == 20 else (first + dealt) % 4
    for offset in range(4):  # round robin over the hands still short of eight
        player = (first + offset + sum(counts)) % 4
        if counts[player] < 8:
            return player
    raise AssertionError("all hands are full")


def chance_outcomes(state: BeloteState) -> tuple[tuple[int, Fraction], ...]:
    """Each undealt card, equally likely, while dealing; ``()`` elsewhere."""
    if state.phase not in (Phase.DEAL, Phase.DEAL2):
        return ()
    return belote_deal.deal_outcomes(state.deck)


def sample_chance(state: BeloteState, rng: random.Random) -> int:
    """A uniformly drawn undealt card (the fast sampler)."""
    return belote_deal.draw_card(state.deck, rng)


def _with_card(hands: tuple[int, ...], player: int, card: int) -> tuple[int, int, int, int]:
    out = list(hands)
    out[player] |= 1 << card
    return (out[0], out[1], out[2], out[3])


def step(state: BeloteState, action: int) -> BeloteState:
    """The state after *action* (a dealt card, a bid, a played card); unchecked."""
    match state.phase:
        case Phase.DEAL | Phase.DEAL2:
            return _deal(state, action)
        case Phase.BID1 | Phase.BID2:
            return _bid(state, action)
        case Phase.PLAY:
            return _play(state, action)
    raise ValueError(f"no action is possible at phase {state.phase.name}")


def _deal(state: BeloteState, card: int) -> BeloteState:
    deck = state.deck & ~(1 << card)
    who = _recipient(state)
    if who == 4:
        return state.replace(deck=deck, turned=card, phase=Phase.BID1)
    hands = _with_card(state.tricks.hands, who, card)
    tricks = state.tricks.replace(hands=hands)
    if state.phase == Phase.DEAL2 and deck == 0:
        return state.replace(deck=deck, tricks=tricks, phase=Phase.PLAY)
    return state.replace(deck=deck, tricks=tricks)


def _bid(state: BeloteState, action: int) -> BeloteState:
    bidder = current_player(state)
    bids = (*state.bids, action)
    assert state.turned is not None
    if action == PASS:
        if len(bids) == 4:
            return state.replace(bids=bids, phase=Phase.BID2)
        if len(bids) == 8:
            return _deal_over(state.replace(bids=bids), (0, 0))
        return state.replace(bids=bids)
    trump = state.turned // 13 if action == TAKE else action - TAKE_SUIT
    hands = _with_card(state.tricks.hands, bidder, state.turned)
    return state.replace(
        bids=bids,
        taker=bidder,
        trump=trump,
        tricks=state.tricks.replace(hands=hands),
        phase=Phase.DEAL2,
    )


def _play(state: BeloteState, card: int) -> BeloteState:
    assert state.trump is not None
    tricks, played, shown = play_step(state.tricks, state.played, state.shown, state.trump, card)
    new = state.replace(tricks=tricks, played=played, shown=shown)
    if sum(tricks.won) == 8 and not tricks.trick:
        return _deal_over(new, deal_result(new))
    return new


def deal_result(state: BeloteState) -> tuple[int, int]:
    """The points of a finished deal per side (N-S, E-W): card points, dix de der, capot,
    belote-rebelote, and the taker's side "dedans" when it scores no more than the defenders.
    """
    assert state.trump is not None and state.taker is not None
    tricks = state.tricks
    points = list(side_points(tricks.taken, tricks.leader % 2, state.trump))
    holder = belote_holder(state.played, state.trump)
    if holder >= 0:
        points[holder % 2] += BELOTE_POINTS
    taking = state.taker % 2
    if points[taking] <= points[1 - taking]:  # dedans: the defenders take the card points
        belote = BELOTE_POINTS if holder >= 0 and holder % 2 == taking else 0
        points[taking] = belote
        points[1 - taking] = 162 + (BELOTE_POINTS if holder >= 0 and holder % 2 != taking else 0)
        if tricks.won[taking] == 0:
            points[1 - taking] += 252 - 162  # a capot of the defenders
    return (points[0], points[1])


def _deal_over(state: BeloteState, points: tuple[int, int]) -> BeloteState:
    return belote_deal.end_deal(state, points, Phase.OVER, new_deal)


def returns(state: BeloteState) -> tuple[float, ...]:
    """One deal: the point difference / 272 for each player's side; a match: +1 / -1 to the
    side with the higher total (0 each on a tie).  Zeros before the end."""
    return belote_deal.deal_returns(state, over=state.phase == Phase.OVER, max_swing=MAX_SWING)


def observation(state: BeloteState, player: int) -> tuple[object, ...]:
    """What *player* sees: their own hand, the turned card, the bids, the taker and trumps,
    the trick on the table, who led it, the cards each player has played, the tricks won,
    what each player's play has shown, the scores.  Other hands and the deck are hidden."""
    return (
        *belote_deal.seat_view(state, player),
        state.turned,
        state.bids,
        state.taker,
        state.trump,
        *belote_deal.table_view(state),
    )


def key(state: BeloteState) -> tuple[object, ...]:
    """Everything but the generator: the hands, deck and turned card decide the future, the
    bids and the match fields decide what may follow, ``played`` decides the belote, and
    ``shown`` is part of every observation."""
    return tuple(state[1:-1])  # element 0 is the struct's class, the last field the rng


def resample(state: BeloteState, player: int, rng: random.Random) -> BeloteState:
    """A state *player* cannot tell from this one: the cards they have not seen are dealt
    again among the other hands (and the deck), keeping each hand's size, the turned card
    with the taker until played, and every void or missing trump their play has shown."""
    taker, turned = state.taker, state.turned
    fixed: dict[int, int] = {}
    if taker is not None and turned is not None and state.tricks.hands[taker] >> turned & 1:
        fixed[taker] = 1 << turned  # everyone saw the taker pick it up
    return belote_deal.resample_hands(state, player, fixed, rng)


def action_to_str(state: BeloteState, action: int) -> str:
    """``deal 7H`` (chance), ``pass``, ``take``, ``take H``, or a card ``7H``."""
    if state.phase in (Phase.DEAL, Phase.DEAL2):
        return f"deal {card_str(action)}"
    if action == PASS:
        return "pass"
    if action == TAKE:
        return "take"
    if TAKE_SUIT <= action < TAKE_SUIT + 4:
        return f"take {SUIT_NAMES[action - TAKE_SUIT]}"
    return card_str(action)


def parse_action(state: BeloteState, text: str) -> int:
    """The inverse of :func:`action_to_str` (case-insensitive; ``JS`` or ``SJ`` for a card).

    >>> from pure_engine.games.belote.game import make_belote
    >>> parse_action(make_belote().initial_state(), "take X")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected a suit C, D, H or S after 'take', found 'take X'
    """
    words = text.strip().lower().split()
    if words == ["pass"]:
        return PASS
    if words == ["take"]:
        return TAKE
    if len(words) == 2 and words[0] == "take":
        suit_letter = words[1].upper()
        if len(suit_letter) == 1 and suit_letter in SUIT_NAMES:
            return TAKE_SUIT + SUIT_NAMES.index(suit_letter)
        raise ParseError(f"expected a suit C, D, H or S after 'take', found {text!r}")
    if len(words) == 2 and words[0] == "deal":
        return parse_card_any_order(words[1])
    if len(words) == 1:
        return parse_card_any_order(words[0])
    raise ParseError(f"expected a card like 'JS', 'pass', 'take' or 'take H', found {text!r}")


def render(state: BeloteState) -> str:
    """One line for people: the phase, trumps and taker, the trick, the tricks won, scores."""
    trump = "-" if state.trump is None else SUIT_NAMES[state.trump]
    turned = "-" if state.turned is None else card_str(state.turned)
    trick = " ".join(card_str(c) for c in state.tricks.trick) or "-"
    return (
        f"{state.phase.name.lower()} | dealer {state.dealer} | turned {turned} | "
        f"trump {trump} by {state.taker} | trick {trick} | won {state.tricks.won} | "
        f"deal {state.deal_points} | score {state.score}"
    )
