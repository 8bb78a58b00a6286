"""A deal (BEZ-DEAL-2, RUB-DEAL-1, BEZ-CARDS-1): the hands, the turn-up and the stock dealt,
every card checked against the pack.

Functions over the state's data (``base.StateBase``); ``state`` dispatches ``deal`` events to
``apply_deal``.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.cards import Card
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.facts import (
    _DONE,
    _PACK,
    _STOCK,
    SEATS,
    BeziqueDealFacts,
)
from adjudicator.games.bezique.position import settle_pending, unseen
from adjudicator.record.bezique import BeziqueDeal


def apply_deal(state: StateBase, index: int, event: BeziqueDeal) -> None:
    if state.deals and state.phase != _DONE:
        state._incomplete(index)
    settle_pending(state)
    where = pointer_of("events", index)
    variant = state.variant
    hands: dict[str, list[Card]] = {
        seat: list(event.hands[seat]) for seat in SEATS if seat in event.hands
    }
    problems: list[Problem] = []  # every problem of the deal, reported together
    for seat in SEATS:
        if seat not in hands:
            problems.append(
                Problem(
                    f"{where}/hands",
                    f"no hand for {seat}: a deal gives both hands (a deal known only in"
                    " part is recorded as a position)",
                )
            )
        elif len(hands[seat]) != variant.hand:
            problems.append(
                Problem(
                    f"{where}/hands/{seat}",
                    f"{seat} holds {len(hands[seat])} cards, not {variant.hand}",
                )
            )
    if variant.turn_up and event.turn_up is None:
        problems.append(
            Problem(f"{where}/turn_up", "the ordinary game needs the turned-up trump card")
        )
    if not variant.turn_up and event.turn_up is not None:
        problems.append(Problem(f"{where}/turn_up", "Rubicon Bézique has no turn-up"))
    problems += _see_deal(state, event, hands, where)
    state.stock = None
    state._stock_at = 0
    if event.stock is not None:
        expected = variant.stock_size - (1 if variant.turn_up else 0)
        if len(event.stock) != expected:
            problems.append(
                Problem(
                    f"{where}/stock",
                    f"the stock holds {len(event.stock)} cards, not {expected}",
                )
            )
        state.stock = list(event.stock)
    if problems:
        raise InputError.of(problems)
    state.remaining = variant.stock_size
    number = len(state.deals) + 1
    trump = (
        event.turn_up.suit if event.turn_up is not None and not state.trump_by_marriage else None
    )
    state.deal = BeziqueDealFacts(number, index, event.dealer, hands, event.turn_up, trump)
    state.deal.stock = state.stock
    state.deals.append(state.deal)
    state.hand = {s: Counter(hands[s]) for s in SEATS}
    state.count = {s: len(hands[s]) for s in SEATS}
    state.unknown = {}
    state.table = {s: [] for s in SEATS}
    state.on_table = {s: {} for s in SEATS}
    state.turn_up = event.turn_up
    state.current = None
    state.window = {}
    state.cb = {}
    state.missed = {}
    state.last_draw = {}
    state.suits = {}
    state.phase = _STOCK
    if event.turn_up is not None and event.turn_up.rank == "7":
        state.deal.sevens.append((index, event.dealer, "turned up"))  # BEZ-DEAL-3


def _see_deal(
    state: StateBase, event: BeziqueDeal, hands: dict[str, list[Card]], where: str
) -> list[Problem]:
    """``_see`` every card dealt (up to 128): counted in C, and walked one by one, in the
    record's order, only when something is wrong, to point at each error."""
    cards = [card for seat in SEATS for card in hands.get(seat, ())]
    if event.turn_up is not None:
        cards.append(event.turn_up)
    cards.extend(event.stock or ())
    state.seen = Counter(cards)
    if _PACK.issuperset(state.seen) and max(state.seen.values(), default=0) <= state.variant.copies:
        return []
    state.seen = Counter()
    places = [
        (card, f"{where}/hands/{seat}/{position}")
        for seat in SEATS
        for position, card in enumerate(hands.get(seat, ()))
    ]
    if event.turn_up is not None:
        places.append((event.turn_up, f"{where}/turn_up"))
    places += [(card, f"{where}/stock/{n}") for n, card in enumerate(event.stock or ())]
    seen = ((pointer, unseen(state, card)) for card, pointer in places)
    return [Problem(pointer, message) for pointer, message in seen if message]
