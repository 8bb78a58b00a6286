"""Golden rulings for Bézique and Rubicon: each fixture against its hand-derived expectation
(``fixtures/<game>/expected/<stem>.toml``) and against its JSON and text snapshots."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.conftest import FIXTURES, ruling_of
from tests.ruling.test_agreed_results import check_agreed_results

RECORDS = sorted((FIXTURES / "bezique").glob("*.json")) + sorted(
    (FIXTURES / "rubicon-bezique").glob("*.json")
)
IDS = [f"{p.parent.name}--{p.stem}" for p in RECORDS]


def expected_of(path: Path) -> dict:
    return tomllib.loads((path.parent / "expected" / f"{path.stem}.toml").read_text("utf-8"))


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_the_ruling_finds_exactly_the_hand_derived_findings(path: Path) -> None:
    ruling = ruling_of(path)
    found = [[f.rule, f.severity, f.event] for f in ruling.findings]
    assert found == expected_of(path)["findings"]


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_the_corrected_result_is_the_hand_derived_one(path: Path) -> None:
    want = expected_of(path)["corrected"]
    check_agreed_results(path, ruling_of(path))  # (every result agreed, in the ruling)
    corrected = ruling_of(path).result.corrected.model_dump()
    if path.parent.name == "rubicon-bezique":
        games = [{"winner": None, "indeterminate": False, **g} for g in want["games"]]
        assert corrected["games"] == games
    else:
        declined = want.get("if_declined")  # Foster's addition declined (BEZ-SCORE-5)
        assert corrected == {
            "score": want["score"],
            "winner": want.get("winner"),
            "indeterminate": want.get("indeterminate", False),
            **({"if_declined": {"winner": None, **declined}} if declined else {}),
        }


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_what_cannot_be_decided_is_the_hand_derived_list(path: Path) -> None:
    """Issue 11: a fragment's ``undetermined`` items (rule, and event where one arises); a
    complete record has none."""
    ruling = ruling_of(path)
    found = [
        {"rule": u.rule, **({"event": u.event} if u.event is not None else {})}
        for u in ruling.undetermined
    ]
    assert found == expected_of(path).get("undetermined", [])


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_ruling_json(path: Path, ruling_full_snapshot: SnapshotAssertion) -> None:
    assert ruling_of(path) == ruling_full_snapshot


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_ruling_compact(path: Path, ruling_snapshot: SnapshotAssertion) -> None:
    """The compact snapshot another project would keep: decision, findings, result."""
    assert ruling_of(path) == ruling_snapshot


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_decision(path: Path, ruling_text_snapshot: SnapshotAssertion) -> None:
    """The decision as a director announces it, one sentence a line with its rule IDs."""
    decision = ruling_of(path).decision
    assert decision, "every ruling has a decision"
    text = "\n".join(f"{s.text} [{', '.join(s.rules)}]" if s.rules else s.text for s in decision)
    assert text + "\n" == ruling_text_snapshot


@pytest.mark.parametrize("path", RECORDS, ids=IDS)
def test_ruling_text(path: Path, ruling_text_snapshot: SnapshotAssertion) -> None:
    assert ruling_of(path) == ruling_text_snapshot


@pytest.mark.parametrize("game", ["bezique", "rubicon-bezique"])
def test_every_fixture_has_an_expectation(game: str) -> None:
    folder = FIXTURES / game
    stems = {p.stem for p in folder.glob("*.json")}
    assert stems == {p.stem for p in (folder / "expected").glob("*.toml")}
    assert len(stems) >= 12
