"""Coinche (belote contrée): Belote's card play with an auction for contracts.

Chance deals all 32 cards, eight to each player.  The auction, from the
dealer's left: each player passes, bids a contract higher than the current one
— 80, 90, ... 160 or capot, with a trump suit (``bid 100 S``, ``bid capot H``)
— or, against an opponents' contract, **coinches** (doubles); after a coinche
only the contracting side may **surcoinche** (redouble) and nobody may bid
again.  The auction ends after three passes following a bid or a coinche, at
once on a surcoinche, and with no contract after four passes (a single deal
then scores nothing; a match deals again, the next player dealing).

``make_coinche(sa_ta=True)`` (:mod:`.game`) adds **sans-atout** (``bid 100 SA``) and **tout-atout**
(``bid 100 TA``) contracts: 162 points each, no belote (docs/belote.md).

Play is Belote's (:mod:`pure_engine.games.belote.play`: legality written as a
JSON rule set, run by the :mod:`pure_engine.rules` engine, for SA and TA too),
the dealer's left leading.  Scoring, with ``m`` = 1, 2 (coinched) or 4 (surcoinched): the
contract is made when the contracting side's points (cards, dix de der,
belote-rebelote if theirs; 252 for all tricks) reach the bid — for a capot
contract, when it takes all eight tricks.  Made: the contracting side scores
``bid * m`` plus its points, the defenders their points (only their belote
when coinched).  Failed: the defenders score ``160 + bid * m`` plus their
belote, the contracting side only its belote.

``make_coinche(target=0)`` is one deal (returns: point difference / 1272, the
largest swing); ``make_coinche(target=2000)`` a match (+1 / -1).

>>> from pure_engine.games.belote.game import make_coinche
>>> game = make_coinche()
>>> s = game.initial_state(seed=1)
>>> while game.is_chance_node(s):
...     s = game.resolve_chance(s)[1]
>>> game.legal_strings(s)[:3], len(game.legal_actions(s))
(('pass', 'bid 80 C', 'bid 80 D'), 41)
>>> s = game.play_str(s, "bid 100 S")
>>> game.legal_strings(s)[:3]
('pass', 'coinche', 'bid 110 C')
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
    NO_TRUMP,
    belote_holder,
    legal_cards,
    play_step,
    side_points,
    trick_trump,
)
from pure_engine.games.playing_cards import SUIT_NAMES, card_str, parse_card_any_order
from pure_engine.games.trick_taking.tricks import Tricks, to_play

__all__ = [
    "BID",
    "BID_SA_TA",
    "COINCHE",
    "INFO",
    "LEVELS",
    "PASS",
    "STRAIN_NAMES",
    "SURCOINCHE",
    "CoincheState",
    "Phase",
    "action_to_str",
    "bid_action",
    "chance_outcomes",
    "contract_of",
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

PASS = 200
COINCHE = 201
SURCOINCHE = 202
BID = 300
"""``BID + 4 * level + suit``: a contract (see :data:`LEVELS`) in a trump suit."""
LEVELS = (80, 90, 100, 110, 120, 130, 140, 150, 160, 250)
"""Contract values; 250 is the capot contract (all eight tricks)."""
BID_SA_TA = BID + 4 * len(LEVELS)
"""``BID_SA_TA + 2 * level + (0 sans-atout, 1 tout-atout)``: the contracts of ``sa_ta``
games, numbered after the suit contracts so that those keep their numbers."""
STRAIN_NAMES = (*SUIT_NAMES, "SA", "TA")
"""How a contract's strain is written: a suit (C D H S), sans-atout, tout-atout."""
CAPOT_CONTRACT = 250
MAX_SWING = 1272
"""The largest point difference of one deal: capot surcoinched, 250 * 4 + 252 + 20."""


def bid_action(value: int, strain: int) -> int:
    """The action of a contract of *value* in *strain* (a suit 0-3, NO_TRUMP or ALL_TRUMPS).

    >>> bid_action(80, 0), bid_action(250, 3), bid_action(80, 4), bid_action(90, 5)  # 4 SA, 5 TA
    (300, 339, 340, 343)
    """
    if strain < 4:
        return BID + 4 * LEVELS.index(value) + strain
    return BID_SA_TA + 2 * LEVELS.index(value) + strain - NO_TRUMP


