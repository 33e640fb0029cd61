"""The ``pure-engine`` command: thin; it parses, calls the library and prints.

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> int``.  Every expected failure (bad input, unreadable file,
illegal action) is printed as one line on stderr with exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from pure_engine.errors import PureEngineError

__all__ = ["main"]

# (subcommand, module, one-line help)
_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("demo", "pure_engine.cli.demo", "show the main jobs on embedded defaults, in seconds"),
    ("solve", "pure_engine.cli.solve", "solve a puzzle: crab-combat INPUT, or a patience deal"),
    ("play", "pure_engine.cli.play", "pit bots against each other and report per-seat results"),
    ("replay", "pure_engine.cli.replay", "replay and verify a game record, then print the game"),
    ("verify", "pure_engine.cli.verify", "check a patience solution with an independent replayer"),
    (
        "batch",
        "pure_engine.cli.batch",
        "solve deals, play games or time playouts in parallel, resumably",
    ),
    ("bench", "pure_engine.cli.bench", "time random playouts (and MCTS) of a registered game"),
    ("rules", "pure_engine.cli.rules", "trace, query or check a JSON rule set on a state"),
    ("view", "pure_engine.cli.view", "write an HTML page showing a record, answer or search tree"),
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # argparse's is NoReturn too
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (every subcommand registered)."""
    parser = _Parser(prog="pure-engine", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, module_name, help_text in _COMMANDS:
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 a negative answer, 2 bad input)."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args._run(args)
    except (PureEngineError, OSError, ValueError) as exc:
        print(f"pure-engine {args.command}: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"pure-engine {args.command}: interrupted", file=sys.stderr)
        return 130
    return code


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.strerror or exc}: {exc.filename}"
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
