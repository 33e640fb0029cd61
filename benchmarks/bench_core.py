"""Core substrate costs: one-field updates of a 60-entity state, field reads, forks.

Run: ``python -m benchmarks.bench_core`` (from the repository root).

Goals from the core issue: a one-field update of a mid-game state holding 60
entities <= 10 us median; reading a field costs what an attribute read costs;
a step on a large state vs ``copy.deepcopy`` of an equivalent mutable state.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import immutables
from pyrsistent import pmap, pvector

from benchmarks._timing import median_ns, print_table
from pure_engine.core.digest import digest
from pure_engine.core.struct import Struct

__all__ = ["main"]


class Entity(Struct):
    """A minion-like entity with a handful of fields."""

    id: int
    name: str
    attack: int
    health: int
    zone: str
    buffs: tuple[str, ...] = ()


class State(Struct):
    """A mid-game state: 60 entities by id, two hands, a turn counter."""

    turn: int
    active: int
    entities: immutables.Map[int, Entity]
    hands: tuple[tuple[int, ...], tuple[int, ...]]


class Plain:
    """The mutable equivalent, for the deepcopy comparison and attribute-read baseline."""

    __slots__ = ("active", "entities", "hands", "turn")

    def __init__(self, turn: int, active: int, entities: dict[int, Any], hands: Any) -> None:
        self.turn = turn
        self.active = active
        self.entities = entities
        self.hands = hands


def build(n: int = 60) -> State:
    """A state with *n* entities."""
    ents = immutables.Map(
        {
            i: Entity(i, f"card{i}", i % 7, 1 + i % 5, "board" if i < 14 else "deck")
            for i in range(n)
        }
    )
    hands = (tuple(range(20, 27)), tuple(range(27, 34)))
    return State(5, 0, ents, hands)


def damage(state: State, target: int, amount: int) -> State:
    """A typical transition: one entity loses health (one field, two levels deep)."""
    ent = state.entities[target]
    return state.replace(
        entities=state.entities.set(target, ent.replace(health=ent.health - amount))
    )


def main() -> None:
    """Print the tables."""
    state = build()
    plain_ents = {
        i: dict(e._asdict())
        if hasattr(e, "_asdict")
        else {f: getattr(e, f) for f in Entity._fields}
        for i, e in state.entities.items()
    }
    plain = Plain(5, 0, plain_ents, [list(state.hands[0]), list(state.hands[1])])
    pm_state = pmap(
        {i: pmap({f: getattr(e, f) for f in Entity._fields}) for i, e in state.entities.items()}
    )
    pv = pvector(range(60))

    us = "us"
    print_table(
        "Update and fork cost (median per operation)",
        ("operation", "time"),
        _timed(
            [
                ("Struct.replace, one top-level field", lambda: state.replace(turn=6), 10_000, us),
                (
                    "one entity field (immutables.Map + Struct), 60 entities",
                    lambda: damage(state, 17, 1),
                    10_000,
                    us,
                ),
                (
                    "same with pyrsistent pmap of pmaps",
                    lambda: pm_state.set(17, pm_state[17].set("health", 0)),
                    10_000,
                    us,
                ),
                ("pvector.set (60 elements)", lambda: pv.set(17, 0), 10_000, us),
                ("copy.deepcopy of the mutable equivalent", lambda: copy.deepcopy(plain), 300, us),
            ]
        ),
    )
    print_table(
        "Field reads (median per read, including the lambda call)",
        ("read", "time"),
        _timed(
            [
                ("Struct field (state.turn)", lambda: state.turn, 200_000, "ns"),
                ("__slots__ attribute (plain.turn)", lambda: plain.turn, 200_000, "ns"),
                (
                    "entity field (state.entities[17].health)",
                    lambda: state.entities[17].health,
                    200_000,
                    "ns",
                ),
                (
                    "dict entity field (plain.entities[17]['health'])",
                    lambda: plain.entities[17]["health"],
                    200_000,
                    "ns",
                ),
            ]
        ),
    )
    print_table(
        "Hashing",
        ("operation", "time"),
        _timed(
            [
                ("hash(state) (Map hash cached)", lambda: hash(state), 50_000, "ns"),
                (
                    "stable digest(state) (BLAKE2b over canonical bytes)",
                    lambda: digest(state),
                    500,
                    us,
                ),
            ]
        ),
    )


def _timed(cases: list[tuple[str, Callable[[], object], int, str]]) -> list[tuple[str, str]]:
    """One table row per (label, operation, calls per timing, unit "ns" or "us")."""
    rows = []
    for label, operation, number, unit in cases:
        ns = median_ns(operation, number=number)
        rows.append((label, f"{ns:.0f} ns" if unit == "ns" else f"{ns / 1000:.2f} us"))
    return rows


if __name__ == "__main__":
    main()
