"""Skirmish for learners: a fixed-size observation tensor and every move numbered.

The tensor is what one player sees, from their side of the table (``me``
first, then ``them``), every number in ``[0, 1]``:

=====================  =============================================================  ==========
block                  per slot                                                       numbers
=====================  =============================================================  ==========
my hand (10 slots)     the card one-hot (:data:`CARD_KEYS`), what it costs now / 10   10 (C + 1)
boards (2 x 7 slots)   card one-hot, attack, health, damage, health left (each / 30,  14 (C + 18)
                       clipped), the 10 keywords, exhausted, frozen, silenced,
                       attacks made / 2, can attack now
heroes (me, them)      class one-hot, hero power one-hot, health left, maximum        2 x (P + 27)
                       health, armor, attack (/ 30), weapon: present, attack / 30,
                       durability left / 10; frozen, Immune, can attack, hero power
                       used, mana and crystals / 10, fatigue / 30, cards in hand / 10,
                       cards in deck / 30, secrets in play / 5, mana locked next
                       turn (Overload) / 10
the turn               I am to move, turn / 200, cards played this turn / 10,         6
                       I won, I lost, a draw
the pending decision   I decide, chance decides, its kind one-hot (mode, target,      C + 28
                       card, order, chance), options / the maximum; the target
                       slots offered; the cards offered (only those the player
                       may see); the modes offered (3)
=====================  =============================================================  ==========

``C`` is the number of cards that can be in a hand or on a board (heroes and
hero powers excluded), ``P`` the number of hero powers (a hero's power may
change: Shadowform, Lord Jaraxxus's INFERNO!).  Counts above a cap are
clipped to 1.  Nothing hidden is read: the opponent's hand and both decks
are counts only, and a card offered by a pending decision is shown only when
the player may see it (the cards Tracking looks at or Mad Scientist's search
offers, which the kit reveals to the chooser; never the opponent's) —
``check_encoding`` proves it over random games by resampling.

Actions are numbered by what they do, from the acting player's side, so a
number means the same move in every state:

* ``0``: ``end_turn``;
* ``PLAY`` (1360 numbers): hand slot (10) x target slot (17) x place (8);
* ``ATTACK`` (64): attacker slot (my minions 0..6, then my hero) x defender
  slot (their hero, then their minions 0..6);
* ``POWER`` (17): the hero power's target slot;
* ``CHOOSE`` (:data:`MAX_OPTIONS`): option *i* of the pending decision.

A *target slot* is 0 for no target, 1 my hero, 2..8 my minions from the left,
9 their hero, 10..16 their minions; a *place* is 0 for a spell or weapon and
``1 + position`` for a minion.  Chance outcomes are numbered apart, as
OpenSpiel numbers them: option *i* of the pending chance decision is *i*
(:data:`MAX_CHANCE_OUTCOMES`).

>>> import pure_engine
>>> game = pure_engine.load_game("skirmish")
>>> enc = game.encoding
>>> enc.observation_shape == (OBSERVATION_SIZE,), enc.num_distinct_actions == NUM_ACTIONS
(True, True)
>>> s = game.initial_state(seed=1)
>>> [enc.action_index(s, a) for a in game.legal_actions(s)][-1]
0
>>> play = game.legal_actions(s)[0]
>>> enc.index_action(s, enc.action_index(s, play)) == play
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pure_engine.cards import ENCHANTMENT
from pure_engine.cards.runtime import EXHAUSTED, FROZEN, SILENCED, Entity, EntityId, is_known
from pure_engine.cards.runtime.program import CHANCE_PLAYER, DecisionKind
from pure_engine.core.encoding import Encoding
from pure_engine.core.zones import can_see
from pure_engine.games.skirmish.actions import (
    ATTACK,
    CHOOSE,
    END_TURN,
    PLAY,
    POWER,
    SkirmishAction,
    attack_value,
    can_attack,
    cost_of,
    hero_of,
    power_of,
)
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    DECK,
    HAND,
    HAND_LIMIT,
    HERO,
    IMMUNE,
    KEYWORDS,
    LAYOUT,
    MAX_MANA,
    SECRET,
    SECRET_LIMIT,
    TURN_LIMIT,
    WEAPON,
    SkirmishState,
)
from pure_engine.games.skirmish.cards import CARDS, CLASSES, DEFS

__all__ = [
    "CARD_KEYS",
    "MAX_CHANCE_OUTCOMES",
    "MAX_OPTIONS",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "action_index",
    "index_action",
    "make_encoding",
    "observation_tensor",
]

CARD_KEYS: Final = (
    *(
        d.key
        for d in CARDS
        if not d.types & {"hero", "hero_power", ENCHANTMENT} and d.key != "the_coin"
    ),
    "the_coin",
)
"""The cards of the one-hots, in the card list's order (The Coin last)."""
_CARD: Final = {key: n for n, key in enumerate(CARD_KEYS)}
_C: Final = len(CARD_KEYS)
_KEYWORD_BITS: Final = tuple(KEYWORDS.values())
_KINDS: Final = (
    DecisionKind.MODE,
    DecisionKind.TARGET,
    DecisionKind.CARD,
    DecisionKind.ORDER,
    DecisionKind.CHANCE,
)
_MODES: Final = 3
_STAT_CAP: Final = 30.0

