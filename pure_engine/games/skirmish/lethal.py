"""The lethal-puzzle solver: the line with the highest exact probability of winning this turn.

Every line of the player to move is searched to the end of their turn (or the
end of the game), with chance handled exactly: a chance node's value is the
probability-weighted mean of its outcomes (``Fraction``), a decision's the
best of its moves, so the answer is a *policy*: later decisions may depend on
what chance showed earlier.  Transpositions are merged on ``key`` (so two
orders that reach the same position are searched once); the pruning is safe:

* a decision node stops at the first move that wins for certain;
* where no card of the player cares about adjacency (Dire Wolf Alpha,
  Flametongue Totem, Defender of Argus), minions are only placed at the right
  end — every position gives the same result up to that order;
* identical cards in hand are one move (the game's legal moves already merge them);
* ``end_turn`` is not tried while no card in play listens for the end of the turn;
* a damage bound: when nothing in play has a triggered ability, deathrattle or
  aura, and every card in hand the player can afford is a vanilla minion
  without charge, the enemy hero can take at most what the characters that
  can still attack hit for, plus 2 for an unused hero power (none when it
  draws) — a position where that is less than the hero's health and armor
  has no lethal.

The verdict is ``guaranteed`` (probability 1), ``probable`` (between 0 and 1:
the best there is, since the search was exhaustive), ``no_lethal`` (exhaustive
and 0) or ``unknown`` (the budget ran out before the search finished; a line
found so far is reported with its probability as a lower bound, but nothing
is claimed to be best).  ``search_verdict`` says the same in
:mod:`pure_engine.search`'s vocabulary (``solved`` / ``proved_unsolvable`` /
``unknown``).

>>> from pure_engine.games.skirmish.puzzle import parse_puzzle
>>> puzzle = parse_puzzle('{"to_move": 0, "players": [{"class": "mage", "mana": 4,'
...     ' "hand": ["fireball"]}, {"class": "hunter", "health": 6}]}')
>>> result = solve_lethal(puzzle)
>>> result.verdict, result.win_probability, result.line
(<LethalVerdict.GUARANTEED: 'guaranteed'>, Fraction(1, 1), ('play fireball -> enemy_hero',))
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from fractions import Fraction
from typing import Final, TypeAlias

from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.core.struct import Struct
from pure_engine.games.skirmish.actions import (
    ATTACK,
    END_TURN,
    PLAY,
    SkirmishAction,
    action_to_str,
    attack_value,
    can_attack,
    cost_of,
    hero_of,
    legal_actions,
    power_of,
)
from pure_engine.games.skirmish.base import (
    CHARGE,
    LAYOUT,
    MAIN_STEP,
    WINDFURY,
    SkirmishEvent,
    SkirmishState,
)
from pure_engine.games.skirmish.cards import DEFS
from pure_engine.games.skirmish.game_rules import chance_outcomes, current_player, key
from pure_engine.games.skirmish.game_rules import within_turn as step
from pure_engine.games.skirmish.rules import POOL
from pure_engine.search import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget, SearchStats, Verdict
from pure_engine.search.budget import Limiter

__all__ = ["ADJACENCY_CARDS", "LethalResult", "LethalVerdict", "Policy", "solve_lethal"]


class LethalVerdict(enum.StrEnum):
    """What the solver claims."""

    GUARANTEED = "guaranteed"
    PROBABLE = "probable"
    NO_LETHAL = "no_lethal"
    UNKNOWN = "unknown"


Policy: TypeAlias = list[object]
"""A line as JSON: action strings, and at a chance node one last item
``{"random": [{"outcome": ..., "probability": "p/q", "win_probability": "p/q",
"then": <Policy>}, ...]}``."""

ADJACENCY_CARDS: Final = frozenset(
    k for k, d in DEFS.items() if "ADJACENT" in repr(d.aura) + repr(d.play) + repr(d.triggers)
)
"""Cards whose effect depends on where minions stand: only they make placement matter."""

ACTIVE_CARDS: Final = frozenset(
    k for k, d in DEFS.items() if d.triggers or d.deathrattle or d.aura is not None
)
"""Cards that act while in play (triggers, deathrattles, auras): the damage bound needs none."""

VANILLA_CARDS: Final = frozenset(
    k
    for k, d in DEFS.items()
    if "minion" in d.types and not d.tags & CHARGE and not d.play and k not in ACTIVE_CARDS
)
"""Minions that do nothing this turn when played (no charge, no battlecry, nothing in play)."""

_END_LISTENERS: Final = frozenset(POOL.listeners[SkirmishEvent.TURN_END].by_card)
_IN_PLAY: Final = tuple(
    LAYOUT.zone(kind, p) for kind in ("hero", "board", "weapon") for p in (0, 1)
)

_ZERO: Final = Fraction(0)
_ONE: Final = Fraction(1)


class LethalResult(Struct):
    """The solver's answer: verdict, exact win probability, the main line and the policy tree."""

    verdict: LethalVerdict
    search_verdict: Verdict
    win_probability: Fraction
    line: tuple[str, ...]
    tree: tuple[object, ...]
    stats: SearchStats

    def to_json(self) -> dict[str, object]:
        """The ``--json`` object of ``pure-engine solve skirmish-lethal``."""
        return {
            "verdict": str(self.verdict),
            "win_probability": _fraction(self.win_probability),
            "line": list(self.line),
            "tree": list(self.tree),
            "stats": {
                "expanded": self.stats.expanded,
                "generated": self.stats.generated,
                "transpositions": self.stats.duplicates,
                "seconds": round(self.stats.seconds, 4),
                "stopped_by": self.stats.stopped_by,
            },
        }


