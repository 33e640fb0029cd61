"""Typed events: a card listens to an event its game declares, or its pool is refused."""

from __future__ import annotations

import pytest

from pure_engine.cards import DEATH, SELF, SILENCE, CardDef, Draw, Event, Trigger
from pure_engine.cards.runtime import build_pool
from pure_engine.games.skirmish.base import SkirmishEvent
from pure_engine.games.skirmish.cards import DEFS
from tests.cards_toy import CARDS, LAYOUT, ToyEvent


class OtherEvent(Event):
    TURN_START = "turn_start"


def _listener(event: Event) -> CardDef:
    trigger = Trigger(event, (Draw(),), SELF)
    return CardDef("seer", "Fortune Seer", frozenset({"minion"}), 2, 1, 1, triggers=(trigger,))


def test_a_card_listening_to_an_event_its_game_never_emits_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"card 'Fortune Seer' \(seer\) listens to OtherEvent"):
        build_pool([*CARDS, _listener(OtherEvent.TURN_START)], LAYOUT, events=ToyEvent)


def test_an_event_with_the_same_value_from_another_enum_is_still_refused() -> None:
    class Lookalike(Event):
        SUMMONED = "summoned"

    with pytest.raises(ValueError, match="never emits"):
        build_pool([_listener(Lookalike.SUMMONED)], LAYOUT, events=ToyEvent)


def test_the_game_events_and_the_kit_events_are_accepted() -> None:
    pool = build_pool([_listener(ToyEvent.DAMAGED)], LAYOUT, events=ToyEvent)
    assert set(pool.listeners) == {ToyEvent.DAMAGED}
    pool = build_pool([_listener(DEATH)], LAYOUT)
    assert set(pool.listeners) == {DEATH}


def test_skirmish_cards_listen_only_to_skirmish_events() -> None:
    events = {trigger.event for card in DEFS.values() for trigger in card.triggers}
    assert events <= {*SkirmishEvent, DEATH, SILENCE}
    doomsayer = DEFS["doomsayer"].triggers[0]
    assert doomsayer.event is SkirmishEvent.TURN_START
