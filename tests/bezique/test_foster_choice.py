"""BEZ-SCORE-5 under Foster (p.382): a score marked too much is taken down and the adversary
*may* add it. The ruling counts the addition (the option ``wrong_score_penalty``'s default)
and gives the other choice in ``result.corrected.if_declined`` and one decision sentence: the
result if nothing is added, which is the ruling of the same record under ``correct_only``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.ruling.model import Ruling
from adjudicator.simulate.bezique_inject import generate_injected
from tests.conftest import FIXTURES

ORDINARY = sorted((FIXTURES / "bezique").glob("*.json"))
#: simulated ordinary deals with a combination marked at the wrong value (some too much)
SIMULATED = [
    generate_injected("bezique", seed, "wrong-combination-value", dealer="AB"[seed % 2])
    for seed in range(8)
]
RECORDS = [json.loads(p.read_text("utf-8")) for p in ORDINARY] + SIMULATED
IDS = [p.stem for p in ORDINARY] + [f"simulated-{n}" for n in range(len(SIMULATED))]
#: the decision's sentence of the other choice, and its score
_CHOICE = re.compile(r"^If .*? as (?:the adversary|each) is free not to, the score is (.*)$")
_SCORE = re.compile(r"\(A\) (-?\d+), .*?\(B\) (-?\d+)(?:;| so far)")


def _ruled(record: dict[str, Any], penalty: str | None = None) -> Ruling:
    if penalty is not None:
        record = {**record, "rules": {**record.get("rules", {}), "wrong_score_penalty": penalty}}
    return adjudicate(parse_record(record))


def _added(ruling: Ruling) -> dict[str, int]:
    added: dict[str, int] = {}
    for deal in cast(list[BeziqueDealSummary], ruling.deals):
        for line in deal.scores:
            if line["item"] == "penalty":
                added[line["seat"]] = added.get(line["seat"], 0) + line["points"]
    return added


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_the_choice_declined_is_the_ruling_that_only_corrects(record: dict[str, Any]) -> None:
    """``if_declined`` is the result under ``correct_only``, present exactly when points were
    added and change the result; the decision gives it in one sentence, with its score."""
    ruling = _ruled(record)
    corrected = ruling.result.corrected
    declined = corrected.if_declined  # type: ignore[union-attr]
    said = [m for s in ruling.decision if (m := _CHOICE.match(s.text))]
    if declined is None:  # nothing added, the additions change nothing, or no result yet
        assert not said
        if _added(ruling) and not corrected.indeterminate:  # type: ignore[union-attr]
            only = _ruled(record, "correct_only").result.corrected
            assert (only.score, only.winner) == (corrected.score, corrected.winner)  # type: ignore[union-attr]
        return
    only = _ruled(record, "correct_only").result.corrected
    assert only.if_declined is None  # type: ignore[union-attr]  # nothing added: no choice
    other = (only.score, only.winner)  # type: ignore[union-attr]
    assert (declined.score, declined.winner) == other
    assert declined.added == _added(ruling) and declined.added
    (choice,) = said
    score = _SCORE.search(choice.group(1))
    assert score is not None
    assert (int(score.group(1)), int(score.group(2))) == (declined.score["A"], declined.score["B"])
    if corrected.indeterminate:  # type: ignore[union-attr]  # a fragment: the score so far
        assert " so far (" in choice.group(1)
        so_far = [s.text for s in ruling.decision if s.text.startswith("As far as the record")]
        assert so_far == [
            f"As far as the record goes, the score is {ruling.players['A']} (A)"
            f" {corrected.score['A']}, {ruling.players['B']} (B) {corrected.score['B']}."  # type: ignore[union-attr]
        ]
    elif declined.winner is None:
        assert "neither player has yet reached" in choice.group(1)
    else:
        assert f"({declined.winner}) wins" in choice.group(1)


def test_a_simulated_record_has_the_choice() -> None:
    """The simulated records reach the case (else the tests above would pass on nothing)."""
    ruled = [_ruled(r).result.corrected.if_declined for r in SIMULATED]  # type: ignore[union-attr]
    assert any(d is not None for d in ruled)


def test_the_worked_dispute_of_a_mark_challenged_after_three_deals() -> None:
    """Review 10, O1, worked by hand: A marked four kings 100 (80) in deal 1; B challenges after
    deal 3. B adds the 20: A 990, B 1010, B wins. If B does not add it: A 990, B 990, and
    neither has 1000 at the end of deal 3."""
    path = Path(FIXTURES / "bezique" / "mark-of-deal-1-challenged-after-deal-3.json")
    ruling = _ruled(json.loads(path.read_text("utf-8")))
    corrected = ruling.result.corrected
    assert (corrected.score, corrected.winner) == ({"A": 990, "B": 1010}, "B")  # type: ignore[union-attr]
    declined = corrected.if_declined  # type: ignore[union-attr]
    assert declined is not None
    assert (declined.added, declined.score, declined.winner) == (
        {"B": 20},
        {"A": 990, "B": 990},
        None,
    )
    assert ruling.decision[-1].text == (
        "If Ben (B) does not add the 20, as the adversary is free not to, the score is Ada (A)"
        " 990, Ben (B) 990; neither player has yet reached 1000 (Foster p.382; Foster p.376)."
    )
    assert ruling.decision[-1].rules == ["BEZ-SCORE-5", "BEZ-SCORE-3"]
