"""The viewer's pages in a real browser: headless Chromium driven by Playwright.

One page load per game: step with the keyboard, switch seats, and check the DOM
against the scenes the library computed (the cards shown, the score, no hidden
card's face in a player's view) and that the console stayed clean.  Skipped,
with the reason, where Playwright or Chromium is missing (``.ci/run`` installs
both where it can: ``apt-get install chromium``, ``pip install -e '.[view-test]'``).

Set ``PURE_ENGINE_SCREENSHOTS=docs/images`` to save a screenshot of each page.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pure_engine.core.gamerecord import replay, save
from pure_engine.core.registry import load_game
from pure_engine.core.scene import Scene, scene_function
from pure_engine.view import ViewOptions, write_page
from tests.view_records import CHROMIUM_ARGS, GAMES, HIDDEN, seeded_record

playwright_api = pytest.importorskip(
    "playwright.sync_api",
    reason="browser tests need Playwright: pip install -e '.[view-test]'",
)

CHROMIUM = os.environ.get("PURE_ENGINE_CHROMIUM") or shutil.which("chromium") or ""
if not CHROMIUM:
    pytest.skip(
        "browser tests need Chromium: apt-get install chromium (or set PURE_ENGINE_CHROMIUM)",
        allow_module_level=True,
    )

SHOTS = os.environ.get("PURE_ENGINE_SCREENSHOTS", "")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with playwright_api.sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1200, "height": 820},
        )
        yield context
        context.close()


class Page:
    """One loaded viewer page and the console errors it logged."""

    def __init__(self, context: Any, path: str) -> None:
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else 0)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path if path.startswith("http://") else Path(path).resolve().as_uri())
        self.page.wait_for_selector("body[data-ready='1']", timeout=10_000)

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def where(self) -> str:
        return str(self.page.inner_text("#where"))

    def faces(self) -> Counter[str]:
        return Counter(
            self.page.eval_on_selector_all(
                "#table .card[data-face]", "cards => cards.map(c => c.getAttribute('data-face'))"
            )
        )

    def face_down(self) -> int:
        return int(self.page.locator("#table .card.down").count())

    def seat(self, index: int) -> None:
        self.page.select_option("#seat", str(index))

    def shot(self, name: str) -> None:
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(SHOTS) / f"viewer-{name}.png"), full_page=True)

    def close(self) -> None:
        assert self.errors == [], self.errors
        self.page.close()


def _faces(scene: Scene) -> Counter[str]:
    return Counter(card.face for zone in scene.zones for card in zone.cards if card.face)


def _shown(scene: Scene) -> Counter[str]:
    """The faces the page draws: a pile ("stack") shows only its top card."""
    faces: Counter[str] = Counter()
    for zone in scene.zones:
        cards = zone.cards[-1:] if zone.layout in ("stack", "pile") else zone.cards
        faces.update(card.face for card in cards if card.face)
    return faces


def _states(name: str) -> list[Any]:
    record = seeded_record(name)
    game, _ = replay(record)
    state = game.initial_state(record.seed)
    states = [state]
    for entry in record.actions:
        state = game.step(state, game.parse_action(state, entry.text))
        states.append(state)
    return states


@pytest.mark.parametrize("name", GAMES)
def test_a_record_steps_by_keyboard_and_hides_cards_by_seat(
    browser: Any, tmp_path: Path, name: str
) -> None:
    record = seeded_record(name)
    path = tmp_path / f"{name}.json"
    save(record, path)
    page = Page(browser, write_page(str(path)))
    game, draw, states = load_game(name), scene_function(name), _states(name)
    assert draw is not None
    last = len(states) - 1
    page.press("End")
    assert page.where() == f"step {last} / {last}"
    assert page.faces() == _shown(draw(game, states[last], None))
    if record.returns is not None:
        shown = " ".join(f"{r:+g}" for r in record.returns)
        assert f"returns: {shown}" in page.page.inner_text("#summary")
    middle = last // 2
    page.press("ArrowLeft", last - middle)
    assert page.where() == f"step {middle} / {last}"
    page.shot(name)
    for seat in range(game.num_players):
        page.seat(seat + 1)
        mine = draw(game, states[middle], seat)
        assert page.faces() == _shown(mine)  # exactly what the seat's observation shows
        if name in HIDDEN:
            assert page.faces() != _shown(draw(game, states[middle], None))
            assert page.face_down() > 0
        if seat == 1:
            page.shot(f"{name}-seat-1")
        page.press("ArrowRight")
        assert page.where() == f"step {middle + 1} / {last}"
        page.press("ArrowLeft")
    page.close()


def test_the_seat_check_can_fail(browser: Any, tmp_path: Path) -> None:
    """In the whole truth of a Kuhn deal both cards are up: the seat assertions would fail."""
    path = tmp_path / "kuhn.json"
    save(seeded_record("kuhn_poker"), path)
    page = Page(browser, write_page(str(path)))
    page.press("End")
    page.press("ArrowLeft")
    truth = page.faces()
    page.seat(1)
    assert page.faces() != truth and page.face_down() == 1
    page.close()


def test_a_freecell_solution_animates_to_the_end(browser: Any, tmp_path: Path) -> None:
    from pure_engine.cli import main

    answer = tmp_path / "deal1.json"
    solution = _stdout(lambda: main(["solve", "freecell", "--deal", "1", "--json"]))
    answer.write_text(solution)
    options = ViewOptions(variant="freecell", deal=1)
    page = Page(browser, write_page(str(answer), options=options))
    page.page.click("#play")
    page.page.wait_for_selector("#moves li:nth-child(3).current", timeout=5000)  # it moves
    page.page.click("#play")  # pause
    page.press("End")
    moves = len(json.loads(solution)["moves"])
    assert page.where() == f"step {moves} / {moves}"
    assert page.faces() == Counter({"KC": 1, "KD": 1, "KH": 1, "KS": 1})  # four full foundations
    page.press("ArrowLeft", moves - 40)
    assert page.where() == f"step 40 / {moves}"
    page.shot("freecell-solution")
    page.close()


def test_a_bridge_deal_plays_by_click_with_trick_values(browser: Any, tmp_path: Path) -> None:
    answer = tmp_path / "dd.json"
    deal = "N:AK5.T.97. QJ9.J4.K. T86.AQ.A. 3.K65.QT."
    table = {s: dict.fromkeys("NESW", 0) for s in ("C", "D", "H", "S")}
    table["NT"] = {"N": 4, "E": 1, "S": 5, "W": 1}
    answer.write_text(json.dumps({"deal": deal, "table": table}))
    page = Page(browser, write_page(str(answer)))
    assert page.page.locator("#ddtable tr").count() == 5  # a header and four declarers
    assert page.page.locator("#ddtable td").count() == 20
    legal = page.page.locator("#table .card.legal")
    assert legal.count() == 6  # West leads: every card of the hand is scored
    page.shot("bridge-dd")
    best = page.page.evaluate("JSON.parse(document.getElementById('data').textContent).line[0]")
    page.page.locator(f"#table .card.legal[data-face='{best}']").click()
    assert page.where() == "step 1 / 24"
    page.press("ArrowLeft")
    page.page.locator("#table .card.legal[data-face='3S']").click()  # off the line: it plays
    assert page.where() == "off the line \u00b7 card 1 of the play"
    assert "played 3S (its side takes 1)" in page.page.inner_text("#info")
    assert "3S" in _zones(page)["trick"]
    page.press("ArrowLeft")
    assert page.where() == "step 0 / 24"
    page.close()


def _zones(page: Page) -> dict[str, list[str]]:
    """The zones on the page: name -> the faces drawn ("" face down), in order."""
    found: dict[str, list[str]] = page.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table g.zone')].map(z =>
        [z.getAttribute('data-zone'),
         [...z.querySelectorAll('g.card')].map(c => c.getAttribute('data-face') || '')]))"""
    )
    return found


