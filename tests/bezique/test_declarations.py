"""The digest's worked examples on declarations and play (§2, E7-E24) as unit tests.

Each scenario is a short deal built event by event and replayed through ``parse_record``
and the game's ``BeziqueState``: the deal gives no ``stock``, so every draw names its card
and the hands are chosen freely. Seat A is the pone (B deals) and leads to trick 1. Cards
the test does not care about ("spares") are dealt, drawn, led and discarded by the ``Deal``
builder, which never plays a card the test named.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from adjudicator import parse_record
from adjudicator.cards import Card
from adjudicator.games import bezique, rubicon
from adjudicator.games.bezique.facts import Declaration
from adjudicator.games.bezique.judge import score_deal
from adjudicator.games.bezique.state import BeziqueState

ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")  # BEZ-CARDS-2, high to low
ORD, RUB = "bezique", "rubicon-bezique"
#: spare cards, dealt and drawn in this order (cycling), and played in this order
SPARES = tuple(r + s for r in "789J" for s in "SDCH" if r + s != "JD")
#: every card, suit by suit: spades are dealt, drawn and played first (for the end-play)
EVERY_CARD = tuple(r + s for s in "SDCH" for r in ORDER[::-1])
INFO, VIOLATION = "info", "violation"
BEZ1, BEZ2 = ["QS", "JD"], ["QS", "QS", "JD", "JD"]
KINGS, ACES = ["KS", "KH", "KD", "KC"], ["AS", "AH", "AD", "AC"]
SEQ_H = ["AH", "10H", "KH", "QH", "JH"]


def beats(reply: str, lead: str, trump: str | None) -> bool:
    """BEZ-PLAY-3: a trump beats a plain card; otherwise only a higher card of the suit led."""
    if reply[-1] == lead[-1]:
        return ORDER.index(reply[:-1]) < ORDER.index(lead[:-1])
    return reply[-1] == trump


class Deal:
    """One deal's events, with the cards each seat holds (hand, table, spares) by name."""

    def __init__(
        self,
        game: str,
        a: list[str] | tuple[str, ...] = (),
        b: list[str] | tuple[str, ...] = (),
        turn_up: str | None = None,
        spares: tuple[str, ...] = SPARES,
        rules: dict[str, Any] | None = None,
        dealer: str = "B",
    ) -> None:
        self.game, self.rules, self.turn_up = game, rules or {}, turn_up
        self.copies, size, self.stock = (4, 9, 110) if game == RUB else (2, 8, 48)
        self.trump = turn_up[-1] if turn_up else None  # Rubicon: set it when a marriage scores
        self.used = Counter([*a, *b] + ([turn_up] if turn_up else []))
        self.pool, self.cursor = list(spares), 0
        self.hand = {"A": list(a), "B": list(b)}
        self.table: dict[str, list[str]] = {"A": [], "B": []}
        self.spare: dict[str, list[str]] = {"A": [], "B": []}
        for seat in "AB":
            while len(self.hand[seat]) < size:
                self._give(seat, self._spare_card(), spare=True)
        hands = {s: list(self.hand[s]) for s in "AB"}
        deal = {"type": "deal", "dealer": dealer, "hands": hands}
        self.events: list[dict[str, Any]] = [deal | ({"turn_up": turn_up} if turn_up else {})]
        self.leader, self.winner = "A" if dealer == "B" else "B", "?"

    def _spare_card(self) -> str:
        for _ in self.pool:
            card = self.pool[self.cursor % len(self.pool)]
            self.cursor += 1
            if self.used[card] < self.copies:
                self.used[card] += 1
                return card
        raise AssertionError("the spare pool is exhausted")

    def _give(self, seat: str, card: str, spare: bool) -> None:
        self.hand[seat].append(card)
        self.spare[seat] += [card] if spare else []

    def add(self, **event: Any) -> int:
        self.events.append(event)
        return len(self.events) - 1

    def play(self, seat: str, card: str, source: str | None = None) -> int:
        where = source or ("hand" if card in self.hand[seat] else "table")
        (self.hand if where == "hand" else self.table)[seat].remove(card)
        if card in self.spare[seat] and where == "hand":
            self.spare[seat].remove(card)
        return self.add(type="play", seat=seat, card=card, **({"from": source} if source else {}))

    def trick(self, lead: str | None = None, reply: str | None = None, winner: str | None = None):
        """A trick won by ``winner`` (default the leader), on spares unless the cards are named;
        a named lead lying on the leader's table is played from there."""
        leader, other, named = self.leader, "B" if self.leader == "A" else "A", lead is not None
        leads = [lead] if lead else sorted(self.spare[leader], key=self.pool.index)
        replies = [reply] if reply else sorted(self.spare[other], key=self.pool.index)
        wanted = winner or leader
        lead, reply = next(
            (x, y) for x in leads for y in replies if beats(y, x, self.trump) == (wanted == other)
        )
        first = self.play(leader, lead, "table" if named and lead in self.table[leader] else None)
        self.play(other, reply)
        self.winner = self.leader = wanted
        return first

    def draw(self, first: str | None = None, second: str | None = None) -> int:
        """The winner draws, then the loser: a named card, else a spare (the turn-up last)."""
        for seat, card in ((self.winner, first), ("B" if self.winner == "A" else "A", second)):
            if self.stock == 1 and self.turn_up:
                card, spare = self.turn_up, False
            elif card is None:
                card, spare = self._spare_card(), True
            else:
                self.used[card], spare = self.used[card] + 1, False
            self.stock -= 1
            self._give(seat, card, spare)
            index = self.add(type="draw", seat=seat, card=card)
        return index

    def declare(self, seat: str, combination: str, cards: list[str], points: int | None = None):
        for card in cards if combination != "carte-blanche" else []:  # shown, then taken back
            if card not in self.table[seat] and card in self.hand[seat]:
                self.hand[seat].remove(card)
                self.table[seat].append(card)
        event = {"type": "declare", "seat": seat, "combination": combination, "cards": cards}
        return self.add(**event | ({"points": points} if points is not None else {}))

    def score(self, seat: str, points: int, ref: int) -> int:
        return self.add(type="score", seat=seat, points=points, ref=ref, **{"for": "declaration"})

    def exchange(self, seat: str) -> int:
        seven = "7" + str(self.trump)
        self.hand[seat].remove(seven)
        self.hand[seat].append(str(self.turn_up))
        self.turn_up = seven
        return self.add(type="exchange", seat=seat, points=10)

    def win(self, *said: tuple, lead: str | None = None, draw: str | None = None, winner=None):
        """A trick, the winner's declarations ``(combination, cards[, points])`` and scores of
        carried ones ``("score", ref, points)``, then the draws (``draw``: the winner's card)."""
        self.trick(lead, winner=winner)
        events = [
            self.score(self.winner, x[2], x[1])
            if x[0] == "score"
            else self.declare(self.winner, *x)
            for x in said
        ]
        self.draw(draw)
        return events

    def check(self, *expected: tuple[str, str, int]) -> BeziqueState:
        """Replay through ``parse_record`` and ``state_for``; the findings must be ``expected``."""
        players = {"A": "North", "B": "South"}
        raw = {"format": "hand-record/1", "game": self.game, "rules": self.rules}
        self.record = parse_record(raw | {"players": players, "events": self.events})
        state = (rubicon if self.game == RUB else bezique).state_for(self.record)  # type: ignore[arg-type]
        for index, event in enumerate(self.record.events):
            state.apply(index, event)
        assert [(f.rule, f.severity, f.event) for f in state.findings] == list(expected)
        return state

    def points(self, state: BeziqueState, seat: str = "A", item: str = "") -> int:
        """The points the rules give the seat for ``item`` (default: declarations and carte
        blanche as the cards made them, law-50 scores that merely stand excluded)."""
        lines = score_deal(state.deal, state.variant, self.record.rules).lines
        lines = [x for x in lines if x["seat"] == seat]
        if item:
            return sum(x["points"] for x in lines if x["item"] == item)
        return sum(x["points"] for x in lines if x["rule"] in ("BEZ-COMBO-0", "RUB-CB-1"))


