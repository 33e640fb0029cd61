"""Combat and Recursive Combat: the fast solver and the puzzle input (AoC 2020, day 22).

The rules are told in :mod:`pure_engine.games.crab_combat.combat`, which re-exports
every name here.  This is their fast face: decks as ``bytes`` (tuples above
255), an exact ``set`` of configurations per game, an explicit stack instead of
recursion (decks of thousands of cards, any depth), Brent's cycle detector for
part 1 (constant memory), and one proven shortcut, on by default: in a
*sub-game* the player holding the highest card wins, if that is player 1.
Also the puzzle's input format, seeded decks and the score.

>>> d1, d2 = parse_input("Player 1:\\n9\\n2\\n6\\n3\\n1\\n\\nPlayer 2:\\n5\\n8\\n4\\n7\\n10\\n")
>>> solve(d1, d2, recursive=False).score, solve(d1, d2, recursive=True).score
(306, 291)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pure_engine.core.struct import Struct
from pure_engine.errors import CycleDetectedError, ParseError

__all__ = [
    "CrabCycleError",
    "CrabResult",
    "Deck",
    "check_decks",
    "parse_input",
    "score",
    "seeded_decks",
    "solve",
]

Deck = tuple[int, ...]
_Cards = Any  # the fast path's decks: bytes, or tuples when a card exceeds 255


# --------------------------------------------------------------------- input


def parse_input(text: str, *, where: str = "input") -> tuple[Deck, Deck]:
    """Read the puzzle format: a ``Player 1:`` block, then ``Player 2:``, one card per line.

    Cards must be distinct positive integers.  Errors name the line.

    >>> parse_input("Player 1:\\n3\\n\\nPlayer 2:\\n1\\n2\\n")
    ((3,), (1, 2))
    >>> parse_input("Player 1:\\n3\\nx\\n", where="in.txt")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: in.txt:3: expected a card (a positive integer), found 'x'
    """
    decks: list[list[int]] = []
    first_line: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        at = f"{where}:{number}"
        if line.lower().startswith("player"):
            expected = f"Player {len(decks) + 1}:"
            if line != expected or len(decks) >= 2:
                found = "a third player" if len(decks) >= 2 else repr(line)
                raise ParseError(f"expected {expected!r}, found {found}", where=at)
            decks.append([])
            continue
        if not decks:
            raise ParseError(f"expected 'Player 1:', found {line!r}", where=at)
        if not line.isdigit() or int(line) < 1:
            raise ParseError(f"expected a card (a positive integer), found {line!r}", where=at)
        card = int(line)
        if card in first_line:
            raise ParseError(
                f"expected distinct cards, found {card} again (first on line {first_line[card]})",
                where=at,
            )
        first_line[card] = number
        decks[-1].append(card)
    if len(decks) != 2:
        raise ParseError(
            f"expected a 'Player 1:' and a 'Player 2:' block, found {len(decks)} block(s)",
            where=where,
        )
    if not decks[0] and not decks[1]:
        raise ParseError("expected at least one card, found two empty decks", where=where)
    return tuple(decks[0]), tuple(decks[1])


def seeded_decks(seed: int, cards: int = 50) -> tuple[Deck, Deck]:
    """Cards ``1..cards`` shuffled by ``random.Random(seed)``; player 1 takes the first half.

    The benchmark inputs of PEERS.md (Mersenne Twister seeded with an int is
    the same in every process and Python version).

    >>> seeded_decks(1, 6)
    ((3, 4, 6), (1, 5, 2))
    """
    deck = list(range(1, cards + 1))
    random.Random(seed).shuffle(deck)
    return tuple(deck[: cards // 2]), tuple(deck[cards // 2 :])


def score(deck: Sequence[int]) -> int:
    """The winner's score: the bottom card times 1, the next times 2, ...

    >>> score((3, 2, 10, 6, 8, 5, 9, 4, 7, 1))
    306
    """
    n = len(deck)
    return sum(card * (n - i) for i, card in enumerate(deck))


def check_decks(deck1: Sequence[int], deck2: Sequence[int]) -> None:
    cards = [*deck1, *deck2]
    if not cards:
        raise ValueError("expected at least one card, found two empty decks")
    if any(not isinstance(c, int) or c < 1 for c in cards):
        bad = next(c for c in cards if not isinstance(c, int) or c < 1)
        raise ValueError(f"expected positive integer cards, found {bad!r}")
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"expected distinct cards, found {dup} twice")


# --------------------------------------------------------------- fast solver


class CrabResult(Struct):
    """A finished game: the winner (1 or 2), their score and deck, and what it took.

    ``rounds`` counts the top-level game's rounds, ``total_rounds`` every
    round played in every game, ``subgames`` the sub-games entered (those the
    shortcut decided count too), ``max_depth`` the deepest nesting.
    """

    winner: int
    score: int
    deck: Deck
    rounds: int
    total_rounds: int = 0
    subgames: int = 0
    max_depth: int = 0


class CrabCycleError(CycleDetectedError):
    """Plain Combat revisited a configuration: without a loop rule it never ends."""

    def __init__(self, round_: int, repeats: int) -> None:
        self.round = round_
        self.repeats = repeats
        earlier = f"those after round {repeats}" if repeats else "the starting decks"
        super().__init__(
            f"the decks after round {round_} repeat {earlier}; "
            "Combat has no loop rule, so this game never ends"
        )


def solve(
    deck1: Sequence[int], deck2: Sequence[int], *, recursive: bool, shortcut: bool = True
) -> CrabResult:
    """Play Combat (``recursive=False``, part 1) or Recursive Combat (part 2) to the end.

    Raises :class:`CrabCycleError` (a :class:`CycleDetectedError`) if plain Combat
    cycles, and ``ValueError`` for cards that are not distinct positive ints.

    >>> solve((43, 19), (2, 29, 14), recursive=True).winner
    1
    >>> solve((43, 19), (2, 29, 14), recursive=False)
    Traceback (most recent call last):
    ...
    pure_engine...CrabCycleError: the decks after round 6 repeat the starting ...
    """
    check_decks(deck1, deck2)
    wide = max((*deck1, *deck2)) > 255
    if recursive:
        return _recursive(deck1, deck2, shortcut=shortcut, wide=wide)
    return _plain(deck1, deck2, wide=wide)


def _plain(deck1: Sequence[int], deck2: Sequence[int], *, wide: bool) -> CrabResult:
    pack: Any = tuple if wide else bytes
    d1: _Cards = pack(deck1)
    d2: _Cards = pack(deck2)
    saved, saved_round, power, rounds = (d1, d2), 0, 1, 0
    while d1 and d2:
        d1, d2 = _combat_round(d1, d2, pack)
        rounds += 1
        if d1 == saved[0] and d2 == saved[1]:  # Brent: compare with a checkpoint
            first = _first_repeat(pack(deck1), pack(deck2), rounds - saved_round, pack)
            raise CrabCycleError(first + rounds - saved_round, first)
        if rounds - saved_round == power:
            saved, saved_round, power = (d1, d2), rounds, power * 2
    winner, deck = (1, d1) if d1 else (2, d2)
    return CrabResult(winner, score(deck), tuple(deck), rounds, rounds)


def _combat_round(d1: _Cards, d2: _Cards, pack: Any) -> tuple[_Cards, _Cards]:
    c1, c2 = d1[0], d2[0]
    if c1 > c2:
        return d1[1:] + pack((c1, c2)), d2[1:]
    return d1[1:], d2[1:] + pack((c2, c1))


def _first_repeat(d1: _Cards, d2: _Cards, period: int, pack: Any) -> int:
    """The first round whose decks come back *period* rounds later (Brent's second phase)."""
    h1, h2 = d1, d2
    for _ in range(period):
        h1, h2 = _combat_round(h1, h2, pack)
    first = 0
    while (d1, d2) != (h1, h2):
        d1, d2 = _combat_round(d1, d2, pack)
        h1, h2 = _combat_round(h1, h2, pack)
        first += 1
    return first


def _recursive(
    deck1: Sequence[int], deck2: Sequence[int], *, shortcut: bool, wide: bool
) -> CrabResult:
    pack: Any = tuple if wide else bytes
    d1: _Cards = pack(deck1)
    d2: _Cards = pack(deck2)
    stack: list[tuple[_Cards, _Cards, set[tuple[_Cards, _Cards]]]] = []
    seen: set[tuple[_Cards, _Cards]] = set()
    total = subgames = max_depth = top_rounds = 0
    while True:
        p1_wins = False
        while d1 and d2:
            config = (d1, d2)
            if config in seen:  # the loop rule: player 1 wins this game
                p1_wins = True
                break
            seen.add(config)
            total += 1
            if not stack:
                top_rounds += 1
            c1, c2 = d1[0], d2[0]
            if c1 < len(d1) and c2 < len(d2):
                subgames += 1
                s1, s2 = d1[1 : c1 + 1], d2[1 : c2 + 1]
                if not (shortcut and max(s1) > max(s2)):
                    stack.append((d1, d2, seen))
                    max_depth = max(max_depth, len(stack))
                    d1, d2, seen = s1, s2, set()
                    continue
                win1 = True
            else:
                win1 = c1 > c2
            if win1:
                d1, d2 = d1[1:] + pack((c1, c2)), d2[1:]
            else:
                d1, d2 = d1[1:], d2[1:] + pack((c2, c1))
        p1_wins = p1_wins or not d2
        if not stack:
            winner, deck = (1, d1) if p1_wins else (2, d2)
            return CrabResult(
                winner, score(deck), tuple(deck), top_rounds, total, subgames, max_depth
            )
        d1, d2, seen = stack.pop()
        c1, c2 = d1[0], d2[0]
        if p1_wins:
            d1, d2 = d1[1:] + pack((c1, c2)), d2[1:]
        else:
            d1, d2 = d1[1:], d2[1:] + pack((c2, c1))
