"""Benchmark: end to end (parse -> replay -> ruling) against parsing alone, in one run.

    python3 benchmarks/bench.py                 # speed per game and the --jobs speed-up
    python3 benchmarks/bench.py --stream 1000000  # also peak memory streaming whist records
    python3 benchmarks/bench.py --instructions    # also the ratio in instructions (valgrind)
    python3 benchmarks/bench.py --against d437c35 # this checkout against a commit, side by side

Records are simulated (``adjudicator.simulate``) before any timing. Parsing alone is the
pydantic validation of the same bytes (``parse_record``); end to end adds ``adjudicate``.
Figures are ratios measured in the same run (chunk by chunk, alternately), so the machine's
speed cancels out. Not part of the test suite.

``--instructions`` counts the instructions executed instead of timing them (valgrind's
callgrind, a few minutes): the same total on every run, whatever the machine is doing, so a
change of a few per cent can be seen on a machine whose speed drifts. Instructions are not
time (interpreted Python does fewer of them per clock cycle than pydantic-core's compiled
parser), so the timed ratio stays the measure of the target.

``--against COMMIT`` runs only the side-by-side comparison of ``against.py`` (see there and
docs/benchmark-against.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from adjudicator import adjudicate, parse_record
from adjudicator.batch import Item, Settings, run
from adjudicator.simulate import records

GAMES = {"whist": 2000, "bezique": 400, "rubicon-bezique": 200}


def simulated(game: str, count: int, seed: int = 1) -> list[bytes]:
    return [json.dumps(r, separators=(",", ":")).encode() for r in records(game, count, seed)]


def timed(function: Callable[[bytes], object], raws: list[bytes], rounds: int = 3) -> float:
    """The best of a few rounds, in seconds for the whole list."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for raw in raws:
            function(raw)
        best = min(best, time.perf_counter() - start)
    return best


def paired(raws: list[bytes], chunk: int = 25, rounds: int = 5) -> tuple[float, float]:
    """Seconds for parsing alone and for end to end over all ``raws``.

    The records are taken a small chunk at a time, and each chunk is timed ``rounds`` times
    both ways, alternately; the best of each is kept and the chunks are summed. So both
    figures are measured within the same fraction of a second, and a drift in the machine's
    speed (seen here up to a factor of two within minutes) hits both alike.
    """
    parse = end_to_end = 0.0
    for start in range(0, len(raws), chunk):
        part = raws[start : start + chunk]
        best_parse = best_e2e = float("inf")
        for _ in range(rounds):
            best_parse = min(best_parse, timed(parse_record, part, rounds=1))
            best_e2e = min(
                best_e2e, timed(lambda raw: adjudicate(parse_record(raw)), part, rounds=1)
            )
        parse += best_parse
        end_to_end += best_e2e
    return parse, end_to_end


def speed(scale: float, each: int | None = None) -> list[dict[str, object]]:
    rows = []
    for game, count in GAMES.items():
        raws = simulated(game, each or max(20, int(count * scale)))
        events = sum(len(json.loads(r)["events"]) for r in raws)
        for raw in raws[:5]:  # warm up the caches (catalogue, resolved options)
            adjudicate(parse_record(raw))
        parse, end_to_end = paired(raws)
        rows.append(
            {
                "game": game,
                "records": len(raws),
                "events_per_record": round(events / len(raws), 1),
                "parse_records_per_s": round(len(raws) / parse),
                "e2e_records_per_s": round(len(raws) / end_to_end),
                "e2e_events_per_s": round(events / end_to_end),
                "e2e_over_parse": round(end_to_end / parse, 2),
            }
        )
    return rows


def jobs_speedup(count: int) -> dict[str, object]:
    raws = simulated("whist", count, seed=2)
    items = [Item(f"r{i}", raw) for i, raw in enumerate(raws)]
    seconds = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        for _ in run(iter(items), Settings("jsonl"), jobs):
            pass
        seconds[jobs] = time.perf_counter() - start
    return {
        "records": count,
        "jobs1_s": round(seconds[1], 2),
        "jobs2_s": round(seconds[2], 2),
        "speedup": round(seconds[1] / seconds[2], 2),
        "cores": os.cpu_count(),
        "machine_parallelism": machine_parallelism(),
    }


