"""magic_lite for learners: a fixed-size observation tensor and every decision numbered.

The tensor is what one player sees, from their side (``me`` first, then
``them``), every number in ``[0, 1]``:

====================  =================================================================  =========
block                 what                                                               numbers
====================  =================================================================  =========
the turn              the step one-hot (13); I am active, I decide now, turn / 50,       25
                      a land was played, a priority window is open, declaring,
                      passes / 2, I lost, they lost; the opening hands are being
                      decided, my mulligans / 7, theirs / 7
players (me, them)    life / 40, prevention shield / 10, cards in hand / 10,             2 x 6
                      library / 60, graveyard / 60, exile / 60
my hand               how many of each card (/ 4)                                        K
graveyards            how many of each card in mine, then theirs (/ 4)                   2K
battlefields          ``B`` slots a side, left to right: the card one-hot, tapped,       2B (K + 32)
                      summoning sick, power, toughness, damage, prevention shield
                      (/ 10), the 21 keywords and pacified, attacking, blocking,
                      blocked, auras attached / 3
the stack             its size / 10; the top 4 items (spells and abilities): the     1 + 4 (K + 1)
                      card one-hot, mine
the pending decision  I decide, options / the maximum, the targets offered (each         2 + 2 + 2B
                      player, each battlefield slot)
====================  =================================================================  =========

``K`` is every card of the set (:data:`CARD_KEYS`: the same numbers whatever
the decks), ``B`` the larger deck's size and the tokens its cards make
(:func:`battlefield_slots`) — a battlefield holds only its owner's cards and
tokens, so it never has more.  Values past a cap are clipped to 1.  The
opponent's hand and both libraries are counts only.

Decisions are numbered by what they do, from the deciding player's side, so a
number means the same move in every state:

* ``0`` pass, ``1`` done attacking, ``2`` done blocking;
* ``PLAY_LAND`` and ``DISCARD``: one number per card of the set (copies in
  hand are one choice, as ``legal_actions`` offers them);
* ``CAST``: castable face x target slot (a face is a card, or a mode of a
  modal card: :data:`_FACES`), the target slot being 0 for none, 1 me,
  2 them, then my battlefield slots, their battlefield slots, and the stack
  from the top (``2 + 2B + total deck size`` slots);
* ``ATTACK``: my battlefield slot; ``BLOCK``: my blocker's slot x their
  attacker's slot;
* ``ORDER``: the index of the damage order (up to :data:`MAX_ORDERS`: six
  blockers on one attacker; more raises ``ValueError``);
* ``CHOOSE``: option *i* of the pending decision (a creature: up to ``2B``);
* ``ACTIVATE``: my battlefield slot x target slot (as for ``CAST``);
* ``KEEP`` and ``MULLIGAN`` (an opening hand), then ``BOTTOM``: one number per card of the set.

>>> import pure_engine
>>> game = pure_engine.load_game("magic_lite")
>>> enc = game.encoding
>>> enc.observation_shape, enc.num_distinct_actions
((10168,), 23404)
>>> s = game.initial_state(seed=1)
>>> [enc.action_index(s, a) for a in game.legal_actions(s)]
[0, 7]
>>> enc.index_action(s, 7) == game.legal_actions(s)[1]
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from pure_engine.cards.runtime import EXHAUSTED, EntityId
from pure_engine.core.encoding import Encoding
from pure_engine.core.zones import ZoneId
from pure_engine.games.magic_lite.actions import current_player
from pure_engine.games.magic_lite.cards import PLAYER, POOL, tokens_made
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.state import (
    KEYWORDS,
    PACIFIED,
    TAPPED,
    Act,
    Action,
    MagicState,
    Step,
)

__all__ = ["CARD_KEYS", "MAX_ORDERS", "battlefield_slots", "make_encoding"]

CARD_KEYS: Final = tuple(key for key in POOL.defs if key != PLAYER)
"""Every card of the set, in the card list's order: the one-hots and the card numbers."""
_CARD: Final = {key: n for n, key in enumerate(CARD_KEYS)}
_K: Final = len(CARD_KEYS)
_FACES: Final = tuple(
    (key, mode) for key in CARD_KEYS for mode in range(max(1, len(POOL.defs[key].modes)))
)
"""What can be cast: every card, a modal card once per mode (its modes are chosen on casting)."""
_FACE: Final = {face: n for n, face in enumerate(_FACES)}
_TAGS: Final = (*KEYWORDS.values(), PACIFIED)
_STEPS: Final = len(Step)
_SHOWN_STACK: Final = 4
_TURN: Final = _STEPS + 12
"""The turn block: the step one-hot, 9 numbers, and the opening hands' 3."""
MAX_ORDERS: Final = math.factorial(6)
"""Damage orders that get a number: every order of up to six blockers of one attacker."""
_SLOT: Final = _K + 10 + len(_TAGS)
"""A battlefield slot: the card one-hot, 6 numbers, the keywords, 4 combat and aura numbers."""


