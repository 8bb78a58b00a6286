"""The command line as a process: real signals, a worker killed, a closed pipe. Every run
has a timeout, so the suite can never hang; each test takes a second or two."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.cli.exits import Signals
from adjudicator.workers import Interrupted
from tests.conftest import FIXTURES, ROOT

LIMIT = 20  # seconds: a run that takes longer has hung


def _archive(folder: Path, records: int) -> Path:
    """Some ``records`` whist records: the fixtures over and over (their number grows with
    the project, so the count, not the copies, is fixed)."""
    lines = [
        json.dumps(json.loads(p.read_text("utf-8-sig")), separators=(",", ":"))
        for p in sorted((FIXTURES / "whist").glob("*.json"))
    ]
    copies = max(1, records // len(lines))
    path = folder / f"whist-{copies}.jsonl"
    path.write_text("\n".join(lines * copies) + "\n", "utf-8")
    return path


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive long enough to be stopped in the middle (some 15,000 whist records)."""
    return _archive(tmp_path_factory.mktemp("archive"), 15_000)


@pytest.fixture(scope="module")
def shorter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive judged whole in a second or two (some 1,500 records)."""
    return _archive(tmp_path_factory.mktemp("archive"), 1_500)


def count(path: Path) -> int:
    return len(path.read_bytes().splitlines())


def start(*args: str, out: Path, err: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with out.open("wb") as stdout, err.open("wb") as stderr:
        return subprocess.Popen(
            [sys.executable, "-m", "adjudicator", *args],
            stdout=stdout,
            stderr=stderr,
            stdin=subprocess.DEVNULL,
            env=env,
            cwd=ROOT,
        )


def wait_for_output(path: Path, process: subprocess.Popen[bytes]) -> None:
    """Until the run has written something (so it is judging), or has ended."""
    deadline = time.monotonic() + LIMIT
    while path.stat().st_size < 10_000 and process.poll() is None:
        assert time.monotonic() < deadline, "the run wrote nothing"
        time.sleep(0.02)


def children_of(pid: int) -> list[str]:
    """The worker processes of ``pid`` (Linux's /proc: no pgrep needed)."""
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    ("jobs", "signum", "status"),
    [
        ("1", signal.SIGINT, 130),
        ("2", signal.SIGINT, 130),
        ("1", signal.SIGTERM, 143),
        ("2", signal.SIGTERM, 143),
    ],
)
def test_a_signal_stops_the_run_with_whole_output_and_no_traceback(
    archive: Path, tmp_path: Path, jobs: str, signum: int, status: int
) -> None:
    before = sha(archive)
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    summary = tmp_path / "summary.json"
    process = start(
        "check",
        str(archive),
        "-f",
        "jsonl",
        "-j",
        jobs,
        "--summary",
        str(summary),
        out=out,
        err=err,
    )
    wait_for_output(out, process)
    process.send_signal(signum)
    sent = time.monotonic()
    assert process.wait(LIMIT) == status, err.read_text("utf-8")[-3000:]
    assert time.monotonic() - sent < 2.5
    stderr = err.read_text("utf-8")
    assert "Traceback" not in stderr
    lines = out.read_text("utf-8").splitlines()
    assert all(json.loads(line)["ruling"] for line in lines)  # never half a line
    name = signal.Signals(signum).name
    assert f"stopped by {name}: {len(lines)} records judged" in stderr
    assert 0 < len(lines) < count(archive)
    counted = json.loads(summary.read_text("utf-8"))
    assert counted["records"] == len(lines) and counted["stopped_by"] == name
    assert sha(archive) == before


def test_a_killed_worker_is_reported_with_its_records_and_the_run_goes_on(
    shorter: Path, tmp_path: Path
) -> None:
    archive = shorter
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    process = start("check", str(archive), "-f", "jsonl", "-j", "2", out=out, err=err)
    wait_for_output(out, process)
    children = children_of(process.pid)
    if not children:
        pytest.skip("the run ended before a worker could be killed")
    os.kill(int(children[0]), signal.SIGKILL)
    assert process.wait(LIMIT) == 2
    stderr = err.read_text("utf-8")
    assert "Traceback" not in stderr
    assert "not judged: the process judging it died (killed by signal 9)" in stderr
    entries = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    lost = [e for e in entries if "message" in e]
    assert 0 < len(lost) <= 2 * 128  # the chunks the worker held (one judged, one waiting)
    assert len(entries) == count(archive)  # records in = records reported
    assert f"records              {count(archive):>8}" in stderr


def test_workers_end_when_their_parent_is_killed(archive: Path, tmp_path: Path) -> None:
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    process = start("check", str(archive), "-f", "jsonl", "-j", "2", out=out, err=err)
    wait_for_output(out, process)
    children = children_of(process.pid)
    assert len(children) == 2
    process.kill()
    process.wait(LIMIT)
    deadline = time.monotonic() + 5
    for pid in map(int, children):
        while Path(f"/proc/{pid}").exists() and "Z" not in _state(pid):
            assert time.monotonic() < deadline, f"worker {pid} outlived its parent"
            time.sleep(0.05)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][:1]
    except OSError:
        return "Z"


