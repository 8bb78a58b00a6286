"""Where ``check`` writes: standard output (in colour on a terminal), a file written
atomically, or a folder of one file per record; with its progress bar and the summary that
ends the run. Apart from the command, which only parses and decides.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

import typer

from adjudicator.cli.exits import (
    EXIT_CLOSED_PIPE,
    EXIT_SIGNAL,
    Signals,
    quiet_closed_stdout,
    typed_wrong,
)
from adjudicator.workers import Stopped

if TYPE_CHECKING:
    from rich.console import Console

    from adjudicator.writing import Folder


def judge_all(
    items: Iterable[Any],
    single: bool,
    settings: Any,
    workers: int,
    show: bool,
    out: Any,
    summary: Any,
    signals: Signals,
    folder: Folder | None = None,
) -> int | None:
    """Judge and write every record; the signal that stopped the run, else None. A closed
    output ends the run quietly (exit 141)."""
    from adjudicator.batch import run
    from adjudicator.workers import Stopped

    many_json = settings.fmt == "json-many"
    first = True
    write = (
        _coloured_writer()
        if settings.fmt == "text" and out is sys.stdout and sys.stdout.isatty()
        else out.write
    )
    # a generator: closed below, which ends the workers
    outcomes = cast(
        "Generator[Any, None, None]",
        run(items, settings, workers, signals.stopping, signals.window),
    )
    try:
        with _Progress(show and not single) as advance:
            if many_json:
                out.write("[")
            for outcome in outcomes:
                summary.add(outcome)
                if outcome.status == "unjudgeable":
                    sys.stderr.write(outcome.error + "\n")
                    text = _error_entries(outcome, settings.fmt)
                elif folder is not None:  # one file per record
                    if outcome.output:
                        folder.write(outcome.source, outcome.output)
                    text = ""
                else:
                    text = outcome.output
                    if settings.fmt == "text" and text and not single:
                        text = f"== {_printable(outcome.source)}\n{text}"
                if text and many_json:
                    text = ("\n" if first else ",\n") + text
                    first = False
                if text:
                    write(text)
                advance()
            if many_json:
                out.write("\n]\n")
            out.flush()
    except Stopped:
        if many_json:  # the array closed: what was written stays valid JSON
            out.write("\n]\n")
        return signals.received
    except BrokenPipeError:
        quiet_closed_stdout()
        raise typer.Exit(EXIT_CLOSED_PIPE) from None
    finally:
        outcomes.close()  # the workers ended now, whatever ended the loop
    return signals.received  # a stop that came while the last outcome was written


def _error_entries(outcome: Any, fmt: str) -> str:
    """A record not judged, in the machine formats: one object per problem, ``{source,
    pointer, message, line}`` (a line per object in JSON Lines, array elements in JSON)."""
    if fmt not in ("jsonl", "json-many"):
        return ""
    entries = [
        json.dumps(
            {"source": outcome.source, "pointer": pointer, "message": message}
            | ({"line": line} if line is not None else {})
        )
        for pointer, message, line in outcome.problems
    ]
    return ("\n" if fmt == "jsonl" else ",\n").join(entries) + ("\n" if fmt == "jsonl" else "")


def _printable(text: str) -> str:
    from adjudicator.render.safe import printable

    return printable(text)


def finish(
    records: list[str],
    single: bool,
    settings: Any,
    summary: Any,
    summary_file: Path | None,
    stopped: int | None,
) -> NoReturn:
    """The summary (stderr, and ``--summary FILE``), the line of a stopped run, the exit."""
    if (not single and summary.records) or stopped:
        sys.stderr.write(summary.table())
    if summary_file is not None:
        data = summary.as_json() | ({"stopped_by": signal.Signals(stopped).name} if stopped else {})
        _write_atomically(summary_file, json.dumps(data, indent=2) + "\n")
    if stopped:
        name = signal.Signals(stopped).name
        sys.stderr.write(f"stopped by {name}: {summary.records} records judged\n")
        raise typer.Exit(EXIT_SIGNAL.get(stopped, 128 + stopped))
    if summary.records == 0:
        named = ", ".join(_printable(r) for r in records)
        sys.stderr.write(f"no records found in {named}\n")
        raise typer.Exit(2)
    raise typer.Exit(summary.exit_code)


#: formats written as one stream (to stdout or one file), however many records
_STREAMS = {"json", "jsonl", "findings"}


def _folder_wanted(output: Path | None, fmt: str, single: bool) -> bool:
    """Whether --output names a folder of one file per record: several records in a format
    read one record at a time (text, html, markdown), or an existing folder."""
    if output is None or fmt in _STREAMS:
        return False
    return output.is_dir() or not single


def output_folder(output: Path | None, fmt: str, single: bool) -> Folder | None:
    """The folder of one-file-per-record output, or None (stdout, or one file)."""
    from adjudicator.writing import Folder

    if output is None:
        if fmt == "html" and not single:
            raise typed_wrong(
                "check: several records in HTML need --output FOLDER (one report per record)"
            )
        return None
    if fmt in _STREAMS:
        if output.is_dir():
            raise typed_wrong(f"check: --output {output} is a folder; {fmt} goes to one file")
        return None
    if not _folder_wanted(output, fmt, single):
        return None
    if output.exists() and not output.is_dir():
        raise typed_wrong(f"check: --output {output} must be a folder for several records")
    output.mkdir(parents=True, exist_ok=True)
    return Folder(output, fmt)


def _coloured_writer() -> Callable[[str], None]:
    """Writes the text view in colour (suits, severities) through rich, which leaves it plain
    when ``NO_COLOR`` is set or the terminal has no colour; only used on a terminal, so
    piped output and archives never load rich."""
    from adjudicator.render.colour import colour_text

    console = _stdout_console()
    return lambda text: console.print(colour_text(text), end="", soft_wrap=True)


def _stdout_console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


class Output:
    """Standard output, or ``--output FILE`` written as it comes into a temporary file beside
    it (``writing.AtomicFile``) and renamed into place when the run ends: the file is whole or
    absent (never half-written), and absent when nothing was written (a record not judged)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._file: Any = None
        self._out: Any = None

    def __enter__(self) -> Any:
        return sys.stdout if self.path is None else self

    def write(self, text: str) -> None:
        if self._out is None:
            from adjudicator.writing import AtomicFile

            assert self.path is not None
            file = AtomicFile(self.path)
            self._out = file.__enter__()  # raises OSError for a folder that cannot be written
            self._file = file
        self._out.write(text)

    def flush(self) -> None:
        if self._out is not None:
            self._out.flush()

    def discard(self) -> None:
        """What was written is not kept (a stopped run): the file before it stays as it was."""
        self._discarded = True

    def __exit__(self, kind: type[BaseException] | None, error: Any, trace: Any) -> None:
        if self._file is None:
            return
        if kind is not None and issubclass(kind, typer.Exit):  # an ordinary end: keep it
            kind, error, trace = None, None, None
        if getattr(self, "_discarded", False) and kind is None:
            kind = error = Stopped  # the temporary file is dropped, not renamed into place
        self._file.__exit__(kind, error, trace)


