"""Fireplace as an oracle for skirmish's cards: one position built in both engines, one card
played with the same targets and choices, the resulting positions compared.

A *scenario* is a puzzle position (the JSON of :mod:`pure_engine.games.skirmish.puzzle`,
player 0 to move) plus one play: the hand index of the card, its target (``("hero", p)``
or ``("minion", p, i)``: player *p*'s hero or *i*-th minion from the left), the board
position of a minion, and the answers to the decisions the card asks (a mode index; a card
key for a card chosen from a list).  :func:`skirmish_outcomes` gives the exact distribution
of resulting positions in skirmish (every chance outcome followed), :meth:`Oracle.play`
one Fireplace run under a seed, :func:`frequency_mismatch` compares the two as
distributions.

Fireplace (package ``fireplace2``, the ``peers`` extra) loads only recent card sets by
default; the oracle merges the original Basic and Classic printings (``LEGACY`` and
``EXPERT1``, with Fireplace's scripts for them) into its card database.
"""

from __future__ import annotations

import logging
import math
import random
import re
from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, TypeVar

from pure_engine.cards.runtime import CHANCE_PLAYER, FROZEN, DecisionKind, EntityId
from pure_engine.games.skirmish.actions import (
    CHOOSE,
    PLAY,
    SkirmishAction,
    attack_value,
    cost_of,
    hero_of,
)
from pure_engine.games.skirmish.base import (
    BOARD,
    DECK,
    ELUSIVE,
    HAND,
    KEYWORDS,
    SPELLPOWER,
    WEAPON,
    SkirmishState,
)
from pure_engine.games.skirmish.cards import DEFS
from pure_engine.games.skirmish.game_rules import within_turn
from pure_engine.games.skirmish.rules import POOL
from tests.fireplace_ids import HERO_IDS, TOKEN_ALIASES, TOKEN_IDS
from tests.fireplace_wrong import (
    FIREPLACE_WRONG,
    FIREPLACE_WRONG_BESIDE,
    LATER_PRINTING,
    correct_fireplace,
)

__all__ = [
    "FIREPLACE_WRONG",
    "FIREPLACE_WRONG_BESIDE",
    "HERO_IDS",
    "LATER_PRINTING",
    "Oracle",
    "Play",
    "Position",
    "frequency_mismatch",
    "option_entity",
    "settle",
    "skirmish_outcomes",
]

_SETS: Final = ("LEGACY", "EXPERT1", "BASIC")

# FIREPLACE_WRONG, FIREPLACE_WRONG_BESIDE and LATER_PRINTING live in tests/fireplace_wrong.py
# (re-exported here).

TAG_NAMES: Final = tuple((bit, name) for name, bit in KEYWORDS.items() if name != "spell_damage")
"""The keywords compared (Fireplace's attribute for each is in :data:`_FP_TAGS`)."""
_FP_TAGS: Final = {
    "taunt": "taunt", "charge": "charge", "divine_shield": "divine_shield",
    "windfury": "windfury", "stealth": "stealthed", "poisonous": "poisonous",
    "elusive": "cant_be_targeted_by_abilities", "cant_attack": "cant_attack",
    "immune": "cant_be_damaged",  # what Fireplace's buff(immune=True) sets on a minion
}  # fmt: skip

K = TypeVar("K", bound=Hashable)

Minion = tuple[str, int, int, int, frozenset[str]]
"""(card, attack, maximum health, damage, keywords and ``frozen``)."""


@dataclass(frozen=True)
class Side:
    """One player's part of a compared position."""

    health: int
    armor: int
    attack: int
    weapon: tuple[str, int, int] | None
    board: tuple[Minion, ...]
    hand: tuple[tuple[str, int | None], ...]
    """(card, what it costs now: for the player to move only; Pint-Sized Summoner) in hand."""
    deck: tuple[str, ...]
    mana: int
    """Mana left (the player to move; 0 for the other, whose mana refills before it counts)."""
    crystals: int
    immune: bool  # the hero is Immune (Ice Block's, this turn)


