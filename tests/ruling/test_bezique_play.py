"""The facts of Bézique and Rubicon play (issue 18): each kind, in every value of its closed
sets, gives the finding's message and a decision sentence of its own, written from the fields
(never from the message), naming the player, with the event beside the words."""

from __future__ import annotations

from typing import Any, get_args

import pytest
from pydantic import TypeAdapter

from adjudicator.facts import AnyFact
from adjudicator.facts.bezique_play import (
    BeziqueDrewOutOfTurn,
    BeziqueEndplayRuleBroken,
    BeziqueLastCardNotDrawn,
    BeziqueLedOutOfTurn,
    BeziqueMissedDraw,
    BeziqueSevenExchangeRefused,
    BeziqueSevenNotInGame,
    BeziqueWrongHandSize,
    DrawFault,
    EndplayFault,
    SevenFault,
    WrongSizeRemedy,
)
from adjudicator.findings import make_finding
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.ruling.decision import decide
from adjudicator.ruling.model import BeziqueCorrected

PLAYERS = {"A": "Ada Ames", "B": "Ben Bell"}
CORRECTED = BeziqueCorrected(score={"A": 500, "B": 400}, winner=None)


def _cases() -> list[tuple[str, Any]]:
    """(rule, facts) for every kind and every value of its closed sets."""
    cases: list[tuple[str, Any]] = [
        ("BEZ-IRREG-8", BeziqueLedOutOfTurn(seat="A", deal=1, trick=9, leader="B")),
        ("BEZ-IRREG-9", BeziqueLastCardNotDrawn(seat="A", deal=1)),
        ("BEZ-SEVEN-4", BeziqueSevenNotInGame(seat="A", deal=1, why="rubicon")),
        ("BEZ-SEVEN-4", BeziqueSevenNotInGame(seat="A", deal=1, why="trumps-by-marriage")),
        *(
            ("RUB-IRREG-12", BeziqueMissedDraw(seat="A", deal=1, trick=9, after=7, remedy=r))
            for r in ("draw-two-next", "adversary-scores-last-trick")
        ),
    ]
    for remedy in get_args(WrongSizeRemedy):
        held = 10 if remedy == "rubiconed" else 7
        cases.append(
            (
                "RUB-LAW-21",
                BeziqueWrongHandSize(
                    seat="A", deal=1, trick=9, held=held, expected=9, remedy=remedy
                ),
            )
        )
    for fault in get_args(DrawFault):
        trick = None if fault == "no-trick-won" else 9
        facts = BeziqueDrewOutOfTurn(seat="A", deal=1, card="KS", fault=fault, trick=trick)
        cases.append(("BEZ-PLAY-4", facts))
    for fault in get_args(SevenFault):
        cases.append(
            ("BEZ-SEVEN-2", BeziqueSevenExchangeRefused(seat="A", deal=1, fault=fault, trick=9))
        )
    for fault in get_args(EndplayFault):
        facts = BeziqueEndplayRuleBroken(
            seat="A",
            deal=1,
            trick=29,
            card="9C",
            led="10D",
            fault=fault,
            holding=("8D",),
            shown_at=50 if fault == "held-a-card-played-later" else None,
        )
        cases.append(("BEZ-LAST-2", facts))
    return cases


CASES = _cases()


def _deal() -> BeziqueDealSummary:
    fields: dict[str, Any] = {
        "deal": 1,
        "event": 0,
        "dealer": "B",
        "hands": {},
        "turn_up": None,
        "trump": "H",
        "tricks": [],
        "declarations": [],
        "brisques": {"A": 0, "B": 0},
        "last_trick": "A",
        "scores": [],
        "totals": {"A": 210, "B": 220},
        "totals_cards_made": {"A": 210, "B": 220},
        "marks": [],
        "indeterminate_from_trick": 29,
    }
    return BeziqueDealSummary.model_construct(**fields)


@pytest.mark.parametrize(
    "rule,facts", CASES, ids=[f"{f.kind}-{n}" for n, (_, f) in enumerate(CASES)]
)
def test_each_fact_of_play_has_its_own_sentence(rule: str, facts: Any) -> None:
    finding = make_finding(rule, "violation", facts=facts, event=40, deal=1, seat="A")
    assert finding.message == facts.message()
    out = decide("bezique", {"target": 1000}, PLAYERS, [finding], [_deal()], CORRECTED, [])
    sentence = next(s for s in out if rule in s.rules)
    said = sentence.text
    assert sentence.events == (40,) and "[event" not in said
    assert said.startswith(("Ada Ames (A) ", "An earlier irregularity")) and "Ada Ames (A)" in said
    assert "{" not in said and said.endswith(".")
    assert finding.message.rstrip(".") not in said  # not the fallback: its own words
    # a seat is named by the player, never by its bare letter (as "but A has already drawn")
    assert " A " not in said.replace("(A)", "") and " B " not in said


def test_the_seven_says_the_fault_the_fact_gives() -> None:
    drew = BeziqueSevenExchangeRefused(seat="B", deal=1, fault="already-drew", trick=11)
    finding = make_finding("BEZ-SEVEN-2", "violation", facts=drew, event=5, deal=1, seat="B")
    assert finding.message == (
        "B's exchange of the seven of trumps is not allowed: B has already drawn after trick 11."
        " It scores nothing."
    )
    out = decide("bezique", {}, PLAYERS, [finding], [_deal()], CORRECTED, [])
    assert any(
        s.text == "Ben Bell (B) exchanged the seven of trumps, but had already drawn after"
        " trick 11: it scores nothing (Foster p.377)."
        for s in out
    )
    assert any(s.text.startswith("The corrected score") for s in out)  # it changes the score


def test_law_21_says_what_it_does_to_both_hands() -> None:
    over = BeziqueWrongHandSize(
        seat="A", deal=1, trick=56, held=10, expected=9, remedy="neither-scores-last-trick"
    )
    finding = make_finding("RUB-LAW-21", "violation", facts=over, event=2, deal=1, seat="A")
    out = decide("bezique", {}, PLAYERS, [finding], [_deal()], CORRECTED, [])
    said = next(s.text for s in out if "RUB-LAW-21" in s.rules)
    assert "holding 10 cards instead of 9, the adversary being short" in said
    assert "neither player scores the last trick" in said


@pytest.mark.parametrize("rule,facts", CASES[:1] + CASES[-4:])
def test_the_facts_round_trip_through_the_json_union(rule: str, facts: Any) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(AnyFact)
    assert adapter.validate_json(adapter.dump_json(facts)) == facts
