"""Regenerate the golden patience files from Freecell Solver (fc-solve), on purpose only.

    PYTHONPATH=. python3 tests/golden/patience/regenerate.py [--random-only]

Needs ``fc-solve`` and ``make-microsoft-freecell-board`` (Debian package
freecell-solver-bin).  Writes, next to this script:

- ``ms-<N>.board``: fc-solve's own board text for Microsoft deal N (our
  ``ms_deal`` must reproduce it card for card);
- ``random-deals.json``: ``random_deal(preset, 1)`` for every preset (no fc-solve needed);
- ``<variant>-<N>.solution.json``: fc-solve's solution for that deal,
  converted to the shared solution format (every move explicit, with its
  card count read off fc-solve's printed states).  fc-solve is an independent
  implementation of the rules, so our verifier accepting these is a real check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MS_DEALS = (1, 2, 3, 164, 617, 11982, 32000, 2**31 + 1, 2**32 + 1)
# (our preset, fc-solve --game name, deal numbers); boards from ms_deal / random_deal
SOLVED = (
    ("freecell", "freecell", (1, 2, 3, 164, 617)),
    ("bakers-game", "bakers_game", (1, 4, 8)),
    ("seahaven-towers", "seahaven_towers", (1, 3, 4)),
    ("eight-off", "eight_off", (1, 2)),
)


def fcs_moves(board: str, game: str) -> list[dict[str, object]]:
    """Run fc-solve and read each move with its count from the printed states."""
    out = subprocess.run(
        ["fc-solve", "--game", game, "-p", "-t", "-sam", "-sn", "-mi", "2000000", "-"],
        input=board,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if "This game is solveable." not in out:
        raise SystemExit(f"fc-solve found no solution for {game}")
    states: list[tuple[list[int], list[str]]] = []
    moves: list[str] = []
    lines = out.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("Move: "):
            moves.append(line.split()[1])
        if line.startswith("Foundations:"):
            cells_line = lines[index + 1][len("Freecells:") :]
            cells = [cells_line[i : i + 4].strip() for i in range(0, len(cells_line), 4)]
            piles = []
            for follow in lines[index + 2 :]:
                if not follow.startswith(":"):
                    break
                piles.append(len(follow[1:].split()))
            states.append((piles, cells))
    assert len(states) == len(moves) + 1, (len(states), len(moves))
    result = []
    for index, text in enumerate(moves):
        first = text[:2] if text.startswith("10") else text[:1]
        src, dst = _place(first), _place(text[len(first) :])
        (piles0, cells0), (piles1, cells1) = states[index], states[index + 1]
        # fc-solve's cell letters skip 'h' (home): read the slot off the printed states
        if src == "c":
            src = f"c{_changed(cells0, cells1, filled_before=True) + 1}"
        if dst == "c":
            dst = f"c{_changed(cells0, cells1, filled_before=False) + 1}"
        count = 1
        if src[0] == "t" and dst[0] == "t":
            column = int(dst[1:]) - 1
            count = piles1[column] - piles0[column]
        result.append({"from": src, "to": dst, "count": count, "fcs": text})
    return result


def _changed(before: list[str], after: list[str], *, filled_before: bool) -> int:
    size = max(len(before), len(after))
    before = before + [""] * (size - len(before))
    after = after + [""] * (size - len(after))
    for slot in range(size):
        if bool(before[slot]) == filled_before and bool(after[slot]) != filled_before:
            return slot
    raise AssertionError("no freecell changed")


def _place(char: str) -> str:
    if char.isdigit():
        return f"t{int(char)}"
    return "f" if char == "h" else "c"


def write_random_deals() -> None:
    """``random-deals.json``: deal 1 of every preset, pinning random_deal's layouts."""
    from pure_engine.games.patience.deals import deal_to_json, random_deal
    from pure_engine.games.patience.spec import load_variant, preset_names

    out = {
        name: json.loads(deal_to_json(random_deal(load_variant(name), 1)))
        for name in preset_names()
    }
    with open(os.path.join(HERE, "random-deals.json"), "w", encoding="utf-8") as handle:
        json.dump(out, handle, indent=1)
        handle.write("\n")


def main() -> int:
    from pure_engine.games.patience.deals import fcs_board, ms_deal, random_deal
    from pure_engine.games.patience.spec import load_variant

    write_random_deals()
    if "--random-only" in sys.argv:
        return 0

    for number in MS_DEALS:
        board = subprocess.run(
            ["make-microsoft-freecell-board", "-t", str(number)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        with open(os.path.join(HERE, f"ms-{number}.board"), "w", encoding="utf-8") as handle:
            handle.write(board)
    for name, game, numbers in SOLVED:
        variant = load_variant(name)
        for number in numbers:
            deal = (
                ms_deal(number)
                if name in ("freecell", "bakers-game")
                else random_deal(variant, number)
            )
            raw = fcs_moves(fcs_board(deal), game)
            record = {
                "variant": name,
                "deal": number,
                "source": f"fc-solve --game {game} -p -t -sam -sn",
                "board": fcs_board(deal),
                "fcs_notation": " ".join(str(move.pop("fcs")) for move in raw),
                "moves": raw,
            }
            path = os.path.join(HERE, f"{name}-{number}.solution.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(record, handle, indent=1)
                handle.write("\n")
            print(path, len(record["moves"]), "moves")  # type: ignore[arg-type]  # a list
    return 0


if __name__ == "__main__":
    sys.exit(main())
