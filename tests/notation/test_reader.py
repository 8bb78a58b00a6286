"""The reader on hand-written notation: every construct, hands in every form, and errors
reported all at once with line and column."""

from __future__ import annotations

import pytest

from adjudicator.errors import MAX_PROBLEMS, InputError
from adjudicator.notation import looks_like_notation, read_notation

WHIST_HEAD = """%HRN 1
game whist
"""
HANDS = """
N AK6.62.963.K97653
E QJ5.AKQJ.AKQ.AQJ
S T9874.T98.JT8.T8
W 32.7543.7542.42
"""


def events(text: str) -> list[dict]:
    return read_notation(text).data["events"]


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        read_notation(text)
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


def test_the_header_lines_make_the_envelope_with_typed_rules_and_string_names() -> None:
    data = read_notation(
        """# a comment before the version line
        %HRN 1
        game whist   # trailing comment
        rules code=english-1864 revoker_cap=4 honours_counted=false deduct_floor="zero"
        players N="Agnes Bell" E=Cyril S="Edith Frome" W=7
        start NS=3 EW=1 games=NS:2,EW:1
        meta event="Club night" date=2026-11-28 table=9
        """
    ).data
    assert data == {
        "format": "hand-record/1",
        "game": "whist",
        "rules": {
            "code": "english-1864",
            "revoker_cap": 4,
            "honours_counted": False,
            "deduct_floor": "zero",
        },
        "players": {"N": "Agnes Bell", "E": "Cyril", "S": "Edith Frome", "W": "7"},
        "start": {
            "score": {"NS": 3, "EW": 1},
            "games": [{"winner": "NS", "value": 2}, {"winner": "EW", "value": 1}],
        },
        "meta": {"event": "Club night", "date": "2026-11-28", "table": "9"},
        "events": [],
    }


@pytest.mark.parametrize(
    "hand",
    [
        "♠AK6 ♥62 ♦963 ♣K97653",
        "♠ A K 6  ♥ 6 2  ♦ 9 6 3  ♣ K 9 7 6 5 3",
        "S:AK6 H:62 D:963 C:K97653",
        "s:ak6 h:62 d:963 c:k97653",
        "AK6.62.963.K97653",
        "AS KS 6S 6H 2H 9D 6D 3D KC 9C 7C 6C 5C 3C",
        "as ks 6♠ 6h 2h 9d 6d 3d kc 9c 7c 6c 5c 3c",
    ],
)
def test_a_hand_reads_the_same_in_every_form(hand: str) -> None:
    deal = events(WHIST_HEAD + "deal dealer=S trump=3C\nN " + hand + "\n")[0]
    assert deal["hands"]["N"] == [
        "AS",
        "KS",
        "6S",
        "6H",
        "2H",
        "9D",
        "6D",
        "3D",
        "KC",
        "9C",
        "7C",
        "6C",
        "5C",
        "3C",
    ]


def test_voids_and_tens_in_the_suit_forms() -> None:
    first = events(WHIST_HEAD + "deal dealer=S trump=3C\nN AKT.-.QJ109.\n")[0]
    second = events(WHIST_HEAD + "deal dealer=S trump=3C\nN ♠ A K 10 ♥ - ♦ Q J 10 9 ♣ -\n")[0]
    assert (
        first["hands"]["N"] == second["hands"]["N"] == ["AS", "KS", "10S", "QD", "JD", "10D", "9D"]
    )


def test_a_trick_line_stands_for_the_plays_from_the_leader_to_the_left() -> None:
    notation = read_notation(
        WHIST_HEAD + "deal dealer=S trump=3C" + HANDS + "  1  W   6S  5S  TS  2S\n"
    )
    plays = notation.data["events"][1:]
    assert [(p["seat"], p["card"]) for p in plays] == [
        ("W", "2S"),
        ("N", "6S"),
        ("E", "5S"),
        ("S", "10S"),
    ]
    assert notation.event_positions[1:] == [(8, 22), (8, 10), (8, 14), (8, 18)]
    assert notation.position("/events/2/card") == (8, 10)
    assert notation.position("/players/N") is None


