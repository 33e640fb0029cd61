"""magic_lite: the turn, priority and the stack, combat keywords, triggers, skip-trivial."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.cards import Ctx
from pure_engine.cards.runtime import DOOMED, EntityId, Frame, is_alive, move, put, refresh_auras
from pure_engine.core import gamerecord
from pure_engine.core.rng import Rng, shuffled
from pure_engine.core.session import AutoPolicy, act, start
from pure_engine.games.magic_lite import MagicState, Step, can_act, legal_actions
from pure_engine.games.magic_lite import turn as turn_module
from pure_engine.games.magic_lite.actions import forced
from pure_engine.games.magic_lite.cards import POOL, card_facts, cost_of
from pure_engine.games.magic_lite.combat import (
    attack_candidates,
    block_list,
    block_options,
    can_attack,
    can_block,
    combat_damage,
    has_first_strike,
    make_combat,
)
from pure_engine.games.magic_lite.damage import damaged, deal_damage
from pure_engine.games.magic_lite.decks import load_deck
from pure_engine.games.magic_lite.dsl import ANY_TARGET, CREATURES
from pure_engine.games.magic_lite.engine import (
    BATTLEFIELD,
    HAND,
    LANDS_UNSEEN_BY_AURAS,
    RULES,
    ZONES,
    any_targets,
    creature_targets,
    draw_card_at,
    paid,
    paid_and_moved,
    settle,
)
from pure_engine.games.magic_lite.game import _table, deal, make_dealer, position
from pure_engine.games.magic_lite.instants import counted
from pure_engine.games.magic_lite.marked import counted as counted_marked
from pure_engine.games.magic_lite.priority import (
    _INSTANTS,
    PASS,
    make_can_act,
    make_priority,
    priority_actions,
    spell_targets,
)
from pure_engine.games.magic_lite.state import Act, CardFacts, MagicEvent
from pure_engine.games.magic_lite.turn import _may_have_killed, start_turns
from pure_engine.games.magic_lite.turn import step as magic_step
from pure_engine.testing import FAST_CHECKS, check_game

GAME = load_game("magic_lite")
NO_SKIP = load_game("magic_lite", skip_trivial=False)


def play(state: MagicState, *texts: str) -> MagicState:
    for text in texts:
        state = GAME.play_str(state, text)
    return state


def cards(state: MagicState, zone: str, player: int) -> list[str]:
    ids = state.table.zones[getattr(ZONES, zone)[player]]
    return [state.table.entities[i].card for i in ids]


def find(state: MagicState, card: str) -> EntityId:
    for e in state.table.entities.values():
        if e.card == card and e.zone in ZONES.battlefield:
            return e.id
    raise AssertionError(f"{card} is not on a battlefield")


# --- the conformance battery ----------------------------------------------------------------------


def test_check_game_with_skip_trivial() -> None:
    check_game(GAME, games=2, max_steps=100, records=2, resamples=1)


def test_check_game_without_skip_trivial() -> None:
    check_game(NO_SKIP, games=1, max_steps=100, checks=FAST_CHECKS, records=1, resamples=1)


def test_check_game_other_decks() -> None:
    game = load_game("magic_lite", deck0="white_weenie", deck1="dimir_fliers")
    check_game(game, games=1, max_steps=100, checks=FAST_CHECKS, records=1, resamples=1)


# --- skip-trivial ---------------------------------------------------------------------------------


def _random_states(game_seed: int, choice_seed: int, steps: int) -> list[MagicState]:
    rng = random.Random(choice_seed)
    state = NO_SKIP.initial_state(game_seed)
    seen = [state]
    for _ in range(steps):
        if NO_SKIP.is_terminal(state):
            break
        legal = NO_SKIP.legal_actions(state)
        state = NO_SKIP.step(state, legal[rng.randrange(len(legal))])
        seen.append(state)
    return seen


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_can_act_is_sound_whenever_it_says_no_only_pass_is_legal(game: int, choices: int) -> None:
    for state in _random_states(game, choices, 160):
        if state.lost or state.pending is not None or state.declaring or state.to_order:
            continue
        if not state.window:
            continue
        legal = legal_actions(state)
        assert can_act(state, state.holder) == (legal != (PASS,)), GAME.render(state)


def test_the_quick_combat_checks_answer_as_the_lists_they_stand_for() -> None:
    # can_attack / can_block repeat the tests of attack_candidates / block_options without
    # building them (they run at every step change): the two must never drift apart
    blocked = 0
    for game in range(6):
        for state in _random_states(game, game + 40, 200):
            assert can_attack(state) == bool(attack_candidates(state)), GAME.render(state)
            assert can_block(state) == bool(block_options(state)), GAME.render(state)
            blocked += bool(state.attackers and block_options(state))
    assert blocked > 0  # some states really had attackers that could be blocked


def test_a_games_combat_memo_answers_as_the_plain_checks() -> None:
    # the memo keeps the creatures able to attack per (table, active player) and the
    # (blocker, attacker) pairs per (table, attackers, active player), and checks the attackers
    # and blocks declared against them: asked along games, forwards and back (the same table
    # with more or fewer declared), its checks and lists agree with the plain functions
    memo = make_combat()
    attacking = blocking = 0
    for game in range(4):
        states = _random_states(game, game + 7, 200)
        for state in (*states, *reversed(states)):
            assert memo.can_attack(state) == can_attack(state), GAME.render(state)
            assert memo.candidates(state) == attack_candidates(state), GAME.render(state)
            assert memo.can_block(state) == can_block(state), GAME.render(state)
            assert memo.block_options(state) == block_options(state), GAME.render(state)
            assert memo.block_list(state) == block_list(state), GAME.render(state)
            attacking += bool(state.attackers and state.declaring and state.step == Step.ATTACKERS)
            blocking += bool(state.blocks and state.declaring)
    assert attacking > 0 and blocking > 0  # met in the middle of both declarations


def test_a_games_memo_of_can_act_answers_as_the_check_itself() -> None:
    # the memo (one per game value) keys its answer by the table's identity and the timing flags:
    # asked in any order along a game, it agrees with the plain check
    memo, other = make_can_act(), make_can_act()
    rng = random.Random(3)
    for state in _random_states(7, 11, 200):
        for player in rng.sample((0, 1, 0, 1), 4):
            assert memo(state, player) == can_act(state, player) == other(state, player)


def test_the_creature_targets_of_the_list_are_the_compiled_selectors() -> None:
    # priority._choices lists the targets of a spell aimed at any creature (dsl.CREATURES) or
    # at any target (dsl.ANY_TARGET) without the compiled selector: the same ids in the same
    # order (the random player picks by index), along games with creatures dying, pumped and on
    # both sides
    aimed = [key for key, d in POOL.defs.items() if d.target == CREATURES]
    anywhere = [key for key, d in POOL.defs.items() if d.target == ANY_TARGET]
    assert "giant_growth" in aimed and "rancor" in aimed and "lightning_bolt" in anywhere
    listers = [(key, creature_targets) for key in aimed[:3]]
    listers += [(key, any_targets) for key in anywhere[:2]]
    game = load_game("magic_lite", deck0="green_stompy", deck1="white_weenie", skip_trivial=False)
    seen = 0
    for seed in range(3):
        state, rng = game.initial_state(seed), random.Random(seed)
        while not game.is_terminal(state):
            table = state.table
            for source in table.zones[ZONES.hand[0]] + table.zones[ZONES.hand[1]]:
                for key, lister in listers:
                    compiled = POOL.targets[key](table, Ctx(source, table.entities[source].owner))
                    kit = [t for t in compiled if t != source and is_alive(table.entities[t])]
                    assert lister(table, source) == kit
                    owner = table.entities[source].owner
                    assert spell_targets(state, key, source, owner) == tuple(kit)
                    seen += len(kit)
            legal = game.legal_actions(state)
            state = game.step(state, legal[rng.randrange(len(legal))])
    assert seen > 100
    # creatures a settle has not removed yet: lethal damage, destroyed (DOOMED)
    s = position(
        hands=(("giant_growth",), ()),
        battlefields=(("forest", "grizzly_bears", "craw_wurm"), ("llanowar_elves", "rancor")),
    )
    bears, wurm = s.table.zones[ZONES.battlefield[0]][1:]
    table = put(s.table, s.table.entities[bears].replace(damage=2))
    table = put(table, table.entities[wurm].replace(status=DOOMED))
    growth = table.zones[ZONES.hand[0]][0]
    kit = [
        t
        for t in POOL.targets["giant_growth"](table, Ctx(growth, 0))
        if t != growth and is_alive(table.entities[t])
    ]
    assert creature_targets(table, growth) == kit == list(s.table.zones[ZONES.battlefield[1]][:1])


def test_playing_a_land_needs_no_aura_refresh() -> None:
    # _play_land settles without refreshing the auras (no aura of the pool picks a land:
    # engine.LANDS_UNSEEN_BY_AURAS); exact because every decision point's board already has
    # every aura's share right, Glorious Anthem's among them, land plays included
    assert LANDS_UNSEEN_BY_AURAS
    played = 0
    for skip in (False, True):
        game = load_game(
            "magic_lite", deck0="white_weenie", deck1="white_weenie", skip_trivial=skip
        )
        for seed in range(4):
            state, rng = game.initial_state(seed), random.Random(seed)
            while not game.is_terminal(state):
                assert refresh_auras(state, RULES) == state, GAME.render(state)
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
                played += action.kind == Act.PLAY_LAND and any(
                    state.table.entities[i].card == "glorious_anthem"
                    for p in (0, 1)
                    for i in state.table.zones[ZONES.battlefield[p]]
                )
                state = game.step(state, action)
    assert played > 5  # lands were played with an Anthem out


def test_casting_pays_and_moves_the_card_in_one_table_as_the_kit_would_in_two() -> None:
    # priority.cast builds one table (engine.paid_and_moved): the same as paying, then moving
    compared = 0
    for state in _random_states(4, 9, 200):
        if not state.window or state.pending is not None or state.declaring or state.to_order:
            continue
        for action in priority_actions(state, state.holder):
            if action.kind != Act.CAST:
                continue
            card = EntityId(action.card)
            cost = cost_of(state.table.entities[card].card)
            one = paid_and_moved(state.table, state.holder, cost, card, ZONES.stack)
            assert one == move(paid(state.table, state.holder, cost), card, ZONES.stack)
            compared += 1
    assert compared > 10


@pytest.mark.parametrize(
    ("deck0", "deck1"), [("green_stompy", "red_burn"), ("white_weenie", "dimir_fliers")]
)
def test_a_games_memo_of_the_priority_actions_lists_them_as_priority_actions(
    deck0: str, deck1: str
) -> None:
    # the memo (make_priority) keeps, per player and timing, the last table's list of actions:
    # built by the check, handed to legal_actions; asked in any order along games (abilities
    # included), every list is the plain one and every answer the plain check's
    game = load_game("magic_lite", deck0=deck0, deck1=deck1, skip_trivial=False)
    memo = make_priority()
    rng = random.Random(5)
    lists = 0
    for seed in range(3):
        state = game.initial_state(seed)
        for _ in range(250):
            if game.is_terminal(state):
                break
            for player in rng.sample((0, 1, 0, 1), 4):
                if rng.random() < 0.5:
                    assert memo.can_act(state, player) == can_act(state, player)
                listed = memo.actions(state, player)
                assert listed == priority_actions(state, player), GAME.render(state)
                assert memo.can_act(state, player) == (listed != (PASS,))
                lists += len(listed) > 1
            legal = game.legal_actions(state)
            assert legal == legal_actions(state)
            state = game.step(state, legal[rng.randrange(len(legal))])
    assert lists > 50  # lists of real choices were compared, not only (pass,)


@pytest.mark.parametrize("decks", [("green_stompy",) * 2, ("dimir_fliers", "white_weenie")])
def test_a_games_memo_carries_the_answers_at_instant_timing_across_a_draw(
    decks: tuple[str, str],
) -> None:
    # Priority.drawn: both players asked at instant timing, then either draws; "nobody acts"
    # holds only when the plain check says so on the table after the draw, and the answers it
    # carried are the plain check's (a drawn instant is looked at again)
    game = load_game("magic_lite", deck0=decks[0], deck1=decks[1], skip_trivial=False)
    rng = random.Random(7)
    quiet = loud = 0
    for seed in range(4):
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            # instant timing for both players, the kept fact unknown (0b11: the checks read
            # the hands, and the memo keeps their answers)
            before = state.replace(step=Step.UPKEEP, instants=0b11)
            for player in (0, 1):
                if not before.table.zones[ZONES.library[player]]:
                    continue
                after = draw_card_at(before, player, Step.DRAW)
                card = after.table.entities[after.table.zones[HAND[player]][-1]].card
                memo = make_priority()
                answers = [memo.can_act(before, p) for p in (0, 1)]
                nobody = memo.drawn(before.table, after.table, player, card)
                plain = [can_act(after, p) for p in (0, 1)]
                assert nobody == (not any(plain) and not any(answers) and card not in _INSTANTS)
                assert [memo.can_act(after, p) for p in (0, 1)] == plain
                quiet += nobody
                loud += not any(answers) and plain[player]  # a drawn instant that can be cast
            legal = game.legal_actions(state)
            state = game.step(state, legal[rng.randrange(len(legal))])
    assert quiet > 50 and loud > 0


def _dealt_one_by_one(deck0: tuple[str, ...], deck1: tuple[str, ...], seed: int) -> MagicState:
    # the deal as it was written before the Dealer: each card placed by its shuffled position
    rng = Rng(seed)
    cards = []
    for p, deck in enumerate((deck0, deck1)):
        order, rng = shuffled(rng, deck)
        top = len(order) - 7
        cards += [
            (ZONES.library[p] if k < top else ZONES.hand[p], c, p) for k, c in enumerate(order)
        ]
    table = _table(cards)
    zones = table.zones
    for p in (0, 1):
        zones = zones.set(ZONES.hand[p], zones[ZONES.hand[p]][::-1])
    facts = card_facts((*deck0, *deck1))
    table = table.replace(zones=zones)
    state = MagicState(
        table,
        rng=rng,
        skip=0b11,
        cards=facts,
        instants=counted(table),
        marked=counted_marked(table),
    )
    return start_turns(state)


def test_a_dealer_deals_as_each_card_placed_one_by_one() -> None:
    # the Dealer prepares each deck's entities at each id once: a deal of its decks is the
    # same state as the cards placed one by one, for decks of 40 and 60 cards; a dealer of
    # other decks is not used
    long_deck = (*load_deck("red_burn"), *load_deck("red_burn")[:20])
    pairs = [
        (load_deck("green_stompy"), load_deck("green_stompy")),
        (load_deck("white_weenie"), long_deck),
        (load_deck("dimir_fliers"), load_deck("red_sligh")),  # (two lands nearly as common)
    ]
    for deck0, deck1 in pairs:
        dealer = make_dealer(deck0, deck1)
        for seed in range(8):
            reference = _dealt_one_by_one(deck0, deck1, seed)
            assert deal(deck0, deck1, seed=seed, skip=0b11, dealer=dealer) == reference
    other = make_dealer(*pairs[0])
    assert deal(*pairs[1], seed=1, skip=0b11, dealer=other) == _dealt_one_by_one(*pairs[1], 1)


def test_a_dealer_deals_check_can_fail() -> None:
    # a deal writes its cards over the deal of the commonest cards (``Dealer.common``): a
    # dealer whose map of the commonest cards is wrong at one id deals a different state from
    # the cards placed one by one, whenever the shuffle puts the commonest card there
    deck = load_deck("green_stompy")
    dealer = make_dealer(deck, deck)
    wrong = dealer.replace(common=dealer.common.set(EntityId(2), dealer.placed[0][1]))
    differ = [
        deal(deck, deck, seed=seed, skip=0b11, dealer=wrong) != _dealt_one_by_one(deck, deck, seed)
        for seed in range(8)
    ]
    assert any(differ) and not all(differ)


@pytest.mark.parametrize(
    ("deck0", "deck1"),
    [
        ("green_stompy", "green_stompy"),
        ("white_weenie", "dimir_fliers"),
        ("red_sligh", "red_burn"),
    ],
)
def test_card_facts_only_skip_scans_that_would_find_nothing(deck0: str, deck1: str) -> None:
    # the same games with the decks' facts and with facts that rule nothing out: every state and
    # every list of legal actions is the same (but the facts themselves)
    cards0, cards1 = load_deck(deck0), load_deck(deck1)
    facts = card_facts((*cards0, *cards1))
    for seed in range(3):
        fast = deal(cards0, cards1, seed=seed, skip=0b11, facts=facts)
        slow = deal(cards0, cards1, seed=seed, skip=0b11, facts=CardFacts())
        rng = random.Random(seed)
        while not GAME.is_terminal(fast):
            assert fast.replace(cards=CardFacts()) == slow
            legal = legal_actions(fast)
            assert legal == legal_actions(slow)
            action = legal[rng.randrange(len(legal))]
            fast, slow = magic_step(fast, action), magic_step(slow, action)


def test_a_summoned_card_new_to_the_game_joins_its_facts() -> None:
    state = position(hands=(("forest",), ()), battlefields=(("grizzly_bears",), ()))
    facts = state.cards
    assert not facts.auras and MagicEvent.UPKEEP in facts.unheard and MagicEvent.ENTERS in facts.own
    frame = Frame("forest", "play", 0, Ctx(None, 0))
    for card in ("glorious_anthem", "phyrexian_arena", "soul_warden"):
        state = RULES.summon(state, frame, 0, card)
    facts = state.cards
    assert (
        facts.auras
        and MagicEvent.UPKEEP not in facts.unheard
        and MagicEvent.ENTERS not in facts.own
    )
    # Soul Warden hears another creature enter: the next creature's "enters" reaches it
    life = state.life
    state = RULES.summon(state, frame, 0, "grizzly_bears")
    assert len(state.queue) == 1 and state.life == life
    assert cards(state, "battlefield", 0) == [
        "grizzly_bears", "glorious_anthem", "phyrexian_arena", "soul_warden", "grizzly_bears"
    ]  # fmt: skip


def test_skip_trivial_surfaces_no_single_option_decision_and_counts() -> None:
    rng = random.Random(5)
    state = GAME.initial_state(3)
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        assert len(legal) > 1, f"a trivial decision surfaced: {GAME.render(state)}"
        state = GAME.step(state, legal[rng.randrange(len(legal))])
    assert state.autos > state.decisions / 2
    # one tick (flow-loop pass) per decision, plus the deal's: steps and passes happen inside
    assert state.ticks == state.decisions + 1
    assert state.steps > state.decisions


def test_without_skip_trivial_every_pass_is_a_decision() -> None:
    state = NO_SKIP.initial_state(3)
    assert state.autos == 0
    one_option = 0
    rng = random.Random(5)
    for _ in range(60):
        legal = NO_SKIP.legal_actions(state)
        one_option += len(legal) == 1
        state = NO_SKIP.step(state, legal[rng.randrange(len(legal))])
    assert one_option > 10 and state.autos == 0


def test_session_logs_forced_passes_and_the_log_replays_exactly(tmp_path: object) -> None:
    session = start(NO_SKIP, seed=2, policy=AutoPolicy(skip_trivial=True))
    rng = random.Random(1)
    for _ in range(25):
        if NO_SKIP.is_terminal(session.state):
            break
        legal = NO_SKIP.legal_actions(session.state)
        session = act(NO_SKIP, session, legal[rng.randrange(len(legal))])
    forced = [e for e in session.log if e.auto == "forced"]
    assert forced and all(e.action == PASS for e in forced)
    record = gamerecord.record_session(NO_SKIP, session)
    _, replayed = gamerecord.replay(gamerecord.loads(gamerecord.dumps(record)))
    assert replayed == session.state


def test_replaying_the_decisions_reproduces_the_state() -> None:
    rng = random.Random(9)
    state = GAME.initial_state(4)
    taken = []
    for _ in range(40):
        legal = GAME.legal_actions(state)
        taken.append(legal[rng.randrange(len(legal))])
        state = GAME.step(state, taken[-1])
    again = GAME.initial_state(4)
    for action in taken:
        again = GAME.play(again, action)
    assert again == state


def test_per_seat_skip_asks_only_the_other_player() -> None:
    game = load_game("magic_lite", skip_trivial=[1])
    state = game.initial_state(3)
    rng = random.Random(2)
    for _ in range(40):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            assert game.current_player(state) == 0
        state = game.step(state, legal[rng.randrange(len(legal))])


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7), st.integers(1, 4)), max_size=8))
def test_damage_dealt_at_once_is_the_damage_dealt_hit_by_hit(
    hits: list[tuple[int, int, int]],
) -> None:
    # combat damage deals its hits in one call (engine.damaged: the creatures hit written in one
    # map mutation, a creature hit twice reading its first hit): the same table and life totals
    # as deal_damage hit by hit — deathtouch, lifelink, both players, creatures hit twice
    s = position(
        battlefields=(
            ("typhoid_rats", "child_of_night", "grizzly_bears"),
            ("craw_wurm", "child_of_night", "typhoid_rats"),
        )
    )
    creatures = [*s.table.zones[BATTLEFIELD[0]], *s.table.zones[BATTLEFIELD[1]]]
    targets = [*creatures, s.table.zones[ZONES.player[0]][0], s.table.zones[ZONES.player[1]][0]]
    entities = s.table.entities
    dealt = [(entities[creatures[a]], targets[t], amount) for a, t, amount in hits]
    one_by_one = s
    for source, target, amount in dealt:
        one_by_one = deal_damage(one_by_one, source, target, amount)
    expected = (one_by_one.table, one_by_one.life, one_by_one.marked)
    assert damaged(s.table, s.life, dealt, s.marked) == expected
    # and the check can fail: without its last hit (on a creature: its damage shows), it differs
    if dealt and dealt[-1][1] in creatures:
        assert damaged(s.table, s.life, dealt[:-1], s.marked) != expected


def test_combat_damage_that_kills_nobody_needs_no_full_settle() -> None:
    # the damage step settles with checks=False when _may_have_killed says no: along random
    # games, at every position just before combat damage, the full settle after the damage
    # does the same then (and it is needed when someone died)
    quiet = deadly = 0
    for deck0, deck1 in (("green_stompy", "red_burn"), ("white_weenie", "dimir_fliers")):
        game = load_game("magic_lite", deck0=deck0, deck1=deck1, skip_trivial=False)
        for seed in range(6):
            rng = random.Random(seed)
            state = game.initial_state(seed)
            while not game.is_terminal(state):
                if state.attackers and state.step in (Step.BLOCKERS, Step.FIRST_STRIKE_DAMAGE):
                    first = state.step == Step.BLOCKERS and has_first_strike(state)
                    damaged = combat_damage(state, first_strike=first, step=Step.DAMAGE)
                    if _may_have_killed(damaged):
                        deadly += settle(damaged, checks=False) != settle(damaged)
                    else:
                        quiet += 1
                        assert settle(damaged, checks=False) == settle(damaged), game.render(state)
                legal = game.legal_actions(state)
                state = game.step(state, legal[rng.randrange(len(legal))])
    assert quiet > 20 and deadly > 5  # both kinds of combat were met


def test_a_step_left_after_a_window_that_did_not_open_asks_nobody_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the turn's choosers after main 1, the attackers, combat damage and main 2 trust a closed
    # window with no pass counted (everyone_passes held on that state): the same games with
    # every chooser asking can_act again are the same, state for state
    def played(deck0: str, deck1: str, seed: int) -> list[MagicState]:
        game = load_game("magic_lite", deck0=deck0, deck1=deck1)
        rng = random.Random(seed)
        state = game.initial_state(seed)
        states = [state]
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            state = game.step(state, legal[rng.randrange(len(legal))])
            states.append(state)
        return states

    decks = [("green_stompy", "green_stompy"), ("white_weenie", "red_burn")]
    trusted = [played(d0, d1, seed) for d0, d1 in decks for seed in range(4)]
    monkeypatch.setattr(turn_module, "_quiet_after_window", turn_module._quiet)
    assert trusted == [played(d0, d1, seed) for d0, d1 in decks for seed in range(4)]


def test_a_games_memos_play_as_the_plain_rules() -> None:
    # a game value's memos (can act, the lists, combat, untapped and tapped permanents, drawn
    # cards) against the module's rules without them (turn.step): the same states all along
    # random games, three deals of each game value (its memos carried from game to game)
    taps = 0
    for deck0, deck1 in (("green_stompy", "green_stompy"), ("white_weenie", "dimir_fliers")):
        game = load_game("magic_lite", deck0=deck0, deck1=deck1)
        for seed in range(3):
            rng = random.Random(seed)
            state = plain = game.initial_state(seed)
            while not game.is_terminal(state):
                legal = game.legal_actions(state)
                assert legal == legal_actions(plain)
                action = legal[rng.randrange(len(legal))]
                taps += action.kind in (Act.CAST, Act.DONE_ATTACKING)
                state, plain = game.step(state, action), magic_step(plain, action)
                assert state == plain, game.render(state)
    assert taps > 50  # payments and attacks were made


def test_combat_is_skipped_when_nothing_can_attack() -> None:
    # a wall cannot attack: after main 1 the turn goes straight to main 2 (no combat steps)
    state = position(hands=(("giant_growth",), ()), battlefields=(("forest", "wall_of_air"), ()))
    after = play(state, "pass")
    assert after.step == Step.MAIN2 and after.active == 0
    assert after.ticks - state.ticks == 1  # one loop pass
    assert after.steps - state.steps == 1  # main 1 -> main 2, no combat step entered
    assert after.autos - state.autos == 1  # p1's pass in main 1, inside the priority loop


def test_combat_skip_keeps_beginning_of_combat_triggers() -> None:
    fields = (("battle_standard", "forest", "wall_of_air"), ())
    state = position(hands=(("giant_growth",), ()), battlefields=fields)
    after = play(state, "pass")
    assert after.step == Step.BEGIN_COMBAT
    assert [i.frame.card for i in after.stack] == ["battle_standard"]
    after = play(after, "pass")  # the trigger resolves: the wall gets +1/+0 this turn
    wall = after.table.entities[find(after, "wall_of_air")]
    assert wall.attack == 2 and not after.stack


def test_counters_show_the_flow() -> None:
    state = GAME.initial_state(1)
    assert state.decisions == 0 and state.ticks == 1 and state.steps > 0
    after = GAME.step(state, GAME.legal_actions(state)[0])
    assert after.decisions == 1 and after.ticks == 2 and after.steps >= state.steps


def test_forced_names_the_single_legal_action_exactly_when_there_is_one() -> None:
    for game_seed, choice_seed in ((1, 2), (5, 8), (13, 21)):
        for state in _random_states(game_seed, choice_seed, 150):
            if state.lost:
                continue
            legal = legal_actions(state)
            found = forced(state, can_act)
            if len(legal) == 1:
                assert found is not None and found[0] == legal[0], GAME.render(state)
            else:
                assert found is None, GAME.render(state)


def test_session_logs_the_rule_of_each_forced_action_and_the_record_keeps_it() -> None:
    session = start(NO_SKIP, seed=2, policy=AutoPolicy(skip_trivial=True))
    rng = random.Random(1)
    for _ in range(25):
        if NO_SKIP.is_terminal(session.state):
            break
        legal = NO_SKIP.legal_actions(session.state)
        session = act(NO_SKIP, session, legal[rng.randrange(len(legal))])
    rules = {e.rule for e in session.log if e.auto == "forced"}
    assert "cannot act" in rules and "" not in rules
    assert all(e.rule == "" for e in session.log if e.auto is None)
    record = gamerecord.loads(gamerecord.dumps(gamerecord.record_session(NO_SKIP, session)))
    assert [a.rule for a in record.actions] == [e.rule for e in session.log]
    _, replayed = gamerecord.replay(record)
    assert replayed == session.state
