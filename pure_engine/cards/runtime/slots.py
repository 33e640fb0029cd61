"""The names of a card's program slots besides ``play`` and ``deathrattle``: its modes,
activated abilities and triggered abilities, numbered (``mode1``, ``ability0``, ``trigger1``)."""

from __future__ import annotations

__all__ = ["ability_slot", "mode_slot", "trigger_slot"]


def mode_slot(index: int) -> str:
    """The program slot of a card's mode number *index*.

    >>> mode_slot(1)
    'mode1'
    """
    return f"mode{index}"


def ability_slot(index: int) -> str:
    """The program slot of a card's activated ability number *index*.

    >>> ability_slot(0)
    'ability0'
    """
    return f"ability{index}"


def trigger_slot(index: int) -> str:
    """The program slot of a card's triggered ability number *index*.

    >>> trigger_slot(1)
    'trigger1'
    """
    return f"trigger{index}"
