"""The stock phase's draws, its exhaustion, and the seven of trumps' exchange.

Functions over the state's data (``base.StateBase``): the handlers of ``draw`` and
``exchange`` events, which ``state`` dispatches to.
"""

from __future__ import annotations

from adjudicator.cards import Card
from adjudicator.errors import InputError
from adjudicator.facts.bezique_play import (
    BeziqueDrewOutOfTurn,
    BeziqueLastCardNotDrawn,
    BeziqueSevenExchangeRefused,
    BeziqueSevenNotInGame,
    SevenFault,
)
from adjudicator.games.bezique import declarations
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.facts import (
    _END,
    _STOCK,
    _SUITS,
    SEATS,
    Mark,
)
from adjudicator.games.bezique.position import _see, materialise
from adjudicator.games.bezique.tables import COURT
from adjudicator.record.bezique import (
    BeziqueDraw,
    BeziqueExchange,
)

# Draws (BEZ-PLAY-4, BEZ-IRREG-2, -3, -9, RUB-LAW-28..32) and the exchange (BEZ-SEVEN-2).


def apply_draw(state: StateBase, index: int, event: BeziqueDraw) -> None:
    if not state.deals:
        state._require_deal(index, "draw")
    remaining = state.remaining
    if state.phase is not _STOCK or remaining == 0:
        raise InputError(f"/events/{index}", "a draw when the stock is exhausted")
    seat = event.seat
    window = state.window
    drawn = window.get("drawn") if window else None
    after_trick = isinstance(drawn, list)
    if (  # BEZ-IRREG-9: an even number of face-down cards left for the last pair
        remaining == 2
        and state._has_turn_up
        and drawn is not None  # (``after_trick``: the window's ``drawn`` is a list)
        and len(drawn) == 1
        and seat not in drawn
    ):
        # the last face-down card is not drawn; the loser takes the trump
        remaining = state.remaining = 1
        state.find(
            "BEZ-IRREG-9",
            "info",
            facts=BeziqueLastCardNotDrawn(seat=seat, deal=state.deal.number),
            event=index,
            seat=seat,
        )
    card = _next_card(state, index, event.card)
    if not after_trick:
        _draw_out_of_turn(state, index, seat, card)
    else:
        assert isinstance(drawn, list)
        winner = str(window["winner"])
        if seat in drawn and remedy_draw(state, seat, short=True):
            pass  # Foster's remedy for a missed draw: two cards next time (BEZ-IRREG-1)
        elif seat in drawn or (
            not drawn and seat != winner and not remedy_draw(state, winner, short=False)
        ):
            _draw_out_of_turn(state, index, seat, card)
        drawn.append(seat)
    state.count[seat] += 1
    state.remaining = remaining = remaining - 1
    if card is None:  # after a position: an unknown card (``position``)
        state.unknown[seat] = state.unknown.get(seat, 0) + 1
        state.last_draw.pop(seat, None)
    else:
        hand = state.hand[seat]
        hand[card] = hand.get(card, 0) + 1
        state.last_draw[seat] = card
    if seat in state.cb and state.cb[seat] != "closed":  # (only Rubicon has carte blanche)
        state.cb[seat] = "closed" if card is None or card.rank in COURT else "offered"
    if remaining == 0:
        _exhaust(state, index)


def remedy_draw(state: StateBase, seat: str, *, short: bool) -> bool:
    """Ordinary game, Foster p.381: a seat short after a missed draw draws a second card
    (BEZ-IRREG-1), one with too many skips his draws until he is down to eight
    (BEZ-IRREG-4): the remedy at work, not a draw out of order."""
    if state.rubicon:
        return False
    held = state.count[seat]
    if short:
        return seat in state.deal.missed_draw and held < state._hand_size
    return state.deal.wrong_size.get(seat) == "over" and held >= state._hand_size


def _draw_out_of_turn(state: StateBase, index: int, seat: str, card: Card | None) -> None:
    """A draw with no trick just won, a second draw, or the loser's draw first."""
    window = state.window
    drawn = window.get("drawn") if window else None
    drew = str(card) if card is not None else None
    deal = state.deal.number
    if not window or not isinstance(drawn, list):
        state.find(
            "BEZ-PLAY-4",
            "violation",
            facts=BeziqueDrewOutOfTurn(
                seat=seat, deal=deal, card=drew, fault="no-trick-won", trick=None
            ),
            event=index,
            seat=seat,
            basis=["BEZ-IRREG-2"] if not state.rubicon else state.rub(29),
        )
    else:  # a second draw for the trick, or a draw before the winner's
        second = seat in drawn
        state.find(
            ("RUB-IRREG-13" if state.rubicon else "BEZ-IRREG-3") if second else "BEZ-PLAY-4",
            "violation",
            facts=BeziqueDrewOutOfTurn(
                seat=seat,
                deal=deal,
                card=drew,
                fault="second-draw" if second else "before-winner",
                trick=window["trick"],
            ),
            event=index,
            seat=seat,
            trick=int(window["trick"]),
            basis=[] if second else ["BEZ-IRREG-2"] if not state.rubicon else state.rub(29),
        )


