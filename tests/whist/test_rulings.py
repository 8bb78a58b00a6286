"""Golden rulings: every whist fixture against its hand-derived expectation and its snapshots.

``fixtures/whist/expected/<stem>.toml`` holds the findings (rule, severity, event) and the
corrected result worked out by hand from the digest; the snapshots hold the whole ruling
(JSON, and the text a director reads). Both must agree with the code.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator import adjudicate, load_record
from tests.conftest import FIXTURES

WHIST = sorted((FIXTURES / "whist").glob("*.json"))


def expected_of(path: Path) -> dict:
    return tomllib.loads((path.parent / "expected" / f"{path.stem}.toml").read_text("utf-8"))


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_the_ruling_finds_exactly_the_hand_derived_findings(path: Path) -> None:
    expected = expected_of(path)
    ruling = adjudicate(load_record(path))
    assert [[f.rule, f.severity, f.event] for f in ruling.findings] == expected["findings"]


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_the_corrected_result_is_the_hand_derived_one(path: Path) -> None:
    want = expected_of(path)["corrected"]
    corrected = adjudicate(load_record(path)).result.corrected
    assert corrected.score == want["score"]
    assert [g.model_dump() for g in corrected.games] == want.get("games", [])
    rubber = corrected.rubber.model_dump() if corrected.rubber else None
    assert rubber == want.get("rubber")


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_ruling_json(path: Path, ruling_snapshot: SnapshotAssertion) -> None:
    assert adjudicate(load_record(path)) == ruling_snapshot


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_ruling_text(path: Path, ruling_text_snapshot: SnapshotAssertion) -> None:
    assert adjudicate(load_record(path)) == ruling_text_snapshot


def test_every_fixture_has_an_expectation() -> None:
    stems = {p.stem for p in WHIST}
    expectations = {p.stem for p in (FIXTURES / "whist" / "expected").glob("*.toml")}
    assert stems == expectations
    assert len(stems) >= 15


def test_the_state_after_every_event_can_be_inspected() -> None:
    """python-chess style: after each event the table is there to query."""
    from adjudicator.games.whist import iter_states, resolve

    record = load_record(FIXTURES / "whist" / "honours-claimed.json")
    seen = []
    for index, state in iter_states(record, resolve(record.rules)):
        if index in (0, 1, 4):
            seen.append((index, state.expected_seat(), sum(len(h) for h in state.hands.values())))
    dealer = record.events[0].dealer  # type: ignore[union-attr]
    eldest = "NESW"[("NESW".index(dealer) + 1) % 4]
    assert seen[0] == (0, eldest, 52)
    assert seen[1][2] == 51 and seen[2][2] == 48