Position = tuple[Side, Side] | tuple[str, bool, bool]
"""Both sides, or ``("over", hero 0 dead, hero 1 dead)`` once a hero has died."""


@dataclass(frozen=True)
class Play:
    """Which card is played and how: hand index, target, board position, decisions."""

    hand_index: int
    target: tuple[Any, ...] | None = None
    at: int | None = None
    choices: tuple[int | str, ...] = field(default=())


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


# --- skirmish's side ----------------------------------------------------------------------------


def _tags(bits: int, frozen: bool) -> frozenset[str]:
    names = {name for bit, name in TAG_NAMES if bits & bit}
    return frozenset(names | ({"frozen"} if frozen else set()))


def skirmish_position(state: SkirmishState) -> Position:
    """*state* in the compared form."""
    entities = state.table.entities
    heroes = [entities[hero_of(state, p)] for p in (0, 1)]
    dead = [h.damage >= h.health for h in heroes]
    if any(dead):
        return ("over", dead[0], dead[1])
    zones = state.table.zones
    sides = []
    for p in (0, 1):
        hero, mine = heroes[p], p == state.to_move
        hand = [entities[i] for i in zones[HAND.zones[p]]]
        weapon = None
        for w in zones[WEAPON.zones[p]]:
            e = entities[w]
            weapon = (e.card, e.attack, e.health - e.damage)
        board = tuple(
            (e.card, e.attack, e.health, e.damage, _tags(e.tags, bool(e.status & FROZEN)))
            for e in (entities[i] for i in zones[BOARD.zones[p]])
        )
        sides.append(
            Side(
                hero.health - hero.damage,
                hero.armor,
                # a weapon is sheathed in the other player's turn: that hero's Attack is 0
                attack_value(state, hero) if p == state.to_move else 0,
                weapon,
                board,
                tuple((e.card, cost_of(state, e) if mine else None) for e in hand),
                tuple(entities[i].card for i in zones[DECK.zones[p]]),
                state.mana[p] if p == state.to_move else 0,
                state.crystals[p],
                bool(hero.tags & KEYWORDS["immune"]),
            )
        )
    return (sides[0], sides[1])


def _target_id(state: SkirmishState, target: tuple[Any, ...] | None) -> int:
    if target is None:
        return -1
    if target[0] == "hero":
        return int(hero_of(state, target[1]))
    return int(state.table.zones[BOARD.zones[target[1]]][target[2]])


def skirmish_action(state: SkirmishState, play: Play) -> SkirmishAction:
    """The skirmish action of *play* in *state*."""
    card = state.table.zones[HAND.zones[state.to_move]][play.hand_index]
    # a choose-one card picks its target inside the chosen mode, not when it is played
    target = (
        _target_id(state, play.target) if state.table.entities[card].card in POOL.targets else -1
    )
    return SkirmishAction(PLAY, card, target, -1 if play.at is None else play.at)


def option_entity(option: object) -> int:
    """The entity a decision option names (a one-entity tuple or an id)."""
    value = option[0] if isinstance(option, tuple) else option
    assert isinstance(value, int)
    return value


def _answer(state: SkirmishState, choice: int | str) -> SkirmishState:
    pending = state.pending
    assert pending is not None
    if isinstance(choice, int):
        index = choice
    else:  # a card key: the option offering that card
        index = next(
            i for i, o in enumerate(pending.options)
            if state.table.entities[EntityId(option_entity(o))].card == choice
        )  # fmt: skip
    return within_turn(state, SkirmishAction(CHOOSE, index))


