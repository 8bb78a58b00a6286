"""Issue 9 for Bézique: which copy of a duplicated card (class 5) and the same facts written
two ways (class 8)."""

from __future__ import annotations

import copy
import json

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.errors import InputError
from adjudicator.games import rubicon
from adjudicator.games.bezique import readings
from tests.conftest import FIXTURES


def _raw(game: str, stem: str) -> dict:
    return json.loads((FIXTURES / game / f"{stem}.json").read_text("utf-8"))


def _outline(raw: dict) -> tuple:
    ruling = adjudicate(parse_record(raw))
    return (
        [(f.rule, f.severity, f.event) for f in ruling.findings],
        ruling.result.corrected.model_dump(),
    )


@pytest.mark.parametrize("game", ["bezique", "rubicon-bezique"])
def test_a_late_announcement_scored_by_reference_or_afresh_gets_one_ruling(game: str) -> None:
    """Class 8: the score of an announcement made out of time, on the next trick won, written
    as a ``score`` naming it or as a fresh ``declare`` of the same cards: the same ruling."""
    raw = _raw(game, "late-announcement-scored")
    afresh = copy.deepcopy(raw)
    events = afresh["events"]
    score = next(i for i, e in enumerate(events) if e["type"] == "score" and "ref" in e)
    announced = events[events[score]["ref"]]
    events[score] = {
        "type": "declare",
        "seat": announced["seat"],
        "combination": announced["combination"],
        "cards": announced["cards"],
        "points": events[score]["points"],
    }
    assert _outline(afresh) == _outline(raw)


def test_the_named_copy_is_the_reading_taken() -> None:
    """A ``from`` on a declaration binds the reading: naming the table's QS for the marriage
    leaves no QS on the table for the second play from it (exit 2, as the record says)."""
    raw = _raw("rubicon-bezique", "copy-table-plays")
    assert _outline(raw)[0] == []
    named = copy.deepcopy(raw)
    named["events"][135]["from"] = ["hand", "table"]
    with pytest.raises(InputError, match="/events/209/card"):
        adjudicate(parse_record(named))
    named["events"][135]["from"] = ["hand", "hand"]
    assert _outline(named) == _outline(raw)


def test_a_from_of_the_wrong_length_is_refused_with_its_path() -> None:
    raw = _raw("rubicon-bezique", "copy-table-plays")
    raw["events"][135]["from"] = ["hand"]
    with pytest.raises(InputError, match="/events/135/from"):
        adjudicate(parse_record(raw))


def test_the_search_for_a_reading_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hostile input cannot make the search blow up: at most ``MAX_REPLAYS`` re-readings."""
    raw = _raw("rubicon-bezique", "copy-table-plays")
    raw["events"][209]["card"] = "QH"  # B holds no QH on the table: impossible on any reading
    raw["events"][209]["from"] = "table"
    record = parse_record(raw)
    calls = []
    real = readings._run
    monkeypatch.setattr(readings, "_run", lambda *a: calls.append(1) or real(*a))
    monkeypatch.setattr(readings, "MAX_REPLAYS", 3)
    with pytest.raises(InputError):
        readings.replay_best(record.events, lambda: rubicon.state_for(record))
    assert len(calls) <= 1 + 3


def test_a_timely_challenge_strikes_the_standing_marriage_and_its_trumps() -> None:
    """Class 6: the out-of-time marriage makes trumps only because nobody challenges it in
    time; challenged before the next card, it is struck and fixes nothing (law 41: scored)."""
    raw = _raw("rubicon-bezique", "law50-marriage-makes-trumps")
    assert adjudicate(parse_record(raw)).deals[0].trump_fixed_at == 13
    raw["events"].insert(14, {"type": "claim", "by": "B", "kind": "score", "ref": 13})
    ruling = adjudicate(parse_record(raw))
    assert ruling.deals[0].trump_fixed_at != 13
    assert not ruling.deals[0].declarations[0].stands
    late = _raw("rubicon-bezique", "law50-marriage-makes-trumps")
    late["events"].insert(15, {"type": "claim", "by": "B", "kind": "score", "ref": 13})
    ruling = adjudicate(parse_record(late))  # after the next card: too late, the trumps stand
    assert ruling.deals[0].trump_fixed_at == 13
    assert ("BEZ-SCORE-6", "warning", 15) in [
        (f.rule, f.severity, f.event) for f in ruling.findings
    ]
