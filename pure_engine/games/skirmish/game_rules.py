"""Skirmish's rule functions, under the names of :class:`~pure_engine.Game`'s fields
(:func:`~.game.make_game` passes this module to
:func:`~pure_engine.core.game.game_from_rules`).

``step`` is a :class:`~pure_engine.cards.Pipeline` of named passes: ``apply``
(pay, move the card, push its program — or answer the pending decision) →
``resolve`` (programs, triggers, auras, death phases; stops at a decision) →
``after_play`` and ``combat`` (what waited for that: a played card's "after" triggers, an
attack's damage) → ``state_checks`` (a hero at 0 health ends the game) → ``flow`` (the turn
machine, :class:`~pure_engine.core.flow.TurnMachine`: end of turn, the next
player's start of turn, up to the next decision).

>>> import pure_engine
>>> game = pure_engine.load_game("skirmish", deck0="mage_basic", deck1="hunter_basic")
>>> s = game.initial_state(seed=1)
>>> s.to_move, s.crystals, len(s.table.zones["hand0"]), len(s.table.zones["hand1"])
(0, (1, 0), 4, 5)
>>> s2 = game.play_str(s, "end_turn")
>>> s2.to_move, s2.crystals, s.to_move
(1, (1, 1), 0)
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from typing import Final

from pure_engine.cards.runtime import (
    CHANCE_PLAYER,
    EXHAUSTED,
    FROZEN,
    EntityId,
    answer,
    emit,
    new_frame,
    new_table,
    observe_facets,
    observe_table,
    one_turn,
    push,
    put,
    put_all,
    resample_table,
    resolve,
    spawn,
    spawn_all,
    unenchant,
)
from pure_engine.core.flow import FlowStep, StepId, TurnMachine
from pure_engine.core.game import TERMINAL
from pure_engine.core.pipeline import Pass, Pipeline
from pure_engine.core.rng import Rng, shuffled
from pure_engine.games.skirmish.actions import (
    ATTACK,
    CHOOSE,
    END_TURN,
    PLAY,
    POWER,
    SkirmishAction,
    action_to_str,
    hero_of,
    legal_actions,
    parse_action,
    power_of,
)
from pure_engine.games.skirmish.base import (
    BOARD,
    CHARGE,
    DECK,
    END_STEP,
    HAND,
    HERO,
    LAYOUT,
    MAIN_STEP,
    MAX_MANA,
    ON_TURN_END,
    ON_TURN_START,
    START_STEP,
    TURN_LIMIT,
    WEAPON,
    SkirmishEvent,
    SkirmishState,
)
from pure_engine.games.skirmish.combat import attack, finish_combat
from pure_engine.games.skirmish.decks import Deck
from pure_engine.games.skirmish.play import finish_play, play_card
from pure_engine.games.skirmish.rules import FACETS, POOL, RULES, draw

__all__ = [
    "MACHINE",
    "STEP",
    "action_to_str",
    "chance_outcomes",
    "current_player",
    "key",
    "legal_actions",
    "new_game",
    "observation",
    "parse_action",
    "render",
    "resample",
    "returns",
    "state_checks",
    "step",
    "within_turn",
]


def _set(values: tuple[int, ...], player: int, value: int) -> tuple[int, ...]:
    return (value, values[1]) if player == 0 else (values[0], value)


# --- the turn flow ----------------------------------------------------------------------------


def state_checks(state: SkirmishState) -> SkirmishState:
    """Once nothing is left to resolve: a hero at 0 health loses (both: a draw)."""
    if state.winner is not None or state.pending is not None:
        return state
    entities, zones = state.table.entities, state.table.zones
    first, second = entities[zones.at(HERO.places[0])[0]], entities[zones.at(HERO.places[1])[0]]
    dead0, dead1 = first.damage >= first.health, second.damage >= second.health
    if dead0 and dead1:
        return state.replace(winner=2)
    if dead0 or dead1:
        return state.replace(winner=1 if dead0 else 0)
    return state


def _settle(state: SkirmishState) -> SkirmishState:
    return state_checks(resolve(state, RULES))


def _turn_event(state: SkirmishState, event: SkirmishEvent) -> SkirmishState:
    return _settle(emit(state, RULES, event, hero_of(state, state.to_move)))


def _end_turn(state: SkirmishState) -> SkirmishState:
    """The end of turn's triggers, queued: ``end_turn`` enters this step, so ``step``'s resolve
    pass runs them, as it runs a played card's."""
    return emit(state, RULES, ON_TURN_END, hero_of(state, state.to_move))


