"""What reader and writer both follow through the events: tricks, and Bézique's implied draws.

The reader and the writer feed the same events to a ``Table`` in the same order, so they
agree on the trick numbers and on the draws the notation leaves out. The rule for those
draws is small and deterministic, not the laws' full replay: after a trick, when the deal
gives the stock, the trick's winner draws the top card and then the loser the next. The
winner is decided by ``engine.tricks`` with the trump suit as the record shows it: the
ordinary game's turn-up (unless ``trump_by_marriage``), else the suit of the first marriage
or sequence marked. Where the record's draws differ, the writer writes them out.
"""

from __future__ import annotations

import copy
from typing import Any

from adjudicator.cards import PIQUET_RANKS, Card, Suit
from adjudicator.engine.tricks import trick_winner
from adjudicator.seats import BEZIQUE_SEATS, WHIST_SEATS

#: Combinations whose marking fixes trumps when no turn-up does (RUB-TRUMP-1, BEZ-TRUMP-2).
_TRUMP_MAKERS = ("marriage", "royal-marriage", "sequence", "royal-sequence")


def seats_for(game: str) -> tuple[str, ...]:
    """The seats in the columns of a trick line, which is also the order of play."""
    return WHIST_SEATS if game == "whist" else BEZIQUE_SEATS


class Table:
    """The trick on the table, the tricks of the deal so far, and Bézique's stock and trumps."""

    def __init__(self, game: str, rules: Any) -> None:
        self.game = game
        self.seats = seats_for(game)
        by_marriage = isinstance(rules, dict) and rules.get("trump_by_marriage") is True
        self.turn_up_trumps = game == "bezique" and not by_marriage
        self.on_table: list[tuple[str, Card | None]] = []
        self.tricks = 0
        self.deal: dict[str, Any] = {}
        self._stock: list[Card] | None = None
        self.drawn = 0
        self.trump: Suit | None = None
        self.declares: dict[Any, dict[str, Any]] = {}
        self.count = 0

    def clone(self) -> Table:
        return copy.deepcopy(self)

    @property
    def is_empty(self) -> bool:
        return not self.on_table

    def feed(self, event: dict[str, Any]) -> str | None:
        """Take one event; return the winner's seat when it completes a Bézique trick
        (whist: the leader's seat, since whist draws nothing)."""
        index, self.count = self.count, self.count + 1
        kind = event.get("type")
        if kind == "deal":
            self._deal(event)
        elif kind == "position":
            self._deal(event)
            self.declares[index] = event  # (its carried declarations, scored by ``carried``)
            if isinstance(event.get("id"), str):
                self.declares[event["id"]] = event
            tricks = event.get("tricks")
            if isinstance(tricks, dict):  # whist: tricks won by each side
                tricks = sum(v for v in tricks.values() if type(v) is int)
            self.tricks = tricks if type(tricks) is int else 0
            self._in_play(event)
            trump = event.get("trump")
            if self.trump is None and isinstance(trump, str) and trump in "SHDC" and trump:
                self.trump = Suit(trump)
        elif kind == "play":
            return self._play(event)
        elif kind == "retract":
            seat = event.get("seat")
            for position in range(len(self.on_table) - 1, -1, -1):
                if self.on_table[position][0] == seat:
                    del self.on_table[position]
                    break
        elif kind == "draw":
            self.drawn += 1
        elif kind == "exchange":
            self._exchange()
        elif kind == "declare":
            self.declares[index] = event
            if isinstance(event.get("id"), str):
                self.declares[event["id"]] = event
            if event.get("points") is not None:
                self._fix_trumps(event)
        elif kind == "score" and event.get("for") == "declaration":
            declared = self.declares.get(event.get("ref"))
            if declared is not None and declared.get("type") == "position":
                declared = _carried(declared, event)
            if declared is not None:
                self._fix_trumps(declared)
        return None

    def implied_draws(self, winner: str) -> list[dict[str, Any]] | None:
        """The two draws the laws give after a trick won by ``winner``, when the stock is known
        and holds two cards; otherwise None (nothing is implied)."""
        stock = self.stock
        if stock is None or self.drawn + 2 > len(stock):
            return None
        loser = self.seats[1 - self.seats.index(winner)]
        top, second = stock[self.drawn], stock[self.drawn + 1]
        return [
            {"type": "draw", "seat": winner, "card": str(top)},
            {"type": "draw", "seat": loser, "card": str(second)},
        ]

    # The events ----------------------------------------------------------------------------

    def _deal(self, event: dict[str, Any]) -> None:
        self.on_table, self.tricks, self.drawn, self.trump = [], 0, 0, None
        self.deal, self._stock = event, None
        turn_up = _card(event.get("turn_up"))
        if self.turn_up_trumps and turn_up is not None:
            self.trump = turn_up.suit

    def _in_play(self, event: dict[str, Any]) -> None:
        """Whist: the cards already on the table in the trick in play, from its leader round."""
        played, seat = event.get("played"), event.get("leader")
        if not isinstance(played, list) or seat not in self.seats:
            return
        first = self.seats.index(seat)
        for offset, card in enumerate(played[: len(self.seats) - 1]):
            self.on_table.append((self.seats[(first + offset) % len(self.seats)], _card(card)))

    @property
    def stock(self) -> list[Card] | None:
        """The stock, top first, the ordinary game's turn-up last; None when the deal does not
        give it. Read when first needed: the reader meets the stock line after the deal line."""
        stock = self.deal.get("stock")
        if self._stock is None and self.game != "whist" and isinstance(stock, list):
            cards = [_card(c) for c in stock]
            turn_up = _card(self.deal.get("turn_up"))
            if all(c is not None for c in cards):
                self._stock = [c for c in cards if c is not None]
                self._stock += [turn_up] if turn_up is not None else []
        return self._stock

    def _play(self, event: dict[str, Any]) -> str | None:
        self.on_table.append((str(event.get("seat")), _card(event.get("card"))))
        if len(self.on_table) < len(self.seats):
            return None
        cards = [c for _, c in self.on_table if c is not None]
        best = 0
        if self.game != "whist" and len(cards) == len(self.on_table):
            best = trick_winner(cards, self.trump, PIQUET_RANKS)
        winner = self.on_table[best][0]
        self.on_table = []
        self.tricks += 1
        return winner

    def _exchange(self) -> None:
        """The seven of trumps takes the turn-up's place at the bottom of the stock."""
        stock = self.stock
        if stock and self.trump is not None and self.drawn < len(stock):
            stock[-1] = Card("7", self.trump)

    def _fix_trumps(self, declared: dict[str, Any]) -> None:
        cards = declared.get("cards")
        if self.trump is None and declared.get("combination") in _TRUMP_MAKERS and cards:
            card = _card(cards[0])
            self.trump = card.suit if card is not None else None


def _carried(position: dict[str, Any], score: dict[str, Any]) -> dict[str, Any] | None:
    """The position's carried declaration a score names (``carried``), if there is one."""
    carried = position.get("carried")
    listed = carried.get(score.get("seat")) if isinstance(carried, dict) else None
    number = score.get("carried")
    if isinstance(listed, list) and type(number) is int and 0 <= number < len(listed):
        entry = listed[number]
        return entry if isinstance(entry, dict) else None
    return None


def _card(text: Any) -> Card | None:
    if not isinstance(text, str):
        return None
    try:
        return Card.parse(text)
    except ValueError:
        return None
