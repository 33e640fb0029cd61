"""The deal and the match around it, shared by Belote and Coinche.

A shared game module (like :mod:`pure_engine.games.belote.play`, which does the
card play): ``belote`` and ``coinche`` keep their own state structs, bidding and
scoring, and never import each other.  Their states have the same deal and
match fields (:class:`DealState`), and what is done with those fields is the
same in both games, so it is written once here:

* **chance** deals the 32 cards one by one, each undealt card equally likely
  (:func:`deal_outcomes`, :func:`draw_card`);
* **the match**: a finished deal adds its points to the score; with a target,
  the next player deals again until a side passes the target with the higher
  total or ``max_deals`` deals were played (:func:`end_deal`, :func:`next_deal`);
  :func:`deal_returns` scores a single deal (point difference / the largest
  swing) or a match (+1 / -1);
* **what a player sees** of the deal (:func:`seat_view`, :func:`table_view`:
  the two ends of both games' observations);
* **resampling**: the cards a player has not seen are dealt again among the
  other hands and the deck so that every void or missing trump their play has
  shown still holds (:func:`resample_hands`, :func:`deal_consistent`).

>>> from pure_engine.games.belote.game import make_belote as make_game
>>> game = make_game()
>>> s = game.initial_state()
>>> len(deal_outcomes(s.deck)), deal_outcomes(s.deck)[0]
(32, (0, Fraction(1, 32)))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol, Self, TypeVar

from pure_engine.core.rng import Rng
from pure_engine.games.belote.play import belote_cards
from pure_engine.games.trick_taking.tricks import Tricks, cards_of, hand_of

__all__ = [
    "DealState",
    "check_match_params",
    "deal_consistent",
    "deal_outcomes",
    "deal_returns",
    "draw_card",
    "end_deal",
    "next_deal",
    "resample_hands",
    "seat_view",
    "table_view",
]


class DealState(Protocol):
    """The fields Belote's and Coinche's states share: the deal (``dealer``, ``phase``,
    ``tricks``, ``deck``, ``trump``, the cards each player ``played`` and has ``shown``
    not to hold) and the match (``score``, ``deal_points``, ``deals``, ``target``,
    ``max_deals``, ``rng``)."""

    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def tricks(self) -> Tricks: ...
    @property
    def deck(self) -> int: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def played(self) -> tuple[int, int, int, int]: ...
    @property
    def shown(self) -> tuple[int, int, int, int]: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def deal_points(self) -> tuple[int, int]: ...
    @property
    def deals(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def max_deals(self) -> int: ...
    @property
    def rng(self) -> Rng | None: ...

    def replace(self, **changes: Any) -> Self: ...  # Struct.replace: typed per struct


S = TypeVar("S", bound=DealState)


def check_match_params(game: str, target: int, max_deals: int) -> int:
    """The number of deals a game of *game* may last (1 for a single deal, *target* 0),
    after checking the parameters.

    >>> check_match_params("belote", 1000, 50), check_match_params("belote", 0, 50)
    (50, 1)
    >>> check_match_params("coinche", 0, 0)
    Traceback (most recent call last):
    ...
    ValueError: coinche: expected target >= 0 and max_deals >= 1, found target=0, max_deals=0
    """
    if target < 0 or max_deals < 1:
        raise ValueError(
            f"{game}: expected target >= 0 and max_deals >= 1, "
            f"found target={target}, max_deals={max_deals}"
        )
    return 1 if target == 0 else max_deals


def deal_outcomes(deck: int) -> tuple[tuple[int, Fraction], ...]:
    """Each card of the undealt *deck* (a bit set), equally likely."""
    cards = belote_cards(deck)
    p = Fraction(1, len(cards))
    return tuple((card, p) for card in cards)


def draw_card(deck: int, rng: random.Random) -> int:
    """A uniformly drawn card of the undealt *deck* (the fast sampler)."""
    cards = belote_cards(deck)
    return cards[rng.randrange(len(cards))]


def next_deal(fresh: S, match: S) -> S:
    """The fresh deal *fresh* carrying on the match of *match*: its scores, one deal more,
    its target, deal limit and generator."""
    return fresh.replace(
        score=match.score,
        deal_points=match.deal_points,
        deals=match.deals + 1,
        target=match.target,
        max_deals=match.max_deals,
        rng=match.rng,
    )


def end_deal(state: S, points: tuple[int, int], over: int, new_deal: Callable[[int, S], S]) -> S:
    """*state* once its deal scored *points* (per side): the game over (phase *over*) after a
    single deal or a decided match, else the next deal, ``new_deal(next dealer, ended)``."""
    score = (state.score[0] + points[0], state.score[1] + points[1])
    ended = state.replace(deal_points=points, score=score, phase=over)
    if state.target <= 0:
        return ended
    decided = max(score) >= state.target and score[0] != score[1]
    if decided or state.deals >= state.max_deals:
        return ended
    return new_deal((state.dealer + 1) % 4, ended)


def deal_returns(state: DealState, *, over: bool, max_swing: int) -> tuple[float, ...]:
    """One deal: the point difference / *max_swing* for each player's side; a match: +1 / -1
    to the side with the higher total (0 each on a tie).  Zeros before the end (*over*)."""
    if not over:
        return (0.0, 0.0, 0.0, 0.0)
    if state.target > 0:
        a, b = state.score
        value = 0.0 if a == b else (1.0 if a > b else -1.0)
    else:
        value = (state.deal_points[0] - state.deal_points[1]) / max_swing
    return (value, -value, value, -value)


def seat_view(state: DealState, player: int) -> tuple[object, ...]:
    """How an observation starts: *player*, the dealer, the phase, *player*'s hand and the
    size of every hand."""
    hands = state.tricks.hands
    return (
        player,
        state.dealer,
        int(state.phase),
        hands[player],
        tuple(h.bit_count() for h in hands),
    )


def table_view(state: DealState) -> tuple[object, ...]:
    """How an observation ends: who led the trick, the trick, the tricks and cards each side
    took, the cards each player played and has shown not to hold, the match's scores, the
    last deal's points and the number of deals."""
    tricks = state.tricks
    return (
        tricks.leader,
        tricks.trick,
        tricks.won,
        tricks.taken,
        state.played,
        state.shown,
        state.score,
        state.deal_points,
        state.deals,
    )


