"""Combat and Recursive Combat (Advent of Code 2020, day 22).

Two players each hold a deck of distinct positive numbers.  Each round both
reveal their top card; the higher card wins and its owner puts both cards at
the bottom of their deck, their own first.  Whoever holds every card wins;
the score is ``sum(card * position-from-bottom)``.

*Recursive* Combat adds two rules: if both players hold at least as many
cards as the value they just drew, the round is decided by a sub-game on
copies of that many cards; and if a configuration repeats within one game,
player 1 wins that game at once (the loop rule: a rule-level seen-set, scoped
to each sub-game).  Plain Combat has no loop rule, so a cycling input would
never end: :func:`solve` detects that and raises :class:`CycleDetectedError`.

Two faces, one rule set:

* :func:`solve` (in :mod:`~pure_engine.games.crab_combat.solver`, re-exported here) is
  the fast path: decks as ``bytes`` (tuples above 255), an
  exact ``set`` of configurations per game, an explicit stack instead of
  recursion (decks of thousands of cards, any depth), Brent's cycle detector
  for part 1 (constant memory), and one proven shortcut, on by default: in a
  *sub-game* the player holding the highest card wins, if that is player 1
  (they never lose it: with distinct cards it is too big to recurse on, and a
  repeat also goes to player 1).
* :func:`make_game` is the same rules as a :class:`~pure_engine.Game` value
  (one forced ``round`` action per round, sub-games on a persistent stack,
  the seen-set a :class:`~pure_engine.core.seen.ScopedSeen` inside the
  state), for replays, records and the testing kit.

>>> d1, d2 = parse_input("Player 1:\\n9\\n2\\n6\\n3\\n1\\n\\nPlayer 2:\\n5\\n8\\n4\\n7\\n10\\n")
>>> solve(d1, d2, recursive=False).score, solve(d1, d2, recursive=True).score
(306, 291)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.core.game import TERMINAL, Game, GameInfo, params_tuple
from pure_engine.core.seen import ScopedSeen
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.crab_combat.solver import (
    CrabCycleError,
    CrabResult,
    Deck,
    check_decks,
    parse_input,
    score,
    seeded_decks,
    solve,
)

__all__ = [
    "ROUND",
    "CrabCycleError",
    "CrabResult",
    "CrabState",
    "SuspendedGame",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "key",
    "legal_actions",
    "make_game",
    "observation",
    "parse_action",
    "parse_input",
    "render",
    "returns",
    "score",
    "seeded_decks",
    "solve",
]


# ------------------------------------------------------- the Game protocol


class SuspendedGame(Struct):
    """A game suspended while its sub-game is played (a persistent linked stack)."""

    deck1: Deck
    deck2: Deck
    seen: ScopedSeen
    parent: SuspendedGame | None = None


class CrabState(Struct):
    """A position: both decks, this game's seen-set, the suspended games, and the outcome.

    ``winner`` is ``None`` while playing, 1 or 2 at the end, 0 when plain
    Combat was found to cycle (returns ``(0.0, 0.0)``: it would never end).
    """

    deck1: Deck
    deck2: Deck
    seen: ScopedSeen = ScopedSeen()
    parent: SuspendedGame | None = None
    rounds: int = 0
    winner: int | None = None


ROUND = 0
"""The only action: play the next round (forced, so sessions apply it automatically)."""


def _finish(state: CrabState, p1_wins: bool) -> CrabState:
    """End the current game; resume the parent with the round's result, or end the match."""
    frame = state.parent
    if frame is None:
        return state.replace(winner=1 if p1_wins else 2)
    d1, d2 = frame.deck1, frame.deck2
    c1, c2 = d1[0], d2[0]
    if p1_wins:
        d1, d2 = (*d1[1:], c1, c2), d2[1:]
    else:
        d1, d2 = d1[1:], (*d2[1:], c2, c1)
    return CrabState(d1, d2, frame.seen, frame.parent, state.rounds, None)


def _round(state: CrabState, recursive: bool) -> CrabState:
    d1, d2 = state.deck1, state.deck2
    if not d1 or not d2:
        return _finish(state, bool(d1))
    seen, repeated = state.seen.add((d1, d2), cheap=hash((d1, d2)))
    if repeated:
        if recursive:
            return _finish(state, True)
        return state.replace(winner=0)
    rounds = state.rounds + 1
    c1, c2 = d1[0], d2[0]
    if recursive and c1 < len(d1) and c2 < len(d2):
        frame = SuspendedGame(d1, d2, seen, state.parent)
        return CrabState(d1[1 : c1 + 1], d2[1 : c2 + 1], ScopedSeen(), frame, rounds)
    if c1 > c2:
        d1, d2 = (*d1[1:], c1, c2), d2[1:]
    else:
        d1, d2 = d1[1:], (*d2[1:], c2, c1)
    after = CrabState(d1, d2, seen, state.parent, rounds)
    if not d1 or not d2:
        return _finish(after, bool(d1))
    return after