def skirmish_outcomes(state: SkirmishState, play: Play) -> dict[Position, Fraction]:
    """Every position *play* can lead to, with its exact probability."""
    out: dict[Position, Fraction] = {}
    # a target chosen after the play (a Choose One mode's) is named as on the board before
    # it, as Fireplace takes it: the minion played may have moved the others along
    target = -1 if play.target is None else _target_id(state, play.target)
    todo: list[tuple[SkirmishState, Fraction, int]] = [
        (within_turn(state, skirmish_action(state, play)), Fraction(1), 0)
    ]
    while todo:
        s, p, used = todo.pop()
        pending = s.pending
        if pending is None or s.winner is not None:
            pos = skirmish_position(s)
            out[pos] = out.get(pos, Fraction(0)) + p
        elif pending.player == CHANCE_PLAYER:
            for i, w in enumerate(pending.weights):
                todo.append((within_turn(s, SkirmishAction(CHOOSE, i)), p * w, used))
        elif pending.kind is DecisionKind.TARGET:
            index = [option_entity(o) for o in pending.options].index(target)
            todo.append((within_turn(s, SkirmishAction(CHOOSE, index)), p, used))
        else:
            todo.append((_answer(s, play.choices[used]), p, used + 1))
    return out


# --- Fireplace's side ---------------------------------------------------------------------------


_NOT_PRINTED_AS_TAGS: Final = ("spell_damage", "elusive", "immune")  # set apart, or never
_KEYWORD_TAGS: Final = {  # our printed keywords under Fireplace's tag names (none prints Immune)
    bit: name.upper() for name, bit in KEYWORDS.items() if name not in _NOT_PRINTED_AS_TAGS
}


def _print_ours(data: Any, card: Any) -> None:
    """Give Fireplace's card data our printed cost, stats, keywords and Overload.

    The card data Fireplace reads carries the balance changes made to the Basic and Classic
    cards over the years (Knife Juggler 3/2, Druid of the Claw 6 mana...); skirmish prints one
    version of each card, and the scripts (what a card does) are what the oracle checks.
    """
    from hearthstone.enums import CardType, GameTag, Race

    tags = data.tags
    tags[GameTag.COST] = card.cost
    tags[GameTag.OVERLOAD] = card.extra.get("overload", 0)  # Feral Spirit's was 2, not 1
    if "minion" in card.types or "weapon" in card.types:
        tags[GameTag.ATK] = card.attack
        tags[GameTag.HEALTH] = card.health  # a weapon's durability: its DURABILITY + HEALTH tags
        tags[GameTag.DURABILITY] = 0
    if "minion" in card.types:
        # Lord Jaraxxus is a hero card in today's data (a later printing); ours is the minion
        tags[GameTag.CARDTYPE] = CardType.MINION
        if not tags.get(GameTag.CARDRACE) and "demon" in card.types:
            tags[GameTag.CARDRACE] = Race.DEMON
        for bit, name in _KEYWORD_TAGS.items():
            tags[GameTag[name]] = int(bool(card.tags & bit))
        # the printed amount (Malygos +5): the card data carries 1 and a script for the rest
        tags[GameTag.SPELLPOWER] = card.extra.get("spell_power", 1) if card.tags & SPELLPOWER else 0
        for name in ("CANT_BE_TARGETED_BY_SPELLS", "CANT_BE_TARGETED_BY_HERO_POWERS"):
            tags[GameTag[name]] = int(bool(card.tags & ELUSIVE))
        tags[GameTag.RUSH] = 0


