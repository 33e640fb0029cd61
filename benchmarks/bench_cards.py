"""The card kit: what a one-entity change costs at 60, 600 and 6000 entities; a program
against the closure it replaces.

Run: ``python -m benchmarks cards``.

* ``put`` (one entity replaced), ``update`` (one field) and ``move`` (one
  entity to another zone) on tables of 60, 600 and 6000 entities spread over
  the 12 zones of skirmish's layout, with the ratio to the 60-entity cost.  The
  entity map is a tuple indexed by id (``core.dense.DenseMap``: a read is one
  index), so a write copies it and grows with the table: a game's table holds
  60-90 entities, where that costs about what a hash map's write did.  A move
  also rebuilds the two zone tuples, so it costs O(size of those zones) more:
  the bench moves a board minion (a zone of 7) to a hand; the thousands of
  other entities sit in decks and a graveyard.
* Fireball's effect (6 damage to a target, through the game's damage hook)
  run as a compiled program with :func:`pure_engine.cards.run`, against the
  same hook called from a plain closure — the price of being suspendable.
"""

from __future__ import annotations

import random

from benchmarks._timing import median_ns, print_table
from pure_engine.cards.runtime import (
    CardState,
    EntityId,
    Table,
    move,
    new_frame,
    new_table,
    put,
    run,
    spawn,
    update,
)
from pure_engine.games.skirmish.base import LAYOUT, SkirmishState
from pure_engine.games.skirmish.rules import POOL, RULES, deal_damage

__all__ = ["main"]


def _table(n: int) -> tuple[Table, list[EntityId]]:
    """*n* entities: 7 on a board, 5 in a hand, the rest in the decks and a graveyard."""
    table = new_table(LAYOUT)
    ids = []
    small = [LAYOUT.zone("board", 0)] * 7 + [LAYOUT.zone("hand", 0)] * 5
    bulk = [LAYOUT.zone("deck", 0), LAYOUT.zone("deck", 1), LAYOUT.zone("graveyard", 1)]
    for i in range(n):
        zone = small[i] if i < len(small) else bulk[i % len(bulk)]
        table, e = spawn(table, POOL, zone, "chillwind_yeti", 0)
        ids.append(e)
    return table, ids


def _costs(n: int) -> dict[str, float]:
    """Median ns of put / update / move on a table of *n* entities."""
    table, ids = _table(n)
    rng = random.Random(n)
    picks = [rng.choice(ids) for _ in range(1024)]
    board = table.zones[LAYOUT.zone("board", 0)]
    entity = table.entities[picks[0]]
    hand = LAYOUT.zone("hand", 0)
    cycle = iter(range(1 << 62))

    def put_one() -> Table:
        return put(table, entity.replace(damage=1))

    def update_one() -> Table:
        return update(table, picks[next(cycle) & 1023], damage=1)

    def move_one() -> Table:  # a board minion back to the hand (zones of 7 and 5)
        return move(table, board[next(cycle) % 7], hand)

    return {
        "put": median_ns(put_one, number=20_000),
        "update": median_ns(update_one, number=20_000),
        "move": median_ns(move_one, number=20_000),
    }


def main() -> None:
    """Entity-change cost by table size; program against closure."""
    rows: list[list[object]] = []
    base: dict[str, float] = {}
    for n in (60, 600, 6000):
        costs = _costs(n)
        for name, ns in costs.items():
            base.setdefault(name, ns)
        rows.append([n, *(f"{ns:.0f} ns ({ns / base[k]:.2f}x)" for k, ns in costs.items())])
    print_table(
        "One-entity change on the entity table (median; ratio to 60 entities)",
        ["entities", "put", "update", "move"],
        rows,
    )

    table = new_table(LAYOUT)
    table, hero = spawn(table, POOL, LAYOUT.zone("hero", 1), "hero_hunter", 1)
    table, _ = spawn(table, POOL, LAYOUT.zone("hero", 0), "hero_mage", 0)
    state = SkirmishState(table)
    frame = new_frame(RULES, "fireball", "play", None, 0, hero)

    def program() -> CardState:
        return run(state.replace(frames=(frame,)), RULES)

    def closure() -> CardState:
        return deal_damage(state, None, hero, 6)

    t_prog = median_ns(program, number=20_000)
    t_clos = median_ns(closure, number=20_000)
    print_table(
        "Fireball's effect: a suspendable program against a closure",
        ["form", "time", "ratio"],
        [
            ["program (run)", f"{t_prog:.0f} ns", f"{t_prog / t_clos:.2f}x"],
            ["closure", f"{t_clos:.0f} ns", "1.00x"],
        ],
    )
