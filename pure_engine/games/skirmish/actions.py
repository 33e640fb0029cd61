"""Skirmish's actions, which are legal, and their notation.

An :class:`SkirmishAction` is a small struct: ``kind`` (:data:`END_TURN`, :data:`PLAY`,
:data:`ATTACK`, :data:`POWER`, :data:`CHOOSE`), the ``source`` (the hand card
played, the attacker, or the option chosen), the ``target`` entity and, for a
minion, the board position ``at``.  Entities are named in notation from the
acting player's side: ``friendly_hero`` / ``enemy_hero``, board minions by
position from the left (``friendly 2``, ``enemy 1``), hand cards by name.

==========================================  ====================================
``play fireball -> enemy_hero``             a spell on a target
``play knife_juggler @1``                   a minion, placed first from the left
``play shattered_sun_cleric -> friendly 1``  a battlecry target
``attack 3 -> 1``                           your 3rd minion attacks their 1st
``attack hero -> enemy_hero``               your hero attacks (weapon, claws)
``hero_power -> enemy 2``                   the hero power on a target
``choose 2: deal 1, draw``                  the 2nd option of a pending decision
``random 1: enemy_hero``                    a chance outcome
``end_turn``
==========================================  ====================================

``@N`` is printed only when the minion does not go to the right end, and
``name#K`` (hand position K) only when two cards in hand share a name.
"""

from __future__ import annotations

from typing import Final

from pure_engine.cards import Ctx
from pure_engine.cards.decisions import SelectModeI
from pure_engine.cards.runtime import (
    CHANCE_PLAYER,
    EXHAUSTED,
    FROZEN,
    DecisionKind,
    Entity,
    EntityId,
    is_alive,
)
from pure_engine.cards.runtime.table import entity_identity
from pure_engine.cards.selectors import Compiled
from pure_engine.core.frozen import Frozen
from pure_engine.errors import ParseError
from pure_engine.games.skirmish.base import (
    BOARD,
    BOARD_LIMIT,
    CANT_ATTACK,
    CHARGE,
    HAND,
    HERO,
    IMMUNE,
    LAYOUT,
    STEALTH,
    TAUNT,
    WEAPON,
    WINDFURY,
    SkirmishState,
)
from pure_engine.games.skirmish.costs import changes_of, cost_of, hand_cost
from pure_engine.games.skirmish.rules import POOL
from pure_engine.games.skirmish.secrets import can_hide

__all__ = [
    "ATTACK",
    "CHOOSE",
    "END_TURN",
    "PLAY",
    "POWER",
    "SkirmishAction",
    "action_to_str",
    "attack_value",
    "can_attack",
    "cost_of",
    "describe",
    "hero_of",
    "legal_actions",
    "parse_action",
    "power_of",
]

END_TURN: Final = 0
PLAY: Final = 1
ATTACK: Final = 2
POWER: Final = 3
CHOOSE: Final = 4


class SkirmishAction(Frozen):
    """One move: its kind, source (hand card, attacker, or option index), target, position.

    A native record (:class:`~pure_engine.core.frozen.Frozen`): every legal-move list builds
    one per move, and a compiled build makes each with one C call (a random game built about
    700 per game as a ``Struct``, each through an interpreted constructor).
    """

    __match_args__ = ("kind", "source", "target", "at")

    def __init__(self, kind: int, source: int = -1, target: int = -1, at: int = -1) -> None:
        self.kind: Final = kind
        self.source: Final = source
        self.target: Final = target
        self.at: Final = at


END: Final = SkirmishAction(END_TURN)


def hero_of(state: SkirmishState, player: int) -> EntityId:
    """The id of *player*'s hero."""
    return state.table.zones.at(HERO.places[player])[0]


def power_of(state: SkirmishState, player: int) -> str:
    """The card key of *player*'s hero power."""
    return _power(state.table.entities[hero_of(state, player)])


