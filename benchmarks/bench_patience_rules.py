"""Patience rules side: deal generation/parsing and the independent verifier.

    PYTHONPATH=. python3 benchmarks/bench_patience_rules.py
    PYTHONPATH=. python3 -m benchmarks patience_rules

Side by side with Freecell Solver's ``make-microsoft-freecell-board`` when it
is installed (Debian package freecell-solver-bin): the same deals, card for
card, and the time per deal of each (fc-solve's includes starting a process).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import time
from functools import partial
from pathlib import Path

from benchmarks._timing import median_ns, print_table
from pure_engine.games.patience.deals import (
    deal_to_json,
    fcs_board,
    ms_deal,
    numbered_deal,
    parse_deal_json,
    parse_fcs_board,
    random_deal,
)
from pure_engine.games.patience.moves import moves_from_json
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.verify import verify

__all__ = ["main"]

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "patience"


def _us(ns: float) -> str:
    return f"{ns / 1000:.1f} us"


def main() -> None:
    """Print the tables."""
    freecell = load_variant("freecell")
    deal = ms_deal(5)
    text, board = deal_to_json(deal), fcs_board(deal)
    rows: list[list[object]] = [
        ["ms_deal(n)", _us(median_ns(lambda: ms_deal(11982), number=2000))],
        [
            "random_deal(freecell, seed)",
            _us(median_ns(lambda: random_deal(freecell, 7), number=500)),
        ],
        [
            "parse_deal_json (52 cards)",
            _us(median_ns(lambda: parse_deal_json(text, freecell), number=500)),
        ],
        [
            "parse_fcs_board (52 cards)",
            _us(median_ns(lambda: parse_fcs_board(board, freecell), number=500)),
        ],
        [
            "load_variant('seahaven-towers')",
            _us(median_ns(lambda: load_variant("seahaven-towers"), number=2000)),
        ],
    ]
    print_table("deals and variants", ["operation", "median"], rows)

    verify_rows: list[list[object]] = []
    for path in sorted(GOLDEN.glob("*.solution.json")):
        data = json.loads(path.read_text())
        if "board" not in data:
            continue
        variant = load_variant(data["variant"])
        start = parse_fcs_board(data["board"], variant)
        moves = moves_from_json(data["moves"])
        per_call = median_ns(partial(verify, variant, start, moves), number=50, repeat=5)
        verify_rows.append(
            [
                path.stem,
                len(moves),
                f"{per_call / 1e6:.2f} ms",
                f"{per_call / len(moves) / 1000:.1f} us",
            ]
        )
    print_table(
        "verify (fc-solve solutions)",
        ["solution", "moves", "per solution", "per move"],
        verify_rows,
    )

    differential()
    tool = shutil.which("make-microsoft-freecell-board")
    if tool is None:
        print("\nmake-microsoft-freecell-board not installed: side-by-side skipped")
        return
    numbers = [*range(1, 101), 11982, 2**31 + 1, 2**32 + 1]
    same = 0
    t0 = time.perf_counter()
    boards = [
        subprocess.run([tool, "-t", str(n)], capture_output=True, text=True, check=True).stdout
        for n in numbers
    ]
    theirs = (time.perf_counter() - t0) / len(numbers)
    t0 = time.perf_counter()
    ours = [fcs_board(ms_deal(n)) for n in numbers]
    mine = (time.perf_counter() - t0) / len(numbers)
    same = sum(a == b for a, b in zip(boards, ours, strict=True))
    print_table(
        "Microsoft deals vs fc-solve's make-microsoft-freecell-board",
        [
            "deals",
            "identical boards",
            "fc-solve per deal (process)",
            "ms_deal + fcs_board per deal",
        ],
        [[len(numbers), same, f"{theirs * 1e3:.2f} ms", f"{mine * 1e6:.1f} us"]],
    )


def differential() -> None:
    """fc-solve's solutions for fresh deals, every one checked by our verifier."""
    if shutil.which("fc-solve") is None:
        print("\nfc-solve not installed: differential check skipped")
        return
    spec = importlib.util.spec_from_file_location("regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    regenerate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regenerate)
    games = [
        ("freecell", "freecell", range(1, 201)),
        ("bakers-game", "bakers_game", range(1, 61)),
        ("seahaven-towers", "seahaven_towers", range(1, 41)),
        ("eight-off", "eight_off", range(1, 41)),
        ("forecell", "forecell", range(1, 21)),
    ]
    rows: list[list[object]] = []
    for name, game, numbers in games:
        variant = load_variant(name)
        verified = rejected = gave_up = 0
        for number in numbers:
            deal = numbered_deal(variant, number)
            try:
                raw = regenerate.fcs_moves(fcs_board(deal), game)
            except SystemExit:
                gave_up += 1
                continue
            moves = moves_from_json([{k: v for k, v in m.items() if k != "fcs"} for m in raw])
            result = verify(variant, deal, moves)
            if result.ok and result.won:
                verified += 1
            else:
                rejected += 1
        rows.append([name, len(numbers), verified, rejected, gave_up])
    print_table(
        "differential: fc-solve solutions checked by verify",
        ["variant", "deals", "verified", "rejected", "no fc-solve solution (-mi 2M)"],
        rows,
    )


if __name__ == "__main__":
    main()