class Oracle:
    """Fireplace's card database with the original Basic/Classic printings, our names for them,
    and a position builder."""

    def __init__(self) -> None:
        logging.getLogger("fireplace").setLevel(logging.CRITICAL)
        from fireplace import cards

        correct_fireplace()
        from fireplace.cards.cardlist import Heroes
        from hearthstone import cardxml
        from hearthstone.enums import GameTag

        xml, _ = cardxml.load(locale="enUS")
        wanted = [
            cid for cid, c in xml.items()
            if getattr(c.card_set, "name", "") in _SETS or cid.startswith("GAME_")
        ]  # fmt: skip
        for cid in [*wanted, *Heroes]:
            if cid in xml and cid not in cards.db:
                cards.db[cid] = cards.db.merge(cid, xml[cid])
        cards.db.initialized = True
        originals: dict[str, str] = {}
        for cid in sorted(wanted):
            c = xml[cid]
            if c.collectible and c.type.name in ("MINION", "SPELL", "WEAPON", "HERO"):
                originals.setdefault(_snake(c.name), cid)
        self.ids: dict[str, str] = {}
        for key, d in DEFS.items():
            cid = TOKEN_IDS.get(key) or originals.get(key)
            if cid is not None and d.types & {"minion", "spell", "weapon"}:
                self.ids[key] = cid
        self.keys = {cid: key for key, cid in self.ids.items()}
        for key, cid in self.ids.items():
            _print_ours(cards.db[cid], DEFS[key])
        # Ancient Mage's enchantment carries its Spell Damage +1 only in its text in this card
        # data (Fireplace has no script for it either): without it the mage gives nothing
        cards.db["EX1_584e"].tags[GameTag.SPELLPOWER] = 1
        for data in cards.db.values():
            data.spellpower = data.tags.get(GameTag.SPELLPOWER, 0)
            if data.tags.get(GameTag.CHOOSE_ONE):
                data.has_choose_one = True
        self.missing = sorted(k for k in DEFS if k not in self.ids and "hero" not in k)

    def key(self, card: Any) -> str:
        """Our name of a Fireplace card (its id when we have none)."""
        return str(self.keys.get(card.id, TOKEN_ALIASES.get(card.id, card.id)))

    def build(self, puzzle: Mapping[str, Any]) -> Any:
        """The puzzle position as a Fireplace game, player 0 (``to_move`` must be 0) to act."""
        from fireplace.game import BaseGame
        from fireplace.player import Player
        from hearthstone.enums import Zone

        assert puzzle.get("to_move", 0) == 0
        specs = puzzle["players"]
        players = [Player(f"p{p}", [], HERO_IDS[s["class"]]) for p, s in enumerate(specs)]
        game = BaseGame(players=players)
        game.start()  # player 0's first turn: its draw from the empty deck is undone below
        for player, spec in zip(players, specs, strict=True):
            player.fatigue_counter = 0
            hero = player.hero
            hero.damage = hero.max_health - spec.get("health", 30)
            hero.armor = spec.get("armor", 0)
            player.max_mana = spec.get("mana", 0)
            player.used_mana = 0
            if spec.get("weapon"):
                player.summon(self.ids[spec["weapon"]["card"]])
            for name in spec.get("deck", []):
                player.card(self.ids[name], zone=Zone.DECK)
            for name in spec.get("hand", []):
                player.card(self.ids[name], zone=Zone.HAND)
        for player, spec in zip(players, specs, strict=True):
            for m in spec.get("board", []):
                minion = player.card(self.ids[m["card"]], zone=Zone.PLAY)
                minion.turns_in_play = 0 if m.get("exhausted") else 1
                minion.damage = m.get("damage", 0)
                for tag in m.get("tags", []):
                    if tag == "frozen":
                        minion.frozen = True
                    elif tag == "immune":  # as an enchantment, which silence takes away
                        minion.buff(minion, "EX1_295o")
                    elif tag == "spell_damage":
                        minion.spellpower = minion.spellpower or 1  # Malygos keeps his 5
                    else:
                        setattr(minion, _FP_TAGS[tag], True)
        game.refresh_auras()
        return game

    def position(self, game: Any) -> Position:
        """A Fireplace game in the compared form."""
        dead = [p.hero.health <= 0 or p.hero.to_be_destroyed for p in game.players]
        if any(dead):
            return ("over", dead[0], dead[1])
        sides = []
        for player in game.players:
            hero, weapon, now = player.hero, player.weapon, player is game.current_player
            board = tuple(
                (
                    self.key(m), m.atk, m.max_health, m.damage,
                    frozenset({n for n, a in _FP_TAGS.items() if getattr(m, a)}
                              | ({"frozen"} if m.frozen else set())),
                )
                for m in player.field
            )  # fmt: skip
            sides.append(
                Side(
                    hero.health,
                    hero.armor,
                    hero.atk,
                    None if weapon is None else (self.key(weapon), weapon.atk, weapon.durability),
                    board,
                    tuple((self.key(c), c.cost if now else None) for c in player.hand),
                    tuple(self.key(c) for c in player.deck),
                    player.mana if player is game.current_player else 0,
                    player.max_mana,
                    bool(hero.immune),
                )
            )
        return (sides[0], sides[1])

    def play(self, puzzle: Mapping[str, Any], play: Play, seed: int) -> Position:
        """Build the puzzle, play *play* under *seed* (Fireplace draws from ``random``)."""
        saved = random.getstate()
        random.seed(seed)
        try:
            game = self.build(puzzle)
            self.play_on(game, play)
            return self.position(game)
        finally:
            random.setstate(saved)

    def play_on(self, game: Any, play: Play) -> None:
        """Play *play* for the player to move in the Fireplace *game* (a game it ends is over)."""
        from fireplace.exceptions import GameOver, InvalidAction

        me = game.current_player
        card = me.hand[play.hand_index]
        target = None
        if play.target is not None:
            side = game.players[play.target[1]]
            target = side.hero if play.target[0] == "hero" else side.field[play.target[2]]
        choices = list(play.choices)
        choose = None
        if card.must_choose_one:
            if not choices or not isinstance(choices[0], int):
                raise InvalidAction(f"{card!r}: skirmish chose no mode of this Choose One card")
            choose = card.choose_cards[choices.pop(0)]
        try:
            card.play(target=target, index=play.at, choose=choose)
            while me.choice and choices:
                wanted = choices.pop(0)
                options = me.choice.cards
                pick = (
                    options[wanted] if isinstance(wanted, int)
                    else next(c for c in options if self.key(c) == wanted)
                )  # fmt: skip
                me.choice.choose(pick)
        except GameOver:
            pass
        settle(game)