def _closed_after_one_line(*args: str) -> tuple[int, bytes]:
    """Run the command, read one line of its output and close the pipe (what `| head -1`
    does): its exit status and what it wrote on stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "adjudicator", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    return process.wait(LIMIT), process.stderr.read()


def test_a_closed_pipe_ends_the_run_quietly_with_141(archive: Path) -> None:
    assert _closed_after_one_line("check", str(archive), "-f", "jsonl", "-j", "2") == (141, b"")


def test_output_is_the_same_across_hash_seeds_and_jobs(tmp_path: Path) -> None:
    outputs = set()
    for seed, jobs in (("0", "1"), ("1", "2"), ("random", "2")):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "adjudicator",
                "check",
                str(FIXTURES),
                "-f",
                "jsonl",
                "-j",
                jobs,
            ],
            capture_output=True,
            env=env,
            cwd=ROOT,
            timeout=LIMIT,
            check=False,
        )
        assert result.returncode == 1 and result.stdout
        outputs.add(result.stdout)
    assert len(outputs) == 1


def test_simulate_into_a_closed_pipe_stops_quietly_with_141() -> None:
    assert _closed_after_one_line("simulate", "whist", "--count", "100000") == (141, b"")


@pytest.mark.parametrize(
    "command",
    [
        ["schema", "record"],
        ["rules"],
        ["explain", "WHIST-REVOKE-1"],
        ["value", "whist", "NS@3", "EW@0", "NS@4"],
        ["convert", "fixtures/whist/clean-rubber.json", "--to", "text"],
        ["check", "fixtures/whist/clean-rubber.json", "-f", "text"],
        ["simulate", "whist", "--count", "1"],
    ],
    ids=lambda command: command[0],
)
def test_every_command_into_a_closed_pipe_ends_quietly_with_141(command: list[str]) -> None:
    """The pipe's reader is gone before the first write (``| true``): every command, however
    little it writes, ends with 141 and nothing on stderr (click's own handling exits 1)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "adjudicator", *command],
            stdout=writer,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
            timeout=LIMIT,
            check=False,
        )
    finally:
        os.close(writer)
    assert (result.returncode, result.stderr) == (141, b"")


# Issue 20: a stop is honoured within a second whatever is running --------------------------


def _sig_caught(pid: int, signum: int) -> bool:
    """Whether the process has its own handler for ``signum`` (Linux's /proc status)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except OSError:
        pass
    return False


@pytest.mark.parametrize(
    ("args", "signum", "status"),
    [
        (["-"], signal.SIGINT, 130),
        (["-"], signal.SIGTERM, 143),
        (["-", str(FIXTURES / "whist" / "clean-rubber.json"), "-j", "1"], signal.SIGINT, 130),
        (["-", str(FIXTURES / "whist" / "clean-rubber.json"), "-j", "2"], signal.SIGTERM, 143),
    ],
    ids=["lone-stdin-int", "lone-stdin-term", "jobs-1-int", "jobs-2-term"],
)
def test_a_stop_while_standard_input_says_nothing_ends_at_once(
    tmp_path: Path, args: list[str], signum: int, status: int
) -> None:
    """A lone record on standard input was read before the handlers were in place: the stop
    waited for the writer, and the run then ended 2 ("no records found"), not 130/143."""
    read, write = os.pipe()  # a writer that never writes, nor closes
    err = tmp_path / "err.txt"
    with err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "adjudicator", "check", *args],
            stdin=read,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
        )
    try:
        deadline = time.monotonic() + LIMIT
        while not _sig_caught(process.pid, signal.SIGTERM):  # our handlers are in place
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.02)
        time.sleep(0.5)  # into the read
        process.send_signal(signum)
        sent = time.monotonic()
        assert process.wait(LIMIT) == status
        assert time.monotonic() - sent < 1.5
    finally:
        os.close(read)
        os.close(write)
        if process.poll() is None:
            process.kill()
    assert "Traceback" not in err.read_text("utf-8")


def test_ctrl_c_while_the_command_starts_ends_quietly_with_130() -> None:
    """Ctrl-C while the modules loaded printed a Python traceback. Importing the package now
    loads nothing heavy, and the command's handlers are in place before the CLI and its
    libraries are imported: a SIGINT then ends it with 130, no traceback."""
    probe = """
import signal, sys
import adjudicator
assert "pydantic" not in sys.modules and "typer" not in sys.modules, "heavy at import"
import adjudicator.launch as launch
seen = []
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "adjudicator.cli":
            seen.append(signal.getsignal(signal.SIGINT) is launch._quit)
            seen.append(signal.getsignal(signal.SIGTERM) is launch._quit)
            signal.raise_signal(signal.SIGINT)  # Ctrl-C now, while the CLI loads
        return None
