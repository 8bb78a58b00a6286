"""What archive keepers need from ``check``: filters, summaries, formats, ``.gz``, one line of
an archive, honest labels and exit codes."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.batch import Settings
from adjudicator.cli import EX_USAGE, _workers, app
from tests.conftest import FIXTURES
from tests.test_hostile_input import CASES

runner = CliRunner()
WHIST = FIXTURES / "whist"


def _line(path: Path) -> str:
    return json.dumps(json.loads(path.read_text("utf-8-sig")), separators=(",", ":"))


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Three records: clean, a wrong mark (WHIST-SCORE-7), revokes (WHIST-REVOKE-*)."""
    path = tmp_path / "a.jsonl"
    names = ("honours-claimed", "wrong-mark", "revoke-two-in-one-hand")
    path.write_text("\n".join(_line(WHIST / f"{n}.json") for n in names) + "\n", "utf-8")
    return path


def test_select_by_prefix_filters_output_summary_and_exit(archive: Path, tmp_path: Path) -> None:
    summary = tmp_path / "s.json"
    result = runner.invoke(
        app,
        [
            "check",
            str(archive),
            "-f",
            "findings",
            "--select",
            "WHIST-SCORE",
            "--summary",
            str(summary),
        ],
    )
    assert result.exit_code == 1
    assert {line.split(": ")[1].split()[0] for line in result.stdout.splitlines()} == {
        "WHIST-SCORE-7"
    }
    counted = json.loads(summary.read_text("utf-8"))
    assert list(counted["rules"]) == ["WHIST-SCORE-7"]
    assert counted["with_violations"] == 1 and counted["records"] == 3


def test_ignoring_every_violation_exits_0(archive: Path) -> None:
    result = runner.invoke(
        app, ["check", str(archive), "--ignore", "WHIST-SCORE,WHIST-REVOKE,WHIST-PEN"]
    )
    assert result.exit_code == 0, result.stdout


def test_the_longer_prefix_wins_as_in_ruff() -> None:
    settings = Settings(select=("WHIST-REVOKE-1",), ignore=("WHIST-REVOKE",))
    assert settings.keeps("WHIST-REVOKE-1", "violation")
    assert not settings.keeps("WHIST-REVOKE-9", "info")
    assert not Settings(min_severity="warning").keeps("WHIST-REVOKE-9", "info")
    assert Settings(min_severity="warning").keeps("WHIST-REVOKE-9", "violation")


def test_min_severity_drops_notes_from_the_json_ruling(archive: Path) -> None:
    result = runner.invoke(
        app, ["check", f"{archive}:3", "-f", "jsonl", "--min-severity", "violation"]
    )
    ruling = json.loads(result.stdout)["ruling"]
    assert {f["severity"] for f in ruling["findings"]} == {"violation"}
    assert ruling["counts"]["info"] == 0


def test_findings_format_gives_source_line_and_rule(archive: Path) -> None:
    result = runner.invoke(app, ["check", str(archive), "-f", "findings"])
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{archive}:2: WHIST-SCORE-7 violation: ")
    assert first.endswith("]")


def test_summary_json_counts_every_record_per_game_and_status(tmp_path: Path) -> None:
    summary = tmp_path / "s.json"
    result = runner.invoke(app, ["check", str(FIXTURES), "--summary", str(summary), "-f", "jsonl"])
    counted = json.loads(summary.read_text("utf-8"))
    records = len(result.stdout.splitlines())
    assert counted["records"] == records == sum(counted["games"].values())
    statuses = ("clean", "with_warnings", "with_violations", "not_replayed", "not_judged")
    assert sum(counted[s] for s in statuses) == records
    revoke = counted["rules"]["WHIST-REVOKE-1"]
    assert revoke["findings"] > revoke["records"] > 0
    assert "records  findings" in result.stderr


def test_an_archive_line_is_checked_again_alone(archive: Path) -> None:
    result = runner.invoke(app, ["check", f"{archive}:2", "-f", "jsonl"])
    assert result.exit_code == 1
    assert [json.loads(line)["source"] for line in result.stdout.splitlines()] == [f"{archive}:2"]
    missing = runner.invoke(app, ["check", f"{archive}:9"])
    assert missing.exit_code == 2 and "no record on line 9" in missing.stderr


def test_gzipped_archives_and_records_are_read_directly(archive: Path, tmp_path: Path) -> None:
    folder = tmp_path / "gz"
    folder.mkdir()
    (folder / "a.jsonl.gz").write_bytes(gzip.compress(archive.read_bytes()))
    (folder / "r.json.gz").write_bytes(gzip.compress((WHIST / "wrong-mark.json").read_bytes()))
    result = runner.invoke(app, ["check", str(folder), "-f", "jsonl"])
    sources = [json.loads(line)["source"] for line in result.stdout.splitlines()]
    assert sources == [f"{folder / 'a.jsonl.gz'}:{n}" for n in (1, 2, 3)] + [
        str(folder / "r.json.gz")
    ]
    again = runner.invoke(app, ["check", f"{folder / 'a.jsonl.gz'}:2", "-f", "jsonl"])
    assert json.loads(again.stdout)["source"].endswith("a.jsonl.gz:2")


def test_a_bad_gzip_file_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "x.json.gz"
    bad.write_bytes(b"not gzip at all")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_quick_says_not_replayed_never_clean(archive: Path) -> None:
    result = runner.invoke(app, ["check", str(archive), "--quick"])
    assert result.exit_code == 0
    assert "not replayed (--quick)        3" in result.stderr
    assert "clean                       0" in result.stderr


