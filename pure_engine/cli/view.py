"""``pure-engine view FILE``: write one self-contained HTML page showing FILE, print its path.

FILE is a game record (``demo --record``, ``play --record``, ``batch play
--records``), a solver answer (patience with ``--variant``/``--deal``,
skirmish-lethal or crab-combat with ``--puzzle``, bridge-dd), a crab-combat
input, or a search dump (``play --dump-search``).  ``--open`` opens the page
in the browser; ``--serve`` serves it on localhost, rebuilt on every reload
(for a record still being written).  Bad input: one line naming the file and
what was expected, exit 2.
"""

from __future__ import annotations

import argparse
import http.server
import json
import sys
import webbrowser
from pathlib import Path

from pure_engine.errors import PureEngineError
from pure_engine.view import ViewOptions, build_page, write_page
from pure_engine.view.bridge_solve import SOLVE_SECONDS, SolveError, solve_request

__all__ = ["add_arguments", "make_server", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``FILE [-o OUT] [--open | --serve [--port P]]`` and the solver answers' context."""
    parser.add_argument("file", help="a record, solver answer, crab-combat input or search dump")
    parser.add_argument("-o", "--output", help="the page to write (default: FILE with .html)")
    parser.add_argument("--open", action="store_true", help="open the page in the browser")
    parser.add_argument(
        "--serve", action="store_true", help="serve the page on localhost, rebuilt on reload"
    )
    parser.add_argument("--port", type=int, default=8765, help="--serve's port (default 8765)")
    parser.add_argument("--variant", help="patience answer: the variant (freecell...)")
    parser.add_argument("--deal", type=int, help="patience answer: the deal number")
    parser.add_argument("--deal-file", help="patience answer: the deal file")
    parser.add_argument("--puzzle", help="skirmish-lethal puzzle or crab-combat input")
    parser.add_argument(
        "--solve-seconds",
        type=float,
        default=SOLVE_SECONDS,
        help=f"--serve: seconds the solver may spend on a clicked position ({SOLVE_SECONDS:g})",
    )
    parser.add_argument(
        "--dd-cards",
        type=int,
        default=9,
        help="bridge-dd: score every card once hands hold at most this many (default 9)",
    )


def run(args: argparse.Namespace) -> int:
    """Build and write (or serve) the page."""
    if not 0 <= args.dd_cards <= 13:
        raise ValueError(f"--dd-cards must be 0..13, found {args.dd_cards}")
    if not 0 < args.solve_seconds <= 3600:
        raise ValueError(f"--solve-seconds must be in (0, 3600], found {args.solve_seconds}")
    options = ViewOptions(args.variant, args.deal, args.deal_file, args.puzzle, args.dd_cards)
    if args.serve:
        build_page(args.file, options)  # bad input fails here, before the server starts
        return _serve(args.file, options, args.port, args.solve_seconds)
    target = write_page(args.file, args.output, options)
    print(target)
    if args.open:
        webbrowser.open(Path(target).resolve().as_uri())
    return 0


_MAX_REQUEST = 64 * 1024
"""Bytes a ``POST /solve`` body may hold (a position is a few hundred)."""


def make_server(
    path: str, options: ViewOptions, port: int, *, solve_seconds: float = SOLVE_SECONDS
) -> http.server.ThreadingHTTPServer:
    """A localhost server: every GET answers the page of *path*, built afresh (a bad file
    answers 500 with the one-line error); ``POST /solve`` answers a bridge position's trick
    values as JSON (:mod:`pure_engine.view.bridge_solve`: 400 with ``{"error": ...}`` for a
    bad request, 503 when the solver needs more than *solve_seconds*)."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            try:
                body, status = build_page(path, options, served=True).encode("utf-8"), 200
            except (PureEngineError, OSError, ValueError) as exc:
                body, status = f"pure-engine view: error: {exc}".encode(), 500
            kind = "text/html" if status == 200 else "text/plain"
            self._answer(status, kind, body)

        def do_POST(self) -> None:
            status, answer = _solve(self, solve_seconds)
            self._answer(status, "application/json", json.dumps(answer).encode())

        def _answer(self, status: int, kind: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return

    return http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)


def _solve(
    handler: http.server.BaseHTTPRequestHandler, seconds: float
) -> tuple[int, dict[str, object]]:
    """``(status, JSON answer)`` of a POST: only ``/solve``, a JSON body of bounded size."""
    if handler.path != "/solve":
        return 404, {"error": f"expected POST /solve, found POST {handler.path[:80]}"}
    # another site's page cannot send this type without the browser asking first (CORS),
    # and this server answers no such question: only its own page reaches the solver
    kind = handler.headers.get("Content-Type", "").split(";")[0].strip()
    if kind != "application/json":
        return 415, {"error": f"expected Content-Type application/json, found {kind[:40]!r}"}
    try:
        size = int(handler.headers.get("Content-Length", ""))
    except ValueError:
        return 411, {"error": "expected a Content-Length header with the body's size"}
    if not 0 <= size <= _MAX_REQUEST:
        return 413, {"error": f"expected a body of at most {_MAX_REQUEST} bytes, found {size}"}
    raw = handler.rfile.read(size)
    try:
        request = json.loads(raw.decode("utf-8"))
        return 200, solve_request(request, seconds=seconds)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return 400, {"error": "solve request: expected a JSON object, found invalid JSON"}
    except (PureEngineError, ValueError) as exc:
        return 400, {"error": str(exc)}
    except SolveError as exc:
        return 503, {"error": str(exc)}


def _serve(path: str, options: ViewOptions, port: int, solve_seconds: float) -> int:
    server = make_server(path, options, port, solve_seconds=solve_seconds)
    print(f"serving {path} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    sys.stdout.flush()
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0
