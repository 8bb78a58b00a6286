"""Writing reports to files: atomically, and one file per record when there are several.

A reader (a browser left open on the report, a mail client attaching it) must never see half
a file, and an interrupted run must not leave one behind: every file is written to a
temporary file beside its target and renamed over it only once complete. What is not a
regular file (a device, a pipe) is written into, never replaced.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import IO

#: the file extension of each output format
EXTENSIONS = {"html": ".html", "json": ".json", "jsonl": ".jsonl", "text": ".txt"}


class AtomicFile:
    """``with AtomicFile(path) as out: out.write(...)``: the file appears whole, or not at all.

    Only what is ours is replaced: a target that is not a regular file (a device such as
    ``/dev/null``, a pipe, a terminal, anything under ``/dev`` or ``/proc``) is written into,
    never renamed over; a link keeps pointing where it did (the file it names is replaced); an
    existing file keeps its permissions and, for root, its owner. The temporary file has no
    name while it is written (``O_TMPFILE``, where the file system has it), so even SIGKILL
    leaves nothing behind; elsewhere it is ``.NAME.XXXX.tmp`` beside the target.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stream: IO[str] | None = None
        self._name = ""  # the temporary file's name, when it has one
        self._direct = False

    def __enter__(self) -> IO[str]:
        try:
            if _written_into(self.path):
                self._direct = True
                self._stream = open(self.path, "w", encoding="utf-8", newline="\n")
                return self._stream
            self.path = Path(os.path.realpath(self.path)) if self.path.is_symlink() else self.path
            handle = self._temporary()
            _same_mode(handle, self.path)
        except OSError as error:  # name the file asked for, not the temporary one
            raise OSError(error.errno, error.strerror, str(self.path)) from None
        self._stream = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
        return self._stream

    def _temporary(self) -> int:
        folder = self.path.parent
        try:
            return os.open(folder, os.O_TMPFILE | os.O_WRONLY, 0o600)
        except (OSError, AttributeError):  # no O_TMPFILE here: a named temporary file
            handle, self._name = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".tmp", dir=folder
            )
            return handle

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        assert self._stream is not None
        try:
            if kind is None and not self._direct:
                self._stream.flush()
                self._commit(self._stream.fileno())
        finally:
            self._stream.close()
            if self._name and os.path.exists(self._name):
                os.unlink(self._name)

    def _commit(self, handle: int) -> None:
        if self._name:
            os.replace(self._name, self.path)
            return
        # an unnamed file gets a name beside the target, then takes the target's place
        name = self.path.parent / f".{self.path.name}.{os.getpid()}.tmp"
        fds = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
        try:  # a src_dir_fd makes os.link call linkat with AT_SYMLINK_FOLLOW, as it must here
            os.link(str(handle), name, src_dir_fd=fds, follow_symlinks=True)
        finally:
            os.close(fds)
        try:
            os.replace(name, self.path)
        finally:
            if name.exists():
                name.unlink()


def _written_into(path: Path) -> bool:
    """Whether ``path`` is something to write into, not to replace: a device, a pipe, a
    socket, or anything under /dev or /proc (``/dev/stdout`` is the caller's own output)."""
    if path.is_absolute() and path.parts[1:2] in (("dev",), ("proc",)):
        return True
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _same_mode(handle: int, path: Path) -> None:
    """The new file's permissions: the old file's when there is one (and its owner, for
    root), else what ``open()`` would create (0666 less the umask)."""
    try:
        old = os.stat(path)
    except FileNotFoundError:
        os.fchmod(handle, 0o666 & ~_umask())
        return
    if os.geteuid() == 0:
        with suppress(OSError):
            os.fchown(handle, old.st_uid, old.st_gid)
    os.fchmod(handle, stat.S_IMODE(old.st_mode))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    with AtomicFile(path) as out:
        out.write(text)


class Folder:
    """One report per record in a folder, named after the record (``game.json`` ->
    ``game.html``; line 17 of ``archive.jsonl`` -> ``archive-17.html``); a name already used
    in this run gets ``-2``, ``-3``, ... so that no report overwrites another."""

    def __init__(self, path: Path, fmt: str) -> None:
        self.path = path
        self.extension = EXTENSIONS[fmt]
        self.used: set[str] = set()

    def name_for(self, source: str) -> str:
        stem, _, line = source.rpartition(":") if _is_line(source) else (source, "", "")
        base = Path(stem).stem.strip("<>") or "record"
        base = re.sub(r"[^\w.-]+", "-", base) + (f"-{line}" if line else "")
        name, n = base, 1
        while name in self.used:
            n += 1
            name = f"{base}-{n}"
        self.used.add(name)
        return name + self.extension

    def write(self, source: str, text: str) -> Path:
        target = self.path / self.name_for(source)
        write_atomically(target, text)
        return target


def _is_line(source: str) -> bool:
    """``archive.jsonl:17`` and ``<stdin>:3`` name a line of a stream."""
    head, sep, tail = source.rpartition(":")
    return bool(sep) and tail.isdigit() and bool(head)