def _frac(value: int, cap: float) -> float:
    """*value* / *cap*, clipped to ``[0, 1]``."""
    return min(max(value, 0), cap) / cap


class _Numbers:
    """The action numbering of one pair of decks: ``B`` battlefield slots, ``S`` stack slots."""

    def __init__(self, battlefield: int, stack: int) -> None:
        self.b = battlefield
        self.targets = 3 + 2 * battlefield + stack
        self.land = 3
        self.discard = self.land + _K
        self.cast = self.discard + _K
        self.attack = self.cast + len(_FACES) * self.targets
        self.block = self.attack + battlefield
        self.order = self.block + battlefield * battlefield
        self.choose = self.order + MAX_ORDERS
        self.options = 2 * battlefield
        self.activate = self.choose + self.options
        self.keep = self.activate + battlefield * self.targets
        self.bottom = self.keep + 2
        self.size = self.bottom + _K

    # --- entities and slots

    def target_slot(self, state: MagicState, target: int, me: int) -> int:
        if target < 0:
            return 0
        zone = state.table.entities[EntityId(target)].zone
        zones = state.table.zones
        for side, base in ((me, 0), (1 - me, 1)):
            if zone == ZONES.player[side]:
                return 1 + base
            if zone == ZONES.battlefield[side]:
                return 3 + base * self.b + self.place(zones[zone], target)
        if zone == ZONES.stack:
            stack = zones[zone]
            depth = len(stack) - 1 - stack.index(EntityId(target))
            if depth >= self.targets - 3 - 2 * self.b:
                raise ValueError(f"magic_lite encoding: stack item {depth + 1} is past the decks")
            return 3 + 2 * self.b + depth
        raise ValueError(f"magic_lite encoding: target {target} is in zone {zone!r}")

    def place(self, field: Sequence[EntityId], entity: int) -> int:
        """The battlefield slot of *entity* (``ValueError`` past ``B``: a hand-built position)."""
        at = field.index(EntityId(entity))
        if at >= self.b:
            raise ValueError(f"magic_lite encoding: permanent {at + 1} is past {self.b} slots")
        return at

    def slot_target(self, state: MagicState, slot: int, me: int, number: int) -> int:
        zones = state.table.zones
        if slot == 0:
            return -1
        if slot <= 2:
            return zones[ZONES.player[me if slot == 1 else 1 - me]][0]
        at = slot - 3
        if at < 2 * self.b:
            side = me if at < self.b else 1 - me
            return _nth(zones[ZONES.battlefield[side]], at % self.b, "permanent", number)
        stack = zones[ZONES.stack]
        return _nth(stack[::-1], at - 2 * self.b, "stack item", number)

    # --- the two directions

    def index(self, state: MagicState, action: Action) -> int:
        me = current_player(state)
        zones, entities = state.table.zones, state.table.entities
        match action.kind:
            case Act.PASS | Act.DONE_ATTACKING | Act.DONE_BLOCKING:
                return {Act.PASS: 0, Act.DONE_ATTACKING: 1, Act.DONE_BLOCKING: 2}[action.kind]
            case Act.PLAY_LAND:
                return self.land + _CARD[entities[EntityId(action.card)].card]
            case Act.DISCARD:
                return self.discard + _CARD[entities[EntityId(action.card)].card]
            case Act.CAST:
                face = _FACE[entities[EntityId(action.card)].card, action.mode]
                return self.cast + face * self.targets + self.target_slot(state, action.other, me)
            case Act.ATTACK:
                return self.attack + self.place(zones[ZONES.battlefield[me]], action.card)
            case Act.BLOCK:
                blocker = self.place(zones[ZONES.battlefield[me]], action.card)
                attacker = self.place(zones[ZONES.battlefield[1 - me]], action.other)
                return self.block + blocker * self.b + attacker
            case Act.ORDER:
                if action.other >= MAX_ORDERS:
                    raise ValueError(
                        f"magic_lite encoding: damage order {action.other + 1} is past "
                        f"{MAX_ORDERS} (more than six blockers on one attacker)"
                    )
                return self.order + action.other
            case Act.ACTIVATE:
                source = self.place(zones[ZONES.battlefield[me]], action.card)
                return (
                    self.activate
                    + source * self.targets
                    + self.target_slot(state, action.other, me)
                )
            case Act.CHOOSE:
                if action.card >= self.options:
                    raise ValueError(
                        f"magic_lite encoding: option {action.card} is past {self.options}"
                    )
                return self.choose + action.card
            case Act.KEEP | Act.MULLIGAN:
                return self.keep + (action.kind == Act.MULLIGAN)
            case Act.BOTTOM:
                return self.bottom + _CARD[entities[EntityId(action.card)].card]

    def action(self, state: MagicState, number: int) -> Action:
        me = current_player(state)
        zones = state.table.zones
        if 0 <= number < 3:
            return Action((Act.PASS, Act.DONE_ATTACKING, Act.DONE_BLOCKING)[number])
        if number < self.discard:
            return Action(Act.PLAY_LAND, _in_hand(state, me, number - self.land, number))
        if number < self.cast:
            return Action(Act.DISCARD, _in_hand(state, me, number - self.discard, number))
        if number < self.attack:
            face, slot = divmod(number - self.cast, self.targets)
            key, mode = _FACES[face]
            source = _in_hand(state, me, _CARD[key], number)
            return Action(Act.CAST, source, self.slot_target(state, slot, me, number), mode)
        if number < self.block:
            field = zones[ZONES.battlefield[me]]
            return Action(Act.ATTACK, _nth(field, number - self.attack, "permanent", number))
        if number < self.order:
            blocker, attacker = divmod(number - self.block, self.b)
            mine, theirs = zones[ZONES.battlefield[me]], zones[ZONES.battlefield[1 - me]]
            return Action(
                Act.BLOCK,
                _nth(mine, blocker, "blocker", number),
                _nth(theirs, attacker, "attacker", number),
            )
        if number < self.choose:
            if not state.to_order:
                raise ValueError(f"magic_lite encoding: no damage order to choose ({number})")
            return Action(Act.ORDER, state.to_order[0], number - self.order)
        if number < self.activate:
            return Action(Act.CHOOSE, number - self.choose)
        if number < self.keep:
            place, slot = divmod(number - self.activate, self.targets)
            field = zones[ZONES.battlefield[me]]
            return Action(
                Act.ACTIVATE,
                _nth(field, place, "permanent", number),
                self.slot_target(state, slot, me, number),
            )
        if number < self.bottom:
            return Action(Act.MULLIGAN if number - self.keep else Act.KEEP)
        if number < self.size:
            return Action(Act.BOTTOM, _in_hand(state, me, number - self.bottom, number))
        raise ValueError(f"magic_lite encoding: expected an action number 0..{self.size - 1}")