def _power(hero: Entity) -> str:
    """The card key of *hero*'s hero power."""
    for b in reversed(hero.buffs):  # "your Hero Power becomes ...": the last one given
        if b.source in POWERS:
            return b.source
    power = POOL.card(hero.card).extra["power"]
    assert isinstance(power, str)
    return power


POWERS: Final = frozenset(key for key, d in POOL.defs.items() if "hero_power" in d.types)
"""The hero powers: an enchantment on a hero named after one replaces its power (Shadowform)."""


def attack_value(state: SkirmishState, entity: Entity) -> int:
    """What *entity* hits for: its attack, plus its weapon's for a hero."""
    if entity.zone in HERO.zones:
        weapon = state.table.zones.at(WEAPON.places[entity.owner])
        return entity.attack + sum(state.table.entities[w].attack for w in weapon)
    return entity.attack


def can_attack(state: SkirmishState, e: Entity) -> bool:
    """True when *e* (a minion or hero) may attack now: ready or charge, not frozen, attack
    left, some Attack."""
    if e.status & FROZEN or e.tags & CANT_ATTACK:
        return False
    if e.status & EXHAUSTED and not e.tags & CHARGE:
        return False  # not ready: it came into play this turn
    if e.attacks and (e.attacks >= 2 or not (e.tags & WINDFURY or _armed_with_windfury(state, e))):
        return False
    return attack_value(state, e) > 0


def _armed_with_windfury(state: SkirmishState, e: Entity) -> bool:
    """*e* is a hero whose weapon has Windfury (Doomhammer)."""
    if e.zone not in HERO.zones:
        return False
    entities = state.table.entities
    return any(entities[w].tags & WINDFURY for w in state.table.zones.at(WEAPON.places[e.owner]))


_UNATTACKABLE: Final = STEALTH | IMMUNE


def attack_targets(state: SkirmishState, player: int) -> tuple[EntityId, ...]:
    """What *player*'s characters may attack: enemy taunts if any, else the enemy hero and
    minions (stealthed minions and Immune characters never: an Immune taunt is passed by)."""
    entities = state.table.entities
    them = 1 - player
    minions: list[EntityId] = []
    taunts: list[EntityId] = []
    for i in state.table.zones.at(BOARD.places[them]):
        e = entities[i]
        if is_alive(e) and not e.tags & _UNATTACKABLE:
            minions.append(i)
            if e.tags & TAUNT:
                taunts.append(i)
    if taunts:
        return tuple(taunts)
    hero = hero_of(state, them)
    return tuple(minions) if entities[hero].tags & IMMUNE else (hero, *minions)


def _targets(state: SkirmishState, selector: Compiled, source: EntityId, player: int) -> list[int]:
    """What a card's target *selector* selects from *source* that is alive."""
    entities = state.table.entities
    out: list[int] = []
    for i in selector(state.table, Ctx(source, player)):
        if is_alive(entities[i]):
            out.append(i)
    return out


def _castable(state: SkirmishState, me: int, needs: object) -> bool:
    """A spell's ``needs`` (a weapon, room for a minion, enemy minions) are met for *me*."""
    assert isinstance(needs, tuple)
    weapon, room, enemies, minions = needs
    zones = state.table.zones
    return (
        (not weapon or bool(zones.at(WEAPON.places[me])))
        and (not room or len(zones.at(BOARD.places[me])) < BOARD_LIMIT)
        and len(zones.at(BOARD.places[1 - me])) >= enemies
        and len(zones.at(BOARD.places[0])) + len(zones.at(BOARD.places[1])) >= minions
    )


