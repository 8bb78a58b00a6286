"""The whist replay state machine, on small edits of the fixtures in ``fixtures/whist``.

Each test states the edit and what the digest (``/work/shared/rules/whist.md``) and
``docs/whist-rulings.md`` say must follow: when a renounce is established (WHIST-REVOKE-3),
what a ``retract`` does (WHIST-REVOKE-5, WHIST-PEN-1), leads and plays out of turn
(WHIST-IRREG-1, -2), a deal out of turn (WHIST-DEAL-7), and the queries ``expected_seat``
and ``legal_plays`` (WHIST-PLAY-1..5). The fixtures' ``why`` texts in
``fixtures/whist/expected`` describe the deals as played.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import InputError, adjudicate, parse_record
from adjudicator.cards import RANKS, Card, whist_pack
from adjudicator.games.whist.options import resolve
from adjudicator.games.whist.position import revealed
from adjudicator.games.whist.state import Phase, WhistState
from adjudicator.record.whist import WhistDeal, WhistPlay, WhistPosition, WhistRetract
from adjudicator.ruling.model import Ruling
from adjudicator.seats import WHIST_SEATS, left_of
from tests.conftest import FIXTURES

Record = dict[str, Any]
WHIST = sorted((FIXTURES / "whist").glob("*.json"))


# Helpers -------------------------------------------------------------------------------------


def fixture(name: str) -> Record:
    return json.loads((FIXTURES / "whist" / f"{name}.json").read_text(encoding="utf-8-sig"))


def with_rules(record: Record, **options: Any) -> Record:
    data = copy.deepcopy(record)
    data["rules"] = {**data.get("rules", {}), **options}
    return data


def rule(record: Record, **options: Any) -> Ruling:
    return adjudicate(parse_record(with_rules(record, **options)))


def found(ruling: Ruling) -> list[list[Any]]:
    return [[f.rule, f.severity, f.event] for f in ruling.findings]


def state_after(record: Record, count: int, **options: Any) -> tuple[WhistState, list[Any]]:
    """The table after the first ``count`` events, and the record's validated events."""
    parsed = parse_record(with_rules(record, **options))
    state = WhistState(resolve(parsed.rules))
    for index, event in enumerate(parsed.events[:count]):
        state.apply(index, event)
    return state, list(parsed.events)


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def names(hand: list[Card] | set[Card]) -> list[str]:
    return [str(c) for c in hand]


def retract(seat: str) -> WhistRetract:
    return WhistRetract.model_validate({"type": "retract", "seat": seat})


def play(seat: str, card: Card | str) -> WhistPlay:
    return WhistPlay.model_validate({"type": "play", "seat": seat, "card": str(card)})


def insert(record: Record, at: int, *events: Record) -> Record:
    data = copy.deepcopy(record)
    data["events"][at:at] = list(events)
    return data


# Establishing a renounce (WHIST-REVOKE-3, AMB-17) ------------------------------------------------


def test_a_renounce_is_established_by_the_next_lead_which_quits_the_trick() -> None:
    """revoke-both-sides: at trick 4 E leads KD (13) and N throws 7S (16) holding 10D 6D;
    E, who won, leads trick 5 at 17. With infer_quit_from_next_lead (the preset), that lead
    quits trick 4, so N's renounce is established at 17 -- by an adversary's lead, before
    N or S has played to trick 5. Just before the lead it is still a pending renounce."""
    record = fixture("revoke-both-sides")
    state, events = state_after(record, 17)
    assert [(r.seat, r.event) for r in state.pending] == [("N", 16)]
    state.apply(17, events[17])
    assert state.pending == []
    assert [(r.seat, r.established_at) for r in state.deal.renounces] == [("E", 13), ("N", 17)]
    revoke = rule(record).deals[0].revokes[1]
    assert (revoke.seat, revoke.event, revoke.established_at) == ("N", 16, 17)


