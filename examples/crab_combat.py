"""Advent of Code 2020, day 22 (Crab Combat), both parts, from the puzzle's own example.

Run: ``python examples/crab_combat.py [INPUT]`` (default: the example from the puzzle text).

Part 1 plays Combat; part 2 Recursive Combat, where a repeated configuration
ends a game (an exact seen-set per game) and sub-games recurse.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pure_engine.games.crab_combat import parse_input, solve

EXAMPLE = """\
Player 1:
9
2
6
3
1

Player 2:
5
8
4
7
10
"""


def both_parts(text: str = EXAMPLE) -> tuple[int, int]:
    """The winner's score in Combat and in Recursive Combat.

    >>> both_parts()  # the puzzle text's answers
    (306, 291)
    """
    deck1, deck2 = parse_input(text)
    part1 = solve(deck1, deck2, recursive=False)
    part2 = solve(deck1, deck2, recursive=True)
    return part1.score, part2.score


if __name__ == "__main__":
    source = Path(sys.argv[1]).read_text() if len(sys.argv) > 1 else EXAMPLE
    part1, part2 = both_parts(source)
    print(f"part 1: {part1}\npart 2: {part2}")