def current_player(state: CrabState) -> int:
    """Player 0 plays every round (the action is forced); ``TERMINAL`` once decided."""
    return TERMINAL if state.winner is not None else 0


def legal_actions(state: CrabState) -> tuple[int, ...]:
    """``(ROUND,)`` while playing."""
    return () if state.winner is not None else (ROUND,)


def chance_outcomes(state: CrabState) -> tuple[tuple[int, Fraction], ...]:
    """None: the decks are dealt up front."""
    return ()


def returns(state: CrabState) -> tuple[float, ...]:
    """+1 to the winner, -1 to the loser; ``(0, 0)`` for a cycling plain Combat game."""
    return {1: (1.0, -1.0), 2: (-1.0, 1.0)}.get(state.winner or 0, (0.0, 0.0))


def observation(state: CrabState, player: int) -> CrabState:
    """Everything: both decks are face down but known to the rules (perfect information)."""
    return state


def key(state: CrabState) -> CrabState:
    """The state without its round counter, which does not decide the future; the seen-set
    stays (the loop rule reads it) and so do the suspended games."""
    return state.replace(rounds=0)


def action_to_str(state: CrabState, action: int) -> str:
    """``"round"``, the only action."""
    return "round"


def parse_action(state: CrabState, text: str) -> int:
    """``"round"`` (any case), else a :class:`ParseError`."""
    if text.strip().lower() != "round":
        raise ParseError(f"expected 'round', found {text!r}")
    return ROUND


def render(state: CrabState) -> str:
    """The sub-game depth, the round, the outcome if any, and both decks."""
    depth, frame = 0, state.parent
    while frame is not None:
        depth, frame = depth + 1, frame.parent
    head = f"game depth {depth}, round {state.rounds}"
    if state.winner is not None:
        head += " — cycle, no winner" if state.winner == 0 else f" — player {state.winner} wins"
    return f"{head}\nPlayer 1: {list(state.deck1)}\nPlayer 2: {list(state.deck2)}"


def _encoding(cards: int, highest: int) -> Encoding[CrabState, int]:
    """Both decks of the game being played, top card first, one row each, padded with
    zeros to *cards* (every card of the match), each card as ``card / highest``.
    The only action, ``round``, is number 0."""

    def tensor(s: CrabState, player: int) -> list[float]:
        out = [0.0] * (2 * cards)
        for row, deck in enumerate((s.deck1, s.deck2)):
            for at, card in enumerate(deck):
                out[row * cards + at] = card / highest
        return out

    return Encoding(
        observation_shape=(2, cards),
        observation_tensor=tensor,
        num_distinct_actions=1,
        action_index=same_index,
        index_action=same_action,
    )


def make_game(
    *,
    deck1: Sequence[int] = (9, 2, 6, 3, 1),
    deck2: Sequence[int] = (5, 8, 4, 7, 10),
    recursive: bool = True,
    cards: int | None = None,
) -> Game[CrabState, int]:
    """Combat as a game value: every round is one forced ``round`` action of player 0.

    With ``cards=N``, ``initial_state(seed)`` deals :func:`seeded_decks` (seed, N);
    otherwise it deals *deck1* / *deck2* (default: the public example).

    >>> game = make_game()
    >>> s = game.initial_state()
    >>> while not game.is_terminal(s):
    ...     s = game.step(s, ROUND)
    >>> s.winner, score(s.deck2), game.returns(s)
    (2, 291, (-1.0, 1.0))
    """
    d1, d2 = tuple(deck1), tuple(deck2)
    check_decks(d1, d2)
    params = {"deck1": d1, "deck2": d2, "recursive": recursive}
    if cards is not None:
        params["cards"] = cards

    # the two rules that depend on the parameters
    def initial_state(seed: int | None = None) -> CrabState:
        if cards is not None:
            return CrabState(*seeded_decks(0 if seed is None else seed, cards))
        return CrabState(d1, d2)

    def step(state: CrabState, action: int) -> CrabState:
        return _round(state, recursive)

    info = GameInfo(
        name="crab_combat",
        num_players=2,
        min_return=-1.0,
        max_return=1.0,
        max_game_length=10**12,  # finite (configurations are), but not usefully bounded
        params=params_tuple(params),
        zero_sum=True,
        constant_sum=0.0,
        description="Combat / Recursive Combat (Advent of Code 2020 day 22), one action a round",
    )
    if cards is None:
        encoding = _encoding(len(d1) + len(d2), max((*d1, *d2)))
    else:
        encoding = _encoding(cards, cards)
    return Game(
        info=info,
        initial_state=initial_state,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        observation=observation,
        key=key,
        action_to_str=action_to_str,
        parse_action=parse_action,
        render=render,
        encoding=encoding,
    )