def check_targets(records: list[str], output: Path | None, summary_file: Path | None) -> None:
    """Before any work: an output that is one of the records read (the archive would be
    replaced by its rulings), or a summary whose folder is missing or cannot be written, is a
    command typed wrong (exit 64), said in one line, not a traceback after the whole run."""
    inputs = [Path(r) for r in records if r != "-"]
    for option, target in (("--output", output), ("--summary", summary_file)):
        if target is None:
            continue
        for record in inputs:
            if _same_file(record, target):
                raise typed_wrong(
                    f"check: {option} {target} is one of the records read: write elsewhere"
                )
    if output is not None and summary_file is not None and _same_file(output, summary_file):
        raise typed_wrong(f"check: --output and --summary name the same file ({output})")
    if summary_file is not None:
        folder = summary_file.parent
        if not folder.is_dir():
            raise typed_wrong(f"check: --summary {summary_file}: no folder {folder} to write in")
        if not os.access(folder, os.W_OK):
            raise typed_wrong(
                f"check: --summary {summary_file}: the folder {folder} cannot be written"
            )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _write_atomically(path: Path, text: str) -> None:
    from adjudicator.writing import write_atomically

    write_atomically(path, text)


class _Progress:
    """A rich progress bar on stderr, or nothing."""

    def __init__(self, show: bool) -> None:
        self.show = show

    def __enter__(self) -> Callable[[], None]:
        if not self.show:
            return lambda: None
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.bar = Progress(
            SpinnerColumn(),
            TextColumn("{task.completed} records judged"),
            TimeElapsedColumn(),
            transient=True,
            console=_stderr_console(),
        )
        self.bar.start()
        task = self.bar.add_task("check", total=None)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.show:
            self.bar.stop()


def _stderr_console() -> Console:
    from rich.console import Console

    return Console(stderr=True)
