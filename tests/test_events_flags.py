"""What the validation tells the ruling about a record's events (``record.events.Events``):
whether any event has a note, and which events the decision answers (claims, penalties,
amendments, calls). The ruling trusts these flags instead of looking through every event, so
they must be exactly what a look would find, for every fixture and simulated record, an
escaped key included; a record validated without ``load``'s context says "unknown" and the
ruling looks, with the same result."""

from __future__ import annotations

import json
import pickle
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from adjudicator import adjudicate
from adjudicator.errors import InputError
from adjudicator.record.envelope import RecordAdapter
from adjudicator.record.events import Events
from adjudicator.record.load import parse_record
from adjudicator.ruling import build
from adjudicator.simulate import records

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAMES = ("whist", "bezique", "rubicon-bezique")
ANSWERED = frozenset({"claim", "penalty", "amend", "call"})


def _raws() -> list[bytes]:
    raws = [p.read_bytes() for p in sorted(FIXTURES.glob("*/*.json"))]
    return raws + [
        json.dumps(r, separators=(",", ":")).encode() for g in GAMES for r in records(g, 4, seed=7)
    ]


@cache
def _parsed() -> list[tuple[dict[str, Any], Any]]:
    """Every fixture and a few simulated records, decoded and parsed (once a test process)."""
    out = []
    for raw in _raws():
        try:
            out.append((json.loads(raw), parse_record(raw)))
        except InputError:
            continue  # a fixture of bad input
    return out


def test_the_flags_say_what_the_events_hold() -> None:
    parsed = _parsed()
    noted = answered = 0
    for data, record in parsed:
        events = record.events
        assert isinstance(events, Events)
        notes = any(e.get("note") is not None for e in data["events"])
        types = {e["type"] for e in data["events"]} & ANSWERED
        if events.answered is None:  # validated again in Python (a byte-order mark): unknown
            assert events.notes is None
            continue
        assert events.notes is notes
        assert events.answered == types
        noted += notes
        answered += bool(types)
    assert noted > 5 and answered > 20  # the fixtures have both


def test_the_ruling_is_the_same_with_the_flags_or_a_look() -> None:
    """The notes and disputes the ruling finds from the flags are those a walk finds."""
    for _, record in _parsed():
        looked = list(record.events)  # a plain list: the ruling walks it
        assert build._notes(record.events) == build._notes(looked)
        walked = record.model_copy(update={"events": looked})
        amendments = record.game != "whist"  # (a whist call is no claim: ``Results``)
        assert build._disputes(record, amendments) == build._disputes(walked, amendments)


def test_without_the_context_the_flags_are_unknown() -> None:
    data = next(iter(records("whist", 1, seed=2)))
    data["events"][1]["note"] = "a slow play"
    record = RecordAdapter.validate_python(data)
    assert record.events.notes is None and record.events.answered is None
    assert [n.text for n in adjudicate(record).notes] == ["a slow play"]


def test_a_copy_or_a_pickle_is_a_plain_list() -> None:
    """What is known goes with a copy; the ruling then looks (never a stale flag)."""
    record = parse_record(json.dumps(next(iter(records("bezique", 1, seed=2)))).encode())
    for events in (pickle.loads(pickle.dumps(record)).events, record.model_copy(deep=True).events):
        assert type(events) is list and events == record.events


@pytest.mark.parametrize("key", ["note", "type"])
def test_an_escaped_key_still_sets_the_flags(key: str) -> None:
    """``"\\u006eote"`` is ``"note"``: the validators run all the same."""
    data = next(iter(records("whist", 1, seed=5)))
    data["events"].insert(5, {"type": "claim", "kind": "revoke", "by": "NS", "note": "N"})
    text = json.dumps(data).replace(f'"{key}": ', f'"\\u{ord(key[0]):04x}{key[1:]}": ')
    assert f'"{key}"' not in text and json.loads(text) == data
    events = parse_record(text.encode()).events
    assert events.notes is True and events.answered == {"claim"}


def test_refs_resolved_keep_the_flags() -> None:
    """A ``ref`` by id resolved to an index replaces an event by a copy: the flags stay."""
    data = json.loads((FIXTURES / "whist" / "revoke-penalty-tricks.json").read_text("utf-8-sig"))
    data["events"][10]["id"] = "e-trumps"
    data["events"][53]["ref"] = "e-trumps"
    data["events"][3]["note"] = "quickly"
    events = parse_record(json.dumps(data).encode()).events
    assert events[53].ref == 10  # type: ignore[union-attr]
    assert (
        isinstance(events, Events)
        and events.notes is True
        and events.answered == {"claim", "penalty"}
    )