def settle(game: Any) -> None:
    """Finish the death phases Fireplace leaves undone.

    Fireplace2 (the fork on PyPI) ends a death phase without refreshing auras or looking for
    the deaths it caused (``Game.action_end`` returns early after a DEATHS block, "to avoid an
    infinite loop"): a Raid Leader that dies keeps buffing, and minions killed by a
    deathrattle (Abomination's 2 damage) stay on the board.  In the real game deaths are
    processed again until none is left, with auras updated in between; this does that.
    """
    from fireplace.exceptions import GameOver

    for _ in range(64):
        if game.ended:
            return
        game.refresh_auras()
        if not any(card.to_be_destroyed for card in game.live_entities):
            return
        try:
            game.process_deaths()
        except GameOver:
            return


# --- comparing distributions ------------------------------------------------------------------


def _binomial_two_sided(k: int, n: int, p: float) -> float:
    """P(X at least as far from n p as k), X ~ Binomial(n, p): the two-sided exact p-value."""
    pmf = [math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    here = pmf[k] * (1 + 1e-9)
    return min(1.0, sum(q for q in pmf if q <= here))


def frequency_mismatch(
    exact: Mapping[K, Fraction], seen: Counter[K], *, alpha: float
) -> str | None:
    """Why Fireplace's frequencies *seen* reject skirmish's *exact* distribution, or ``None``.

    A position Fireplace reached that skirmish gives probability 0 is a mismatch at once; each
    of skirmish's outcomes is then tested with an exact two-sided binomial test at level
    ``alpha / len(exact)`` (Bonferroni), so a correct skirmish fails with probability at most
    *alpha* over the seeds.
    """
    n = sum(seen.values())
    for pos, count in seen.items():
        if pos not in exact:
            return f"Fireplace reached a position skirmish never does ({count}/{n}): {pos}"
    level = alpha / max(1, len(exact))
    for pos, prob in exact.items():
        k = seen.get(pos, 0)
        pvalue = _binomial_two_sided(k, n, float(prob))
        if pvalue < level:
            return f"frequency {k}/{n} against exact {prob} (p = {pvalue:.2e}): {pos}"
    return None
