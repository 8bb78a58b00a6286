"""What the desk's requests do, without the web: its templates, the PBN reader, the check."""

from __future__ import annotations

import json

import pytest

from adjudicator import InputError
from adjudicator.desk import judge
from adjudicator.desk.pbn import board_notation, read_pbn
from adjudicator.notation import canonical_record, read_any
from tests.conftest import FIXTURES

#: each template and the fixture whose record it is (comments aside)
TEMPLATE_FIXTURES = {
    "whist-deal": FIXTURES / "whist" / "revoke-penalty-tricks.json",
    "whist-fragment": FIXTURES / "whist" / "revoke-stopped-proven-fragment.json",
    "bezique-deal": FIXTURES / "bezique" / "false-declaration.json",
    "rubicon-fragment": FIXTURES / "rubicon-bezique" / "declaration-dispute-fragment.hrn",
}


def test_there_is_a_template_for_each_game_and_kind_of_record() -> None:
    assert [t.key for t in judge.templates()] == list(TEMPLATE_FIXTURES)


@pytest.mark.parametrize("key", list(TEMPLATE_FIXTURES))
def test_a_template_is_its_fixtures_record_and_is_ruled(key: str) -> None:
    template = next(t for t in judge.templates() if t.key == key)
    raw = template.text.encode()
    fixture = TEMPLATE_FIXTURES[key]
    theirs, _ = read_any(fixture.read_bytes(), fixture.name)
    ours, notation = read_any(raw, "template.hrn")
    assert notation is not None and canonical_record(ours) == canonical_record(theirs)
    answer = judge.check(raw)
    assert answer["status"] == "ruled" and answer["decision"]
    assert answer["report"].startswith("<!DOCTYPE html>")


def test_a_check_gives_each_problem_its_line_and_column() -> None:
    raw = b"%HRN 1\ngame whist\nrules code=english-1900\nfoo\n  1  W  3X\n"
    answer = judge.check(raw)
    assert answer["status"] == "problems"
    places = [(p["line"], p["column"]) for p in answer["problems"]]
    assert places[0] == (4, 1) and "got foo" in answer["problems"][0]["message"]
    assert answer["text"].startswith("desk:4:1: ")


def test_a_check_of_json_places_a_problem_in_the_json() -> None:
    data = json.loads((FIXTURES / "whist" / "revoke-penalty-tricks.json").read_bytes())
    data["events"][3]["card"] = "3X"
    raw = json.dumps(data, indent=1).encode()
    answer = judge.check(raw)
    assert answer["status"] == "problems"
    first = answer["problems"][0]
    assert first["pointer"].startswith("/events/3")
    assert '"3X"' in raw.decode().splitlines()[first["line"] - 1]


def test_blank_is_empty_not_a_problem() -> None:
    assert judge.check(b"  \n") == {"status": "empty"}


def test_a_record_converts_both_ways_for_download() -> None:
    raw = (FIXTURES / "whist" / "revoke-penalty-tricks.hrn").read_bytes()
    as_json = judge.converted(raw, "json")
    assert as_json["status"] == "converted" and json.loads(as_json["text"])["game"] == "whist"
    back = judge.converted(as_json["text"].encode(), "text")
    assert back["text"].startswith("%HRN 1\n")


# PBN ----------------------------------------------------------------------------------------

PBN = """% PBN 2.1
% EXPORT
[Event "Club night"]
[Board "1"]
[Dealer "S"]
[Deal "N:AKQT76.932.K2.K3 954.K74.AQ63.764 83.AJ86.JT97.QJT J2.QT5.854.A9852"]
{ a comment [Deal "W:not a deal"]
  over two lines }
; and a comment of one line [Board "99"]

[Board "2"]
[Dealer "#"]
[Deal "E:954.K74.AQ63.764 83.AJ86.JT97.QJT - AKQT76.932.K2.K3"]
"""


def test_pbn_boards_their_dealers_and_hands_clockwise_from_the_seat_named() -> None:
    one, two = read_pbn(PBN)
    assert (one.number, one.dealer, one.line) == ("1", "S", 6)
    assert one.hands == {
        "N": "AKQT76.932.K2.K3",
        "E": "954.K74.AQ63.764",
        "S": "83.AJ86.JT97.QJT",
        "W": "J2.QT5.854.A9852",
    }
    assert (two.number, two.dealer) == ("2", "S")  # "#": the previous game's dealer
    assert two.hands == {"E": "954.K74.AQ63.764", "S": "83.AJ86.JT97.QJT", "N": "AKQT76.932.K2.K3"}


def test_a_pbn_board_starts_a_whist_record_that_wants_only_the_trump_card() -> None:
    text = board_notation(read_pbn(PBN)[0])
    assert "deal dealer=S\nN  AKQT76.932.K2.K3\n" in text
    problems = judge.check(text.encode())["problems"]
    deal_line = text.splitlines().index("deal dealer=S") + 1
    assert [(p["pointer"], p["line"]) for p in problems] == [("/events/0/trump", deal_line)]
    # the hands are those of the README's revoke dispute: its tricks and claim complete it
    dispute = (FIXTURES / "whist" / "revoke-penalty-tricks.hrn").read_text("utf-8")
    play = dispute[dispute.index("# trick, leader") :]
    typed = text.replace("deal dealer=S", "deal dealer=S trump=7D") + play
    ruled = judge.check(typed.encode())
    assert ruled["status"] == "ruled" and ruled["has_violation"]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ('[Deal "N:AKQ.x.y.z 954.K74.AQ63.764 83.AJ86.JT97.QJT J2.QT5.854.A9852"]', "N's hand"),
        ('[Deal "X:954.K74.AQ63.764"]', "a seat, ':' and four hands"),
        ('[Dealer "Q"]\n[Deal "N:- - - -"]', "the dealer 'Q'"),
    ],
)
def test_a_pbn_deal_that_cannot_be_read_names_its_board_and_line(deal: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        read_pbn(f'[Board "7"]\n{deal}\n')
    assert caught.value.message.startswith("board 7: ") and message in caught.value.message
    assert caught.value.line is not None and caught.value.line >= 2


def test_a_rulings_files_are_named_from_the_records_date_event_and_table() -> None:
    """A night's disputes saved one after the other are told apart (a review found every one
    named ``record``); a record with no date, event or table is named by its game."""
    raw = (FIXTURES / "rubicon-bezique" / "endplay-failure-to-win.json").read_bytes()
    assert judge.check(raw)["name"] == "2026-02-11-hartwell-card-club-rubicon-evening-table-1"
    record = json.loads(raw)
    record["meta"] = {"event": "Café ../../etc <b>"}
    assert judge.check(json.dumps(record).encode())["name"] == "caf-etc-b"
    record["meta"] = {}
    assert judge.check(json.dumps(record).encode())["name"] == "rubicon-bezique"
