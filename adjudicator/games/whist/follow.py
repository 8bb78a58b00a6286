"""Following suit (WHIST-REVOKE-1): a card that does not follow, while the hand held the suit
led or may have, becomes a renounce to be settled.

A function over ``Table``: the replay (``state``) calls it for every card not of the suit
led, and ``position`` for the cards a position shows in the trick in play.
"""

from __future__ import annotations

from adjudicator.cards import RANKS, Card, Suit, sort_hand
from adjudicator.engine.tricks import cards_of_suit
from adjudicator.games.whist.facts import DealFacts, Renounce, Trick
from adjudicator.games.whist.table import Table
from adjudicator.seats import WhistSeat

SUIT_CARDS = {suit: frozenset(Card(rank, suit) for rank in RANKS) for suit in Suit}


def check_follow(table: Table, index: int, seat: WhistSeat, card: Card, trick: Trick) -> None:
    """``card``, played by ``seat`` to ``trick``, is not of the suit led: a renounce if the
    hand holds the suit, an open one if it may hold it unseen (a deal begun at a position)."""
    led = trick.plays[0].card.suit
    if card.suit is led:
        return
    hand = table.hands[seat]
    if not hand.isdisjoint(SUIT_CARDS[led]):
        held = sort_hand(cards_of_suit(hand, led))
        table.pending.append(Renounce(seat, trick.number, index, card, led, held))
    elif table.deal.unknown.get(seat):
        open_renounce(table.deal, index, seat, card, trick.number, led)


def open_renounce(
    deal: DealFacts, index: int, seat: WhistSeat, card: Card, trick: int, led: Suit
) -> None:
    """A seat shows out of the suit led while some of his cards are not shown: if a card of
    the suit is placed nowhere, he may have held it (WHIST-REVOKE-1). He never plays it later
    in the record (it would be shown), so only a deal played out can settle it: the record
    stopped part-way leaves it open (``deal.open_renounces``, judged in ``Judge``)."""
    shown = {c for cards in deal.hands.values() for c in cards}
    unplaced = [Card(rank, led) for rank in RANKS if Card(rank, led) not in shown]
    if unplaced:
        deal.open_renounces.append(Renounce(seat, trick, index, card, led, unplaced))
