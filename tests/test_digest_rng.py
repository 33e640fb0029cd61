"""Stable digests and the counter RNG: identical across processes and hash seeds."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from fractions import Fraction

import immutables
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyrsistent import pvector

from pure_engine.core.chance import chance_table, draw, draw_from_rng, uniform_index
from pure_engine.core.digest import digest, encode, hex_digest
from pure_engine.core.rng import Rng, _times, bits64, randbelow, shuffled
from pure_engine.core.seen import ScopedSeen

SAMPLE = (1, "two", b"3", frozenset({"a", "b"}), immutables.Map({"k": (1, 2)}), pvector([1]))
CODE = (
    "import immutables; from pyrsistent import pvector;"
    "from pure_engine.core.digest import hex_digest;"
    "from pure_engine.core.rng import Rng, shuffled;"
    "print(hex_digest((1, 'two', b'3', frozenset({'a', 'b'}), immutables.Map({'k': (1, 2)}),"
    " pvector([1]))), shuffled(Rng(9), range(10))[0])"
)


def test_digest_and_rng_identical_under_other_hash_seeds() -> None:
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.getcwd()}
        out = subprocess.run(
            [sys.executable, "-c", CODE], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(out.stdout)
    assert outputs == {f"{hex_digest(SAMPLE)} {shuffled(Rng(9), range(10))[0]}\n"}


def test_digest_separates_types_that_python_equates() -> None:
    assert digest(1) != digest(True)
    assert digest((1,)) != digest(frozenset({1}))
    assert digest(ScopedSeen()) != digest(())


def test_digest_refuses_mutable_values() -> None:
    with pytest.raises(TypeError, match="dict"):
        encode({"a": [1]})


@given(st.frozensets(st.text(max_size=3)))
def test_digest_ignores_set_order(items: frozenset[str]) -> None:
    assert digest(frozenset(sorted(items))) == digest(frozenset(sorted(items, reverse=True)))


def test_rng_is_a_value() -> None:
    rng = Rng(5)
    first, after = bits64(rng)
    assert bits64(rng) == (first, after)
    assert after == Rng(5, 1)


@given(st.integers(0, 2**40), st.integers(1, 1000))
def test_randbelow_in_range(seed: int, n: int) -> None:
    value, rng = randbelow(Rng(seed), n)
    assert 0 <= value < n and rng.counter >= 1


@pytest.mark.parametrize("n", [0, -1, (1 << 64) + 1])
def test_randbelow_refuses_a_range_it_cannot_draw_from(n: int) -> None:
    # above 2**64, every 64-bit draw would be refused: an error, not an endless loop
    with pytest.raises(ValueError, match="1 <= n <= 2\\*\\*64"):
        randbelow(Rng(1), n)
    assert randbelow(Rng(1), 1 << 64)[0] == bits64(Rng(1))[0]


@given(st.lists(st.integers(1, 30), min_size=1, max_size=8))
def test_chance_table_gives_each_outcome_exactly_its_share(weights: list[int]) -> None:
    total = sum(weights)
    outcomes = [(index, Fraction(w, total)) for index, w in enumerate(weights)]
    table = chance_table(outcomes)
    owned = [table.pick(value * table.total // total) for value in range(total)]
    # every uniform integer below the table's total belongs to exactly one outcome, in proportion
    assert [owned.count(index) for index in range(len(weights))] == weights


def test_chance_table_refuses_probabilities_not_summing_to_one() -> None:
    with pytest.raises(ValueError, match="summing to 1, found 3/4"):
        chance_table([("a", Fraction(1, 4)), ("b", Fraction(1, 2))])


@given(st.integers(0, 2**32), st.integers(1, 10**6))
def test_uniform_index_in_range(seed: int, n: int) -> None:
    assert 0 <= uniform_index(random.Random(seed), n) < n


def test_draw_frequencies_match() -> None:
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    rng = random.Random(1)
    picks = [draw(outcomes, rng) for _ in range(4000)]
    # binomial sd = sqrt(4000 * 3/16) ~ 27: 5 sd band, false alarm < 1e-6
    assert abs(picks.count("a") - 1000) < 140


def test_draw_from_rng_frequencies_match() -> None:
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    rng = Rng(1)
    counts = {"a": 0, "b": 0}
    for _ in range(4000):
        pick, rng = draw_from_rng(outcomes, rng)
        counts[pick] += 1
    # binomial sd = sqrt(4000 * 3/16) ~ 27: 5 sd band, false alarm < 1e-6
    assert abs(counts["a"] - 1000) < 140


def _shuffled_by_randbelow(rng: Rng, items: tuple[int, ...]) -> tuple[tuple[int, ...], Rng]:
    work = list(items)
    for i in range(len(work) - 1, 0, -1):
        j, rng = randbelow(rng, i + 1)
        work[i], work[j] = work[j], work[i]
    return tuple(work), rng


@given(
    st.integers(-(2**70), 2**70),
    st.integers(0, 2**40),
    st.sampled_from([0, 1, 2, 7, 40, 255, 256, 257, 300]),
)
def test_shuffled_is_fisher_yates_of_randbelow(seed: int, counter: int, size: int) -> None:
    # shuffled inlines randbelow (a running multiple of the golden ratio, the draws and the
    # rejection in 32-bit halves): the same permutation and the same next generator
    rng = Rng(seed, counter)
    assert shuffled(rng, tuple(range(size))) == _shuffled_by_randbelow(rng, tuple(range(size)))


# --- SplitMix64 in 32-bit halves (core.rng) against the formula on 64-bit words --------------


def _splitmix64(seed: int, counter: int) -> int:
    """``bits64(Rng(seed, counter))``'s value as SplitMix64 reads, on Python ints."""
    mask = (1 << 64) - 1
    z = ((seed + counter + 1) * 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


@given(st.integers(-(2**70), 2**70), st.integers(0, 2**40))
def test_bits64_is_splitmix64(seed: int, counter: int) -> None:
    assert bits64(Rng(seed, counter)) == (_splitmix64(seed, counter), Rng(seed, counter + 1))


def test_bits64_on_words_with_every_half_extreme() -> None:
    # inputs whose halves are 0, 1, 2**31 or 2**32 - 1 (the carries of the halves' sums and
    # products at their largest)
    halves = (0, 1, 1 << 31, (1 << 32) - 1)
    golden = 0x9E3779B97F4A7C15
    for hi in halves:
        for lo in halves:
            seed = ((hi << 32 | lo) * pow(golden, -1, 1 << 64) - 1) % (1 << 64)
            assert bits64(Rng(seed))[0] == _splitmix64(seed, 0)


def test_products_in_halves_at_their_largest() -> None:
    # the halves' products and carries at their largest stay exact (compiled, machine integers
    # that would wrap past 2**63)
    extremes = (0, 1, 0xFFFF, 0x10000, 1 << 31, (1 << 32) - 1)
    for hi, lo, c_hi, c_lo in itertools.product(extremes, repeat=4):
        product = ((hi << 32 | lo) * (c_hi << 32 | c_lo)) & ((1 << 64) - 1)
        assert _times(hi, lo, c_hi, c_lo) == (product >> 32, product & 0xFFFFFFFF)


def _unmixed(value: int) -> int:
    """The input of SplitMix64's finalizer (``core.rng._mix``) that gives *value*."""
    mask = (1 << 64) - 1
    z = value ^ (value >> 31) ^ (value >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    return z ^ (z >> 30) ^ (z >> 60)


def _seed_drawing(value: int, draw: int) -> int:
    """A seed whose draw number *draw* (from 1: ``bits64`` of ``Rng(seed, draw - 1)``) is
    *value*."""
    golden = 0x9E3779B97F4A7C15
    return (_unmixed(value) * pow(golden, -1, 1 << 64) - draw) % (1 << 64)


@pytest.mark.parametrize("draw", [1, 2, 20, 38])
def test_shuffled_draws_a_refused_draw_again(draw: int) -> None:
    # 2**64 - 1 is above randbelow's rejection limit for every n that is not a power of 2:
    # the draw for n = 41 - draw (3 to 40) is refused and drawn again (the draws after it move
    # by one)
    seed = _seed_drawing((1 << 64) - 1, draw)
    assert _mix_check(seed, draw) == (1 << 64) - 1
    rng = Rng(seed)
    assert shuffled(rng, tuple(range(40))) == _shuffled_by_randbelow(rng, tuple(range(40)))
    assert shuffled(rng, tuple(range(40)))[1] == Rng(seed, 40)  # one draw more than 39


def _mix_check(seed: int, draw: int) -> int:
    return bits64(Rng(seed, draw - 1))[0]


@pytest.mark.parametrize("size", [3, 40, 255, 300])
def test_shuffled_refuses_exactly_the_draws_at_or_above_the_limit(size: int) -> None:
    # the first draw is randbelow(rng, size)'s: 2**64 - 2**64 % size is its rejection limit
    limit = (1 << 64) - (1 << 64) % size
    for value, refused in ((limit - 1, False), (limit, True), ((1 << 64) - (1 << 32), False)):
        rng = Rng(_seed_drawing(value, 1))
        order, after = shuffled(rng, tuple(range(size)))
        assert (order, after) == _shuffled_by_randbelow(rng, tuple(range(size)))
        assert after.counter == size - 1 + refused
