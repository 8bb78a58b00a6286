"""The command line: parse arguments, call the public API, pick a renderer, set the exit code.

Exit codes (the README's table): 0 no violation, 1 at least one violation, 2 a record that
cannot be judged (message on stderr naming the file and the JSON path; never a traceback),
64 the command was typed wrong (EX_USAGE), 130 stopped by SIGINT, 143 by SIGTERM, 141 the
output was closed (a pipe to ``head``).
"""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable
from enum import StrEnum
from itertools import chain, islice
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from adjudicator import InputError, __version__, catalogue
from adjudicator.cli.exits import EX_USAGE as EX_USAGE
from adjudicator.cli.exits import (
    EXIT_CLOSED_PIPE,
    EXIT_SIGNAL,
    Signals,
    as_usage_error,
    quiet_closed_stdout,
    typed_wrong,
)
from adjudicator.cli.output import Output, check_targets, finish, judge_all, output_folder


class _Group(TyperGroup):
    """Every command: a closed output (``rules | head``) ends the run quietly with 141, as a
    program killed by SIGPIPE would (click's own handling exits 1, the code for violations);
    a command typed wrong exits 64, not click's 2 (which means a record not judged)."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except typer.TyperException as error:
            raise as_usage_error(error) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # here, not at the interpreter's exit, where it cannot be caught
        except BrokenPipeError:
            quiet_closed_stdout()
            raise typer.Exit(EXIT_CLOSED_PIPE) from None
        except typer.TyperException as error:
            raise as_usage_error(error) from None
        return result


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


RecordsArgument = Annotated[
    list[str],
    typer.Argument(
        help="hand-record/1 files (JSON, or the notation: .hrn; gzipped: .gz), folders "
        "(recursively, *.json, *.jsonl, *.hrn and the same .gz), .jsonl archives, "
        "ARCHIVE.jsonl:N for one line of one, or - for standard input (JSON Lines, one "
        "JSON record, or one in the notation)",
        show_default=False,
    ),
]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs", "-j", help="processes to judge on (default and at most: the cores)", min=1
    ),
]
QuickOption = Annotated[
    bool,
    typer.Option(
        "--quick",
        help="schema and deal consistency only, no replay: records reported 'not replayed'",
    ),
]
ProgressOption = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress", help="progress bar (default: when stderr is a terminal)"
    ),
]
SelectOption = Annotated[
    list[str] | None,
    typer.Option("--select", help="only rules whose ID starts so (repeat, or commas)"),
]
IgnoreOption = Annotated[
    list[str] | None,
    typer.Option("--ignore", help="not rules whose ID starts so (repeat, or commas)"),
]
MinSeverityOption = Annotated[
    Severity, typer.Option("--min-severity", help="only findings at least this severe")
]
SummaryOption = Annotated[
    Path | None,
    typer.Option("--summary", help="write the summary as JSON to this file", dir_okay=False),
]
OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="write to this file (one record, or a stream: jsonl, json, findings) or into this"
        " folder, one file per record (several records in text, html or markdown, or an"
        " existing folder); written atomically: whole or not at all",
        show_default=False,
    ),
]


@app.command()
def check(
    records: RecordsArgument,
    format: FormatOption = Format.text,
    jobs: JobsOption = None,
    quick: QuickOption = False,
    progress: ProgressOption = None,
    select: SelectOption = None,
    ignore: IgnoreOption = None,
    min_severity: MinSeverityOption = Severity.info,
    summary_file: SummaryOption = None,
    output: OutputOption = None,
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
    from adjudicator.batch import Settings, Summary, iter_items

    settings = Settings(
        fmt=format.value,
        quick=quick,
        select=_prefixes(select),
        ignore=_prefixes(ignore),
        min_severity=min_severity.value,
    )
    check_targets(records, output, summary_file)
    items = iter_items(records)
    single = len(records) == 1 and _is_one_record(records[0])
    summary = Summary()
    with Signals() as signals:
        if records == ["-"]:  # one document on standard input is one record, like a file
            head = signals.read_or_none(lambda: list(islice(items, 2)))
            if head is None:  # stopped while standard input said nothing
                finish(records, single, settings, summary, summary_file, signals.received)
            single = len(head) == 1 and head[0].whole
            items = chain(head, items)
        if format is Format.json and not single:
            settings = Settings(**{**settings.__dict__, "fmt": "json-many"})
        workers = 1 if single else _workers(jobs)
        show = sys.stderr.isatty() if progress is None else progress
        folder = output_folder(output, format.value, single)
        stopped = _written(
            output,
            folder is not None,
            lambda out: judge_all(
                items, single, settings, workers, show, out, summary, signals, folder
            ),
        )
    finish(records, single, settings, summary, summary_file, stopped)


def _written(
    output: Path | None, to_folder: bool, judge: Callable[[Any], int | None]
) -> int | None:
    """``judge`` the run into ``output`` (a file; else standard output, or the folder the
    run writes itself): the signal that stopped it, else None. A stopped run's file is not
    a whole run: it is discarded and the old one stays."""
    try:
        target = Output(None if to_folder else output)
        with target as out:
            stopped = judge(out)
            if stopped:
                target.discard()
    except OSError as error:
        where = error.filename or output
        typer.echo(f"check: cannot write {where}: {error.strerror}", err=True)
        raise typer.Exit(2) from None
    return stopped


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


@app.command()
def schema(
    which: Annotated[SchemaName, typer.Argument(help="record or ruling")] = SchemaName.record,
) -> None:
    """Print the JSON Schema of hand-record/1 (record) or of ruling/1 (ruling)."""
    from adjudicator.schema import schema_text

    sys.stdout.write(schema_text(which.value))


@app.command("rules")
def list_rules(
    game: Annotated[
        str | None, typer.Option(help="whist, bezique or rubicon-bezique (any case)")
    ] = None,
    search: Annotated[
        str | None,
        typer.Option(
            "--search", "-s", help="only rules whose ID, title or statement hold these words"
        ),
    ] = None,
) -> None:
    """List the rule catalogue: ID and title of every rule the adjudicator can cite."""
    if game is not None:
        game = game.strip().lower()
        if game not in catalogue.games():
            raise typed_wrong(f"unknown game {game!r}; one of: {', '.join(catalogue.games())}")
    if search is None:
        _list(catalogue.rules(game))
        return
    from adjudicator.catalogue.search import mentioning

    found = mentioning(search, game)
    if not found:
        raise typed_wrong(f"no rule mentions {search!r}.{_did_you_mean(search)}")
    _list(found)


class Code(StrEnum):
    english_1864 = "english-1864"
    english_1900 = "english-1900"
    american_1893 = "american-1893"
    rubicon = "rubicon-bezique"


@app.command()
def explain(
    query: Annotated[
        list[str],
        typer.Argument(
            help="a rule ID (WHIST-REVOKE-9, any case), a law (ENG1900-74; law 74 with"
            " --code) or words (revoke)",
            show_default=False,
        ),
    ],
    code: Annotated[
        Code | None,
        typer.Option(help="the code whose law is meant by 'law N'", case_sensitive=False),
    ] = None,
) -> None:
    """Print one rule: its statement, the codes it applies to and its source. A law or a word
    lists the rules that cite or mention it; a near miss is answered with 'did you mean'."""
    from adjudicator.catalogue.search import citing, law_keys, mentioning

    text = " ".join(query).strip()
    try:
        _explain_one(catalogue.get(text.upper()))
        return
    except KeyError:
        pass
    keys = law_keys(text, code.value if code else None)
    if keys is not None:
        found = citing(keys)
        if not found:
            raise typed_wrong(f"no rule in the catalogue cites {' or '.join(keys)}")
        typer.echo(f"Rules citing {' or '.join(keys)}:")
    else:
        found = mentioning(text)
        if not found:
            raise typed_wrong(
                f"no rule {text!r} in the catalogue.{_did_you_mean(text)} See 'adjudicator"
                " rules' (--search WORD)."
            )
        if len(found) == 1:
            _explain_one(found[0])
            return
        typer.echo(f"Rules that mention {text!r}:")
    _list(found)
    typer.echo("(adjudicator explain ID prints one)")


def _explain_one(rule: catalogue.Rule) -> None:
    books = catalogue.book_titles(rule.game)
    typer.echo(f"{rule.id}: {rule.title}")
    typer.echo(f"  {rule.statement}")
    typer.echo(f"  Codes: {', '.join(rule.codes)}")
    typer.echo(f"  Source: {rule.source or 'the digest (no law number)'}")
    for book in rule.books:
        typer.echo(f"    {book}: {books.get(book, book)}")


def _list(rules: list[catalogue.Rule]) -> None:
    for rule in rules:
        typer.echo(f"{rule.id:<18} {rule.title}")


def _did_you_mean(text: str) -> str:
    from adjudicator.catalogue.search import near

    close = near(text)
    if not close:
        return ""
    return f" Did you mean {', '.join(close[:-1])}{' or ' if len(close) > 1 else ''}{close[-1]}?"


class ValueGame(StrEnum):
    rubicon = "rubicon-bezique"
    whist = "whist"


class ValueFormat(StrEnum):
    """The formats ``value`` writes (no other is accepted)."""

    text = "text"
    json = "json"


@app.command()
def value(
    game: Annotated[
        ValueGame, typer.Argument(help="rubicon-bezique or whist", case_sensitive=False)
    ],
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
    format: Annotated[
        ValueFormat,
        typer.Option("--format", "-f", help="text for people, json for programs"),
    ] = ValueFormat.text,
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
    if format is ValueFormat.json:
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
    game: Annotated[
        SimGame, typer.Argument(help="whist, bezique or rubicon-bezique", case_sensitive=False)
    ],
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
        quiet_closed_stdout()
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


@app.command()
def desk(
    port: Annotated[
        int, typer.Option("--port", "-p", min=0, max=65535, help="the port (0: any free one)")
    ] = 8765,
    host: Annotated[
        str,
        typer.Option(
            help="the address to serve on; other than the loopback, other machines can reach it"
        ),
    ] = "127.0.0.1",
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="do not open the page in the browser")
    ] = False,
) -> None:
    """The director's desk: a page in the browser to type a dispute and read the ruling.

    The record is typed in the notation (or JSON) from a template or a file (a PBN deal file
    too); it is checked as it is typed, each problem at its line, and once it can be judged
    the ruling stands beside it, as `check --format html` gives it, to print or download.
    Served from this machine only (127.0.0.1) until Ctrl-C; nothing is fetched from the
    internet.
    """
    from adjudicator.desk.server import listen, open_when_started, server, url_of

    try:
        sock = listen(host, port)
    except OSError as error:
        typer.echo(f"desk: cannot serve on {host}:{port}: {error.strerror or error}", err=True)
        raise typer.Exit(2) from None
    running = server(sock)
    url = url_of(sock)
    if host not in ("127.0.0.1", "::1", "localhost"):
        typer.echo(f"desk: serving on {host}: other machines may reach this page", err=True)
    typer.echo(f"The director's desk is at {url} (Ctrl-C to stop)", err=True)
    if not no_browser:
        open_when_started(running, url)
    # uvicorn stops on Ctrl-C and raises it again: as KeyboardInterrupt, not the start-up
    # handler's quiet exit (launch.py), so that the stop is said
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with sock:
            running.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again
        typer.echo("desk: stopped by SIGINT", err=True)
        raise typer.Exit(EXIT_SIGNAL[signal.SIGINT]) from None


def main() -> None:
    try:
        app()
    except BrokenPipeError:  # the output closed outside ``check`` (``schema | head``)
        quiet_closed_stdout()
        sys.exit(EXIT_CLOSED_PIPE)
    except KeyboardInterrupt:  # Ctrl-C before ``check`` watches for it, or in another command
        sys.stderr.write("stopped by SIGINT\n")
        sys.exit(EXIT_SIGNAL[signal.SIGINT])
