"""The rule option ``endplay_unclaimed`` (AMB-37; RUB-LAST-1's reading of law 55 "on detection";
Foster p.381, the adversary "may" compel a replay): an end-play error that no claim of a
revoke names after it in its deal leaves the play standing under ``as_played``; under the
default, ``penalty``, the end-play penalty applies as if claimed (the tricks replayed).

The two fixtures ``*-unclaimed-stands-house-rule`` hold the hand-worked figures; these tests
hold what the option must not change: a claim in the deal still brings the penalty, a claim
made before the error does not count, and the default rules as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator import adjudicate, parse_record
from tests.conftest import FIXTURES

#: game -> (record, event of the end-play error, the offender)
CASES = {
    "bezique": ("bezique/endplay-revoke.json", 129, "A"),
    "rubicon-bezique": ("rubicon-bezique/endplay-failure-to-win.json", 233, "A"),
}
#: game -> whether the replay is left open (the Rubicon case) or known: in the ordinary
#: game's case two cards each are left and every card of the replay is forced
#: (``games.bezique.forced``), so the tricks replayed count and the result is known
OPEN = {"bezique": False, "rubicon-bezique": True}


def _record(game: str, **rules: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / CASES[game][0]).read_text("utf-8"))
    data["rules"] = {**data.get("rules", {}), **rules}
    return data


def _claim_at(data: dict[str, Any], at: int, game: str) -> dict[str, Any]:
    """The record with the adversary's claim of a revoke inserted before event ``at``
    (references to later events shifted, so that every event keeps its meaning)."""
    _, error, offender = CASES[game]
    claim = {"type": "claim", "by": "B" if offender == "A" else "A", "kind": "revoke"}
    if at > error:
        claim |= {"against": offender, "ref": error}
    events = []
    for event in data["events"]:
        if isinstance(event.get("ref"), int) and event["ref"] >= at:
            event = {**event, "ref": event["ref"] + 1}
        events.append(event)
    events.insert(at, claim)
    return {**data, "events": events}


def _outcome(data: dict[str, Any]) -> tuple[bool, list[tuple[str, str, int | None]], str]:
    ruling = adjudicate(parse_record(data))
    findings = [(f.rule, f.severity, f.event) for f in ruling.findings]
    decision = " ".join(s.text for s in ruling.decision)
    corrected = ruling.result.corrected
    games = getattr(corrected, "games", None)  # (Rubicon: each deal a game)
    indeterminate = any(g.indeterminate for g in games) if games else corrected.indeterminate
    return indeterminate, findings, decision


@pytest.mark.parametrize("game", list(CASES))
def test_unclaimed_error_stands_as_played_only_under_the_option(game: str) -> None:
    error = CASES[game][1]
    default, default_findings, default_words = _outcome(_record(game))
    standing, findings, words = _outcome(_record(game, endplay_unclaimed="as_played"))
    assert default == OPEN[game] and "replayed" in default_words
    assert not standing and "the play stands as recorded" in words
    # the error is reported either way, at its card
    assert ("BEZ-LAST-2", "violation", error) in findings == default_findings
    assert "endplay_unclaimed" not in words  # (an option key is never said aloud)


@pytest.mark.parametrize("game", list(CASES))
def test_a_claim_after_the_error_brings_the_penalty_under_the_option(game: str) -> None:
    error = CASES[game][1]
    claimed = _claim_at(_record(game, endplay_unclaimed="as_played"), error + 2, game)
    indeterminate, _, words = _outcome(claimed)
    assert indeterminate == OPEN[game] and "the play stands as recorded" not in words
    assert "replayed" in words


@pytest.mark.parametrize("game", list(CASES))
def test_a_claim_made_before_the_error_does_not_detect_it(game: str) -> None:
    error = CASES[game][1]
    early = _claim_at(_record(game, endplay_unclaimed="as_played"), error - 1, game)
    indeterminate, _, words = _outcome(early)
    assert not indeterminate and "the play stands as recorded" in words


def test_a_claim_in_the_next_deal_naming_the_card_is_ruled_with_the_error_deal() -> None:
    """Detected after the deal (AMB-37): the claim names the card with ``ref`` and is upheld,
    never "fails" against the deal it was made in; under ``as_played`` it brings the penalty."""
    data = _record("bezique", endplay_unclaimed="as_played")
    error, offender = CASES["bezique"][1], CASES["bezique"][2]
    events = data["events"]
    first = next(n for n, e in enumerate(events) if e["type"] == "deal")
    again = [e for e in events[first:] if e["type"] != "result"]  # the same deal played again
    claim = {"type": "claim", "by": "B", "kind": "revoke", "against": offender, "ref": error}
    data = {**data, "events": [*events, *again, claim]}
    ruling = adjudicate(parse_record(data))
    words = " ".join(s.text for s in ruling.decision)
    # deal 1's error, claimed in deal 2, is penalised; deal 2's own (the same play), unclaimed,
    # stands
    # (the replay is forced: two cards each are left, so its tricks are known)
    replayed = [d.endplay_replayed for d in ruling.deals]  # type: ignore[union-attr]
    assert [r.tricks[0].trick if r else None for r in replayed] == [31, None]
    assert "upheld: Rosalind Pym (A) broke the rules of the end-play at trick 31 of deal 1" in words
    assert "trick 31 of deal 2, playing" in words
    assert "of the suit led: nobody claimed it in the deal, so the play stands" in words
    assert "fails" not in words
