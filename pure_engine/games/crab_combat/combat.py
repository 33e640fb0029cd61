"""The rules of Combat and Recursive Combat as a game's state and transitions.

One forced ``round`` action of player 0 plays one round; sub-games sit on a
persistent stack of :class:`SuspendedGame` values and the loop rule's seen-set is a
:class:`~pure_engine.core.seen.ScopedSeen` inside the state, so every state is a
value a search or a record can keep.  :mod:`.game` makes these rules a
:class:`~pure_engine.Game`; :mod:`.solver` is the fast exact solver of the same rules.

>>> s = CrabState((9, 2, 6, 3, 1), (5, 8, 4, 7, 10))
>>> while current_player(s) != TERMINAL:
...     s = play_round(s, recursive=True)
>>> s.winner, returns(s)
(2, (-1.0, 1.0))
"""

from __future__ import annotations

from fractions import Fraction

from pure_engine.core.game import TERMINAL
from pure_engine.core.seen import ScopedSeen
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.crab_combat.solver import Deck

__all__ = [
    "ROUND",
    "CrabState",
    "SuspendedGame",
    "action_to_str",
    "chance_outcomes",
    "combat_step",
    "current_player",
    "key",
    "legal_actions",
    "observation",
    "parse_action",
    "play_round",
    "render",
    "returns",
    "step",
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


def play_round(state: CrabState, *, recursive: bool) -> CrabState:
    """One round of (Recursive, if *recursive*) Combat: the only move, forced."""
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


def step(state: CrabState, action: int) -> CrabState:
    """A round of Recursive Combat: the game's ``step`` (*action* is the forced ``round``)."""
    return play_round(state, recursive=True)


def combat_step(state: CrabState, action: int) -> CrabState:
    """A round of plain Combat: the ``step`` of ``make_game(recursive=False)``."""
    return play_round(state, recursive=False)


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
