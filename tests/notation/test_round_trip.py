"""Conversion without loss: every record of fixtures/ and of the simulator goes to HRN and back
to the identical record (as data, in its canonical form), and the text comes back unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.notation import canonical_record, format_json, read_notation, write_notation
from adjudicator.simulate import records
from adjudicator.simulate.bezique_inject import INJECTIONS as BEZIQUE_KINDS
from adjudicator.simulate.whist import INJECTIONS as WHIST_KINDS
from tests.conftest import FIXTURES

RECORDS = sorted(p for p in FIXTURES.rglob("*.json") if "expected" not in p.parts)
KINDS = [("whist", kind) for kind in (None, *WHIST_KINDS)] + [
    (game, kind) for game in ("bezique", "rubicon-bezique") for kind in (None, *BEZIQUE_KINDS)
]


def assert_round_trip(record: dict[str, Any]) -> None:
    canonical = canonical_record(record)
    text = write_notation(canonical)
    assert read_notation(text).data == canonical
    assert write_notation(read_notation(text).data) == text
    assert json.loads(format_json(canonical)) == canonical


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_fixture_converts_to_text_and_back_to_the_same_record(path: Path) -> None:
    assert_round_trip(json.loads(path.read_text("utf-8-sig")))


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=lambda v: str(v))
def test_every_simulated_game_and_injected_kind_converts_to_text_and_back(
    game: str, kind: str | None
) -> None:
    for record in records(game, 2, 11, kind):
        assert_round_trip(record)


@settings(derandomize=True, max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(KINDS))
def test_simulated_records_of_any_seed_convert_without_loss(
    seed: int, game_kind: tuple[str, str | None]
) -> None:
    game, kind = game_kind
    for record in records(game, 1, seed, kind):
        assert_round_trip(record)


def test_draws_the_rule_would_get_wrong_are_written_out() -> None:
    """A missed draw, a draw out of turn and a draw of a card not on top survive the trip."""
    record = next(records("bezique", 1, 3))
    events = record["events"]
    draws = [i for i, e in enumerate(events) if e["type"] == "draw"]
    events[draws[0]], events[draws[1]] = events[draws[1]], events[draws[0]]  # loser first
    del events[draws[4] : draws[4] + 2]  # both draws missed after a trick
    stock = iter(events[0]["stock"])
    for event in events:  # each draw takes the top card, as the record of the table would say
        if event["type"] == "draw":
            event["card"] = next(stock)
    text = write_notation(canonical_record(record))
    assert "no-draw" in text
    assert text.count("\ndraw ") == 2
    assert_round_trip(record)


def test_odd_values_survive_the_trip() -> None:
    """Notes with quotes and hashes, meta values that look like numbers, a lenient card."""
    record = json.loads((FIXTURES / "whist" / "revoke-penalty-tricks.json").read_text("utf-8"))
    record["meta"] = {"table": "9", "flag": "true", "hash": "#1 board", "empty": ""}
    record["players"]["N"] = 'Agnes "Nan" Bell'
    record["events"][1]["note"] = "led # out of turn? no; 12\u2028\x85\r\n\ttab"
    record["events"][2]["note"] = "12"
    record["events"][5]["card"] = record["events"][5]["card"].lower().replace("10", "t")
    record["rules"] = {"code": "english-1864", "revoker_cap": 4, "honours_counted": False}
    canonical = canonical_record(record)
    assert_round_trip(canonical)
