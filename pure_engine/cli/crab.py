"""``pure-engine solve crab-combat INPUT [--part 1|2] [--json]``.

Prints each part's winner and score (part 1: Combat, part 2: Recursive
Combat).  A part-1 game that cycles is reported as a detected cycle, and the
command still answers the other part; exit code 0 whenever every asked part
was answered (a cycle is an answer), 2 for unreadable or malformed input.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pure_engine.games import crab_combat

__all__ = ["solve"]


def solve(args: argparse.Namespace) -> int:
    """Read the input file, solve the asked parts, print text or one JSON object."""
    if args.input is None:
        raise ValueError("crab-combat needs an INPUT file: pure-engine solve crab-combat INPUT")
    for flag in ("deal", "deal_file", "budget"):
        if getattr(args, flag, None) is not None:
            option = "--" + flag.replace("_", "-")
            raise ValueError(f"{option} is a patience option; crab-combat takes INPUT and --part")
    path = Path(args.input)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: expected UTF-8 text, found byte {exc.start}") from None
    deck1, deck2 = crab_combat.parse_input(text, where=str(path))
    parts = (args.part,) if args.part else (1, 2)
    answers = {f"part{part}": _answer(deck1, deck2, part) for part in parts}
    if args.json:
        print(json.dumps(answers))
        return 0
    for name, answer in answers.items():
        label = f"part {name[-1]}"
        if "cycle" in answer:
            cycle = answer["cycle"]
            earlier = f"round {cycle['repeats']}" if cycle["repeats"] else "the start"
            print(
                f"{label}: cycle detected, the decks after round {cycle['round']} repeat "
                f"{earlier} (Combat has no loop rule: the game never ends)"
            )
            continue
        extra = ""
        if name == "part2":
            extra = f", {answer['sub_games']} sub-games, depth {answer['max_depth']}"
        print(
            f"{label}: player {answer['winner']} wins with score {answer['score']} "
            f"({answer['rounds']} rounds{extra})"
        )
    return 0


def _answer(deck1: tuple[int, ...], deck2: tuple[int, ...], part: int) -> dict[str, Any]:
    try:
        result = crab_combat.solve(deck1, deck2, recursive=part == 2)
    except crab_combat.CrabCycleError as cycle:
        return {
            "winner": None,
            "score": None,
            "cycle": {"round": cycle.round, "repeats": cycle.repeats},
        }
    answer: dict[str, Any] = {"winner": result.winner, "score": result.score}
    answer["rounds"] = result.rounds
    if part == 2:
        answer["total_rounds"] = result.total_rounds
        answer["sub_games"] = result.subgames
        answer["max_depth"] = result.max_depth
    return answer