def test_without_quitting_by_the_next_lead_the_revokers_partner_playing_establishes() -> None:
    """revoke-both-sides, infer_quit_from_next_lead = false: E's lead to trick 5 (17) does
    not establish N's renounce; S, N's partner, playing 5C to trick 5 (18) does
    (WHIST-REVOKE-3 (b): "the revoking player or his partner ... plays to the following
    trick")."""
    record = fixture("revoke-both-sides")
    state, events = state_after(record, 18, infer_quit_from_next_lead=False)
    assert [(r.seat, r.event) for r in state.pending] == [("N", 16)]
    state.apply(18, events[18])
    assert state.pending == []
    revoke = rule(record, infer_quit_from_next_lead=False).deals[0].revokes[1]
    assert (revoke.seat, revoke.established_at) == ("N", 18)


@pytest.mark.parametrize("infer", [True, False])
def test_the_revoker_leading_to_the_next_trick_establishes_under_either_reading(
    infer: bool,
) -> None:
    """revoke-both-sides: E trumps N's 3S with QH at trick 3 (10) holding spades, wins, and
    leads trick 4 himself (13): established at 13 whether or not the lead quits the trick."""
    revoke = rule(fixture("revoke-both-sides"), infer_quit_from_next_lead=infer).deals[0].revokes[0]
    assert (revoke.seat, revoke.event, revoke.established_at) == ("E", 10, 13)


def test_without_quitting_by_the_next_lead_a_retract_still_needs_the_card_on_the_table() -> None:
    """revoke-both-sides, infer_quit_from_next_lead = false; N tries to take back 7S after E's
    lead to trick 5 (event 17).

    hand-record/1 defines ``retract`` as taking back a card from the trick still on the table;
    once the next trick is led the record has moved on, so the option changes only when a
    renounce is established (by the revoker's or partner's next play), not what may be taken
    back. The retract is refused with a pointer rather than guessed at (README, AMB-17).
    """
    state, _ = state_after(fixture("revoke-both-sides"), 18, infer_quit_from_next_lead=False)
    with pytest.raises(InputError, match="no card in the trick on the table"):
        state.apply(18, retract("N"))


# Retracts (WHIST-REVOKE-5, WHIST-PEN-1) ---------------------------------------------------------


def corrected_with_free_retract() -> Record:
    """revoke-corrected-in-time, where W also takes his card back after S's correction.

    As recorded: trick 5 N KD (17), E 9D, S 10C (19, a renounce: S holds six diamonds),
    W 4H (20); S takes 10C back (21) and plays 4D (22). Edit: W then takes back 4H (new 23)
    and plays 8H (new 24); at trick 8 he plays 4H where he had played 8H (now event 34).
    Either heart is the only trump in both tricks, so W still wins both; every later event
    moves up by two.
    """
    record = fixture("revoke-corrected-in-time")
    assert record["events"][32] == {"type": "play", "seat": "W", "card": "8H"}
    record["events"][32]["card"] = "4H"
    return insert(
        record,
        23,
        {"type": "retract", "seat": "W"},
        {"type": "play", "seat": "W", "card": "8H"},
    )


def test_players_after_a_corrected_renounce_take_back_their_cards_free() -> None:
    """corrected_with_free_retract: S's correction is a WHIST-REVOKE-5 warning at the renounce
    (19) and 10C is exposed; W, who played after S, may take back his card and substitute
    another without penalty (WHIST-REVOKE-5: "cards so withdrawn are not liable to be
    called"): no finding for W's retract (23), 4H is not exposed. Trick 5 ends N KD, E 9D,
    S 4D, W 8H, won by W, who leads trick 6. The ruling is otherwise the fixture's."""
    record = corrected_with_free_retract()
    state, events = state_after(record, 24)
    assert [(f.rule, f.event) for f in state.findings] == [("WHIST-REVOKE-5", 19)]
    assert state.exposed["S"] == {Card.parse("10C")}
    assert state.exposed["W"] == set()
    assert Card.parse("4H") in state.hands["W"]
    state.apply(24, events[24])
    assert [(p.seat, str(p.card)) for p in state.trick.plays] == [
        ("N", "KD"),
        ("E", "9D"),
        ("S", "4D"),
        ("W", "8H"),
    ]
    assert state.expected_seat() == "W"

    ruling = rule(record)
    assert found(ruling) == [["WHIST-REVOKE-5", "warning", 19]]
    assert [(g.winner, g.value) for g in ruling.result.corrected.games] == [("NS", 3), ("EW", 2)]


