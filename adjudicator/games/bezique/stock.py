"""The stock phase's draws, its exhaustion, and the seven of trumps' exchange.

A mixin of ``BeziqueState`` (``state``): the handlers of ``draw`` and ``exchange`` events.
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
from adjudicator.games.bezique.tables import COURT
from adjudicator.record.bezique import (
    BeziqueDraw,
    BeziqueExchange,
)


class StockPhase(StateBase):
    """Draws (BEZ-PLAY-4, BEZ-IRREG-2, -3, -9, RUB-LAW-28..32) and the exchange (BEZ-SEVEN-2)."""

    # Draw (BEZ-PLAY-4, BEZ-IRREG-2, -3, RUB-LAW-28..31) -------------------------------------

    def _apply_draw(self, index: int, event: BeziqueDraw) -> None:
        if not self.deals:
            self._require_deal(index, "draw")
        remaining = self.remaining
        if self.phase is not _STOCK or remaining == 0:
            raise InputError(f"/events/{index}", "a draw when the stock is exhausted")
        seat = event.seat
        window = self.window
        drawn = window.get("drawn") if window else None
        after_trick = isinstance(drawn, list)
        if (  # BEZ-IRREG-9: an even number of face-down cards left for the last pair
            remaining == 2
            and self._has_turn_up
            and drawn is not None  # (``after_trick``: the window's ``drawn`` is a list)
            and len(drawn) == 1
            and seat not in drawn
        ):
            # the last face-down card is not drawn; the loser takes the trump
            remaining = self.remaining = 1
            self.find(
                "BEZ-IRREG-9",
                "info",
                facts=BeziqueLastCardNotDrawn(seat=seat, deal=self.deal.number),
                event=index,
                seat=seat,
            )
        card = self._next_card(index, event.card)
        if not after_trick:
            self._draw_out_of_turn(index, seat, card)
        else:
            assert isinstance(drawn, list)
            winner = str(window["winner"])
            if seat in drawn and self.remedy_draw(seat, short=True):
                pass  # Foster's remedy for a missed draw: two cards next time (BEZ-IRREG-1)
            elif seat in drawn or (
                not drawn and seat != winner and not self.remedy_draw(winner, short=False)
            ):
                self._draw_out_of_turn(index, seat, card)
            drawn.append(seat)
        self.count[seat] += 1
        self.remaining = remaining = remaining - 1
        if card is None:  # after a position: an unknown card (``position``)
            self.unknown[seat] = self.unknown.get(seat, 0) + 1
            self.last_draw.pop(seat, None)
        else:
            hand = self.hand[seat]
            hand[card] = hand.get(card, 0) + 1
            self.last_draw[seat] = card
        if seat in self.cb and self.cb[seat] != "closed":  # (only Rubicon has carte blanche)
            self.cb[seat] = "closed" if card is None or card.rank in COURT else "offered"
        if remaining == 0:
            self._exhaust(index)

    def remedy_draw(self, seat: str, *, short: bool) -> bool:
        """Ordinary game, Foster p.381: a seat short after a missed draw draws a second card
        (BEZ-IRREG-1), one with too many skips his draws until he is down to eight
        (BEZ-IRREG-4): the remedy at work, not a draw out of order."""
        if self.rubicon:
            return False
        held = self.count[seat]
        if short:
            return seat in self.deal.missed_draw and held < self._hand_size
        return self.deal.wrong_size.get(seat) == "over" and held >= self._hand_size

    def _draw_out_of_turn(self, index: int, seat: str, card: Card | None) -> None:
        """A draw with no trick just won, a second draw, or the loser's draw first."""
        window = self.window
        drawn = window.get("drawn") if window else None
        drew = str(card) if card is not None else None
        deal = self.deal.number
        if not window or not isinstance(drawn, list):
            self.find(
                "BEZ-PLAY-4",
                "violation",
                facts=BeziqueDrewOutOfTurn(
                    seat=seat, deal=deal, card=drew, fault="no-trick-won", trick=None
                ),
                event=index,
                seat=seat,
                basis=["BEZ-IRREG-2"] if not self.rubicon else self.rub(29),
            )
        elif seat in drawn:
            rule = "RUB-IRREG-13" if self.rubicon else "BEZ-IRREG-3"
            self.find(
                rule,
                "violation",
                facts=BeziqueDrewOutOfTurn(
                    seat=seat, deal=deal, card=drew, fault="second-draw", trick=window["trick"]
                ),
                event=index,
                seat=seat,
                trick=int(window["trick"]),
            )
        else:
            self.find(
                "BEZ-PLAY-4",
                "violation",
                facts=BeziqueDrewOutOfTurn(
                    seat=seat, deal=deal, card=drew, fault="before-winner", trick=window["trick"]
                ),
                event=index,
                seat=seat,
                trick=int(window["trick"]),
                basis=["BEZ-IRREG-2"] if not self.rubicon else self.rub(29),
            )

    def _next_card(self, index: int, named: Card | None) -> Card | None:
        if self.remaining == 1 and self._has_turn_up and self.turn_up is not None:
            top = self.turn_up
            assert top is not None
            if named is not None and named != top:
                raise InputError(
                    f"/events/{index}/card",
                    f"the last card of the stock is the turn-up {top}, not {named}",
                )
            return top
        if self.stock is not None:
            top = self.stock[self._stock_at]
            self._stock_at += 1
            if named is not None and named != top:
                raise InputError(
                    f"/events/{index}/card", f"the top card of the stock is {top}, not {named}"
                )
            return top
        if named is None and self.deal.position is not None:
            return None  # a card the record does not know: it joins the unknown part
        if named is None:
            raise InputError(
                f"/events/{index}/card",
                "the deal gives no stock, so every draw must name its card",
            )
        self._see(named, f"/events/{index}/card")
        return named

    def _exhaust(self, index: int) -> None:
        """No card left: no more declarations; table cards go back to the hand (BEZ-LAST-1)."""
        declarations.lapse_pending(self, index)
        self.endplay_from = len(self.deal.tricks) + 1
        for seat in SEATS:
            hand = self.hand[seat]
            for card, copies in self.on_table[seat].items():  # (``on_table`` counts the copies)
                if copies:
                    hand[card] = hand.get(card, 0) + copies
            self.table[seat] = []
            self.on_table[seat] = {}
            suits = self.suits[seat] = dict.fromkeys(_SUITS, 0)
            for card in hand.elements():  # the cards held, not every card the hand has seen
                suits[card.suit] += 1
        self.window = {}
        self.phase = _END

    # Seven of trumps (BEZ-SEVEN-2, -3) -----------------------------------------------------

    def _apply_exchange(self, index: int, event: BeziqueExchange) -> None:
        self._require_deal(index, "exchange")
        seat = event.seat
        deal = self.deal
        if self.trump_by_marriage:  # Rubicon, or the ordinary game's variant (EB11)
            self.find(
                "BEZ-SEVEN-4",
                "violation",
                facts=BeziqueSevenNotInGame(
                    seat=seat,
                    deal=deal.number,
                    why="rubicon" if self.variant.rubicon else "trumps-by-marriage",
                ),
                event=index,
                seat=seat,
            )
            deal.marks.append(Mark(index, seat, "exchange", event.points or 0, void=True))
            deal.exchanges.append((index, seat, False))
            return
        trump = deal.trump
        seven = Card("7", trump) if trump else None
        if seven is not None and self.unknown and not self.hand[seat][seven]:
            self.materialise(seat, seven)  # a fragment: the seven was among his unknown cards
        problem = self._seven_fault(seat, seven)
        legal = problem is None
        possible = (
            self.phase == _STOCK
            and self.turn_up is not None
            and self.remaining > 0
            and seven is not None
            and self.hand[seat][seven] > 0
        )
        if possible:  # the record states the cards changed hands, lawfully or not
            assert seven is not None and self.turn_up is not None
            self.hand[seat][seven] -= 1
            self.hand[seat][self.turn_up] += 1
            if legal:
                self.window["exchanged"] = self.turn_up
            self.turn_up = seven
        if legal and self.exchange_is_declaration:
            self.window["scored"] = index
        if not legal:
            assert problem is not None
            self.find(
                "BEZ-SEVEN-2",
                "violation",
                facts=BeziqueSevenExchangeRefused(
                    seat=seat, deal=deal.number, fault=problem, trick=self.window.get("trick")
                ),
                event=index,
                seat=seat,
            )
        deal.exchanges.append((index, seat, legal))
        if event.points is not None:
            deal.marks.append(Mark(index, seat, "exchange", event.points, void=not legal))

    def _seven_fault(self, seat: str, seven: Card | None) -> SevenFault | None:
        """Why the seat may not exchange the seven of trumps now (BEZ-SEVEN-2), or None: the
        turn-up still under the stock, the seven in the hand, and the window a declaration
        has (BEZ-DECL-1, ``declarations.window_problem``), one score a trick where an
        exchange counts as the trick's declaration."""
        if self.phase != _STOCK or self.turn_up is None or self.remaining == 0:
            return "turn-up-drawn"
        if seven is None or self.hand[seat][seven] == 0:
            return "not-held"
        window = self.window
        if not window:
            return "no-trick-won"
        if window["winner"] != seat:
            return "did-not-win"
        if seat in window["drawn"]:
            return "already-drew"
        if self.exchange_is_declaration and window.get("scored") is not None:
            return "already-scored"
        return None
