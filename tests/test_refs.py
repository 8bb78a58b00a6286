"""Event ids and references: by index or by id, the same ruling; a reference to nothing or to
an event of the wrong kind is an input error naming ``/events/N/ref``; a forward reference is
for the games to rule on (a finding), as before ids existed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator import InputError, adjudicate, parse_record, render_json
from adjudicator.record.load import validate_record
from adjudicator.record.refs import REF_KINDS
from tests.conftest import FIXTURES

WHIST = FIXTURES / "whist" / "revoke-penalty-tricks.json"  # E renounces at event 10
CARRIED = FIXTURES / "bezique" / "carried-lost.json"  # 25 scores the declare 16


def load(path: Any) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8-sig"))  # type: ignore[no-any-return]


def ruling_of(record: dict[str, Any]) -> str:
    return render_json(adjudicate(parse_record(record)))


def error_of(record: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as caught:
        adjudicate(parse_record(record))
    return caught.value


def test_a_ref_by_id_rules_as_the_same_ref_by_index() -> None:
    record = load(CARRIED)
    by_index = ruling_of(record)
    record["events"][16]["id"] = "royal-marriage.B"
    record["events"][25]["ref"] = "royal-marriage.B"
    assert ruling_of(record) == by_index


def test_an_inserted_event_does_not_shift_a_ref_by_id() -> None:
    record = load(CARRIED)
    by_index = json.loads(ruling_of(record))
    record["events"][16]["id"] = "rm"
    record["events"][25]["ref"] = "rm"
    record["events"].insert(1, {"type": "claim", "by": "A", "kind": "count-brisques"})
    shifted = json.loads(ruling_of(record))
    scored = [(f["rule"], f["severity"]) for f in shifted["findings"] if f["event"] == 26]
    assert scored == [(f["rule"], f["severity"]) for f in by_index["findings"] if f["event"] == 25]
    assert any("carried from event 17" in f["message"] for f in shifted["findings"])


def test_a_whist_claim_names_the_renounce_by_id() -> None:
    record = load(WHIST)
    record["events"][53]["ref"] = 10
    by_index = ruling_of(record)
    record["events"][10]["id"] = "e-trumps"
    record["events"][53]["ref"] = "e-trumps"
    assert ruling_of(record) == by_index


def test_validate_record_keeps_the_ref_as_written_and_parse_record_resolves_it() -> None:
    record = load(CARRIED)
    record["events"][16]["id"] = "rm"
    record["events"][25]["ref"] = "rm"
    assert validate_record(record).events[25].ref == "rm"  # type: ignore[union-attr]
    assert parse_record(record).events[25].ref == 16  # type: ignore[union-attr]
    assert parse_record(json.dumps(record).encode()).events[25].ref == 16  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("index", "ref", "message"),
    [
        (25, 14, "event 14 is a play; a score (declaration) must name a declare or a position"),
        (25, 999, "there is no event 999: the record has 137 events, 0 to 136"),
        (25, "nowhere", 'no event has the id "nowhere"'),
        (47, 16, "a score (brisques) names no event, but ref gives event 16"),
    ],
)
def test_a_ref_to_nothing_or_to_the_wrong_kind_is_an_input_error(
    index: int, ref: int | str, message: str
) -> None:
    record = load(CARRIED)
    record["events"][index]["ref"] = ref
    error = error_of(record)
    assert (error.pointer, error.message) == (f"/events/{index}/ref", message)


def test_a_wrong_kind_by_id_says_which_event_the_id_is() -> None:
    record = load(WHIST)
    record["events"][0]["id"] = "deal-1"
    record["events"][53]["ref"] = "deal-1"
    error = error_of(record)
    assert error.pointer == "/events/53/ref"
    assert error.message == '"deal-1" (event 0) is a deal; a claim (revoke) must name a play'


def test_a_challenge_of_a_mark_names_an_exchange_only_when_it_marked_points() -> None:
    record = load(CARRIED)
    record["events"].append({"type": "claim", "by": "B", "kind": "score", "ref": 42})
    parse_record(record)  # the exchange at 42 marked 10
    del record["events"][42]["points"]
    error = error_of(record)
    assert error.message == (
        "event 42 is an exchange; a claim (score) must name a score or a declare"
        " or an exchange with points"
    )


def test_a_duplicate_id_is_an_input_error_at_the_second() -> None:
    record = load(CARRIED)
    record["events"][15]["id"] = "k"
    record["events"][16]["id"] = "k"
    error = error_of(record)
    assert (error.pointer, error.message) == (
        "/events/16/id",
        'the id "k" is already the id of event 15: ids must be unique',
    )


@pytest.mark.parametrize("bad", ["1st", "a b", "", "é"])
def test_an_id_is_a_label(bad: str) -> None:
    record = load(CARRIED)
    record["events"][16]["id"] = bad
    error = error_of(record)
    assert error.pointer == "/events/16/id" and "is not an id" in error.message


def test_every_reference_problem_at_once() -> None:
    record = load(CARRIED)
    record["events"][15]["id"] = "k"
    record["events"][16]["id"] = "k"
    record["events"][25]["ref"] = "gone"
    record["events"][47]["ref"] = 0
    error = error_of(record)
    assert [p.pointer for p in error.problems] == [
        "/events/16/id",
        "/events/25/ref",
        "/events/47/ref",
    ]


def test_a_forward_ref_is_ruled_on_by_the_game_not_refused() -> None:
    """Issue 9, class 1: a claim naming a revoke not yet made is unfounded (a finding); naming
    it by id changes nothing."""
    record = load(WHIST)
    claim = record["events"].pop(53)
    record["events"].insert(5, claim | {"ref": 11})  # E's renounce, now event 11, is later
    by_index = json.loads(ruling_of(record))
    record["events"][11]["id"] = "renounce"
    record["events"][5]["ref"] = "renounce"
    by_id = json.loads(ruling_of(record))
    assert by_id == by_index
    assert any(f["rule"] == "WHIST-REVOKE-6" and f["event"] == 5 for f in by_id["findings"])


def test_the_kinds_table_covers_every_game_family() -> None:
    assert {game for game, _, _ in REF_KINDS} == {"whist", "bezique"}


REFERRING = sorted(
    path for path in FIXTURES.glob("*/*.json") if any("ref" in e for e in load(path)["events"])
)


@pytest.mark.parametrize("path", REFERRING, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_fixture_rules_the_same_with_its_refs_written_as_ids(path: Any) -> None:
    record = load(path)
    by_index = ruling_of(record)
    events = record["events"]
    for event in events:
        if "ref" in event:
            events[event["ref"]]["id"] = f"e{event['ref']}"
            event["ref"] = f"e{event['ref']}"
    assert ruling_of(record) == by_index


CARRIED_FRAGMENT = FIXTURES / "bezique" / "score-claim-in-time-fragment.json"  # 8 scores pos/0


@pytest.mark.parametrize(
    ("change", "pointer", "message"),
    [
        (
            {"carried": 1},
            "/events/8/carried",
            "the position (event 0) carries 1 declaration of A, not a number 1: carried is 0 to 0",
        ),
        (
            {"carried": None},
            "/events/8/carried",
            "event 0 is a position: carried must say which of A's carried declarations is scored",
        ),
        (
            {"ref": None},
            "/events/8/carried",
            "carried names a declaration of a position: ref must name the position",
        ),
        (
            {"ref": 3},
            "/events/8/carried",
            "event 3 is a declare: carried is given only with a position",
        ),
    ],
)
def test_a_score_of_a_carried_declaration_names_the_position_and_its_index(
    change: dict[str, Any], pointer: str, message: str
) -> None:
    record = load(CARRIED_FRAGMENT)
    score = record["events"][8]
    for key, value in change.items():
        if value is None:
            del score[key]
        else:
            score[key] = value
    error = error_of(record)
    assert (error.pointer, error.message) == (pointer, message)


# A whist mark written later for an earlier deal (WHIST-HONOURS-4) ----------------------------

MARKED_LATER = FIXTURES / "whist" / "honours-claimed-marked-in-the-next-deal-by-ref.json"
#: (the honours mark of deal 1, written in deal 2 at event 109 naming the claim, event 53)


def test_a_whist_mark_naming_an_earlier_deal_is_judged_with_that_deal() -> None:
    record = load(MARKED_LATER)
    assert json.loads(ruling_of(record))["findings"] == []
    record["events"][109].pop("ref")  # the same mark, for the deal it is written in
    rules = {(f["rule"], f["event"]) for f in json.loads(ruling_of(record))["findings"]}
    assert ("WHIST-SCORE-7", 109) in rules  # deal 2 held no honours for NS: struck out


def test_a_whist_mark_may_name_its_deal_by_id() -> None:
    record = load(MARKED_LATER)
    by_index = ruling_of(record)
    record["events"][0]["id"] = "deal-1"
    record["events"][109]["ref"] = "deal-1"
    assert ruling_of(record) == by_index


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        (
            54,
            "event 54 is a score (tricks); a score (honours) must name a deal or a position or"
            " an honours claim",
        ),
        (110, "a mark is written for a deal already dealt: event 110 is not before it"),
    ],
)
def test_a_whist_mark_names_an_earlier_deal_or_its_honours(ref: int, message: str) -> None:
    record = load(MARKED_LATER)
    record["events"][109]["ref"] = ref
    error = error_of(record)
    assert (error.pointer, error.message) == ("/events/109/ref", message)