def python_loop_ns(n: int = 2_000_000) -> float:
    """Nanoseconds per iteration of a plain Python loop (best of five): how fast this machine
    runs Python, so that absolute figures from different machines can be compared."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        _spin(n)
        best = min(best, time.perf_counter() - start)
    return round(best / n * 1e9, 1)


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_parallelism() -> float:
    """What two processes of pure CPU work gain over one on this machine: the ceiling for
    any --jobs 2 speed-up (a machine whose two cores share one core's time gives about 1)."""
    import multiprocessing

    work = [2_000_000] * 8
    start = time.perf_counter()
    for n in work:
        _spin(n)
    one = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(2) as pool:
        start = time.perf_counter()
        pool.map(_spin, work)
        two = time.perf_counter() - start
    return round(one / two, 2)


def stream_memory(count: int) -> dict[str, object]:
    """Peak RSS of ``adjudicator check - --format jsonl --jobs 1`` fed ``count`` whist records
    (a pool of 1000 simulated records, repeated), output discarded."""
    pool = simulated("whist", 1000, seed=3)

    def lines() -> Iterator[bytes]:
        for i in range(count):
            yield pool[i % len(pool)] + b"\n"

    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "adjudicator",
            "check",
            "-",
            "--format",
            "jsonl",
            "--jobs",
            "1",
            "--no-progress",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    start = time.perf_counter()
    assert child.stdin is not None
    for line in lines():
        child.stdin.write(line)
    child.stdin.close()
    child.wait()
    elapsed = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "records": count,
        "peak_rss_mb": round(peak_kib / 1024, 1),
        "seconds": round(elapsed, 1),
        "records_per_s": round(count / elapsed),
    }


#: Records per game for ``--instructions`` (each record is run once, under valgrind).
COUNTED = {"whist": 100, "bezique": 20, "rubicon-bezique": 15}
MODES = ("base", "parse", "e2e")


def count_child(mode: str, path: str) -> None:
    """Run under valgrind: read the records and rule on them all once (so every lazy cache
    is warm), then do ``mode`` once more. ``base`` stops before that pass, so its count is
    subtracted and what remains is the steady state of parsing or of end to end."""
    raws = Path(path).read_bytes().splitlines()
    for raw in raws:
        adjudicate(parse_record(raw))
    for raw in raws if mode != "base" else ():
        record = parse_record(raw)
        if mode == "e2e":
            adjudicate(record)


def _instructions(mode: str, path: str) -> int:
    result = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--count-child",
            mode,
            path,
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    found = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{result.stderr[-2000:]}")
    return int(found.group(1))


def instructions() -> list[dict[str, object]] | str:
    """Instructions per record, parsing alone and end to end, and their ratio."""
    if shutil.which("valgrind") is None:
        return "valgrind not found"
    rows = []
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(os.cpu_count()) as pool:
        for game, count in COUNTED.items():
            path = Path(folder, f"{game}.jsonl")
            path.write_bytes(b"\n".join(simulated(game, count)))
            base, parse, e2e = pool.map(_instructions, MODES, [str(path)] * len(MODES))
            rows.append(
                {
                    "game": game,
                    "records": count,
                    "parse_instructions_per_record": (parse - base) // count,
                    "e2e_instructions_per_record": (e2e - base) // count,
                    "e2e_over_parse": round((e2e - base) / (parse - base), 2),
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="more or fewer records per game")
    parser.add_argument("--records", type=int, help="this many records of each game (not --scale)")
    parser.add_argument("--jobs-records", type=int, default=4000)
    parser.add_argument("--stream", type=int, default=0, help="whist records to stream (0: skip)")
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    parser.add_argument(
        "--against",
        metavar="COMMIT",
        help="time this checkout and COMMIT side by side on the same records (nothing else)",
    )
    parser.add_argument(
        "--rounds", type=int, default=16, help="rounds of --against (default 16; keep it even)"
    )
    parser.add_argument("--count-child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count_child:
        count_child(*args.count_child)
        return
    if args.against:
        import against

        sys.exit(against.main(args.against, args.rounds, args.scale, args.records))
    report: dict[str, object] = {
        "python_loop_ns_before": python_loop_ns(),
        "speed": speed(args.scale, args.records),
        "python_loop_ns_after": python_loop_ns(),
        "jobs": jobs_speedup(args.jobs_records),
    }
    if args.stream:
        report["stream"] = stream_memory(args.stream)
    if args.instructions:
        report["instructions"] = instructions()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
