"""Bridge card play: the play of one deal after the auction (``bridge_play``).

The contract is given — its strain, the declarer, and so the opening leader
(declarer's left-hand opponent, or any seat for an ending) — and the four
players play the tricks out.  Dummy (declarer's partner) is laid face up after
the opening lead and declarer plays its cards: when dummy is to play,
``current_player`` is the declarer.  Each side scores the tricks it takes
(``returns`` gives every seat its side's tricks; a constant-sum game).

The deal is a PBN text (``N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ ...``; hands of
any equal size make an ending), or, with ``deal=""``, dealt by chance card by
card (``cards`` per hand), so seeded games replay identically.  Actions are
cards (the ints of :mod:`pure_engine.games.playing_cards`), written ``SA``,
``H7``, ``DT``.  The rules come from the trick-taking kernel
(:mod:`pure_engine.games.trick_taking.tricks`); the double-dummy solver is
:mod:`pure_engine.games.bridge.double_dummy.solver`.

>>> from pure_engine.games.bridge.game import make_game
>>> game = make_game(deal="N:AK... QJ... T9... 87...", strain="NT", declarer="S")
>>> s = game.initial_state()
>>> current_player(s), game.legal_strings(s)          # West leads
(3, ('S7', 'S8'))
>>> s = game.play_str(s, "S8")
>>> current_player(s), game.legal_strings(s)          # dummy's turn: declarer picks
(2, ('SA', 'SK'))
"""

from __future__ import annotations

import random
from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, GameInfo
from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct
from pure_engine.games.playing_cards import parse_card_any_order, suit_first_str
from pure_engine.games.trick_taking.pbn import pbn_str
from pure_engine.games.trick_taking.tricks import (
    Strain,
    Tricks,
    cards_of,
    legal_cards,
    partner_of,
    play_card,
    to_play,
    trick_winner,
)

__all__ = [
    "INFO",
    "BridgeObservation",
    "BridgeState",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "hands_pbn",
    "key",
    "legal_actions",
    "observation",
    "parse_action",
    "render",
    "resample",
    "returns",
    "sample_chance",
    "shown_voids",
    "step",
]

_DECK = (1 << 52) - 1


class BridgeState(Struct):
    """A position: the tricks in play (the kernel's
    :class:`~pure_engine.games.trick_taking.tricks.Tricks`),
    the contract, and what has been played.

    ``opening_leader`` led the first trick; ``played`` lists every card played
    since, in order (with the opening leader it tells who played what, and who
    showed out of which suit); ``to_deal`` counts the cards chance still has to
    deal (0 for a given deal); ``rng`` is the generator of a seeded game;
    ``dealt_by_chance`` is true when chance dealt the hands, so that in an ending of fewer
    than 13 cards a hand which cards are in play is hidden too (a given deal names them).
    """

    play: Tricks
    strain: Strain
    declarer: int
    opening_leader: int
    played: tuple[int, ...] = ()
    to_deal: int = 0
    rng: Rng | None = None
    dealt_by_chance: bool = False


class BridgeObservation(Struct):
    """What one seat knows: its own hand, dummy's once it is down, every card played
    (in order, from the opening leader), the contract and the tricks won per side."""

    seat: int
    hand: int
    dummy: int | None
    played: tuple[int, ...]
    opening_leader: int
    strain: Strain
    declarer: int
    won: tuple[int, int]
    to_deal: int


INFO = GameInfo(
    name="bridge_play",
    num_players=4,
    min_return=0.0,
    max_return=13.0,
    max_game_length=52,
    zero_sum=False,
    constant_sum=26.0,
    has_chance=False,
    perfect_information=False,
    description="Bridge card play: one deal after the auction, scored in tricks",
)


def _dummy(state: BridgeState) -> int:
    return partner_of(state.declarer)


def current_player(state: BridgeState) -> int:
    """``CHANCE`` while dealing; the seat to play (the declarer for dummy); ``TERMINAL`` at
    the end."""
    if state.to_deal:
        return CHANCE
    play = state.play
    if not play.hands[play.leader] and not play.trick:
        return TERMINAL
    seat = to_play(play)
    return state.declarer if seat == partner_of(state.declarer) else seat


def legal_actions(state: BridgeState) -> tuple[int, ...]:
    """The cards the seat to play may play (follow suit), in increasing card order."""
    if current_player(state) < 0:
        return ()
    return cards_of(legal_cards(state.play))