def _scene_zones(scene: Scene) -> dict[str, list[str]]:
    return {zone.name: [card.face for card in zone.cards] for zone in scene.zones}


FULL_DEAL = "N:AK54.T.9752.7643 QJ97.J4.KJ843.AJ T86.AQ9872.A6.KQ 32.K653.QT.T9852"


def _bridge_page(tmp_path: Path, *, dd_cards: int, served: bool = False) -> str:
    answer = tmp_path / "full.json"
    answer.write_text(json.dumps({"deal": FULL_DEAL, "strain": "H", "leads": [{"leader": "W"}]}))
    return write_page(str(answer), options=ViewOptions(dd_cards=dd_cards))


def _check_the_play_scenes(page: Page, played: list[str], views: range) -> None:
    """The page's *views* of its position equal the library's scenes after *played*."""
    from pure_engine.games.playing_cards import card_str

    game = load_game("bridge_play", deal=FULL_DEAL, strain="H", declarer="S")
    state = game.initial_state()
    for face in played:
        state = game.step(state, {card_str(a): a for a in game.legal_actions(state)}[face])
    draw = scene_function("bridge_play")
    assert draw is not None
    for view in views:
        page.seat(view)
        assert _zones(page) == _scene_zones(draw(game, state, None if view == 0 else view - 1))
        status = page.page.inner_text("#status")
        assert [t for t in status.split("\n") if t] == list(draw(game, state, None).texts)
    page.seat(0)


