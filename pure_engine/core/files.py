"""Atomic file writes with the permissions a user expects.

:func:`write_atomic` writes a temporary file in the target's folder, flushes it to
disk and renames it over the target, so a crash never leaves a half-written file.
``tempfile.mkstemp`` would create that temporary file ``0600``, and the rename
would hand the record to its reader as private to its writer; here a new file gets
``0o666`` less the process umask — what ``open(path, "w")`` gives — and a replaced
file keeps the mode it had.

>>> import os, stat, tempfile
>>> path = Path(tempfile.mkdtemp()) / "hello.txt"
>>> old = os.umask(0o027)
>>> write_atomic(path, "hello")
>>> _ = os.umask(old)
>>> oct(stat.S_IMODE(path.stat().st_mode)), path.read_text()
('0o640', 'hello')
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

__all__ = ["NEW_FILE_MODE", "write_atomic"]

NEW_FILE_MODE = 0o666
"""The mode asked for when creating a file; the kernel takes the umask away."""


def _temporary(folder: Path, name: str) -> tuple[int, Path]:
    """Create a fresh hidden file next to the target: its descriptor and path."""
    for _ in range(100):
        temp = folder / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"could not create a temporary file next to {name!r} in {folder}")


def write_atomic(
    path: str | os.PathLike[str],
    text: str,
    *,
    overwrite: bool = True,
    newline: str | None = None,
) -> None:
    """Write *text* (UTF-8) to *path* atomically: all of it, or nothing.

    A new file gets the permissions the umask asks for; an existing file that is
    replaced keeps its mode.  With ``overwrite=False`` an existing file is never
    replaced: ``FileExistsError``, and nothing is written.  A failure leaves any
    existing file untouched and no temporary file behind.
    """
    target = Path(path)
    descriptor, temp = _temporary(target.parent, target.name)
    try:
        if overwrite and hasattr(os, "fchmod"):
            with contextlib.suppress(FileNotFoundError):  # a new file keeps the umask's mode
                os.fchmod(descriptor, stat.S_IMODE(os.stat(target).st_mode))
        with os.fdopen(descriptor, "w", encoding="utf-8", newline=newline) as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if overwrite:
            os.replace(temp, target)
        else:
            os.link(temp, target)  # atomic, and refuses an existing target
            temp.unlink()
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