def _next_card(state: StateBase, index: int, named: Card | None) -> Card | None:
    if state.remaining == 1 and state._has_turn_up and state.turn_up is not None:
        top = state.turn_up
        assert top is not None
        if named is not None and named != top:
            raise InputError(
                f"/events/{index}/card",
                f"the last card of the stock is the turn-up {top}, not {named}",
            )
        return top
    if state.stock is not None:
        top = state.stock[state._stock_at]
        state._stock_at += 1
        if named is not None and named != top:
            raise InputError(
                f"/events/{index}/card", f"the top card of the stock is {top}, not {named}"
            )
        return top
    if named is None and state.deal.position is not None:
        return None  # a card the record does not know: it joins the unknown part
    if named is None:
        raise InputError(
            f"/events/{index}/card",
            "the deal gives no stock, so every draw must name its card",
        )
    _see(state, named, f"/events/{index}/card")
    return named


def _exhaust(state: StateBase, index: int) -> None:
    """No card left: no more declarations; table cards go back to the hand (BEZ-LAST-1)."""
    declarations.lapse_pending(state, index)
    state.endplay_from = len(state.deal.tricks) + 1
    for seat in SEATS:
        hand = state.hand[seat]
        for card, copies in state.on_table[seat].items():  # (``on_table`` counts the copies)
            if copies:
                hand[card] = hand.get(card, 0) + copies
        state.table[seat] = []
        state.on_table[seat] = {}
        suits = state.suits[seat] = dict.fromkeys(_SUITS, 0)
        for card in hand.elements():  # the cards held, not every card the hand has seen
            suits[card.suit] += 1
    state.window = {}
    state.phase = _END


# Seven of trumps (BEZ-SEVEN-2, -3) -----------------------------------------------------


def apply_exchange(state: StateBase, index: int, event: BeziqueExchange) -> None:
    state._require_deal(index, "exchange")
    seat = event.seat
    deal = state.deal
    if state.trump_by_marriage:  # Rubicon, or the ordinary game's variant (EB11)
        state.find(
            "BEZ-SEVEN-4",
            "violation",
            facts=BeziqueSevenNotInGame(
                seat=seat,
                deal=deal.number,
                why="rubicon" if state.variant.rubicon else "trumps-by-marriage",
            ),
            event=index,
            seat=seat,
        )
        deal.marks.append(Mark(index, seat, "exchange", event.points or 0, void=True))
        deal.exchanges.append((index, seat, False))
        return
    trump = deal.trump
    seven = Card("7", trump) if trump else None
    if seven is not None and state.unknown and not state.hand[seat][seven]:
        materialise(state, seat, seven)  # a fragment: the seven was among his unknown cards
    problem = _seven_fault(state, seat, seven)
    legal = problem is None
    possible = (
        state.phase == _STOCK
        and state.turn_up is not None
        and state.remaining > 0
        and seven is not None
        and state.hand[seat][seven] > 0
    )
    if possible:  # the record states the cards changed hands, lawfully or not
        assert seven is not None and state.turn_up is not None
        state.hand[seat][seven] -= 1
        state.hand[seat][state.turn_up] += 1
        if legal:
            state.window["exchanged"] = state.turn_up
        state.turn_up = seven
    if legal and state.exchange_is_declaration:
        state.window["scored"] = index
    if not legal:
        assert problem is not None
        state.find(
            "BEZ-SEVEN-2",
            "violation",
            facts=BeziqueSevenExchangeRefused(
                seat=seat, deal=deal.number, fault=problem, trick=state.window.get("trick")
            ),
            event=index,
            seat=seat,
        )
    deal.exchanges.append((index, seat, legal))
    if event.points is not None:
        deal.marks.append(Mark(index, seat, "exchange", event.points, void=not legal))


def _seven_fault(state: StateBase, seat: str, seven: Card | None) -> SevenFault | None:
    """Why the seat may not exchange the seven of trumps now (BEZ-SEVEN-2), or None: the
    turn-up still under the stock, the seven in the hand, and the window a declaration
    has (BEZ-DECL-1, ``declarations.window_problem``), one score a trick where an
    exchange counts as the trick's declaration."""
    if state.phase != _STOCK or state.turn_up is None or state.remaining == 0:
        return "turn-up-drawn"
    if seven is None or state.hand[seat][seven] == 0:
        return "not-held"
    window = state.window
    if not window:
        return "no-trick-won"
    if window["winner"] != seat:
        return "did-not-win"
    if seat in window["drawn"]:
        return "already-drew"
    if state.exchange_is_declaration and window.get("scored") is not None:
        return "already-scored"
    return None