def chance_outcomes(state: BridgeState) -> tuple[tuple[int, Fraction], ...]:
    """While dealing: each undealt card, equally likely, goes to the next seat."""
    if not state.to_deal:
        return ()
    undealt = cards_of(_DECK & ~_held(state.play.hands))
    p = Fraction(1, len(undealt))
    return tuple((card, p) for card in undealt)


def _held(hands: tuple[int, ...]) -> int:
    out = 0
    for hand in hands:
        out |= hand
    return out


def step(state: BridgeState, action: int) -> BridgeState:
    """Deal *action* to the next seat, or play it for the seat to play (unchecked)."""
    play = state.play
    if state.to_deal:
        dealt = sum(h.bit_count() for h in play.hands)
        seat = (state.opening_leader + dealt) % 4
        hands = tuple(h | (1 << action) if s == seat else h for s, h in enumerate(play.hands))
        return state.replace(play=play.replace(hands=hands), to_deal=state.to_deal - 1)
    return state.replace(
        play=play_card(play, action, state.strain.trump), played=(*state.played, action)
    )


def returns(state: BridgeState) -> tuple[float, ...]:
    """Each seat's side's tricks so far (North-South: seats 0 and 2)."""
    ns, ew = state.play.won
    return (float(ns), float(ew), float(ns), float(ew))


def _dummy_visible(state: BridgeState) -> bool:
    """Dummy is down once a card is played, and from the start of an ending that declarer's
    side leads (the opening lead was made before it: declarer must see the cards it plays)."""
    return bool(state.played) or state.opening_leader % 2 == state.declarer % 2


def observation(state: BridgeState, player: int) -> BridgeObservation:
    """Own hand, dummy's hand once it is down (after the opening lead, or from the start of
    an ending declarer's side leads), the cards played, the contract."""
    dummy = _dummy(state)
    shown = state.play.hands[dummy] if _dummy_visible(state) else None
    return BridgeObservation(
        player,
        state.play.hands[player],
        shown,
        state.played,
        state.opening_leader,
        state.strain,
        state.declarer,
        state.play.won,
        state.to_deal,
    )


def shown_voids(state: BridgeState) -> tuple[int, int, int, int]:
    """Per seat, the suits it is known to be void in (a bit per suit), from failing to
    follow suit.

    >>> from pure_engine.games.bridge.game import make_game
    >>> game = make_game(deal="N:A.2.. K.3.. Q.4.. .5..J", leader="N")
    >>> s = game.initial_state()
    >>> for card in ("SA", "SK", "SQ", "CJ"):   # West shows out of spades
    ...     s = game.play_str(s, card)
    >>> shown_voids(s)
    (0, 0, 0, 8)
    """
    voids = [0, 0, 0, 0]
    leader = state.opening_leader
    played = state.played
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        led = trick[0] // 13
        seat = leader
        for card in trick:
            if card // 13 != led:
                voids[seat] |= 1 << led
            seat = (seat + 1) % 4
        if len(trick) == 4:
            leader = trick_winner(leader, trick, state.strain.trump)
    return (voids[0], voids[1], voids[2], voids[3])


def resample(state: BridgeState, player: int, rng: random.Random) -> BridgeState:
    """A full state *player* cannot tell from *state*: the cards of the hands they cannot
    see dealt again at random, each hand keeping its size and every void it has shown.

    When chance dealt the hands, the cards come from every card the player has not seen (in
    an ending dealt by chance, which cards are in play is hidden too); for a given deal, from
    the hidden hands' own cards (the deal names the cards in play)."""
    play = state.play
    shown = _dummy_visible(state)
    hidden = [s for s in range(4) if s != player and not (s == _dummy(state) and shown)]
    if len(hidden) < 2 and not (hidden and state.dealt_by_chance):
        return state
    pool = [card for s in hidden for card in cards_of(play.hands[s])]
    seats, sizes = list(hidden), {s: play.hands[s].bit_count() for s in hidden}
    if state.dealt_by_chance:
        seen = set(state.played).union(
            *(cards_of(play.hands[s]) for s in range(4) if s not in hidden)
        )
        pool = [card for card in range(52) if card not in seen]
        seats.append(_OUT_OF_PLAY)
        sizes[_OUT_OF_PLAY] = len(pool) - sum(sizes.values())
    voids = (*shown_voids(state), 0)  # the cards out of play may be of any suit
    owner = _constrained_deal(_Redeal(pool, seats, sizes, voids), rng)
    hands = list(play.hands)
    for s in hidden:
        hands[s] = 0
    for card, seat in owner.items():
        if seat != _OUT_OF_PLAY:
            hands[seat] |= 1 << card
    return state.replace(play=play.replace(hands=tuple(hands)))