_TARGETS: Final = 2 * (BOARD_LIMIT + 1)  # each side: the hero, then the minions
_SLOTS: Final = 1 + _TARGETS  # 0: no target
_PLACES: Final = BOARD_LIMIT + 1  # 0: not a minion; 1 + position
_ATTACKERS: Final = BOARD_LIMIT + 1  # my minions, then my hero
_DEFENDERS: Final = BOARD_LIMIT + 1  # their hero, then their minions
MAX_OPTIONS: Final = max(_TARGETS, _C)
"""Options of a pending decision that get a number: a target among the characters, or a card
among distinct cards of the pool (Mad Scientist's search); more raises ``ValueError``."""

_PLAY0: Final = 1
_ATTACK0: Final = _PLAY0 + HAND_LIMIT * _SLOTS * _PLACES
_POWER0: Final = _ATTACK0 + _ATTACKERS * _DEFENDERS
_CHOOSE0: Final = _POWER0 + _SLOTS
NUM_ACTIONS: Final = _CHOOSE0 + MAX_OPTIONS
"""How many action numbers skirmish has."""
MAX_CHANCE_OUTCOMES: Final = 32
"""Chance outcomes are numbered by their option index: the most any card asks is Multi-Shot's
21 pairs of enemy minions (Soulfire's discard: 10 cards; Totemic Call: 4 totems)."""

_HAND_SLOT: Final = _C + 1
_MINION: Final = _C + 9 + len(_KEYWORD_BITS)  # 4 stats, the keywords, 5 states
_POWERS: Final = tuple(d.key for d in CARDS if "hero_power" in d.types)
"""The hero powers of the one-hot, in the card list's order (Shadowform's and INFERNO! too)."""
_POWER: Final = {key: n for n, key in enumerate(_POWERS)}
_HERO: Final = len(CLASSES) + len(_POWERS) + 18
_PENDING: Final = 8 + _TARGETS + 1 + _C + _MODES
OBSERVATION_SIZE: Final = (
    HAND_LIMIT * _HAND_SLOT + 2 * BOARD_LIMIT * _MINION + 2 * _HERO + 6 + _PENDING
)
"""How many numbers one observation tensor holds."""


def _frac(value: int, cap: float) -> float:
    """*value* / *cap*, clipped to ``[0, 1]``."""
    return min(max(value, 0), cap) / cap


# --- the observation tensor -------------------------------------------------------------------


def _minion(out: list[float], state: SkirmishState, e: Entity) -> None:
    start = len(out)
    out.extend([0.0] * _MINION)
    out[start + _CARD[e.card]] = 1.0
    at = start + _C
    out[at : at + 4] = [
        _frac(e.attack, _STAT_CAP),
        _frac(e.health, _STAT_CAP),
        _frac(e.damage, _STAT_CAP),
        _frac(e.health - e.damage, _STAT_CAP),
    ]
    at += 4
    for n, bit in enumerate(_KEYWORD_BITS):
        out[at + n] = float(bool(e.tags & bit))
    at += len(_KEYWORD_BITS)
    out[at : at + 5] = [
        float(bool(e.status & EXHAUSTED)),
        float(bool(e.status & FROZEN)),
        float(bool(e.status & SILENCED)),
        _frac(e.attacks, 2),
        float(can_attack(state, e)),
    ]


