"""``benchmarks/bench.py --against``: both sides run, each from its own copy of the package,
and the temporary environment is gone afterwards (also when stopped). The figures are not
asserted: on a shared machine they say nothing in a run this short."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BENCH = ROOT / "benchmarks" / "bench.py"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _in_git() -> bool:
    if shutil.which("git") is None:
        return False
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True)
    return found.returncode == 0


pytestmark = pytest.mark.skipif(not _in_git(), reason="needs git and a git checkout")


def _against(*more: str) -> list[str]:
    return [sys.executable, str(BENCH), "--against", "HEAD", "--records", "3", *more]


def test_against_head_runs_both_sides_from_their_own_copies() -> None:
    done = subprocess.run(
        _against("--rounds", "1"), capture_output=True, text=True, env=ENV, timeout=60
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    new, old = report["sides"]["new"], report["sides"]["old"]
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    assert new["commit"] == old["commit"] == head
    assert Path(new["imported_from"]).is_relative_to(ROOT)
    assert Path(old["imported_from"]).is_relative_to(report["environment"])
    assert not Path(report["environment"]).exists()
    assert report["rounds"] == 1 and report["notes"] == []
    assert {game: r["generated_by"] for game, r in report["records"].items()} == {
        "whist": "new",
        "bezique": "new",
        "rubicon-bezique": "new",
    }
    rows = {(row["game"], row["phase"]): row for row in report["speed"]}
    assert set(rows) == {(g, p) for g in report["records"] for p in ("parse", "e2e")}
    for row in rows.values():
        assert row["new_records_per_s"] > 0 and row["old_records_per_s"] > 0
        assert row["new_over_old_wall"]["low"] <= row["new_over_old_wall"]["median"]
        assert row["new_over_old_wall"]["median"] <= row["new_over_old_wall"]["high"]
    assert "new/old wall" in done.stderr


def test_stopped_by_sigint_it_removes_its_environment() -> None:
    """SIGINT (Ctrl-C) once the sides are timing: exit 130, the folder and processes gone."""
    run = subprocess.Popen(
        _against("--rounds", "100000"), stderr=subprocess.PIPE, text=True, env=ENV
    )
    assert run.stderr is not None
    folder = run.stderr.readline().split()[-1]
    assert Path(folder).is_dir()
    pids = run.stderr.readline().split("pids")[-1].split(" and ")
    assert all(Path("/proc", pid.strip()).exists() for pid in pids)
    while (line := run.stderr.readline()) and "round" not in line:
        pass
    run.send_signal(signal.SIGINT)
    assert run.wait(timeout=30) == 130
    assert "removed" in run.stderr.read()
    assert not Path(folder).exists()
    assert not any(Path("/proc", pid.strip()).exists() for pid in pids)
