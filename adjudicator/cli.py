"""The command line: parse arguments, call the public API, pick a renderer, set the exit code.

Exit codes (the README's table): 0 no violation, 1 at least one violation, 2 a record that
cannot be judged (message on stderr naming the file and the JSON path; never a traceback),
64 the command was typed wrong (EX_USAGE), 130 stopped by SIGINT, 143 by SIGTERM, 141 the
output was closed (a pipe to ``head``).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Iterable
from enum import StrEnum
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click.core import Context
from typer._click.exceptions import UsageError
from typer.core import TyperGroup

from adjudicator import InputError, __version__, catalogue

#: The exit status of a command typed wrong (sysexits.h EX_USAGE), apart from 2, which
#: means a record that cannot be judged. Click's usage errors all carry it.
EX_USAGE = 64
UsageError.exit_code = EX_USAGE
#: 128 + the signal: what a shell reports for a process ended by it.
EXIT_SIGNAL: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143}
EXIT_CLOSED_PIPE = 141

if TYPE_CHECKING:
    from adjudicator.writing import Folder


class _Group(TyperGroup):
    """Every command: a closed output (``rules | head``) ends the run quietly with 141, as a
    program killed by SIGPIPE would (click's own handling exits 1, the code for violations)."""

    def invoke(self, ctx: Context) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # here, not at the interpreter's exit, where it cannot be caught
        except BrokenPipeError:
            _quiet_closed_stdout()
            raise typer.Exit(EXIT_CLOSED_PIPE) from None
        return result


def _typed_wrong(message: str) -> typer.Exit:
    """A command typed wrong, found by the command itself: its message, and exit 64."""
    typer.echo(message, err=True)
    return typer.Exit(EX_USAGE)


app = typer.Typer(
    cls=_Group,
    add_completion=False,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Replay recorded whist and bezique hands through the old codes and rule on them, with citations.",
)


def _version(show: bool) -> None:
    if show:
        typer.echo(f"adjudicator {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    """Replay recorded whist and bezique hands through the old codes and rule on them."""


class Format(StrEnum):
    text = "text"
    json = "json"
    jsonl = "jsonl"
    html = "html"
    markdown = "markdown"
    findings = "findings"


class Severity(StrEnum):
    info = "info"
    warning = "warning"
    violation = "violation"


class SchemaName(StrEnum):
    record = "record"
    ruling = "ruling"


FormatOption = Annotated[
    Format,
    typer.Option(
        "--format",
        "-f",
        help="text for people (in colour on a terminal); json, jsonl or findings (one a line,"
        " with source and rule) for programs; html for a printable report; markdown for a notice"
        " or an e-mail",
    ),
]


@app.command()
def check(
    records: Annotated[
        list[str],
        typer.Argument(
            help="hand-record/1 files (JSON, or the notation: .hrn; gzipped: .gz), folders "
            "(recursively, *.json, *.jsonl, *.hrn and the same .gz), .jsonl archives, "
            "ARCHIVE.jsonl:N for one line of one, or - for standard input (JSON Lines, one "
            "JSON record, or one in the notation)",
            show_default=False,
        ),
    ],
    format: FormatOption = Format.text,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", help="processes to judge on (default and at most: the cores)", min=1
        ),
    ] = None,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help="schema and deal consistency only, no replay: records reported 'not replayed'",
        ),
    ] = False,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress", help="progress bar (default: when stderr is a terminal)"
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", help="only rules whose ID starts so (repeat, or commas)"),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", help="not rules whose ID starts so (repeat, or commas)"),
    ] = None,
    min_severity: Annotated[
        Severity, typer.Option("--min-severity", help="only findings at least this severe")
    ] = Severity.info,
    summary_file: Annotated[
        Path | None,
        typer.Option("--summary", help="write the summary as JSON to this file", dir_okay=False),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="write to this file (one record, or a stream: jsonl, json, findings) or into this"
            " folder, one file per record (several records in text, html or markdown, or an"
            " existing folder); written atomically: whole or not at all",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Rule on each record: findings with citations, per-deal scores, corrected result.

    With many records, a summary (records, clean, with warnings, with violations, not judged,
    and per rule the records and findings) ends the run on stderr; one bad record never
    stops the batch. --select, --ignore and --min-severity filter the findings shown,
    counted and deciding the exit: 0 when no record has a violation, 1 when any has, 2 when
    any cannot be judged (or none was found); 64 for a command typed wrong; 130/143 when
    stopped by SIGINT/SIGTERM; 141 when the output is closed. HTML reports of several
    records need --output FOLDER: one self-contained page per record, never pages run together.
    """
    from adjudicator.batch import Settings, Summary

    settings = Settings(
        fmt=format.value,
        quick=quick,
        select=_prefixes(select),
        ignore=_prefixes(ignore),
        min_severity=min_severity.value,
    )
    from adjudicator.batch import iter_items

    items = iter_items(records)
    single = len(records) == 1 and _is_one_record(records[0])
    if records == ["-"]:  # one document on standard input is one record, like a file
        head = list(islice(items, 2))
        single = len(head) == 1 and head[0].whole
        items = chain(head, items)
    if format is Format.json and not single:
        settings = Settings(**{**settings.__dict__, "fmt": "json-many"})
    workers = 1 if single else _workers(jobs)
    show = sys.stderr.isatty() if progress is None else progress
    summary = Summary()
    folder = _output_folder(output, format.value, single)
    stream = None if folder is not None else output
    try:
        with _Output(stream) as out, _Signals() as signals:
            stopped = _judge_all(
                items, single, settings, workers, show, out, summary, signals, folder
            )
    except OSError as error:
        typer.echo(f"check: cannot write {error.filename or output}: {error.strerror}", err=True)
        raise typer.Exit(2) from None
    _finish(records, single, settings, summary, summary_file, stopped)


def _prefixes(values: list[str] | None) -> tuple[str, ...]:
    """Rule-ID prefixes, given repeated or comma-separated, upper-cased."""
    return tuple(p.strip().upper() for v in values or () for p in v.split(",") if p.strip())


def _is_one_record(name: str) -> bool:
    """A single file that holds one record (its output is the ruling alone)."""
    if name == "-" or Path(name).is_dir():
        return False
    return not name.removesuffix(".gz").endswith(".jsonl") and ".jsonl:" not in name


def _workers(jobs: int | None) -> int:
    """The processes to judge on: as asked, never more than the cores (each judges a core's
    worth: more only costs memory and forks)."""
    from adjudicator.batch import default_jobs

    cores = default_jobs()
    return max(1, min(jobs or cores, cores))


def _judge_all(
    items: Iterable[Any],
    single: bool,
    settings: Any,
    workers: int,
    show: bool,
    out: Any,
    summary: Any,
    signals: _Signals,
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
    outcomes = run(items, settings, workers, signals.stopping)
    try:
        with _progress(show and not single) as advance:
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
        _quiet_closed_stdout()
        raise typer.Exit(EXIT_CLOSED_PIPE) from None
    finally:
        outcomes.close()  # the workers ended now, whatever ended the loop
    return None


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


def _finish(
    records: list[str],
    single: bool,
    settings: Any,
    summary: Any,
    summary_file: Path | None,
    stopped: int | None,
) -> None:
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


def _output_folder(output: Path | None, fmt: str, single: bool) -> Folder | None:
    """The folder of one-file-per-record output, or None (stdout, or one file)."""
    from adjudicator.writing import Folder

    if output is None:
        if fmt == "html" and not single:
            raise _typed_wrong(
                "check: several records in HTML need --output FOLDER (one report per record)"
            )
        return None
    if fmt in _STREAMS:
        if output.is_dir():
            raise _typed_wrong(f"check: --output {output} is a folder; {fmt} goes to one file")
        return None
    if not _folder_wanted(output, fmt, single):
        return None
    if output.exists() and not output.is_dir():
        raise _typed_wrong(f"check: --output {output} must be a folder for several records")
    output.mkdir(parents=True, exist_ok=True)
    return Folder(output, fmt)


def _coloured_writer():  # type: ignore[no-untyped-def]
    """Writes the text view in colour (suits, severities) through rich, which leaves it plain
    when ``NO_COLOR`` is set or the terminal has no colour; only used on a terminal, so
    piped output and archives never load rich."""
    from adjudicator.render.colour import colour_text

    console = _stdout_console()
    return lambda text: console.print(colour_text(text), end="", soft_wrap=True)


def _stdout_console():  # type: ignore[no-untyped-def]
    from rich.console import Console

    return Console(highlight=False)


class _Signals:
    """SIGINT and SIGTERM raise a flag that the run looks at between records (so an
    interrupt is never lost inside a library, nor leaves half a line); a second one of them
    ends the process at once."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._old: dict[int, Any] = {}

    def stopping(self) -> bool:
        return self.received is not None

    def _raise(self, signum: int, frame: Any) -> None:
        if self.received is not None:
            os._exit(EXIT_SIGNAL.get(signum, 128 + signum))
        self.received = signum

    def __enter__(self) -> _Signals:
        for signum in EXIT_SIGNAL:
            self._old[signum] = signal.signal(signum, self._raise)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._old.items():
            signal.signal(signum, handler)


class _Output:
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

    def __exit__(self, kind: type[BaseException] | None, error: Any, trace: Any) -> None:
        if self._file is None:
            return
        if kind is not None and issubclass(kind, typer.Exit):  # an ordinary end: keep it
            kind, error, trace = None, None, None
        self._file.__exit__(kind, error, trace)


def _write_atomically(path: Path, text: str) -> None:
    from adjudicator.writing import write_atomically

    write_atomically(path, text)


def _quiet_closed_stdout() -> None:
    """Point standard output at /dev/null so that the interpreter's last flush does not
    complain about the closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)


class _progress:
    """A rich progress bar on stderr, or nothing."""

    def __init__(self, show: bool) -> None:
        self.show = show

    def __enter__(self):  # type: ignore[no-untyped-def]
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


def _stderr_console():  # type: ignore[no-untyped-def]
    from rich.console import Console

    return Console(stderr=True)


@app.command()
def schema(
    which: Annotated[SchemaName, typer.Argument(help="record or ruling")] = SchemaName.record,
) -> None:
    """Print the JSON Schema of hand-record/1 (record) or of ruling/1 (ruling)."""
    from adjudicator.schema import schema_text

    sys.stdout.write(schema_text(which.value))


@app.command("rules")
def list_rules(
    game: Annotated[str | None, typer.Option(help="whist, bezique or rubicon-bezique")] = None,
) -> None:
    """List the rule catalogue: ID and title of every rule the adjudicator can cite."""
    if game is not None and game not in catalogue.games():
        raise _typed_wrong(f"unknown game {game!r}; one of: {', '.join(catalogue.games())}")
    for rule in catalogue.rules(game):
        typer.echo(f"{rule.id:<18} {rule.title}")


@app.command()
def explain(rule_id: Annotated[str, typer.Argument(help="a rule ID, e.g. WHIST-REVOKE-9")]) -> None:
    """Print one rule: its statement, the codes it applies to and its source."""
    try:
        rule = catalogue.get(rule_id.strip().upper())
    except KeyError:
        raise _typed_wrong(
            f"no rule {rule_id!r} in the catalogue; see 'adjudicator rules'"
        ) from None
    books = catalogue.book_titles(rule.game)
    typer.echo(f"{rule.id}: {rule.title}")
    typer.echo(f"  {rule.statement}")
    typer.echo(f"  Codes: {', '.join(rule.codes)}")
    typer.echo(f"  Source: {rule.source or 'the digest (no law number)'}")
    for book in rule.books:
        typer.echo(f"    {book}: {books.get(book, book)}")


class ValueGame(StrEnum):
    rubicon = "rubicon-bezique"
    whist = "whist"


@app.command()
def value(
    game: Annotated[ValueGame, typer.Argument(help="rubicon-bezique or whist")],
    items: Annotated[
        list[str],
        typer.Argument(
            help="rubicon-bezique: A=1830 B=1260; whist: the games in order, NS=2 "
            "(rubber points) or NS@1 (won with the losers at 1)",
            show_default=False,
        ),
    ],
    brisques: Annotated[
        str | None,
        typer.Option(help="rubicon-bezique: brisques taken when a count was made, A=7,B=25"),
    ] = None,
    format: FormatOption = Format.text,
) -> None:
    """The value of a game or rubber from its final scores, with the steps and their rules.

    Rubicon: winner, value and whether the loser is rubiconed (RUB-GAME-6); a tie gives no
    winner and 0. Whist: the value of an English rubber from its games (WHIST-RUBBER-2..4).
    Exit 2 with a message for input that cannot be valued.
    """
    from adjudicator.value import rubicon_value, whist_rubber_value

    try:
        if game is ValueGame.rubicon:
            result = rubicon_value(items, None if brisques is None else [brisques])
        else:
            if brisques is not None:
                raise InputError("/brisques", "brisques belong to Rubicon Bézique")
            result = whist_rubber_value(items)
    except InputError as error:
        typer.echo(f"value: {error.pointer}: {error.message}", err=True)
        raise typer.Exit(2) from None
    if format is Format.json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    winner = result["winner"]
    head = f"{winner} wins {result['value']}" if winner else "null and void: 0"
    if result.get("rubicon"):
        head += " (the loser is rubiconed)"
    typer.echo(head)
    for step in result["steps"]:
        typer.echo(f"  {step}")


class SimGame(StrEnum):
    whist = "whist"
    bezique = "bezique"
    rubicon = "rubicon-bezique"


@app.command()
def simulate(
    game: Annotated[SimGame, typer.Argument(help="whist, bezique or rubicon-bezique")],
    count: Annotated[int, typer.Option("--count", "-n", min=0, help="records to write")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", help="same seed, same output")] = 0,
    inject: Annotated[
        str | None,
        typer.Option(
            help="plant one irregularity of this kind in each record (see the README); where it "
            "is planted is recorded in meta.inject_expect"
        ),
    ] = None,
) -> None:
    """Write COUNT complete, legal, realistic records as JSON Lines on standard output."""
    from adjudicator.simulate import records

    try:
        for record in records(game.value, count, seed, inject):
            sys.stdout.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
    except ValueError as error:
        typer.echo(f"simulate: {error}", err=True)
        raise typer.Exit(2) from None
    except BrokenPipeError:  # `simulate ... | head`: stop quietly
        _quiet_closed_stdout()
        raise typer.Exit(EXIT_CLOSED_PIPE) from None


class ConvertTo(StrEnum):
    json = "json"
    text = "text"


@app.command()
def convert(
    record: Annotated[
        str, typer.Argument(help="a hand record: JSON, or HRN text (.hrn); - for standard input")
    ],
    to: Annotated[ConvertTo, typer.Option("--to", help="json or text (HRN, the notation)")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="write here (default: standard output)")
    ] = None,
) -> None:
    """Convert a record between JSON and the notation (HRN, docs/notation.md), without loss.

    The JSON written is the record's canonical form (cards canonical, fields as given, a fixed
    order). A record that cannot be read or is against the schema: its problems on stderr,
    with line and column in the notation, and exit 2.
    """
    from adjudicator.batch import Item, describe
    from adjudicator.notation import convert as convert_record
    from adjudicator.notation import read_any

    name = "<stdin>" if record == "-" else record
    try:
        raw = sys.stdin.buffer.read() if record == "-" else Path(record).read_bytes()
    except OSError as exc:
        typer.echo(f"{name}: /: cannot read: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None
    try:
        text = convert_record(raw, to.value, name)
    except InputError as error:
        try:
            _, notation = read_any(raw, name)
        except InputError:
            notation = None
        typer.echo(describe(Item(name, raw), error, notation), err=True)
        raise typer.Exit(2) from None
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")


def main() -> None:
    try:
        app()
    except BrokenPipeError:  # the output closed outside ``check`` (``schema | head``)
        _quiet_closed_stdout()
        sys.exit(EXIT_CLOSED_PIPE)
    except KeyboardInterrupt:  # Ctrl-C before ``check`` watches for it, or in another command
        sys.stderr.write("stopped by SIGINT\n")
        sys.exit(EXIT_SIGNAL[signal.SIGINT])
