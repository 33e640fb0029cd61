"""Lethal-puzzle files: a skirmish position to win from this turn, as strict JSON.

::

    {"to_move": 0,
     "goal": "win_this_turn",
     "players": [
       {"class": "mage", "health": 12, "armor": 0, "mana": 7, "hero_power_used": false,
        "weapon": null, "hand": ["fireball", "arcane_missiles"],
        "board": [{"card": "bloodfen_raptor", "attack": 3, "health": 2, "damage": 0,
                   "exhausted": false, "tags": []}],
        "deck": ["wisp"], "secrets": []},
       {"class": "hunter", "health": 8, "board": [...], ...}]}

Board order is left to right, the deck's top card is last.  Every key but
``class`` has a default (health 30, armor 0, mana 0, no weapon, empty zones);
a minion's ``attack`` / ``health`` (its maximum) / ``damage`` override the
card's printed stats and are what the player sees, auras included; ``tags``,
when given, is the full keyword list (``taunt``, ``charge``, ``divine_shield``,
``windfury``, ``stealth``, ``poisonous``, ``spell_damage``, and ``frozen``);
``exhausted: true`` means the minion cannot attack this turn.  A weapon is
``{"card": "fiery_war_axe", "attack": 3, "durability": 2}`` (both optional).
Optional counters: ``cards_played`` (cards already played this turn, for
combo) on the puzzle, ``fatigue`` on a player.  ``secrets`` names the secrets a
player has in play (of the player's class, each once, at most five); the puzzle
states them, so the solver plays knowing them (see docs/skirmish.md).  ``hero``
names a hero other than the class's own (``"lord_jaraxxus"``, a warlock: 15
health unless ``health`` says otherwise, hero power INFERNO!).

Unknown keys, unknown cards, wrong types (``true`` where a number belongs)
are a :class:`~pure_engine.errors.ParseError` naming the JSON path.

>>> state = parse_puzzle('{"to_move": 0, "players": [{"class": "mage", "hand": ["fireball"],'
...     ' "mana": 4}, {"class": "hunter", "health": 6}]}')
>>> state.mana, len(state.table.zones["hand0"])
((4, 0), 1)
>>> parse_puzzle('{"to_move": 0, "players": [{"class": "mage", "hand": ["fireboll"]},'
...     ' {"class": "mage"}]}')
Traceback (most recent call last):
...
pure_engine.errors.ParseError: puzzle: ...hand[0]: unknown card 'fireboll'; did you mean 'fireball'?
"""

from __future__ import annotations

import json
from typing import Final

from pure_engine.cards.runtime import (
    EXHAUSTED,
    FROZEN,
    Entity,
    Table,
    new_table,
    put,
    refresh_auras,
    spawn,
)
from pure_engine.errors import ParseError
from pure_engine.games.skirmish.base import (
    BOARD_LIMIT,
    HAND_LIMIT,
    KEYWORDS,
    LAYOUT,
    MAIN_STEP,
    MAX_MANA,
    SECRET_LIMIT,
    SkirmishState,
)
from pure_engine.games.skirmish.cards import CLASSES, DEFS
from pure_engine.games.skirmish.decks import parse_json, unknown_card
from pure_engine.games.skirmish.rules import POOL, RULES
from pure_engine.games.skirmish.secrets import can_hide

__all__ = ["load_puzzle", "parse_puzzle"]

_TOP_KEYS: Final = {"to_move", "players", "goal", "cards_played", "name", "comment"}
_PLAYER_KEYS: Final = {
    "class", "hero", "health", "armor", "mana", "hero_power_used", "weapon", "hand", "board",
    "deck", "secrets", "fatigue",
}  # fmt: skip
_MINION_KEYS: Final = {"card", "attack", "health", "damage", "exhausted", "tags"}
_WEAPON_KEYS: Final = {"card", "attack", "durability"}


