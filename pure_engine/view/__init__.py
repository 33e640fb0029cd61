"""See the game: one self-contained HTML page for a record, a solver answer or a search dump.

:func:`build_page` reads a file, finds what it is, and returns the page's HTML;
:func:`write_page` writes it next to the file.  The page holds every scene
(from each game family's ``render`` module) as JSON, and a small inline script
draws them as SVG: a step slider, the move list with who moved and why, a seat
selector (each player's view comes from the game's own ``observation``), and
for solutions and searches a table or a collapsible tree.

>>> import tempfile, pathlib
>>> from pure_engine.core.gamerecord import make_record, save
>>> from pure_engine.core.registry import load_game
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save(make_record(load_game("kuhn_poker"), [0, 1, 0, 1, 1]), folder / "kuhn.json")
>>> page = build_page(str(folder / "kuhn.json"))
>>> page.startswith("<!DOCTYPE html>"), "kuhn_poker record" in page
(True, True)
"""

from __future__ import annotations

from pure_engine.view.load import ViewOptions, build_page, view_data, write_page

__all__ = ["ViewOptions", "build_page", "view_data", "write_page"]
