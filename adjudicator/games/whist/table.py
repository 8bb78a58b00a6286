"""The whist table as data: what the replay holds between events.

``state`` (the mutator) builds on it; ``position``, ``calls``, ``rest``, ``follow`` and
``withdrawals`` are functions over it. Kept below them all so that each imports it one way
(facts -> table -> rules -> state) and none needs the state machine itself.
"""

from __future__ import annotations

from adjudicator.cards import Card
from adjudicator.findings import Finding
from adjudicator.games.whist.facts import (
    DealFacts,
    MisdealFacts,
    Obligation,
    Phase,
    Renounce,
    TimedEvent,
    Trick,
)
from adjudicator.record.whist import WhistResult, WhistRules
from adjudicator.seats import WHIST_SEATS, left_of

#: the seat on each seat's left
_LEFT: dict[str, str] = {seat: left_of(seat) for seat in WHIST_SEATS}


class Table:
    """The table during the replay: the deals so far, the hands, what waits to be settled."""

    def __init__(self, rules: WhistRules) -> None:
        self.rules = rules
        self.phase = Phase.DEAL
        self.deals: list[DealFacts] = []
        self.findings: list[Finding] = []
        self.hands: dict[str, set[Card]] = {}
        self.exposed: dict[str, set[Card]] = {}
        self.pending: list[Renounce] = []
        self.early_results: list[TimedEvent[WhistResult]] = []
        self.misdeals: list[MisdealFacts] = []
        self.calls: list[Obligation] = []  # lawful calls not yet answered (``calls``)
        # the cards each seat plays after each position (``position.revealed``)
        self.revealed: dict[int, dict[str, set[Card]]] = {}
        # a referee's table (``adjudicator.referee``) rules on a deal still in play as on a
        # fragment's: stopped where the events pushed so far end
        self.stops_part_way = False

    def expected_seat(self) -> str:
        """Who should play next: the leader, then the first seat to his left without a card."""
        trick = self.deals[-1].tricks[-1]
        plays = trick.plays
        if trick.quitted or len(plays) == 4:
            return trick.winner or trick.leader
        if not plays:
            return trick.leader
        start = seat = plays[0].seat
        played = {p.seat for p in plays}
        for _ in range(4):
            if seat not in played:
                return seat
            seat = _LEFT[seat]
        return start

    @property
    def deal(self) -> DealFacts:
        return self.deals[-1]

    @property
    def trick(self) -> Trick:
        return self.deal.tricks[-1]
