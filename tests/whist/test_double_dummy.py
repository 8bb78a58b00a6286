"""The double-dummy search that judges a claim of the tricks not played: exact where it answers
(checked against a plain minimax over every lawful card), and no answer past its bound."""

from __future__ import annotations

import pytest

from adjudicator.cards import Card, Suit
from adjudicator.errors import InputError
from adjudicator.games.whist.double_dummy import sure_tricks
from adjudicator.record.load import parse_record
from adjudicator.seats import WHIST_SEATS
from adjudicator.simulate.whist import generate_record

_ORDER = "23456789TJQKA"


def _brute(hands: dict[str, frozenset[Card]], leader: str, plays: list, trump: Suit) -> int:
    """North-South's tricks by plain minimax (no pruning, no memo): the reference."""
    if len(plays) == 4:
        led = plays[0][1].suit

        def key(p: tuple[str, Card]) -> tuple[int, int]:
            kind = 2 if p[1].suit is trump else 1 if p[1].suit is led else 0
            return kind, _ORDER.index(p[1].rank.replace("10", "T"))

        winner = max(plays, key=key)[0]
        rest = _brute(hands, winner, [], trump) if hands[winner] else 0
        return int(winner in "NS") + rest
    seat = WHIST_SEATS[(WHIST_SEATS.index(leader) + len(plays)) % 4]
    cards = list(hands[seat])
    if plays:
        cards = [c for c in cards if c.suit is plays[0][1].suit] or cards
    values = [
        _brute({**hands, seat: hands[seat] - {c}}, leader, [*plays, (seat, c)], trump)
        for c in cards
    ]
    return max(values) if seat in "NS" else min(values)


def _ending(seed: int, left: int, on_table: int) -> tuple[dict, list, str, Suit]:
    record = generate_record(seed)
    deal = record["events"][0]
    plays = [e for e in record["events"] if e["type"] == "play"]
    done = 4 * (13 - left) + on_table
    hands = {s: {Card.parse(c) for c in h} for s, h in deal["hands"].items()}
    for play in plays[:done]:
        hands[play["seat"]].discard(Card.parse(play["card"]))
    table = [(p["seat"], Card.parse(p["card"])) for p in plays[done - on_table : done]]
    leader = table[0][0] if table else plays[done]["seat"]
    return hands, table, leader, Card.parse(deal["trump"]).suit


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize(("left", "on_table"), [(3, 0), (3, 2), (4, 3)])
def test_the_search_gives_the_minimax_value(seed: int, left: int, on_table: int) -> None:
    hands, table, leader, trump = _ending(seed, left, on_table)
    frozen = {s: frozenset(h) for s, h in hands.items()}
    north_south = _brute(frozen, leader, table, trump)
    assert sure_tricks(hands, table, leader, trump, "NS") == north_south
    assert sure_tricks(hands, table, leader, trump, "EW") == left - north_south


def test_past_its_bound_the_search_gives_no_answer() -> None:
    hands, table, leader, trump = _ending(1, 5, 0)
    assert sure_tricks(hands, table, leader, trump, "NS", bound=10) is None
    hands, table, leader, trump = _ending(1, 7, 0)  # more tricks than it searches
    assert sure_tricks(hands, table, leader, trump, "NS") is None


def test_a_claim_of_more_tricks_than_are_left_is_an_input_error() -> None:
    record = generate_record(3)
    events = [e for e in record["events"] if e["type"] in ("deal", "play")][:41]
    events.append({"type": "claim-rest", "seat": "N", "tricks": 4})  # 3 tricks are left
    record["events"] = events
    from adjudicator import adjudicate

    with pytest.raises(InputError, match="only 3 of deal 1 are not yet played"):
        adjudicate(parse_record(record))