def the(state: BeziqueState, event: int) -> Declaration:
    return next(d for d in state.deal.declarations if d.event == event)


def said(state: BeziqueState, *events: int) -> str:
    """Each declaration as judged: "scored 40", "to-score 0", "lost 0 BEZ-DECL-5" ..."""
    judged = [the(state, e) for e in events]
    return ", ".join(
        " ".join([d.status if d.legal else "illegal", str(d.value)] + ([d.rule] if d.rule else []))
        for d in judged
    )


# E7, E8: running totals; one score per trick ----------------------------------------------


def test_running_totals_follow_each_trick_won_and_its_one_declaration() -> None:
    """E7, PW3 sample deal: South 110 + 20 (diamond marriage) = 130; North 320 + 100 = 420."""
    t = Deal(ORD, a=ACES, b=["KD", "QD"], turn_up="9H", dealer="A")  # North A, South B
    [marriage] = t.win(("marriage", ["KD", "QD"], 20))  # South leads and wins
    [aces] = t.win(("four-aces", ACES, 100), winner="A")  # North beats South's lead
    state = t.check()
    assert said(state, marriage, aces) == "scored 20, scored 100"
    assert (320 + t.points(state, "A"), 110 + t.points(state, "B")) == (420, 130)


E8_HAND = ["JD", "JD", "QS", "QS", "QD", "QH", "KH"]  # hearts trumps (Foster's illustration)


