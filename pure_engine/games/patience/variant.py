"""A patience variant as a record: the :class:`Variant` and the closed sets of its policies.

:mod:`.spec` reads and writes variants as Solvitaire's rule JSON; the rules (:mod:`.rules`)
and the solver read only this record.

>>> v = Variant(piles=8, build=BuildPolicy.RED_BLACK, cells=4)
>>> v.build is BuildPolicy.RED_BLACK, deck_size(v)
(True, 52)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from pure_engine.core.struct import Struct
from pure_engine.games.playing_cards import parse_card, parse_rank

__all__ = [
    "RANDOM_BASE",
    "BuildPolicy",
    "DealType",
    "FaceUp",
    "FoundationsInitial",
    "GroupMove",
    "GroupPolicy",
    "SpacesPolicy",
    "Variant",
    "deck_size",
]

RANDOM_BASE: Final = "random"
"""The text of a base card (``foundations_base``, ``hole_base``) that each deal draws."""


class BuildPolicy(StrEnum):
    """Which card may go on which in the tableau (one rank down, and...)."""

    ANY_SUIT = "any-suit"
    RED_BLACK = "red-black"
    SAME_SUIT = "same-suit"
    NO_BUILD = "no-build"


class GroupPolicy(StrEnum):
    """Which built cards move together: as the build policy says, or by one of its own."""

    SAME_AS_BUILD = "same-as-build"
    ANY_SUIT = "any-suit"
    RED_BLACK = "red-black"
    SAME_SUIT = "same-suit"
    NO_BUILD = "no-build"


class SpacesPolicy(StrEnum):
    """What may fill an empty tableau pile."""

    ANY = "any"
    KINGS = "kings"
    NO_BUILD = "no-build"
    AUTO_RESERVE_THEN_WASTE = "auto-reserve-then-waste"
    AUTO_WASTE_THEN_STOCK = "auto-waste-then-stock"
    AUTO_RESERVE_THEN_ANY = "auto-reserve-then-any"


class GroupMove(StrEnum):
    """Whether and how a built group moves as a unit."""

    NO = "no"
    YES = "yes"
    WHOLE_PILE = "whole-pile"
    PARTIAL_IF_CARD_ABOVE_BUILDABLE = "partial-if-card-above-buildable"
    MAXIMAL_GROUP = "maximal-group"


class FaceUp(StrEnum):
    """Which tableau cards are dealt face up."""

    ALL = "all"
    TOP = "top"


class FoundationsInitial(StrEnum):
    """Which cards start on the foundations."""

    NONE = "none"
    ONE = "one"
    ALL = "all"


class DealType(StrEnum):
    """Where the stock deals to."""

    WASTE = "waste"
    HOLE = "hole"
    TABLEAU_PILES = "tableau piles"


class Variant(Struct):
    """The rules of one patience game; field defaults are Solvitaire's defaults.

    Field names follow Solvitaire's JSON keys (see ``docs/patience-rules.md``):
    ``piles`` is ``["tableau piles"]["count"]``, ``build`` its ``"build policy"``,
    ``hole_base`` is ``["hole"]["base card"]`` (a card text or ``"random"``) and so on.

    >>> Variant().piles, Variant().foundations, Variant(name="x").replace(cells=2).cells
    (8, True, 2)
    """

    name: str = "custom"
    piles: int = 8
    build: BuildPolicy = BuildPolicy.ANY_SUIT
    spaces: SpacesPolicy = SpacesPolicy.ANY
    diagonal_deal: bool = False
    move_group: GroupMove = GroupMove.NO
    move_group_policy: GroupPolicy = GroupPolicy.SAME_AS_BUILD
    face_up: FaceUp = FaceUp.ALL
    foundations: bool = True
    foundations_initial: FoundationsInitial = FoundationsInitial.NONE
    foundations_base: str = "A"
    foundations_removable: bool = False
    foundations_complete_only: bool = False
    hole: bool = False
    hole_base: str = "AS"
    build_loops: bool = True
    cells: int = 0
    cells_prefilled: int = 0
    stock_size: int = 0
    stock_deal_type: DealType = DealType.WASTE
    stock_deal_count: int = 1
    stock_redeal: bool = False
    reserve_size: int = 0
    reserve_stacked: bool = False
    max_rank: int = 13
    two_decks: bool = False

    @property
    def deck_size(self) -> int:
        """Cards in play: 4 suits x ``max_rank`` ranks, doubled for two decks."""
        return deck_size(self)

    @property
    def fixed_foundation_rank(self) -> int | None:
        """The rank (1 = ace) every foundation starts from, ``None`` when each deal draws
        it (``foundations_base`` is :data:`RANDOM_BASE`): the text read once, here.

        >>> drawn = Variant(foundations_base="random")
        >>> Variant().fixed_foundation_rank, drawn.fixed_foundation_rank
        (1, None)
        """
        base = self.foundations_base
        return None if base == RANDOM_BASE else parse_rank(base)

    @property
    def fixed_hole_card(self) -> int | None:
        """The hole's base card, ``None`` when each deal draws it (``hole_base`` is
        :data:`RANDOM_BASE`).

        >>> Variant().fixed_hole_card, Variant(hole_base="random").fixed_hole_card
        (39, None)
        """
        base = self.hole_base
        return None if base == RANDOM_BASE else parse_card(base)


def deck_size(variant: Variant) -> int:
    """How many cards the variant deals: ``4 * max_rank``, twice that with two decks.

    >>> deck_size(Variant()), deck_size(Variant(two_decks=True)), deck_size(Variant(max_rank=4))
    (52, 104, 16)
    """
    return 4 * variant.max_rank * (2 if variant.two_decks else 1)
