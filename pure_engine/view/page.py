"""One self-contained HTML page: the data as JSON, the viewer's script and style inline.

No network, no server: the page works from ``file://``.  Every text from a
file reaches the page inside the JSON data (``<`` escaped, so no ``</script>``
can end it) and the script sets it with ``textContent``, never as HTML.

>>> page = to_html({"title": "<b>", "source": "x", "views": [], "steps": [], "moves": [],
...     "summary": []})
>>> "<b>" in page, "\\\\u003cb>" in page
(False, True)
"""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from pure_engine.view.pack import Pack

__all__ = ["to_html"]

_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'{connect}">
<title>{title}</title><style>{style}</style></head>
<body data-kind="{kind}">
<header><h1 id="title"></h1><div id="source"></div></header>
<main>
<section id="board">
<div id="controls">
<button id="first" title="first (Home)">&laquo;</button>
<button id="prev" title="back (left arrow)">&#x25c0;</button>
<button id="next" title="forward (right arrow)">&#x25b6;</button>
<button id="last" title="last (End)">&raquo;</button>
<button id="play">&#x25b6; play</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="where"></span>
<label>seat <select id="seat"></select></label>
</div>
<div id="felt"><svg id="table" xmlns="http://www.w3.org/2000/svg"></svg></div>
<div id="status"></div><div id="info"></div>
<div id="ddbox"><h3>Double-dummy tricks</h3><table id="ddtable"></table></div>
<div id="treebox"><h3>Tree</h3><div id="tree"></div></div>
</section>
<aside id="side"><div id="summary"></div><div id="movebox"><h3>Moves</h3><ol id="moves"></ol></div>
</aside>
</main>
<script type="application/json" id="data">{data}</script>
<script>{script}</script>
</body></html>
"""


def _asset(name: str) -> str:
    return resources.files("pure_engine.view").joinpath(name).read_text(encoding="utf-8")


def to_html(data: dict[str, Any], *, served: bool = False) -> str:
    """The page for *data* (``pack`` may be a :class:`~pure_engine.view.pack.Pack`).

    A *served* page (``view --serve``) may also talk to the server it came from (its
    ``POST /solve``); a page written to a file talks to nothing.
    """
    meta = {key: value for key, value in data.items() if key != "pack"}
    meta["served"] = served
    text = json.dumps(meta, separators=(",", ":"), ensure_ascii=False)
    pack = data.get("pack")
    packed = (
        pack.to_json_text() if isinstance(pack, Pack) else '{"zones":[],"texts":[],"scenes":[]}'
    )
    text = text[:-1] + "," + packed[1:]
    safe = text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return _TEMPLATE.format(
        title=html.escape(str(data.get("title", "pure-engine view"))),
        connect="; connect-src 'self'" if served else "",
        kind=html.escape(str(data.get("kind", ""))),
        style=_asset("viewer.css"),
        data=safe,
        script=_asset("viewer.js"),
    )
