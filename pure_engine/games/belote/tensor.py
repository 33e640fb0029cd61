"""The card-play part of the Belote and Coinche observation tensors, and their card numbers.

A shared game module (like :mod:`pure_engine.games.belote.play`): ``belote``
and ``coinche`` each add their bidding to it in their own encoding module
(:mod:`~pure_engine.games.belote.belote_encoding`,
:mod:`~pure_engine.games.belote.coinche_encoding`).

The 32 cards are numbered ``0..31`` in :data:`~pure_engine.games.belote.play.DECK`
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

Each game's encoding starts from :func:`play_tensor` (the play, then one number
for the phase), writes its bidding, ends with :func:`write_match` (the match
scores) and is built by :func:`numbered_encoding` from its action numbering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.games.belote.deal import DealState
from pure_engine.games.belote.play import DECK, strain_points

__all__ = [
    "CARDS",
    "CARD_INDEX",
    "MATCH_SIZE",
    "PLAY_SIZE",
    "card_bits",
    "numbered_encoding",
    "play_tensor",
    "relative",
    "write_match",
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
S = TypeVar("S", bound=DealState)

MATCH_SIZE = 5
"""How many numbers :func:`write_match` writes."""
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


def write_play(out: list[float], state: DealState, player: int, to_move: int | None) -> None:
    """Write the card-play features *player* sees of a Belote or Coinche *state* into
    ``out[0:PLAY_SIZE]`` (see the module doc).

    *to_move* is the player to act (``None`` at chance and terminal nodes); the strain is
    the state's ``trump``: a suit 0-3, ``NO_TRUMP`` or ``ALL_TRUMPS`` (``None`` before it is
    chosen).

    >>> from pure_engine.games.belote.game import make_belote as make_game
    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> from pure_engine.games.trick_taking.tricks import Tricks
    >>> tricks = Tricks((0, 1 << card("AC"), 0, 0), leader=0, trick=(card("JS"),))
    >>> state = make_game().initial_state().replace(
    ...     dealer=3, trump=3, tricks=tricks, played=(1 << card("JS"), 0, 0, 0))
    >>> out = [0.0] * PLAY_SIZE
    >>> write_play(out, state, 1, to_move=1)
    >>> out[0], out[32 + 3 * 32 + 29], out[160 + 3 * 32 + 29], out[419], out[425], out[430]
    (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    """
    tricks = state.tricks
    hands, played, shown = tricks.hands, state.played, state.shown
    leader, won = tricks.leader, tricks.won
    card_bits(out, 0, hands[player])
    for seat in range(4):
        seen = relative(seat, player)
        card_bits(out, 32 + 32 * seen, played[seat])
        card_bits(out, 288 + 32 * seen, shown[seat])
        out[434 + seen] = hands[seat].bit_count() / 8
    for offset, card in enumerate(tricks.trick):
        out[160 + 32 * relative(leader + offset, player) + CARD_INDEX[card]] = 1.0
    strain = state.trump
    if strain is not None:
        out[416 + strain] = 1.0
    out[422 + relative(leader, player)] = 1.0
    out[426 + relative(state.dealer, player)] = 1.0
    if to_move is not None:
        out[430 + relative(to_move, player)] = 1.0
    mine, theirs = player % 2, 1 - player % 2
    out[438], out[439] = won[mine] / 8, won[theirs] / 8
    if strain is not None:
        out[440] = strain_points(tricks.taken[mine], strain) / DECK_POINTS
        out[441] = strain_points(tricks.taken[theirs], strain) / DECK_POINTS


def write_match(out: list[float], base: int, state: DealState, player: int, max_swing: int) -> None:
    """Write the match into ``out[base:base + MATCH_SIZE]``: the last deal's points of the
    observer's side and of the other side / *max_swing*, the two match scores / (target +
    *max_swing*) capped at 1, and the deals dealt / the deal limit."""
    mine, theirs = player % 2, 1 - player % 2
    out[base] = state.deal_points[mine] / max_swing
    out[base + 1] = state.deal_points[theirs] / max_swing
    scale = state.target + max_swing
    out[base + 2] = min(1.0, state.score[mine] / scale)
    out[base + 3] = min(1.0, state.score[theirs] / scale)
    out[base + 4] = state.deals / state.max_deals


def play_tensor(state: DealState, player: int, size: int, mover: int) -> list[float]:
    """A tensor of *size* numbers with the card play written (:func:`write_play`; *mover* is
    the game's ``current_player``) and ``out[PLAY_SIZE + phase]`` set: what each game's
    encoding starts from before it writes its bidding."""
    out = [0.0] * size
    write_play(out, state, player, None if mover in (CHANCE, TERMINAL) else mover)
    out[PLAY_SIZE + int(state.phase)] = 1.0
    return out


def numbered_encoding(
    size: int,
    tensor: Callable[[S, int], Sequence[float]],
    number_action: tuple[int, ...],
) -> Encoding[S, int]:
    """The encoding of a game whose observation is *tensor* (*size* numbers) and whose action
    number ``i`` is ``number_action[i]`` (the cards first: a chance outcome is its card)."""
    action_number = {action: number for number, action in enumerate(number_action)}

    def action_index(state: S, action: int) -> int:
        return action_number[action]

    def index_action(state: S, number: int) -> int:
        return number_action[number]

    return Encoding(
        observation_shape=(size,),
        observation_tensor=tensor,
        num_distinct_actions=len(number_action),
        action_index=action_index,
        index_action=index_action,
        max_chance_outcomes=len(CARDS),
    )