@pytest.mark.parametrize(
    ("order", "judged", "total"),
    [
        (["bezique", "double-bezique"], "scored 40, scored 500", 540),
        (["double-bezique", "bezique"], "scored 500, illegal 0 BEZ-COMBO-4", 500),
    ],
    ids=["single-then-double", "double-at-once"],
)
def test_single_then_double_bezique_scores_540_the_double_at_once_500(
    order: list[str], judged: str, total: int
) -> None:
    """E8, Foster p.379: the single (40), then the second bézique from the hand (500) = 540;
    the double first (500), and a single from its cards is then lower after higher (BEZ-COMBO-4)."""
    t = Deal(ORD, a=E8_HAND, turn_up="9H")
    cards = {"bezique": (BEZ1, 40), "double-bezique": (BEZ2, 500)}
    first, second = [t.win((name, *cards[name]))[0] for name in order]
    state = t.check(*[("BEZ-COMBO-4", VIOLATION, second)] * (total == 500))
    assert said(state, first, second) == judged
    assert t.points(state) == total


def test_600_cannot_be_claimed_at_once_only_one_combination_scores_per_trick() -> None:
    """E8, Foster p.379: double bézique, sixty queens and the royal marriage on one trick."""
    t = Deal(ORD, a=E8_HAND, turn_up="9H")
    queens, royal = (
        ("four-queens", ["QS", "QS", "QD", "QH"], 60),
        ("royal-marriage", ["KH", "QH"], 40),
    )
    _, queens_at, royal_at = t.win(("double-bezique", BEZ2, 500), queens, royal)
    state = t.check(("BEZ-DECL-3", VIOLATION, queens_at), ("BEZ-DECL-3", VIOLATION, royal_at))
    assert t.points(state) == 500


def test_a_second_single_then_500_for_the_pair_is_no_new_card() -> None:
    """E8, Foster p.379: 40 for the second bézique, then 500 for the pair -> BEZ-COMBO-6."""
    t = Deal(ORD, a=E8_HAND, turn_up="9H")
    t.win(("bezique", BEZ1, 40))
    [second] = t.win(("bezique", BEZ1, 40))  # the other Q♠ and J♦, from the hand
    [pair] = t.win(("double-bezique", BEZ2, 500))
    state = t.check(("BEZ-COMBO-6", VIOLATION, pair))
    assert said(state, second, pair) == "scored 40, illegal 0 BEZ-COMBO-6"
    assert t.points(state) == 80


# E9, E10, E12, E23, E24: the class rules of the ordinary game ------------------------------


def test_cards_cross_classes_and_a_marriage_is_carried_to_score() -> None:
    """E9, Foster p.379-380: 80 kings, then 40 bézique "and twenty to score" (K♠ Q♠); the
    royal marriage and the sequence in trumps meanwhile; the 20 still scores at the end."""
    t = Deal(ORD, a=[*KINGS, "QS", "JD", "QH"], turn_up="9H")
    [kings] = t.win(("four-kings", KINGS, 80))
    bez, spades = t.win(("bezique", BEZ1, 40), ("marriage", ["KS", "QS"]), draw="AH")
    [royal] = t.win(("royal-marriage", ["KH", "QH"], 40), lead="KC", draw="10H")
    t.win(lead="KD", draw="JH")  # "Twenty to score", repeated after every trick
    [sequence] = t.win(("royal-sequence", SEQ_H, 250), lead="JD")
    [later] = t.win(("score", spades, 20))
    state = t.check(("BEZ-DECL-4", INFO, spades))
    assert said(state, kings, bez, royal, sequence) == "scored 80, scored 40, scored 40, scored 250"
    assert said(state, spades) == "scored-later 20" and the(state, spades).scored_by == later
    assert t.points(state) == 80 + 40 + 40 + 250 + 20


@pytest.mark.parametrize(
    ("combination", "cards", "points", "played"),
    [
        ("four-kings", KINGS, 80, "KS"),
        ("marriage", ["KS", "QS"], 20, "KS"),
        ("bezique", BEZ1, 40, "JD"),
    ],
)
def test_ordinary_game_forbids_refilling_a_broken_combination(
    combination: str, cards: list[str], points: int, played: str
) -> None:
    """E10, Foster p.378-379, Hoffmann p.14: a new king (knave) added to what is left of
    four kings, a spade marriage or a bézique scores nothing -> BEZ-COMBO-7."""
    t = Deal(ORD, a=cards, turn_up="9C")
    t.win((combination, cards, points), draw=played)  # the new copy
    t.win(lead=played)  # the declared copy is played from the table
    [refill] = t.win((combination, cards, points))
    state = t.check(("BEZ-COMBO-7", VIOLATION, refill))
    assert said(state, refill) == "illegal 0 BEZ-COMBO-7"


def test_a_marriage_may_grow_into_the_sequence_for_290() -> None:
    """E12, Foster p.378, Hoffmann p.14-15: royal marriage 40, later A 10 J added -> 250."""
    t = Deal(ORD, a=SEQ_H, turn_up="9H")
    [marriage] = t.win(("royal-marriage", ["KH", "QH"], 40))
    [sequence] = t.win(("royal-sequence", SEQ_H, 250))
    state = t.check()
    assert said(state, marriage, sequence) == "scored 40, scored 250"
    assert t.points(state) == 290


