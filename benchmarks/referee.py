"""Benchmark: a record pushed event by event through ``Referee`` against ``adjudicate``.

    python3 benchmarks/referee.py              # 200 whist, 60 Bézique, 30 Rubicon records
    python3 benchmarks/referee.py --scale 0.5  # fewer
    python3 benchmarks/referee.py --record fixtures/whist/clean-rubber.json  # one record

Both start from the same decoded JSON (what a server holds): the batch path is
``adjudicate(parse_record(record))``; the referee's is ``Referee.new(header)``, ``push`` of
each event and ``ruling()`` at the end, timed twice: judged as it goes (``push(event)``,
the judge ruling at each event it rules on) and judged at the end (``push(event,
judge=False)``: the findings of play at each push, the judgement once, in ``ruling()``). Timed a few
records at a time, both ways alternately, the best of a few rounds kept (``bench.paired``'s
method), so the machine's drift hits both alike. Not part of the test suite.

The timed ratios are the measure (best of a few rounds, paired: from run to run they move by
less than a tenth). To see a change of a few per cent, count instructions too
(``perf stat -e instructions:u`` where the machine has the counters; here, valgrind):
``--way WAY --game GAME`` runs one way over the game's records, ``--repeat 2`` twice; the
difference of the two counts is one warm pass of that way, with the one-off costs of the
first (imports, the catalogue, the validators' caches) taken off. Counted once and less the
count of ``--way none`` (which only makes the records), those one-off costs stay in both
ways and pull every ratio towards 1: whist's push read 1.49x so where a warm pass gives
1.58x. ``--record PATH``: one record read from a JSON file instead, as
``fixtures/whist/clean-rubber.json``::

    for way in batch pushed played; do for repeat in 1 2; do
      valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        python3 benchmarks/referee.py --way $way --game bezique --repeat $repeat 2>&1 \
        | grep 'I *refs'
    done; done

Instructions are not time: a push runs fewer of them a cycle than the batch path (whist
1.58x in instructions, about 1.9x timed).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adjudicator import Referee, adjudicate, parse_record
from adjudicator.simulate import records

GAMES = {"whist": 200, "bezique": 60, "rubicon-bezique": 30}


def batch(record: dict[str, Any]) -> object:
    return adjudicate(parse_record(record))


def pushed(record: dict[str, Any], judge: bool = True) -> object:
    referee = Referee.new({k: v for k, v in record.items() if k != "events"})
    for event in record["events"]:
        referee.push(event, judge=judge)
    return referee.ruling()


def played(record: dict[str, Any]) -> object:
    """The findings of play at each push, the judgement once at the end (``judge=False``)."""
    return pushed(record, judge=False)


WAYS: dict[str, Callable[[dict[str, Any]], object]] = {
    "batch": batch,
    "pushed": pushed,
    "played": played,
}


def best(function: Callable[[dict[str, Any]], object], part: list[dict[str, Any]]) -> float:
    start = time.perf_counter()
    for record in part:
        function(record)
    return time.perf_counter() - start


def paired(data: list[dict[str, Any]], chunk: int = 10, rounds: int = 5) -> list[float]:
    """Seconds for the batch path, the referee judging at each push it rules on, and the
    referee judging at the end only, over all of ``data``."""
    ways = (batch, pushed, played)
    totals = [0.0] * len(ways)
    for start in range(0, len(data), chunk):
        part = data[start : start + chunk]
        fastest = [float("inf")] * len(ways)
        for _ in range(rounds):
            for number, way in enumerate(ways):
                fastest[number] = min(fastest[number], best(way, part))
        totals = [t + f for t, f in zip(totals, fastest, strict=True)]
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--way", choices=["none", *WAYS], help="run one way once, untimed")
    parser.add_argument("--game", choices=list(GAMES), default="whist")
    parser.add_argument(
        "--record", type=Path, help="this record (JSON), not simulated ones (timed: twenty times)"
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="with --way: go over the records this many times"
    )
    args = parser.parse_args()
    if args.way is not None:
        if args.record is not None:
            data = [json.loads(args.record.read_text(encoding="utf-8"))]
        else:
            data = list(records(args.game, max(1, int(GAMES[args.game] * args.scale)), seed=1))
        for _ in range(args.repeat if args.way != "none" else 0):
            for record in data:
                WAYS[args.way](record)
        return
    if args.record is not None:  # one record, timed as twenty
        record = json.loads(args.record.read_text(encoding="utf-8"))
        games = [(args.record.name, [record] * 20, 5)]
    else:
        games = [
            (game, list(records(game, max(1, int(count * args.scale)), seed=1)), 10)
            for game, count in GAMES.items()
        ]
    for game, data, chunk in games:
        events = sum(len(r["events"]) for r in data) / len(data)
        b, p, q = paired(data, chunk)
        print(
            f"{game:16} {len(data):4} records, {events:4.0f} events each: batch"
            f" {b / len(data) * 1e3:5.2f} ms; pushed, judged as it goes"
            f" {p / len(data) * 1e3:5.2f} ms ({p / b:.2f}x); pushed, judged at the end"
            f" {q / len(data) * 1e3:5.2f} ms ({q / b:.2f}x)"
        )


if __name__ == "__main__":
    main()