def test_a_later_players_second_retract_is_not_free() -> None:
    """corrected_with_free_retract, then W takes back his substitute 8H as well (event 25):
    the free withdrawal is used up, so this is a card taken back in error -- WHIST-PEN-1
    warning at 25, and 8H is exposed."""
    state, _ = state_after(corrected_with_free_retract(), 25)
    state.apply(25, retract("W"))
    assert [(f.rule, f.severity, f.event) for f in state.findings][-1] == (
        "WHIST-PEN-1",
        "warning",
        25,
    )
    assert state.exposed["W"] == {Card.parse("8H")}


def test_taking_back_a_card_that_followed_suit_is_a_pen_1_warning_and_exposes_it() -> None:
    """revoke-corrected-in-time with S taking back 4S, which followed E's 2S lead at trick 1
    (event 2), and playing it again: new events 3 (retract) and 4 (4S). Not a renounce, so
    WHIST-PEN-1 warning at the retract (3); the card is exposed until played (WHIST-PEN-2),
    and S must still follow suit with it or another spade. The fixture's REVOKE-5 moves to
    21."""
    record = insert(
        fixture("revoke-corrected-in-time"),
        3,
        {"type": "retract", "seat": "S"},
        {"type": "play", "seat": "S", "card": "4S"},
    )
    state, events = state_after(record, 4)
    assert [(f.rule, f.event, f.seat, f.trick) for f in state.findings] == [
        ("WHIST-PEN-1", 3, "S", 1)
    ]
    assert state.exposed["S"] == {Card.parse("4S")}
    assert state.expected_seat() == "S"
    assert names(state.legal_plays("S")) == ["KS", "8S", "4S"]
    state.apply(4, events[4])
    assert state.exposed["S"] == set()
    assert found(rule(record)) == [
        ["WHIST-PEN-1", "warning", 3],
        ["WHIST-REVOKE-5", "warning", 21],
    ]


# Leads and plays out of turn (WHIST-IRREG-1, -2) ------------------------------------------------


def test_a_lead_out_of_turn_followed_by_all_four_stands() -> None:
    """lead-out-of-turn: S won trick 4, but N leads 6D to trick 5 (17); E, S and W play to it.
    WHIST-IRREG-1 violation at 17 (seat N, trick 5, S to lead); the trick is complete and
    stands (ENG1900-66): won by S's trump 4S, and S leads trick 6. No card is taken back."""
    ruling = rule(fixture("lead-out-of-turn"))
    irreg = next(f for f in ruling.findings if f.rule == "WHIST-IRREG-1")
    assert (irreg.event, irreg.seat, irreg.trick, irreg.legal) == (17, "N", 5, ["S to lead"])
    trick5, trick6 = ruling.deals[0].tricks[4], ruling.deals[0].tricks[5]
    assert trick5["leader"] == "S"
    assert [(p["seat"], p["card"]) for p in trick5["plays"]] == [
        ("N", "6D"),
        ("E", "KD"),
        ("S", "4S"),
        ("W", "4D"),
    ]
    assert trick5["winner"] == "S"
    assert trick6["leader"] == "S"
    assert not [f for f in ruling.findings if f.rule == "WHIST-PEN-1"]


@pytest.mark.parametrize(("code", "exposed"), [("english-1900", True), ("american-1893", False)])
def test_a_lead_out_of_turn_taken_back_before_the_others_played(code: str, exposed: bool) -> None:
    """lead-out-of-turn, replayed to N's false lead 6D (17), after which E plays KD to it (18);
    then N takes 6D back (19) and E takes KD back (20), before S and W play.

    The false lead is WHIST-IRREG-1 at 17; the replay expects E next (the seat to N's left).
    Under the English codes N's retract is WHIST-PEN-1 at 19: 6D is an exposed card
    (ENG1900-64: the adversaries may call it); under AWL-20 I a card led out of turn is not,
    and taking it back draws no finding (the penalty is a suit call, AWL-24).
    E played only to the false lead: his card comes back without penalty (ENG1900-66,
    AWL-24) -- no finding, not exposed. S, the rightful leader, is then on lead with any
    card of his hand.
    """
    state, events = state_after(fixture("lead-out-of-turn"), 17, code=code)
    assert state.expected_seat() == "S"
    state.apply(17, events[17])
    assert [(f.rule, f.event) for f in state.findings] == [("WHIST-IRREG-1", 17)]
    assert state.expected_seat() == "E"
    state.apply(18, events[18])
    state.apply(19, retract("N"))
    state.apply(20, retract("E"))
    assert [(f.rule, f.event) for f in state.findings] == [
        ("WHIST-IRREG-1", 17),
        *([("WHIST-PEN-1", 19)] if exposed else []),
    ]
    assert (Card.parse("6D") in state.exposed["N"]) is exposed
    assert state.exposed["E"] == set()
    assert state.trick.plays == []
    assert state.expected_seat() == "S"
    assert sorted(names(state.legal_plays("S"))) == sorted(names(state.hands["S"]))
    assert len(state.legal_plays("S")) == 9  # 13 less the four cards of tricks 1-4