def _nth(ids: Sequence[EntityId], n: int, what: str, number: int) -> EntityId:
    if not 0 <= n < len(ids):
        raise ValueError(f"magic_lite encoding: no {what} {n + 1} for number {number} here")
    return ids[n]


def _in_hand(state: MagicState, player: int, card: int, number: int) -> EntityId:
    """The first card of kind *card* in *player*'s hand (copies are one choice)."""
    entities = state.table.entities
    key = CARD_KEYS[card]
    for i in state.table.zones[ZONES.hand[player]]:
        if entities[i].card == key:
            return i
    raise ValueError(f"magic_lite encoding: no {key} in hand for number {number}")


# --- the observation tensor ---------------------------------------------------------------------


def _opening(state: MagicState, player: int) -> tuple[float, float, float]:
    """The opening hands being decided, my mulligans and theirs (/ 7)."""
    m = state.mulligan
    if m is None:
        return (0.0, 0.0, 0.0)
    return (1.0, _frac(m.taken[player], 7), _frac(m.taken[1 - player], 7))


def _counts(state: MagicState, zone: ZoneId) -> list[float]:
    out = [0.0] * _K
    entities = state.table.entities
    for i in state.table.zones[zone]:
        n = _CARD[entities[i].card]
        out[n] = min(1.0, out[n] + 0.25)
    return out


