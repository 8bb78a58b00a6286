"""Issue 11, whist: a simulated deal cut at a trick and stated as a position there rules
the rest alike; the hands need not be stated, since the later play shows them."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import adjudicate, parse_record
from adjudicator.seats import side_of
from adjudicator.simulate.whist import INJECTIONS, generate_record
from tests.conftest import findings_from

SEEDS = st.integers(0, 10**9)
CODES = st.sampled_from(["english-1900", "english-1864", "american-1893"])


def _cut(record: dict[str, Any], trick: int, with_hands: bool) -> tuple[int, dict[str, Any]]:
    """The record from the first play of ``trick`` of its first deal, and its position."""
    events = record["events"]
    deal = events[0]
    ruling = adjudicate(parse_record(record))
    summary = ruling.deals[0]
    rows = summary.tricks  # type: ignore[union-attr]
    cut = rows[trick - 1]["plays"][0]["event"]
    won = {"NS": 0, "EW": 0}
    for row in rows[: trick - 1]:
        won[side_of(row["winner"])] += 1
    played = {p["card"] for row in rows[: trick - 1] for p in row["plays"]}
    position: dict[str, Any] = {
        "type": "position",
        "dealer": deal["dealer"],
        "trump": deal["trump"],
        "tricks": won,
        "leader": rows[trick - 1]["leader"],
        "honours": dict(summary.honours.held),  # type: ignore[union-attr]
    }
    if with_hands:
        position["hands"] = {
            seat: [c for c in cards if c not in played] for seat, cards in deal["hands"].items()
        }
    fragment = copy.deepcopy(record)
    fragment["events"] = [position, *copy.deepcopy(events[cut:])]
    for event in fragment["events"]:
        if type(event.get("ref")) is int:
            event["ref"] = event["ref"] - cut + 1
    return cut, fragment


@settings(derandomize=True, max_examples=25, deadline=None)
@given(SEEDS, CODES, st.integers(2, 12), st.booleans(), st.sampled_from([None, *INJECTIONS]))
def test_a_whist_deal_cut_at_a_trick_rules_the_rest_alike(
    seed: int, code: str, trick: int, with_hands: bool, inject: str | None
) -> None:
    try:
        record = generate_record(seed, code=code, inject=inject)
    except ValueError:  # a kind the code does not have (honours in the American code)
        return
    whole = adjudicate(parse_record(record))
    cut, fragment = _cut(record, trick, with_hands)
    if any(f.event is not None and f.event < cut for f in whole.findings):
        return  # an irregularity before the cut is not the fragment's to rule on
    part = adjudicate(parse_record(fragment))
    assert part.undetermined == []
    assert findings_from(part, 1, 1 - cut) == findings_from(whole, cut, 0)
    assert part.result.corrected == whole.result.corrected


def _stop(record: dict[str, Any], fragment: dict[str, Any], cut: int, trick: int) -> int:
    """Cut ``fragment`` after the last play of ``trick`` (of the whole record): the events
    after it are dropped. Returns the whole record's index of the first event dropped."""
    rows = adjudicate(parse_record(record)).deals[0].tricks  # type: ignore[union-attr]
    end = rows[trick - 1]["plays"][-1]["event"] + 1
    fragment["events"] = fragment["events"][: end - cut + 1]
    return end


@settings(derandomize=True, max_examples=25, deadline=None)
@given(
    SEEDS,
    CODES,
    st.integers(2, 11),
    st.integers(0, 10),
    st.booleans(),
    st.sampled_from([None, *INJECTIONS]),
)
def test_a_whist_deal_cut_at_both_ends_rules_what_it_shows_and_no_more(
    seed: int, code: str, trick: int, more: int, with_hands: bool, inject: str | None
) -> None:
    """Cut at a trick and stopped after a later one: the result is undetermined, every
    finding is the whole record's, and with the hands stated a revoke the whole record finds
    before the stop is found or (its trick not yet quitted) listed as undetermined."""
    try:
        record = generate_record(seed, code=code, inject=inject)
    except ValueError:
        return
    whole = adjudicate(parse_record(record))
    cut, fragment = _cut(record, trick, with_hands)
    if any(f.event is not None and f.event < cut for f in whole.findings):
        return
    last = min(trick + more, 12)
    end = _stop(record, fragment, cut, last)
    part = adjudicate(parse_record(fragment))
    assert [u.rule for u in part.undetermined].count("WHIST-SCORE-1") == 1
    assert part.result.corrected.indeterminate  # type: ignore[union-attr]
    seen = set(findings_from(whole, cut, 0))
    found = findings_from(part, 1, 1 - cut)
    assert set(found) <= seen, "a stopped fragment finds only what the whole record finds"
    if with_hands:
        open_ = {u.event + cut - 1 for u in part.undetermined if u.event is not None}
        for rule, _, event in seen:
            if rule == "WHIST-REVOKE-1" and event < end:
                assert (rule, "violation", event) in found or event in open_


