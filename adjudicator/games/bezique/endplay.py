"""The end-play's rule of play: follow, win and trump if able (BEZ-LAST-2).

Functions over the state's data (``base.StateBase``): what a seat may play, and the check of each card
answered to a lead once the stock is exhausted.
"""

from __future__ import annotations

from adjudicator.cards import Card, Suit
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

# BEZ-LAST-2 (Foster; HGM's follow-only reading with ``must_win`` off, AMB-28).


def legal_plays(state: StateBase, seat: str) -> list[Card]:
    """What the seat may lawfully play now (BEZ-PLAY-2, BEZ-LAST-2)."""
    cards = _held_cards(state, seat)
    trick = state.current
    if state.phase != _END or trick is None or len(trick.plays) != 1:
        return sorted(set(cards), key=str)
    led = trick.plays[0].card
    return sorted(set(endplay_legal(state, cards, led)), key=str)


def endplay_legal(state: StateBase, cards: list[Card], led: Card) -> list[Card]:
    """Follow and win if able; trump when void; else anything (BEZ-LAST-2)."""
    return legal_answers(cards, led, state.deal.trump, state.must_win)


def legal_answers(cards: list[Card], led: Card, trump: Suit | None, must_win: bool) -> list[Card]:
    """The cards of ``cards`` that may answer ``led`` in the end-play (BEZ-LAST-2): follow
    and win if able (``must_win``, AMB-28), trump when void, else anything."""
    same = [c for c in cards if c.suit == led.suit]
    if same:
        if not must_win:
            return same
        winners = winning_cards(same, [led], trump, RANKS)
        return winners or same
    trumps = [c for c in cards if trump is not None and c.suit == trump]
    if trumps and must_win:
        return trumps
    return legal_follows(cards, led.suit)


def _held_cards(state: StateBase, seat: str) -> list[Card]:
    """Every card the seat holds, hand and table (copies may repeat; callers use sets)."""
    held = [card for card, copies in state.hand[seat].items() if copies > 0]
    held.extend(t.card for t in state.table[seat])
    return held


def endplay_lawful(state: StateBase, seat: str, card: Card, led: Card) -> bool:
    """Whether ``card`` played to ``led`` obeys BEZ-LAST-2, from the suit counts and at
    most the few higher cards of the suit: no scan of the hand (the full check below
    words the finding). Exactly ``card in endplay_legal(held, led)``."""
    suit = led.suit
    if card.suit is suit:
        if not state.must_win or _ORDER[card.rank] < _ORDER[led.rank]:
            return True  # followed and won (or need not win)
        hand, on_table = state.hand[seat], state.on_table[seat]
        return not any(hand.get(c) or on_table.get(c) for c in _HIGHER[led])
    suits = state.suits[seat]
    if suits[suit]:
        return False  # did not follow while able to
    trump = state.deal.trump
    return card.suit is trump or trump is None or not state.must_win or not suits[trump]


def check_endplay(state: StateBase, index: int, seat: str, card: Card, trick: Trick) -> bool:
    """Whether the play is lawful on the cards the seat is known to hold (all of them, in
    a complete record); a finding if not."""
    led = trick.plays[0].card
    if endplay_lawful(state, seat, card, led):
        return True
    cards = _held_cards(state, seat)
    legal = endplay_legal(state, cards, led)
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
        deal=state.deal.number,
        trick=trick.number,
        card=str(card),
        led=str(led),
        fault=fault,
        holding=tuple(sorted({str(c) for c in holding})),
    )
    state.find(
        "BEZ-LAST-2",
        "violation",
        facts=facts,
        event=index,
        seat=seat,
        trick=trick.number,
        basis=["RUB-LAST-1", "RUB-LAW-55"] if state.rubicon else ["BEZ-LAST-3"],
        legal=sorted({str(c) for c in legal}),
    )
    if state.deal.endplay_error is None:
        state.deal.endplay_error = (trick.number, seat, index)
    return False
