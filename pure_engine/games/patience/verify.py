"""An independent checker for patience solutions: replay every move with its own rules.

:func:`verify` takes a variant, a deal and a move list, applies each move
after checking it against the variant's rules, names the first illegal move
(by 0-based index, with the reason) and finally says whether the game is won
(every card on the foundations, or in the hole).  It deliberately shares no
code with the solver's move generation (``game.py`` / ``rules.py``): it reads
the rules straight from the :class:`~pure_engine.games.patience.variant.Variant`
and checks one move at a time against a plain table, so a bug in the solver
cannot hide behind the same bug here.

Multi-card moves: with ``"move built group": "yes"`` any built group moves
(Solvitaire's rule); with ``"whole-pile"`` only a whole pile, and with
``"maximal-group"`` only the whole built group, move between tableau piles;
with ``"partial-if-card-above-buildable"`` (Klondike) part of a built group
goes onto another card only when the card it uncovers can go to the
foundations at once; with ``"no"``
(FreeCell, Baker's Game, Seahaven, Eight Off) a built group of *n* cards moves
as a *supermove* -- shorthand for single-card moves through free cells and
empty piles -- when ``n <= (free cells + 1) * 2 ** (empty piles, not counting
the destination)``; empty piles only count where any card may fill them.

>>> from pure_engine.games.patience.spec import load_variant
>>> from pure_engine.games.patience.deals import Deal
>>> from pure_engine.games.playing_cards import parse_card
>>> from pure_engine.games.patience.moves import parse_move
>>> v = load_variant("freecell").replace(piles=2, max_rank=1)
>>> deal = Deal(((parse_card("AC"), parse_card("AD")), (parse_card("AS"), parse_card("AH"))),
...             (None,) * 4)
>>> verify(v, deal, [parse_move(m) for m in ("t1-f", "t1-f", "t2-f", "t2-f")])
VerifyResult(ok=True, won=True, first_bad=None, reason='')
>>> verify(v, deal, [parse_move("t1-f"), parse_move("t1-c5")]).reason
'no cell c5 (4 cells)'
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.struct import Struct
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.patience.deals import Deal, validate_deal
from pure_engine.games.patience.moves import Move, move_str
from pure_engine.games.patience.variant import DealType, SpacesPolicy, Variant
from pure_engine.games.patience.verify_table import IllegalMove, VerifyTable

__all__ = ["VerifyResult", "describe", "position", "verify"]

_UNSUPPORTED_SPACES = (
    SpacesPolicy.AUTO_RESERVE_THEN_WASTE,
    SpacesPolicy.AUTO_WASTE_THEN_STOCK,
    SpacesPolicy.AUTO_RESERVE_THEN_ANY,
)


class VerifyResult(Struct):
    """The verdict: ``ok`` (every move legal), ``won`` (the final state is won),
    ``first_bad`` (0-based index of the first illegal move) and ``reason``."""

    ok: bool
    won: bool
    first_bad: int | None = None
    reason: str = ""


def _check_supported(variant: Variant) -> None:
    problems = []
    if variant.spaces in _UNSUPPORTED_SPACES:
        problems.append(f"spaces policy {variant.spaces.value!r}")
    if variant.stock_size and variant.stock_deal_type is DealType.TABLEAU_PILES:
        problems.append("stock deal type 'tableau piles'")
    if problems:
        raise ParseError(
            f"the verifier does not implement {', '.join(problems)} (variant {variant.name})",
            where="variant",
        )


def verify(variant: Variant, deal: Deal, moves: Sequence[Move]) -> VerifyResult:
    """Replay *moves* on *deal* under *variant*'s rules, checking each one.

    Returns ``ok=False`` with the 0-based index of the first illegal move and
    why; otherwise ``ok=True`` and whether the final state is won.  Raises
    :class:`ParseError` when the deal does not fit the variant
    (:func:`~pure_engine.games.patience.deals.validate_deal`) or for rule
    features the verifier does not implement (automatic space filling,
    Spider's deal to every pile).

    >>> from pure_engine.games.patience.moves import parse_move
    >>> from pure_engine.games.patience.spec import load_variant
    >>> from pure_engine.games.patience.deals import ms_deal
    >>> twice = [parse_move("t1-c1"), parse_move("t1-c1")]
    >>> result = verify(load_variant("freecell"), ms_deal(1), twice)
    >>> result.ok, result.first_bad, result.reason
    (False, 1, 'c1 already holds 6S')
    """
    _check_supported(variant)
    validate_deal(deal, variant, "deal")
    table = VerifyTable(variant, deal)
    for index, move in enumerate(moves):
        if move.count < 1:
            return VerifyResult(False, False, index, f"expected a count >= 1, found {move.count}")
        try:
            table.apply(move)
        except IllegalMove as exc:
            return VerifyResult(False, False, index, str(exc))
    left = table.left()
    if left:
        return VerifyResult(
            True, False, None, f"the game is not won: {left} card{'s' * (left != 1)} left in play"
        )
    return VerifyResult(True, True, None, "")


def position(variant: Variant, deal: Deal, moves: Sequence[Move]) -> Deal:
    """The layout after *moves* (each checked), e.g. to show where a solution went wrong.

    The hole keeps only its top card, emptied reserve piles drop out and
    face-down cards are not marked: a picture of the table, not a new deal.
    Raises :class:`~pure_engine.errors.IllegalActionError` at an illegal move.

    >>> from pure_engine.games.patience.moves import parse_move
    >>> from pure_engine.games.patience.spec import load_variant
    >>> from pure_engine.games.patience.deals import ms_deal
    >>> from pure_engine.games.playing_cards import card_str
    >>> after = position(load_variant("freecell"), ms_deal(1), [parse_move("t6-c2")])
    >>> card_str(after.cells[1]), card_str(after.piles[5][-1])
    ('3D', '2C')
    >>> position(load_variant("freecell"), ms_deal(1), [parse_move("t6-f")])
    Traceback (most recent call last):
    ...
    pure_engine.errors.IllegalActionError: move 1 (t6->f x1): 3D cannot start the diamonds \
foundation (it starts with A)
    """
    _check_supported(variant)
    validate_deal(deal, variant, "deal")
    table = VerifyTable(variant, deal)
    for index, move in enumerate(moves):
        try:
            if move.count < 1:
                raise IllegalMove(f"expected a count >= 1, found {move.count}")
            table.apply(move)
        except IllegalMove as exc:
            raise IllegalActionError(f"move {index + 1} ({move_str(move)}): {exc}") from None
    return table.to_deal()


def describe(result: VerifyResult, moves: Sequence[Move]) -> str:
    """One line for people: ``ok: 91 moves, game won`` or ``move 17 of 91 (t3->c1 x1): why``.

    Moves are counted from 1 here (``first_bad`` is 0-based).

    >>> from pure_engine.games.patience.moves import parse_move
    >>> describe(VerifyResult(False, False, 0, "t1 is empty"), [parse_move("t1-f")])
    'move 1 of 1 (t1->f x1): t1 is empty'
    """
    if result.first_bad is not None:
        bad = moves[result.first_bad]
        return f"move {result.first_bad + 1} of {len(moves)} ({move_str(bad)}): {result.reason}"
    if result.won:
        return f"ok: {len(moves)} moves, game won"
    return f"all {len(moves)} moves legal, but {result.reason.removeprefix('the ')}"
