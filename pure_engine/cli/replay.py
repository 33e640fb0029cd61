"""``pure-engine replay FILE``: replay a game record with every check, then print the game.

Exit 0 when the record replays and its final digest matches; a corrupt,
truncated or mismatching record is one line on stderr naming the file and
the action index or byte position, exit 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from pure_engine.core.game import CHANCE, Game
from pure_engine.core.gamerecord import GameRecord, load, replay
from pure_engine.core.registry import action_in_words
from pure_engine.core.session import CHANCE_AUTO
from pure_engine.errors import RecordError

__all__ = ["add_arguments", "describe", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``FILE`` plus output switches."""
    parser.add_argument("file", help="a game record written by pure_engine (JSON)")
    parser.add_argument("--quiet", action="store_true", help="only the verdict line")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def describe(game: Game[Any, Any], record: GameRecord, final: Any) -> list[str]:
    """The printed game: one line per action (provenance marked; the game's words beside the
    notation where it has them), the final state, returns.  *record* has replayed already."""
    lines = [f"game {record.game}" + _params(record) + f", seed {record.seed}"]
    state = game.initial_state(record.seed)
    for index, entry in enumerate(record.actions):
        who = "chance" if entry.player == CHANCE else f"player {entry.player}"
        mark = f"  [{entry.auto}]" if entry.auto else ""
        action = game.parse_action(state, entry.text)
        words = action_in_words(game, state, action)
        said = f"  ({words})" if words != entry.text else ""
        lines.append(f"{index:4d}  {who:>8}: {entry.text}{said}{mark}")
        if entry.auto == CHANCE_AUTO:  # drawn by the state's own rng, as the replay did
            _, state = game.resolve_chance(state)
        else:
            state = game.step(state, action)
    lines.append("final state:")
    lines.extend("  " + line for line in game.render(final).splitlines())
    if record.returns is not None:
        lines.append("returns: " + " ".join(f"{r:g}" for r in record.returns))
    return lines


def _params(record: GameRecord) -> str:
    if not record.params:
        return ""
    return " (" + ", ".join(f"{k}={v!r}" for k, v in record.params) + ")"


def run(args: argparse.Namespace) -> int:
    """Load, replay with checks, print."""
    record = load(args.file)
    try:
        game, final = replay(record)
    except RecordError as exc:
        raise RecordError(str(exc), where=args.file) from None
    verdict = (
        f"verified: {len(record.actions)} actions replayed, "
        f"final digest {record.final_digest} matches"
    )
    if args.json:
        print(
            json.dumps(
                {
                    "verified": True,
                    "game": record.game,
                    "actions": len(record.actions),
                    "terminal": record.terminal,
                    "returns": list(record.returns) if record.returns is not None else None,
                    "final_digest": record.final_digest,
                }
            )
        )
        return 0
    if not args.quiet:
        print("\n".join(describe(game, record, final)))
    print(verdict)
    return 0
