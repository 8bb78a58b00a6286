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
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.ruling.model import BeziqueCorrected
from tests.ruling.test_decision import _bezique_deal

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
    return _bezique_deal(indeterminate_from_trick=29)


@pytest.mark.parametrize("rule,facts", CASES[:1] + CASES[-4:])
def test_the_facts_round_trip_through_the_json_union(rule: str, facts: Any) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(AnyFact)
    assert adapter.validate_json(adapter.dump_json(facts)) == facts