@pytest.mark.parametrize("new_queen", [False, True])
def test_no_marriage_from_a_sequence_already_declared(new_queen: bool) -> None:
    """E12, Foster p.378: after the sequence (250) its K+Q, or a new Q with its K, may not
    be scored as a marriage -> BEZ-COMBO-4."""
    t = Deal(ORD, a=SEQ_H, turn_up="9H")
    t.win(("royal-sequence", SEQ_H, 250), draw="QH" if new_queen else None)
    if new_queen:
        t.win(lead="QH")  # the sequence's queen goes; the new one is married to its king
    [marriage] = t.win(("royal-marriage", ["KH", "QH"], 40))
    state = t.check(("BEZ-COMBO-4", VIOLATION, marriage))
    assert said(state, marriage) == "illegal 0 BEZ-COMBO-4"


def test_a_held_over_marriage_scores_on_the_next_trick_won() -> None:
    """E23, Hoffmann p.14: K♠ Q♠ J♦ shown: "I score 40 for Bézique, and 20 to score"; on the
    next trick won, the cards still unplayed, +20."""
    t = Deal(ORD, a=["KS", "QS", "JD"], turn_up="9C")
    bez, held = t.win(("bezique", BEZ1, 40), ("marriage", ["KS", "QS"]))
    t.win(("score", held, 20))
    state = t.check(("BEZ-DECL-4", INFO, held))
    assert said(state, bez, held) == "scored 40, scored-later 20"


def test_sixty_queens_first_with_three_marriages_to_score() -> None:
    """E24, Foster p.380: eighty kings; later sixty queens scored, the remaining kings making
    three marriages to score; one scores on the next trick, the others stay pending."""
    t = Deal(ORD, a=[*KINGS, "QS", "QH", "QD"], turn_up="9C")
    t.win(("four-kings", KINGS, 80), draw="QC")
    marriages = [("marriage", ["K" + s, "Q" + s]) for s in "SHD"]
    queens, *pending = t.win(("four-queens", ["QS", "QH", "QD", "QC"], 60), *marriages, lead="KC")
    t.win(("score", pending[0], 20))
    state = t.check(*[("BEZ-DECL-4", INFO, e) for e in pending])
    assert said(state, queens, *pending) == "scored 60, scored-later 20, to-score 0, to-score 0"


def test_two_spade_marriages_carried_with_double_bezique_each_lost_by_a_play() -> None:
    """E24, Foster p.380: four kings, two played, leaving two K♠; double bézique 500 with two
    spade marriages to score; a Q♠ played loses one (BEZ-DECL-5, info); the other scores."""
    t = Deal(ORD, a=["KS", "KS", "KH", "KD", "QS", "QS", "JD"], turn_up="9C")
    t.win(("four-kings", ["KS", "KS", "KH", "KD"], 80), draw="JD")
    t.win(lead="KH")
    spades = ("marriage", ["KS", "QS"])
    double, first, second = t.win(("double-bezique", BEZ2, 500), spades, spades, lead="KD")
    played = t.trick("QS")
    t.draw()
    t.win(("score", second, 20))
    state = t.check(
        ("BEZ-DECL-4", INFO, first), ("BEZ-DECL-4", INFO, second), ("BEZ-DECL-5", INFO, played)
    )
    assert said(state, double, first, second) == "scored 500, lost 0 BEZ-DECL-5, scored-later 20"
    assert the(state, first).lost_at == played


# E13: the seven of trumps ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn_up", "when", "sevens"),
    [("7H", "", (10, 10)), ("KH", "", (10, 0)), ("KH", "loser", (0, 0)), ("KH", "drawn", (0, 0))],
)
def test_the_seven_of_trumps_is_exchanged_by_the_winner_of_a_trick_before_drawing(
    turn_up: str, when: str, sevens: tuple[int, int]
) -> None:
    """E13, Hoffmann p.12-13, Foster p.376-377: turn-up 7♥ -> the dealer 10, and the other 7♥
    may still be exchanged for it (10); turn-up K♥ -> the 7♥ exchanged for the K♥, 10; not by
    the loser of the trick, nor after drawing (BEZ-SEVEN-2)."""
    t = Deal(ORD, a=["7H"], b=["7H"] if when else [], turn_up=turn_up)
    t.trick()
    if when == "drawn":
        t.draw()
    exchange = t.exchange("B" if when == "loser" else "A")
    state = t.check(*[("BEZ-SEVEN-2", VIOLATION, exchange)] * bool(when))
    assert (t.points(state, "A", "seven"), t.points(state, "B", "seven")) == sevens
    # the record states the cards changed hands, lawfully or not (docs/bezique-rulings.md)
    assert state.turn_up == Card.parse("7H")


