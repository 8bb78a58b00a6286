"""The command line: exit codes, parsed stdout, and messages on stderr."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from tests.conftest import FIXTURES

runner = CliRunner()
CLEAN = FIXTURES / "whist" / "honours-claimed.json"
VIOLATION = FIXTURES / "whist" / "wrong-mark.json"


def test_check_a_clean_record_exits_0_with_a_readable_ruling() -> None:
    result = runner.invoke(app, ["check", str(CLEAN)])
    assert result.exit_code == 0, result.stderr
    assert "Verdict: no violation" in result.stdout
    assert "trick  lead" in result.stdout


def test_check_a_record_with_violations_exits_1_and_json_parses() -> None:
    result = runner.invoke(app, ["check", str(VIOLATION), "--format", "json"])
    assert result.exit_code == 1
    ruling = json.loads(result.stdout)
    assert ruling["format"] == "ruling/1"
    assert {f["rule"] for f in ruling["findings"]} == {"WHIST-SCORE-7"}
    assert all(f["citation"]["id"] == f["rule"] for f in ruling["findings"])


def test_check_an_unjudgeable_record_exits_2_with_the_path_on_stderr(tmp_path: Path) -> None:
    record = json.loads(CLEAN.read_text("utf-8"))
    record["events"][3]["card"] = "XS"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), "utf-8")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 2
    assert result.stdout == ""
    column = json.dumps(record).index('"XS"') + 1
    assert result.stderr.strip() == f'{bad}:1:{column}: /events/3/card: "XS" is not a card'


def test_check_a_file_that_is_not_json_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("hello", "utf-8")
    result = runner.invoke(app, ["check", str(bad)])
    assert (
        result.exit_code == 2 and "not JSON" in result.stderr and "Traceback" not in result.stderr
    )


def test_check_several_records_exits_with_the_worst(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]", "utf-8")
    result = runner.invoke(app, ["check", str(CLEAN), str(VIOLATION), str(bad), "-f", "json"])
    assert result.exit_code == 2
    entries = json.loads(result.stdout)  # one JSON array of {source, ruling}, errors as objects
    assert [e["source"] for e in entries] == [str(CLEAN), str(VIOLATION), str(bad)]
    assert [e["ruling"]["format"] for e in entries[:2]] == ["ruling/1", "ruling/1"]
    assert entries[2]["pointer"] == "" and "JSON object" in entries[2]["message"]


def test_output_is_deterministic() -> None:
    first = runner.invoke(app, ["check", str(VIOLATION), "-f", "json"]).stdout
    assert first == runner.invoke(app, ["check", str(VIOLATION), "-f", "json"]).stdout


def test_schema_prints_the_committed_schemas() -> None:
    for which, name in (("record", "hand-record"), ("ruling", "ruling")):
        result = runner.invoke(app, ["schema", which])
        assert result.exit_code == 0
        assert json.loads(result.stdout)["title"] == f"{name}/1"


def test_rules_lists_the_whist_catalogue_and_explain_prints_one() -> None:
    listing = runner.invoke(app, ["rules", "--game", "whist"])
    assert listing.exit_code == 0 and "WHIST-REVOKE-9" in listing.stdout
    explained = runner.invoke(app, ["explain", "whist-revoke-9"])
    assert explained.exit_code == 0
    assert explained.stdout.startswith("WHIST-REVOKE-9: ")
    assert "ENG1900-75" in explained.stdout


def test_explain_an_unknown_rule_is_a_usage_error() -> None:
    result = runner.invoke(app, ["explain", "WHIST-REVOKE-99"])
    assert result.exit_code == 64 and "no rule" in result.stderr
