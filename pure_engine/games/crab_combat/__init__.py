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

* :func:`solve` (:mod:`.solver`) is
  the fast path: decks as ``bytes`` (tuples above 255), an
  exact ``set`` of configurations per game, an explicit stack instead of
  recursion (decks of thousands of cards, any depth), Brent's cycle detector
  for part 1 (constant memory), and one proven shortcut, on by default: in a
  *sub-game* the player holding the highest card wins, if that is player 1
  (they never lose it: with distinct cards it is too big to recurse on, and a
  repeat also goes to player 1).
* :func:`make_game` (:mod:`.game`; the rules in :mod:`.combat`) is the same
  rules as a :class:`~pure_engine.Game` value (one forced ``round`` action
  per round, sub-games on a persistent stack, the seen-set a
  :class:`~pure_engine.core.seen.ScopedSeen` inside the state), for replays,
  records and the testing kit.

>>> d1, d2 = parse_input("Player 1:\\n9\\n2\\n6\\n3\\n1\\n\\nPlayer 2:\\n5\\n8\\n4\\n7\\n10\\n")
>>> solve(d1, d2, recursive=False).score, solve(d1, d2, recursive=True).score
(306, 291)
"""

from pure_engine.games.crab_combat.combat import ROUND, CrabState, SuspendedGame
from pure_engine.games.crab_combat.game import make_game
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
    "Deck",
    "SuspendedGame",
    "check_decks",
    "make_game",
    "parse_input",
    "score",
    "seeded_decks",
    "solve",
]
