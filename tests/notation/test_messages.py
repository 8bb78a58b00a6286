"""The notation's messages name the real problem (issue 19): a trick line without its number,
a position's counts typed short, a card mistyped inside a declaration, a deal given in part."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import InputError, adjudicate, parse_record
from adjudicator.notation import read_notation
from tests.notation.test_reader import HANDS, WHIST_HEAD, events, problems

ROOT = Path(__file__).resolve().parents[2]
BEZIQUE = """%HRN 1
game bezique
players A=a B=b
deal dealer=A turn_up=AS
A  7H 8H 9H 10H JH QH KH AH
B  7S 8S 9S 10S JS QS KS AS
  1  B  7S 7H
"""


@pytest.mark.parametrize("after", ["", "  1  W  3S AS 9S 2S\n"])
def test_a_trick_line_without_its_number_is_called_so(after: str) -> None:
    text = f"{WHIST_HEAD}deal dealer=S trump=2C{HANDS}{after}  W  4S  QJ5  7S  3S\n"
    found = problems(text.replace("QJ5  ", "QS  "))
    assert len(found) == 1 and "a trick line starts with the trick's number" in found[0]
    assert "hand" not in found[0]


def test_a_hand_line_that_is_no_trick_keeps_its_message() -> None:
    text = f"{WHIST_HEAD}deal dealer=S trump=2C{HANDS}  1  W  3S AS 9S 2S\nW 32.7543.7542.42\n"
    assert problems(text) == ["9:1: a hand line belongs right after its deal line"]


def test_a_positions_counts_may_be_typed_short() -> None:
    template = (ROOT / "adjudicator" / "desk" / "templates" / "whist-fragment.hrn").read_text()
    short = template.replace('tricks={"NS":1,"EW":2}', "tricks=NS:1,EW:2")
    assert short != template
    assert events(short)[0]["tricks"] == {"NS": 1, "EW": 2} == events(template)[0]["tricks"]


CARD = "expected a card (rank then suit, e.g. 10H or QS)"


@pytest.mark.parametrize(
    ("line", "wrong", "message"),
    [
        ("declare B marriage KX QS 20", "KX", f"{CARD}, got KX"),
        ("declare B marriage KS QX 20", "QX", f"{CARD}, got QX"),
        ("declare B marriage KS QX", "QX", f"{CARD} or the points marked, got QX"),
        (
            "declare B marriage KS QS twenty",
            "twenty",
            "expected the points marked, or 'to score' (a whole number), got twenty",
        ),
    ],
)
def test_a_card_mistyped_in_a_declaration_is_named(line: str, wrong: str, message: str) -> None:
    assert problems(BEZIQUE + line + "\n") == [f"8:{line.index(wrong) + 1}: {message}"]


def test_a_deal_without_every_hand_points_to_a_position() -> None:
    text = f"{WHIST_HEAD}players N=a E=b S=c W=d\ndeal dealer=S trump=2C\nN AK6.62.963.K9765\n"
    with pytest.raises(InputError) as caught:
        adjudicate(parse_record(read_notation(text).data))
    messages = [p.message for p in caught.value.problems]
    assert "no hand for E: a deal gives all four hands" in messages[0]
    assert "recorded as a position" in messages[0]


def test_seats_sides_and_the_game_may_be_typed_in_any_case() -> None:
    whole = (ROOT / "fixtures" / "whist" / "revoke-penalty-tricks.hrn").read_text("utf-8")
    typed = (
        whole.replace("game whist", "game Whist")
        .replace("\nN  AKQT76", "\nn  AKQT76")
        .replace("  1  W   3C", "  1  w   3C")
        .replace("claim NS revoke against=E", "claim ns revoke against=e")
        .replace("deal dealer=S", "deal dealer=s")
    )
    assert typed.count("game Whist") == typed.count("\nn  AKQT76") == 1
    assert read_notation(typed).data == read_notation(whole).data
