"""Cards and seats: canonical text forms, lenient parsing, packs, seat order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cards import RANKS, Card, Suit, piquet_pack, sort_hand, whist_pack
from adjudicator.seats import left_of, other_side, partner_of, seats_of, side_of


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("T♥", "10H"),
        ("q♠", "QS"),
        ("2c", "2C"),
        (" A♦ ", "AD"),
        ("10s", "10S"),
        ("K♡", "KH"),
        ("jC", "JC"),
    ],
)
def test_parse_accepts_ten_as_T_lower_case_and_suit_symbols(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["XS", "1H", "11H", "H", "", "10", "QX", "Q♠♠", "AA"])
def test_parse_rejects_what_is_not_a_card_naming_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_repr_round_trips_through_parse() -> None:
    card = Card.parse("th")
    assert repr(card) == "Card.parse('10H')"
    assert eval(repr(card)) == card
    assert card.pretty == "10♥"


@settings(derandomize=True)
@given(st.sampled_from(RANKS), st.sampled_from(list(Suit)))
def test_every_card_round_trips_through_its_canonical_form(rank: str, suit: Suit) -> None:
    card = Card(rank, suit)
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(rank + suit.symbol) == card


def test_packs() -> None:
    pack = whist_pack()
    assert len(pack) == len(set(pack)) == 52
    assert sum(piquet_pack(2).values()) == 64
    assert sum(piquet_pack(4).values()) == 128
    assert {c.rank for c in piquet_pack(2)} == {"A", "10", "K", "Q", "J", "9", "8", "7"}


def test_hands_sort_by_suit_then_rank_high_first() -> None:
    hand = [Card.parse(t) for t in ["2S", "AH", "10S", "KC", "AS"]]
    assert [str(c) for c in sort_hand(hand)] == ["AS", "10S", "2S", "AH", "KC"]


def test_seats_pass_to_the_left_and_partners_sit_opposite() -> None:
    assert [left_of(s) for s in "NESW"] == ["E", "S", "W", "N"]  # type: ignore[arg-type]
    assert partner_of("N") == "S" and partner_of("E") == "W"
    assert side_of("W") == "EW" and other_side("EW") == "NS"
    assert seats_of("whist") == ("N", "E", "S", "W")
    assert seats_of("bezique") == ("A", "B")
