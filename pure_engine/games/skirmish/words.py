"""Skirmish moves in words, for people: ``Chillwind Yeti attacks Senjin Shieldmasta``.

The notation (:func:`~pure_engine.games.skirmish.actions.action_to_str`,
``attack 1 -> 1``) stays what records store and :func:`parse_action` reads;
this is the display the command line prints beside it.  Registered for
``skirmish`` in :mod:`pure_engine.games` (:func:`pure_engine.core.registry.action_in_words`).
"""

from __future__ import annotations

from pure_engine.cards.runtime import EntityId
from pure_engine.games.skirmish.actions import (
    ATTACK,
    CHOOSE,
    END_TURN,
    POWER,
    SkirmishAction,
    action_to_str,
    power_of,
)
from pure_engine.games.skirmish.base import (
    BOARD,
    HERO,
    WEAPON,
    SkirmishState,
)

__all__ = ["action_in_words", "card_title"]


def card_title(key: str) -> str:
    """A card key as a title: ``"chillwind_yeti"`` -> ``"Chillwind Yeti"``.

    >>> card_title("senjin_shieldmasta")
    'Senjin Shieldmasta'
    """
    return " ".join(word.capitalize() for word in key.split("_"))


def _named(state: SkirmishState, entity_id: int, player: int) -> str:
    entity = state.table.entities[EntityId(entity_id)]
    mine = entity.owner == player
    if entity.zone in HERO.zones:
        return "your hero" if mine else "the enemy hero"
    if entity.zone in WEAPON.zones:
        return ("your " if mine else "the enemy's ") + card_title(entity.card)
    name = card_title(entity.card)
    if entity.zone in BOARD.zones:
        board = state.table.zones[entity.zone]
        twins = [i for i in board if state.table.entities[i].card == entity.card]
        if len(twins) > 1:
            name += f" ({'friendly' if mine else 'enemy'} {board.index(entity.id) + 1})"
        elif not mine:
            name = "enemy " + name
    return name


def action_in_words(state: SkirmishState, action: SkirmishAction) -> str:
    """*action* in *state* as a sentence (the notation for a pending choice).

    >>> from pure_engine.core.registry import load_game
    >>> game = load_game("skirmish", deck0="warrior_basic", deck1="priest_basic")
    >>> state = game.initial_state(seed=3)
    >>> action_in_words(state, game.legal_actions(state)[-1])
    'end the turn'
    """
    me = state.to_move
    if action.kind == END_TURN:
        return "end the turn"
    if action.kind == CHOOSE:
        return action_to_str(state, action)
    target = "" if action.target < 0 else f" on {_named(state, action.target, me)}"
    if action.kind == ATTACK:
        attacker = _named(state, action.source, me)
        goal = _named(state, action.target, me)
        return f"{attacker[0].upper()}{attacker[1:]} attacks {goal}"
    if action.kind == POWER:
        return f"hero power {card_title(power_of(state, me))}{target}"
    name = card_title(state.table.entities[EntityId(action.source)].card)
    board = state.table.zones.at(BOARD.places[me])
    place = ""
    if 0 <= action.at < len(board):
        place = f", placed {action.at + 1}{_ordinal(action.at + 1)} from the left"
    return f"play {name}{target}{place}"


def _ordinal(number: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
