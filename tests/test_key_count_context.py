"""The one-pass key count of ``load`` (``keys_counted(record, nested)``): the deals and
positions that pydantic-core validates append themselves to the context (``events.Seen``),
and the flat events are counted without a second walk to find them. The count must stay
exact for every good record (else a good record is decoded a second time, slowly) and never
larger than the two-pass count (else a repeated key could hide; tests/test_duplicate_keys.py
proves the refusals)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.record.envelope import RecordAdapter
from adjudicator.record.events import NestedEvent, Seen
from adjudicator.record.keys import keys_counted
from adjudicator.simulate import records

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAMES = ("whist", "bezique", "rubicon-bezique")


def _raws() -> list[bytes]:
    raws = [p.read_bytes() for p in sorted(FIXTURES.glob("*/*.json"))]
    raws += [
        json.dumps(r, separators=(",", ":")).encode() for g in GAMES for r in records(g, 5, seed=3)
    ]
    return raws


def test_the_one_pass_count_equals_the_two_pass_count() -> None:
    counted = 0
    for raw in _raws():
        nested = Seen()
        try:
            record = RecordAdapter.validator.validate_json(raw, context=nested)
        except ValueError:
            continue  # a fixture of bad input
        counted += 1
        assert keys_counted(record, nested) == keys_counted(record)
        # only the record's own deals and positions, each once
        deep = [e for e in record.events if isinstance(e, NestedEvent)]
        assert [id(m) for m in nested] == [id(e) for e in deep]
    assert counted > 100


@pytest.mark.parametrize("game", GAMES)
def test_without_the_context_the_deals_keys_are_not_counted_twice(game: str) -> None:
    """A context of another type is ignored: nothing is collected, nothing counted more."""
    raw = json.dumps(next(iter(records(game, 1, seed=5))), separators=(",", ":")).encode()
    other: list[object] = []
    record = RecordAdapter.validator.validate_json(raw, context=other)
    assert other == []
    assert keys_counted(record, Seen()) < keys_counted(record) == raw.count(b":")
