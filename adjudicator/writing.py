"""Writing reports to files: atomically, and one file per record when there are several.

A reader (a browser left open on the report, a mail client attaching it) must never see half
a file, and an interrupted run must not leave one behind: every file is written to a
temporary file beside its target and renamed over it only once complete.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO

#: the file extension of each output format
EXTENSIONS = {"html": ".html", "json": ".json", "jsonl": ".jsonl", "text": ".txt"}


class AtomicFile:
    """``with AtomicFile(path) as out: out.write(...)``: the file appears whole, or not at all."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stream: IO[str] | None = None
        self._name = ""

    def __enter__(self) -> IO[str]:
        folder = self.path.parent
        try:
            handle, self._name = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".tmp", dir=folder
            )
        except OSError as error:  # name the file asked for, not the temporary one
            raise OSError(error.errno, error.strerror, str(self.path)) from None
        os.chmod(handle, 0o666 & ~_umask())  # as open() would create it, not mkstemp's 0600
        self._stream = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
        return self._stream

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        assert self._stream is not None
        try:
            self._stream.close()
            if kind is None:
                os.replace(self._name, self.path)
        finally:
            if os.path.exists(self._name):
                os.unlink(self._name)


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