def test_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2 and "no records found" in result.stderr


def test_empty_standard_input_is_an_error() -> None:
    result = runner.invoke(app, ["check", "-"], input=b"")
    assert result.exit_code == 2 and "no records found" in result.stderr


def test_usage_errors_have_their_own_status() -> None:
    assert EX_USAGE not in (0, 1, 2)
    assert runner.invoke(app, ["check", "--no-such-option", "x"]).exit_code == EX_USAGE
    assert runner.invoke(app, ["check", "x", "--jobs", "0"]).exit_code == EX_USAGE
    assert runner.invoke(app, ["check", "x", "--min-severity", "loud"]).exit_code == EX_USAGE
    assert runner.invoke(app, ["explain"]).exit_code == EX_USAGE
    # found by the command itself: typed wrong all the same
    assert runner.invoke(app, ["explain", "NO-SUCH-RULE"]).exit_code == EX_USAGE
    assert runner.invoke(app, ["rules", "--game", "chess"]).exit_code == EX_USAGE
    assert runner.invoke(app, ["check", "x", "-f", "jsonl", "-o", "."]).exit_code == EX_USAGE


def test_version_and_short_help() -> None:
    from adjudicator import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout == f"adjudicator {__version__}\n"
    assert "--select" in runner.invoke(app, ["check", "-h"]).stdout


def test_jobs_are_capped_at_the_cores() -> None:
    from adjudicator.batch import default_jobs

    assert _workers(100_000) == default_jobs()
    assert _workers(1) == 1


def test_a_fifo_in_a_folder_is_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "r.json").write_bytes((WHIST / "wrong-mark.json").read_bytes())
    result = runner.invoke(app, ["check", str(tmp_path), "-f", "jsonl"])  # would block if read
    assert result.exit_code == 2
    assert "pipe.json: /: cannot read: not a regular file" in result.stderr
    named = runner.invoke(app, ["check", str(tmp_path / "pipe.json")])
    assert named.exit_code == 2 and "not a regular file" in named.stderr


def test_a_link_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    result = runner.invoke(app, ["check", str(tmp_path / "zero.json")])
    assert result.exit_code == 2 and "not a regular file" in result.stderr


def test_a_file_beginning_with_nul_is_one_short_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\0" + b"x" * 100_000)
    utf16 = tmp_path / "u16.json"
    utf16.write_bytes(
        b"\xfe\xff" + (WHIST / "wrong-mark.json").read_text("utf-8-sig").encode("utf-16-be")
    )
    result = runner.invoke(app, ["check", str(bad), str(utf16)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith(str(bad)) and lines[1].startswith(str(utf16))
    assert lines[0].endswith(": /: binary data, not a record (a NUL byte in the first 1,024)")
    assert lines[1].endswith(": /: UTF-16 text: a record is UTF-8 (save it as UTF-8)")


def test_output_is_written_atomically_and_inputs_never_change(
    archive: Path, tmp_path: Path
) -> None:
    before = hashlib.sha256(archive.read_bytes()).hexdigest()
    target = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["check", str(archive), "-f", "jsonl", "-o", str(target)])
    assert result.exit_code == 1 and result.stdout == ""
    assert len(target.read_text("utf-8").splitlines()) == 3
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert hashlib.sha256(archive.read_bytes()).hexdigest() == before


def test_names_with_controls_are_escaped_on_stderr(tmp_path: Path) -> None:
    bad = tmp_path / "evil\x1b]0;x\x07.json"
    bad.write_text("[]", "utf-8")
    result = runner.invoke(app, ["check", str(bad), str(WHIST / "wrong-mark.json")])
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr


def test_a_line_past_the_size_limit_is_refused_unread_and_the_archive_goes_on(
    tmp_path: Path,
) -> None:
    from adjudicator.record.load import MAX_RECORD_BYTES

    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        stream.write(
            '{"format": "hand-record/1", "note": "' + "x" * (MAX_RECORD_BYTES + 10) + '"}\n'
        )
        stream.write(_line(WHIST / "wrong-mark.json") + "\n")
    result = runner.invoke(app, ["check", str(path), "-f", "jsonl"])
    assert result.exit_code == 2
    assert f"{path}:1: /: cannot read: the line is over" in result.stderr
    sources = [json.loads(line)["source"] for line in result.stdout.splitlines()]
    assert sources == [f"{path}:1", f"{path}:2"]


def test_a_record_of_too_many_events_is_refused_before_the_replay(tmp_path: Path) -> None:
    from adjudicator.record.load import MAX_EVENTS

    record = json.loads((WHIST / "wrong-mark.json").read_text("utf-8-sig"))
    play = next(e for e in record["events"] if e["type"] == "play")
    record["events"] += [play] * MAX_EVENTS
    path = tmp_path / "many.json"
    path.write_text(json.dumps(record), "utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and f"at most {MAX_EVENTS:,} are judged" in result.stderr


@pytest.mark.parametrize("name", [n for n, (raw, _) in CASES.items() if isinstance(raw, bytes)])
def test_each_kind_of_bad_file_is_refused_on_the_command_line(name: str, tmp_path: Path) -> None:
    """The catalogue of test_hostile_input, as files: exit 2, short lines, no traceback."""
    raw, expected = CASES[name]
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2, result.stdout[:300]
    assert "Traceback" not in result.stderr and expected in result.stderr
    lines = result.stderr.splitlines()
    assert 1 <= len(lines) <= 3 and all(len(line) < 400 for line in lines)