def _cleanup(state: SkirmishState) -> SkirmishState:
    """One-turn buffs end, with the keywords they gave; the player's frozen characters that
    could have attacked but did not thaw (one frozen the turn it came into play stays frozen
    through its next turn); the turn passes."""
    table = state.table
    me = state.to_move
    for p in (0, 1):
        for place in (HERO.places[p], BOARD.places[p], WEAPON.places[p]):
            for i in table.zones.at(place):
                e = table.entities[i]
                if e.buffs:  # their keywords end too: "Immune this turn"
                    table = unenchant(table, POOL, i, one_turn)
                    e = table.entities[i]
                ready = not e.status & EXHAUSTED or e.tags & CHARGE
                if p == me and e.status & FROZEN and e.attacks == 0 and ready:
                    table = put(table, e.replace(status=e.status & ~FROZEN))
    return state.replace(table=table, to_move=1 - me, turn=state.turn + 1, played=0)


def _start_turn(state: SkirmishState, step: StepId) -> SkirmishState:
    """The start of turn *step* (the turn machine's ``enter_at``: its write of the state sets
    the step too, one state fewer a turn): a mana crystal, mana refilled (less what Overload
    locked), minions ready, a card drawn, start-of-turn triggers."""
    me = state.to_move
    if state.turn > TURN_LIMIT:
        return state.replace(step=step, winner=2)
    crystals = min(MAX_MANA, state.crystals[me] + 1)
    table = state.table
    ready = []  # written in one map mutation, and only those that change
    for place in (HERO.places[me], BOARD.places[me]):
        for i in table.zones.at(place):
            e = table.entities[i]
            if e.status & EXHAUSTED or e.attacks:
                ready.append(e.replace(status=e.status & ~EXHAUSTED, attacks=0))
    state = state.replace(
        table=put_all(table, ready),
        step=step,
        crystals=_set(state.crystals, me, crystals),
        mana=_set(state.mana, me, max(0, crystals - state.overload[me])),
        overload=_set(state.overload, me, 0),
        powered=(False, state.powered[1]) if me == 0 else (state.powered[0], False),
    )
    state = state_checks(draw(state, me, 1))
    if state.winner is not None:
        return state
    return _turn_event(state, ON_TURN_START)


def _waits(state: SkirmishState) -> bool:
    return state.pending is not None


STEP: Final[dict[StepId, FlowStep[SkirmishState, StepId]]] = {
    MAIN_STEP: FlowStep(MAIN_STEP, next=END_STEP, decides=lambda s: True),
    END_STEP: FlowStep(END_STEP, START_STEP, _end_turn, _waits, _cleanup),
    START_STEP: FlowStep(START_STEP, next=MAIN_STEP, decides=_waits, enter_at=_start_turn),
}
MACHINE: Final[TurnMachine[SkirmishState, StepId]] = TurnMachine(
    steps=STEP,
    get_step=lambda s: s.step,
    set_step=lambda s, name: s.replace(step=name),
    is_over=lambda s: s.winner is not None,
)
"""Main phase → end of turn (triggers, one-turn buffs end) → the next player's start of turn."""


def _flow(state: SkirmishState) -> SkirmishState:
    return MACHINE.run_until_decision(state)[0]


# --- applying an action -----------------------------------------------------------------------


def _apply(state: SkirmishState, action: SkirmishAction) -> SkirmishState:
    kind = action.kind
    if kind == CHOOSE:
        return answer(state, RULES, action.source)
    if kind == PLAY:
        return play_card(state, action)
    if kind == ATTACK:
        return attack(state, EntityId(action.source), EntityId(action.target))
    if kind == POWER:
        me = state.to_move
        powered = (True, state.powered[1]) if me == 0 else (state.powered[0], True)
        state = state.replace(mana=_set(state.mana, me, state.mana[me] - 2), powered=powered)
        target = None if action.target < 0 else EntityId(action.target)
        frame = new_frame(RULES, power_of(state, me), "play", EntityId(action.source), me, target)
        return push(state, RULES, frame)
    assert kind == END_TURN
    return MACHINE.finish_step(state)


step: Final[Pipeline[SkirmishState, SkirmishAction]] = Pipeline(
    _apply,
    (
        Pass("resolve", lambda s: resolve(s, RULES)),
        Pass("after_play", finish_play),
        Pass("combat", finish_combat),
        Pass("state_checks", state_checks),
        Pass("flow", _flow),
    ),
)
"""``step(state, action)``: apply → resolve → after_play (a played card's "after you summon"
and "after you play" triggers, once its own effect resolved) → combat (an attack's damage, when
triggers had to resolve first) → state_checks → flow (``step.trace`` shows each)."""

within_turn: Final[Pipeline[SkirmishState, SkirmishAction]] = Pipeline(_apply, step.passes[:-1])
"""``step`` without the flow pass: after ``end_turn`` it stops once the end-of-turn step has
resolved, before the next player's turn starts (the lethal solver's "this turn")."""


