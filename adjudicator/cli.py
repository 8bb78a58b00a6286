"""The command line: parse arguments, call the public API, pick a renderer, set the exit code.

Exit codes of ``check``: 0 no violation, 1 at least one violation, 2 a record that cannot
be judged (message on stderr naming the file and the JSON path; never a traceback).
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator import InputError, catalogue

if TYPE_CHECKING:
    from adjudicator.batch import Summary
    from adjudicator.writing import Folder

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
    help="Replay recorded whist and bezique hands through the old codes and rule on them, with citations.",
)


class Format(StrEnum):
    text = "text"
    json = "json"
    jsonl = "jsonl"
    html = "html"
    markdown = "markdown"


class SchemaName(StrEnum):
    record = "record"
    ruling = "ruling"


FormatOption = Annotated[
    Format,
    typer.Option(
        "--format",
        "-f",
        help="text for people (in colour on a terminal), json for programs, html for a printable"
        " report, markdown for a notice or an e-mail",
    ),
]


@app.command()
def check(
    records: Annotated[
        list[str],
        typer.Argument(
            help="hand-record/1 files (JSON, or the notation: .hrn), folders (recursively, "
            "*.json, *.jsonl and *.hrn), .jsonl streams, or - for standard input (JSON Lines, "
            "or one record in the notation)",
            show_default=False,
        ),
    ],
    format: FormatOption = Format.text,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", help="processes to judge on (default: all cores)", min=1),
    ] = None,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick", help="schema and deal consistency only, no replay (very large archives)"
        ),
    ] = False,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress", help="progress bar (default: when stderr is a terminal)"
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="write to this file (one record) or into this folder, one file per record "
            "(several records, or an existing folder); jsonl: always one file",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Rule on each record: findings with citations, per-deal scores, corrected result.

    With many records, a summary table (records, clean, with violations, unjudgeable, by rule)
    ends the run on stderr; one bad record never stops the batch. Exit 0 when no record has a
    violation, 1 when any has, 2 when any cannot be judged. HTML reports of several records
    need --output FOLDER: one self-contained page per record, never pages run together.
    """
    from adjudicator.batch import Summary, default_jobs

    fmt = format.value
    workers = jobs or default_jobs()
    single = (
        len(records) == 1
        and records[0] != "-"
        and not Path(records[0]).is_dir()
        and not records[0].endswith(".jsonl")
    )
    if single:
        workers = 1
    summary = Summary()
    show = sys.stderr.isatty() if progress is None else progress
    try:
        folder = _output_folder(output, fmt, single)
        _check_all(records, fmt, quick, workers, single, show, output, folder, summary)
    except OSError as error:
        typer.echo(f"check: cannot write {error.filename or output}: {error.strerror}", err=True)
        raise typer.Exit(2) from None
    if not single:
        sys.stderr.write(summary.table())
    raise typer.Exit(summary.exit_code)


def _check_all(
    records: list[str],
    fmt: str,
    quick: bool,
    workers: int,
    single: bool,
    show: bool,
    output: Path | None,
    folder: Folder | None,
    summary: Summary,
) -> None:
    """Judge every record and send each outcome where it goes (stdout, a file, a folder)."""
    from adjudicator.batch import iter_items, run
    from adjudicator.render.json import render_error_line

    with _progress(show and not single) as advance, _stream(output, folder) as out:
        write = (
            _coloured_writer()
            if fmt == "text" and out is sys.stdout and out.isatty()
            else out.write
        )
        for outcome in run(iter_items(records), fmt, quick, workers):
            summary.add(outcome)
            if outcome.status == "unjudgeable":
                typer.echo(outcome.error, err=True)
                if fmt == "jsonl":
                    out.write(render_error_line(outcome.source, outcome.error))
            elif outcome.output and folder is not None:
                folder.write(outcome.source, outcome.output)
            elif outcome.output:
                if fmt == "text" and not single:
                    write(f"== {outcome.source}\n")
                write(outcome.output)
            advance()


def _output_folder(output: Path | None, fmt: str, single: bool) -> Folder | None:
    """The folder of one-file-per-record output, or None (stdout, or one file)."""
    from adjudicator.writing import Folder

    if output is None:
        if fmt == "html" and not single:
            typer.echo(
                "check: several records in HTML need --output FOLDER (one report per record)",
                err=True,
            )
            raise typer.Exit(2)
        return None
    if fmt == "jsonl" or (single and not output.is_dir()):
        if output.is_dir():
            typer.echo(f"check: --output {output} is a folder; jsonl goes to one file", err=True)
            raise typer.Exit(2)
        return None
    if output.exists() and not output.is_dir():
        typer.echo(f"check: --output {output} must be a folder for several records", err=True)
        raise typer.Exit(2)
    output.mkdir(parents=True, exist_ok=True)
    return Folder(output, fmt)


class _stream:
    """Where single-stream output goes: stdout, or one file written as it comes into a
    temporary file beside it and renamed into place when the run ends well (so memory does not
    grow with an archive, and nobody sees half a file); no file when nothing was written;
    nothing when the output is a folder."""

    def __init__(self, output: Path | None, folder: Folder | None) -> None:
        self.path = None if folder is not None else output
        self._file: Any = None
        self._out: Any = None

    def __enter__(self):  # type: ignore[no-untyped-def]
        return sys.stdout if self.path is None else self

    def write(self, text: str) -> None:
        if self._out is None:
            from adjudicator.writing import AtomicFile

            assert self.path is not None
            file = AtomicFile(self.path)
            self._out = file.__enter__()  # raises OSError for a folder that cannot be written
            self._file = file
        self._out.write(text)

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if self._file is not None:
            self._file.__exit__(kind, error, trace)


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
        typer.echo(f"unknown game {game!r}; one of: {', '.join(catalogue.games())}", err=True)
        raise typer.Exit(2)
    for rule in catalogue.rules(game):
        typer.echo(f"{rule.id:<18} {rule.title}")


@app.command()
def explain(rule_id: Annotated[str, typer.Argument(help="a rule ID, e.g. WHIST-REVOKE-9")]) -> None:
    """Print one rule: its statement, the codes it applies to and its source."""
    try:
        rule = catalogue.get(rule_id.strip().upper())
    except KeyError:
        typer.echo(f"no rule {rule_id!r} in the catalogue; see 'adjudicator rules'", err=True)
        raise typer.Exit(2) from None
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
            result = rubicon_value(items, [brisques] if brisques else None)
        else:
            if brisques:
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
    app()
