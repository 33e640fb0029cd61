"""The JSON rule engine: Belote legality as rules vs hand-written Python, compiled vs
interpreted; one query against the peer rule engines; random Belote deals per second against
the ``belote-cli`` package's engine.

Run: ``python -m benchmarks rules``.

* **Legality** — the same 2 000 play positions of random Belote deals, per
  ``legal_actions`` call: the compiled rule set (``play.json``, the game's own
  ``legal_cards``), the same rules interpreted (``compiled=False``), and the hand-written
  oracle of the tests (``tests/belote_oracle.py``), each from the game's bit-set hand.
  Goal: compiled rules <= 3x the hand-written function.
* **Peers** — "the cards of the hand in the led suit that beat the best card on the table":
  our one-rule query, ``rule-engine`` (an expression filtered over per-card dicts: it binds
  no variables by matching, so each card is a dict) and ``business-rules`` (variables and
  actions classes; its conditions compare to constants, so the rule JSON is built per query).
  Queries per second, each on the same positions.
* **Deals** — random Belote deals per second on one core (deal, bidding, 32 cards, scoring)
  with uniformly random legal choices: ours through ``random_playouts`` (Coinche too, and
  Belote with the rules bot in all four seats), and
  ``belote-cli`` (``belote.game``: new_game, start_round, place_bid, legal_cards,
  play_card) driven by the same kind of loop.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks._timing import print_table
from pure_engine.core.playout import random_playouts
from pure_engine.games.belote.belote import Phase, current_player
from pure_engine.games.belote.bot import RulesBot
from pure_engine.games.belote.game import make_belote as make_game
from pure_engine.games.belote.game import make_coinche
from pure_engine.games.belote.play import (
    LIBRARY,
    PLAY_RULES,
    belote_cards,
    legal_cards,
    play_view,
    power,
)
from pure_engine.rules import load_rules, query_values
from tests.belote_oracle import oracle_legal

__all__ = ["main"]

Position = tuple[int, tuple[int, ...], int]  # hand bit set, trick, trump


def positions(count: int, seed: int = 0) -> list[Position]:
    """Play positions met in random Belote deals."""
    game = make_game()
    rng = random.Random(seed)
    found: list[Position] = []
    deal = 0
    while len(found) < count:
        state = game.initial_state(seed=seed * 100_000 + deal)
        deal += 1
        while not game.is_terminal(state):
            if game.is_chance_node(state):
                state = game.resolve_chance(state)[1]
                continue
            if state.phase == Phase.PLAY and state.trump is not None:
                hand = state.tricks.hands[current_player(state)]
                found.append((hand, state.tricks.trick, state.trump))
            state = game.step(state, rng.choice(game.legal_actions(state)))
    return found[:count]


def per_call_us(fn: Callable[[Any], object], cases: Sequence[Any], repeat: int = 5) -> float:
    """Best-of-*repeat* microseconds per call of *fn* over *cases*."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for case in cases:
            fn(case)
        best = min(best, (time.perf_counter() - t0) / len(cases))
    return best * 1e6


def legality_rows(cases: list[Position]) -> list[list[object]]:
    def rules(case: Position) -> object:
        return legal_cards(*case)

    def interpreted(case: Position) -> object:
        found = query_values(PLAY_RULES, play_view(*case), "C", compiled=False)
        return tuple(sorted(found))

    def hand_written(case: Position) -> object:
        hand, trick, trump = case
        return oracle_legal(belote_cards(hand), trick, trump)

    for case in cases[:200]:
        assert rules(case) == interpreted(case) == hand_written(case)
    timings: dict[str, float] = {}
    for _ in range(3):  # interleaved rounds: the machine is shared and noisy
        for name, fn in (("hand", hand_written), ("compiled", rules), ("interp", interpreted)):
            t = per_call_us(fn, cases if name != "interp" else cases[:400], repeat=2)
            timings[name] = min(timings.get(name, t), t)
    hand = timings["hand"]
    return [
        ["hand-written Python (tests/belote_oracle.py)", f"{hand:.1f}", "1.0x"],
        [
            "rules, compiled (the game's legal_actions)",
            f"{timings['compiled']:.1f}",
            f"{timings['compiled'] / hand:.1f}x",
        ],
        [
            "rules, interpreted (compiled=False)",
            f"{timings['interp']:.1f}",
            f"{timings['interp'] / hand:.1f}x",
        ],
    ]


QUERY = {
    "higher in the led suit": {
        "condition": {
            "led": "$L:suit",
            "trump": "$T",
            "best": "$B",
            "hand": {"$I": "$C"},
            "_": "suit($C) == $L and power($C, $L, $T) > $B",
        }
    }
}


def peer_rows(cases: list[Position]) -> list[list[object]]:
    views = [play_view(*case) for case in cases if case[1]]
    ours = load_rules(QUERY, library=LIBRARY)

    def ours_query(view: Any) -> list[int]:
        return sorted(query_values(ours, view, "C"))

    rows: list[list[object]] = []
    expected = [ours_query(v) for v in views]
    t = per_call_us(ours_query, views)
    rows.append(["pure_engine.rules (compiled)", f"{1e6 / t:,.0f}", "1.0x"])

    if importlib.util.find_spec("rule_engine") is not None:
        import rule_engine

        rule = rule_engine.Rule("suit == led and power > best")

        def rule_engine_query(view: Any) -> list[int]:
            cards = [
                {
                    "card": c,
                    "suit": c // 13,
                    "power": power(c, view.led, view.trump),
                    "led": view.led,
                    "best": view.best,
                }
                for c in view.hand
            ]
            return sorted(item["card"] for item in rule.filter(cards))

        assert [rule_engine_query(v) for v in views] == expected
        t2 = per_call_us(rule_engine_query, views)
        rows.append(
            ["rule-engine 5 (filter over per-card dicts)", f"{1e6 / t2:,.0f}", f"{t / t2:.2f}x"]
        )
    else:
        rows.append(["rule-engine", "not installed (peers extra)", "-"])

    if importlib.util.find_spec("business_rules") is not None:
        rows.append(business_rules_row(views, expected, t))
    else:
        rows.append(["business-rules", "not installed (peers extra)", "-"])
    return rows


