"""A double-dummy PIMC bot for ``bridge_play`` (GIB-style), and the rule of thumb it falls
back on.

At each decision :func:`dd_pimc` deals *worlds* layouts of the hidden cards that
fit what the player to move has seen (``bridge_play.resample``: every hand keeps
its size and every void it has shown), scores every legal card in each layout
with the exact double-dummy solver
(:func:`~pure_engine.games.bridge.double_dummy.solver.score_cards`:
the tricks the side to play takes after that card, with all four hands seen),
and plays the card with the **highest mean** over the layouts.  Ties go to the
card that was optimal in more layouts, then to the card :func:`rule_of_thumb`
plays (where the solver is indifferent a fallible opponent may not be), then to
the lowest card.

Why the mean and not a vote: a ``bridge_play`` return is a trick count, so the
mean over layouts estimates the tricks the card is worth, which is what the bot
is scored on.  A vote ("optimal in most layouts") prefers a card that is best by
one trick in 11 layouts of 20 and loses three tricks in the other 9.  The Monte
Carlo card play of Ginsberg's GIB (JAIR 2001) likewise maximises the sum over its
deals.

Cost.  The solver answers endings of up to about 7 cards a hand in milliseconds
and full 13-card deals in seconds to minutes (docs/bridge.md).  So the bot
solves only when the hand to play holds at most *max_cards* cards (default 7);
with more, it plays :func:`rule_of_thumb` — second hand low, third hand high
enough, cash a master, lead low from the longest suit — which looks only at what
the player sees.  *seconds* caps the time of one decision: layouts are solved one
by one until it runs out (at least one is always solved, and a solve is never
cut short), so a decision can overrun by one solve, and the number of layouts,
so the choice, then depends on the machine; without it the bot is deterministic
given its seed.  ``result.mode`` says which way each card was chosen.

Equivalent cards are scored once: in each layout the solver searches one card of
each run of touching cards, and a layout dealt twice in one decision is solved
once.  Declarer plays dummy's cards: when dummy is to play the side to play is
still declarer's, and declarer sees both hands.

South plays dummy's card on a spade lead: finesse the queen or play the ace?
With the king on the left the queen makes two tricks and the ace one; with the king
doubleton on the right, the ace drops it.  East's two cards are twice as likely to
hold it as West's one:

>>> from pure_engine.games.bridge.game import make_game
>>> game = make_game(deal="N:AQ... K.2.. 32... 4.3..", strain="NT", declarer="S", leader="S")
>>> state = game.play_str(game.play_str(game.initial_state(), "S2"), "S4")
>>> game.legal_strings(state)
('SA', 'SQ')
>>> result = dd_pimc(state, worlds=12, seed=0)
>>> [(game.action_to_str(state, card), mean, best) for card, mean, best in result.scores]
[('SA', 1.75, 9), ('SQ', 0.5, 3)]
>>> result.mode, result.worlds, result.solves         # 3 layouts, each solved once
(<Mode.DOUBLE_DUMMY: 'double_dummy'>, 12, 3)
"""

from __future__ import annotations

import random
import time
from enum import StrEnum
from typing import TypeVar, cast

from pure_engine.core.game import Game
from pure_engine.core.struct import Struct
from pure_engine.games.bridge.double_dummy.solver import Position, score_cards
from pure_engine.games.bridge.play import BridgeState, current_player, legal_actions, resample
from pure_engine.games.trick_taking.tricks import (
    SUIT_MASKS,
    beats,
    partner_of,
    to_play,
    winning_index,
)

__all__ = [
    "DDPimcBot",
    "DDPimcResult",
    "Mode",
    "dd_pimc",
    "make_dd_pimc_bot",
    "rule_of_thumb",
]


S = TypeVar("S")
A = TypeVar("A")


class Mode(StrEnum):
    """How :func:`dd_pimc` chose its card."""

    DOUBLE_DUMMY = "double_dummy"  # the mean over solved layouts
    RULE_OF_THUMB = "rule_of_thumb"  # too many cards left to solve: rule_of_thumb()
    FORCED = "forced"  # one legal card


class DDPimcResult(Struct):
    """One decision of :func:`dd_pimc`.

    ``scores`` lists each legal card with its mean tricks over the layouts and
    the number of layouts where it was optimal, best first (empty unless
    ``mode`` is ``DOUBLE_DUMMY``); ``worlds`` counts the layouts solved (those
    dealt twice counted twice) and ``solves`` the distinct ones.
    """

    card: int
    mode: Mode
    scores: tuple[tuple[int, float, int], ...]
    worlds: int
    solves: int
    seconds: float