def _permanents(out: list[float], state: MagicState, side: int, slots: int) -> None:
    table = state.table
    entities = table.entities
    attacking = set(state.attackers)
    blocking = {b for b, _ in state.blocks}
    blocked = {a for _, a in state.blocks}
    auras: dict[EntityId, int] = {}
    for _, creature in state.attached:
        auras[creature] = auras.get(creature, 0) + 1
    field = table.zones[ZONES.battlefield[side]]
    first = len(out)
    out.extend([0.0] * (_SLOT * slots))
    for n, entity_id in enumerate(field):
        start = first + n * _SLOT
        e = entities[entity_id]
        out[start + _CARD[e.card]] = 1.0
        at = start + _K
        out[at : at + 6] = [
            float(bool(e.status & TAPPED)),
            float(bool(e.status & EXHAUSTED)),
            _frac(e.attack, 10),
            _frac(e.health, 10),
            _frac(e.damage, 10),
            _frac(e.armor, 10),
        ]
        at += 6
        for bit, tag in enumerate(_TAGS):
            out[at + bit] = float(bool(e.tags & tag))
        at += len(_TAGS)
        out[at : at + 4] = [
            float(e.id in attacking),
            float(e.id in blocking),
            float(e.id in blocked),
            _frac(auras.get(e.id, 0), 3),
        ]


def battlefield_slots(deck: Sequence[str]) -> int:
    """The most permanents a player of *deck* can have: its cards, and the tokens its cards
    make (each token maker resolves once: an instant or a sorcery).

    >>> battlefield_slots(["mountain"] * 38 + ["dragon_fodder"] * 2)
    44
    """
    return len(deck) + sum(tokens_made(card) for card in deck)


def make_encoding(decks: Sequence[Sequence[str]]) -> Encoding[MagicState, Action]:
    """magic_lite's :class:`~pure_engine.core.encoding.Encoding` for these two deck lists."""
    b = max(battlefield_slots(deck) for deck in decks)
    numbers = _Numbers(b, sum(len(deck) for deck in decks))
    size = _TURN + 12 + 3 * _K + 2 * b * _SLOT + 1 + _SHOWN_STACK * (_K + 1) + 4 + 2 * b

    def observation_tensor(state: MagicState, player: int) -> list[float]:
        zones = state.table.zones
        deciding = not state.lost and current_player(state) == player
        out = [0.0] * _STEPS
        out[int(state.step)] = 1.0
        out += [
            float(state.active == player),
            float(deciding),
            _frac(state.turn, 50),
            float(state.land_played),
            float(state.window),
            float(state.declaring),
            _frac(state.passes, 2),
            float(bool(state.lost >> player & 1)),
            float(bool(state.lost >> (1 - player) & 1)),
            *_opening(state, player),
        ]
        for side in (player, 1 - player):
            shield = state.table.entities[zones[ZONES.player[side]][0]].armor
            out += [
                _frac(state.life[side], 40),
                _frac(shield, 10),
                _frac(len(zones[ZONES.hand[side]]), 10),
                _frac(len(zones[ZONES.library[side]]), 60),
                _frac(len(zones[ZONES.graveyard[side]]), 60),
                _frac(len(zones[ZONES.exile[side]]), 60),
            ]
        out += _counts(state, ZONES.hand[player])
        out += _counts(state, ZONES.graveyard[player])
        out += _counts(state, ZONES.graveyard[1 - player])
        _permanents(out, state, player, b)
        _permanents(out, state, 1 - player, b)
        stack = state.stack[::-1]  # spells, and triggered and activated abilities
        out.append(_frac(len(stack), 10))
        for n in range(_SHOWN_STACK):
            item = [0.0] * (_K + 1)
            if n < len(stack):
                frame = stack[n].frame
                item[_CARD[frame.card]] = 1.0
                item[_K] = float(frame.ctx.controller == player)
            out += item
        offered = [0.0] * (4 + 2 * b)
        pending = state.pending
        if pending is not None and not state.lost:
            offered[0] = float(pending.player == player)
            offered[1] = _frac(len(pending.options), numbers.options)
            for option in pending.options:
                if isinstance(option, tuple) and option:
                    at = 1 + numbers.target_slot(state, option[0], player)
                    if at < len(offered):
                        offered[at] = 1.0
        out += offered
        return out

    return Encoding(
        observation_shape=(size,),
        observation_tensor=observation_tensor,
        num_distinct_actions=numbers.size,
        action_index=numbers.index,
        index_action=numbers.action,
    )
