"""Seen caches are exact whatever the cheap hash; counters count."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pure_engine.core.seen import ScopedSeen, SeenCache, TranspositionTable

keys = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=60)


@given(keys)
def test_seen_cache_agrees_with_a_set_even_with_a_terrible_hash(
    items: list[tuple[int, int]],
) -> None:
    cache: SeenCache[tuple[int, int]] = SeenCache(cheap_hash=lambda k: k[0] % 2)
    model: set[tuple[int, int]] = set()
    for item in items:
        assert cache.add(item) == (item not in model)
        model.add(item)
    assert len(cache) == len(model)
    assert all(k in cache for k in model)
    assert cache.stats().hits == len(items) - len(model) + len(model)  # lookups by `in` hit too


def test_collisions_are_counted_not_confused() -> None:
    cache: SeenCache[str] = SeenCache(cheap_hash=len)
    assert cache.add("ab") and cache.add("cd")
    assert "ef" not in cache
    assert cache.collisions == 2


@given(keys)
def test_scoped_seen_is_persistent_and_exact(items: list[tuple[int, int]]) -> None:
    seen = ScopedSeen()
    history = [seen]
    model: set[tuple[int, int]] = set()
    for item in items:
        seen, found = seen.add(item, cheap=item[0])
        assert found == (item in model)
        model.add(item)
        history.append(seen)
    assert history[0].size == 0 and seen.size == len(model)


def test_transposition_table_bounded() -> None:
    tt: TranspositionTable[int, str] = TranspositionTable(capacity=8)
    for i in range(20):
        tt.put(i, str(i))
    assert len(tt) <= 8 and tt.get(19) == "19" and tt.get(0) is None
    assert tt.stats().evictions >= 12
