"""Basic and Classic cards whose Fireplace script is wrong or differs: our rule, pinned."""

from __future__ import annotations

from fractions import Fraction

from pure_engine.cards.runtime import EntityId
from pure_engine.games.skirmish.actions import CHOOSE, SkirmishAction
from pure_engine.games.skirmish.base import DIVINE_SHIELD, TAUNT
from pure_engine.games.skirmish.game_rules import within_turn
from tests.skirmish_helpers import GAME, board, play, position


def test_cabal_shadow_priest_takes_a_small_minion() -> None:
    s = position(
        {"class": "priest", "mana": 6, "hand": ["cabal_shadow_priest"]},
        {"board": [{"card": "bloodfen_raptor"}, {"card": "wisp"}]},
    )
    assert [a for a in GAME.legal_strings(s) if "cabal" in a] == [
        "play cabal_shadow_priest -> enemy 2"
    ]  # the raptor has 3 Attack
    s = play(s, "play cabal_shadow_priest -> enemy 2")
    assert board(s, 0) == [("cabal_shadow_priest", 4, 5), ("wisp", 1, 1)]
    assert board(s, 1) == [("bloodfen_raptor", 3, 2)]


def test_mind_control_tech_needs_four_enemy_minions() -> None:
    three = [{"card": "wisp"}] * 3
    s = play(position({"mana": 3, "hand": ["mind_control_tech"]}, {"board": three}),
             "play mind_control_tech")  # fmt: skip
    assert len(board(s, 1)) == 3 and s.pending is None
    s = position({"mana": 3, "hand": ["mind_control_tech"]}, {"board": [*three, {"card": "wisp"}]})
    s = within_turn(s, GAME.parse_action(s, "play mind_control_tech"))
    assert s.pending is not None and s.pending.weights == (Fraction(1, 4),) * 4
    s = within_turn(s, SkirmishAction(CHOOSE, 0))
    assert len(board(s, 0)) == 2 and len(board(s, 1)) == 3


def test_mad_bombers_missiles_skip_the_dead() -> None:
    s = position({"mana": 2, "hand": ["mad_bomber"], "health": 30},
                 {"board": [{"card": "wisp"}], "health": 30})  # fmt: skip
    s = within_turn(s, GAME.parse_action(s, "play mad_bomber"))
    options = s.pending.options if s.pending else ()
    assert len(options) == 3  # two heroes and the wisp, never the bomber
    ids = [EntityId(int(o[0])) for o in options if isinstance(o, tuple) and isinstance(o[0], int)]
    wisp = next(i for i, o in enumerate(ids) if s.table.entities[o].card == "wisp")
    s = within_turn(s, SkirmishAction(CHOOSE, wisp))  # the wisp dies
    assert s.pending is not None and len(s.pending.options) == 2  # only the heroes are left


def test_gift_of_the_wild_and_righteousness() -> None:
    s = position({"class": "druid", "mana": 8, "hand": ["gift_of_the_wild"],
                  "board": [{"card": "wisp"}]})  # fmt: skip
    s = play(s, "play gift_of_the_wild")
    wisp = s.table.entities[s.table.zones["board0"][0]]  # type: ignore[index]  # a zone id
    assert (wisp.attack, wisp.health, bool(wisp.tags & TAUNT)) == (3, 3, True)
    s = position({"class": "paladin", "mana": 5, "hand": ["righteousness"],
                  "board": [{"card": "wisp"}, {"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play righteousness")
    assert all(s.table.entities[i].tags & DIVINE_SHIELD for i in s.table.zones["board0"])  # type: ignore[index]  # a zone id