def _hero(out: list[float], state: SkirmishState, side: int) -> None:
    table = state.table
    hero = table.entities[hero_of(state, side)]
    cls = CLASSES.index(str(DEFS[hero.card].extra["class"]))
    out.extend(1.0 if n == cls else 0.0 for n in range(len(CLASSES)))
    power = _POWER[power_of(state, side)]
    out.extend(1.0 if n == power else 0.0 for n in range(len(_POWERS)))
    weapons = [table.entities[w] for w in table.zones.at(WEAPON.places[side])]
    weapon = weapons[0] if weapons else None
    out += [
        _frac(hero.health - hero.damage, _STAT_CAP),
        _frac(hero.health, _STAT_CAP),
        _frac(hero.armor, _STAT_CAP),
        _frac(attack_value(state, hero), _STAT_CAP),
        float(weapon is not None),
        0.0 if weapon is None else _frac(weapon.attack, _STAT_CAP),
        0.0 if weapon is None else _frac(weapon.health - weapon.damage, 10),
        float(bool(hero.status & FROZEN)),
        float(bool(hero.tags & IMMUNE)),
        float(side == state.to_move and can_attack(state, hero)),
        float(state.powered[side]),
        _frac(state.mana[side], MAX_MANA),
        _frac(state.crystals[side], MAX_MANA),
        _frac(state.fatigue[side], _STAT_CAP),
        _frac(len(table.zones.at(HAND.places[side])), HAND_LIMIT),
        _frac(len(table.zones.at(DECK.places[side])), _STAT_CAP),
        _frac(len(table.zones.at(SECRET.places[side])), SECRET_LIMIT),
        _frac(state.overload[side], MAX_MANA),
    ]


def _visible(e: Entity, player: int) -> bool:
    return can_see(LAYOUT.info[e.zone].spec, player) or is_known(e, player)


def _pending(out: list[float], state: SkirmishState, player: int) -> None:
    start = len(out)
    out.extend([0.0] * _PENDING)
    pending = state.pending
    if pending is None or state.winner is not None:
        return
    out[start] = float(pending.player == player)
    out[start + 1] = float(pending.player == CHANCE_PLAYER)
    out[start + 2 + _KINDS.index(pending.kind)] = 1.0
    out[start + 7] = _frac(len(pending.options), MAX_OPTIONS)
    targets, cards, modes = start + 8, start + 8 + _TARGETS + 1, start + 9 + _TARGETS + _C
    entities = state.table.entities
    for option in pending.options:
        if isinstance(option, int):
            if pending.kind is DecisionKind.MODE and 0 <= option < _MODES:
                out[modes + option] = 1.0
            continue
        if not option:
            out[targets + _TARGETS] = 1.0  # "nothing" is offered
            continue
        e = entities[option[0]]
        slot = _target_slot(state, option[0], player, strict=False)
        if slot > 0:
            out[targets + slot - 1] = 1.0
        elif _visible(e, player) and e.card in _CARD:
            out[cards + _CARD[e.card]] = min(1.0, out[cards + _CARD[e.card]] + 1 / 3)


def observation_tensor(state: SkirmishState, player: int) -> list[float]:
    """*player*'s view as :data:`OBSERVATION_SIZE` numbers in ``[0, 1]`` (see the module doc)."""
    table = state.table
    entities = table.entities
    out: list[float] = []
    hand = table.zones.at(HAND.places[player])
    for n in range(HAND_LIMIT):
        slot = [0.0] * _HAND_SLOT
        if n < len(hand):
            e = entities[hand[n]]
            slot[_CARD[e.card]] = 1.0
            slot[_C] = _frac(cost_of(state, e), MAX_MANA)
        out += slot
    for side in (player, 1 - player):
        board = table.zones.at(BOARD.places[side])
        for n in range(BOARD_LIMIT):
            if n < len(board):
                _minion(out, state, entities[board[n]])
            else:
                out.extend([0.0] * _MINION)
    _hero(out, state, player)
    _hero(out, state, 1 - player)
    winner = state.winner
    out += [
        float(state.to_move == player and winner is None),
        _frac(state.turn, TURN_LIMIT),
        _frac(state.played, HAND_LIMIT),
        float(winner == player),
        float(winner == 1 - player),
        float(winner == 2),
    ]
    _pending(out, state, player)
    return out


# --- action numbers ---------------------------------------------------------------------------


def _target_slot(state: SkirmishState, target: int, me: int, *, strict: bool = True) -> int:
    """0 for no target, 1 my hero, 2..8 my minions, 9 their hero, 10..16 their minions."""
    if target < 0:
        return 0
    zone = state.table.entities[EntityId(target)].zone
    for side, base in ((me, 1), (1 - me, 2 + BOARD_LIMIT)):
        if zone == HERO.zones[side]:
            return base
        if zone == BOARD.zones[side]:
            return base + 1 + state.table.zones[zone].index(EntityId(target))
    if strict:
        raise ValueError(f"skirmish encoding: target {target} is in zone {zone!r}, not a character")
    return 0


