"""The reference check's fast path: ``load`` skips ``check_refs`` when no event gives an
``id``, a ``ref`` or a ``carried``, and learns that from the validation context
(``events.Seen.refers``, set by the fields' validators), not from a scan of the text. The flag
must be set for every record that gives one (else a wrong reference would pass unchecked),
an escaped key included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.errors import InputError
from adjudicator.record.envelope import RecordAdapter
from adjudicator.record.events import Seen
from adjudicator.record.load import parse_record
from adjudicator.simulate import records

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAMES = ("whist", "bezique", "rubicon-bezique")


def _gives_a_reference(data: dict[str, object]) -> bool:
    """(A position's ``carried`` is its declarations, not an index: no reference.)"""
    events = data.get("events")
    return isinstance(events, list) and any(
        isinstance(e, dict)
        and (e.get("id") is not None or e.get("ref") is not None or type(e.get("carried")) is int)
        for e in events
    )


def test_the_flag_is_set_exactly_when_an_event_gives_an_id_a_ref_or_a_carried() -> None:
    raws = [p.read_bytes() for p in sorted(FIXTURES.glob("*/*.json"))]
    raws += [
        json.dumps(r, separators=(",", ":")).encode() for g in GAMES for r in records(g, 5, seed=3)
    ]
    referring = 0
    for raw in raws:
        seen = Seen()
        try:
            RecordAdapter.validator.validate_json(raw, context=seen)
        except ValueError:
            continue  # a fixture of bad input
        data = json.loads(raw)
        gives = _gives_a_reference(data)
        referring += gives
        assert seen.refers is gives
        # ``ids``: the id check looks at every event only when one gives an id
        assert seen.ids is any(
            isinstance(e, dict) and e.get("id") is not None for e in data["events"]
        )
    assert referring > 5


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("ref", 999, "there is no event 999"),
        ("carried", 0, "ref must name the position"),
        ("id", "twice", "ids must be unique"),
    ],
)
def test_an_escaped_key_still_sets_the_flag(key: str, value: object, message: str) -> None:
    """``"\\u0072ef"`` is ``"ref"``: no text scan needed, the validator runs all the same."""
    data = next(iter(records("bezique", 1, seed=5)))
    score = {"type": "score", "seat": "A", "for": "declaration", "points": 40, key: value}
    data["events"] += [score, score]  # (twice: an id given twice is refused)
    text = json.dumps(data).replace(f'"{key}": ', f'"\\u{ord(key[0]):04x}{key[1:]}": ')
    assert f'"{key}"' not in text and json.loads(text) == data
    with pytest.raises(InputError, match=message):
        parse_record(text.encode())
