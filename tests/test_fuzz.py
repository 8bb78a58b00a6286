"""A seeded fuzz test of the whole path (python-chess fuzz/pgn.py): mutated records of all
three games (events deleted, duplicated, swapped, moved; fields altered, deleted, of the
wrong type) end in a ruling that renders, or in an ``InputError``: never another exception.

At least 10,000 records on every run (``.ci/run``); ``ADJUDICATOR_FUZZ=N`` runs N. Each
record is small (one deal) and mutated by shallow copies, so the suite stays quick.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from adjudicator import InputError, adjudicate, parse_record, render_json, render_text
from tests.conftest import FIXTURES

COUNT = int(os.environ.get("ADJUDICATOR_FUZZ", "10000"))
SEED = 13

#: One-deal records of each game, the fuzz's seeds.
SEEDS = [
    "whist/revoke-no-penalty-choice.json",
    "whist/revoke-two-in-one-hand.json",
    "whist/lead-out-of-turn.json",
    "bezique/clean-deal.json",
    "bezique/declaration-after-drawing.json",
    "rubicon-bezique/clean-game.json",
    "rubicon-bezique/law50-challenged.json",
]

#: Values put in place of a field: wrong types, edges, hostile text.
VALUES: list[Any] = [
    None, True, 0, 1, -1, 2, 4, 13, 14, 31, 10**9, 10**9 + 1, -(10**12), 2.5, "", "N", "E", "S",
    "W", "A", "B", "NS", "EW", "10H", "AS", "7D", "XS", "th", "tricks", "add", "deduct",
    "waive", "revoke", "marriage", "bezique", "declaration", "hand", "table", "\ud800",
    "a\nb\x1b[2J", "x" * 300, [], [1], ["AS"], {}, {"N": []}, {"x": 1},
]  # fmt: skip


def _load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text("utf-8-sig"))


RECORDS = [_load(name) for name in SEEDS]


def mutate(rng: random.Random, record: dict[str, Any]) -> dict[str, Any]:
    """One to three changes, each a shallow copy of what it touches."""
    record = dict(record)
    events = list(record["events"])
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        if not events:
            break
        at = rng.randrange(len(events))
        if kind == 0:
            del events[at]
        elif kind == 1:
            events.insert(rng.randrange(len(events) + 1), events[at])
        elif kind == 2:
            other = rng.randrange(len(events))
            events[at], events[other] = events[other], events[at]
        elif kind == 3:
            events.insert(rng.randrange(len(events) + 1), events.pop(at))
        elif kind in (4, 5):
            event = dict(events[at])
            key = rng.choice([*event, "ref", "id", "note", "trick", "from"])
            if kind == 5 and key in event and rng.random() < 0.3:
                del event[key]
            elif rng.random() < 0.2 and len(events) > 1:
                event[key] = rng.choice(events).get(key, rng.choice(VALUES))
            else:
                event[key] = rng.choice(VALUES)
            events[at] = event
        elif kind == 6:
            key = rng.choice(["rules", "players", "start", "meta", "game", "format"])
            record[key] = rng.choice(VALUES)
        else:
            part = record.get(rng.choice(["rules", "players", "start"]))
            if isinstance(part, dict) and part:
                changed = dict(part)
                changed[rng.choice(list(changed))] = rng.choice(VALUES)
                record[rng.choice(["rules", "players", "start"])] = changed
    record["events"] = events
    return record


def judged_or_refused(raw: dict[str, Any] | bytes) -> str:
    try:
        ruling = adjudicate(parse_record(raw))
    except InputError as error:
        assert error.message and (error.pointer == "" or error.pointer.startswith("/"))
        return "refused"
    render_json(ruling)
    render_text(ruling)
    return "judged"


def _text(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("part", range(4))
def test_mutated_records_of_every_game_are_judged_or_refused(part: int) -> None:
    """A quarter of the records each, so that a crash names its part and seed."""
    rng = random.Random(SEED * 100 + part)
    outcomes: dict[str, int] = {"judged": 0, "refused": 0}
    for number in range(COUNT // 4 + (part < COUNT % 4)):
        record = mutate(rng, RECORDS[number % len(RECORDS)])
        raw: dict[str, Any] | bytes = record if number % 3 else _text(record)
        try:
            outcomes[judged_or_refused(raw)] += 1
        except AssertionError:
            raise
        except Exception as error:  # pragma: no cover - a crash: keep it as a regression test
            raise AssertionError(
                f"record {number} of part {part} crashed: {error!r}\n{_text(record)[:3000]!r}"
            ) from error
    assert outcomes["judged"] > 0 and outcomes["refused"] > 0
