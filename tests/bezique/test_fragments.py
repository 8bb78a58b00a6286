"""Issue 11: records that begin at a stated position. The fixtures named ``*fragment*`` are
ruled in ``test_rulings`` against their hand-worked expectations; here, the notation's
Rubicon declaration dispute, and the rules a fragment must keep."""

from __future__ import annotations

import json

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.errors import InputError
from adjudicator.notation import read_notation
from adjudicator.record.envelope import RecordAdapter
from adjudicator.ruling.model import Ruling
from tests.conftest import FIXTURES

DISPUTE = FIXTURES / "rubicon-bezique" / "declaration-dispute-fragment.hrn"


def _rule(text: str) -> Ruling:
    return adjudicate(RecordAdapter.validate_python(read_notation(text).data))


def test_the_declaration_dispute_says_which_fact_would_decide_it() -> None:
    ruling = _rule(DISPUTE.read_text("utf-8"))
    assert ruling.findings == []
    assert [(u.rule, u.event) for u in ruling.undetermined] == [
        ("BEZ-COMBO-4", 1),
        ("RUB-GAME-6", None),
    ]
    assert "fresh KS and QS" in ruling.undetermined[0].what
    assert ruling.result.corrected.games[0].indeterminate  # type: ignore[union-attr]


def test_the_declaration_dispute_is_decided_when_the_cards_came_off_the_table() -> None:
    text = DISPUTE.read_text("utf-8").replace(
        "declare A royal-marriage KS QS 40",
        'declare A royal-marriage KS QS 40 from=["table","table"]',
    )
    ruling = _rule(text)
    assert [(f.rule, f.severity, f.event) for f in ruling.findings] == [
        ("BEZ-COMBO-4", "violation", 1)
    ]
    assert [u.rule for u in ruling.undetermined] == ["RUB-GAME-6"]


def test_a_card_the_player_cannot_hold_is_an_input_error() -> None:
    """B's three cards are known: a fourth is not his (a card with no unknown part to come
    from is refused as for a whole deal)."""
    record = json.loads(
        (FIXTURES / "rubicon-bezique" / "endplay-fragment-decided.json").read_text()
    )
    record["events"][0]["hands"]["B"] = ["10S", "9H", "AH"]
    adjudicate(RecordAdapter.validate_python(record))  # as played: lawful
    record["events"][4]["card"] = "QS"
    with pytest.raises(InputError, match="B does not hold QS"):
        adjudicate(RecordAdapter.validate_python(record))


def test_a_position_whose_known_hand_is_too_big_is_refused_with_its_place() -> None:
    record = json.loads(
        (FIXTURES / "rubicon-bezique" / "endplay-fragment-decided.json").read_text()
    )
    record["events"][0]["hands"]["B"] = ["7D", "8D", "9D", "JD"]
    with pytest.raises(InputError) as error:
        adjudicate(RecordAdapter.validate_python(record))
    assert error.value.problems[0].pointer == "/events/0/hands/B"
    assert "4 cards known in B's hand, which holds 3" in error.value.problems[0].message


def _decided() -> dict:
    return json.loads((FIXTURES / "rubicon-bezique" / "endplay-fragment-decided.json").read_text())