def test_foster_no_declaration_on_the_trick_of_an_exchange() -> None:
    """E13, Foster p.377 ("He cannot score the Seven and make a declaration at the same time",
    the default): a declaration then an exchange -> BEZ-SEVEN-2 on the exchange; an exchange
    then a declaration -> the trick's second score, BEZ-DECL-3 (project rulings table)."""
    t = Deal(ORD, a=["7H", "QH", "KS", "QS"], turn_up="KH")
    t.trick()
    marriage = t.declare("A", "marriage", ["KS", "QS"], 20)
    exchange = t.exchange("A")
    state = t.check(("BEZ-SEVEN-2", VIOLATION, exchange))
    assert said(state, marriage) == "scored 20" and t.points(state, "A", "seven") == 0

    t = Deal(ORD, a=["7H", "QH", "KS", "QS"], turn_up="KH")
    t.trick()
    t.exchange("A")
    royal = t.declare("A", "royal-marriage", ["KH", "QH"], 40)
    state = t.check(("BEZ-DECL-3", VIOLATION, royal))
    assert said(state, royal) == "illegal 0 BEZ-DECL-3" and t.points(state, "A", "seven") == 10


@pytest.mark.parametrize(
    ("combination", "cards", "points", "rules"),
    [("marriage", ["KS", "QS"], 20, []), ("royal-marriage", ["KH", "QH"], 40, ["BEZ-SEVEN-2"])],
)
def test_enquire_within_exchange_and_declaration_together(
    combination: str, cards: list[str], points: int, rules: list[str]
) -> None:
    """E13, EW iii (option seven_exchange_counts_as_declaration = false): he may declare on
    the trick of the exchange, but not with the K♥ just obtained (BEZ-SEVEN-2 flag)."""
    options = {"seven_exchange_counts_as_declaration": False}
    t = Deal(ORD, a=["7H", "QH", "KS", "QS"], turn_up="KH", rules=options)
    t.trick()
    t.exchange("A")
    event = t.declare("A", combination, cards, points)
    t.check(*[(rule, VIOLATION, event) for rule in rules])


# Rubicon: re-forming, repeats, trumps (E11, E15-E19, E21, E22; RUB-TRUMP-1) ---------------------


def test_rubicon_four_queens_refilled_with_a_fifth_queen_score_again() -> None:
    """E11, Hoffmann p.19-20, law 34: sixty queens, one queen played, a fifth queen added on
    a later trick won -> 60 again (legal in Rubicon only)."""
    t = Deal(RUB, a=["QS", "QH", "QD", "QC"])
    t.win(("four-queens", ["QS", "QH", "QD", "QC"], 60), draw="QD")
    t.win(lead="QD")
    [again] = t.win(("four-queens", ["QS", "QH", "QC", "QD"], 60))
    state = t.check()
    assert said(state, again) == "scored 60" and t.points(state) == 120


def test_rubicon_remarriage_with_no_new_card_after_a_declared_queen_is_played() -> None:
    """E11, law 35: two heart marriages declared (K1Q1, K2Q2), Q1 played; K1 + Q2 is a
    fresh marriage with no new card -> 40 (hearts trumps by the first marriage)."""
    t = Deal(RUB, a=["KH", "QH", "KH", "QH"])
    [first] = t.win(("royal-marriage", ["KH", "QH"], 40))
    t.trump = "H"
    [second] = t.win(("royal-marriage", ["KH", "QH"], 40))
    [third] = t.win(("royal-marriage", ["KH", "QH"], 40), lead="QH")
    state = t.check()
    assert said(state, first, second, third) == "scored 40, scored 40, scored 40"
    # which copies were laid is the record's ambiguity; the third pair was never married before
    third_pair = set(the(state, third).uids)
    assert third_pair not in (set(the(state, first).uids), set(the(state, second).uids))


@pytest.mark.parametrize(("steps", "total"), [((4,), 4500), ((1, 2, 3, 4), 6540)])
def test_rubicon_beziques_declared_one_by_one_add_up(steps: tuple[int, ...], total: int) -> None:
    """E15, Foster p.392: quadruple bézique shown at once 4500; single, double, triple,
    quadruple on four successive tricks won 40 + 500 + 1500 + 4500 = 6540."""
    names = {1: ("bezique", 40), 2: ("double-bezique", 500), 3: ("triple-bezique", 1500)}
    t = Deal(RUB, a=["QS"] * 4 + ["JD"] * 4)
    for n in steps:
        name, value = names.get(n, ("quadruple-bezique", 4500))
        t.win((name, ["QS"] * n + ["JD"] * n, value))
    assert t.points(t.check()) == total


