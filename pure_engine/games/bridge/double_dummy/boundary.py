"""The bounds tried at a trick boundary before any card is searched (:mod:`.search`).

Each returns the search's answer (``relevant << 1 | result``), stored in the table, when
the side on lead's quick tricks, the sides' sure trumps or a one-trick argument settle
the question "North-South take at least *target* of the *n* tricks left?", else -1.
"""

from __future__ import annotations

from pure_engine.games.bridge.double_dummy.bounds import (
    defenders_trick,
    later_tricks,
    quick_tricks,
    sure_trumps,
    trump_honours,
    trump_length,
)
from pure_engine.games.bridge.double_dummy.partition import _proved

__all__ = ["one_trick_bound", "quick_bound", "trump_bound"]


def quick_bound(
    trump_mask: int,
    h: tuple[int, int, int, int],
    leader: int,
    target: int,
    n: int,
    regions: dict[int, dict[int, list[int]]],
) -> int:
    """The answer if the side on lead's quick tricks settle it, else -1.

    The side on lead needs *need* tricks: its quick tricks, or those of them taken
    before its line plays a trump and then its trump length (no trump changes hands
    in those tricks, so the count still holds after)."""
    need = n - target + 1 if leader & 1 else target
    length = length_used = 0
    side = leader & 1
    if trump_mask and (h[side] | h[side + 2]) & trump_mask:
        theirs = h[side ^ 1] | h[side ^ 3]
        length, length_used = trump_length(h[side], h[side + 2], theirs, trump_mask)
    if length:
        keep = side if length_used & h[side] else side + 2
        quick, used, clean = quick_tricks(h, leader, trump_mask, need - length, keep)
        if clean + length >= need:
            quick, used = clean + length, used | length_used
        elif quick >= need - length:  # (it stopped there: go on)
            quick, used, _ = quick_tricks(h, leader, trump_mask, need)
    else:
        quick, used, _ = quick_tricks(h, leader, trump_mask, need)
    if quick < need:
        return -1
    if leader & 1 == 0:
        return _proved(regions, h, used, quick, n, 1)
    return _proved(regions, h, used, 0, n - quick, 0)


def trump_bound(
    trump_mask: int,
    h: tuple[int, int, int, int],
    leader: int,
    target: int,
    n: int,
    regions: dict[int, dict[int, list[int]]],
) -> int:
    """The answer if the sides' sure trump tricks settle it, else -1 (the bounds count
    at most a side's longer trump holding; the side on lead's trump length is counted
    in :func:`quick_bound`)."""
    a, b, c, d = h
    ns_long = max((a & trump_mask).bit_count(), (c & trump_mask).bit_count())
    ew_long = max((b & trump_mask).bit_count(), (d & trump_mask).bit_count())
    if leader & 1 and ns_long >= target:
        sure, used = trump_length(a, c, b | d, trump_mask)
        if sure >= target:
            return _proved(regions, h, used, sure, n, 1)
    if not leader & 1 and ew_long > n - target:
        sure, used = trump_length(b, d, a | c, trump_mask)
        if n - sure < target:
            return _proved(regions, h, used, 0, n - sure, 0)
    if ns_long >= target or ew_long > n - target:
        ns_sure, ew_sure, used = sure_trumps(h, trump_mask)
        if ns_sure >= target:
            return _proved(regions, h, used, ns_sure, n, 1)
        if n - ew_sure < target:
            return _proved(regions, h, used, 0, n - ew_sure, 0)
    return -1


def one_trick_bound(
    trump_mask: int,
    h: tuple[int, int, int, int],
    leader: int,
    target: int,
    n: int,
    regions: dict[int, dict[int, list[int]]],
) -> int:
    """The answer when one side needs every trick and the other surely takes one,
    else -1."""
    trumps_out = (h[0] | h[1] | h[2] | h[3]) & trump_mask
    if target == n if leader & 1 == 0 else target == 1:
        # the side not on lead takes this trick, whatever is led
        used = defenders_trick(h, leader, trump_mask)
        if not used:
            if trumps_out:
                # the other side's second trump, guarded behind the ace, or
                # its second and third
                used = trump_honours(h, leader, trump_mask)
            else:
                # no trump left: the side's top suits are too short for every trick
                used = later_tricks(h, leader, n)
        if used:
            if leader & 1 == 0:
                return _proved(regions, h, used, 0, n - 1, 0)
            return _proved(regions, h, used, 1, n, 1)
    elif (target == 1 if leader & 1 == 0 else target == n) and not trumps_out:
        # the side not on lead needs every trick: its top suits too short?
        used = later_tricks(h, leader ^ 1, n)
        if used:
            if leader & 1 == 0:
                return _proved(regions, h, used, 1, n, 1)
            return _proved(regions, h, used, 0, n - 1, 0)
    return -1
