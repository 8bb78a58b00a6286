"""Reading records for the public API: one file in JSON or the notation, or a whole archive.

Why here and not in ``record``: the notation is read by ``notation``, a layer above the
record models; and an archive is read by ``batch``, the command's own reader, so that a
program reads a file, a folder, a ``.jsonl`` archive (gzipped or not) or a stream exactly as
``adjudicator check`` does, record for record and source name for source name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from os import PathLike
from pathlib import Path
from typing import BinaryIO

from adjudicator.batch import Item, iter_items, notation_of, record_of
from adjudicator.errors import InputError, Problem
from adjudicator.notation import Notation
from adjudicator.record.envelope import AnyRecord
from adjudicator.record.lines import locate
from adjudicator.record.load import MAX_RECORD_BYTES
from adjudicator.ruling.build import adjudicate
from adjudicator.ruling.model import Ruling


def load_record(path: str | PathLike[str]) -> AnyRecord:
    """Read and validate a record file (never modified): JSON, or the notation (HRN) when
    the file ends in ``.hrn`` or its first line that is not blank or a comment is ``%HRN``,
    as the command decides. Raises ``InputError``, with the line and column of each problem."""
    try:
        with Path(path).open("rb") as stream:
            raw = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise InputError("", f"cannot read {path}: {exc.strerror or exc}") from None
    return _record(Item(str(path), raw))


def _record(item: Item) -> AnyRecord:
    """The item's record; an ``InputError`` placed in its text (line and column)."""
    notation: Notation | None = None
    try:
        notation = notation_of(item)
        return record_of(item, notation)
    except InputError as error:
        if notation is None:
            raise (error if error.line is not None else locate(error, item.raw)) from None
        raise _placed(error, notation) from None


def _placed(error: InputError, notation: Notation) -> InputError:
    """A record error of the notation, each problem at the line and column of its text."""
    problems = []
    for problem in error.problems:
        where = notation.position(problem.pointer) if problem.line is None else None
        if where is not None:
            problem = Problem(problem.pointer, problem.message, where[0], where[1])
        problems.append(problem)
    return InputError.of(problems, error.total)


def iter_rulings(
    source: str | PathLike[str] | BinaryIO | Iterable[bytes],
) -> Iterator[tuple[str, Ruling | InputError]]:
    """Rule on every record of an archive, one at a time, never holding it whole: yields
    (source, ruling) for each record, or (source, ``InputError``) for one that cannot be
    judged, and goes on. ``source`` is a path (a record in JSON or the notation, a ``.jsonl``
    archive, either gzipped as ``.gz``, or a folder of them, read recursively) or a binary
    stream (sniffed as standard input is: one record, JSON or notation, or JSON Lines). The
    source names are the command's: ``file.json``, ``archive.jsonl:17``, ``<stream>:17``."""
    if isinstance(source, str | PathLike):
        items = iter_items([str(source)])
    else:
        items = iter_items(["-"], stdin=source)
    for item in items:
        name = item.source
        if name.startswith("<stdin>"):
            name = "<stream>" + name.removeprefix("<stdin>")
        yield name, _ruling(item)


def _ruling(item: Item) -> Ruling | InputError:
    """The item's ruling, or why it cannot be judged; never raises (an archive goes on)."""
    if item.unreadable:
        return InputError("", f"cannot read: {item.unreadable}")
    try:
        return adjudicate(_record(item))
    except InputError as error:
        return error
    except Exception as error:  # a bug of ours: reported for this record, never raised
        return InputError("", f"cannot be judged: internal error {type(error).__name__}: {error}")