@pytest.mark.parametrize(
    ("combination", "cards", "value", "played", "total"),
    [
        pytest.param("royal-sequence", SEQ_H, 250, SEQ_H, 1500, id="E16"),
        pytest.param("four-aces", ACES, 100, ACES, 500, id="E17"),
        pytest.param("royal-marriage", ["KH", "QH"], 40, ["QH"] * 3 + ["KH"] * 3, 280, id="E18"),
    ],
)
def test_rubicon_a_combination_re_formed_card_by_card_scores_each_time(
    combination: str, cards: list[str], value: int, played: list[str], total: int
) -> None:
    """Law 34. E16, Foster p.391: royal sequence, then A 10 K Q J played in turn, each replaced
    by a fresh copy on the next trick won: 6 x 250 = 1500. E17, Foster p.392: eight aces,
    100 + 4 x 100 = 500. E18, Foster p.392: a heart marriage, then three more heart queens and
    three more heart kings played in: 7 x 40 = 280."""
    t = Deal(RUB, a=cards)
    t.win((combination, cards, value), draw=played[0])
    if combination != "four-aces":
        t.trump = "H"  # the first sequence or marriage scored makes trumps (law 41)
    for card, fresh in zip(played, [*played[1:], None], strict=True):
        t.win((combination, cards, value), lead=card, draw=fresh)  # a fresh copy drawn
    state = t.check()
    assert [d.value for d in state.deal.declarations] == [value] * (len(played) + 1)
    assert t.points(state) == total


def test_rubicon_eight_aces_held_at_once_still_score_500() -> None:
    """E17, Foster p.392: "eight Aces actually held might score 500 points" - one fresh ace
    laid down to the three on the table after each ace played (law 34)."""
    t = Deal(RUB, a=ACES * 2)
    for lead in [None, *ACES]:
        t.win(("four-aces", ACES, 100), lead=lead)
    assert t.points(t.check()) == 500


def test_rubicon_double_bezique_with_two_spade_marriages_to_score() -> None:
    """E19, Foster p.392: two K♠ on the table; double bézique 500 "with twenty and twenty to
    score"; next trick "Sixty Queens, with twenty and twenty to score"; scoring one held-over
    marriage keeps the other pending."""
    t = Deal(RUB, a=["KH", "QH", "KS", "KS", "KD", "QS", "QS"])
    t.win(("royal-marriage", ["KH", "QH"], 40), draw="JD")  # hearts trumps: spades 20
    t.trump = "H"
    t.win(("four-kings", ["KS", "KS", "KH", "KD"], 80), draw="JD")
    spades = ("marriage", ["KS", "QS"])
    double, *held = t.win(("double-bezique", BEZ2, 500), spades, spades, lead="KD", draw="QD")
    [queens] = t.win(("four-queens", ["QS", "QS", "QD", "QH"], 60), lead="KH")
    t.win(("score", held[0], 20), lead="JD")
    state = t.check(*[("BEZ-DECL-4", INFO, e) for e in held])
    assert (
        said(state, double, queens, *held) == "scored 500, scored 60, scored-later 20, to-score 0"
    )
    assert t.points(state) == 40 + 80 + 500 + 60 + 20


def e21_start() -> tuple[Deal, int]:
    """E21: four kings incl. K♠; then bézique "and forty for marriage to score"."""
    t = Deal(RUB, a=[*KINGS, "QS", "JD"])
    t.win(("four-kings", KINGS, 80), draw="AS")
    _, marriage = t.win(("bezique", BEZ1, 40), ("royal-marriage", ["KS", "QS"]), draw="10S")
    return t, marriage


def test_rubicon_marriage_to_score_is_lost_when_its_queen_is_played() -> None:
    """E21, Hoffmann p.20, laws 45-46: the carried marriage is lost if Q♠ is played first
    (BEZ-DECL-5, info); scoring it afterwards is a violation (BEZ-DECL-5, law 46)."""
    t, marriage = e21_start()
    played = t.trick("QS")
    t.draw()
    [late] = t.win(("score", marriage, 40))
    state = t.check(
        ("BEZ-DECL-4", INFO, marriage),
        ("BEZ-DECL-5", INFO, played),
        ("BEZ-DECL-5", VIOLATION, late),
    )
    assert the(state, marriage).lost_at == played
    assert state.findings[-1].basis == ["RUB-LAW-46"]


def test_rubicon_marriage_to_score_is_absorbed_by_the_sequence_scored_first() -> None:
    """E21, law 47: A 10 J of spades added and the sequence scored: the pending marriage is
    lost (BEZ-COMBO-9, info); the sequence, first scored, makes spades trumps: 250."""
    t, marriage = e21_start()
    t.win(draw="JS")
    [sequence] = t.win(("royal-sequence", ["AS", "10S", "KS", "QS", "JS"], 250), lead="KC")
    state = t.check(("BEZ-DECL-4", INFO, marriage), ("BEZ-COMBO-9", INFO, sequence))
    assert said(state, marriage, sequence) == "lost 0 BEZ-COMBO-9, scored 250"
    assert str(state.deal.trump) == "S"