def test_generic_event_lines_of_whist() -> None:
    text = WHIST_HEAD + "\n".join(
        [
            'play W 4S note="led # by mistake"  # a real comment',
            "retract W",
            "claim NS revoke against=E trick=4 ref=#17",
            "claim EW revoke ref=3",
            "penalty NS tricks",
            "honours EW 4",
            "cut",
            "score NS 2 tricks",
            'score EW -3 penalty note=""',
            "result NS 6",
            "play seat=N card=th",
        ]
    )
    assert events(text) == [
        {"type": "play", "seat": "W", "card": "4S", "note": "led # by mistake"},
        {"type": "retract", "seat": "W"},
        {"type": "claim", "by": "NS", "kind": "revoke", "against": "E", "trick": 4, "ref": 17},
        {"type": "claim", "by": "EW", "kind": "revoke", "ref": 3},
        {"type": "penalty", "by": "NS", "choice": "tricks"},
        {"type": "honours", "side": "EW", "count": 4},
        {"type": "cut"},
        {"type": "score", "side": "NS", "points": 2, "for": "tricks"},
        {"type": "score", "side": "EW", "points": -3, "for": "penalty", "note": ""},
        {"type": "result", "winner": "NS", "value": 6},
        {"type": "play", "seat": "N", "card": "10H"},
    ]


BEZIQUE = """%HRN 1
game bezique
players A=Ann B=Bob
deal dealer=B turn_up=9H
A JS 9S 8S 10H 8H 8D QC 7C
B 10S QS 8S QH 9H JD 7D 8C
stock JC 9S AH KH 7S AH
"""


def test_bezique_events_and_the_draws_the_laws_imply() -> None:
    text = BEZIQUE + "\n".join(
        [
            "  1  A   7C   8C         # B wins: the same suit, higher",
            "declare B bezique QS JD 40",
            "declare B marriage KS QS to score",
            "  2  B   8D   7D         # B leads 7D, A wins with 8D",
            "exchange A 10",
            "  3  A   9S/table 9H     # trumps are hearts: B wins",
            "draw A AH                # out of turn: the draws are written",
            "draw B",
            "play B 7S from=table",
            "play A 8S",
            "no-draw                  # nobody drew",
            "score B 20 declaration ref=#3",
            "claim A score ref=#20",
        ]
    )
    found = events(text)[1:]
    assert found == [
        {"type": "play", "seat": "A", "card": "7C"},
        {"type": "play", "seat": "B", "card": "8C"},
        {
            "type": "declare",
            "seat": "B",
            "combination": "bezique",
            "cards": ["QS", "JD"],
            "points": 40,
        },
        {"type": "declare", "seat": "B", "combination": "marriage", "cards": ["KS", "QS"]},
        {"type": "draw", "seat": "B", "card": "JC"},
        {"type": "draw", "seat": "A", "card": "9S"},
        {"type": "play", "seat": "B", "card": "7D"},
        {"type": "play", "seat": "A", "card": "8D"},
        {"type": "exchange", "seat": "A", "points": 10},
        {"type": "draw", "seat": "A", "card": "AH"},
        {"type": "draw", "seat": "B", "card": "KH"},
        {"type": "play", "seat": "A", "card": "9S", "from": "table"},
        {"type": "play", "seat": "B", "card": "9H"},
        {"type": "draw", "seat": "A", "card": "AH"},
        {"type": "draw", "seat": "B"},
        {"type": "play", "seat": "B", "card": "7S", "from": "table"},
        {"type": "play", "seat": "A", "card": "8S"},
        {"type": "score", "seat": "B", "points": 20, "for": "declaration", "ref": 3},
        {"type": "claim", "by": "A", "kind": "score", "ref": 20},
    ]


def test_rubicon_trumps_are_the_suit_of_the_first_marriage_marked() -> None:
    text = """%HRN 1
    game rubicon-bezique
    deal dealer=A
    stock 7H 8H 9H 10H
      1  B   9S   7C      # no trumps yet: the leader B wins with his 7C
    declare B marriage KC QC to score
    score B 20 declaration ref=#3
      2  A   AS   7C      # clubs are trumps now: B wins again
    """
    draws = [e for e in events(text) if e["type"] == "draw"]
    assert [(d["seat"], d["card"]) for d in draws] == [
        ("B", "7H"),
        ("A", "8H"),
        ("B", "9H"),
        ("A", "10H"),
    ]


