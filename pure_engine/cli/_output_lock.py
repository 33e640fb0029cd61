"""One writer per batch output: ``OUT.lock`` held for as long as a batch runs.

The lock is a POSIX record lock (``fcntl.lockf``) on ``OUT.lock``: the
kernel (or an NFS server's lock manager) drops it when the process ends, however
it ends, so a batch killed with ``kill -9`` never blocks the next one.  The file
also holds a line naming its holder (process id, host, start time, command),
which is what a refused second batch prints.  A batch that finds the file but
no lock on it takes over the stale lock and says whose it was; a batch that
ends normally removes the file.  Record locks are per process and not inherited
by forked workers, so a worker that outlives a killed parent holds nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from pure_engine.core.files import NEW_FILE_MODE

__all__ = ["OutputBusyError", "hold_output"]


class OutputBusyError(ValueError):
    """Another running batch writes this output file."""


def _holder_line() -> str:
    command = " ".join(["pure-engine", *sys.argv[1:]])[:200]
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())
    return f"pid {os.getpid()} on {socket.gethostname()} since {started}: {command}"


def _read(descriptor: int) -> str:
    os.lseek(descriptor, 0, os.SEEK_SET)
    return os.read(descriptor, 4096).decode("utf-8", "replace").strip()


@contextmanager
def hold_output(path: str, *, notice: bool = True) -> Iterator[None]:
    """Hold ``path + ".lock"`` while the body runs; refuse when another process holds it.

    *notice*: print on stderr when a stale lock (its holder is gone) is taken over.

    >>> import tempfile, os
    >>> out = os.path.join(tempfile.mkdtemp(), "out.jsonl")
    >>> with hold_output(out):
    ...     os.path.exists(out + ".lock")
    True
    >>> os.path.exists(out + ".lock")
    False
    """
    lock_path = path + ".lock"
    while True:
        descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, NEW_FILE_MODE)
        try:
            fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read(descriptor) or "another process"
            os.close(descriptor)
            raise OutputBusyError(
                f"{path} is being written by a running batch ({holder}); "
                "wait for it to finish or choose another --out"
            ) from None
        try:
            same = os.fstat(descriptor).st_ino == os.stat(lock_path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(descriptor)  # the holder removed it as we opened it: take the new one
    try:
        stale = _read(descriptor)
        if stale and notice:
            print(
                f"taking over the stale lock on {path} ({stale}: no longer running)",
                file=sys.stderr,
            )
        os.ftruncate(descriptor, 0)
        os.lseek(descriptor, 0, os.SEEK_SET)
        os.write(descriptor, (_holder_line() + "\n").encode("utf-8"))
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):  # still holding the lock: nobody took it
            os.unlink(lock_path)
        os.close(descriptor)