def legal_actions(state: SkirmishState) -> tuple[SkirmishAction, ...]:
    """Plays (hand order, then targets, then positions), attacks, the hero power, ``end_turn``;
    or the options of a pending decision.  Identical cards in hand are offered once."""
    if state.winner is not None:
        return ()
    pending = state.pending
    if pending is not None:
        if pending.player == CHANCE_PLAYER:
            return ()
        return tuple(SkirmishAction(CHOOSE, i) for i in range(len(pending.options)))
    me = state.to_move
    table = state.table
    entities = table.entities
    mana = state.mana[me]
    board = table.zones.at(BOARD.places[me])
    out: list[SkirmishAction] = []
    offered: list[Entity] = []
    my_hero = entities[hero_of(state, me)]
    minions = [entities[i] for i in board]  # (read once: costs, then attacks)
    theirs = [entities[i] for i in table.zones.at(BOARD.places[1 - me])]
    changes = changes_of(my_hero, minions, theirs)
    for i in table.zones.at(HAND.places[me]):
        e = entities[i]
        if hand_cost(state, e, changes) > mana:
            continue
        # identical to a card already offered (a name compared first: building and hashing
        # every card's identity was a sixth of legal_actions, cachegrind; ``any`` of a
        # generator compiles to an inline loop, cheaper than a helper with a plain loop)
        if any(o.card == e.card and entity_identity(o) == entity_identity(e) for o in offered):
            continue
        offered.append(e)
        card = PLAYABLE[e.card]
        if card.needs is not None and not _castable(state, me, card.needs):
            continue
        if card.is_secret and not can_hide(table, me, e.card):
            continue
        is_minion = card.is_minion
        if is_minion and len(board) >= BOARD_LIMIT:
            continue
        modes = card.modes
        if not is_minion and modes is not None and not _a_mode_can_be_chosen(state, modes, i, me):
            continue
        targets: list[int] = [-1]
        if card.targets is not None and (state.played or not card.combo_target):
            targets = _targets(state, card.targets, i, me)
            if not targets:
                if not is_minion:
                    continue  # a spell needs a target
                targets = [-1]
        # a minion goes to a board position 0..len(board), anything else to none (-1)
        first, last = (0, len(board)) if is_minion else (-1, -1)
        # loops, not ``out.extend`` of generators (compiled, each generator is an object with a
        # resumable frame), and ``range`` in the loop header, where it is a C loop, not a range
        # object picked before (that loop was 8 % of legal_actions, cachegrind)
        for t in targets:
            for at in range(first, last + 1):
                out.append(SkirmishAction(PLAY, i, t, at))
    attackers = [e for e in minions if can_attack(state, e)]
    if can_attack(state, my_hero):
        attackers.append(my_hero)
    if attackers:
        foes = attack_targets(state, me)  # the same for each attacker
        for e in attackers:
            for t in foes:
                out.append(SkirmishAction(ATTACK, e.id, t))
    if not state.powered[me] and mana >= 2:
        power = PLAYABLE[_power(my_hero)]
        hero = my_hero.id
        if power.targets is not None:
            for t in _targets(state, power.targets, hero, me):
                out.append(SkirmishAction(POWER, hero, t))
        elif _power_is_usable(state, power, me):
            out.append(SkirmishAction(POWER, hero))
    out.append(END)
    return tuple(out)


class Playable:
    """What :func:`legal_actions` asks of a card to play (a card in hand, a hero power), read
    from its definition once per card of the pool: its spell's ``needs``, whether it is a
    secret or a minion, its target selector, whether it takes a target only as a combo, the
    modes a Choose One spell starts by choosing, a power's ``usable`` test.

    One lookup by name, where the list asked the card's definition, its ``extra`` and the pool's
    target table each time (about six dictionary and set lookups per card in hand at every
    decision; with :func:`attack_targets` reading each enemy minion once, ``legal_actions``
    took 15.1 M -> 13.8 M of the ``skirmish`` workload's instructions, callgrind, compiled).
    """

    def __init__(self, card: str) -> None:
        d = POOL.defs[card]
        self.needs: Final = d.extra.get("needs")
        self.is_secret: Final = "secret" in d.types
        self.is_minion: Final = "minion" in d.types
        self.targets: Final = POOL.targets.get(card)
        self.combo_target: Final = "combo_target" in d.extra
        program = POOL.programs.get((card, "play"))
        first = program.code[0] if program is not None and program.code else None
        self.modes: Final = first if isinstance(first, SelectModeI) else None
        self.usable: Final = d.extra.get("usable")


