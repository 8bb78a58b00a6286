"""Plays and leads out of turn in simulated clean deals (issue 17, classes 1 and 2).

The order of the cards is changed inside one trick, which changes no winner, so the ruling
must differ from the clean one only by the play out of turn (WHIST-IRREG-2: ENG1900-70, -71;
ENG64-67, -68; AWL-25, -26); a lead out of turn taken back adds only the lead and, under the
English codes alone, the exposed card (WHIST-IRREG-1, WHIST-PEN-1: ENG1900-64; AWL-20 I, -24).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import adjudicate, parse_record
from adjudicator.simulate.whist import generate_record
from tests.whist.test_replay import fixture, play, retract, state_after

CODES = st.sampled_from(["english-1900", "english-1864", "american-1893"])

#: order of (leader, second, third, fourth) -> the plays out of turn (position played)
ORDERS = {
    # the third before the second, then the fourth before his partner: lawful (ENG1900-70)
    (0, 2, 3, 1): [1],
    # the third before the second, then the second in his turn, the fourth last
    (0, 2, 1, 3): [1],
    # the fourth before the second while the third has not played (ENG1900-71, AWL-26)
    (0, 3, 1, 2): [1],
}


@settings(derandomize=True, max_examples=30, deadline=None)
@given(st.integers(0, 10**9), CODES, st.integers(1, 13), st.sampled_from(sorted(ORDERS)))
def test_a_trick_played_in_another_order_draws_only_the_play_out_of_turn(
    seed: int, code: str, trick: int, order: tuple[int, int, int, int]
) -> None:
    record = generate_record(seed, code=code)
    clean = adjudicate(parse_record(record))
    first = 1 + 4 * (trick - 1)  # the deal is event 0; clean tricks are four plays each
    events = record["events"]
    block = events[first : first + 4]
    assert all(e["type"] == "play" for e in block)
    events[first : first + 4] = [block[i] for i in order]
    ruling = adjudicate(parse_record(record))
    found = [(f.rule, f.severity, f.event) for f in ruling.findings if f not in clean.findings]
    want = [("WHIST-IRREG-2", "violation", first + at) for at in ORDERS[order]]
    assert found == want
    assert ruling.result.corrected == clean.result.corrected


def test_the_fourth_hand_has_no_leave_when_the_second_took_his_card_back() -> None:
    """revoke-corrected-in-time, trick 5: N leads KD (17); E, the second hand, renounces
    with KC holding diamonds; S, the third hand, plays 4D in his turn; E takes KC back. The
    third hand did not play before the second, so W, the fourth hand, has no leave to play
    before his partner (ENG1900-70 is for a third hand who played out of turn): W's card
    before E's second card is a play out of turn."""
    state, events = state_after(fixture("revoke-corrected-in-time"), 18)
    assert events[17].seat == "N" and state.expected_seat() == "E"
    for index, event in enumerate(
        [play("E", "KC"), play("S", "4D"), retract("E"), play("W", "4H")], start=18
    ):
        state.apply(index, event)
    assert [(f.rule, f.severity, f.event) for f in state.findings] == [
        ("WHIST-REVOKE-5", "warning", 18),
        ("WHIST-IRREG-2", "violation", 21),
    ]
    assert not state.may_play_now("W") and state.may_play_now("E")


@settings(derandomize=True, max_examples=30, deadline=None)
@given(st.integers(0, 10**9), CODES, st.integers(1, 13), st.integers(1, 3), st.integers(0, 12))
def test_a_lead_out_of_turn_taken_back_exposes_the_card_only_under_the_english_codes(
    seed: int, code: str, trick: int, offset: int, pick: int
) -> None:
    """A seat not on lead leads a card out of turn before the rightful lead of a trick of a
    simulated clean deal and takes it back; the deal then goes on as played. The lead is a
    WHIST-IRREG-1 violation; the card led in error is exposed under the English codes
    (WHIST-PEN-1 at the retract, ENG1900-64) and not under the American (AWL-20 I, AWL-24)."""
    record = generate_record(seed, code=code)
    clean = adjudicate(parse_record(record))
    first = 1 + 4 * (trick - 1)
    events = record["events"]
    leader = events[first]["seat"]
    seat = "NESW"[("NESW".index(leader) + offset) % 4]
    later = [e["card"] for e in events[first:53] if e.get("seat") == seat]
    card = later[pick % len(later)]
    events[first:first] = [
        {"type": "play", "seat": seat, "card": card},
        {"type": "retract", "seat": seat},
    ]
    ruling = adjudicate(parse_record(record))
    found = [(f.rule, f.severity, f.event) for f in ruling.findings if f.severity != "info"]
    want = [("WHIST-IRREG-1", "violation", first)]
    if code != "american-1893":
        want.append(("WHIST-PEN-1", "warning", first + 1))
    assert found == want
    assert ruling.result.corrected == clean.result.corrected