def test_brisques_not_stated_are_undetermined_only_when_they_count() -> None:
    record = _decided()
    del record["events"][0]["brisques"]
    record["events"].pop()  # the agreed result
    ruling = adjudicate(RecordAdapter.validate_python(record))  # 1240 to 670: not counted
    assert ruling.undetermined == []
    record["events"][0]["scores"]["B"] = 1190  # 1240 all after the last trick: a tie
    ruling = adjudicate(RecordAdapter.validate_python(record))
    assert [(u.rule, u.event) for u in ruling.undetermined] == [("RUB-GAME-3", 0)]
    assert "brisques taken before it" in ruling.undetermined[0].why
    assert ruling.result.corrected.games[0].indeterminate  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "pointer", "message"),
    [
        ({"tables": {"A": ["KS"]}}, "/events/0/tables", "the table cards are in the hands"),
        ({"tricks": 64}, "/events/0/tricks", "none left to play"),
        (  # a declaration carried into the end-play: lost when the stock ran out (law 52)
            {"carried": {"A": [{"combination": "royal-marriage", "cards": ["KS", "QS"]}]}},
            "/events/0/carried",
            "a declaration not yet scored was lost with it (BEZ-DECL-6, law 52)",
        ),
        (
            {"stock": 9, "tables": {"B": ["7D"] * 4 + ["8D"] * 4 + ["9D"]}},
            "/events/0/tables/B",
            "holds 8 in all",
        ),
    ],
)
def test_an_impossible_position_is_one_clear_message_with_its_place(
    change: dict, pointer: str, message: str
) -> None:
    record = _decided()
    record["events"][0].update(change)
    with pytest.raises(InputError) as error:
        adjudicate(RecordAdapter.validate_python(record))
    assert (pointer, True) in [(p.pointer, message in p.message) for p in error.value.problems]


def test_the_ordinary_game_needs_the_card_under_the_stock_while_it_lasts() -> None:
    record = json.loads(
        (FIXTURES / "bezique" / "late-announcement-scored-fragment.json").read_text()
    )
    del record["events"][0]["turn_up"]
    with pytest.raises(InputError) as error:
        adjudicate(RecordAdapter.validate_python(record))
    assert [p.pointer for p in error.value.problems] == ["/events/0/trump", "/events/0/turn_up"]


def test_a_position_says_whose_carte_blanche_is_still_open() -> None:
    """RUB-CB-4 from a position (a review of 2026-12-02): the repeat shown after a draw is
    lawful only when the position says carte blanche was shown and is still open; without it
    the card shown is no carte blanche; the ordinary game has none to state."""
    path = (
        FIXTURES / "rubicon-bezique" / "carte-blanche-open-at-a-position-then-closed-fragment.json"
    )
    record = json.loads(path.read_text("utf-8"))
    assert [f.event for f in adjudicate(parse_record(record)).findings] == [12]  # 4 is lawful
    record["events"][0]["carte_blanche"] = {"A": "closed"}
    closed = adjudicate(parse_record(record)).findings
    assert [(f.rule, f.event) for f in closed] == [("RUB-CB-4", 4), ("RUB-CB-4", 12)]
    del record["events"][0]["carte_blanche"]
    unstated = adjudicate(parse_record(record)).findings
    assert 4 in [f.event for f in unstated if f.severity == "violation"]
    ordinary = json.loads(
        (FIXTURES / "bezique" / "late-announcement-scored-fragment.json").read_text()
    )
    ordinary["events"][0]["carte_blanche"] = {"A": "open"}
    with pytest.raises(InputError) as error:
        adjudicate(parse_record(ordinary))
    assert [p.pointer for p in error.value.problems] == ["/events/0/carte_blanche"]


def test_a_known_stock_is_drawn_in_order_and_written_as_a_stock_line() -> None:
    from adjudicator.notation import write_notation

    record = json.loads(
        (FIXTURES / "bezique" / "late-announcement-scored-fragment.json").read_text()
    )
    record["events"][0]["stock"] = ["9C", "QH", "7D"]  # (4 left with the turn-up)
    record["events"][2]["card"] = "QH"
    text = write_notation(record)
    assert "\nstock 9C QH 7D\n" in text
    assert read_notation(text).data["events"][0]["stock"] == ["9C", "QH", "7D"]
    adjudicate(RecordAdapter.validate_python(record))
    record["events"][2]["card"] = "7D"
    with pytest.raises(InputError, match="the top card of the stock is QH, not 7D"):
        adjudicate(RecordAdapter.validate_python(record))


def test_the_law37_twin_with_the_hand_unknown_asks_for_the_fresh_cards() -> None:
    path = FIXTURES / "rubicon-bezique" / "law37-fresh-marriage-after-sequence-fragment.json"
    record = json.loads(path.read_text())
    del record["events"][0]["hands"]["B"]
    ruling = adjudicate(RecordAdapter.validate_python(record))
    assert ruling.findings == []
    assert [(u.rule, u.event) for u in ruling.undetermined] == [
        ("BEZ-COMBO-4", 1),
        ("RUB-GAME-6", None),
    ]
    assert "did B lay a fresh KC and QC from the hand?" in ruling.undetermined[0].what