class _Stop(Exception):  # noqa: N818 - a control-flow signal, not an error
    pass


class _Search:
    """One solve: the transposition table of exact values and best moves, and the counters."""

    def __init__(self, me: int, budget: Budget | None) -> None:
        self.me = me
        self.limiter = Limiter(budget)
        self.values: dict[Hashable, Fraction] = {}
        self.best: dict[Hashable, SkirmishAction] = {}
        self.expanded = 0
        self.generated = 0
        self.duplicates = 0

    def moves(self, state: SkirmishState) -> list[SkirmishAction]:
        actions = legal_actions(state)
        if state.pending is None and not self._end_matters(state):
            actions = actions[:-1]  # end_turn, always last
        if state.pending is None and not self._placement_matters(state):
            board = len(state.table.zones[LAYOUT.zone("board", self.me)])
            actions = tuple(a for a in actions if a.kind != PLAY or a.at in (-1, board))
        enemy_hero = hero_of(state, 1 - self.me)

        def order(a: SkirmishAction) -> int:  # face first, the end of the turn last
            if a.kind == END_TURN:
                return 3
            if a.target == enemy_hero:
                return 0
            return 1 if a.kind == ATTACK else 2

        return sorted(actions, key=order)

    def _end_matters(self, state: SkirmishState) -> bool:
        entities, zones = state.table.entities, state.table.zones
        return any(entities[i].card in _END_LISTENERS for z in _IN_PLAY for i in zones[z])

    def hopeless(self, state: SkirmishState) -> bool:
        """The damage bound (module docstring) proves no lethal from *state*."""
        if state.frames or state.queue or state.pending is not None:
            return False
        entities, zones = state.table.entities, state.table.zones
        me = self.me
        if any(entities[i].card in ACTIVE_CARDS for z in _IN_PLAY for i in zones[z]):
            return False
        mana = state.mana[me]
        for i in zones[LAYOUT.zone("hand", me)]:
            e = entities[i]
            if e.card not in VANILLA_CARDS and cost_of(state, e) <= mana:  # a cost changed too
                return False
        bound = 0
        for i in (*zones[LAYOUT.zone("board", me)], hero_of(state, me)):
            e = entities[i]
            if can_attack(state, e):
                bound += attack_value(state, e) * ((2 if e.tags & WINDFURY else 1) - e.attacks)
        if not state.powered[me] and mana >= 2:
            if power_of(state, me) == "life_tap" and zones[LAYOUT.zone("deck", me)]:
                return False
            bound += 2
        hero = entities[hero_of(state, 1 - me)]
        return bound < hero.health - hero.damage + hero.armor

    def _placement_matters(self, state: SkirmishState) -> bool:
        entities, zones = state.table.entities, state.table.zones
        for kind in ("hand", "board"):
            for i in zones[LAYOUT.zone(kind, self.me)]:
                if entities[i].card in ADJACENCY_CARDS:
                    return True
        return False

    def turn_over(self, state: SkirmishState, player: int) -> bool:
        """The turn has ended (the end-of-turn step resolved) or someone else decides."""
        if state.pending is None:
            return state.step != MAIN_STEP
        return player not in (CHANCE, self.me)

    def value(self, state: SkirmishState) -> Fraction:
        player = current_player(state)
        if player == TERMINAL:
            return _ONE if state.winner == self.me else _ZERO
        if self.turn_over(state, player):
            return _ZERO  # no win this turn
        k = key(state)
        known = self.values.get(k)
        if known is not None:
            self.duplicates += 1
            return known
        self.expanded += 1
        if self.limiter.exhausted(self.expanded, len(self.values)):
            raise _Stop
        if player != CHANCE and self.hopeless(state):
            self.values[k] = _ZERO
            return _ZERO
        if player == CHANCE:
            total = _ZERO
            for action, weight in chance_outcomes(state):
                self.generated += 1
                total += weight * self.value(step(state, action))
            self.values[k] = total
            return total
        best, best_action = _ZERO, None
        for action in self.moves(state):
            self.generated += 1
            v = self.value(step(state, action))
            if best_action is None or v > best:
                best, best_action = v, action
                if best == _ONE:
                    break
        self.values[k] = best
        if best_action is not None:
            self.best[k] = best_action
        return best

    def policy(self, state: SkirmishState) -> Policy:
        """The best line from *state* as JSON (chance outcomes branch)."""
        out: Policy = []
        while True:
            player = current_player(state)
            if player == TERMINAL or self.turn_over(state, player):
                return out
            k = key(state)
            if player == CHANCE:
                branches = []
                for action, weight in chance_outcomes(state):
                    child = step(state, action)
                    branches.append({
                        "outcome": action_to_str(state, action),
                        "probability": _fraction(weight),
                        "win_probability": _fraction(self.known(child)),
                        "then": self.policy(child),
                    })  # fmt: skip
                out.append({"random": branches})
                return out
            chosen = self.best.get(k)
            if chosen is None or self.values[k] == _ZERO:
                return out  # nothing wins from here: the line stops
            out.append(action_to_str(state, chosen))
            state = step(state, chosen)

    def known(self, state: SkirmishState) -> Fraction:
        player = current_player(state)
        if player == TERMINAL:
            return _ONE if state.winner == self.me else _ZERO
        if self.turn_over(state, player):
            return _ZERO
        return self.values.get(key(state), _ZERO)

    def stats(self) -> SearchStats:
        return self.limiter.stats(
            expanded=self.expanded,
            generated=self.generated,
            duplicates=self.duplicates,
            peak_frontier=len(self.values),
        )


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def main_line(tree: Policy) -> tuple[str, ...]:
    """The decisions of a policy, following at each chance node its most winning outcome."""
    out: list[str] = []
    items = tree
    while items:
        for item in items:
            if isinstance(item, str):
                out.append(item)
                continue
            assert isinstance(item, dict)
            branches = item["random"]
            best = max(branches, key=lambda b: Fraction(b["win_probability"]))
            out.append(best["outcome"])
            items = best["then"]
            break
        else:
            return tuple(out)
    return tuple(out)


