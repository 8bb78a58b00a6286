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
from tests.conftest import FIXTURES, ruling_of
from tests.ruling.test_agreed_results import check_agreed_results

WHIST = sorted((FIXTURES / "whist").glob("*.json"))


def expected_of(path: Path) -> dict:
    return tomllib.loads((path.parent / "expected" / f"{path.stem}.toml").read_text("utf-8"))


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_the_ruling_finds_exactly_the_hand_derived_findings(path: Path) -> None:
    expected = expected_of(path)
    ruling = ruling_of(path)
    assert [[f.rule, f.severity, f.event] for f in ruling.findings] == expected["findings"]


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_the_corrected_result_is_the_hand_derived_one(path: Path) -> None:
    want = expected_of(path)["corrected"]
    check_agreed_results(path, ruling_of(path))  # (every result agreed, in the ruling)
    corrected = ruling_of(path).result.corrected
    assert corrected.score == want["score"]
    assert [g.model_dump() for g in corrected.games] == want.get("games", [])
    rubber = corrected.rubber.model_dump() if corrected.rubber else None
    assert rubber == want.get("rubber")
    assert corrected.new_rubber == want.get("new_rubber", False)
    assert corrected.indeterminate == want.get("indeterminate", False)  # type: ignore[union-attr]


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_what_cannot_be_decided_is_the_hand_derived_list(path: Path) -> None:
    """Issue 11: a fragment's ``undetermined`` items; a complete record has none."""
    ruling = ruling_of(path)
    found = [
        {"rule": u.rule, **({"event": u.event} if u.event is not None else {})}
        for u in ruling.undetermined
    ]
    assert found == expected_of(path).get("undetermined", [])


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_ruling_json(path: Path, ruling_full_snapshot: SnapshotAssertion) -> None:
    assert ruling_of(path) == ruling_full_snapshot


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_ruling_compact(path: Path, ruling_snapshot: SnapshotAssertion) -> None:
    """The compact snapshot another project would keep: decision, findings, result."""
    assert ruling_of(path) == ruling_snapshot


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_decision(path: Path, ruling_text_snapshot: SnapshotAssertion) -> None:
    """The decision as a director announces it, one sentence a line with its rule IDs."""
    decision = ruling_of(path).decision
    assert decision, "every ruling has a decision"
    text = "\n".join(f"{s.text} [{', '.join(s.rules)}]" if s.rules else s.text for s in decision)
    assert text + "\n" == ruling_text_snapshot


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_ruling_text(path: Path, ruling_text_snapshot: SnapshotAssertion) -> None:
    assert ruling_of(path) == ruling_text_snapshot


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


def test_a_claim_made_during_the_next_deal_is_late_for_the_deal_before() -> None:
    """WHIST-REVOKE-7: revoke-unclaimed, then the next deal (taken from the clean rubber, dealt
    by the next dealer) during which the adversaries claim the earlier revoke without naming its
    event: it is late for deal 1, not an unfounded claim about deal 2."""
    import json

    from adjudicator import parse_record
    from adjudicator.seats import left_of

    first = json.loads((FIXTURES / "whist" / "revoke-unclaimed.json").read_text("utf-8-sig"))
    rubber = json.loads((FIXTURES / "whist" / "clean-rubber.json").read_text("utf-8-sig"))
    dealer = left_of(first["events"][0]["dealer"])
    starts = [i for i, e in enumerate(rubber["events"]) if e["type"] == "deal"]
    start = next(i for i in starts if rubber["events"][i]["dealer"] == dealer)
    block = rubber["events"][start : start + 53]  # the deal and its 52 plays
    revoke = adjudicate(parse_record(first)).findings[0]
    claim = {
        "type": "claim",
        "kind": "revoke",
        "by": "NS" if revoke.seat in "EW" else "EW",
        "against": revoke.seat,
        "trick": revoke.trick,
    }
    events = first["events"] + [block[0], claim] + block[1:]
    ruling = adjudicate(parse_record(dict(first, events=events)))
    claim_at = len(first["events"]) + 1
    found = [(f.rule, f.severity, f.event) for f in ruling.findings]
    assert ("WHIST-REVOKE-7", "violation", claim_at) in found
    assert not any(f.rule == "WHIST-REVOKE-6" for f in ruling.findings)
