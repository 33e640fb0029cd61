"""Patience as a :class:`~pure_engine.core.game.Game`: one player, no chance, a deal given up front.

``make_game(variant="freecell", deal=..., seed=...)`` builds the game for a
preset name, a variant JSON file, rule JSON text or a :class:`Variant`; the
deal is a deal number (:func:`~pure_engine.games.patience.deals.numbered_deal`:
Microsoft's deal where the layout is FreeCell's, else the variant's random
deal N), a :class:`Deal`, deal text (Solvitaire JSON or an fc-solve board), or
(``deal=None``) a random deal drawn from ``seed``.

``game.info.params`` say exactly which game this is, in a form a game record
stores as JSON: a preset's name (else the full rule JSON as text) and the deal
number (else the deal as Solvitaire JSON text), so ``load_game("patience",
**dict(game.info.params))`` -- what a record's replay does -- builds the same game.

Actions are :class:`~pure_engine.games.patience.moves.Move` records with
physical places (typed locations, parsed once when the text is read),
listed in :meth:`PatienceRules.moves` order, every empty cell and empty pile named
(the solver alone folds equivalent targets); built groups move as supermoves
where the variant moves single cards.  The game has
perfect information: in Klondike the face-down cards are known ("thoughtful").  Action strings
are ``"t3-c1"`` (``"t3-t8x3"`` for three cards); ``parse_action`` also reads
standard FreeCell notation (``3a``, ``38``, ``a8``, ``4h``).

>>> game = make_game(variant="freecell", deal=1)
>>> s0 = game.initial_state()
>>> game.action_to_str(s0, game.legal_actions(s0)[0])
't1-c1'
>>> s1 = game.play_str(s0, "3a")
>>> s1.cells, s0.cells
((27, -1, -1, -1), (-1, -1, -1, -1))
>>> game.returns(s1), game.is_terminal(s1)
((0.0,), False)
"""

from __future__ import annotations

import json
from fractions import Fraction

from pure_engine.core.game import TERMINAL, Game, GameInfo, game_from_rules, params_tuple
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.patience.deals import (
    Deal,
    deal_to_json,
    numbered_deal,
    parse_deal,
    random_deal,
)
from pure_engine.games.patience.encoding import make_encoding
from pure_engine.games.patience.moves import CELLS, FOUNDATIONS, PILES, Location, Move, parse_move
from pure_engine.games.patience.rules import EMPTY, PatienceRules, PatienceState
from pure_engine.games.patience.spec import (
    load_variant,
    parse_json,
    preset_names,
    variant_from_json,
    variant_to_json,
)
from pure_engine.games.patience.variant import Variant
from pure_engine.games.playing_cards import card_str

__all__ = [
    "PatienceState",
    "is_freecell_like",
    "make_game",
    "move_to_str",
    "resolve_variant",
    "variant_param",
]


def resolve_variant(variant: str | Variant) -> Variant:
    """A :class:`Variant` from a preset name, a JSON file path, rule JSON text (it starts
    with ``{``), or a variant itself.

    >>> resolve_variant('{"cells": {"count": 2}}').cells, resolve_variant("freecell").cells
    (2, 4)
    """
    if isinstance(variant, Variant):
        return variant
    if variant.lstrip().startswith("{"):
        return variant_from_json(parse_json(variant, where="variant"), where="variant")
    return load_variant(variant)


def variant_param(variant: Variant) -> str:
    """What names *variant* in game params: its preset name when it is that preset,
    else its full rule JSON text (which :func:`resolve_variant` reads back).

    >>> variant_param(load_variant("golf"))
    'golf'
    >>> resolve_variant(variant_param(load_variant("golf").replace(cells=1))).cells
    1
    """
    if variant.name in preset_names() and load_variant(variant.name) == variant:
        return variant.name
    return json.dumps(variant_to_json(variant), sort_keys=True)


def is_freecell_like(variant: Variant) -> bool:
    """True when standard FreeCell notation names every place unambiguously.

    Piles are 1-9 and 0, cells a-g, the foundation h: so at most 10 piles and
    7 cells (Eight Off's 8th cell would be 'h' too), no hole, stock or reserve,
    and no cards coming back from the foundations.

    >>> is_freecell_like(load_variant("freecell")), is_freecell_like(load_variant("golf"))
    (True, False)
    """
    return (
        variant.foundations
        and not variant.hole
        and variant.stock_size == 0
        and variant.cells <= 7
        and variant.reserve_size == 0
        and not variant.foundations_removable
        and variant.piles <= 10
    )


def move_to_str(move: Move) -> str:
    """``"t3-c1"``, with ``"x3"`` appended when three cards move (``str(move)``).

    >>> move_to_str(parse_move("t3-t8x3"))
    't3-t8x3'
    """
    return str(move)


def _fc_place(char: str, variant: Variant) -> Location:
    if char.isdigit():
        number = int(char) or 10
        if number <= variant.piles:
            return PILES[number - 1]
    elif char in "abcdefg" and "abcdefg".index(char) < variant.cells:
        return CELLS["abcdefg".index(char)]
    elif char == "h":
        return FOUNDATIONS
    raise ParseError(f"expected a pile 1-{variant.piles}, a cell or 'h', found {char!r}")


def _parse_move(text: str, variant: Variant) -> tuple[Location, Location, int | None]:
    """The move's places and count (``None`` in FreeCell notation: the largest legal)."""
    raw = text.strip().lower()
    if "-" in raw:
        move = parse_move(text, where="action")
        return move.src, move.dst, move.count
    if len(raw) == 2:
        return _fc_place(raw[0], variant), _fc_place(raw[1], variant), None
    raise ParseError(f"expected a move like 't3-c1', 't3-t8x2' or '3a', found {text!r}")


