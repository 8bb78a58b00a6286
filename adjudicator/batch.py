"""Checking archives: many files, folders and JSON Lines streams, on several processes.

Records are read lazily and judged in bounded batches, so memory does not grow with the
archive; one bad record is reported with its file and line and the rest go on. Each
record's outcome comes back as a small ``Outcome`` (the rendered text and the rule counts),
so the parent process only writes and counts.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import stat
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import IO, Any

from pydantic_core import PydanticSerializationError

from adjudicator.errors import MAX_PROBLEMS, InputError, Problem
from adjudicator.notation import Notation, looks_like_notation, read_notation
from adjudicator.record.envelope import AnyRecord
from adjudicator.record.lines import locate
from adjudicator.record.load import MAX_RECORD_BYTES, decode_json, parse_record
from adjudicator.render.json import render_json, render_json_line
from adjudicator.render.safe import printable
from adjudicator.render.text import render_text
from adjudicator.ruling.build import adjudicate, check_deals
from adjudicator.ruling.model import Counts, Ruling
from adjudicator.workers import Interrupted, Stopped, ordered_map

#: Records a worker judges per task. Tasks in flight are at most ``4 * jobs``, which bounds
#: the memory (about 1,000 records with two jobs). Larger tasks mean fewer round trips
#: between the processes: 128 gave 1.91-1.94x for --jobs 2 against 1.56-2.04x with 32.
CHUNK = 128


@dataclass(frozen=True)
class Item:
    """One record to judge: where it came from and its raw bytes."""

    source: str  # "file.json" or "archive.jsonl:17"
    raw: bytes
    whole: bool = True  # a whole file or document, not a line of an archive
    unreadable: str = ""  # why it could not be read (then ``raw`` is empty)


#: The severities, least first: ``--min-severity`` keeps a finding at or above its own.
SEVERITIES = ("info", "warning", "violation")


@dataclass(frozen=True)
class Settings:
    """How to judge and what to show: the format, ``--quick``, and the filters of findings
    (``--select`` / ``--ignore`` by rule-ID prefix, ``--min-severity``), as ruff has them."""

    fmt: str = "text"
    quick: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    min_severity: str = "info"

    @property
    def filtering(self) -> bool:
        return bool(self.select or self.ignore or self.min_severity != "info")

    def keeps(self, rule: str, severity: str) -> bool:
        """Whether a finding is shown and counted: the longest matching prefix of select and
        ignore decides (ruff's rule), and its severity is at least the minimum."""
        if SEVERITIES.index(severity) < SEVERITIES.index(self.min_severity):
            return False
        chosen = max((len(p) for p in self.select if rule.startswith(p)), default=-1)
        if self.select and chosen < 0:
            return False
        ignored = max((len(p) for p in self.ignore if rule.startswith(p)), default=-1)
        return ignored <= chosen or ignored < 0


@dataclass
class Outcome:
    source: str
    status: str  # "clean" | "warnings" | "violations" | "not-replayed" | "unjudgeable"
    output: str  # what to print for it (may be empty)
    error: str = ""  # the lines of the message for an unjudgeable record
    rules: Counter[str] = field(default_factory=Counter)  # findings shown, by rule ID
    game: str = ""
    problems: tuple[tuple[str, str, int | None], ...] = ()  # pointer, message, line


#: What a folder's files are read: records, archives, and the same gzipped.
RECORD_SUFFIXES = (".json", ".jsonl", ".hrn")
_ARCHIVE_LINE = re.compile(r"^(?P<path>.+\.jsonl(?:\.gz)?):(?P<line>[0-9]+)$")


def iter_items(paths: Iterable[str], stdin: Iterable[bytes] | None = None) -> Iterator[Item]:
    """Every record named: files (``.jsonl`` line by line, ``.gz`` read through), folders
    recursively (regular files only), ``ARCHIVE.jsonl:N`` (that line alone), ``-``."""
    for name in paths:
        if name == "-":
            yield from _stdin(stdin if stdin is not None else sys.stdin.buffer)
            continue
        path = Path(name)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for file in sorted(files):
                    if file.removesuffix(".gz").endswith(RECORD_SUFFIXES):
                        yield from _file(Path(root) / file, in_folder=True)
            continue
        line = _ARCHIVE_LINE.match(name)
        if line and not path.exists():
            yield from _archive_line(Path(line["path"]), int(line["line"]))
        else:
            yield from _file(path)


def _unreadable(name: str, why: str) -> Item:
    return Item(name, b"", unreadable=why)


def _open(path: Path) -> IO[bytes]:
    """The file for reading, gunzipped when it ends in ``.gz``; only a regular file (a FIFO or
    a device named like a record would block or never end). Raises ``OSError``."""
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        raise OSError(
            f"not a regular file ({'a FIFO' if stat.S_ISFIFO(mode) else 'a device or other'})"
        )
    if path.suffix == ".gz":
        # typeshed's GzipFile is a BufferedIOBase, not an IO[bytes], though it is one at run time
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return path.open("rb")


def _file(path: Path, in_folder: bool = False) -> Iterator[Item]:
    if in_folder and not path.is_file():
        yield _unreadable(str(path), "not a regular file: skipped")
        return
    try:
        with _open(path) as stream:
            if path.name.removesuffix(".gz").endswith(".jsonl"):
                yield from _lines(str(path), stream)
                return
            raw = stream.read(MAX_RECORD_BYTES + 1)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        yield _unreadable(str(path), str(getattr(exc, "strerror", None) or exc))
        return
    yield Item(str(path), raw)


def _archive_line(path: Path, wanted: int) -> Iterator[Item]:
    """Line ``wanted`` of an archive, alone: one record checked again by ``file:line``."""
    try:
        with _open(path) as stream:
            for item in _lines(str(path), stream):
                if item.source == f"{path}:{wanted}":
                    yield item
                    return
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        yield _unreadable(f"{path}:{wanted}", str(getattr(exc, "strerror", None) or exc))
        return
    yield _unreadable(f"{path}:{wanted}", f"{path} has no record on line {wanted}")


def _stdin(stream: Iterable[bytes]) -> Iterator[Item]:
    """Standard input, sniffed by content: one record in the notation (its ``%HRN`` line,
    after any blank and comment lines, however long); JSON Lines when the first line is a
    whole JSON object (then streamed line by line, never read whole: archives of a million
    records come this way); else one JSON document, pretty-printed or not, read whole."""
    chunks = _chunks(stream)
    head, first = _head(chunks)
    # JSON Lines: a whole object first; or only blank and comment lines up to the limit of a
    # document, so not one record (read on as lines: nothing is held whole)
    lines = first is None and len(head) > MAX_RECORD_BYTES
    if lines or (first is not None and _is_object(first) and not looks_like_notation(head)):
        yield from _lines("<stdin>", chain([head], chunks))
        return
    parts, size = [head], len(head)
    for chunk in chunks:  # one document: read whole, up to the limit
        parts.append(chunk)
        size += len(chunk)
        if size > MAX_RECORD_BYTES:
            yield _unreadable("<stdin>", f"over {MAX_RECORD_BYTES:,} bytes: not read")
            return
    raw = b"".join(parts)
    if raw.strip():
        yield Item("<stdin>", raw)


#: How much is read at once from a stream (at most; a pipe gives what it has).
_READ = 1 << 20
#: Blank space, skipped in C: a flood of empty lines costs what reading it costs.
_BLANK = re.compile(rb"[ \t\r\n\f\v]*")


def _chunks(stream: Iterable[bytes]) -> Iterator[bytes]:
    """The stream's bytes in pieces: what a pipe has ready (``read1``), never waiting for a
    whole buffer, so a stream is judged as it comes."""
    read = getattr(stream, "read1", None) or getattr(stream, "read", None)
    if read is None:
        yield from stream
        return
    while chunk := read(_READ):
        yield chunk


def _head(chunks: Iterator[bytes]) -> tuple[bytes, bytes | None]:
    """The start of the stream up to and including its first line that is not blank or a
    comment (or the record's limit, if none comes first), and that line."""
    pieces: list[bytes] = []
    size, scanned = 0, 0
    for chunk in chunks:
        pieces.append(chunk)
        size += len(chunk)
        data = b"".join(pieces) if len(pieces) > 1 else chunk
        pieces = [data]
        start = scanned
        while (stop := data.find(b"\n", start)) >= 0:
            blank = _BLANK.match(data, start)
            last = data.rfind(b"\n", start, blank.end()) if blank else -1
            if last >= 0:  # a run of blank lines, skipped at once
                start = scanned = last + 1
                continue
            line = data[start:stop].strip()
            if line and not line.startswith(b"#"):
                return data, data[start:stop]
            start = scanned = stop + 1
        if size > MAX_RECORD_BYTES:
            return data, None
    data = b"".join(pieces)
    rest = data[scanned:]
    return data, (rest if rest.strip() and not rest.strip().startswith(b"#") else None)


def _lines(name: str, stream: Iterable[bytes]) -> Iterator[Item]:
    """The archive's records, one a line, read in pieces: a line longer than a record may be
    is refused without being held whole, and runs of blank lines are skipped in C."""
    number = 0  # lines ended so far
    partial: list[bytes] = []
    size = 0
    cut = False  # inside a line over the limit, already refused
    for chunk in _chunks(stream):
        pos, end = 0, len(chunk)
        while pos < end:
            if not partial and not cut:  # at the start of a line: skip whole blank lines
                blank = _BLANK.match(chunk, pos)
                last = chunk.rfind(b"\n", pos, blank.end()) if blank else -1
                if last >= 0:
                    number += chunk.count(b"\n", pos, last + 1)
                    pos = last + 1
                    continue
            stop = chunk.find(b"\n", pos)
            piece = chunk[pos : end if stop < 0 else stop]
            pos = end if stop < 0 else stop + 1
            if not cut:
                partial.append(piece)
                size += len(piece)
                if size > MAX_RECORD_BYTES:
                    cut, partial, size = True, [], 0
                    yield _unreadable(
                        f"{name}:{number + 1}", f"the line is over {MAX_RECORD_BYTES:,} bytes long"
                    )
            if stop < 0:
                continue
            number += 1
            if cut:
                cut = False
                continue
            line = b"".join(partial)
            partial, size = [], 0
            if line.strip():
                yield Item(f"{name}:{number}", line.removesuffix(b"\r"), whole=False)
    line = b"".join(partial)
    if not cut and line.strip():
        yield Item(f"{name}:{number + 1}", line.removesuffix(b"\r"), whole=False)


def _is_object(line: bytes) -> bool:
    """Whether the line is a JSON object on its own."""
    try:
        return isinstance(json.loads(line.removeprefix(b"\xef\xbb\xbf")), dict)
    except ValueError:
        return False


def judge_item(item: Item, settings: Settings) -> Outcome:
    """Judge one record; never raises (an unexpected error is reported as unjudgeable)."""
    if item.unreadable:
        why = printable(item.unreadable)
        return _unjudgeable(
            item.source,
            f"{printable(item.source)}: /: cannot read: {why}",
            (("", f"cannot read: {why}", None),),
        )
    notation: Notation | None = None
    try:
        notation = notation_of(item)
        record = record_of(item, notation)
        if settings.quick:
            check_deals(record)
            output = _NOT_REPLAYED[settings.fmt](item.source)
            return Outcome(item.source, "not-replayed", output, game=record.game)
        ruling = adjudicate(record)
    except InputError as error:
        located = error if notation is not None or _is_notation(item) else locate(error, item.raw)
        problems = tuple((p.pointer, p.message, p.line) for p in located.problems)
        return _unjudgeable(item.source, describe(item, located, notation), problems)
    except Exception as error:  # a bug of ours: one line, never a traceback
        why = f"internal error {type(error).__name__}: {str(error)[:200]}"
        return _unjudgeable(
            item.source,
            f"{printable(item.source)}: /: cannot be judged: {printable(why)}",
            (("", why, None),),
        )
    return _ruled(item.source, ruling, settings)


def notation_of(item: Item) -> Notation | None:
    """The item read as the notation, if it is that (by the ``.hrn`` suffix or by content:
    its ``%HRN`` line); None for JSON. Raises ``InputError`` for the notation's syntax."""
    return read_notation(item.raw) if _is_notation(item) else None


def record_of(item: Item, notation: Notation | None) -> AnyRecord:
    """The item's record, from its notation (``notation_of``) or its JSON. Raises
    ``InputError``."""
    return parse_record(item.raw if notation is None else notation.data)


def _unjudgeable(
    source: str, message: str, problems: tuple[tuple[str, str, int | None], ...]
) -> Outcome:
    return Outcome(source, "unjudgeable", "", message, problems=problems)


def _ruled(source: str, ruling: Ruling, settings: Settings) -> Outcome:
    """The outcome of a ruling: its findings filtered as asked, its status, its output."""
    if settings.filtering:
        kept = [f for f in ruling.findings if settings.keeps(f.rule, f.severity)]
        counts: Counter[str] = Counter(f.severity for f in kept)
        ruling = ruling.model_copy(
            update={
                "findings": kept,
                "counts": Counts(**{s: counts.get(s, 0) for s in SEVERITIES}),
            }
        )
    rules = Counter(f.rule for f in ruling.findings)
    if ruling.counts.violation:
        status = "violations"
    elif ruling.counts.warning:
        status = "warnings"
    else:
        status = "clean"
    try:
        output = RENDERERS[settings.fmt](ruling, source)
    except PydanticSerializationError as error:
        # a signal's ``Interrupted`` raised while pydantic-core serialises comes back
        # wrapped in its error: it is the stop, not a failure of the record
        if str(error).startswith(_WRAPPED_STOP):
            raise Interrupted from error
        raise
    return Outcome(source, status, output, rules=rules, game=ruling.game)


#: how pydantic-core's serialiser reports the ``Interrupted`` a signal raised inside it
_WRAPPED_STOP = f"Error serializing to JSON: {Interrupted.__name__}"


def _findings_lines(ruling: Ruling, source: str) -> str:
    """One finding a line: ``SOURCE: RULE severity: message [event N]`` (``--format findings``)."""
    return "".join(
        f"{printable(source)}: {f.rule} {f.severity}: {printable(f.message)} [event {f.event}]\n"
        for f in ruling.findings
    )


def _array_entry(ruling: Ruling, source: str) -> str:
    """An element of the JSON array written for several records: ``{"source", "ruling"}``."""
    return render_json_line(ruling, source).rstrip("\n")


def _not_replayed_entry(source: str) -> str:
    return json.dumps({"source": source, "status": "not replayed"})


#: format -> what ``--quick`` writes for a record that passed: it says "not replayed", so
#: that every record read is reported, and never that it is clean
_NOT_REPLAYED: dict[str, Callable[[str], str]] = {
    "text": lambda source: "Not replayed (--quick): the schema and every deal are consistent\n",
    "json": lambda source: json.dumps({"status": "not replayed"}) + "\n",
    "json-many": _not_replayed_entry,
    "jsonl": lambda source: _not_replayed_entry(source) + "\n",
    "findings": lambda source: "",
    "html": lambda source: "",
    "markdown": lambda source: "Not replayed (--quick): the schema and every deal are consistent\n",
}

#: format -> the output of one record (``json-many``: ``-f json`` over several records)
RENDERERS: dict[str, Callable[[Ruling, str], str]] = {
    "text": lambda ruling, source: render_text(ruling),
    "json": lambda ruling, source: render_json(ruling),
    "json-many": _array_entry,
    "jsonl": lambda ruling, source: render_json_line(ruling, source),
    "findings": _findings_lines,
    "html": lambda ruling, source: _render_html(ruling),
    "markdown": lambda ruling, source: _render_markdown(ruling),
}


def _render_html(ruling: Ruling) -> str:
    from adjudicator.render.html import render_html  # jinja2 loaded only when asked for

    return render_html(ruling)


def _render_markdown(ruling: Ruling) -> str:
    from adjudicator.render.markdown import render_markdown

    return render_markdown(ruling)


# Running many -------------------------------------------------------------------------------

_SETTINGS = Settings()


def _is_notation(item: Item) -> bool:
    return item.source.endswith(".hrn") or looks_like_notation(item.raw)


def describe(item: Item, error: InputError, notation: Notation | None = None) -> str:
    """One line per problem: ``FILE:LINE:COL: /pointer: message`` (in an archive, the
    archive's line and the column in it: ``archive.jsonl:17:40: /pointer: message``; in the
    notation, the line and column of the text that made the event, and no pointer for a
    syntax problem), and a last line for those not shown."""
    in_notation = notation is not None or _is_notation(item)
    lines = []
    for problem, where in placed(item, error, notation):
        place = item.source
        if where is not None:  # a line of an archive is line 1 of its record
            place += f":{where[0]}:{where[1]}" if item.whole else f":{where[1]}"
        pointer = problem.pointer or ("" if in_notation and where else "/")
        lines.append(printable(f"{place}: {pointer + ': ' if pointer else ''}{problem.message}"))
    if error.omitted:
        lines.append(
            f"{printable(item.source)}: and {error.omitted} more problems not shown"
            f" (at most {MAX_PROBLEMS} are)"
        )
    return "\n".join(lines)


def placed(
    item: Item, error: InputError, notation: Notation | None = None
) -> Iterator[tuple[Problem, tuple[int, int | None] | None]]:
    """Each problem with its line and column in the record's text, when known: from the
    notation's positions, else from the JSON text."""
    if notation is None and not _is_notation(item):
        error = locate(error, item.raw)
    for problem in error.problems:
        where = (problem.line, problem.column) if problem.line is not None else None
        if where is None and notation is not None:
            where = notation.position(problem.pointer)
        yield problem, where


def _judge_many(items: list[Item]) -> list[Outcome]:
    return [judge_item(item, _SETTINGS) for item in items]


def _lost(items: list[Item], exitcode: int | None) -> list[Outcome]:
    """The records a dead worker held: each reported, none judged, the run goes on."""
    how = f"killed by signal {-exitcode}" if exitcode and exitcode < 0 else f"exit {exitcode}"
    why = f"not judged: the process judging it died ({how}); check it alone"
    return [
        _unjudgeable(item.source, f"{printable(item.source)}: /: {why}", (("", why, None),))
        for item in items
    ]


def run(
    items: Iterable[Item],
    settings: Settings,
    jobs: int,
    stopping: Callable[[], bool] = lambda: False,
    window: Callable[[], AbstractContextManager[object]] = nullcontext,
) -> Iterator[Outcome]:
    """Judge every item in order, on ``jobs`` processes, until ``stopping()`` says stop
    (then ``workers.Stopped`` is raised, the workers ended). Reading the input and judging a
    record in this process happen inside ``window()``, where a signal stops them at once
    (``workers.Interrupted``); writing an outcome does not."""
    global _SETTINGS
    iterator = iter(items)
    if jobs <= 1:
        while True:
            if stopping():
                raise Stopped
            try:
                with window():
                    item = next(iterator, None)
                    outcome = None if item is None else judge_item(item, settings)
            except Interrupted:
                raise Stopped from None
            if outcome is None:
                return
            yield outcome
    _SETTINGS = settings  # inherited by the workers (fork)
    chunks = _read_in(window, lambda: list(islice(iterator, CHUNK)))
    for outcomes in ordered_map(_judge_many, chunks, jobs, _lost, stopping):
        yield from outcomes


def _read_in(
    window: Callable[[], AbstractContextManager[object]], take: Callable[[], list[Item]]
) -> Iterator[list[Item]]:
    """Chunks of the input, each read inside ``window()``: a stop while waiting for input
    (a pipe that says nothing) ends the run at once."""
    while True:
        try:
            with window():
                chunk = take()
        except Interrupted:
            raise Stopped from None
        if not chunk:
            return
        yield chunk


@dataclass
class Summary:
    """Records in, records counted: per game, per status, and per rule both the findings and
    the records that have one (after the filters)."""

    records: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)
    findings: Counter[str] = field(default_factory=Counter)
    records_by_rule: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.records += 1
        self.statuses[outcome.status] += 1
        self.games[outcome.game or "unknown"] += 1
        self.findings.update(outcome.rules)
        self.records_by_rule.update(outcome.rules.keys())

    @property
    def exit_code(self) -> int:
        if self.statuses["unjudgeable"]:
            return 2
        return 1 if self.statuses["violations"] else 0

    def as_json(self) -> dict[str, Any]:
        """The summary as ``--summary FILE`` writes it."""
        return {
            "records": self.records,
            "games": dict(sorted(self.games.items())),
            **{key: self.statuses[status] for key, status in _STATUS_KEYS},
            "rules": {
                rule: {"records": self.records_by_rule[rule], "findings": self.findings[rule]}
                for rule in sorted(self.findings)
            },
        }

    def table(self) -> str:
        lines = ["Summary", f"  records              {self.records:>8}"]
        for (_key, status), label in zip(_STATUS_KEYS, _STATUS_LABELS, strict=True):
            if status != "not-replayed" or self.statuses[status]:
                lines.append(f"  {label:<20} {self.statuses[status]:>8}")
        if self.findings:
            lines.append(f"  {'by rule':<20} {'records':>8} {'findings':>9}")
            for rule, count in sorted(self.findings.items(), key=lambda kv: (-kv[1], kv[0])):
                lines.append(f"    {rule:<18} {self.records_by_rule[rule]:>8} {count:>9}")
        return "\n".join(lines) + "\n"


#: (key in the JSON summary, status) in the order they are shown
_STATUS_KEYS = (
    ("clean", "clean"),
    ("with_warnings", "warnings"),
    ("with_violations", "violations"),
    ("not_replayed", "not-replayed"),
    ("not_judged", "unjudgeable"),
)
_STATUS_LABELS = (
    "clean",
    "with warnings",
    "with violations",
    "not replayed (--quick)",
    "not judged",
)


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


__all__ = [
    "Item",
    "Outcome",
    "Settings",
    "Summary",
    "decode_json",
    "default_jobs",
    "iter_items",
    "run",
]