PLAYABLE: Final = {card: Playable(card) for card in POOL.defs}
"""Every card of the pool, as :func:`legal_actions` asks of it."""


def _a_mode_can_be_chosen(
    state: SkirmishState, select: SelectModeI, source: EntityId, player: int
) -> bool:
    """False for a Choose One spell none of whose modes can be chosen (Wrath with no minion
    on the board): like a spell without a target, it cannot be cast."""
    ctx = Ctx(source, player)
    return any(need is None or need(state.table, ctx) for need in select.requires)


def _power_is_usable(state: SkirmishState, power: Playable, me: int) -> bool:
    """False for a power its card says cannot be used now (Totemic Call with every basic totem
    out, Reinforce or INFERNO! on a full board: the card's ``usable``)."""
    usable = power.usable
    return usable is None or (callable(usable) and bool(usable(state.table, me)))


# --- notation --------------------------------------------------------------------------------


def describe(state: SkirmishState, entity_id: int, player: int) -> str:
    """An entity as *player* names it: ``enemy_hero``, ``friendly 2``, ``hand 3``..."""
    e = state.table.entities[EntityId(entity_id)]
    side = "friendly" if e.owner == player else "enemy"
    kind = LAYOUT.info[e.zone].kind
    zone = state.table.zones[e.zone]
    if kind == "hero":
        return f"{side}_hero"
    if kind == "weapon":
        return f"{side}_weapon"
    if kind == "board":
        return f"{side} {zone.index(e.id) + 1}"
    if kind == "deck":
        return f"{side} deck {len(zone) - zone.index(e.id)}"  # counted from the top
    return f"{side} {kind} {zone.index(e.id) + 1}"


def _option_text(state: SkirmishState, index: int, player: int) -> str:
    pending = state.pending
    assert pending is not None
    value = pending.options[index]
    if pending.labels:
        return pending.labels[index]
    if isinstance(value, int):
        return str(value)
    looked = pending.kind in (DecisionKind.CARD, DecisionKind.ORDER)
    parts = []
    for i in value:
        where = describe(state, i, player)
        parts.append(f"{state.table.entities[i].card} ({where})" if looked else where)
    return ", ".join(parts) if parts else "nothing"


def _hand_name(state: SkirmishState, entity_id: int, player: int) -> str:
    hand = state.table.zones.at(HAND.places[player])
    card = state.table.entities[EntityId(entity_id)].card
    same = [i for i in hand if state.table.entities[i].card == card]
    return card if len(same) == 1 else f"{card}#{hand.index(EntityId(entity_id)) + 1}"


def action_to_str(state: SkirmishState, action: SkirmishAction) -> str:
    """The notation of *action* in *state* (see the module docstring)."""
    me = state.to_move
    if action.kind == CHOOSE:
        assert state.pending is not None
        chance = state.pending.player == CHANCE_PLAYER
        who = me if chance else state.pending.player
        word = "random" if chance else "choose"
        return f"{word} {action.source + 1}: {_option_text(state, action.source, who)}"
    if action.kind == END_TURN:
        return "end_turn"
    arrow = "" if action.target < 0 else f" -> {describe(state, action.target, me)}"
    if action.kind == POWER:
        return f"hero_power{arrow}"
    if action.kind == ATTACK:
        attacker = state.table.entities[EntityId(action.source)]
        source_text = (
            "hero"
            if attacker.zone in HERO.zones
            else str(state.table.zones[attacker.zone].index(attacker.id) + 1)
        )
        target = state.table.entities[EntityId(action.target)]
        what = (
            "enemy_hero"
            if target.zone in HERO.zones
            else str(state.table.zones[target.zone].index(target.id) + 1)
        )
        return f"attack {source_text} -> {what}"
    assert action.kind == PLAY
    name = _hand_name(state, action.source, me)
    board = state.table.zones.at(BOARD.places[me])
    place = "" if action.at < 0 or action.at == len(board) else f" @{action.at + 1}"
    return f"play {name}{place}{arrow}"


