"""Issue 11: records that begin at a stated position. The fixtures named ``*fragment*`` are
ruled in ``test_rulings`` against their hand-worked expectations; here, the notation's
Rubicon declaration dispute, and the rules a fragment must keep."""

from __future__ import annotations

import json

import pytest

from adjudicator import adjudicate
from adjudicator.errors import InputError
from adjudicator.notation import read_notation
from adjudicator.record.envelope import RecordAdapter
from adjudicator.ruling.model import Ruling
from tests.conftest import FIXTURES

DISPUTE = FIXTURES / "rubicon-bezique" / "declaration-dispute-fragment.hrn"


def _rule(text: str) -> Ruling:
    return adjudicate(RecordAdapter.validate_python(read_notation(text).data))


def test_the_declaration_dispute_says_which_fact_would_decide_it() -> None:
    ruling = _rule(DISPUTE.read_text("utf-8"))
    assert ruling.findings == []
    assert [(u.rule, u.event) for u in ruling.undetermined] == [
        ("BEZ-COMBO-4", 1),
        ("RUB-GAME-6", None),
    ]
    assert "fresh KS and QS" in ruling.undetermined[0].what
    assert ruling.result.corrected.games[0].indeterminate  # type: ignore[union-attr]


def test_the_declaration_dispute_is_decided_when_the_cards_came_off_the_table() -> None:
    text = DISPUTE.read_text("utf-8").replace(
        "declare A royal-marriage KS QS 40",
        'declare A royal-marriage KS QS 40 from=["table","table"]',
    )
    ruling = _rule(text)
    assert [(f.rule, f.severity, f.event) for f in ruling.findings] == [
        ("BEZ-COMBO-4", "violation", 1)
    ]
    assert [u.rule for u in ruling.undetermined] == ["RUB-GAME-6"]


def test_a_card_the_player_cannot_hold_is_an_input_error() -> None:
    """B's three cards are known: a fourth is not his (a card with no unknown part to come
    from is refused as for a whole deal)."""
    record = json.loads(
        (FIXTURES / "rubicon-bezique" / "endplay-fragment-decided.json").read_text()
    )
    record["events"][0]["hands"]["B"] = ["10S", "9H", "AH"]
    adjudicate(RecordAdapter.validate_python(record))  # as played: lawful
    record["events"][4]["card"] = "QS"
    with pytest.raises(InputError, match="B does not hold QS"):
        adjudicate(RecordAdapter.validate_python(record))


def test_a_position_whose_known_hand_is_too_big_is_refused_with_its_place() -> None:
    record = json.loads(
        (FIXTURES / "rubicon-bezique" / "endplay-fragment-decided.json").read_text()
    )
    record["events"][0]["hands"]["B"] = ["7D", "8D", "9D", "JD"]
    with pytest.raises(InputError) as error:
        adjudicate(RecordAdapter.validate_python(record))
    assert error.value.problems[0].pointer == "/events/0/hands/B"
    assert "4 cards known in B's hand, which holds 3" in error.value.problems[0].message
