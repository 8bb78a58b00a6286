"""Batch checking: folders, JSON Lines, stdin, several processes, the summary, --quick."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.batch import Item, Settings, Summary, iter_items, judge_item, run
from adjudicator.cli import app
from tests.conftest import FIXTURES

runner = CliRunner()


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """A folder with whist records, a sub-folder of Bézique records and a JSON Lines stream
    whose third line is broken."""
    shutil.copytree(
        FIXTURES / "whist", tmp_path / "whist", ignore=shutil.ignore_patterns("expected")
    )
    shutil.copytree(
        FIXTURES / "bezique",
        tmp_path / "deep" / "bezique",
        ignore=shutil.ignore_patterns("expected"),
    )
    lines = [
        json.dumps(json.loads(p.read_text("utf-8-sig")))
        for p in sorted((FIXTURES / "rubicon-bezique").glob("*.json"))[:3]
    ]
    lines.insert(2, '{"format": "hand-record/1", "game": "whist"')
    (tmp_path / "stream.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    return tmp_path


def count_records() -> int:
    """The records of the whist and Bézique folders: JSON files and notation (.hrn) files."""
    return sum(
        len(list((FIXTURES / game).glob(pattern)))
        for game in ("whist", "bezique")
        for pattern in ("*.json", "*.hrn")
    )


def test_a_folder_is_read_recursively_and_a_bad_line_does_not_stop_the_batch(archive: Path) -> None:
    result = runner.invoke(app, ["check", str(archive), "--format", "jsonl", "--jobs", "1"])
    assert result.exit_code == 2
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == count_records() + 4
    errors = [line for line in lines if "message" in line]
    assert [e["source"] for e in errors] == [f"{archive / 'stream.jsonl'}:3"]
    assert f"{archive / 'stream.jsonl'}:3:44: /: not JSON: Expecting ',' delimiter" in result.stderr
    assert all(line["ruling"]["format"] == "ruling/1" for line in lines if "ruling" in line)
    assert errors[0]["pointer"] == "" and errors[0]["message"].startswith("not JSON")
    assert "not judged                  1" in result.stderr


def test_two_processes_give_the_same_output_in_the_same_order(archive: Path) -> None:
    one = runner.invoke(app, ["check", str(archive), "-f", "jsonl", "-j", "1"])
    two = runner.invoke(app, ["check", str(archive), "-f", "jsonl", "-j", "2"])
    assert one.stdout == two.stdout and one.exit_code == two.exit_code


def test_the_summary_counts_records_and_violations_by_rule(archive: Path) -> None:
    summary = Summary()
    for outcome in run(iter_items([str(archive / "whist")]), Settings("jsonl"), 1):
        summary.add(outcome)
    whist = FIXTURES / "whist"
    assert summary.records == len(list(whist.glob("*.json"))) + len(list(whist.glob("*.hrn")))
    counted = summary.as_json()
    assert counted["not_judged"] == 0
    assert (
        counted["clean"] + counted["with_warnings"] + counted["with_violations"] == summary.records
    )
    assert counted["games"] == {"whist": summary.records}
    assert summary.findings["WHIST-REVOKE-1"] > summary.records_by_rule["WHIST-REVOKE-1"] >= 10
    table = summary.table()
    assert "by rule" in table and "WHIST-REVOKE-1" in table


def test_records_come_from_standard_input_with_a_dash() -> None:
    record = (FIXTURES / "whist" / "wrong-mark.json").read_text("utf-8-sig")
    stream = json.dumps(json.loads(record)) + "\n" + json.dumps(json.loads(record)) + "\n"
    result = runner.invoke(app, ["check", "-", "-f", "jsonl"], input=stream)
    assert result.exit_code == 1
    sources = [json.loads(line)["source"] for line in result.stdout.splitlines()]
    assert sources == ["<stdin>:1", "<stdin>:2"]


def test_quick_checks_the_deal_but_does_not_replay() -> None:
    record = json.loads((FIXTURES / "whist" / "wrong-mark.json").read_text("utf-8-sig"))
    clean = judge_item(Item("x", json.dumps(record).encode()), Settings("jsonl", quick=True))
    assert clean.status == "not-replayed"  # never called clean
    assert json.loads(clean.output) == {"source": "x", "status": "not replayed"}
    record["events"][0]["hands"]["N"][0] = record["events"][0]["hands"]["E"][0]
    bad = judge_item(Item("x", json.dumps(record).encode()), Settings("jsonl", quick=True))
    assert bad.status == "unjudgeable" and "dealt twice" in bad.error


def test_an_unreadable_file_is_reported_and_the_batch_goes_on(tmp_path: Path) -> None:
    good = FIXTURES / "whist" / "honours-claimed.json"
    result = runner.invoke(app, ["check", str(tmp_path / "absent.json"), str(good), "-f", "jsonl"])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr
    assert '"ruling"' in result.stdout


def test_two_processes_give_the_same_outcomes_in_the_same_order() -> None:
    """More records than one task holds (``CHUNK``), a broken one among them: the outcomes
    of ``--jobs 2`` are those of ``--jobs 1``, record for record, in the input's order."""
    from adjudicator.batch import CHUNK
    from adjudicator.simulate import records

    raws = [json.dumps(r).encode() for r in records("whist", 2 * CHUNK + 7, 4)]
    raws[CHUNK + 3] = b'{"format": "hand-record/1"'
    items = [Item(f"r{i}", raw) for i, raw in enumerate(raws)]
    one = list(run(iter(items), Settings("jsonl"), 1))
    two = list(run(iter(items), Settings("jsonl"), 2))
    assert [o.source for o in two] == [f"r{i}" for i in range(len(raws))]
    assert two == one
    assert two[CHUNK + 3].status == "unjudgeable"
