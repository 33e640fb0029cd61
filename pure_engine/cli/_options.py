"""The option vocabulary every subcommand shares: checked numbers, ``--progress``, ``--quiet``.

Numbers are checked where argparse reads them, so a bad value is argparse's
one line (``argument --seconds: expected ...``) and exit 2 before anything
runs: no ``nan``, no infinity, nothing beyond what a run can use.
"""

from __future__ import annotations

import argparse
import math
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

__all__ = [
    "MAX_COUNT",
    "MAX_SECONDS",
    "MAX_SEED",
    "Progress",
    "add_progress_arguments",
    "count",
    "megabytes",
    "positive_count",
    "seconds",
    "seed",
    "show_progress",
]

MAX_SECONDS = 10.0**7
"""The longest time an option takes (about four months): longer is a typo."""
MAX_COUNT = 10**9
"""The most games, simulations or moves an option takes."""
MAX_SEED = 2**63 - 1


def _number(text: str, kind: Callable[[str], float]) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected {'an integer' if kind is int else 'a number'}, found {text!r}"
        ) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, found {text!r}")
    return value


def seconds(text: str) -> float:
    """A time in seconds: finite, > 0, at most :data:`MAX_SECONDS`.

    >>> seconds("2.5")
    2.5
    >>> seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a finite number, found 'nan'
    >>> seconds("1e308")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected seconds in (0, 10000000], found '1e308'
    """
    value = _number(text, float)
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected seconds in (0, {MAX_SECONDS:.0f}], found {text!r}"
        )
    return value


def megabytes(text: str) -> float:
    """A memory size in MiB: finite, > 0, at most 2**40.

    >>> megabytes("512")
    512.0
    """
    value = _number(text, float)
    if not 0 < value <= 2**40:
        raise argparse.ArgumentTypeError(f"expected MiB in (0, 2**40], found {text!r}")
    return value


def _bounded(text: str, low: int, high: int) -> int:
    value = int(_number(text, int))
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected an integer in [{low}, {high}], found {text!r}")
    return value


def count(text: str) -> int:
    """A count that may be zero (``--mcts 0``): 0 .. :data:`MAX_COUNT`.

    >>> count("0"), count("12")
    (0, 12)
    """
    return _bounded(text, 0, MAX_COUNT)


def positive_count(text: str) -> int:
    """A count of at least one: games, simulations, tasks, moves.

    >>> positive_count("99999999999999999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected an integer in [1, 1000000000], found '99999999999999999999'
    """
    return _bounded(text, 1, MAX_COUNT)


def seed(text: str) -> int:
    """A seed: 0 .. 2**63 - 1.

    >>> seed("7")
    7
    """
    return _bounded(text, 0, MAX_SEED)


def add_progress_arguments(parser: argparse.ArgumentParser) -> None:
    """``--progress auto|always|never`` (progress on stderr) and ``--quiet``."""
    parser.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        nargs="?",
        const="always",
        default="auto",
        help="progress on stderr: auto (when stderr is a terminal, the default), always, never",
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no progress and no chatter on stderr: only the answer (and errors)",
    )


def show_progress(args: argparse.Namespace, stream: TextIO | None = None) -> bool:
    """Whether to draw progress for *args* on *stream* (stderr by default)."""
    if getattr(args, "quiet", False):
        return False
    mode = getattr(args, "progress", "auto")
    if mode == "auto":
        return (stream or sys.stderr).isatty()
    return bool(mode == "always")


class Progress:
    """One line of progress on stderr, rewritten in place at most ten times a second.

    ``update(text)`` shows *text* (with the elapsed time); ``close()`` ends
    the line.  A disabled progress does nothing, so callers need no ``if``.
    """

    def __init__(self, *, enabled: bool, stream: TextIO | None = None) -> None:
        import time

        self._clock = time.monotonic
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.started = self._clock()
        self._last = -1.0
        self._width = 0
        self._lock = threading.Lock()

    def update(self, text: str, *, force: bool = False) -> None:
        """Show *text*, unless the last redraw was under 0.1 s ago (and not *force*)."""
        if not self.enabled:
            return
        with self._lock:
            now = self._clock()
            if not force and now - self._last < 0.1:
                return
            self._last = now
            line = f"{text}  {now - self.started:.0f}s"
            self.stream.write("\r" + line.ljust(self._width))
            self._width = len(line)
            self.stream.flush()

    @contextmanager
    def ticking(self, text: Callable[[], str], *, after: float = 1.0) -> Iterator[None]:
        """While the body runs, redraw ``text()`` four times a second from a helper thread,
        starting *after* seconds (a quick job prints nothing): a long solve shows it lives.
        """
        if not self.enabled:
            yield
            return
        stop = threading.Event()

        def tick() -> None:
            if stop.wait(after):
                return
            while True:
                self.update(text(), force=True)
                if stop.wait(0.25):
                    return

        thread = threading.Thread(target=tick, name="pure-engine progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join()

    def bar(self, done: int, total: int, noun: str, *, extra: str = "") -> None:
        """``[#####.....] done/total noun extra``, with an eta."""
        width = 30
        filled = width * done // max(1, total)
        elapsed = self._clock() - self.started
        eta = f", eta {elapsed / done * (total - done):.0f}s" if 0 < done < total else ""
        self.update(
            f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {noun}{extra}{eta}",
            force=done >= total,
        )

    def clear(self) -> None:
        """Erase the progress line (before printing an answer on a shared terminal)."""
        with self._lock:
            if self.enabled and self._last >= 0:
                self.stream.write("\r" + " " * self._width + "\r")
                self.stream.flush()
                self._last = -1.0
                self._width = 0

    def close(self) -> None:
        """End the progress line (a newline, when anything was drawn)."""
        with self._lock:
            if self.enabled and self._last >= 0:
                self.stream.write("\n")
                self.stream.flush()
                self._last = -1.0