def test_without_a_stock_no_draw_is_implied() -> None:
    text = BEZIQUE.replace("stock JC 9S AH KH 7S AH\n", "") + "  1  A   7C   8C\n  2  B   8D   7D\n"
    assert [e["type"] for e in events(text)] == ["deal"] + ["play"] * 4


def test_every_syntax_problem_is_reported_with_line_and_column() -> None:
    text = (
        WHIST_HEAD
        + "deal dealer=S trump=3C"
        + HANDS
        + "\n".join(
            [
                "  1  W   6S  5S  XS  2S",
                "  3  N   AS  3D  3S",
                "  3  N   AS  3D  3S  9S",
                "plya W 4S",
                "score NS two tricks",
                "claim NS revoke trick=4 trick=5",
                'play W 4S note="unclosed',
                "N AK6.62.963.K97653",
            ]
        )
    )
    assert problems(text) == [
        "8:18: expected a card (rank then suit, e.g. 10H or QS), got XS",
        "9:3: expected a trick line: the number, the leader, then 4 cards in the columns N E S W (anything more: write play lines)",
        "11:1: expected an event (deal, play, retract, claim, penalty, honours, cut, score, result, misdeal, claim-rest, call), a trick line (its number first), a header (game, rules, players, start, meta) or a hand after its deal; got plya",
        "12:10: expected points (a whole number), got two",
        "13:25: trick is given twice",
        '14:16: a quoted string is not closed (expected ")',
        "15:1: a hand line belongs right after its deal line",
    ]


def test_trick_numbers_are_checked_against_the_tricks_of_the_deal() -> None:
    """A bad card keeps its trick counted; after a malformed line the numbers are not
    checked again until the next deal, so that one slip is not reported twice."""
    head = WHIST_HEAD + "deal dealer=S trump=3C" + HANDS
    assert problems(head + "  1  W   6S  5S  XS  2S\n  3  N   AS  3D  3S  9S\n") == [
        "8:18: expected a card (rank then suit, e.g. 10H or QS), got XS",
        "9:3: expected trick 2 here (1 complete in this deal)",
    ]
    assert problems(head + "play W 2S\n  2  N   AS  3D  3S  9S\n") == [
        "9:3: a trick line needs an empty table: the trick before is unfinished"
    ]


def test_the_version_line_and_the_game_are_required() -> None:
    assert problems("game whist\n") == ["1:1: expected '%HRN 1' on the first line"]
    assert problems("%HRN 2\n") == ["1:1: expected version 1: '%HRN 1'"]
    assert problems("%HRN 1\nplay N 2C\ncut\n") == ["2:1: expected a 'game' line before the events"]
    assert problems("%HRN 1\ngame chess\ncut\n") == [
        "2:1: expected the game: whist, bezique, rubicon-bezique"
    ]
    assert problems("") == ["1:1: expected '%HRN 1' on the first line"]


def test_headers_come_before_the_events_and_once() -> None:
    text = WHIST_HEAD + "game whist\ncut\nmeta a=b\n"
    assert problems(text) == [
        "3:1: a second game line",
        "5:1: the meta line belongs before the events",
    ]


def test_at_most_max_problems_are_reported_and_the_rest_counted() -> None:
    text = WHIST_HEAD + "bad\n" * (MAX_PROBLEMS + 5)
    found = problems(text)
    assert len(found) == MAX_PROBLEMS
    assert found[-1] == f"None:None: and more problems: reading stopped at line {MAX_PROBLEMS + 3}"


def test_notation_is_recognised_by_its_first_line_not_json() -> None:
    assert looks_like_notation(b"\xef\xbb\xbf# club night\n\n%HRN 1\ngame whist\n")
    assert not looks_like_notation(b'{"format": "hand-record/1"}')
    assert not looks_like_notation(b"# only a comment\n")