def contract_of(action: int) -> tuple[int, int]:
    """``(value, strain)`` of a bid action (the inverse of :func:`bid_action`).

    >>> contract_of(339), contract_of(343)
    ((250, 3), (90, 5))
    """
    if action < BID_SA_TA:
        return LEVELS[(action - BID) // 4], (action - BID) % 4
    return LEVELS[(action - BID_SA_TA) // 2], NO_TRUMP + (action - BID_SA_TA) % 2


def _is_bid(action: int) -> bool:
    return BID <= action < BID_SA_TA + 2 * len(LEVELS)


class Phase(IntEnum):
    """Where a deal is."""

    DEAL = 0
    AUCTION = 1
    PLAY = 2
    OVER = 3


class CoincheState(Struct):
    """A position of a Coinche deal (and the match around it).

    ``tricks`` holds the hands (bit sets) and the play; ``deck`` the undealt cards;
    ``bids`` every auction call so far; ``contract``/``bidder``/``trump`` the highest bid
    and who made it (``trump`` is the contract's strain: a suit, ``NO_TRUMP`` or
    ``ALL_TRUMPS``); ``sa_ta`` whether sans-atout and tout-atout contracts may be bid;
    ``multiplier`` 1, 2 (coinched) or 4 (surcoinched); ``passes`` the
    passes since the last bid or coinche; ``played``/``shown`` per player the cards played
    and the cards their play proved they do not hold; the match fields as in Belote.
    """

    dealer: int
    phase: Phase
    tricks: Tricks
    deck: int = DECK_MASK
    bids: tuple[int, ...] = ()
    contract: int = 0
    bidder: int | None = None
    trump: int | None = None
    multiplier: int = 1
    passes: int = 0
    played: tuple[int, int, int, int] = (0, 0, 0, 0)
    shown: tuple[int, int, int, int] = (0, 0, 0, 0)
    score: tuple[int, int] = (0, 0)
    deal_points: tuple[int, int] = (0, 0)
    deals: int = 1
    target: int = 0
    max_deals: int = 1
    sa_ta: bool = False
    rng: Rng | None = None


INFO = GameInfo(
    name="coinche",
    num_players=4,
    min_return=-1.0,
    max_return=1.0,
    max_game_length=32 + 4 * 12,
    zero_sum=True,
    constant_sum=0.0,
    has_chance=True,
    perfect_information=False,
    description="Coinche: Belote with an auction for contracts, coinche and surcoinche",
)


def new_deal(dealer: int, match: CoincheState | None = None) -> CoincheState:
    fresh = CoincheState(dealer, Phase.DEAL, Tricks((0, 0, 0, 0), (dealer + 1) % 4))
    return (
        fresh if match is None else belote_deal.next_deal(fresh.replace(sa_ta=match.sa_ta), match)
    )


def current_player(state: CoincheState) -> int:
    """Chance while dealing; the caller in the auction; the player to play; TERMINAL."""
    match state.phase:
        case Phase.DEAL:
            return CHANCE
        case Phase.AUCTION:
            return (state.dealer + 1 + len(state.bids)) % 4
        case Phase.PLAY:
            return to_play(state.tricks)
        case Phase.OVER:
            return TERMINAL


def legal_actions(state: CoincheState) -> tuple[int, ...]:
    """Auction: ``pass``, then ``coinche``/``surcoinche`` when allowed, then the higher bids
    (in suits by value, then suit; then sans-atout and tout-atout by value, when allowed);
    play: the cards the play rules allow; ``()`` elsewhere."""
    if state.phase == Phase.PLAY:
        tricks = state.tricks
        assert state.trump is not None
        trump = trick_trump(state.trump, tricks.trick)
        return legal_cards(tricks.hands[to_play(tricks)], tricks.trick, trump)
    if state.phase != Phase.AUCTION:
        return ()
    mover = current_player(state)
    if state.multiplier == 2:
        same_side = state.bidder is not None and state.bidder % 2 == mover % 2
        return (PASS, SURCOINCHE) if same_side else (PASS,)
    actions = [PASS]
    if state.bidder is not None and state.bidder % 2 != mover % 2:
        actions.append(COINCHE)
    if state.contract < CAPOT_CONTRACT:
        first = 0 if state.contract == 0 else LEVELS.index(state.contract) + 1
        actions.extend(range(BID + 4 * first, BID + 4 * len(LEVELS)))
        if state.sa_ta:
            actions.extend(range(BID_SA_TA + 2 * first, BID_SA_TA + 2 * len(LEVELS)))
    return tuple(actions)


def chance_outcomes(state: CoincheState) -> tuple[tuple[int, Fraction], ...]:
    """Each undealt card, equally likely, while dealing; ``()`` elsewhere."""
    return belote_deal.deal_outcomes(state.deck) if state.phase == Phase.DEAL else ()


def sample_chance(state: CoincheState, rng: random.Random) -> int:
    """A uniformly drawn undealt card (the fast sampler)."""
    return belote_deal.draw_card(state.deck, rng)


def step(state: CoincheState, action: int) -> CoincheState:
    """The state after *action* (a dealt card, an auction call, a played card); unchecked."""
    match state.phase:
        case Phase.DEAL:
            deck = state.deck & ~(1 << action)
            who = (state.dealer + 1 + 32 - deck.bit_count() - 1) % 4
            hands = list(state.tricks.hands)
            hands[who] |= 1 << action
            tricks = state.tricks.replace(hands=(hands[0], hands[1], hands[2], hands[3]))
            phase = Phase.AUCTION if deck == 0 else Phase.DEAL
            return state.replace(deck=deck, tricks=tricks, phase=phase)
        case Phase.AUCTION:
            return _call(state, action)
        case Phase.PLAY:
            assert state.trump is not None
            trump = trick_trump(state.trump, state.tricks.trick, action)
            tricks, played, shown = play_step(
                state.tricks, state.played, state.shown, trump, action
            )
            new = state.replace(tricks=tricks, played=played, shown=shown)
            if sum(tricks.won) == 8 and not tricks.trick:
                return _deal_over(new, deal_result(new))
            return new
    raise ValueError(f"no action is possible at phase {state.phase.name}")


def _call(state: CoincheState, action: int) -> CoincheState:
    mover = current_player(state)
    bids = (*state.bids, action)
    if action == PASS:
        passes = state.passes + 1
        if state.bidder is None and passes == 4:
            return _deal_over(state.replace(bids=bids, passes=passes), (0, 0))
        if state.bidder is not None and passes == 3:
            return state.replace(bids=bids, passes=passes, phase=Phase.PLAY)
        return state.replace(bids=bids, passes=passes)
    if action == COINCHE:
        return state.replace(bids=bids, multiplier=2, passes=0)
    if action == SURCOINCHE:
        return state.replace(bids=bids, multiplier=4, passes=0, phase=Phase.PLAY)
    value, strain = contract_of(action)
    return state.replace(bids=bids, contract=value, trump=strain, bidder=mover, passes=0)


def deal_result(state: CoincheState) -> tuple[int, int]:
    """The points of a finished deal per side (N-S, E-W), by the rules in the module doc."""
    assert state.trump is not None and state.bidder is not None
    tricks = state.tricks
    cards = side_points(tricks.taken, tricks.leader % 2, state.trump)
    holder = belote_holder(state.played, state.trump) if state.trump < NO_TRUMP else -1
    belote = [0, 0]
    if holder >= 0:
        belote[holder % 2] = BELOTE_POINTS
    taking = state.bidder % 2
    defending = 1 - taking
    points = [cards[0] + belote[0], cards[1] + belote[1]]
    if state.contract == CAPOT_CONTRACT:
        made = tricks.won[defending] == 0
    else:
        made = points[taking] >= state.contract
    out = [0, 0]
    value = state.contract * state.multiplier
    if made:
        out[taking] = value + points[taking]
        out[defending] = points[defending] if state.multiplier == 1 else belote[defending]
    else:
        out[taking] = belote[taking]
        out[defending] = 160 + value + belote[defending]
    return (out[0], out[1])


def _deal_over(state: CoincheState, points: tuple[int, int]) -> CoincheState:
    return belote_deal.end_deal(state, points, Phase.OVER, new_deal)


def returns(state: CoincheState) -> tuple[float, ...]:
    """One deal: the point difference / 1272 for each player's side; a match: +1 / -1 to the
    side with the higher total (0 each on a tie).  Zeros before the end."""
    return belote_deal.deal_returns(state, over=state.phase == Phase.OVER, max_swing=MAX_SWING)


def observation(state: CoincheState, player: int) -> tuple[object, ...]:
    """What *player* sees: their own hand, the auction, the contract, the trick on the table,
    the cards each player has played, what each player's play has shown, the tricks won and
    the scores.  Other hands and the deck are hidden."""
    return (
        *belote_deal.seat_view(state, player),
        state.bids,
        state.contract,
        state.bidder,
        state.trump,
        state.multiplier,
        *belote_deal.table_view(state),
    )


def key(state: CoincheState) -> tuple[object, ...]:
    """Everything but the generator (as in Belote): hands and deck decide the future, the
    auction fields what may follow, ``played`` the belote, ``shown`` every observation."""
    return tuple(state[1:-1])  # element 0 is the struct's class, the last field the rng


def resample(state: CoincheState, player: int, rng: random.Random) -> CoincheState:
    """A state *player* cannot tell from this one: the unseen cards dealt again among the
    other hands and the deck, keeping sizes and every void or missing trump play has shown."""
    return belote_deal.resample_hands(state, player, {}, rng)


def action_to_str(state: CoincheState, action: int) -> str:
    """``deal 7H``, ``pass``, ``coinche``, ``surcoinche``, ``bid 100 S``, ``bid capot H``,
    or a card ``7H``."""
    if state.phase == Phase.DEAL:
        return f"deal {card_str(action)}"
    if action == PASS:
        return "pass"
    if action == COINCHE:
        return "coinche"
    if action == SURCOINCHE:
        return "surcoinche"
    if _is_bid(action):
        value, strain = contract_of(action)
        shown = "capot" if value == CAPOT_CONTRACT else str(value)
        return f"bid {shown} {STRAIN_NAMES[strain]}"
    return card_str(action)


def parse_action(state: CoincheState, text: str) -> int:
    """The inverse of :func:`action_to_str` (case-insensitive).

    >>> from pure_engine.games.belote.game import make_coinche
    >>> parse_action(make_coinche().initial_state(), "bid 85 S")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected a contract 80, 90, ... 160 or capot, found 'bid 85 S'
    """
    words = text.strip().lower().split()
    simple = {"pass": PASS, "coinche": COINCHE, "surcoinche": SURCOINCHE}
    if len(words) == 1 and words[0] in simple:
        return simple[words[0]]
    if len(words) == 3 and words[0] == "bid":
        value = (
            CAPOT_CONTRACT if words[1] == "capot" else (int(words[1]) if words[1].isdigit() else -1)
        )
        if value not in LEVELS:
            raise ParseError(f"expected a contract 80, 90, ... 160 or capot, found {text!r}")
        strain = words[2].upper()
        if strain not in STRAIN_NAMES:
            raise ParseError(f"expected a trump suit C, D, H or S, or SA or TA, found {text!r}")
        return bid_action(value, STRAIN_NAMES.index(strain))
    if len(words) == 2 and words[0] == "deal":
        return parse_card_any_order(words[1])
    if len(words) == 1:
        return parse_card_any_order(words[0])
    raise ParseError(f"expected a card like 'JS', 'pass', 'coinche' or 'bid 100 S', found {text!r}")


def render(state: CoincheState) -> str:
    """One line for people: the phase, the contract, the trick, tricks won, scores."""
    contract = "-"
    if state.trump is not None:
        doubled = {1: "", 2: " coinched", 4: " surcoinched"}[state.multiplier]
        contract = f"{state.contract} {STRAIN_NAMES[state.trump]} by {state.bidder}{doubled}"
    trick = " ".join(card_str(c) for c in state.tricks.trick) or "-"
    return (
        f"{state.phase.name.lower()} | dealer {state.dealer} | contract {contract} | "
        f"trick {trick} | won {state.tricks.won} | deal {state.deal_points} | score {state.score}"
    )