def test_rubicon_carte_blanche_with_four_aces_then_repeated_on_a_nine_drawn() -> None:
    """E22, laws 15, 16, 43: carte blanche 50 before play; on winning the first trick also 100
    aces; the first card drawn a nine, shown: 50 again; a king drawn later ends it (RUB-CB-4)."""
    hand = [*ACES, "10S", "9S", "8D", "7C", "7H"]
    t = Deal(RUB, a=hand)
    blanche = t.declare("A", "carte-blanche", hand, 50)
    [aces] = t.win(("four-aces", ACES, 100), lead="7C", draw="9D")
    repeat = t.declare("A", "carte-blanche", ["9D"], 50)
    t.win(lead="7H", draw="KC")
    late = t.declare("A", "carte-blanche", ["KC"], 50)
    state = t.check(("RUB-CB-4", VIOLATION, late))
    assert (
        said(state, blanche, aces, repeat, late)
        == "scored 50, scored 100, scored 50, illegal 0 RUB-CB-4"
    )
    assert t.points(state) == 200


def test_rubicon_first_marriage_scored_fixes_trumps_not_one_announced_to_score() -> None:
    """RUB-TRUMP-1, law 41, Hoffmann p.18 fn 10: a spade marriage announced to score does not
    make trumps; the heart marriage scored first does (40); the spade one, scored later, and a
    later diamond marriage are plain (20)."""
    t = Deal(RUB, a=["KS", "QS", "KH", "QH", "KD", "QD"])
    [spades] = t.win(("marriage", ["KS", "QS"]))
    [hearts] = t.win(("marriage", ["KH", "QH"], 40))
    t.trump = "H"
    t.win(("score", spades, 20))
    [diamonds] = t.win(("marriage", ["KD", "QD"], 20))
    state = t.check(("BEZ-DECL-4", INFO, spades))
    assert str(state.deal.trump) == "H" and state.deal.trump_fixed_at == hearts
    kinds = [the(state, e).right_name for e in (hearts, spades, diamonds)]
    assert kinds == ["royal-marriage", "marriage", "marriage"]
    assert said(state, hearts, spades, diamonds) == "scored 40, scored-later 20, scored 20"


# Timing: BEZ-DECL-1, -3, -6, -9 ----------------------------------------------------------------


@pytest.mark.parametrize("when", ["by the loser", "after drawing", "after the next lead"])
def test_a_declaration_out_of_time_scores_nothing(when: str) -> None:
    """BEZ-DECL-1, Hoffmann p.14, Foster p.377 (law 42): only the winner of the trick just
    played, before he draws."""
    t = Deal(ORD, a=["KD", "QD"], b=["KD", "QD"], turn_up="9C")
    t.trick()
    if when != "by the loser":
        t.draw()
    if when == "after the next lead":
        t.play("A", t.spare["A"][0])
    late = t.declare("B" if when == "by the loser" else "A", "marriage", ["KD", "QD"], 20)
    state = t.check(("BEZ-DECL-1", VIOLATION, late))
    assert said(state, late) == "illegal 0 BEZ-DECL-1"


def test_a_carried_score_out_of_time_is_refused_but_the_right_to_it_remains() -> None:
    """BEZ-DECL-1 and BEZ-DECL-4 (laws 42, 45-46): scoring the carried marriage after losing a
    trick is out of time; it is not lost by that and scores on the next trick won."""
    t = Deal(ORD, a=["KS", "QS"], turn_up="9H")
    [carried] = t.win(("marriage", ["KS", "QS"]))
    t.trick(winner="B")
    early = t.score("A", 20, ref=carried)
    t.draw()
    t.win(("score", carried, 20), winner="A")
    state = t.check(("BEZ-DECL-4", INFO, carried), ("BEZ-DECL-1", VIOLATION, early))
    assert said(state, carried) == "scored-later 20" and t.points(state) == 20


def test_a_carried_score_and_a_new_declaration_on_one_trick_is_a_second_score() -> None:
    """BEZ-DECL-3, Foster p.378 (law 43): one score per trick won; the carried marriage
    scored, the four kings declared with points on the same trick are not."""
    t = Deal(ORD, a=["KS", "QS", "KH", "KD", "KC"], turn_up="9C")
    [carried] = t.win(("marriage", ["KS", "QS"]))
    _, second = t.win(("score", carried, 20), ("four-kings", KINGS, 80))
    state = t.check(("BEZ-DECL-4", INFO, carried), ("BEZ-DECL-3", VIOLATION, second))
    assert said(state, carried, second) == "scored-later 20, illegal 0 BEZ-DECL-3"


def test_four_kings_announced_with_three_kings_and_a_knave_is_false() -> None:
    """BEZ-DECL-9, Foster p.381-382: "four kings" shown as three kings and a knave."""
    t = Deal(ORD, a=["KS", "KH", "KD", "JC"], turn_up="9C")
    [false] = t.win(("four-kings", ["KS", "KH", "KD", "JC"], 80))
    state = t.check(("BEZ-DECL-9", VIOLATION, false))
    assert said(state, false) == "illegal 0 BEZ-DECL-9" and not the(state, false).true
    assert t.points(state) == 0


