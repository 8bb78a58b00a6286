"""The decision never says the opposite of the finding it words (issue 17, classes 2 and 7):
each case is a fixture, with words its decision must say and words it must not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import adjudicate, load_record, parse_record
from adjudicator.simulate.whist import generate_record
from tests.conftest import FIXTURES

CASES = {
    # a revoke claimed by the revoker's own side: the tricks do show a revoke
    "revoke-claimed-against-own-partner": (
        ["by Winifred Gale (S) of the claimants' own side", "only the adversaries"],
        ["the tricks show no revoke", "every card followed suit"],
    ),
    # the wrong number of honours claimed: the claim is good, and the mark is corrected
    "honours-claimed-three-holding-four": (
        ["The mark of 2 for honours", "is corrected to 4"],
        ["the claim fails", "without holding three"],
    ),
    # the revokers name the penalty after the claim: not "before any revoke had been claimed"
    "revoke-penalty-named-by-revokers": (
        ["their own side's: the penalty is chosen by the adversaries of the revoking side"],
        ["before any revoke had been claimed"],
    ),
    # the blind dispute writer's records of the same three cases
    "revoke-claimed-by-revokers-own-side": (
        ["of the claimants' own side"],
        ["the tricks show no revoke"],
    ),
    "penalty-named-by-revokers-after-claim": (
        ["their own side's: the penalty is chosen by the adversaries"],
        ["before any revoke had been claimed"],
    ),
    "honours-claimed-four-held-three": (["is corrected to 2"], ["the claim fails"]),
    # American code: a renounce corrected in time leaves the card callable, and no more
    # (AWL-29); the highest or lowest of the suit is an English penalty (ENG1900-80)
    "american-renounce-corrected-in-time": (
        ["the card played in error is exposed and liable to be called"],
        ["highest or lowest"],
    ),
    # American code: a card led out of turn and taken back is not exposed (AWL-20 I, AWL-24)
    "american-lead-out-of-turn-taken-back": (
        ["the card led out of turn is not exposed and may not be called"],
        ["exposed and liable to be called"],
    ),
    "american-lead-out-of-turn-taken-back-not-exposed": (
        ["the card led out of turn is not exposed"],
        ["exposed and liable to be called"],
    ),
}


@pytest.mark.parametrize("stem", sorted(CASES))
def test_the_decision_says_what_the_finding_found(stem: str) -> None:
    said, unsaid = CASES[stem]
    ruling = adjudicate(load_record(FIXTURES / "whist" / f"{stem}.json"))
    text = "\n".join(sentence.text for sentence in ruling.decision)
    for words in said:
        assert words in text, f"{stem}: not said: {words!r}\n{text}"
    for words in unsaid:
        assert words not in text, f"{stem}: said: {words!r}\n{text}"


def test_honours_not_claimed_in_a_game_won_by_tricks_are_not_called_lost() -> None:
    """The note on unclaimed honours agrees with the rule that they would count nothing."""
    ruling = adjudicate(
        load_record(FIXTURES / "whist" / "honours-unclaimed-game-won-by-tricks.json")
    )
    notes = [f.message for f in ruling.findings if f.rule == "WHIST-HONOURS-4"]
    assert len(notes) == 1
    assert "lost" not in notes[0]
    assert "would have counted nothing" in notes[0]


@settings(derandomize=True, max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["english-1900", "english-1864", "american-1893"]))
def test_a_revoke_claimed_and_paid_for_by_the_revokers_own_side_is_said_as_such(
    seed: int, code: str
) -> None:
    """A simulated deal with one revoke; after the last trick the revoker's own side claims
    it and names a penalty. The decision gives the reason the claim fails (the claimants'
    own side revoked) and never says that every card followed suit or that the penalty came
    before any claim."""
    record = generate_record(seed, code=code, inject="revoke")
    events = record["events"]
    revoke = next(
        f for f in adjudicate(parse_record(record)).findings if f.rule == "WHIST-REVOKE-1"
    )
    side = "NS" if revoke.seat in ("N", "S") else "EW"
    end = next(i for i, e in enumerate(events) if e["type"] != "play" and i > 0)
    events[end:end] = [
        {"type": "claim", "kind": "revoke", "by": side, "against": revoke.seat},
        {"type": "penalty", "by": side, "choice": "tricks"},
    ]
    text = "\n".join(s.text for s in adjudicate(parse_record(record)).decision)
    assert "of the claimants' own side" in text
    assert "every card followed suit" not in text
    assert "before any revoke had been claimed" not in text
