"""The ``pure-engine`` command: solve puzzles, pit bots, replay records, time games.

Each subcommand lives in its own module with ``add_arguments(parser)`` and
``run(args) -> int``; only the module of the subcommand being run is imported,
so ``pure-engine --help`` and a small solve start fast.  Every expected failure
(bad input, unreadable file, illegal action) is printed as one line on stderr
with exit code 2; a closed pipe (``| head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from pure_engine.errors import PureEngineError

__all__ = ["build_parser", "main"]

# (subcommand, module, one-line help): the order of the top-level help
_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("demo", "pure_engine.cli.demo", "see every main job work on built-in examples, in seconds"),
    (
        "list",
        "pure_engine.cli.listing",
        "list the games (patience presets too) and the bot kinds",
    ),
    (
        "solve",
        "pure_engine.cli.solve",
        "solve a patience deal, crab-combat, bridge-dd or skirmish-lethal",
    ),
    (
        "play",
        "pure_engine.cli.play",
        "pit bots against each other in any game, yours too",
    ),
    ("check", "pure_engine.cli.check", "property-check any game (yours too) with check_game"),
    ("replay", "pure_engine.cli.replay", "replay and verify a game record, then print the game"),
    ("verify", "pure_engine.cli.verify", "check a patience solution with an independent replayer"),
    (
        "batch",
        "pure_engine.cli.batch",
        "solve deals, play games or time playouts in parallel, resumably",
    ),
    ("bench", "pure_engine.cli.bench", "time random playouts (and MCTS) of a game"),
    ("rules", "pure_engine.cli.rules", "trace, query or check a JSON rule set on a state"),
    ("view", "pure_engine.cli.view", "write an HTML page showing a record, answer or search tree"),
)

_EPILOG = """\
Run 'pure-engine COMMAND --help' for a command's options.  Games are named
as 'pure-engine list' shows them, or as pkg.module:factory for your own.
Exit codes: 0 done, 1 a negative answer (unsolved, failed check), 2 bad input."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # argparse's is NoReturn too
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def version_text() -> str:
    """``pure-engine VERSION`` and, when the package says so, which build runs.

    >>> version_text().startswith("pure-engine ")
    True
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        text = f"pure-engine {version('pure_engine')}"
    except PackageNotFoundError:  # a source tree on sys.path, not installed
        text = "pure-engine (not installed)"
    import pure_engine

    info = pure_engine.build_info()
    compiled = len(info["compiled"])
    if info["build"] == "compiled":
        return f"{text} (compiled build: {compiled} modules compiled with mypyc)"
    return f"{text} (pure Python build: {info['reason']})"


class _VersionAction(argparse.Action):
    """``--version``: the text is computed only when asked for (it reads package metadata)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(version_text())
        parser.exit(0)


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line (the first word not an option)."""
    for word in argv:
        if not word.startswith("-"):
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser; only the subcommand named in *argv* gets its full options.

    With *argv* ``None`` every subcommand is registered in full (for documentation tools).
    """
    parser = _Parser(
        prog="pure-engine",
        description="pure-engine: solve puzzles, pit bots, replay records, time games.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action=_VersionAction, help="print the version (and the build) and exit"
    )
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, metavar="COMMAND"
    )
    chosen = None if argv is None else _chosen(argv)
    for name, module_name, help_text in _COMMANDS:
        command = sub.add_parser(name, help=help_text, description=help_text)
        if argv is None or name == chosen:
            module = importlib.import_module(module_name)
            module.add_arguments(command)
            command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 a negative answer, 2 bad input)."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser(words).parse_args(words)
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else 2
    command = f"pure-engine {args.command}"
    try:
        code: int = args._run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_pipe()
    except (PureEngineError, OSError, ValueError, OverflowError) as exc:
        print(f"{command}: error: {one_line(exc)}", file=sys.stderr)
        return 2
    except RecursionError:  # a JSON file nested beyond what the parsers follow
        inputs = [word for word in words if os.path.isfile(word)]
        where = f" ({', '.join(inputs)})" if inputs else ""
        print(f"{command}: error: the input is nested too deeply{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: still one line, the traceback on request
        if os.environ.get("PURE_ENGINE_TRACEBACK"):
            raise
        print(
            f"{command}: internal error: {type(exc).__name__}: {one_line(exc)} "
            "(a bug; PURE_ENGINE_TRACEBACK=1 shows where)",
            file=sys.stderr,
        )
        return 70  # EX_SOFTWARE
    return code


def _quiet_pipe() -> int:
    """The reader went away (``| head``): no message; stdout is pointed at /dev/null so the
    interpreter's final flush does not complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # a stdout without a descriptor (tests): nothing to redirect
        pass
    return 141  # 128 + SIGPIPE, as a shell reports a command killed by a closed pipe


def one_line(exc: BaseException) -> str:
    """An exception as one line: an OS error names its file; every other message is joined.

    >>> one_line(FileNotFoundError(2, "No such file or directory", "deals.json"))
    'No such file or directory: deals.json'
    >>> one_line(ValueError("expected\\n  a number"))
    'expected a number'
    """
    if isinstance(exc, UnicodeDecodeError):
        return f"expected UTF-8 text, found byte 0x{exc.object[exc.start]:02x} at {exc.start}"
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.strerror or exc}: {exc.filename}"
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
