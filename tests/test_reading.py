"""The public reading API: ``load_record`` reads JSON or the notation by content, as the
command does; ``iter_rulings`` streams an archive through the command's own reader;
``render_html`` is exported beside the other renderers."""

from __future__ import annotations

import gzip
import io
import json
import shutil
from pathlib import Path

import adjudicator
from adjudicator import InputError, Ruling, adjudicate, iter_rulings, load_record, render_html
from adjudicator.notation import read_notation
from adjudicator.record import parse_record
from tests.conftest import FIXTURES

NOTATION = FIXTURES / "whist" / "revoke-penalty-tricks.hrn"
JSON = FIXTURES / "whist" / "revoke-penalty-tricks.json"


def test_load_record_reads_the_notation_by_its_suffix_and_by_content(tmp_path: Path) -> None:
    expected = parse_record(read_notation(NOTATION.read_bytes()).data)
    assert load_record(NOTATION) == expected
    renamed = tmp_path / "hand.txt"  # no .hrn: the %HRN line decides
    shutil.copy(NOTATION, renamed)
    assert load_record(str(renamed)) == expected
    assert load_record(JSON).game == "whist"


def test_load_record_places_a_notation_problem_at_its_line(tmp_path: Path) -> None:
    text = NOTATION.read_text("utf-8")
    bad = tmp_path / "bad.hrn"
    bad.write_text(text.replace("code=english-1900", "code=english-1066"), "utf-8")
    try:
        load_record(bad)
    except InputError as error:
        assert error.pointer == "/rules/code"
        assert error.line == 1 + text.splitlines().index(
            next(line for line in text.splitlines() if line.startswith("rules"))
        )
    else:  # pragma: no cover - the record above is wrong
        raise AssertionError("no InputError")


def test_load_record_of_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    try:
        load_record(tmp_path / "none.json")
    except InputError as error:
        assert "cannot read" in error.message
    else:  # pragma: no cover
        raise AssertionError("no InputError")


def test_iter_rulings_of_a_folder_gives_each_records_ruling() -> None:
    folder = FIXTURES / "rubicon-bezique"
    seen = dict(iter_rulings(folder))
    assert len(seen) == len(list(folder.glob("*.json"))) + len(list(folder.glob("*.hrn")))
    for source, ruling in seen.items():
        if isinstance(ruling, Ruling):
            assert ruling == adjudicate(load_record(source))


def test_iter_rulings_of_a_gzipped_archive_goes_on_past_a_bad_line(tmp_path: Path) -> None:
    good = json.dumps(json.loads(JSON.read_text("utf-8")))
    archive = tmp_path / "archive.jsonl.gz"
    with gzip.open(archive, "wt", encoding="utf-8") as stream:
        stream.write(f'{good}\n{{"format": "hand-record/1"}}\n\n{good}\n')
    results = list(iter_rulings(str(archive)))
    assert [source for source, _ in results] == [f"{archive}:1", f"{archive}:2", f"{archive}:4"]
    assert isinstance(results[0][1], Ruling) and isinstance(results[2][1], Ruling)
    error = results[1][1]
    assert isinstance(error, InputError) and error.pointer == "/game"


def test_iter_rulings_of_a_binary_stream() -> None:
    good = json.dumps(json.loads(JSON.read_text("utf-8")))
    results = list(iter_rulings(io.BytesIO(f"{good}\n{good}\n".encode())))
    assert [source for source, _ in results] == ["<stream>:1", "<stream>:2"]
    assert all(isinstance(ruling, Ruling) for _, ruling in results)
    (single,) = iter_rulings(io.BytesIO(NOTATION.read_bytes()))
    assert single == ("<stream>", adjudicate(load_record(NOTATION)))


def test_render_html_is_exported_beside_the_other_renderers() -> None:
    assert "render_html" in adjudicator.__all__
    html = render_html(adjudicate(load_record(JSON)))
    assert html.lstrip().lower().startswith("<!doctype html")
