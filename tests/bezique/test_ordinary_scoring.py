"""The ordinary game's worked examples on scoring (digest §2, E6 and E25)."""

from __future__ import annotations

from adjudicator import adjudicate, parse_record
from adjudicator.cards import Card
from adjudicator.engine.tricks import PlayedCard
from adjudicator.games.bezique.facts import BeziqueDealFacts, Trick
from adjudicator.games.bezique.judge import score_deal
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.record.bezique import BeziqueRules
from adjudicator.simulate.bezique import generate_deal

ORDINARY = VARIANTS["bezique"]


def synthetic_deal(brisques_a: int, brisques_b: int, trick_24_to: str) -> BeziqueDealFacts:
    """32 tricks: A takes ``brisques_a`` brisques, B ``brisques_b``; trick 24 to one seat."""
    brisques = [Card(r, s) for r in ("A", "10") for s in "SHDC"] * 2
    assert brisques_a + brisques_b == len(brisques)
    deal = BeziqueDealFacts(1, 0, "A", {"A": [], "B": []}, Card("9", "S"), trump=None)
    owners = ["A"] * brisques_a + ["B"] * brisques_b
    for number in range(1, 33):
        winner = trick_24_to if number == 24 else ("A" if number % 2 else "B")
        trick = Trick(number, winner, winner=winner, endplay=number > 24)
        cards = [Card("7", "C"), Card("8", "C")]
        trick.plays = [
            PlayedCard("A", cards[0], 2 * number),
            PlayedCard("B", cards[1], 2 * number + 1),
        ]
        deal.tricks.append(trick)
    # put every brisque in a trick of its owner
    slots = {
        "A": [t for t in deal.tricks if t.winner == "A"],
        "B": [t for t in deal.tricks if t.winner == "B"],
    }
    for i, owner in enumerate(owners):
        trick = slots[owner][i % len(slots[owner])]
        trick.plays[0] = PlayedCard("A", brisques[i], trick.plays[0].event)
    return deal


def test_e6_end_of_deal_brisques_and_the_24th_trick_variant() -> None:
    """E6 (PW4 sample deal): North (A) 520 before, who takes the 24th trick (10, the obsolete
    'last trick' variant) and six brisques; South (B) 630 with ten brisques -> North 590,
    South 730. Options last_trick = 24, brisque_timing = end_of_deal."""
    rules = BeziqueRules(last_trick=24, brisque_timing="end_of_deal")
    points = score_deal(synthetic_deal(6, 10, "A"), ORDINARY, rules)
    assert points.last_trick == "A"
    assert (520 + points.official["A"], 630 + points.official["B"]) == (590, 730)


def test_the_32nd_trick_scores_by_default() -> None:
    points = score_deal(synthetic_deal(8, 8, "A"), ORDINARY, BeziqueRules())
    assert points.last_trick == "B"  # trick 32 is even: B's in the synthetic deal
    assert points.official == {"A": 80, "B": 90}


def test_e25_a_loser_under_500_pays_a_double_game() -> None:
    """E25, Foster p.376 (constructed): 1000 up; the loser ends with 460 -> a double game."""
    record = generate_deal("bezique", 3)
    totals = adjudicate(parse_record(record)).deals[0].totals
    record["start"] = {"score": {"A": 1000 - totals["A"] + 5, "B": 460 - totals["B"]}}
    ruling = adjudicate(parse_record(record))
    assert ruling.result.corrected.model_dump() == {
        "score": {"A": 1005, "B": 460},
        "winner": "A",
        "indeterminate": False,
    }
    assert any("double game" in step for step in ruling.result.steps)


def test_a_challenged_mark_that_is_right_is_a_failed_claim_and_a_wrong_one_no_second_finding() -> (
    None
):
    """BEZ-SCORE-5: a `claim` of kind `score` on the right royal marriage (event 3) fails
    (warning); one on the wrong brisque mark (event 65) adds nothing to its violation."""
    import json

    from tests.conftest import FIXTURES

    record = json.loads((FIXTURES / "bezique" / "wrong-marks.json").read_text("utf-8-sig"))
    events = record["events"]
    events.append({"type": "claim", "by": "B", "kind": "score", "ref": 3})
    events.append({"type": "claim", "by": "B", "kind": "score", "ref": 65})
    ruling = adjudicate(parse_record(record))
    found = [(f.rule, f.severity, f.event) for f in ruling.findings]
    claims = len(events) - 2
    assert ("BEZ-SCORE-5", "warning", claims) in found
    assert ("BEZ-SCORE-5", "warning", claims + 1) not in found
    assert ("BEZ-SCORE-5", "violation", 65) in found


def test_an_even_number_of_face_down_cards_leaves_the_last_undrawn() -> None:
    """BEZ-IRREG-9 (Foster p.381): after an undetected missed draw the last face-down card is
    not drawn; the winner of the last stock trick takes the last but one and the loser the
    trump card. Built from a generated deal by dropping one loser's draw whose card is only
    played in the end-play."""
    from adjudicator import InputError
    from adjudicator.games.bezique import state_for
    from adjudicator.games.bezique.facts import Phase

    record = generate_deal("bezique", 21, include_stock=False)
    events = record["events"]
    draws = [i for i, e in enumerate(events) if e["type"] == "draw"]
    turn_up = record["events"][0]["turn_up"]
    for position in range(3, len(draws) - 2, 2):  # loser's draws: the second of each pair
        edited = [e for i, e in enumerate(events) if i != draws[position]]
        trial = dict(record, events=edited)
        parsed = parse_record(trial)
        state = state_for(parsed)  # type: ignore[arg-type]
        try:
            for index, event in enumerate(parsed.events):
                state.apply(index, event)
                if state.phase is Phase.END:
                    break
        except InputError:
            continue
        assert state.phase is Phase.END
        info = [f for f in state.findings if f.rule == "BEZ-IRREG-9"]
        assert len(info) == 1 and info[0].severity == "info"
        last_draw = edited[max(i for i, e in enumerate(edited) if e["type"] == "draw")]
        assert last_draw["card"] == turn_up  # the loser of the last stock trick took the trump
        assert state.hand[last_draw["seat"]][Card.parse(turn_up)] >= 1
        assert any(f.rule == "BEZ-IRREG-1" for f in state.findings)
        return
    raise AssertionError("no missed draw could be planted in this deal")
