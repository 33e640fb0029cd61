"""``pure-engine solve bridge-dd DEAL [--strain S] [--leader W] [--table] [--json]``.

Double-dummy analysis of bridge deals and endings (PBN, hands of any equal
size).  Without ``--strain`` it prints the 20-entry table (tricks for each
declarer in each strain, declarer's left-hand opponent leading); with
``--strain`` alone the four leaders of that strain; with ``--strain`` and
``--leader`` one solve, every card of the leader scored.  ``--pbn-file F``
solves many deals, one a line (``#`` comments and blank lines skipped;
``[Deal "..."]`` tags of a PBN file are read too), with progress on stderr and
a summary.  Bad input is one line on stderr and exit code 2, before anything
is solved.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pure_engine.cli._options import Progress, show_progress
from pure_engine.games.bridge.double_dummy.solver import Position, dd_table, score_cards, solve
from pure_engine.games.playing_cards import suit_first_str
from pure_engine.games.trick_taking.pbn import Hands, parse_pbn, pbn_str
from pure_engine.games.trick_taking.tricks import Seat, Strain, parse_seat, parse_strain

__all__ = ["solve_command"]

_SEAT_NAMES = ("North", "East", "South", "West")
_DEAL_TAG = re.compile(r'^\s*\[Deal\s+"([^"]*)"\]\s*$')


def solve_command(args: argparse.Namespace) -> int:
    """Parse every deal first (one-line errors), then solve and print."""
    for flag in ("deal", "deal_file", "budget", "memory", "part"):
        if getattr(args, flag, None) is not None:
            option = "--" + flag.replace("_", "-")
            raise ValueError(
                f"{option} is not a bridge-dd option (try --strain, --leader, --table)"
            )
    strain = parse_strain(args.strain, "--strain") if args.strain else None
    leader = parse_seat(args.leader, "--leader") if args.leader else None
    if leader is not None and strain is None:
        raise ValueError("--leader needs --strain (which strain is led?)")
    if args.table and strain is not None:
        raise ValueError("--table solves every strain; leave out --strain or --table")
    deals = _read_deals(args)
    times: list[float] = []
    nodes = 0
    progress = Progress(enabled=show_progress(args))
    steps = [0]  # table entries or leaders solved of the current deal
    size = 1 if leader is not None else 4 if strain is not None else 20
    for index, (where, hands) in enumerate(deals):
        started = time.perf_counter()
        steps[0] = 0
        label = f"deal {index + 1} of {len(deals)}: " if len(deals) > 1 else ""

        def status(label: str = label) -> str:
            return f"{label}solving, {steps[0]}/{size} {'entries' if size == 20 else 'leads'} done"

        with progress.ticking(status):
            answer = _answer(hands, strain, leader, tick=lambda done: _bump(steps, done))
        seconds = time.perf_counter() - started
        times.append(seconds)
        nodes += answer["nodes"]
        answer["seconds"] = round(seconds, 4)
        if len(deals) > 1:
            answer["source"] = where
        progress.clear()
        if args.json:
            print(json.dumps(answer))
        else:
            _print_answer(answer)
        sys.stdout.flush()
    if len(deals) > 1 and not args.quiet:
        total = sum(times)
        summary = (
            f"{len(deals)} deals solved in {total:.2f} s (median {statistics.median(times):.3f} s, "
            f"max {max(times):.3f} s, {nodes / total if total else 0:,.0f} nodes/s)"
        )
        if args.json:
            print(json.dumps({"summary": {"deals": len(deals), "seconds": round(total, 3)}}))
        print(summary, file=sys.stderr)
    return 0


def _read_deals(args: argparse.Namespace) -> list[tuple[str, Hands]]:
    if args.pbn_file is not None:
        if args.input is not None:
            raise ValueError("give a DEAL or --pbn-file, not both")
        path = Path(args.pbn_file)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{path}: expected UTF-8 text, found byte {exc.start}") from None
        deals = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            tagged = _DEAL_TAG.match(line)
            if tagged:
                line = tagged.group(1)
            elif not line or line.startswith(("#", "[", "%", ";")):
                continue
            where = f"{path}:{number}"
            deals.append((where, parse_pbn(line, where)))
        if not deals:
            raise ValueError(f"{path}: expected deals (one PBN deal a line), found none")
        return deals
    if args.input is None:
        raise ValueError(
            'bridge-dd needs a DEAL like "N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ ..." or --pbn-file F'
        )
    return [("DEAL", parse_pbn(args.input, "DEAL"))]


def _bump(steps: list[int], done: int) -> None:
    steps[0] += done


def _answer(
    hands: Hands, strain: Strain | None, leader: Seat | None, *, tick: Callable[[int], None]
) -> dict[str, Any]:
    deal = pbn_str(hands)
    if strain is None:
        table = dd_table(hands, progress=tick)
        rows = {s.letter: {seat.letter: table.tricks[s][seat] for seat in Seat} for s in Strain}
        return {"deal": deal, "table": rows, "nodes": table.nodes}
    leaders = [leader] if leader is not None else list(Seat)
    results = []
    nodes = 0
    for seat in leaders:
        solved = solve(hands, strain, seat)
        tick(1)
        nodes += solved.nodes
        entry: dict[str, Any] = {"leader": seat.letter, "tricks": solved.tricks}
        if leader is not None:
            scored = score_cards(Position(hands, int(seat), strain))
            entry["cards"] = {suit_first_str(card): tricks for card, tricks in scored}
        results.append(entry)
    return {"deal": deal, "strain": strain.letter, "leads": results, "nodes": nodes}


def _print_answer(answer: dict[str, Any]) -> None:
    print(answer["deal"])
    if "table" in answer:
        print("tricks for declarer   " + " ".join(f"{s.letter:>3}" for s in Strain))
        for seat in Seat:
            row = " ".join(f"{answer['table'][s.letter][seat.letter]:>3}" for s in Strain)
            print(f"  {_SEAT_NAMES[seat]:<19} {row}")
        return
    size = parse_pbn(answer["deal"])[0].bit_count()
    for entry in answer["leads"]:
        index = "NESW".index(entry["leader"])
        side = "North-South" if index % 2 == 0 else "East-West"
        declarer = _SEAT_NAMES[(index + 3) % 4]
        print(
            f"  {answer['strain']}, {_SEAT_NAMES[index]} leads: {side} take {entry['tricks']} "
            f"(declarer {declarer} {size - entry['tricks']})"
        )
        if "cards" in entry:
            shown = ", ".join(f"{card} {tricks}" for card, tricks in entry["cards"].items())
            print(f"    cards: {shown}")