@pytest.mark.parametrize("code", ["english-1900", "english-1864", "american-1893"])
@pytest.mark.parametrize("follower_first", [False, True])
def test_a_renounce_to_a_false_lead_taken_back_is_no_revoke(
    code: str, follower_first: bool
) -> None:
    """false-lead-follower-renounce: S leads QC out of turn (17), W plays 4S to it holding 10C
    (18), and both cards are taken back (19, 20), in either order. Cards played to a false
    lead come back without penalty (ENG64-63, ENG1900-66, AWL-24): no WHIST-REVOKE-5, W's 4S
    is not exposed and no renounce is pending; an info note says why."""
    record = fixture("false-lead-follower-renounce")
    state, _ = state_after(record, 19, code=code)
    first, second = ("W", "S") if follower_first else ("S", "W")
    state.apply(19, retract(first))
    state.apply(20, retract(second))
    rules = [(f.rule, f.severity, f.event) for f in state.findings]
    assert ("WHIST-IRREG-1", "info", 18) in rules
    assert not [r for r in rules if r[0] == "WHIST-REVOKE-5"]
    assert state.exposed["W"] == set()
    assert state.pending == []
    assert state.trick.plays == []
    assert state.expected_seat() == "E"


def test_a_play_before_the_seat_whose_turn_it_is_is_irreg_2() -> None:
    """revoke-penalty-deduct with events 2 and 3 swapped: S leads AS (1), then N plays 4S (2)
    before W, whose turn it was, and W plays 3S (3). WHIST-IRREG-2 violation at 2 (seat N,
    trick 1, W to play); W's play is then in turn (the next seat without a card to the left
    of the leader). The trick is won by AS as before; the fixture's REVOKE-1 at 10 stays."""
    record = fixture("revoke-penalty-deduct")
    events = record["events"]
    events[2], events[3] = events[3], events[2]
    state, parsed = state_after(record, 2)
    assert state.expected_seat() == "W"
    state.apply(2, parsed[2])
    assert state.expected_seat() == "W"
    ruling = rule(record)
    assert found(ruling) == [
        ["WHIST-IRREG-2", "violation", 2],
        ["WHIST-REVOKE-1", "violation", 10],
    ]
    irreg = ruling.findings[0]
    assert (irreg.seat, irreg.trick, irreg.legal) == ("N", 1, ["W to play"])
    assert ruling.deals[0].tricks[0]["winner"] == "S"


# The queries: expected_seat and legal_plays (WHIST-PLAY-1..5) ----------------------------------


def test_expected_seat_and_legal_plays_through_the_first_tricks() -> None:
    """revoke-penalty-deduct: E deals, so S (eldest hand) leads trick 1 with any card
    (WHIST-PLAY-1); after S's AS, W must follow with a spade (10S 3S) and so must N
    (QS 8S 6S 4S); once the trick is complete AS's owner S is to lead again (WHIST-PLAY-5).
    At trick 3 S leads 3D and W must play one of AD JD 10D 7D 5D (he renounced with 3H).
    At trick 7 W leads 5D, N plays KD, and E, with no diamond left, may play any card."""
    record = fixture("revoke-penalty-deduct")
    state, _ = state_after(record, 1)
    assert state.expected_seat() == "S"
    assert names(state.legal_plays("S")) == names(cards("AS KS JS 9S 7S 9H 8H 6H 8D 4D 3D AC QC"))
    state, _ = state_after(record, 2)
    assert state.expected_seat() == "W"
    assert names(state.legal_plays("W")) == ["10S", "3S"]
    assert names(state.legal_plays("N")) == ["QS", "8S", "6S", "4S"]
    state, _ = state_after(record, 5)
    assert state.expected_seat() == "S"
    assert len(state.legal_plays("S")) == 12
    state, _ = state_after(record, 10)
    assert state.expected_seat() == "W"
    assert names(state.legal_plays("W")) == ["AD", "JD", "10D", "7D", "5D"]
    state, _ = state_after(record, 27)
    assert state.expected_seat() == "E"
    assert not [c for c in state.hands["E"] if c.suit == "D"]
    assert names(state.legal_plays("E")) == ["KH", "4H", "9C", "5C", "4C", "3C", "2C"]
    state, _ = state_after(record, 53)
    assert state.phase is Phase.AFTER_PLAY