sys.meta_path.insert(0, Watch())
sys.argv = ["adjudicator", "rules"]
launch.main()
"""
    process = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        timeout=LIMIT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    assert process.returncode == 130, process.stderr.decode()
    assert process.stderr == b"" and process.stdout == b""


def test_a_signal_while_one_long_record_is_judged_stops_it_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With --jobs 1 or a single record the stop waited for the record (12-20 s on the
    slowest); judging now happens inside the window where a signal stops it."""
    import threading

    from adjudicator import batch
    from adjudicator.cli.exits import Signals
    from adjudicator.workers import Stopped

    def slow(item: batch.Item, settings: batch.Settings) -> batch.Outcome:
        end = time.monotonic() + 30
        while time.monotonic() < end:  # a record that takes thirty seconds
            pass
        raise AssertionError("not stopped")

    monkeypatch.setattr(batch, "judge_item", slow)
    items = [batch.Item("slow.json", b"{}")]
    with Signals() as signals:
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        started = time.monotonic()
        with pytest.raises(Stopped):
            list(batch.run(items, batch.Settings(), 1, signals.stopping, signals.window))
        timer.join()
    assert time.monotonic() - started < 2
    assert signals.received == signal.SIGINT


def _writing(pid: int, folder: Path) -> bool:
    """Whether the process holds a file of ``folder`` open other than its stdout and stderr:
    the output it writes, once the first record is judged (Linux's /proc)."""
    try:
        names = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
    except OSError:
        return False
    ours = (str(folder / "stdout.txt"), str(folder / "err.txt"))
    return any(name.startswith(str(folder)) and name not in ours for name in names)


def test_a_stopped_run_leaves_the_previous_output_whole_and_no_temporary_file(
    archive: Path, tmp_path: Path
) -> None:
    """A stopped run's partial file replaced the whole one; SIGKILL left ``.NAME.tmp``."""
    out = tmp_path / "rulings.jsonl"
    out.write_text("the previous complete run\n", "utf-8")
    for signum in (signal.SIGINT, signal.SIGKILL):
        process = start(
            "check",
            str(archive),
            "-f",
            "jsonl",
            "-j",
            "1",
            "-o",
            str(out),
            out=tmp_path / "stdout.txt",
            err=tmp_path / "err.txt",
        )
        deadline = time.monotonic() + LIMIT
        while not _writing(process.pid, tmp_path):  # its output file (nameless) is open
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.02)
        process.send_signal(signum)
        process.wait(LIMIT)
        assert out.read_text("utf-8") == "the previous complete run\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "err.txt",
            "rulings.jsonl",
            "stdout.txt",
        ]


def test_a_stop_raised_inside_the_json_serialiser_is_the_stop_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A signal that lands while pydantic-core serialises a ruling raises ``Interrupted``
    there, and pydantic-core hands it back wrapped in its own error: the run must stop as
    for any signal (143, 130), not end in a traceback with 1 (seen once in CI's suite)."""
    from pydantic_core import PydanticSerializationError

    from adjudicator import batch, load_record
    from adjudicator.ruling.build import adjudicate
    from adjudicator.workers import Interrupted

    def interrupted(ruling: object, source: str) -> str:
        raise PydanticSerializationError("Error serializing to JSON: Interrupted: ")

    monkeypatch.setitem(batch.RENDERERS, "jsonl", interrupted)
    ruling = adjudicate(load_record(FIXTURES / "whist" / "clean-rubber.json"))
    settings = batch.Settings(fmt="jsonl")
    with pytest.raises(Interrupted):
        batch._ruled("x.json", ruling, settings)

    def broken(ruling: object, source: str) -> str:
        raise PydanticSerializationError("Error serializing to JSON: something else")

    monkeypatch.setitem(batch.RENDERERS, "jsonl", broken)
    with pytest.raises(PydanticSerializationError):
        batch._ruled("x.json", ruling, settings)


def test_a_signal_caught_where_python_cannot_raise_prints_no_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A signal's ``Interrupted`` raised inside a finaliser cannot propagate: Python would
    print "Exception ignored in ..." with a traceback. The run has the signal in its flag
    and stops at its next look, so the hook drops it; any other such error goes on to the
    hook that was there before, which is put back at the end."""
    reported: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: reported.append(u.exc_value))
    before = sys.unraisablehook

    class Finalised:
        def __init__(self, error: BaseException) -> None:
            self.error = error

        def __del__(self) -> None:
            raise self.error

    with Signals() as signals:
        signals.received = signal.SIGINT  # as ``_raise`` sets it before raising
        Finalised(Interrupted())  # dropped at once: its ``__del__`` raises
        Finalised(ValueError("a finaliser's own error"))
    assert [type(e) for e in reported] == [ValueError]
    assert sys.unraisablehook is before
