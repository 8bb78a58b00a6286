"""Cutting for partners and the first deal (WHIST-CARD-1, WHIST-TABLE-1, WHIST-TABLE-2; EX-9).

EX-9 is Hoffmann, *Hoyle's Games Modernized* (1909), The Laws of Whist (Revised Code 1900),
laws 8-10 with footnotes 49 and 50. Players are named by the card they first cut where the
book names them that way.
"""

from __future__ import annotations

import pytest

from adjudicator.games.whist.cutting import cut_for_partners, cut_value


def test_plain_cut_without_ties() -> None:
    """WHIST-TABLE-1 (ENG1900 law 8): the two lowest against the two highest; lowest deals."""
    table = cut_for_partners([{"N": "9", "E": "4", "S": "K", "W": "2"}])
    assert table.low == ("W", "E")
    assert set(table.high) == {"N", "S"}
    assert table.dealer == "W"
    assert len(table.steps) == 2
    assert "WHIST-CARD-1" in table.steps[0]
    assert "WHIST-TABLE-1" in table.steps[-1]
    assert "W cut lowest and deals first" in table.steps[-1]


def test_ace_is_lowest_in_cutting() -> None:
    """WHIST-CARD-1 (ENG1900 law 4): "The ace is the lowest card in cutting or drawing"."""
    table = cut_for_partners([{"N": "K", "E": "A", "S": "2", "W": "Q"}])
    assert table.low == ("E", "S")
    assert table.dealer == "E"
    assert cut_value("A") < cut_value("2") < cut_value("10") == cut_value("t") < cut_value("K")


def test_equal_cards_between_the_two_highest_decide_nothing() -> None:
    """ENG1900 law 9: two equal cards "which are not the two highest" draw again; these are."""
    table = cut_for_partners([{"N": "3", "E": "J", "S": "5", "W": "J"}])
    assert table.low == ("N", "S")
    assert set(table.high) == {"E", "W"}
    with pytest.raises(ValueError, match="not needed"):
        cut_for_partners([{"N": "3", "E": "J", "S": "5", "W": "J"}, {"E": "2", "W": "7"}])


# EX-9 (a): footnote 49 to ENG1900 law 9 — 3, 6, 6, J.
FIRST_A = {"three": "3", "six1": "6", "six2": "6", "knave": "J"}


def test_ex9a_sixes_cut_again_the_lower_plays_with_the_three() -> None:
    """EX-9 (a), Hoyle's Games Modernized, Laws of Whist (1900) law 9, footnote 49.

    "Suppose, at the second draw, the two sixes draw a king and a queen, the queen plays
    with the three."
    """
    table = cut_for_partners([FIRST_A, {"six1": "K", "six2": "Q"}])
    assert table.low == ("three", "six2")
    assert set(table.high) == {"six1", "knave"}
    assert table.dealer == "three"
    assert any(
        "six1 and six2 cut equal cards (6)" in s
        and "the partnerships" in s
        and "WHIST-TABLE-2" in s
        for s in table.steps
    )


def test_ex9a_a_lower_card_in_the_new_cut_does_not_take_the_deal() -> None:
    """EX-9 (a), footnote 49: a card lower than the three in the new cut (here an ace):
    the three "still retains its privileges as original low" — deal and choice."""
    table = cut_for_partners([FIRST_A, {"six1": "9", "six2": "A"}])
    assert table.low == ("three", "six2")
    assert table.dealer == "three"
    assert "three cut lowest and deals first" in table.steps[-1]


def test_ex9a_without_the_new_cut_is_not_settled() -> None:
    """EX-9 (a): after 3, 6, 6, J alone the partners are open; the sixes must cut again."""
    with pytest.raises(ValueError, match=r"six1 and six2 cut equal cards \(6\).*partnerships"):
        cut_for_partners([FIRST_A])


# EX-9 (b): footnote 50 to ENG1900 law 10 — A, A, A, 2.
FIRST_B = {"ace1": "A", "ace2": "A", "ace3": "A", "two": "2"}


def test_ex9b_three_aces_cut_again_for_partners_and_deal() -> None:
    """EX-9 (b), Hoyle's Games Modernized, Laws of Whist (1900) law 10, footnote 50:
    three aces and a two; the aces draw again, the two is original high."""
    with pytest.raises(ValueError, match=r"ace1, ace2 and ace3 .*the partnerships and the deal"):
        cut_for_partners([FIRST_B])


def test_ex9b_redraw_two_two_king_the_twos_cut_again_for_the_deal() -> None:
    """EX-9 (b), footnote 50: new cut 2, 2, K — "the king plays with the original two,
    and the other pair of twos draw again for deal"."""
    with pytest.raises(ValueError, match=r"ace1 and ace2 cut equal cards \(2\).*the deal"):
        cut_for_partners([FIRST_B, {"ace1": "2", "ace2": "2", "ace3": "K"}])
    table = cut_for_partners(
        [FIRST_B, {"ace1": "2", "ace2": "2", "ace3": "K"}, {"ace1": "8", "ace2": "5"}]
    )
    assert set(table.high) == {"ace3", "two"}
    assert table.low == ("ace2", "ace1")
    assert table.dealer == "ace2"
    assert any(
        "ace1 and ace2 cut equal cards (2), which leaves the deal open" in s for s in table.steps
    )


def test_ex9b_redraw_ace_knave_knave_the_higher_knave_plays_with_the_two() -> None:
    """EX-9 (b), footnote 50: new cut A, J, J — "the two knaves draw again, and the higher
    plays with the two"; the ace of the new cut is lowest and deals (law 10)."""
    with pytest.raises(ValueError, match=r"ace2 and ace3 cut equal cards \(J\).*partnerships"):
        cut_for_partners([FIRST_B, {"ace1": "A", "ace2": "J", "ace3": "J"}])
    table = cut_for_partners(
        [FIRST_B, {"ace1": "A", "ace2": "J", "ace3": "J"}, {"ace2": "4", "ace3": "Q"}]
    )
    assert set(table.high) == {"ace3", "two"}
    assert table.low == ("ace1", "ace2")
    assert table.dealer == "ace1"
    assert len(table.steps) == 6


def test_four_equal_cards_all_cut_again() -> None:
    """WHIST-TABLE-2 / ENG1900 law 7 (c): equal cards draw again "if necessary"."""
    table = cut_for_partners(
        [{"N": "7", "E": "7", "S": "7", "W": "7"}, {"N": "Q", "E": "3", "S": "T", "W": "A"}]
    )
    assert table.low == ("W", "E")
    assert table.high == ("S", "N")
    assert "S 10" in table.steps[2]


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([], "no cut given"),
        ([{"N": "3", "E": "4", "S": "5"}], "four players"),
        ([{"N": "3", "E": "4", "S": "5", "W": "Z"}], "not a card rank"),
        ([FIRST_A, {"six1": "K", "knave": "Q"}], "must be by six1 and six2"),
        ([FIRST_A, {"six1": "K", "six2": "Q"}, {"three": "2"}], "not needed"),
    ],
)
def test_rounds_that_do_not_settle_the_table_are_refused(
    rounds: list[dict[str, str]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        cut_for_partners(rounds)