# A deal out of turn (WHIST-DEAL-7) -------------------------------------------------------------


def test_a_deal_by_the_wrong_dealer_stands_and_its_left_leads() -> None:
    """honours-claimed: N deals deal 1, so E should deal deal 2 (WHIST-DEAL-4). Edit: W deals
    it (event 57), turning up 9H from his own hand (hearts stay trumps). WHIST-DEAL-7
    violation at 57 (seat W, deal 2); the deal stands, so N, W's left, is on lead
    (WHIST-PLAY-1) and S's lead of 2H (58) is a lead out of turn: WHIST-IRREG-1 at 58, N to
    lead. All four play to it, so it stands, and nothing else changes: the heart honours are
    still all E-W's, E-W go out 5 to 3, a single."""
    record = fixture("honours-claimed")
    record["events"][57]["dealer"] = "W"
    record["events"][57]["trump"] = "9H"
    state, _ = state_after(record, 58)
    assert state.expected_seat() == "N"
    ruling = rule(record)
    assert found(ruling) == [
        ["WHIST-DEAL-7", "violation", 57],
        ["WHIST-IRREG-1", "violation", 58],
    ]
    deal7, irreg = ruling.findings
    assert (deal7.seat, deal7.deal) == ("W", 2)
    assert (irreg.seat, irreg.legal) == ("S", ["N to lead"])
    assert [(g.winner, g.value) for g in ruling.result.corrected.games] == [("EW", 1)]


# The legal field of a revoke finding ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rule_id", "event", "legal"),
    [
        # W was dealt AD JD 10D 7D 5D and had played none when he threw 3H at trick 3
        ("revoke-penalty-deduct", "WHIST-REVOKE-1", 10, ["AD", "JD", "10D", "7D", "5D"]),
        # N was dealt AD 10D 6D and had led AD at trick 1, so held 10D 6D at trick 4
        ("revoke-both-sides", "WHIST-REVOKE-1", 16, ["10D", "6D"]),
        # S was dealt seven diamonds and had played 2D at trick 2: six left at trick 5
        (
            "revoke-corrected-in-time",
            "WHIST-REVOKE-5",
            19,
            ["QD", "10D", "8D", "6D", "5D", "4D"],
        ),
    ],
)
def test_a_renounce_finding_lists_the_cards_of_the_suit_led_the_player_held(
    name: str, rule_id: str, event: int, legal: list[str]
) -> None:
    finding = next(f for f in rule(fixture(name)).findings if f.event == event)
    assert finding.rule == rule_id
    assert finding.legal == legal
    assert " ".join(legal) in finding.message


