"""``pure-engine solve skirmish-lethal PUZZLE.json`` and ``pure-engine verify skirmish-lethal
PUZZLE.json ANSWER.json``: the lethal-puzzle solver and its independent checker.

``solve`` prints the verdict, the exact win probability and the main line
(``--json``: one object with the policy tree too); exit 0 when a winning line
exists, 1 for ``no_lethal`` or ``unknown``, 2 for bad input.  ``verify``
replays an answer (the ``solve --json`` output, or a bare JSON line) with the
checker, prints the probability it wins, and exits 0 when that is the
probability the answer claims (or, with no claim, when it is above 0).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from pure_engine.core.registry import action_in_words, load_game
from pure_engine.errors import ParseError
from pure_engine.games.skirmish.lethal import solve_lethal
from pure_engine.games.skirmish.puzzle import load_puzzle
from pure_engine.games.skirmish.verify import check_answer, read_answer
from pure_engine.search import Budget

__all__ = ["NAMES", "solve", "verify"]

NAMES = frozenset({"skirmish_lethal", "skirmish"})
"""The puzzle family names ``solve`` and ``verify`` dispatch on (canonical form)."""


def solve(args: argparse.Namespace) -> int:
    """Load the puzzle, search, print the verdict (text or JSON)."""
    if args.input is None:
        raise ValueError(
            "skirmish-lethal needs a puzzle file: pure-engine solve skirmish-lethal PUZZLE.json"
        )
    for flag in ("deal", "deal_file", "part", "memory"):
        if getattr(args, flag, None) is not None:
            option = "--" + flag.replace("_", "-")
            raise ValueError(
                f"{option} is not an option of skirmish-lethal (PUZZLE, --budget, --json)"
            )
    if args.budget is not None and args.budget <= 0:
        raise ValueError(f"--budget must be > 0 seconds, found {args.budget}")
    state = load_puzzle(args.input)
    result = solve_lethal(
        state, budget=None if args.budget is None else Budget(seconds=args.budget)
    )
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        p = result.win_probability
        head = f"{args.input}: {result.verdict}"
        if p > 0:
            head += f", wins with probability {p.numerator}/{p.denominator}"
        stats = result.stats
        head += f" ({stats.expanded} positions, {stats.seconds:.2f}s"
        head += f", stopped by {stats.stopped_by})" if stats.stopped_by else ")"
        print(head)
        for number, (action, words) in enumerate(_in_words(state, result.line), 1):
            said = f"  ({words})" if words != action else ""
            print(f"{number:3d}. {action}{said}")
    return 0 if result.win_probability > 0 else 1


def verify(args: argparse.Namespace) -> int:
    """Replay the answer with the checker; exit 0 when it wins with the claimed probability."""
    state = load_puzzle(args.variant)
    line = read_answer(args.solution)
    probability = check_answer(state, line, where=args.solution)
    claimed = _claim(args.solution)
    ok = probability == claimed if claimed is not None else probability > 0
    text = f"{probability.numerator}/{probability.denominator}"
    if args.json:
        print(
            json.dumps(
                {
                    "ok": ok,
                    "win_probability": text,
                    "claimed": None
                    if claimed is None
                    else f"{claimed.numerator}/{claimed.denominator}",
                }
            )
        )
    elif claimed is None:
        print(f"the line wins this turn with probability {text}")
    else:
        verdict = "ok" if ok else "MISMATCH"
        print(f"{verdict}: the line wins this turn with probability {text} (claimed {claimed})")
    return 0 if ok else 1


def _claim(path: str) -> Fraction | None:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if not isinstance(data, dict) or "win_probability" not in data:
        return None
    text = data["win_probability"]
    try:
        return Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise ParseError(f"win_probability: expected 'p/q', found {text!r}", where=path) from None


def _in_words(state: Any, line: Sequence[str]) -> list[tuple[str, str]]:
    """Each move of *line* (notation, from *state*) with its words, for people."""
    game = load_game("skirmish")
    shown = []
    for text in line:
        action = game.parse_action(state, text)
        shown.append((text, action_in_words(game, state, action)))
        state = game.step(state, action)
    return shown