class _VariantRules:
    """One variant's rules as a game's: :class:`PatienceRules` for the moves, the keys and the
    steps, the variant's notation, one player who wins by clearing the deal, no chance."""

    def __init__(self, rules: PatienceRules, spec: Variant) -> None:
        self.rules = rules
        self.spec = spec
        self.step = rules.apply
        self.key = rules.key

    def current_player(self, state: PatienceState) -> int:
        """0, or ``TERMINAL`` once the deal is won or no move is left."""
        rules = self.rules
        if rules.is_won(state) or not rules.moves(state):
            return TERMINAL
        return 0

    def legal_actions(self, state: PatienceState) -> tuple[Move, ...]:
        """Every move, in :meth:`PatienceRules.moves` order (no equivalent targets folded)."""
        return self.rules.moves(state, canonical=False)

    def chance_outcomes(self, state: PatienceState) -> tuple[tuple[Move, Fraction], ...]:
        """None: the whole deal is known from the start."""
        return ()

    def returns(self, state: PatienceState) -> tuple[float, ...]:
        """1 for a won deal, else 0."""
        return (1.0,) if self.rules.is_won(state) else (0.0,)

    def observation(self, state: PatienceState, player: int) -> PatienceState:
        """Everything (perfect information)."""
        return state

    def action_to_str(self, state: PatienceState, action: Move) -> str:
        """The move in this game's notation (:func:`move_to_str`)."""
        return move_to_str(action)

    def parse_action(self, state: PatienceState, text: str) -> Move:
        """A move in this game's notation or standard FreeCell notation; without a count, the
        largest legal one between the two places."""
        src, dst, count = _parse_move(text, self.spec)
        moves = self.rules.moves(state, canonical=False)
        legal = [m for m in moves if m.src == src and m.dst == dst]
        if count is not None:
            return Move(src, dst, count)
        if not legal:
            raise IllegalActionError(f"no legal move from {str(src)!r} to {str(dst)!r} in {text!r}")
        return max(legal, key=lambda m: m.count)

    def render(self, state: PatienceState) -> str:
        """:func:`render_state`."""
        return render_state(state)


def make_game(
    *,
    variant: str | Variant = "freecell",
    deal: int | Deal | str | None = None,
    seed: int | None = None,
) -> Game[PatienceState, Move]:
    """The patience game for *variant* and *deal* (see the module docstring).

    >>> text = deal_to_json(numbered_deal(load_variant("bakers-game"), 3))
    >>> make_game(variant="bakers-game", deal=text).initial_state() == make_game(
    ...     variant="bakers-game", deal=3
    ... ).initial_state()
    True
    """
    spec = resolve_variant(variant)
    rules = PatienceRules.from_variant(spec)
    fixed = _fixed_deal(spec, deal, seed)

    def initial_state(seed: int | None = None) -> PatienceState:
        if seed is not None:
            return rules.initial(random_deal(spec, seed))
        if fixed is None:
            raise ValueError("this patience game has no deal: pass deal= or seed=")
        return rules.initial(fixed)

    deal_param: int | str | None = None
    if isinstance(deal, int):
        deal_param = deal
    elif deal is not None and fixed is not None:
        deal_param = deal_to_json(fixed)
    params = params_tuple({"variant": variant_param(spec), "deal": deal_param, "seed": seed})
    info = GameInfo(
        name="patience",
        num_players=1,
        min_return=0.0,
        max_return=1.0,
        max_game_length=10_000,
        params=params,
        description=f"patience ({spec.name}): one player, perfect information",
    )
    game_rules = _VariantRules(rules, spec)
    return game_from_rules(game_rules, info, initial_state, encoding=make_encoding(rules))


def _fixed_deal(spec: Variant, deal: int | Deal | str | None, seed: int | None) -> Deal | None:
    """The deal *deal* names (a number, a :class:`Deal` or deal text), else the seeded random
    deal, else ``None`` (``initial_state`` then needs a seed)."""
    if isinstance(deal, str):
        return parse_deal(deal, spec)
    if isinstance(deal, int) and not isinstance(deal, bool):
        return numbered_deal(spec, deal)
    if not (isinstance(deal, Deal) or deal is None):
        raise ParseError(
            f"expected a deal number, a Deal or deal text, found {deal!r}", where="deal"
        )
    if deal is None and seed is not None:
        return random_deal(spec, seed)
    return deal


def render_state(state: PatienceState) -> str:
    """A plain text table: foundations/hole, cells, then the piles bottom to top.

    >>> print(render_state(PatienceState(piles=((0, 14), ()), cells=(-1, 51))))
    found: C0 D0 H0 S0
    cells: -- KS
    t1: AC 2D
    t2:
    """
    lines = []
    if state.hole != EMPTY:
        lines.append(f"hole: {card_str(state.hole)}")
    else:
        lines.append(
            "found: " + " ".join(f"{s}{r}" for s, r in zip("CDHS", state.found, strict=True))
        )
    if state.cells:
        lines.append("cells: " + " ".join("--" if c == EMPTY else card_str(c) for c in state.cells))
    if state.stock or state.waste:
        waste = " ".join(card_str(c) for c in state.waste)
        lines.append(f"stock: {len(state.stock)} cards; waste: {waste}")
    if state.reserve:
        tops = " ".join(card_str(pile[-1]) if pile else "--" for pile in state.reserve)
        lines.append(f"reserve: {tops}")
    for i, pile in enumerate(state.piles):
        hidden = state.down[i] if state.down else 0  # face-down cards in brackets
        shown = [f"[{card_str(c)}]" if k < hidden else card_str(c) for k, c in enumerate(pile)]
        lines.append(f"t{i + 1}: {' '.join(shown)}".rstrip())
    return "\n".join(lines)
