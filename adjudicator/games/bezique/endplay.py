"""The end-play's rule of play: follow, win and trump if able (BEZ-LAST-2).

A mixin of ``BeziqueState`` (``state``): what a seat may play, and the check of each card
answered to a lead once the stock is exhausted.
"""

from __future__ import annotations

from adjudicator.cards import Card
from adjudicator.engine.tricks import legal_follows, winning_cards
from adjudicator.facts.bezique_play import BeziqueEndplayRuleBroken, EndplayFault
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.facts import (
    _END,
    _HIGHER,
    _ORDER,
    Trick,
)
from adjudicator.games.bezique.tables import RANKS


class EndPlay(StateBase):
    """BEZ-LAST-2 (Foster; HGM's follow-only reading with ``must_win`` off, AMB-28)."""

    def legal_plays(self, seat: str) -> list[Card]:
        """What the seat may lawfully play now (BEZ-PLAY-2, BEZ-LAST-2)."""
        cards = self._held_cards(seat)
        trick = self.current
        if self.phase != _END or trick is None or len(trick.plays) != 1:
            return sorted(set(cards), key=str)
        led = trick.plays[0].card
        return sorted(set(self.endplay_legal(cards, led)), key=str)

    def endplay_legal(self, cards: list[Card], led: Card) -> list[Card]:
        """Follow and win if able; trump when void; else anything (BEZ-LAST-2)."""
        trump = self.deal.trump
        same = [c for c in cards if c.suit == led.suit]
        if same:
            if not self.must_win:
                return same
            winners = winning_cards(same, [led], trump, RANKS)
            return winners or same
        trumps = [c for c in cards if trump is not None and c.suit == trump]
        if trumps and self.must_win:
            return trumps
        return legal_follows(cards, led.suit)

    def _held_cards(self, seat: str) -> list[Card]:
        """Every card the seat holds, hand and table (copies may repeat; callers use sets)."""
        held = [card for card, copies in self.hand[seat].items() if copies > 0]
        held.extend(t.card for t in self.table[seat])
        return held

    def _endplay_lawful(self, seat: str, card: Card, led: Card) -> bool:
        """Whether ``card`` played to ``led`` obeys BEZ-LAST-2, from the suit counts and at
        most the few higher cards of the suit: no scan of the hand (the full check below
        words the finding). Exactly ``card in endplay_legal(held, led)``."""
        suit = led.suit
        if card.suit is suit:
            if not self.must_win or _ORDER[card.rank] < _ORDER[led.rank]:
                return True  # followed and won (or need not win)
            hand, on_table = self.hand[seat], self.on_table[seat]
            return not any(hand.get(c) or on_table.get(c) for c in _HIGHER[led])
        suits = self.suits[seat]
        if suits[suit]:
            return False  # did not follow while able to
        trump = self.deal.trump
        return card.suit is trump or trump is None or not self.must_win or not suits[trump]

    def _check_endplay(self, index: int, seat: str, card: Card, trick: Trick) -> bool:
        """Whether the play is lawful on the cards the seat is known to hold (all of them, in
        a complete record); a finding if not."""
        led = trick.plays[0].card
        if self._endplay_lawful(seat, card, led):
            return True
        cards = self._held_cards(seat)
        legal = self.endplay_legal(cards, led)
        if card in legal:
            return True
        same = [c for c in cards if c.suit == led.suit]
        fault: EndplayFault
        if same and card.suit != led.suit:
            fault, holding = "did-not-follow", same
        elif same:
            fault, holding = "did-not-win", legal
        else:
            fault, holding = "did-not-trump", []
        facts = BeziqueEndplayRuleBroken(
            seat=seat,
            deal=self.deal.number,
            trick=trick.number,
            card=str(card),
            led=str(led),
            fault=fault,
            holding=tuple(sorted({str(c) for c in holding})),
        )
        self.find(
            "BEZ-LAST-2",
            "violation",
            facts=facts,
            event=index,
            seat=seat,
            trick=trick.number,
            basis=["RUB-LAST-1", "RUB-LAW-55"] if self.rubicon else ["BEZ-LAST-3"],
            legal=sorted({str(c) for c in legal}),
        )
        if self.deal.endplay_error is None:
            self.deal.endplay_error = (trick.number, seat, index)
        return False
