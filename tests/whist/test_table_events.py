"""The table's events beyond the fixtures' paths: a call waived, a call with nothing to answer
for, a suit call after a lead out of turn that all four followed (the codes differ), and the
records that cannot be true (a misdeal in the middle of the play, a claim of more tricks than
are left)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator import adjudicate
from adjudicator.errors import InputError
from adjudicator.record.load import parse_record
from tests.conftest import FIXTURES


def _fixture(stem: str) -> dict[str, Any]:
    return json.loads((FIXTURES / "whist" / f"{stem}.json").read_text("utf-8"))


def _found(record: dict[str, Any]) -> list[list[object]]:
    return [[f.rule, f.severity, f.event] for f in adjudicate(parse_record(record)).findings]


def test_a_waived_penalty_binds_nobody() -> None:
    record = _fixture("suit-called-after-lead-out-of-turn")
    record["events"][15] = {"type": "call", "by": "E", "seat": "S", "what": "waive"}
    assert ["WHIST-IRREG-1", "info", 15] in _found(record)
    assert not [f for f in _found(record) if f[0] in ("WHIST-PEN-3", "WHIST-REVOKE-2")]


def test_a_call_with_no_lead_out_of_turn_to_answer_for_binds_nobody() -> None:
    record = _fixture("suit-called-after-lead-out-of-turn")
    record["events"][15] = {"type": "call", "by": "S", "seat": "E", "what": "suit", "suit": "C"}
    found = _found(record)
    assert ["WHIST-PEN-3", "warning", 15] in found
    assert not [f for f in found if f[0] == "WHIST-REVOKE-2"]


@pytest.mark.parametrize(
    ("code", "binds"), [("english-1900", True), ("english-1864", False), ("american-1893", False)]
)
def test_a_suit_call_after_a_completed_false_lead_binds_only_under_1900(
    code: str, binds: bool
) -> None:
    """ENG1900-64: the suit call survives the card being played; ENG64-63 and AWL-24: once
    all four have played to it, no penalty remains (option false_lead_completed_penalty)."""
    record = _fixture("lead-out-of-turn")  # N leads trick 5 out of turn; all four follow
    record["rules"] = {"code": code}
    # S won trick 5 and leads trick 6 (the 8H... ): E, on S's right, calls a club
    call = {"type": "call", "by": "E", "seat": "S", "what": "suit", "suit": "C"}
    record["events"].insert(21, call)
    found = _found(record)
    if binds:  # S leads the four of hearts holding clubs: disobeyed
        assert ["WHIST-REVOKE-2", "violation", 22] in found
    else:
        assert ["WHIST-IRREG-1", "warning", 21] in found
        assert not [f for f in found if f[0] == "WHIST-REVOKE-2"]


@pytest.mark.parametrize(
    ("code", "forfeits"),
    [("english-1900", True), ("american-1893", True), ("english-1864", False)],
)
def test_a_wrong_penalty_demanded_for_an_exposed_card_forfeits_it_where_the_code_says_so(
    code: str, forfeits: bool
) -> None:
    """N's renounce corrected leaves 3H exposed; E calls a spade (event 15), then 3H (event
    20), and N leads a club. ENG1900-88 and AWL-39: the wrong penalty forfeits the call of 3H;
    the code of 1864 says nothing of it, so the later call binds and the club lead is a revoke."""
    record = _fixture("eng1900-wrong-penalty-demanded-forfeits-the-call")
    record["rules"] = {"code": code}
    found = [f for f in _found(record) if f[0] != "WHIST-REVOKE-5"]
    if forfeits:
        assert found[:2] == [["WHIST-PEN-4", "violation", 15], ["WHIST-PEN-4", "warning", 20]]
        assert not [f for f in found if f[0] == "WHIST-REVOKE-2"]
    else:
        assert found[:2] == [["WHIST-PEN-3", "warning", 15], ["WHIST-REVOKE-2", "violation", 21]]


def test_a_wrong_call_on_a_revoker_is_not_taken_for_a_wrong_revoke_penalty() -> None:
    """American: W renounces and corrects (2S exposed), N calls a heart from him (a wrong
    penalty for 2S, AWL-39), then W revokes and N-S demand three points. Each wrong penalty
    is said as its own: the call, and the revoke penalty demanded at its own event."""
    record = _fixture("american-wrong-penalty")
    events = record["events"]
    events[9:9] = [{"type": "call", "by": "N", "seat": "W", "what": "suit", "suit": "H"}]
    events[6:6] = [{"type": "play", "seat": "W", "card": "2S"}, {"type": "retract", "seat": "W"}]
    decision = adjudicate(parse_record(record)).decision
    said = [s.text for s in decision]
    assert any("demanded a wrong penalty (three points added" in t for t in said)
    assert any("called a heart from" in s.text and 11 in s.events for s in decision)
    renounce = [s for s in decision if "took the card back" in s.text]
    assert renounce[0].text.endswith("lost by the wrong penalty demanded.")
    assert 11 in renounce[0].events  # the wrong penalty, beside the sentence


def test_a_misdeal_in_the_middle_of_the_play_is_refused_with_its_place() -> None:
    record = _fixture("imperfect-pack-found-in-play")
    record["events"][17]["reason"] = "dealing"
    with pytest.raises(InputError) as error:
        adjudicate(parse_record(record))
    assert error.value.problems[0].pointer == "/events/17/reason"


def test_a_misdeal_after_the_last_deal_is_ruled_all_the_same() -> None:
    record = _fixture("misdeal-adversary-touched-deals-again")
    record["events"].append({"type": "misdeal", "dealer": "E", "reason": "cards-counted"})
    found = _found(record)
    assert found[-2:] == [["WHIST-DEAL-7", "violation", 55], ["WHIST-DEAL-8", "violation", 55]]


def test_a_partner_who_takes_the_deal_and_misdeals_loses_it_for_the_dealer() -> None:
    """ENG64-51: the dealer bears the penalty; the next in rotation to him deals."""
    record = _fixture("misdeal-adversary-touched-deals-again")  # 1864; S dealt deal 1
    record["events"].append({"type": "misdeal", "dealer": "E", "reason": "dealing"})  # W's turn
    ruling = adjudicate(parse_record(record))
    misdeal = next(f for f in ruling.findings if f.rule == "WHIST-DEAL-8" and f.event == 55)
    assert misdeal.legal == ["N to deal"]
    said = [s.text for s in ruling.decision if 55 in s.events and "misdealt" in s.text]
    assert said and "Jasper Quayle (W), whose deal it was, loses it" in said[0]


def test_a_fragment_ended_on_a_claim_keeps_its_open_renounces_open() -> None:
    """Cards never shown may have held the suit a seat renounced: the claim ends the play,
    not the question (the fragment played on would have settled it)."""
    record = _fixture("revoke-stopped-fragment")
    last = max(i for i, e in enumerate(record["events"]) if e["type"] == "play")
    record["events"].insert(last + 1, {"type": "claim-rest", "seat": "S", "tricks": 2})
    ruling = adjudicate(parse_record(record))
    assert [u.rule for u in ruling.undetermined] == [
        "WHIST-REVOKE-1",
        "WHIST-REVOKE-1",
        "WHIST-REVOKE-6",
    ]
    assert ["WHIST-REVOKE-16", "info", last + 1] in _found(record)
    assert ruling.result.corrected.score == {"NS": 0, "EW": 2}  # 2 of 5: EW's 8 tricks by 2


def test_the_misdeal_facts_know_every_reason_the_record_allows() -> None:
    """The facts import nothing of the record, so they spell the reasons out again: the two
    lists, and the words for each reason, must not drift apart."""
    from typing import get_args

    from adjudicator.facts import whist_table
    from adjudicator.record.whist import MisdealReason

    assert get_args(whist_table.MisdealReason) == get_args(MisdealReason)
    assert set(whist_table.REASON_WORDS) == set(get_args(MisdealReason))


#: the table's findings, by the module that makes them: each carries its facts
_TABLE_RULES = {
    "WHIST-DEAL-5",
    "WHIST-DEAL-6",
    "WHIST-DEAL-7",
    "WHIST-DEAL-8",
    "WHIST-IRREG-1",
    "WHIST-IRREG-2",
    "WHIST-PEN-2",
    "WHIST-PEN-3",
    "WHIST-REVOKE-16",
}


def test_every_finding_of_the_table_carries_facts_whose_words_are_its_message() -> None:
    """Over every whist fixture: the table's findings (and a call's wrong penalty or failure
    to obey) carry typed facts, and the message is the facts' own words."""
    from adjudicator.facts.whist_table import CALLS
    from tests.conftest import ruling_of

    seen = set()
    for path in sorted((FIXTURES / "whist").glob("*.json")):
        try:
            ruling = ruling_of(path)
        except InputError:
            continue
        for f in ruling.findings:
            if f.rule in _TABLE_RULES or isinstance(f.facts, CALLS):
                assert f.facts is not None, (path.name, f.rule, f.message)
                assert f.message == f.facts.message(), (path.name, f.rule)
                seen.add(f.facts.kind)
    assert len(seen) >= 9