def solve_lethal(state: SkirmishState, *, budget: Budget | None = None) -> LethalResult:
    """Search every line of the player to move, this turn; see the module docstring."""
    me = state.to_move
    search = _Search(me, budget)
    try:
        value = search.value(state)
        complete = True
    except _Stop:
        complete = False
        value = search.known(state)
    root = key(state)
    if not complete and root not in search.values:
        # the root's own search was cut: its best completed move is a lower bound
        value = _ZERO
        for action in search.moves(state):
            v = search.known(step(state, action))
            if v > value:
                value = v
                search.values[root], search.best[root] = v, action
    tree = search.policy(state) if value > 0 else []
    if complete:
        verdict = (
            LethalVerdict.GUARANTEED if value == 1
            else LethalVerdict.PROBABLE if value > 0
            else LethalVerdict.NO_LETHAL
        )  # fmt: skip
    else:
        verdict = LethalVerdict.GUARANTEED if value == 1 else LethalVerdict.UNKNOWN
    if value > 0 and (complete or value == 1):
        search_verdict = SOLVED
    else:
        search_verdict = PROVED_UNSOLVABLE if complete else UNKNOWN
    return LethalResult(
        verdict=verdict,
        search_verdict=search_verdict,
        win_probability=value,
        line=main_line(tree),
        tree=tuple(tree),
        stats=search.stats(),
    )