def _strength(card: int) -> int:
    """Ace-high rank inside the suit: 0 for a two .. 12 for an ace."""
    return (card % 13 + 12) % 13


def _check_options(who: str, worlds: int, max_cards: int, seconds: float | None) -> None:
    """A one-line ``ValueError`` naming *who* for options :func:`dd_pimc` cannot take."""
    if worlds < 1:
        raise ValueError(f"{who}: expected worlds >= 1, found {worlds!r}")
    if max_cards < 0:
        raise ValueError(f"{who}: expected max_cards >= 0, found {max_cards!r}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"{who}: expected seconds > 0, found {seconds!r}")


def dd_pimc(
    state: BridgeState,
    *,
    worlds: int = 20,
    max_cards: int = 7,
    seconds: float | None = None,
    omniscient: bool = False,
    seed: int = 0,
) -> DDPimcResult:
    """The card the player to move plays: the best mean over *worlds* solved layouts.

    The layouts are drawn with ``random.Random(seed)``, so a seed and a state give
    one answer (unless *seconds* stops the drawing early).  *omniscient* solves
    the true deal once instead (double-dummy play, a cheat to measure against).
    More than *max_cards* cards in the hand to play: :func:`rule_of_thumb`.

    >>> from pure_engine.games.bridge.game import make_game
    >>> game = make_game(deal="N:AQ... K.2.. 32... 4.3..", declarer="S", leader="S")
    >>> state = game.play_str(game.play_str(game.initial_state(), "S2"), "S4")
    >>> game.action_to_str(state, dd_pimc(state, omniscient=True).card)   # sees East's king
    'SA'
    >>> dd_pimc(state, max_cards=1).mode                                # 2 cards left: too many
    <Mode.RULE_OF_THUMB: 'rule_of_thumb'>
    """
    if not isinstance(state, BridgeState):
        raise TypeError(f"dd_pimc plays bridge_play states, found {type(state).__name__}")
    _check_options("dd_pimc", worlds, max_cards, seconds)
    started = time.perf_counter()
    player = current_player(state)
    if player < 0:
        raise ValueError("dd_pimc: nobody is to play a card in this state")
    legal = legal_actions(state)
    if len(legal) == 1:
        return DDPimcResult(legal[0], Mode.FORCED, (), 0, 0, time.perf_counter() - started)
    play = state.play
    if play.hands[to_play(play)].bit_count() > max_cards:
        card = rule_of_thumb(state)
        return DDPimcResult(card, Mode.RULE_OF_THUMB, (), 0, 0, time.perf_counter() - started)
    rng = random.Random(seed)
    totals = dict.fromkeys(legal, 0)
    optimal = dict.fromkeys(legal, 0)
    solved: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
    drawn = 0
    for _ in range(1 if omniscient else worlds):
        world = state if omniscient else resample(state, player, rng)
        hands = world.play.hands
        scored = solved.get(hands)
        if scored is None:
            four = (hands[0], hands[1], hands[2], hands[3])
            scored = solved[hands] = score_cards(
                Position(four, play.leader, state.strain, play.trick)
            )
        drawn += 1
        best = scored[0][1]
        for card, tricks in scored:
            totals[card] += tricks
            optimal[card] += tricks == best
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
    thumb = rule_of_thumb(state)
    ranked = sorted(legal, key=lambda c: (-totals[c], -optimal[c], c != thumb, _strength(c), c))
    scores = tuple((c, totals[c] / drawn, optimal[c]) for c in ranked)
    return DDPimcResult(
        ranked[0], Mode.DOUBLE_DUMMY, scores, drawn, len(solved), time.perf_counter() - started
    )


def rule_of_thumb(state: BridgeState) -> int:
    """A card by the textbook rules, from what the player to move sees (own hand, dummy once
    it is down, the cards played): lead a master (a card no unseen card of its suit
    beats), else low from the longest suit; second hand low unless it can win with a
    master or a ruff; third and fourth hand win as cheaply as they can unless partner
    holds the trick (third hand: with a master); otherwise the lowest card (discarding:
    not a trump).

    >>> from pure_engine.games.bridge.game import make_game
    >>> game = make_game(deal="N:AQ... K.2.. 32... 4.3..", declarer="S", leader="S")
    >>> state = game.play_str(game.initial_state(), "S2")
    >>> game.action_to_str(state, rule_of_thumb(state))                  # second hand low
    'S4'
    >>> state = game.play_str(state, "S4")
    >>> game.action_to_str(state, rule_of_thumb(state))        # third hand: cheapest winner
    'SQ'
    """
    play = state.play
    seat = to_play(play)
    legal = legal_actions(state)
    trump = state.strain.trump
    trick = play.trick
    ours = play.hands[seat]
    if seat % 2 == state.declarer % 2 and state.played:  # declarer sees dummy and vice versa
        ours = play.hands[state.declarer] | play.hands[partner_of(state.declarer)]
    gone = 0
    for card in state.played:
        gone |= 1 << card

    def is_master(card: int) -> bool:
        return not _ABOVE[card] & ~(ours | gone)

    def lowest(cards: tuple[int, ...]) -> int:
        plain = [c for c in cards if c // 13 != trump] or list(cards)
        return min(plain, key=lambda c: (_strength(c), c))

    if not trick:
        masters = [c for c in legal if is_master(c)]
        if masters:
            return max(masters, key=lambda c: (_strength(c), -c))
        hand = play.hands[seat]
        longest = max(
            (s for s in range(4) if hand & SUIT_MASKS[s]),
            key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), -s),
        )
        return lowest(tuple(c for c in legal if c // 13 == longest))
    winners = sorted(
        (c for c in legal if beats(c, trick, trump)),
        key=lambda c: (c // 13 == trump, _strength(c), c),
    )
    partner_holds = len(trick) >= 2 and winning_index(trick, trump) == len(trick) - 2
    if partner_holds and (len(trick) == 3 or is_master(trick[-2])):
        return lowest(legal)
    if len(trick) == 1:
        winners = [c for c in winners if is_master(c) or c // 13 != trick[0] // 13]
    return winners[0] if winners else lowest(legal)


def _above(card: int) -> int:
    """The cards of *card*'s suit that beat it (a bit set)."""
    suit_ = card // 13
    return sum(
        1 << (suit_ * 13 + r) for r in range(13) if _strength(suit_ * 13 + r) > _strength(card)
    )


_ABOVE: tuple[int, ...] = tuple(_above(card) for card in range(52))


class DDPimcBot:
    """The ``dd-pimc`` bot: :func:`dd_pimc` each move, seeded by its own ``random.Random``.

    ``last`` keeps the latest decision's :class:`DDPimcResult`.

    >>> from pure_engine.games.bridge.game import make_game
    >>> game = make_game(deal="N:AQ... K.2.. 32... 4.3..", declarer="S", leader="S")
    >>> state = game.play_str(game.play_str(game.initial_state(), "S2"), "S4")
    >>> bot = DDPimcBot(seed=0, worlds=6)
    >>> game.action_to_str(state, bot.choose(game, state)), bot.last.worlds
    ('SA', 6)
    """

    __slots__ = ("_rng", "last", "max_cards", "name", "omniscient", "seconds", "worlds")

    def __init__(
        self,
        *,
        seed: int,
        name: str = "dd-pimc",
        worlds: int = 20,
        max_cards: int = 7,
        seconds: float | None = None,
        omniscient: bool = False,
    ) -> None:
        _check_options("bot 'dd-pimc'", worlds, max_cards, seconds)
        self.name = name
        self.worlds = worlds
        self.max_cards = max_cards
        self.seconds = seconds
        self.omniscient = omniscient
        self.last: DDPimcResult | None = None
        self._rng = random.Random(seed)

    def restart(self, seed: int | None = None) -> None:
        """A new game starts: forget the last result; with *seed*, reseed as if newly built.

        >>> bot = DDPimcBot(seed=1)
        >>> bot.restart(seed=7)
        >>> bot._rng.random() == DDPimcBot(seed=7)._rng.random(), bot.last
        (True, None)
        """
        self.last = None
        if seed is not None:
            self._rng = random.Random(seed)

    def choose(self, game: Game[S, A], state: S) -> A:
        """The card :func:`dd_pimc` picks, with a fresh seed from the bot's generator."""
        if not isinstance(state, BridgeState):
            raise TypeError(f"bot {self.name!r} plays bridge_play, found {type(state).__name__}")
        self.last = dd_pimc(
            state,
            worlds=self.worlds,
            max_cards=self.max_cards,
            seconds=self.seconds,
            omniscient=self.omniscient,
            seed=self._rng.getrandbits(63),
        )
        return cast(A, self.last.card)


make_dd_pimc_bot = DDPimcBot
"""The factory ``make_bot("dd-pimc:worlds=10:max_cards=5", game, seed=...)`` calls: the class
itself, whose keywords are the spec's options (``pure_engine.search.bots.register_game_bot``)."""
