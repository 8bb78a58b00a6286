"""The notation at the command line: check reads .hrn files and notation on stdin, convert
goes both ways, and problems come with FILE:LINE:COL and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import adjudicate, parse_record, render_json
from adjudicator.cli import app
from adjudicator.notation import canonical_record, read_notation
from tests.conftest import FIXTURES, ROOT

runner = CliRunner()
DISPUTE = FIXTURES / "whist" / "revoke-penalty-tricks"
#: Each hand-written notation file, and the JSON record it states.
WRITTEN = [
    (DISPUTE.with_suffix(".hrn"), DISPUTE.with_suffix(".json")),
    (
        ROOT / "docs" / "examples" / "bezique-false-declaration.hrn",
        FIXTURES / "bezique" / "false-declaration.json",
    ),
    (
        ROOT / "docs" / "examples" / "rubicon-law50-challenged.hrn",
        FIXTURES / "rubicon-bezique" / "law50-challenged.json",
    ),
]


@pytest.mark.parametrize(("text", "record"), WRITTEN, ids=lambda p: p.name)
def test_each_hand_written_notation_file_gives_the_ruling_of_its_json_record(
    text: Path, record: Path
) -> None:
    from_text = adjudicate(parse_record(read_notation(text.read_bytes()).data))
    from_json = adjudicate(parse_record(record.read_bytes()))
    assert render_json(from_text) == render_json(from_json)
    result = runner.invoke(app, ["check", str(text)])
    assert result.exit_code == 1, result.stderr
    assert result.stdout.startswith("Ruling on a ")


def test_check_reads_notation_on_standard_input_by_its_content() -> None:
    result = runner.invoke(
        app, ["check", "-", "-f", "json"], input=DISPUTE.with_suffix(".hrn").read_bytes()
    )
    assert result.exit_code == 1, result.stderr
    ruling = json.loads(result.stdout)
    assert {f["rule"] for f in ruling["findings"]} == {"WHIST-REVOKE-1"}


def test_check_picks_up_hrn_files_in_folders(tmp_path: Path) -> None:
    (tmp_path / "dispute.hrn").write_bytes(DISPUTE.with_suffix(".hrn").read_bytes())
    result = runner.invoke(app, ["check", str(tmp_path), "-f", "jsonl", "--jobs", "1"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["source"].endswith("dispute.hrn")


def test_convert_goes_both_ways_without_loss(tmp_path: Path) -> None:
    text = runner.invoke(app, ["convert", str(DISPUTE.with_suffix(".json")), "--to", "text"])
    assert text.exit_code == 0, text.stderr
    assert text.stdout.startswith("%HRN 1\ngame whist\n")
    (tmp_path / "r.hrn").write_text(text.stdout, "utf-8")
    out = tmp_path / "r.json"
    back = runner.invoke(app, ["convert", str(tmp_path / "r.hrn"), "--to", "json", "-o", str(out)])
    assert back.exit_code == 0, back.stderr
    canonical = canonical_record(json.loads(DISPUTE.with_suffix(".json").read_text("utf-8")))
    assert json.loads(out.read_text("utf-8")) == canonical
    again = runner.invoke(app, ["convert", "-", "--to", "text"], input=out.read_bytes())
    assert again.stdout == text.stdout
    same = runner.invoke(app, ["convert", str(out), "--to", "json"])
    assert same.stdout == out.read_text("utf-8")


def test_syntax_problems_are_reported_together_with_line_and_column(tmp_path: Path) -> None:
    text = DISPUTE.with_suffix(".hrn").read_text("utf-8")
    text = text.replace("  3  N   AS   3D", "  3  N   AS   3X").replace(
        "penalty NS tricks", "penalty"
    )
    bad = tmp_path / "bad.hrn"
    bad.write_text(text.replace("score NS 3 tricks", "score NS three tricks"), "utf-8")
    for command in (["check", str(bad)], ["convert", str(bad), "--to", "json"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        assert result.stderr.splitlines() == [
            f"{bad}:19:15: expected a card (rank then suit, e.g. 10H or QS), got 3X",
            f"{bad}:33:10: expected points (a whole number), got three",
        ]


def test_errors_after_reading_name_the_json_path_and_the_notation_line(tmp_path: Path) -> None:
    """Against the schema, or impossible facts found by the replay: FILE:LINE:COL: /pointer."""
    text = DISPUTE.with_suffix(".hrn").read_text("utf-8")
    cases = [
        (text.replace("penalty NS tricks", "penalty NS lots"), ":32:1: /events/54/choice: "),
        (
            text.replace("  5  N   KS   5S", "  5  N   KS   9S"),
            ":26:15: /events/37/card: E does not hold 9S",
        ),
        (text.replace("E  954.K74", "E  954.K75"), ":14:1: /events/0/hands/W/4: 5H is dealt twice"),
    ]
    for number, (changed, expected) in enumerate(cases):
        bad = tmp_path / f"bad{number}.hrn"
        bad.write_text(changed, "utf-8")
        result = runner.invoke(app, ["check", str(bad)])
        assert result.exit_code == 2
        assert result.stderr.startswith(f"{bad}{expected}"), result.stderr
