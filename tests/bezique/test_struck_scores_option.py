"""The rule option ``wrong_score_penalty = add_every_score_taken_down`` (BEZ-SCORE-5, AMB-32):
Foster p.382 read as covering the mark of a score the laws did not allow then. Over every
ordinary fixture, against the default reading: the same ruling, but for one wrong mark per
such score taken down and the adversary's score higher by exactly its points."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.facts.marks import WrongMark
from adjudicator.ruling.model import Ruling
from tests.conftest import FIXTURES, ruling_of

ORDINARY = sorted((FIXTURES / "bezique").glob("*.json"))


def _ruled(record: dict[str, Any], penalty: str) -> Ruling:
    rules = {**record.get("rules", {}), "wrong_score_penalty": penalty}
    return adjudicate(parse_record({**record, "rules": rules}))


def _struck(ruling: Ruling) -> list[Any]:
    return [
        f
        for f in ruling.findings
        if isinstance(f.facts, WrongMark) and f.facts.why == "score-not-allowed"
    ]


@pytest.mark.parametrize("path", ORDINARY, ids=[p.stem for p in ORDINARY])
def test_the_wide_reading_adds_each_struck_score_to_the_adversary(path: Path) -> None:
    record = json.loads(path.read_text("utf-8"))
    given = record.get("rules", {}).get("wrong_score_penalty", "add_to_adversary")
    if given == "correct_only":
        pytest.skip("the fixture rules without Foster's penalty")
    # (the fixture's own ruling when it rules on the default: judged once for every test)
    default = _ruled(record, "add_to_adversary") if "rules" in record else ruling_of(path)
    wide = _ruled(record, "add_every_score_taken_down")
    assert _struck(default) == []
    struck = _struck(wide)
    others = [f for f in wide.findings if f not in struck]
    assert others == default.findings
    added = {"A": 0, "B": 0}
    for finding in struck:
        assert finding.rule == "BEZ-SCORE-5" and finding.facts.right == 0
        added["B" if finding.facts.who == "A" else "A"] += finding.facts.marked
    before, after = default.result.corrected.score, wide.result.corrected.score
    assert after == {seat: before[seat] + added[seat] for seat in ("A", "B")}


def test_some_fixture_has_each_kind_of_struck_score() -> None:
    """The comparison above is not empty: a second score for a trick, an unlawful exchange of
    the seven and a carried declaration scored when it could not be are among the fixtures."""
    items: set[str] = set()
    for path in ORDINARY:
        record = json.loads(path.read_text("utf-8"))
        items |= {f.facts.item for f in _struck(_ruled(record, "add_every_score_taken_down"))}
    assert "seven" in items  # an unlawful exchange's mark
    assert "royal-marriage" in items
