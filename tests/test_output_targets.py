"""Where ``check`` writes (issue 20): only what is ours is replaced. A device, a pipe or a
link is written into or through, never renamed over; an input is never overwritten by its
rulings; an existing file keeps its permissions; a summary that cannot be written is said
before the run, in one line."""

from __future__ import annotations

import gzip
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from adjudicator.writing import AtomicFile, _written_into
from tests.conftest import FIXTURES, ROOT

RECORD = FIXTURES / "whist" / "revoke-penalty-tricks.json"
LIMIT = 20


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", "check", *args],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )


def test_a_link_to_a_device_stays_a_link_and_the_device_a_device(tmp_path: Path) -> None:
    """``-o /dev/null`` replaced the device node with a file (as root); through a link the
    same: the link was replaced by the report."""
    link = tmp_path / "null"
    link.symlink_to(os.devnull)
    run = check(str(RECORD), "-o", str(link))
    assert run.returncode == 1, run.stderr
    assert link.is_symlink() and os.readlink(link) == os.devnull
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_a_pipe_is_written_into_and_stays_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    run = check(str(RECORD), "-f", "findings", "-o", str(fifo))
    reader.join(LIMIT)
    assert run.returncode == 1, run.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert b"WHIST-REVOKE-1" in got[0]


def test_a_link_to_a_file_keeps_pointing_at_it_and_the_file_gets_the_report(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    target.write_text("old", "utf-8")
    link = tmp_path / "latest.txt"
    link.symlink_to(target)
    assert check(str(RECORD), "-o", str(link)).returncode == 1
    assert link.is_symlink() and "Ruling on a whist record" in target.read_text("utf-8")


def test_standard_output_and_the_devices_are_written_into() -> None:
    """``-o /dev/stdout`` replaced the link and printed nothing: /dev and /proc are never
    renamed over (checked on the rule, so that no test can harm the machine's /dev)."""
    assert _written_into(Path("/dev/stdout"))
    assert _written_into(Path("/dev/null"))
    assert _written_into(Path("/proc/self/fd/1"))
    assert not _written_into(Path("/tmp/report.html"))


def test_an_output_that_is_one_of_the_inputs_is_refused_before_the_run(tmp_path: Path) -> None:
    """The archive was replaced by its rulings."""
    archive = tmp_path / "archive.jsonl"
    archive.write_text(RECORD.read_text("utf-8").replace("\n", "") + "\n", "utf-8")
    before = archive.read_bytes()
    for option in ("--output", "--summary"):
        run = check(str(archive), "-f", "jsonl", option, str(archive))
        assert run.returncode == 64
        assert (
            run.stderr == f"check: {option} {archive} is one of the records read: write elsewhere\n"
        )
        assert archive.read_bytes() == before


def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    """A report kept private (0600) became 0644."""
    out = tmp_path / "private.txt"
    out.write_text("old", "utf-8")
    out.chmod(0o600)
    assert check(str(RECORD), "-o", str(out)).returncode == 1
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert "Ruling on a whist record" in out.read_text("utf-8")
    with AtomicFile(out) as stream:
        stream.write("again")
    assert stat.S_IMODE(out.stat().st_mode) == 0o600 and out.read_text("utf-8") == "again"


def test_a_summary_into_a_missing_folder_is_said_before_the_run(tmp_path: Path) -> None:
    """It printed a traceback after the whole run and exited 1."""
    where = tmp_path / "missing" / "summary.json"
    run = check(str(RECORD), "--summary", str(where))
    assert run.returncode == 64
    assert run.stdout == ""
    assert run.stderr == f"check: --summary {where}: no folder {where.parent} to write in\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_summary_into_a_read_only_folder_is_said_before_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    run = check(str(RECORD), "--summary", str(folder / "s.json"))
    assert run.returncode == 64
    assert "cannot be written" in run.stderr


def test_empty_lines_in_a_gzipped_archive_are_skipped_in_linear_time(tmp_path: Path) -> None:
    """102 KB of gzip holding only empty lines (some 100 million) took 140 s, a line at a time
    through Python (so this run would outlast its limit of 20 s);
    now runs of blank lines are skipped in C, and the line numbers stay right."""
    record = RECORD.read_bytes().replace(b"\n", b"")
    path = tmp_path / "blank.jsonl.gz"
    with gzip.open(path, "wb", compresslevel=1) as out:
        block = b"\n" * 1_000_000
        for _ in range(100):
            out.write(block)
        out.write(b"\r\n  \n" + record + b"\n\n")
    run = check(str(path), "-f", "findings")
    assert run.returncode == 1, run.stderr
    assert f"{path}:100000003: WHIST-REVOKE-1" in run.stdout