def test_the_table_events_sentences_read_facts_not_messages() -> None:
    """ruling/table_events writes from the facts: no regular expression, no message read."""
    from pathlib import Path

    import adjudicator.ruling.table_events as module

    source = Path(module.__file__).read_text("utf-8")
    assert "import re" not in source and ".message" not in source


def test_a_suit_called_for_a_lead_out_of_turn_sends_the_card_led_back_to_the_hand() -> None:
    """ENG1900-64: whenever a suit is called, the card led in error may go back into its
    owner's hand: it is no longer exposed, so a later call of it binds nobody (a director's
    review, issue 18: the ruling called it "exposed and liable to be called")."""
    record = _fixture("suit-called-after-lead-out-of-turn")  # N led 10C out of turn (13)
    call = {"type": "call", "by": "E", "seat": "N", "what": "card", "card": "10C"}
    record["events"].insert(18, call)  # before N's play to trick 4
    found = _found(record)
    assert ["WHIST-PEN-2", "warning", 18] in found
    ruling = adjudicate(parse_record(record))
    said = " ".join(s.text for s in ruling.decision)
    assert "exposed and liable to be called" not in said
    assert "for the lead out of turn of" in said


def test_the_finding_of_the_card_taken_back_says_the_suit_call_freed_it() -> None:
    """The card led out of turn and taken back is exposed only until a suit is called instead
    (ENG1900-64): the WHIST-PEN-1 finding says so, with the call's event (review 16 read
    "exposed and liable to be called" of a card the suit call had sent back to the hand)."""
    ruling = adjudicate(parse_record(_fixture("suit-called-after-lead-out-of-turn")))
    taken = [f for f in ruling.findings if f.rule == "WHIST-PEN-1"]
    assert [(f.facts.card, f.facts.suit_called_at) for f in taken] == [("10C", 15)]
    assert "liable to be called" in taken[0].message
    assert "no longer liable to be called" in taken[0].message
    assert "until the adversaries called a suit instead (event 15)" in taken[0].message
