"""A tiny two-player table on the card kit, for the kit's unit and property tests.

Each player has a hero (30 health), a board, a hand, a deck and a graveyard;
damage, healing, drawing and summoning are the plainest possible hooks.
"""

from __future__ import annotations

from collections.abc import Iterable

from pure_engine.cards import (
    ADJACENT,
    ENEMY,
    FRIENDLY,
    OTHER,
    RANDOM,
    SELF,
    TARGET,
    Aura,
    Buff,
    CardDef,
    ChooseOne,
    ChooseTarget,
    Draw,
    Event,
    Hit,
    LookAndChoose,
    OrderDeck,
    RandomNumber,
    SearchDeck,
    Summon,
    Trigger,
    TriggerRemote,
    Zone,
)
from pure_engine.cards.runtime import (
    CardRules,
    CardState,
    Frame,
    Layout,
    build_pool,
    emit,
    move,
    new_table,
    put,
    spawn,
)
from pure_engine.cards.runtime.table import EntityId
from pure_engine.core.zones import Visibility, ZoneId

LAYOUT = Layout.build(
    [
        ("hero", 0, Visibility.PUBLIC),
        ("board", 0, Visibility.PUBLIC),
        ("hero", 1, Visibility.PUBLIC),
        ("board", 1, Visibility.PUBLIC),
        ("hand", 0, Visibility.OWNER),
        ("hand", 1, Visibility.OWNER),
        ("deck", 0, Visibility.HIDDEN),
        ("deck", 1, Visibility.HIDDEN),
        ("graveyard", 0, Visibility.PUBLIC),
        ("graveyard", 1, Visibility.PUBLIC),
    ]
)


class ToyEvent(Event):
    """What the toy's cards can listen to."""

    DAMAGED = "damaged"
    SUMMONED = "summoned"


MINION = frozenset({"minion"})
MINIONS = Zone("board")
CHARACTERS = Zone("board") | Zone("hero")


def _minion(key: str, cost: int, attack: int, health: int, **kw: object) -> CardDef:
    return CardDef(key, key, MINION, cost, attack, health, **kw)  # type: ignore[arg-type]  # test helper


CARDS = (
    CardDef("hero", "Hero", frozenset({"hero"}), 0, 0, 30),
    _minion("wisp", 0, 1, 1),
    _minion("yeti", 4, 4, 5),
    _minion("boar", 1, 1, 1),
    _minion("champion", 7, 6, 6, aura=Aura(FRIENDLY + MINIONS + OTHER, 1, 1)),
    _minion("wolf", 2, 2, 2, aura=Aura(ADJACENT, 1, 0)),
    _minion("hoarder", 2, 2, 1, deathrattle=(Draw(),)),
    _minion("golem", 3, 2, 3, deathrattle=(Summon("boar"),)),
    _minion(
        "juggler",
        2,
        3,
        2,
        triggers=(
            Trigger(ToyEvent.SUMMONED, (Hit(RANDOM(ENEMY + CHARACTERS), 1),), FRIENDLY + OTHER),
        ),
    ),
    _minion("echo", 1, 1, 1, deathrattle=(TriggerRemote(FRIENDLY + MINIONS + OTHER),)),
    CardDef("bolt", "Bolt", frozenset({"spell"}), 1, play=(Hit(TARGET, 3),), target=CHARACTERS),
    CardDef(
        "storm",
        "Storm",
        frozenset({"spell"}),
        3,
        play=(Hit(ENEMY + MINIONS, RandomNumber(2, 3)),),
    ),
    CardDef(
        "missiles",
        "Missiles",
        frozenset({"spell"}),
        1,
        play=(Hit(RANDOM(ENEMY + CHARACTERS), 1),) * 3,
    ),
    CardDef(
        "wrath",
        "Wrath",
        frozenset({"spell"}),
        2,
        play=(
            ChooseOne(
                (
                    ("big", (ChooseTarget(MINIONS, lambda t: [Hit(t, 3)]),), MINIONS),
                    ("draw", (Draw(),), None),
                )
            ),
        ),
    ),
    CardDef("tracking", "Tracking", frozenset({"spell"}), 1, play=(LookAndChoose(3),)),
    CardDef("tutor", "Tutor", frozenset({"spell"}), 1, play=(SearchDeck(FRIENDLY + Zone("deck")),)),
    CardDef("scry", "Scry", frozenset({"spell"}), 1, play=(OrderDeck(3),)),
    CardDef("feign", "Feign", frozenset({"spell"}), 2, play=(TriggerRemote(FRIENDLY + MINIONS),)),
    CardDef(
        "blessing", "Blessing", frozenset({"spell"}), 4, play=(Buff(TARGET, 4, 4),), target=MINIONS
    ),
    CardDef("loop", "Loop", frozenset({"spell"}), 0, play=(TriggerRemote(SELF, "play"),)),
)


class ToyState(CardState):
    """The kit's fields only."""


def _damage(state: ToyState, frame: Frame, target: EntityId, amount: int) -> ToyState:
    e = state.table.entities[target]
    state = state.replace(table=put(state.table, e.replace(damage=e.damage + amount)))
    return emit(state, RULES, ToyEvent.DAMAGED, target)


def _heal(state: ToyState, frame: Frame, target: EntityId, amount: int) -> ToyState:
    e = state.table.entities[target]
    return state.replace(table=put(state.table, e.replace(damage=max(0, e.damage - amount))))


def _draw(state: ToyState, player: int, n: int) -> ToyState:
    table = state.table
    deck, hand = LAYOUT.zone("deck", player), LAYOUT.zone("hand", player)
    for _ in range(n):
        if table.zones[deck]:
            table = move(table, table.zones[deck][-1], hand)
    return state.replace(table=table)


def _summon(state: ToyState, frame: Frame, player: int, card: str) -> ToyState:
    board = LAYOUT.zone("board", player)
    if len(state.table.zones[board]) >= 7:
        return state
    table, new = spawn(state.table, POOL, board, card, player)
    return emit(state.replace(table=table), RULES, ToyEvent.SUMMONED, new)


POOL = build_pool(CARDS, LAYOUT, events=ToyEvent)
RULES: CardRules[ToyState] = CardRules(
    layout=LAYOUT, pool=POOL, damage=_damage, heal=_heal, draw=_draw, summon=_summon, max_depth=8
)


def table_with(
    boards: tuple[Iterable[str], Iterable[str]] = ((), ()),
    hands: tuple[Iterable[str], Iterable[str]] = ((), ()),
    decks: tuple[Iterable[str], Iterable[str]] = ((), ()),
) -> ToyState:
    """A state with these cards (decks bottom to top)."""
    table = new_table(LAYOUT)
    for p in (0, 1):
        table, _ = spawn(table, POOL, LAYOUT.zone("hero", p), "hero", p)
    for kind, rows in (("board", boards), ("hand", hands), ("deck", decks)):
        for p in (0, 1):
            for card in rows[p]:
                table, _ = spawn(table, POOL, LAYOUT.zone(kind, p), card, p)
    return ToyState(table)


def ids(state: ToyState, kind: str, player: int) -> tuple[EntityId, ...]:
    """The ids in one zone."""
    return state.table.zones[ZoneId(f"{kind}{player}")]


def cards(state: ToyState, kind: str, player: int) -> list[str]:
    """The cards in one zone."""
    return [state.table.entities[i].card for i in ids(state, kind, player)]