def deal_consistent(
    unseen: int,
    sizes: Sequence[int],
    excluded: Sequence[int],
    fixed: Sequence[int],
    rng: random.Random,
) -> tuple[int, ...]:
    """Deal the *unseen* cards to places of the given *sizes* so that place *i* holds its
    *fixed* cards (which must be in *unseen*) and none of its *excluded* ones: a random
    consistent deal (most constrained place first, retried; a matching settles it when the
    random tries fail).  Raises ``ValueError`` when no deal is consistent.

    >>> deal_consistent(0b1111, (2, 2), (0b0011, 0), (0, 0), random.Random(1))
    (12, 3)
    """
    places = range(len(sizes))
    for _ in range(50):
        left = unseen & ~hand_of(c for f in fixed for c in cards_of(f))
        out = list(fixed)
        order = sorted(places, key=lambda p: (bin(unseen & ~excluded[p]).count("1"), p))
        for place in order:
            need = sizes[place] - bin(out[place]).count("1")
            allowed = cards_of(left & ~excluded[place])
            if need > len(allowed):
                break
            chosen = rng.sample(allowed, need)
            for card in chosen:
                out[place] |= 1 << card
                left &= ~(1 << card)
        else:
            return tuple(out)
    return _matching(unseen, sizes, excluded, fixed)


def _matching(
    unseen: int, sizes: Sequence[int], excluded: Sequence[int], fixed: Sequence[int]
) -> tuple[int, ...]:
    """A consistent deal by augmenting paths (cards to place slots), or ValueError."""
    slots = [p for p in range(len(sizes)) for _ in range(sizes[p] - bin(fixed[p]).count("1"))]
    owner: dict[int, int] = {}  # slot -> card
    free = [c for c in cards_of(unseen) if not any((f >> c) & 1 for f in fixed)]

    def place(card: int, seen: set[int]) -> bool:
        for slot, who in enumerate(slots):
            if slot in seen or (excluded[who] >> card) & 1:
                continue
            seen.add(slot)
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = card
                return True
        return False

    for card in free:
        place(card, set())
    if len(owner) < len(slots):
        raise ValueError("no deal is consistent with what was seen")
    out = list(fixed)
    for slot, card in owner.items():
        out[slots[slot]] |= 1 << card
    return tuple(out)


def resample_hands(state: S, player: int, fixed: Mapping[int, int], rng: random.Random) -> S:
    """*state* with the hands and undealt deck redealt from *player*'s point of view: the
    cards they have not seen go to the other hands and the deck, each keeping its size, no
    hand getting a card its owner has *shown* not to hold, and *fixed* ``{other player:
    card bits}`` staying where everyone saw them go."""
    hands = state.tricks.hands
    places = [p for p in range(4) if p != player]
    unseen = state.deck
    for p in places:
        unseen |= hands[p]
    sizes = [hands[p].bit_count() for p in places] + [state.deck.bit_count()]
    excluded = [state.shown[p] for p in places] + [0]
    pinned = [fixed.get(p, 0) for p in places] + [0]
    dealt = deal_consistent(unseen, sizes, excluded, pinned, rng)
    out = list(hands)
    for index, p in enumerate(places):
        out[p] = dealt[index]
    new_hands = (out[0], out[1], out[2], out[3])
    return state.replace(tricks=state.tricks.replace(hands=new_hands), deck=dealt[3])