# Declarations carried "to score" at the position ----------------------------------------------

CARRIED = FIXTURES / "bezique" / "score-claim-in-time-fragment.json"


def _carried_record() -> dict[str, object]:
    return json.loads(CARRIED.read_text("utf-8"))  # type: ignore[no-any-return]


def test_a_carried_declaration_is_lost_and_its_score_struck_as_in_the_whole_record() -> None:
    ruling = adjudicate(parse_record(_carried_record()))
    assert [(f.rule, f.severity, f.event) for f in ruling.findings] == [
        ("BEZ-DECL-5", "info", 2),
        ("BEZ-DECL-5", "violation", 8),
    ]
    assert "carried from the position (event 0)" in ruling.findings[1].message


def test_a_carried_card_not_on_the_table_is_an_input_error() -> None:
    record = _carried_record()
    record["events"][0]["tables"]["A"][1] = "9D"  # type: ignore[index]
    with pytest.raises(InputError) as caught:
        adjudicate(RecordAdapter.validate_python(record))
    assert caught.value.pointer == "/events/0/carried/A/0/cards/1"
    assert "QD is not on A's table" in caught.value.message


def test_carried_cards_that_do_not_form_the_combination_are_an_input_error() -> None:
    record = _carried_record()
    record["events"][0]["carried"]["A"][0]["combination"] = "bezique"  # type: ignore[index]
    with pytest.raises(InputError) as caught:
        adjudicate(RecordAdapter.validate_python(record))
    assert caught.value.pointer == "/events/0/carried/A/0/cards"


def test_one_table_copy_serves_one_carried_declaration_only() -> None:
    record = _carried_record()
    marriage = record["events"][0]["carried"]["A"][0]  # type: ignore[index]
    record["events"][0]["carried"]["A"].append(dict(marriage))  # type: ignore[index]
    with pytest.raises(InputError) as caught:
        adjudicate(RecordAdapter.validate_python(record))
    assert caught.value.pointer == "/events/0/carried/A/1/cards/0"


@pytest.mark.parametrize(
    "path",
    sorted(FIXTURES.glob("*bezique/*fragment*.json")),
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_convert_carries_a_fragment_to_text_and_back(path: object) -> None:
    """Through ``convert``'s canonical form (the models' dump): a table card with its
    combinations stays ``{card, in}``, a carried declaration its own line."""
    from adjudicator.notation.convert import convert

    raw = path.read_bytes()  # type: ignore[attr-defined]
    text = convert(raw, "text")
    assert "Card.parse" not in text
    assert convert(text.encode(), "json") == convert(raw, "json")


def test_a_carried_marriage_scored_after_the_position_makes_trumps_for_the_implied_draws() -> None:
    """Rubicon, no trumps yet: A scores the marriage KH QH carried at the position, so hearts
    are trumps (law 41) and B's 7H wins trick 55: the draws the notation implies after it
    are B's first."""
    text = (
        "%HRN 1\ngame rubicon-bezique\nplayers A=a B=b\n\n"
        "position @pos dealer=A tricks=53 leader=A drawn=true\n"
        "table A  KH QH\ncarried A  marriage  KH QH\nstock 9D 9C 10D 10C\n"
        " 54  A   AS    7S\nscore A 40 declaration ref=@pos carried=0\n 55  A   7C    7H\n"
    )
    events = read_notation(text).data["events"]
    assert [(e["seat"], e["card"]) for e in events if e["type"] == "draw"][2:] == [
        ("B", "10D"),
        ("A", "10C"),
    ]
    ruling = adjudicate(parse_record(read_notation(text).data))
    assert ruling.findings == []
    assert ruling.deals[0].declarations[0].right_combination == "royal-marriage"