def play_out_the_stock(t: Deal, last: list[str] | None = None) -> tuple[int, int]:
    """Tricks 2-24 on spares (the leader wins each), ``last`` declared after trick 24: the
    events of that declaration and of the last draw."""
    for number in range(2, 25):
        t.trick()
        declared = t.declare("A", "marriage", last, 20) if number == 24 and last else -1
        exhausted = t.draw()
    assert t.stock == 0 and t.leader == "A"
    return declared, exhausted


def test_no_declaration_once_the_stock_is_exhausted() -> None:
    """BEZ-DECL-6, Foster p.380 (law 52): the winner of the 24th trick may still declare
    before the last draw; then the carried marriage lapses (info), and neither a declaration
    nor the carried score is allowed after it."""
    t = Deal(ORD, a=["KD", "QD", "KS", "QS"], turn_up="9C", spares=EVERY_CARD)
    [carried] = t.win(("marriage", ["KD", "QD"]))
    on_24, exhausted = play_out_the_stock(t, last=["KS", "QS"])
    late = t.declare("A", "marriage", ["KD", "QD"], 20)
    late_score = t.score("A", 20, ref=carried)
    state = t.check(
        ("BEZ-DECL-4", INFO, carried),
        ("BEZ-DECL-6", INFO, exhausted),
        ("BEZ-DECL-6", VIOLATION, late),
        ("BEZ-DECL-6", VIOLATION, late_score),
    )
    assert said(state, on_24, late) == "scored 20, illegal 0 BEZ-DECL-6"
    assert the(state, carried).lost_at == exhausted


# The end-play: BEZ-LAST-2 ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("b", "reply", "legal"),
    [
        (["KS", "7S", "8D"], "8D", ["KS"]),  # did not follow suit
        (["KS", "7S", "8D"], "7S", ["KS"]),  # followed, but did not win when able
        (["9H", "8D"], "8D", None),  # void in spades: must trump (every heart he holds)
    ],
)
def test_end_play_second_player_must_follow_and_win_or_trump(
    b: list[str], reply: str, legal: list[str] | None
) -> None:
    """BEZ-LAST-2, Foster p.380 (default must-win): to the J♠ led, holding K♠ 7♠ he must play
    the K♠; void in spades he must trump. The finding lists the cards he could play."""
    t = Deal(ORD, a=["JS"], b=b, turn_up="9H", spares=EVERY_CARD)
    t.win()
    play_out_the_stock(t)
    assert not any(c.endswith("S") for c in t.spare["B"])  # the spare spades are gone
    t.play("A", "JS")
    wrong = t.play("B", reply)
    state = t.check(("BEZ-LAST-2", VIOLATION, wrong))
    hearts = sorted({c for c in [*t.hand["B"], reply] if c.endswith("H")})
    assert "9H" in hearts and state.findings[0].legal == (legal or hearts)
    assert state.findings[0].basis == ["BEZ-LAST-3"]


# Issue 9, class 5: which copy of a duplicated card ------------------------------------------


def test_rubicon_a_fresh_king_and_queen_after_the_sequence_make_a_marriage() -> None:
    """Law 37 (BEZ-COMBO-4's Rubicon refinement): after a sequence, a marriage may be declared
    with a fresh king and a fresh queen. The record names KH QH, which the sequence's cards on
    the table would forbid; the fresh pair in the hand makes it lawful, so it is read so."""
    t = Deal(RUB, a=[*SEQ_H, "KH", "QH"])
    [sequence] = t.win(("royal-sequence", SEQ_H, 250))
    t.trump = "H"  # the first sequence scored, no marriage before it, makes trumps
    [marriage] = t.win(("royal-marriage", ["KH", "QH"], 40))
    state = t.check()
    assert said(state, sequence, marriage) == "scored 250, scored 40"
    assert state.sources[marriage] == ["hand", "hand"]


def test_rubicon_scoring_a_marriage_absorbed_into_the_sequence_cites_law_47() -> None:
    """Issue 9 wording: the carried marriage was lost by law 47 (absorbed into the sequence
    scored), not law 46 (no card of it was played); its later score says which."""
    t, marriage = e21_start()
    t.win(draw="JS")
    [sequence] = t.win(("royal-sequence", ["AS", "10S", "KS", "QS", "JS"], 250), lead="KC")
    [late] = t.win(("score", marriage, 40), lead="KH")
    state = t.check(
        ("BEZ-DECL-4", INFO, marriage),
        ("BEZ-COMBO-9", INFO, sequence),
        ("BEZ-COMBO-9", VIOLATION, late),
    )
    assert state.findings[-1].basis == ["RUB-LAW-47"]
    assert "absorbed into a sequence, law 47" in state.findings[-1].message
    assert state.findings[-1].trick is not None
