"""Find what a file is and build its viewer data; every bad input is one line naming the
file and what was expected (:class:`~pure_engine.errors.ParseError`, exit 2 on the CLI)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pure_engine.core.files import write_atomic
from pure_engine.core.gamerecord import FORMAT as RECORD_FORMAT
from pure_engine.core.gamerecord import loads
from pure_engine.errors import ParseError, RecordError, UnknownGameError
from pure_engine.view.page import to_html
from pure_engine.view.record import record_data

__all__ = ["EXPECTED", "ViewOptions", "build_page", "view_data", "write_page"]

EXPECTED = (
    "expected a game record, a solver answer (patience, skirmish-lethal, bridge-dd, "
    "crab-combat input or answer) or a search dump"
)
SEARCH_FORMAT = "pure-engine-search"


@dataclass(frozen=True, slots=True)
class ViewOptions:
    """What a solver answer may need besides itself: the patience variant and deal, the
    puzzle file (skirmish lethal, crab combat), how many cards the bridge line scores."""

    variant: str | None = None
    deal: int | None = None
    deal_file: str | None = None
    puzzle: str | None = None
    dd_cards: int = 9


def _read(path: str) -> str:
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"byte {exc.start}: not UTF-8 text; {EXPECTED}", where=path) from None


def view_data(path: str, options: ViewOptions | None = None) -> dict[str, Any]:
    """The viewer data of the file at *path* (see :func:`build_page`)."""
    options = options or ViewOptions()
    text = _read(path)
    if text.lstrip().startswith("Player 1:"):
        from pure_engine.view.solutions import crab_data

        return crab_data(text, path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"byte {exc.pos}: truncated or invalid JSON; {EXPECTED}", where=path
        ) from None
    if not isinstance(data, dict):
        raise ParseError(f"{EXPECTED}, found a JSON {type(data).__name__}", where=path)
    return _dispatch(data, text, path, options)


def _dispatch(data: dict[str, Any], text: str, path: str, options: ViewOptions) -> dict[str, Any]:
    from pure_engine.view import solutions

    if data.get("format") == RECORD_FORMAT:
        try:
            return record_data(loads(text, source=path), path)
        except UnknownGameError as exc:
            raise RecordError(
                f"expected a record of a registered game: {exc.args[0]}", where=path
            ) from None
    if data.get("format") == SEARCH_FORMAT:
        from pure_engine.view.tree import search_data

        try:
            return search_data(data, path)
        except UnknownGameError as exc:
            raise RecordError(
                f"expected a dump of a registered game: {exc.args[0]}", where=path
            ) from None
    if "deal" in data and ("table" in data or "leads" in data):
        return solutions.bridge_data(data, path, dd_cards=options.dd_cards)
    if "moves" in data and "solved" in data:
        deal: int | str | None = options.deal
        if options.deal_file is not None:
            deal = _read(options.deal_file)
        if options.variant is None or deal is None:
            raise ParseError(
                "a patience answer needs --variant NAME and --deal N or --deal-file F", where=path
            )
        return solutions.patience_data(data, path, options.variant, deal)
    if "verdict" in data and "tree" in data:
        if options.puzzle is None:
            raise ParseError("a skirmish-lethal answer needs --puzzle PUZZLE.json", where=path)
        return solutions.lethal_data(data, path, options.puzzle)
    if "part1" in data or "part2" in data:
        if options.puzzle is None:
            raise ParseError("a crab-combat answer needs --puzzle INPUT", where=path)
        part = 2 if "part2" in data else 1
        return solutions.crab_data(_read(options.puzzle), options.puzzle, part=part)
    keys = ", ".join(sorted(data)[:6])
    raise ParseError(f"{EXPECTED}; found a JSON object with keys {keys}", where=path)


def build_page(path: str, options: ViewOptions | None = None, *, served: bool = False) -> str:
    """The self-contained HTML page of the file at *path* (*served*: see ``to_html``)."""
    return to_html(view_data(path, options), served=served)


def write_page(path: str, output: str | None = None, options: ViewOptions | None = None) -> str:
    """Write the page of *path* to *output* (default: *path* with ``.html``); return it."""
    page = build_page(path, options)
    target = output or os.path.splitext(path)[0] + ".html"
    write_atomic(target, page)
    return target
