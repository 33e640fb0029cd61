"""magic_lite's rules as one module: the deal (:mod:`.deal`), observation, key, notation,
resampling, and the turn's functions (:mod:`.actions`, :mod:`.turn`) under the names of
:class:`~pure_engine.Game`'s fields, which :func:`~.game.make_game` passes to
:func:`~pure_engine.core.game.game_from_rules`.

>>> import pure_engine
>>> game = pure_engine.load_game("magic_lite", deck0="green_stompy", deck1="red_burn")
>>> s = game.initial_state(seed=1)
>>> s.step.name, s.turn, game.current_player(s)
('MAIN1', 1, 0)
>>> game.legal_strings(s)
('pass', 'play Forest')
>>> s = game.play_str(s, "play Forest")
>>> game.legal_strings(s)
('pass', 'cast Llanowar Elves')
>>> s = game.play_str(s, "cast Llanowar Elves")

Nobody can respond, and then player 0 can do nothing more this turn: every
pass is automatic (skip-trivial), up to player 1's first decision.

>>> print(game.render(s))
turn 2 (p1) main1
p0: life 20, hand 5, library 33 | Forest (T), Llanowar Elves
p1: life 20, hand 8, library 32 | -
>>> s.decisions, s.autos
(2, 2)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Final

from pure_engine.cards.runtime import (
    EntityId,
    observe_table,
    resample_table,
)
from pure_engine.core.game import TERMINAL
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite.abilities import ABILITIES
from pure_engine.games.magic_lite.actions import current_player, forced, legal_actions
from pure_engine.games.magic_lite.cards import BY_NAME, LAYOUT, PLAYER, POOL, card_facts, mana_of
from pure_engine.games.magic_lite.combat import damage_order
from pure_engine.games.magic_lite.deal import deal, table_of
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.state import (
    TAPPED,
    Act,
    Action,
    MagicState,
    Step,
)
from pure_engine.games.magic_lite.turn import enter, step

__all__ = [
    "MAX_DECISIONS",
    "action_to_str",
    "chance_outcomes",
    "counters",
    "current_player",
    "deal",
    "forced",
    "key",
    "legal_actions",
    "observation",
    "parse_action",
    "position",
    "render",
    "resample",
    "returns",
    "step",
]

_VERBS: Final = (
    "pass", "play", "cast", "activate", "attack", "done", "block", "order", "choose", "discard",
    "keep", "mulligan", "bottom",
)  # fmt: skip
MAX_DECISIONS: Final = 20_000


def position(
    *,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    battlefields: tuple[Sequence[str], Sequence[str]] = ((), ()),
    libraries: tuple[Sequence[str], Sequence[str]] = (("forest",) * 10, ("mountain",) * 10),
    life: tuple[int, int] = (20, 20),
    active: int = 0,
    step: Step = Step.MAIN1,
    turn: int = 3,
    skip: int = 0b11,
) -> MagicState:
    """A position from card lists (card keys), for puzzles and tests: permanents are untapped and
    ready to attack; the turn starts at *step* (its entering actions run) and goes on to the
    first decision.

    >>> s = position(hands=(("lightning_bolt",), ()), battlefields=(("mountain",), ("craw_wurm",)))
    >>> s.step.name
    'MAIN1'
    >>> for action in legal_actions(s):
    ...     print(action_to_str(s, action))
    pass
    cast Lightning Bolt -> p0
    cast Lightning Bolt -> p1
    cast Lightning Bolt -> Craw Wurm
    """
    placed = [
        (zones[p], card, p)
        for zones, cards in (
            (ZONES.library, libraries),
            (ZONES.hand, hands),
            (ZONES.battlefield, battlefields),
        )
        for p in (0, 1)
        for card in cards[p]
    ]
    facts = card_facts(card for _, card, _ in placed)
    table = table_of(placed)
    state = MagicState(
        table,
        life=life,
        active=active,
        step=step,
        turn=turn,
        skip=skip,
        cards=facts,
    )
    return enter(state)


def chance_outcomes(state: MagicState) -> tuple[tuple[Action, Fraction], ...]:
    """None: the libraries are shuffled when the game is dealt (the seed), and no card of the
    set asks chance anything afterwards."""
    return ()


def returns(state: MagicState) -> tuple[float, float]:
    """+1 for the winner, -1 for the loser, 0 each when both lost at once (a draw)."""
    match state.lost:
        case 0b01:
            return (-1.0, 1.0)
        case 0b10:
            return (1.0, -1.0)
        case _:
            return (0.0, 0.0)


def observation(state: MagicState, player: int) -> Hashable:
    """What *player* sees: every public zone, their own hand, the sizes of the opponent's hand
    and of both libraries, and the public game state (step, life, stack, combat, priority)."""
    return (
        player,
        observe_table(state.table, LAYOUT, player),
        state.step,
        state.turn,
        state.active,
        state.life,
        state.land_played,
        state.window,
        state.declaring,
        state.holder,
        state.passes,
        state.stack,
        state.attackers,
        state.blocks,
        state.to_order,
        state.orders,
        state.attached,
        state.frames,
        state.queue,
        state.pending,
        state.lost,
        state.skip,
        state.mulligan,
    )


def key(state: MagicState) -> Hashable:
    """The whole state but its four counters (ticks, steps, decisions, automatic actions),
    which decide nothing; the rng is kept (it is the same all game: no chance after the deal)."""
    return state.replace(ticks=0, steps=0, decisions=0, autos=0)


def counters(state: MagicState) -> dict[str, int]:
    """The work counters of the game so far: flow-loop ``ticks`` (one per decision, and one for
    the deal), step changes (``steps``) and automatic actions (``autos``; decisions are counted
    by every driver); ``pure-engine bench magic_lite`` reports them per game.

    >>> counters(position())  # empty hands: one tick from p0's main 1 to p1's first decision
    {'ticks': 1, 'steps': 5, 'autos': 0}
    """
    return {"ticks": state.ticks, "steps": state.steps, "autos": state.autos}


def resample(state: MagicState, player: int, rng: random.Random) -> MagicState:
    """A state *player* cannot tell from *state*: the opponent's hand and library dealt anew from
    the opponent's unseen cards, *player*'s own library reshuffled."""
    table = resample_table(state.table, LAYOUT, player, rng)
    return state.replace(table=table)


# --- notation -----------------------------------------------------------------------------------


def _name(state: MagicState, entity_id: int) -> str:
    """A player is ``p0``/``p1``; a card its printed name, with ``#id`` when another card of the
    same name is on a battlefield or the stack."""
    entities = state.table.entities
    e = entities[EntityId(entity_id)]
    if e.card == PLAYER:
        return f"p{e.owner}"
    name = POOL.defs[e.card].name
    if e.zone not in ZONES.hand:
        zones = state.table.zones
        for zone in (*ZONES.battlefield, ZONES.stack):
            for other in zones[zone]:
                if other != e.id and entities[other].card == e.card:
                    return f"{name}#{e.id}"
    return name


def action_to_str(state: MagicState, action: Action) -> str:
    """``pass``, ``play Forest``, ``cast Lightning Bolt -> p1``, ``cast Healing Salve: gain 3
    life -> p0`` (a modal spell's mode), ``activate Prodigal Sorcerer -> p1``,
    ``attack Grizzly Bears``,
    ``done``, ``block Grizzly Bears with Llanowar Elves``, ``order Craw Wurm: A, B``,
    ``choose Grizzly Bears``, ``discard Forest``, ``keep``, ``mulligan``, ``bottom Forest``."""
    match action.kind:
        case Act.PASS:
            return "pass"
        case Act.PLAY_LAND:
            return f"play {_name(state, action.card)}"
        case Act.CAST:
            target = f" -> {_name(state, action.other)}" if action.other >= 0 else ""
            modes = POOL.defs[state.table.entities[EntityId(action.card)].card].modes
            mode = f": {modes[action.mode].label}" if modes else ""
            return f"cast {_name(state, action.card)}{mode}{target}"
        case Act.ACTIVATE:
            target = f" -> {_name(state, action.other)}" if action.other >= 0 else ""
            return f"activate {_name(state, action.card)}{target}"
        case Act.ATTACK:
            return f"attack {_name(state, action.card)}"
        case Act.DONE_ATTACKING | Act.DONE_BLOCKING:
            return "done"
        case Act.BLOCK:
            return f"block {_name(state, action.other)} with {_name(state, action.card)}"
        case Act.ORDER:
            order = damage_order(state, EntityId(action.card), action.other)
            names = ", ".join(_name(state, b) for b in order)
            return f"order {_name(state, action.card)}: {names}"
        case Act.CHOOSE:
            pending = state.pending
            assert pending is not None
            if pending.labels:
                return f"choose {pending.labels[action.card]}"
            option = pending.options[action.card]
            if isinstance(option, tuple):
                return "choose " + ", ".join(_name(state, i) for i in option)
            return f"choose {option}"
        case Act.DISCARD:
            return f"discard {_name(state, action.card)}"
        case Act.KEEP:
            return "keep"
        case Act.MULLIGAN:
            return "mulligan"
        case Act.BOTTOM:
            return f"bottom {_name(state, action.card)}"


_MODE_LABELS: Final = frozenset(m.label.lower() for d in POOL.defs.values() for m in d.modes)


def parse_action(state: MagicState, text: str) -> Action:
    """The legal action written *text* (as :func:`action_to_str` writes it); a
    :class:`ParseError` says what was wrong: the verb, an unknown card, or not legal now."""
    wanted = " ".join(text.split())
    legal = legal_actions(state)
    for action in legal:
        if action_to_str(state, action) == wanted:
            return action
    verb, _, rest = wanted.partition(" ")
    if verb not in _VERBS:
        raise ParseError(f"expected an action starting with {', '.join(_VERBS)}; found {text!r}")
    for part in rest.replace(" -> ", "|").replace(" with ", "|").replace(": ", "|").split("|"):
        for name in part.split(", "):
            bare = name.split("#")[0].lower()
            known = bare in BY_NAME or bare in _MODE_LABELS
            if bare and not known and not (bare[0] == "p" and bare[1:].isdigit()):
                raise ParseError(f"unknown card {name!r} in action {text!r}")
    if verb == "activate":
        card = BY_NAME.get(rest.split(" -> ")[0].split("#")[0].lower())
        if card is not None and card not in ABILITIES:
            name = POOL.defs[card].name
            mana = " (mana abilities are used when paying a cost)" if mana_of(card) >= 0 else ""
            raise ParseError(f"{name} has no ability to activate{mana}: {text!r}")
    shown = "; ".join(action_to_str(state, a) for a in legal[:12])
    more = f"; ... ({len(legal)} in all)" if len(legal) > 12 else ""
    raise ParseError(f"action {text!r} is not legal now; legal: {shown or 'none'}{more}")


def render(state: MagicState) -> str:
    """A few lines: turn and step, each player's life, hand size, library and battlefield."""
    lines = [f"turn {state.turn} (p{state.active}) {state.step.name.lower()}"]
    zones, entities = state.table.zones, state.table.entities
    for p in (0, 1):
        field = ", ".join(
            POOL.defs[entities[i].card].name + (" (T)" if entities[i].status & TAPPED else "")
            for i in zones[ZONES.battlefield[p]]
        )
        lines.append(
            f"p{p}: life {state.life[p]}, hand {len(zones[ZONES.hand[p]])}, "
            f"library {len(zones[ZONES.library[p]])} | {field or '-'}"
        )
    if state.stack:
        names = ", ".join(_name(state, i.frame.ctx.source or 0) for i in state.stack)
        lines.append(f"stack: {names}")
    if current_player(state) == TERMINAL:
        lines.append(f"over: returns {returns(state)}")
    return "\n".join(lines)