class _Reader:
    """Typed reads from parsed JSON, each error naming the file and JSON path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, message: str) -> ParseError:
        return ParseError(f"{path}: {message}", where=self.source)

    def obj(self, value: object, path: str, allowed: set[str]) -> dict[str, object]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, found {json.dumps(value)}")
        for k in value:
            if k not in allowed:
                raise self.fail(
                    f"{path}.{k}", f"unknown key (expected one of {', '.join(sorted(allowed))})"
                )
        return value

    def int(self, value: object, path: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected an integer, found {json.dumps(value)}")
        if not lo <= value <= hi:
            raise self.fail(path, f"expected {lo}..{hi}, found {value}")
        return value

    def bool(self, value: object, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, found {json.dumps(value)}")
        return value

    def list(self, value: object, path: str) -> list[object]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, found {json.dumps(value)}")
        return value

    def card(self, value: object, path: str, types: tuple[str, ...]) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a card name, found {json.dumps(value)}")
        d = DEFS.get(value)
        if d is None:
            raise self.fail(path, unknown_card(value))
        if not d.types & set(types):
            raise self.fail(path, f"{value!r} is not a {' or '.join(types)}")
        return value


def parse_puzzle(text: str, *, source: str = "puzzle") -> SkirmishState:
    """The position a puzzle file describes, ready for its player to move."""
    r = _Reader(source)
    top = r.obj(parse_json(text, source), "$", _TOP_KEYS)
    if "to_move" not in top:
        raise r.fail("$.to_move", "missing (0 or 1)")
    to_move = r.int(top["to_move"], "$.to_move", 0, 1)
    goal = top.get("goal", "win_this_turn")
    if goal != "win_this_turn":
        raise r.fail("$.goal", f'expected "win_this_turn", found {json.dumps(goal)}')
    players = r.list(top.get("players"), "$.players")
    if len(players) != 2:
        raise r.fail("$.players", f"expected 2 players, found {len(players)}")
    table = new_table(LAYOUT)
    mana, powered, fatigue = [0, 0], [False, False], [0, 0]
    for p, raw in enumerate(players):
        path = f"$.players[{p}]"
        player = r.obj(raw, path, _PLAYER_KEYS)
        cls = player.get("class")
        if cls not in CLASSES:
            raise r.fail(
                f"{path}.class", f"expected one of {', '.join(CLASSES)}, found {json.dumps(cls)}"
            )
        hero_card = _hero_card(r, player.get("hero"), cls, f"{path}.hero")
        health = r.int(player.get("health", DEFS[hero_card].health), f"{path}.health", 1, 1000)
        table, hero = spawn(table, POOL, LAYOUT.zone("hero", p), hero_card, p)
        h = table.entities[hero]
        table = put(table, h.replace(
            health=max(h.health, health), damage=max(h.health, health) - health,
            armor=r.int(player.get("armor", 0), f"{path}.armor", 0, 1000),
        ))  # fmt: skip
        mana[p] = r.int(player.get("mana", 0), f"{path}.mana", 0, MAX_MANA)
        powered[p] = r.bool(player.get("hero_power_used", False), f"{path}.hero_power_used")
        fatigue[p] = r.int(player.get("fatigue", 0), f"{path}.fatigue", 0, 1000)
        if player.get("weapon") is not None:
            table = _weapon(r, table, player["weapon"], p, f"{path}.weapon")
        for zone, limit in (("hand", HAND_LIMIT), ("deck", 100)):
            names = r.list(player.get(zone, []), f"{path}.{zone}")
            if len(names) > limit:
                raise r.fail(
                    f"{path}.{zone}", f"expected at most {limit} cards, found {len(names)}"
                )
            for i, name in enumerate(names):
                card = r.card(name, f"{path}.{zone}[{i}]", ("minion", "spell", "weapon"))
                table, e = spawn(table, POOL, LAYOUT.zone(zone, p), card, p)
                if zone == "deck":
                    table = put(table, table.entities[e].replace(status=EXHAUSTED))
        table = _secrets(r, table, player.get("secrets", []), p, cls, f"{path}.secrets")
        board = r.list(player.get("board", []), f"{path}.board")
        if len(board) > BOARD_LIMIT:
            raise r.fail(
                f"{path}.board", f"expected at most {BOARD_LIMIT} minions, found {len(board)}"
            )
        for i, raw_minion in enumerate(board):
            m = r.obj(raw_minion, f"{path}.board[{i}]", _MINION_KEYS)
            card = r.card(m.get("card"), f"{path}.board[{i}].card", ("minion",))
            table, _ = spawn(table, POOL, LAYOUT.zone("board", p), card, p)
    state = SkirmishState(table)
    state = refresh_auras(state, RULES)  # printed stats plus auras: what the file overrides
    table = state.table
    for p, raw in enumerate(players):
        assert isinstance(raw, dict)
        path = f"$.players[{p}]"
        for i, (m, entity_id) in enumerate(
            zip(raw.get("board", []), table.zones[LAYOUT.zone("board", p)], strict=True)
        ):
            table = put(table, _minion(r, m, table.entities[entity_id], f"{path}.board[{i}]"))
    # auras that hang on the damage given (enrage: Grommash, Raging Worgen) come on now
    table = refresh_auras(SkirmishState(table), RULES).table
    played = r.int(top.get("cards_played", 0), "$.cards_played", 0, 100)
    return SkirmishState(
        table,
        to_move=to_move,
        step=MAIN_STEP,
        mana=(mana[0], mana[1]),
        crystals=(mana[0], mana[1]),
        powered=(powered[0], powered[1]),
        fatigue=(fatigue[0], fatigue[1]),
        played=played,
    )


def _weapon(r: _Reader, table: Table, raw: object, p: int, path: str) -> Table:
    """Player *p*'s weapon: its card, and its attack and durability if the file gives them."""
    w = r.obj(raw, path, _WEAPON_KEYS)
    card = r.card(w.get("card"), f"{path}.card", ("weapon",))
    table, wid = spawn(table, POOL, LAYOUT.zone("weapon", p), card, p)
    we = table.entities[wid]
    return put(table, we.replace(
        attack=r.int(w.get("attack", we.attack), f"{path}.attack", 0, 100),
        health=r.int(w.get("durability", we.health), f"{path}.durability", 1, 100),
    ))  # fmt: skip