def _parse_target(state: SkirmishState, text: str, player: int, where: str) -> int:
    words = text.split()
    if words == ["enemy_hero"]:
        return hero_of(state, 1 - player)
    if words in (["friendly_hero"], ["hero"]):
        return hero_of(state, player)
    if len(words) == 2 and words[0] in ("friendly", "enemy") and words[1].isdigit():
        side = player if words[0] == "friendly" else 1 - player
        board = state.table.zones.at(BOARD.places[side])
        n = int(words[1])
        if 1 <= n <= len(board):
            return board[n - 1]
        raise ParseError(f"{words[0]} board has {len(board)} minions, found {text!r}", where=where)
    raise ParseError(
        f"expected a target like enemy_hero, friendly_hero, enemy 2 or friendly 1, found {text!r}",
        where=where,
    )


def _parse_hand(state: SkirmishState, text: str, player: int) -> EntityId:
    hand = state.table.zones.at(HAND.places[player])
    name, _, pos = text.partition("#")
    if pos:
        if not pos.isdigit() or not 1 <= int(pos) <= len(hand):
            raise ParseError(f"expected a hand position 1..{len(hand)} after '#', found {pos!r}")
        chosen = hand[int(pos) - 1]
        if state.table.entities[chosen].card != name:
            raise ParseError(f"hand card {pos} is not {name!r}")
        return chosen
    for i in hand:
        if state.table.entities[i].card == name:
            return i
    raise ParseError(f"no {name!r} in hand")


def parse_action(state: SkirmishState, text: str) -> SkirmishAction:
    """Parse the notation of an action (``ParseError`` naming what was expected)."""
    words = text.strip()
    me = state.to_move
    head, _, rest = words.partition(" ")
    if words == "end_turn":
        return END
    if head in ("choose", "random"):
        number = rest.split(":")[0].strip()
        if not number.isdigit():
            raise ParseError(f"expected '{head} N', found {text!r}")
        pending = state.pending
        if pending is None or not 1 <= int(number) <= len(pending.options):
            count = 0 if pending is None else len(pending.options)
            raise ParseError(f"expected an option 1..{count}, found {text!r}")
        return SkirmishAction(CHOOSE, int(number) - 1)
    left, arrow, right = rest.partition("->")
    goal = right.strip()
    if head == "attack" and goal.isdigit():
        goal = f"enemy {goal}"
    target = _parse_target(state, goal, me, text) if arrow else -1
    if head == "hero_power" and not left.strip():
        return SkirmishAction(POWER, hero_of(state, me), target)
    if head == "attack" and arrow:
        who = left.strip()
        if who == "hero":
            source = hero_of(state, me)
        elif who.isdigit() and 1 <= int(who) <= len(state.table.zones.at(BOARD.places[me])):
            source = state.table.zones.at(BOARD.places[me])[int(who) - 1]
        else:
            raise ParseError(f"expected an attacker (hero or a board position), found {who!r}")
        return SkirmishAction(ATTACK, source, target)
    if head == "play" and left.strip():
        card, _, place = left.strip().partition(" @")
        source = _parse_hand(state, card.strip(), me)
        at = -1
        if "minion" in state.table.entities[source].types:
            board = state.table.zones.at(BOARD.places[me])
            at = len(board)
            if place:
                if not place.strip().isdigit():
                    raise ParseError(f"expected a position after '@', found {place!r}")
                at = int(place) - 1
        elif place:
            raise ParseError(f"only minions take a position, found {text!r}")
        return SkirmishAction(PLAY, source, target, at)
    raise ParseError(f"expected play/attack/hero_power/choose/end_turn, found {text!r}")
