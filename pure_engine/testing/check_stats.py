"""Exact frequency tests for chance samplers, with a stated false-alarm rate.

A sampler is checked outcome by outcome with an exact two-sided binomial test,
and the per-test level is the overall false-alarm rate divided by the number of
tests (Bonferroni).  So for a *correct* sampler and any seed, the probability
that :func:`frequency_failures` reports anything is at most ``false_alarm``;
with a fixed seed the result is reproducible and never flakes.

>>> from fractions import Fraction as F
>>> frequency_failures({"h": F(1, 2), "t": F(1, 2)}, {"h": 52, "t": 48}, false_alarm=1e-6)
()
>>> frequency_failures({"h": F(1, 2), "t": F(1, 2)}, {"h": 90, "t": 10}, false_alarm=1e-6)
(('h', 90, 50.0, ...), ('t', 10, 50.0, ...))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from math import exp, lgamma, log, log1p

__all__ = ["binomial_p_value", "frequency_failures"]


def _log_pmf(n: int, p: float, x: int) -> float:
    if p <= 0.0:
        return 0.0 if x == 0 else float("-inf")
    if p >= 1.0:
        return 0.0 if x == n else float("-inf")
    return lgamma(n + 1) - lgamma(x + 1) - lgamma(n - x + 1) + x * log(p) + (n - x) * log1p(-p)


def _tail(n: int, p: float, start: int, stop: int, direction: int) -> float:
    """Sum the pmf from *start* towards *stop* (inclusive); terms shrink away from the mode."""
    total = 0.0
    x = start
    while True:
        term = exp(_log_pmf(n, p, x))
        total += term
        if x == stop or term < total * 1e-17:
            return min(total, 1.0)
        x += direction


def binomial_p_value(count: int, trials: int, probability: Fraction | float) -> float:
    """Two-sided p-value of seeing *count* successes in *trials* with success *probability*.

    The tail on the observed side, doubled and capped at 1 (conservative).

    >>> binomial_p_value(5, 10, 0.5)
    1.0
    >>> binomial_p_value(10, 10, 0.5) == 2 * 0.5 ** 10
    True
    """
    p = float(probability)
    mean = trials * p
    if count >= mean:
        one_side = _tail(trials, p, count, trials, +1)
    else:
        one_side = _tail(trials, p, count, 0, -1)
    return min(1.0, 2.0 * one_side)


def frequency_failures(
    probabilities: Mapping[Hashable, Fraction],
    counts: Mapping[Hashable, int],
    *,
    false_alarm: float,
    tests: int | None = None,
) -> tuple[tuple[Hashable, int, float, float], ...]:
    """Outcomes whose observed counts are implausible: ``(outcome, count, expected, p_value)``.

    *tests* is the number of binomial tests the false-alarm budget is shared
    among (default: the outcomes here); each test runs at ``false_alarm / tests``.
    """
    trials = sum(counts.values())
    if trials == 0:
        return ()
    budget = false_alarm / (tests if tests is not None else max(1, len(probabilities)))
    bad = []
    for outcome, probability in probabilities.items():
        count = counts.get(outcome, 0)
        p_value = binomial_p_value(count, trials, probability)
        if p_value < budget:
            bad.append((outcome, count, trials * float(probability), p_value))
    return tuple(bad)