_OUT_OF_PLAY = 4
"""The seat a redeal gives the cards that are not in play (an ending dealt by chance)."""


class _Redeal(Struct):
    """A deal to make again: the cards of *pool* to the *seats*, *sizes* cards each, none in
    a suit the seat has shown *voids* in (a bit per suit, per seat)."""

    pool: list[int]
    seats: list[int]
    sizes: dict[int, int]
    voids: tuple[int, ...]


def _constrained_deal(redeal: _Redeal, rng: random.Random) -> dict[int, int]:
    """Give every card of the pool a seat: its size in cards each, none in a suit it is
    void in.

    Usually a shuffle and a deal (most constrained cards first, each to a seat that may
    hold it, chosen in proportion to the room left); if that runs into a dead end twenty
    times, a bipartite matching finds a deal (one exists: the real one)."""
    voids = redeal.voids
    allowed = {suit_: [s for s in redeal.seats if not voids[s] >> suit_ & 1] for suit_ in range(4)}
    for _ in range(20):
        cards = redeal.pool[:]
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(allowed[card // 13]))
        room = dict(redeal.sizes)
        owner: dict[int, int] = {}
        for card in cards:
            choices = [s for s in allowed[card // 13] if room[s]]
            if not choices:
                break
            weights = [room[s] for s in choices]
            seat = rng.choices(choices, weights)[0]
            room[seat] -= 1
            owner[card] = seat
        else:
            return owner
    return _matching_deal(redeal, rng)


def _matching_deal(redeal: _Redeal, rng: random.Random) -> dict[int, int]:
    """A deal by augmenting paths (cards to seat slots), for when random dealing fails."""
    cards = redeal.pool[:]
    rng.shuffle(cards)
    voids = redeal.voids
    slots = [s for s in redeal.seats for _ in range(redeal.sizes[s])]
    rng.shuffle(slots)
    holder: dict[int, int] = {}  # slot index -> card
    owner: dict[int, int] = {}  # card -> slot index

    def augment(card: int, visited: set[int]) -> bool:
        for slot in range(len(slots)):
            if slot in visited or voids[slots[slot]] >> (card // 13) & 1:
                continue
            visited.add(slot)
            if slot not in holder or augment(holder[slot], visited):
                holder[slot] = card
                owner[card] = slot
                return True
        return False

    for card in cards:
        assert augment(card, set()), "no deal fits the voids shown"
    return {card: slots[slot] for card, slot in owner.items()}


def sample_chance(state: BridgeState, rng: random.Random) -> int:
    """The next card dealt: any undealt card, equally likely (as :func:`chance_outcomes`)."""
    return rng.choice(cards_of(_DECK & ~_held(state.play.hands)))


def key(state: BridgeState) -> tuple[object, ...]:
    """What decides the future: the hands, the leader and the cards on the table, the tricks
    won per side (the returns), the contract, and the cards still to deal.  Left out: the
    order of earlier play, the cards each side took, and the generator."""
    play = state.play
    return (
        play.hands,
        play.leader,
        play.trick,
        play.won,
        state.strain,
        state.declarer,
        state.to_deal,
    )


def action_to_str(state: BridgeState, action: int) -> str:
    """``SA``, ``H7``, ``DT``: the card, suit first (the same for a card dealt)."""
    return suit_first_str(action)


def parse_action(state: BridgeState, text: str) -> int:
    """A card, suit first or rank first (``SA``, ``as``, ``D10``); bad text is a ParseError.

    >>> from pure_engine.games.bridge.game import make_game
    >>> parse_action(make_game(deal="N:A... K... Q... J...").initial_state(), "SX")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected a card like 'SA', 'DT' or 'AS', found 'SX'
    """
    return parse_card_any_order(text)


def render(state: BridgeState) -> str:
    """The hands (PBN, from North), the trick on the table and the tricks per side."""
    play = state.play
    trick = " ".join(suit_first_str(c) for c in play.trick) or "-"
    return (
        f"{pbn_str(play.hands)} | {state.strain.letter} by {'NESW'[state.declarer]} | "
        f"trick {trick} | N-S {play.won[0]} E-W {play.won[1]}"
    )


def hands_pbn(state: BridgeState) -> str:
    """The four hands now, as PBN from North (for the solver and the CLI)."""
    return pbn_str(state.play.hands)