@settings(derandomize=True, max_examples=20, deadline=None)
@given(SEEDS, CODES, st.integers(0, 2), st.booleans())
def test_a_renounce_stated_in_the_trick_in_play_is_judged_as_in_the_whole_deal(
    seed: int, code: str, extra: int, with_hands: bool
) -> None:
    """Issue 17, class 3: the position is stated after the renounce was played to the trick
    in play (in ``played``); the later play shows the renouncer held the suit, so the revoke,
    its claim and its penalty rule exactly as in the whole record."""
    record = generate_record(seed, code=code, inject="revoke")
    whole = adjudicate(parse_record(record))
    revoke = next(f for f in whole.findings if f.rule == "WHIST-REVOKE-1")
    assert revoke.trick is not None and revoke.event is not None
    cut, fragment = _cut(record, revoke.trick, with_hands)
    stated = min(revoke.event - cut + 1 + extra, 3)  # the renounce and up to two cards after it
    position = fragment["events"][0]
    plays = fragment["events"][1 : 1 + stated]
    position["played"] = [p["card"] for p in plays]
    if with_hands:
        for p in plays:
            position["hands"][p["seat"]].remove(p["card"])
    fragment["events"] = [position, *fragment["events"][1 + stated :]]
    for event in fragment["events"]:
        if type(event.get("ref")) is int:
            event["ref"] = event["ref"] - stated
    part = adjudicate(parse_record(fragment))
    shift = cut + stated - 1
    expected = [
        (rule, severity, max(event, 0))
        for rule, severity, event in findings_from(whole, cut, shift)
    ]
    assert findings_from(part, 0, 0) == expected
    assert part.result.corrected == whole.result.corrected


@settings(derandomize=True, max_examples=30, deadline=None)
@given(SEEDS, st.sampled_from(["english-1900", "english-1864"]), st.integers(2, 12))
def test_a_false_honours_claim_in_a_fragment_is_decided_when_the_later_play_shows_it(
    seed: int, code: str, trick: int
) -> None:
    """Issue 17, class 3: the honours are claimed by the side that did not hold them; the
    position does not state the honours. When the honours shown after the position (and the
    turned-up card, the dealer's) leave that side fewer than three whoever held the rest, the
    claim fails exactly as in the whole record; otherwise the question is left open."""
    record = generate_record(seed, code=code)
    claim = next((e for e in record["events"] if e["type"] == "honours"), None)
    if claim is None:
        return
    claim["side"] = "EW" if claim["side"] == "NS" else "NS"  # the side that does not hold them
    whole = adjudicate(parse_record(record))
    cut, fragment = _cut(record, trick, with_hands=False)
    del fragment["events"][0]["honours"]
    deal = record["events"][0]
    honours = {rank + deal["trump"][-1] for rank in "AKQJ"}
    owners = {e["card"]: e["seat"] for e in record["events"][cut:] if e.get("card") in honours}
    if deal["trump"] in honours:
        owners[deal["trump"]] = deal["dealer"]
    shown = sum(side_of(seat) == claim["side"] for seat in owners.values())
    part = adjudicate(parse_record(fragment))
    if shown + 4 - len(owners) < 3:  # at most two, whoever held the unseen ones
        assert part.undetermined == []
        assert findings_from(part, 1, 1 - cut) == findings_from(whole, cut, 0)
        assert part.result.corrected == whole.result.corrected
    else:
        assert [u.rule for u in part.undetermined] == ["WHIST-HONOURS-2"]