def test_a_static_bridge_page_plays_on_anywhere_with_values_it_does_not_have(
    browser: Any, tmp_path: Path
) -> None:
    import random

    page = Page(browser, _bridge_page(tmp_path, dd_cards=0))
    assert "not solved in this file (use --serve or --dd-cards N)" in page.page.inner_text("#info")
    line = page.page.evaluate("JSON.parse(document.getElementById('data').textContent).line")
    played: list[str] = []
    rng = random.Random(5)
    while len(played) < 52:  # the whole play, off the line from the first card (ruffs too)
        faces = page.page.eval_on_selector_all(
            "#table .card.legal", "cards => cards.map(c => c.getAttribute('data-face'))"
        )
        badges = page.page.eval_on_selector_all(
            "#table .card.legal .badgetext", "texts => texts.map(t => t.textContent)"
        )
        assert faces and badges == ["?"] * len(faces)
        choice = rng.choice([f for f in faces if played or f != line[0]])
        page.page.locator(f"#table .card.legal[data-face='{choice}']").click()
        played.append(choice)
        assert page.where() == f"off the line \u00b7 card {len(played)} of the play"
        # every view at the first cards and at trick ends, the whole truth at every card
        views = range(5) if len(played) < 3 or len(played) % 4 == 0 else range(1)
        _check_the_play_scenes(page, played, views)
        if len(played) == 10:
            page.shot("bridge-off-the-line")
    assert page.page.locator("#table .card.legal").count() == 0  # the play is over
    page.press("ArrowLeft")
    assert page.where() == "off the line \u00b7 card 51 of the play"
    page.close()


def test_a_served_bridge_page_asks_the_server_for_values_off_the_line(
    browser: Any, tmp_path: Path
) -> None:
    import threading

    from pure_engine.cli.view import make_server

    answer = tmp_path / "short.json"
    deal = "N:AK5.T.97. QJ9.J4.K. T86.AQ.A. 3.K65.QT."
    answer.write_text(json.dumps({"deal": deal, "table": {"NT": {"S": 5}}}))
    server = make_server(str(answer), ViewOptions(dd_cards=0), 0, solve_seconds=60)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    page = Page(browser, f"http://127.0.0.1:{server.server_address[1]}/")
    try:
        page.page.wait_for_selector("#table .card.legal .badgetext:text-is('1')", timeout=60_000)
        page.page.locator("#table .card.legal[data-face='3S']").click()  # off the line
        page.page.wait_for_selector("#table .card.legal .badgetext:text-is('5')", timeout=60_000)
        badges = page.page.eval_on_selector_all(
            "#table .card.legal",
            "cs => cs.map(c => [c.getAttribute('data-face'), "
            "c.querySelector('.badgetext').textContent])",
        )
        assert dict(badges) == {"AS": "5", "KS": "5", "5S": "4"}  # as the library solves it
    finally:
        page.close()
        server.shutdown()
        server.server_close()


def test_a_search_tree_opens_and_shows_node_states(browser: Any, tmp_path: Path) -> None:
    from pure_engine.cli import main

    dump = tmp_path / "tree.json"
    argv = ["play", "leduc_poker", "--bots", "mcts:simulations=60,random", "--games", "1"]
    assert main([*argv, "--dump-search", str(dump)]) == 0
    page = Page(browser, write_page(str(dump)))
    summaries = page.page.locator("#tree summary.has-state")
    assert summaries.count() > 3
    before = page.page.inner_text("#status")
    summaries.nth(1).click()
    assert page.page.locator("#tree summary.selected").count() == 1
    assert page.page.inner_text("#status") != before  # the node's state: a move later
    page.shot("mcts-tree")
    page.close()


def test_a_lethal_policy_tree_is_shown(browser: Any, tmp_path: Path) -> None:
    from pure_engine.games.skirmish.lethal import solve_lethal
    from pure_engine.games.skirmish.puzzle import load_puzzle

    puzzle = Path(__file__).parent / "golden" / "skirmish" / "missiles_only_probable.json"
    answer = tmp_path / "lethal.json"
    answer.write_text(json.dumps(solve_lethal(load_puzzle(str(puzzle))).to_json()))
    page = Page(browser, write_page(str(answer), options=ViewOptions(puzzle=str(puzzle))))
    assert "wins with probability 1/8" in page.page.inner_text("#tree")
    page.press("End")
    assert "player 0 wins" in page.page.inner_text("#status")
    page.shot("skirmish-lethal")
    page.close()


def _stdout(call: Any) -> str:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert call() == 0
    return buffer.getvalue()