# --- the rest of the game protocol ------------------------------------------------------------


def current_player(state: SkirmishState) -> int:
    """The game over: TERMINAL; a pending decision: who decides (chance: CHANCE); else to_move."""
    if state.winner is not None:
        return TERMINAL
    if state.pending is not None:
        return state.pending.player
    return state.to_move


def chance_outcomes(state: SkirmishState) -> tuple[tuple[SkirmishAction, Fraction], ...]:
    """The pending chance decision's options with their exact probabilities."""
    pending = state.pending
    if pending is None or pending.player != CHANCE_PLAYER or state.winner is not None:
        return ()
    return tuple((SkirmishAction(CHOOSE, i), w) for i, w in enumerate(pending.weights))


def returns(state: SkirmishState) -> tuple[float, ...]:
    """+1 to the winner, -1 to the loser; 0 each for a draw or an unfinished game."""
    return {0: (1.0, -1.0), 1: (-1.0, 1.0)}.get(
        state.winner if state.winner is not None else -1, (0.0, 0.0)
    )


def observation(state: SkirmishState, player: int) -> Hashable:
    """What *player* sees: the table through zone visibility (their hand, counts of the opponent's
    hand and both decks, cards they have looked at), the running programs and pending decision
    (which name entities by id only), and every public counter."""
    return (
        observe_table(state.table, LAYOUT, player),
        state.frames,
        state.queue,
        state.pending,
        state.to_move,
        state.turn,
        state.step,
        state.mana,
        state.crystals,
        state.powered,
        state.fatigue,
        state.played,
        state.winner,
        state.combat,
        state.overload,
        state.playing,
        state.play_order,
        observe_facets(state.table, LAYOUT, player, FACETS),
    )


def resample(state: SkirmishState, player: int, rng: random.Random) -> SkirmishState:
    """Deal anew what *player* cannot see: the opponent's hand, deck and secrets (each secret
    stays a secret of its class), their own deck order."""
    return state.replace(table=resample_table(state.table, LAYOUT, player, rng, FACETS))


def key(state: SkirmishState) -> Hashable:
    """The state without its ``rng``: the generator only resolves chance in simulation, while
    search branches on every chance outcome, so it does not decide what can happen."""
    return state.replace(rng=None)


def render(state: SkirmishState) -> str:
    """Both sides as text: hero health/armor, mana, weapon, board, hand size."""
    lines = [f"turn {state.turn}, player {state.to_move} to move"]
    entities = state.table.entities
    for p in (1, 0):
        hero = entities[hero_of(state, p)]
        weapons = [
            f"{entities[w].card} {entities[w].attack}/{entities[w].health - entities[w].damage}"
            for w in state.table.zones.at(WEAPON.places[p])
        ]
        minions = [
            f"{entities[i].card} {entities[i].attack}/{entities[i].health - entities[i].damage}"
            for i in state.table.zones.at(BOARD.places[p])
        ]
        zones = state.table.zones
        lines.append(
            f"P{p} {hero.card} {hero.health - hero.damage} hp {hero.armor} armor, "
            f"mana {state.mana[p]}/{state.crystals[p]}, hand {len(zones.at(HAND.places[p]))}, "
            f"deck {len(zones.at(DECK.places[p]))}" + (f", weapon {weapons[0]}" if weapons else "")
        )
        lines.append("   board: " + (", ".join(minions) or "-"))
    if state.winner is not None:
        lines.append("draw" if state.winner == 2 else f"player {state.winner} wins")
    return "\n".join(lines)


def new_game(deck0: Deck, deck1: Deck, seed: int | None) -> SkirmishState:
    """A fresh game: decks shuffled by *seed*, 3 cards to player 0, 4 and The Coin to player 1,
    then player 0's first turn starts.  Cards in a deck carry summoning sickness, so a minion
    a deathrattle puts into play from the deck cannot attack at once."""
    rng = Rng(0 if seed is None else seed)
    table = new_table(LAYOUT)
    for p, deck in enumerate((deck0, deck1)):
        table, _ = spawn(table, POOL, HERO.zones[p], f"hero_{deck.hero_class}", p)
        cards, rng = shuffled(rng, deck.cards)
        table = spawn_all(table, POOL, DECK.zones[p], cards, p, status=EXHAUSTED)
    state = SkirmishState(table, rng=None if seed is None else rng, step=START_STEP)
    state = draw(draw(state, 0, 3), 1, 4)
    table, _ = spawn(state.table, POOL, HAND.zones[1], "the_coin", 1)
    state = _start_turn(state.replace(table=table), START_STEP)
    return _flow(state)