# Properties ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", WHIST, ids=[p.stem for p in WHIST])
def test_the_queries_agree_with_the_findings_on_every_fixture(path: Any) -> None:
    """A play is flagged as a renounce (REVOKE-1 or -5, at the play) exactly when its card
    was not among ``legal_plays`` of its seat (or, played to a false lead taken back, noted
    as IRREG-1 info), and as out of turn (IRREG-1 or -2, at the play) exactly when its seat
    was not ``expected_seat()``."""
    parsed = parse_record(json.loads(path.read_text(encoding="utf-8-sig")))
    state = WhistState(resolve(parsed.rules))
    state.revealed = revealed(parsed.events)  # (a fragment's hands: what is played later)
    illegal, out_of_turn = set(), set()
    for index, event in enumerate(parsed.events):
        if isinstance(event, WhistPlay):
            if event.card not in state.legal_plays(event.seat):
                illegal.add(index)
            if not state.may_play_now(event.seat):
                out_of_turn.add(index)
        state.apply(index, event)
    findings = state.finish().findings
    # a renounce to a false lead taken back is noted under the false-lead law, as info
    false_lead_renounce = {
        f.event for f in findings if f.rule == "WHIST-IRREG-1" and f.severity == "info"
    }
    # a renounce among the cards a position states as played is found at the position
    positions = {i for i, e in enumerate(parsed.events) if isinstance(e, WhistPosition)}
    renounces = {
        f.event
        for f in findings
        if f.rule in ("WHIST-REVOKE-1", "WHIST-REVOKE-5") and f.event not in positions
    } | false_lead_renounce
    irregular = {
        f.event
        for f in findings
        if f.rule in ("WHIST-IRREG-1", "WHIST-IRREG-2") and f.severity != "info"
    }
    assert renounces == illegal
    assert irregular == out_of_turn


def winner_of(plays: list[tuple[str, Card]], trump: str) -> str:
    """An independent reading of WHIST-PLAY-4: the highest trump, else the highest card of
    the suit led."""
    led = plays[0][1].suit
    trumps = [p for p in plays if p[1].suit == trump]
    contenders = trumps or [p for p in plays if p[1].suit == led]
    return min(contenders, key=lambda p: RANKS.index(p[1].rank))[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pack=st.permutations(whist_pack()),
    dealer=st.sampled_from(WHIST_SEATS),
    turn_up=st.integers(0, 12),
    data=st.data(),
)
def test_a_random_deal_is_replayed_by_the_rules_of_play(
    pack: list[Card], dealer: str, turn_up: int, data: st.DataObject
) -> None:
    """A random deal played out by ``expected_seat()``, each card drawn from the seat's hand:
    sometimes a card outside ``legal_plays`` (a renounce) when there is one. Then:
    the leader of trick 1 is the dealer's left and of every later trick the previous
    winner; the winners agree with an independent reading of WHIST-PLAY-4; there is no
    finding but one WHIST-REVOKE-1 at each renouncing play, whose ``legal`` lists the cards
    of the suit led the player held; the tricks won add up to 13."""
    hands = {
        seat: sorted(pack[13 * i : 13 * i + 13], key=str) for i, seat in enumerate(WHIST_SEATS)
    }
    trump = hands[dealer][turn_up]
    deal = WhistDeal.model_validate(
        {
            "type": "deal",
            "dealer": dealer,
            "hands": {s: [str(c) for c in h] for s, h in hands.items()},
            "trump": str(trump),
        }
    )
    state = WhistState(resolve(parse_record(_envelope()).rules))
    state.apply(0, deal)
    renounces: dict[int, list[str]] = {}
    leader = left_of(dealer)  # type: ignore[arg-type]
    index = 1
    for _ in range(13):
        assert state.expected_seat() == leader
        plays: list[tuple[str, Card]] = []
        for _ in range(4):
            seat = state.expected_seat()
            hand = sorted(state.hands[seat], key=str)
            legal = state.legal_plays(seat)
            others = [c for c in hand if c not in legal]
            if others and data.draw(st.booleans(), label="renounce"):
                card = data.draw(st.sampled_from(others), label="card")
                led = plays[0][1].suit
                renounces[index] = names([c for c in legal if c.suit == led])
            else:
                card = data.draw(st.sampled_from(legal), label="card")
            state.apply(index, play(seat, card))
            plays.append((seat, card))
            index += 1
        leader = winner_of(plays, trump.suit)
        assert state.trick.winner == leader
    assert state.phase is Phase.AFTER_PLAY
    replayed = state.finish()
    findings = {f.event: f for f in replayed.findings}
    assert {e: f.rule for e, f in findings.items()} == dict.fromkeys(renounces, "WHIST-REVOKE-1")
    assert {e: sorted(f.legal or []) for e, f in findings.items()} == {
        e: sorted(v) for e, v in renounces.items()
    }
    assert sum(replayed.deals[0].tricks_won().values()) == 13


def _envelope() -> Record:
    return {
        "format": "hand-record/1",
        "game": "whist",
        "players": {"N": "N", "E": "E", "S": "S", "W": "W"},
        "events": [],
    }
