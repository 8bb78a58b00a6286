"""A false declaration amended and a card of it called (Foster's rule, BEZ-DECL-9): the cases
the fixtures do not show, each a small change to a fixture's events."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator import InputError, Ruling, adjudicate, parse_record
from tests.conftest import FIXTURES


def _record(game: str, stem: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / game / f"{stem}.json").read_text("utf-8"))
    return data


def _rule(record: dict[str, Any]) -> Ruling:
    return adjudicate(parse_record(record))


def _at(ruling: Ruling, event: int) -> list[tuple[str, str]]:
    return [(f.rule, f.severity) for f in ruling.findings if f.event == event]


def _said(ruling: Ruling) -> str:
    return "\n".join(s.text for s in ruling.decision)


@pytest.mark.parametrize("game", ["bezique", "rubicon-bezique"])
def test_a_call_by_the_player_who_declared_has_no_force(game: str) -> None:
    record = _record(game, "false-declaration-call-disobeyed")
    call = next(e for e in record["events"] if e["type"] == "call")
    call["by"] = "A"
    ruling = _rule(record)
    index = record["events"].index(call)
    assert _at(ruling, index) == [("BEZ-DECL-9", "warning")]
    assert "only the adversary of the player who declared may call" in _said(ruling)
    assert not any("not obeyed" in f.message for f in ruling.findings)  # nothing to obey


def test_a_call_of_a_card_the_declaration_did_not_show_has_no_force() -> None:
    record = _record("bezique", "false-declaration-call-disobeyed")
    call = next(e for e in record["events"] if e["type"] == "call")
    call["card"] = "9C"  # in A's hand, not among the four cards shown
    ruling = _rule(record)
    assert _at(ruling, record["events"].index(call)) == [("BEZ-DECL-9", "warning")]
    assert "it is not one of the cards Winifred Lacey (A) showed" in _said(ruling)
    assert [(f.rule, f.severity) for f in ruling.findings if f.event == 6] == []


def test_a_call_after_a_lawful_amendment_has_no_force() -> None:
    record = _record("rubicon-bezique", "false-declaration-amended")
    record["events"].insert(3, {"type": "call", "by": "B", "card": "KD", "ref": 1})
    ruling = _rule(record)
    assert _at(ruling, 3) == [("BEZ-DECL-9", "warning")]
    assert "Dorothea Quill (A) had amended the declaration" in _said(ruling)
    assert ruling.result.corrected.games[0].totals == {"A": 120, "B": 60}  # the 80 scores


def test_an_amendment_of_a_lawful_declaration_changes_nothing() -> None:
    record = _record("bezique", "false-declaration-amended")
    events = record["events"]
    events[1]["cards"] = ["KH", "KD", "KC", "KS"]  # four kings as declared: lawful
    events[2]["cards"] = ["KH", "KD", "KC", "JS"]
    ruling = _rule(record)
    assert _at(ruling, 1) == []
    assert _at(ruling, 2) == [("BEZ-DECL-9", "warning")]
    assert "it was not a false declaration" in _said(ruling)
    assert ruling.result.corrected.score == {"A": 140, "B": 40}


def test_an_amendment_that_still_does_not_make_the_combination_is_refused() -> None:
    record = _record("bezique", "false-declaration-amended")
    record["events"][2]["cards"] = ["KH", "KD", "KC", "9C"]
    ruling = _rule(record)
    assert _at(ruling, 1) == [("BEZ-DECL-9", "violation")]
    assert _at(ruling, 2) == [("BEZ-DECL-9", "violation")]
    assert "the cards as amended still do not make it" in _said(ruling)
    assert ruling.result.corrected.score == {"A": 60, "B": 40}


def test_an_amendment_to_score_later_carries_the_declaration() -> None:
    record = _record("bezique", "false-declaration-amended")
    del record["events"][2]["points"]  # amended, announced "to score"
    ruling = _rule(record)
    assert _at(ruling, 2) == [("BEZ-DECL-9", "info")]
    rows = ruling.deals[0].declarations  # type: ignore[union-attr]
    assert [(r.combination, r.status) for r in rows] == [("four-kings", "to-score")]


def test_a_call_the_record_ends_before_answering_is_said_so() -> None:
    record = _record("rubicon-bezique", "false-declaration-card-called")
    del record["events"][3:]
    ruling = _rule(record)
    assert "The record ends before Dorothea Quill (A) plays again." in _said(ruling)


@pytest.mark.parametrize(
    "change, pointer",
    [
        ({"type": "amend", "seat": "B"}, "/events/2/ref"),  # A's declaration, amended by B
        ({"type": "amend", "ref": 0}, "/events/2/ref"),  # the position is no declaration
    ],
)
def test_an_amendment_that_names_no_declaration_of_its_seat_cannot_be_judged(
    change: dict[str, Any], pointer: str
) -> None:
    record = _record("bezique", "false-declaration-amended")
    record["events"][2].update(change)
    with pytest.raises(InputError) as error:
        _rule(record)
    assert error.value.pointer == pointer