def business_rules_row(views: list[Any], expected: list[list[int]], ours_us: float) -> list[object]:
    from business_rules import run_all
    from business_rules.actions import BaseActions, rule_action
    from business_rules.variables import BaseVariables, numeric_rule_variable

    class CardVariables(BaseVariables):  # type: ignore[misc]  # untyped peer
        def __init__(self, card: int, view: Any) -> None:
            self.card, self.view = card, view

        @numeric_rule_variable  # type: ignore[untyped-decorator]  # untyped peer
        def suit(self) -> int:
            return self.card // 13

        @numeric_rule_variable  # type: ignore[untyped-decorator]  # untyped peer
        def power(self) -> int:
            return power(self.card, self.view.led, self.view.trump)

    class Collect(BaseActions):  # type: ignore[misc]  # untyped peer
        def __init__(self, card: int, out: list[int]) -> None:
            self.card, self.out = card, out

        @rule_action(params={})  # type: ignore[untyped-decorator]  # untyped peer
        def keep(self) -> None:
            self.out.append(self.card)

    def business_query(view: Any) -> list[int]:
        rules = [
            {
                "conditions": {
                    "all": [
                        {"name": "suit", "operator": "equal_to", "value": view.led},
                        {"name": "power", "operator": "greater_than", "value": view.best},
                    ]
                },
                "actions": [{"name": "keep", "params": {}}],
            }
        ]
        out: list[int] = []
        for card in view.hand:
            run_all(
                rules, CardVariables(card, view), Collect(card, out), stop_on_first_trigger=True
            )
        return sorted(out)

    assert [business_query(v) for v in views[:200]] == expected[:200]
    t = per_call_us(business_query, views[:400], repeat=3)
    return ["business-rules 1.1 (run_all per card)", f"{1e6 / t:,.0f}", f"{ours_us / t:.2f}x"]


def deals_per_second(run: Callable[[int], int], seconds: float = 3.0) -> float:
    done = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        done += run(20)
    return done / (time.perf_counter() - t0)


def deal_rows() -> list[list[object]]:
    game = make_game()
    seeds = iter(range(1, 10**9))

    def ours(deals: int) -> int:
        random_playouts(game, deals, seed=next(seeds))
        return deals

    ours_rate = deals_per_second(ours)
    rows: list[list[object]] = [
        ["pure_engine belote (rules legality)", f"{ours_rate:,.0f}", "1.0x"]
    ]
    coinche = make_coinche()

    def coinche_deals(deals: int) -> int:
        random_playouts(coinche, deals, seed=next(seeds))
        return deals

    coinche_rate = deals_per_second(coinche_deals)
    rows.append(["pure_engine coinche (random calls)", f"{coinche_rate:,.0f}",
                 f"{coinche_rate / ours_rate:.2f}x"])  # fmt: skip
    bots = [RulesBot(seed=s) for s in range(4)]

    def bot_deals(deals: int) -> int:
        for _ in range(deals):
            state = game.initial_state(seed=next(seeds))
            while not game.is_terminal(state):
                if game.is_chance_node(state):
                    state = game.resolve_chance(state)[1]
                else:
                    state = game.step(state, bots[current_player(state)].choose(game, state))
        return deals

    bot_rate = deals_per_second(bot_deals)
    rows.append(["pure_engine belote, the rules bot in all four seats", f"{bot_rate:,.0f}",
                 f"{bot_rate / ours_rate:.2f}x"])  # fmt: skip
    if importlib.util.find_spec("belote") is None:
        rows.append(["belote-cli", "not installed (peers extra)", "-"])
        return rows
    from belote import game as peer  # the belote-cli package

    rng = random.Random(1)
    suits = [s for s in peer.Suit if s != getattr(peer.Suit, "TOUT_ATOUT", None)]

    def peer_deals(deals: int) -> int:
        for _ in range(deals):
            state = peer.start_round(peer.new_game(), rng)
            while state.phase == peer.Phase.BIDDING:
                options: list[Any] = [None]
                options += [state.up_card.suit] if state.bidding_round == 1 else suits
                state = peer.place_bid(state, rng.choice(options))
            while state.phase == peer.Phase.PLAYING:
                state = peer.play_card(state, rng.choice(peer.legal_cards(state, state.turn)))
        return deals

    peer_rate = deals_per_second(peer_deals)
    rows.append(
        [
            "belote-cli 4.9.6 (belote.game)",
            f"{peer_rate:,.0f}",
            f"{ours_rate / peer_rate:.2f}x ours",
        ]
    )
    return rows


def main() -> None:
    cases = positions(2000)
    print_table(
        "Belote legality, microseconds per call (same 2 000 positions)",
        ["legal_actions by", "us/call", "vs hand-written"],
        legality_rows(cases),
    )
    print_table(
        "'cards of the led suit beating the best', queries/s",
        ["engine", "queries/s", "ours / theirs time"],
        peer_rows(cases),
    )
    print_table(
        "random Belote deals per second, one core", ["engine", "deals/s", "ratio"], deal_rows()
    )
