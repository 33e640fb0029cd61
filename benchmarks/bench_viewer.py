"""The viewer on 1000-move records: page size, time to write it, time to open it.

Run: ``python -m benchmarks viewer``.  Targets: a 1000-move record's page under
2 MB, written in under 1 s, open (script run, first scene drawn) in under 1 s
in headless Chromium.  The write is also given in CPU time: on a loaded machine
the wall clock mostly measures the wait for a core.  The open time needs
Playwright and Chromium (the ``view-test`` extra and Debian's ``chromium``);
without them it says so.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks._timing import print_table
from pure_engine.core.gamerecord import GameRecord, make_record, save
from pure_engine.core.registry import load_game
from pure_engine.view import write_page
from tests.view_records import CHROMIUM_ARGS, seeded_record

__all__ = ["main"]

MOVES = 1000


def _records() -> list[tuple[str, GameRecord]]:
    crab = load_game("crab_combat", cards=50)
    return [
        ("crab_combat (50 cards, seed 1)", make_record(crab, [0] * MOVES, seed=1)),
        ("freecell (random moves)", seeded_record("freecell", 1, cap=MOVES)),
        (
            "belote match (random play)",
            seeded_record("belote", 2, cap=MOVES, target=5000, max_deals=40),
        ),
    ]


def _open_seconds(pages: list[str]) -> list[float | None]:
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        print("(open time: needs Playwright and Chromium; not measured)")
        return [None] * len(pages)
    times: list[float | None] = []
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, headless=True
        )
        page = context.new_page()
        for path in pages:
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                page.goto(Path(path).resolve().as_uri())
                page.wait_for_selector("body[data-ready='1']")
                best = min(best, time.perf_counter() - started)
            times.append(best)
        context.close()
    return times


def main() -> None:
    """One row per record: moves, page size, write and open times (best of 3)."""
    rows: list[list[object]] = []
    with tempfile.TemporaryDirectory() as folder:
        pages: list[str] = []
        for label, record in _records():
            path = os.path.join(folder, f"{len(pages)}.json")
            save(record, path)
            best, cpu = float("inf"), float("inf")
            for _ in range(3):
                started, started_cpu = time.perf_counter(), time.process_time()
                page = write_page(path)
                best = min(best, time.perf_counter() - started)
                cpu = min(cpu, time.process_time() - started_cpu)
            pages.append(page)
            size = os.path.getsize(page)
            rows.append(
                [
                    label,
                    len(record.actions),
                    f"{size / 1e6:.2f} MB",
                    f"{best:.2f} s",
                    f"{cpu:.2f} s",
                ]
            )
        for row, seconds in zip(rows, _open_seconds(pages), strict=True):
            row.append("n/a" if seconds is None else f"{seconds:.2f} s")
    print_table(
        "viewer pages of long records (targets: < 2 MB, written < 1 s, open < 1 s)",
        ["record", "moves", "page", "write", "write (CPU)", "open"],
        rows,
    )


if __name__ == "__main__":
    main()
