"""Solver answers as viewer data: patience and crab-combat lines replayed move by move, a
bridge deal with its double-dummy table and every legal card's trick value along the
line, a skirmish lethal answer with its policy tree.

>>> text = "Player 1:\\n9\\n2\\n6\\n3\\n1\\n\\nPlayer 2:\\n5\\n8\\n4\\n7\\n10\\n"
>>> data = crab_data(text, "ex.txt")
>>> data["summary"][0], len(data["steps"])
('part 2: player 2 wins with score 291 after 17 rounds', 30)
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.gamerecord import make_record
from pure_engine.core.registry import load_game
from pure_engine.core.scene import scene_function
from pure_engine.errors import CycleDetectedError, ParseError
from pure_engine.view.pack import Pack
from pure_engine.view.record import record_data, scenes_of

__all__ = ["CRAB_ROUNDS", "bridge_data", "crab_data", "lethal_data", "patience_data"]

CRAB_ROUNDS = 2000
"""Rounds of a crab-combat game shown at most (a long recursive game has a million)."""


def patience_data(
    answer: dict[str, Any], source: str, variant: str, deal: int | str
) -> dict[str, Any]:
    """A patience answer (``solve --json``) replayed on its deal: one step per move."""
    from pure_engine.games.patience.moves import moves_from_json

    moves = moves_from_json(answer.get("moves"), f"{source}: $.moves")
    game = load_game("patience", variant=variant, deal=deal)
    state = game.initial_state()
    for index, move in enumerate(moves):
        if move not in game.legal_actions(state):
            raise ParseError(f"move {index + 1} is not legal on this deal", where=source)
        state = game.step(state, move)
    data = record_data(make_record(game, moves), source)
    data["kind"] = "patience"
    data["title"] = f"{variant} deal {deal if isinstance(deal, int) else 'from file'}: solution"
    won = "won" if game.is_terminal(state) and game.returns(state)[0] > 0 else "not won"
    data["summary"] = [f"{len(moves)} moves, {won}"]
    return data


def crab_data(text: str, source: str, *, part: int = 2) -> dict[str, Any]:
    """Crab Combat on a puzzle input: the answer, and its first rounds step by step."""
    from pure_engine.games import crab_combat

    deck1, deck2 = crab_combat.parse_input(text, where=source)
    recursive = part == 2
    try:
        result = crab_combat.solve(deck1, deck2, recursive=recursive)
        answer = (
            f"part {part}: player {result.winner} wins with score {result.score} "
            f"after {result.rounds} rounds"
        )
    except CycleDetectedError:
        answer = f"part {part}: the decks cycle, Combat never ends"
    game = load_game("crab_combat", deck1=deck1, deck2=deck2, recursive=recursive)
    state = game.initial_state()
    actions: list[int] = []
    while not game.is_terminal(state) and len(actions) < CRAB_ROUNDS:
        actions.append(0)
        state = game.step(state, 0)
    data = record_data(make_record(game, actions), source)
    data["kind"] = "crab"
    data["title"] = f"Crab Combat, part {part}"
    data["summary"] = [answer]
    if not game.is_terminal(state):
        data["summary"].append(f"the first {CRAB_ROUNDS} rounds are shown")
    return data


def lethal_data(answer: dict[str, Any], source: str, puzzle_path: str) -> dict[str, Any]:
    """A skirmish lethal answer on its puzzle: the main line step by step, the policy tree."""
    from pure_engine.games.skirmish.puzzle import load_puzzle

    state = load_puzzle(puzzle_path)
    game = load_game("skirmish")
    draw = scene_function("skirmish")
    assert draw is not None
    pack = Pack()
    steps = [[pack.add(s) for s in scenes_of(draw, game, state)]]
    moves, current = [], state
    for text in answer.get("line", []):
        if not isinstance(text, str):
            break
        current, why = _apply(game, current, text, source)
        moves.append(["chance" if why == "chance" else f"player {state.to_move}", text, why])
        steps.append([pack.add(s) for s in scenes_of(draw, game, current)])
    tree = {
        "t": f"policy: wins with probability {answer.get('win_probability')}",
        "s": steps[0][0],
        "c": _policy(game, state, answer.get("tree", []), pack, draw, source),
    }
    return {
        "kind": "lethal",
        "title": f"skirmish lethal: {answer.get('verdict')}",
        "source": source,
        "views": ["whole truth", *(f"player {p}" for p in range(game.num_players))],
        "steps": steps,
        "moves": moves,
        "summary": [
            f"verdict {answer.get('verdict')}, win probability {answer.get('win_probability')}"
        ],
        "tree": tree,
        "pack": pack,
    }


def _apply(game: Game[Any, Any], state: Any, text: str, source: str) -> tuple[Any, str]:
    why = "chance" if game.is_chance_node(state) else "choice"
    try:
        action = game.parse_action(state, text)
    except ParseError as exc:
        raise ParseError(
            f"the answer's move {text!r} does not fit the puzzle: {exc}", where=source
        ) from None
    return game.step(state, action), why


def _policy(
    game: Game[Any, Any], state: Any, policy: Any, pack: Pack, draw: Any, source: str
) -> list[dict[str, Any]]:
    """The nodes of a policy line: each move (with its state), then the chance branches."""
    nodes: list[dict[str, Any]] = []
    for item in policy if isinstance(policy, list) else []:
        if isinstance(item, str):
            state, _ = _apply(game, state, item, source)
            nodes.append({"t": item, "s": pack.add(draw(game, state, None))})
        elif isinstance(item, dict) and isinstance(item.get("random"), list):
            for branch in item["random"]:
                outcome = str(branch.get("outcome"))
                after, _ = _apply(game, state, outcome, source)
                label = (
                    f"chance: {outcome} (p {branch.get('probability')}, "
                    f"wins {branch.get('win_probability')})"
                )
                children = _policy(game, after, branch.get("then", []), pack, draw, source)
                nodes.append({"t": label, "s": pack.add(draw(game, after, None)), "c": children})
    return nodes


def bridge_data(answer: dict[str, Any], source: str, *, dd_cards: int = 9) -> dict[str, Any]:
    """A bridge-dd answer: the deal, the 20-entry table, and a line of play.

    The contract is the answer's strain (``--strain``) or the table's best one.  Once
    each hand holds at most *dd_cards* cards, every legal card is scored by the
    double-dummy solver and the line plays the best; before that (the full-deal
    solver takes seconds a position) the line plays each seat's lowest legal card.
    ``play`` holds what the page needs to play on off the line: the contract, the
    hands at the start, the seats, where dummy shows (see ``viewer.js``).
    """
    from pure_engine.games.bridge.double_dummy.solver import score_cards
    from pure_engine.games.playing_cards import card_str
    from pure_engine.games.trick_taking.pbn import parse_pbn
    from pure_engine.view.bridge_solve import card_values, position_of

    deal = answer.get("deal")
    if not isinstance(deal, str):
        raise ParseError('expected a bridge-dd answer with a PBN "deal"', where=source)
    parse_pbn(deal, f"{source}: $.deal")
    strains, seats = ("C", "D", "H", "S", "NT"), ("N", "E", "S", "W")
    table = answer.get("table")
    rows = []
    if isinstance(table, dict):
        rows = [[seat, [table.get(s, {}).get(seat, "?") for s in strains]] for seat in seats]
    strain_text, declarer = _contract(answer, table)
    game = load_game("bridge_play", deal=deal, strain=strain_text, declarer=declarer)
    state, actions, values = game.initial_state(), [], []
    while not game.is_terminal(state):
        if max(h.bit_count() for h in state.play.hands) <= dd_cards:
            scored = score_cards(position_of(state))
            values.append(card_values(state, scored))
            best = scored[0][0]
        else:
            values.append({})
            best = min(game.legal_actions(state))
        actions.append(best)
        state = game.step(state, best)
    values.append({})
    data = record_data(make_record(game, actions), source)
    data.update(kind="bridge", title=f"bridge: {strain_text} by {declarer}, double dummy")
    data["dd"] = {"strains": list(strains), "rows": rows}
    data["values"] = values
    data["line"] = [card_str(card) for card in actions]
    data["play"] = _play_data(game, deal, strain_text, declarer, dd_cards)
    for move, card_values_ in zip(data["moves"], values, strict=False):
        move[2] = "double dummy: best card" if card_values_ else "lowest card (not scored)"
    if dd_cards >= 13:
        scored_from = "every card of the line scored"
    elif dd_cards == 0:
        scored_from = "no card scored in this file"
    else:
        scored_from = f"cards scored once every hand holds at most {dd_cards} cards"
    data["summary"] = [
        deal,
        f"{scored_from}; the badge on a card: tricks its side takes; click any card to play it",
    ]
    return data


def _play_data(
    game: Game[Any, Any], deal: str, strain: str, declarer: str, dd_cards: int
) -> dict[str, Any]:
    """What the page replays the play from: the request fields ``POST /solve`` takes, the
    start (hands as drawn, the leader), the trump suit, dummy's seat and when it shows."""
    from pure_engine.games.bridge.render import SEAT_NAMES
    from pure_engine.games.trick_taking.render import SEAT_XY, TRICK_XY, hand_cards

    first = game.initial_state()
    trump = first.strain.trump
    truth = scene_function("bridge_play")
    assert truth is not None
    return {
        "request": {"deal": deal, "strain": strain, "declarer": declarer},
        "hands": [[card.face for card in hand_cards(hand)] for hand in first.play.hands],
        "leader": first.play.leader,
        "trump": "" if trump is None else "CDHS"[trump],
        "seats": list(SEAT_NAMES),
        "xy": [list(xy) for xy in SEAT_XY],
        "trick_xy": list(TRICK_XY),
        "contract": truth(game, first, None).texts[0],
        "dummy": (first.declarer + 2) % 4,
        "dummy_shown": getattr(game.observation(first, 0), "dummy", None) is not None,
        "dd_cards": dd_cards,
    }


def _contract(answer: dict[str, Any], table: Any) -> tuple[str, str]:
    if isinstance(answer.get("strain"), str):
        leads = answer.get("leads") or [{"leader": "W"}]
        leader = "NESW".index(str(leads[0].get("leader", "W")))
        return answer["strain"], "NESW"[(leader + 3) % 4]
    best = ("NT", "S", -1)
    for strain in ("NT", "S", "H", "D", "C"):
        for seat in "NESW":
            tricks = table.get(strain, {}).get(seat, -1) if isinstance(table, dict) else -1
            if isinstance(tricks, int) and tricks > best[2]:
                best = (strain, seat, tricks)
    return best[0], best[1]