def _hero_card(r: _Reader, name: object, cls: str, path: str) -> str:
    """The hero card a player's ``hero`` names (by default the class's own)."""
    if name is None:
        return f"hero_{cls}"
    heroes = sorted(
        k.removeprefix("hero_") for k, d in DEFS.items()
        if "hero" in d.types and d.extra["class"] == cls and k != f"hero_{cls}"
    )  # fmt: skip
    if name not in heroes:
        found = json.dumps(name)
        raise r.fail(path, f"expected a {cls} hero ({', '.join(heroes) or 'none'}), found {found}")
    return f"hero_{name}"


def _secrets(r: _Reader, table: Table, raw: object, p: int, cls: str, path: str) -> Table:
    """Player *p*'s secrets in play: of the player's class, each once, at most five."""
    for i, name in enumerate(r.list(raw, path)):
        card = r.card(name, f"{path}[{i}]", ("secret",))
        if POOL.card(card).extra["class"] != cls:
            raise r.fail(f"{path}[{i}]", f"expected a {cls} secret, found {card!r}")
        if not can_hide(table, p, card):
            raise r.fail(
                f"{path}[{i}]",
                f"expected at most {SECRET_LIMIT} secrets, each once, found {card!r} again",
            )
        table, _ = spawn(table, POOL, LAYOUT.zone("secret", p), card, p)
    return table


def _minion(r: _Reader, m: dict[str, object], e: Entity, path: str) -> Entity:
    health = r.int(m.get("health", e.health), f"{path}.health", 1, 1000)
    damage = r.int(m.get("damage", 0), f"{path}.damage", 0, health - 1)
    attack = r.int(m.get("attack", e.attack), f"{path}.attack", 0, 1000)
    tags, status = e.tags, 0
    if "tags" in m:
        tags = 0
        for j, name in enumerate(r.list(m["tags"], f"{path}.tags")):
            if name == "frozen":
                status |= FROZEN
            elif isinstance(name, str) and name in KEYWORDS:
                tags |= KEYWORDS[name]
            else:
                known = ", ".join([*KEYWORDS, "frozen"])
                raise r.fail(
                    f"{path}.tags[{j}]", f"expected a keyword ({known}), found {json.dumps(name)}"
                )
    attacks = 0
    if r.bool(m.get("exhausted", False), f"{path}.exhausted"):
        status |= EXHAUSTED
        attacks = 2  # has no attack left this turn, charge or windfury notwithstanding
    return e.replace(
        attack=attack, health=health, damage=damage, tags=tags, status=status, attacks=attacks
    )


def load_puzzle(path: str) -> SkirmishState:
    """:func:`parse_puzzle` of a file (``OSError`` if unreadable, ``ParseError`` if malformed)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError:
        raise ParseError("expected UTF-8 JSON text", where=path) from None
    return parse_puzzle(text, source=path)