def _slot_target(state: SkirmishState, slot: int, me: int) -> int:
    if slot == 0:
        return -1
    side, at = (me, slot - 1) if slot <= BOARD_LIMIT + 1 else (1 - me, slot - 2 - BOARD_LIMIT)
    if at == 0:
        return hero_of(state, side)
    return _nth(state.table.zones.at(BOARD.places[side]), at - 1, "minion", slot)


def _nth(ids: Sequence[EntityId], n: int, what: str, number: int) -> EntityId:
    if not 0 <= n < len(ids):
        raise ValueError(f"skirmish encoding: no {what} {n + 1} for number {number} here")
    return ids[n]


def _chance(state: SkirmishState) -> bool:
    return state.pending is not None and state.pending.player == CHANCE_PLAYER


def action_index(state: SkirmishState, action: SkirmishAction) -> int:
    """The number of *action* (see the module doc); ``ValueError`` when it has none."""
    kind, me = action.kind, state.to_move
    if kind == END_TURN:
        return 0
    if kind == CHOOSE and _chance(state):
        if not 0 <= action.source < MAX_CHANCE_OUTCOMES:
            raise ValueError(
                f"skirmish encoding: chance outcome {action.source} is past {MAX_CHANCE_OUTCOMES}"
            )
        return action.source
    if kind == CHOOSE:
        if not 0 <= action.source < MAX_OPTIONS:
            raise ValueError(f"skirmish encoding: option {action.source} is past {MAX_OPTIONS}")
        return _CHOOSE0 + action.source
    if kind == POWER:
        return _POWER0 + _target_slot(state, action.target, me)
    if kind == ATTACK:
        source = EntityId(action.source)
        board = state.table.zones.at(BOARD.places[me])
        attacker = board.index(source) if source in board else BOARD_LIMIT
        defender = _target_slot(state, action.target, me) - 2 - BOARD_LIMIT
        if defender < 0:
            raise ValueError(f"skirmish encoding: attack target {action.target} is not an enemy")
        return _ATTACK0 + attacker * _DEFENDERS + defender
    assert kind == PLAY
    hand = state.table.zones.at(HAND.places[me]).index(EntityId(action.source))
    if hand >= HAND_LIMIT:
        raise ValueError(f"skirmish encoding: hand slot {hand + 1} is past {HAND_LIMIT}")
    place = 0 if action.at < 0 else action.at + 1
    slot = _target_slot(state, action.target, me)
    return _PLAY0 + (hand * _SLOTS + slot) * _PLACES + place


def index_action(state: SkirmishState, number: int) -> SkirmishAction:
    """The action numbered *number* in *state* (the inverse of :func:`action_index`)."""
    me = state.to_move
    if _chance(state):
        if not 0 <= number < MAX_CHANCE_OUTCOMES:
            raise ValueError(
                f"skirmish encoding: expected a chance outcome 0..{MAX_CHANCE_OUTCOMES - 1}"
            )
        return SkirmishAction(CHOOSE, number)
    if number == 0:
        return SkirmishAction(END_TURN)
    if _CHOOSE0 <= number < NUM_ACTIONS:
        return SkirmishAction(CHOOSE, number - _CHOOSE0)
    if _POWER0 <= number < _CHOOSE0:
        return SkirmishAction(POWER, hero_of(state, me), _slot_target(state, number - _POWER0, me))
    if _ATTACK0 <= number < _POWER0:
        attacker, defender = divmod(number - _ATTACK0, _DEFENDERS)
        board = state.table.zones.at(BOARD.places[me])
        source = (
            hero_of(state, me)
            if attacker == BOARD_LIMIT
            else _nth(board, attacker, "attacker", number)
        )
        return SkirmishAction(ATTACK, source, _slot_target(state, defender + 2 + BOARD_LIMIT, me))
    if _PLAY0 <= number < _ATTACK0:
        rest, place = divmod(number - _PLAY0, _PLACES)
        hand, slot = divmod(rest, _SLOTS)
        card = _nth(state.table.zones.at(HAND.places[me]), hand, "hand card", number)
        return SkirmishAction(PLAY, card, _slot_target(state, slot, me), place - 1)
    raise ValueError(f"skirmish encoding: expected an action number 0..{NUM_ACTIONS - 1}")


def make_encoding() -> Encoding[SkirmishState, SkirmishAction]:
    """Skirmish's :class:`~pure_engine.core.encoding.Encoding` (the same for every deck)."""
    return Encoding(
        observation_shape=(OBSERVATION_SIZE,),
        observation_tensor=observation_tensor,
        num_distinct_actions=NUM_ACTIONS,
        action_index=action_index,
        index_action=index_action,
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
    )
