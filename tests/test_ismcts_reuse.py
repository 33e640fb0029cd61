"""IS-MCTS tree reuse: the kept tree follows what the observer saw, and only that."""

from __future__ import annotations

from typing import Any

from pure_engine import load_game
from pure_engine.search.bots import SearchBot, make_bot
from pure_engine.search.ismcts import ismcts, ismcts_subtree, observed_label

KUHN = load_game("kuhn_poker")
PASS, BET = 0, 1


def dealt(p0: int, p1: int) -> Any:
    return KUHN.step(KUHN.step(KUHN.initial_state(), p0), p1)


def test_opponent_cards_player_cannot_see_lead_to_the_same_node() -> None:
    # player 0 holds the queen; player 1's card is hidden: after player 1's bet the
    # observed edge is the same whether player 1 holds the jack or the king
    a, b = dealt(1, 0), dealt(1, 2)
    a1, b1 = KUHN.step(a, PASS), KUHN.step(b, PASS)
    label_a = observed_label(KUHN, 0, a1, BET, KUHN.step(a1, BET))
    label_b = observed_label(KUHN, 0, b1, BET, KUHN.step(b1, BET))
    assert label_a == label_b
    # ... while what player 1 sees differs (its own card)
    assert observed_label(KUHN, 1, a, PASS, a1) != observed_label(KUHN, 1, b, PASS, b1)


def test_the_search_continues_from_the_followed_node() -> None:
    state = dealt(1, 0)
    first = ismcts(KUHN, state, 0, simulations=400, seed=3)
    after_pass = KUHN.step(state, PASS)
    after_bet = KUHN.step(after_pass, BET)
    node = ismcts_subtree(first.tree, KUHN, 0, state, PASS, after_pass)
    node = ismcts_subtree(node, KUHN, 0, after_pass, BET, after_bet)
    assert node is not None
    kept = sum(edge.visits for edge in node.edges.values())
    assert kept > 0
    again = ismcts(KUHN, after_bet, 0, simulations=100, seed=4, tree=node)
    assert sum(n for _, n in again.visits) == kept + 100
    # the same seed and tree give the same decision: reuse stays reproducible
    node2 = ismcts_subtree(
        ismcts_subtree(
            ismcts(KUHN, state, 0, simulations=400, seed=3).tree, KUHN, 0, state, PASS, after_pass
        ),
        KUHN,
        0,
        after_pass,
        BET,
        after_bet,
    )
    assert ismcts(KUHN, after_bet, 0, simulations=100, seed=4, tree=node2).action == again.action


def test_the_ismcts_bot_keeps_its_tree_between_its_moves() -> None:
    bot = make_bot("ismcts:simulations=300", KUHN, seed=1)
    assert isinstance(bot, SearchBot)
    state = dealt(1, 0)
    bot.choose(KUHN, state)
    for action in (PASS, BET):  # whatever it chose, the game went pass, bet
        bot.inform(action)
        state = KUHN.step(state, action)
    kept = bot._tree
    assert kept is not None
    before = sum(edge.visits for edge in kept.edges.values())
    bot.choose(KUHN, state)
    assert bot._tree is kept and sum(e.visits for e in kept.edges.values()) == before + 300
    bot.restart()
    assert bot._tree is None
