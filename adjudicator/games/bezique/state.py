"""The Bézique replay (ordinary and Rubicon): a state machine over the record's events.

Phases: ``DEAL`` (no deal yet) -> ``STOCK`` (tricks while the stock lasts; after each, the
winner may declare, then both draw) -> ``END`` (the last eight or nine tricks) -> ``DONE``.
Every copy of every card is tracked: a card on the table remembers the combinations it
was declared in, class by class, which the class rules need (``declarations``).
Irregularities at the table are findings; facts that cannot all be true (a card the pack
does not hold, a draw that is not the top of the given stock) raise ``InputError``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from adjudicator.cards import Card
from adjudicator.engine.tricks import PlayedCard, beats
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.facts.bezique_play import (
    BeziqueLedOutOfTurn,
    BeziqueMissedDraw,
    BeziqueWrongHandSize,
    WrongSizeRemedy,
)
from adjudicator.findings import cite
from adjudicator.games.bezique import amendments, declarations, endplay
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.endplay import _check_endplay
from adjudicator.games.bezique.facts import (
    _DEAL,
    _DONE,
    _END,
    _PACK,
    _STOCK,
    SEATS,
    BeziqueDealFacts,
    BeziqueReplay,
    Mark,
    Phase,
    TableCard,
    Trick,
    other,
)
from adjudicator.games.bezique.holdings import (
    _pick_table_card,
    _re_form,
    choose,
    distinct_copies,
    pending_uids,
)
from adjudicator.games.bezique.position import (
    _apply_position,
    _endplay_unknown,
    _resolve_pending,
    _settle_pending,
    _unfinished,
    _unseen,
    could_hold,
    materialise,
)
from adjudicator.games.bezique.runs import _run_end, _run_stock
from adjudicator.games.bezique.stock import _apply_draw, _apply_exchange, _exhaust, remedy_draw
from adjudicator.games.bezique.tables import RANKS, Variant
from adjudicator.record.bezique import (
    BeziqueAmend,
    BeziqueCall,
    BeziqueClaim,
    BeziqueDeal,
    BeziqueDeclare,
    BeziqueDraw,
    BeziqueEvent,
    BeziqueExchange,
    BeziquePlay,
    BeziquePosition,
    BeziqueResult,
    BeziqueScore,
)

#: (Rubicon, over) -> the rule a hand of the wrong size breaks and what the laws make of it
_WRONG_SIZE: dict[tuple[bool, bool], tuple[str, WrongSizeRemedy]] = {
    (False, True): ("BEZ-IRREG-4", "ordinary-remedy"),
    (False, False): ("BEZ-IRREG-4", "ordinary-remedy"),
    (True, True): ("RUB-LAW-17", "rubiconed"),
    (True, False): ("RUB-LAW-19", "adversary-scores-last-trick"),
}


class BeziqueState(StateBase):
    """The table during the replay; ``apply(index, event)`` is the only mutator.

    Why it is written as it is: a Rubicon record is some 250 events, so the hot paths (play,
    draw) read plain attributes set when a deal starts (``deal``, ``hand``, ``count``) and
    check the cheap, common case first; the full scans run only to word a finding.
    """

    def __init__(
        self,
        variant: Variant,
        *,
        must_win: bool = True,
        refill_by_duplicate: bool = True,
        remarriage_mode: str = "law35",
        exchange_is_declaration: bool = True,
        trump_by_marriage: bool = False,
        law50_all: bool = False,
    ) -> None:
        self.variant = variant
        self.must_win = must_win
        self.refill_by_duplicate = refill_by_duplicate
        self.remarriage_mode = remarriage_mode
        self.exchange_is_declaration = exchange_is_declaration
        self.trump_by_marriage = trump_by_marriage or variant.rubicon
        # Rubicon law 50 reaches every declaration error (AMB-11, ``law50_scope``): a wrong
        # marriage scored and not challenged in time stands, and may fix trumps (law 41)
        self.law50_all = law50_all and variant.rubicon
        self.phase = _DEAL
        self.deals = []
        self.findings = []
        self.early_results = []
        self._uid = 0
        # the variant's data as plain attributes, read on every play and draw
        self.rubicon = variant.rubicon
        self._has_turn_up = variant.turn_up
        self._hand_size = variant.hand
        self._tricks = variant.tricks
        self._refill = variant.rubicon and refill_by_duplicate
        # the reading of the record's duplicate copies (``readings``, ``base``)
        self.plan = {}
        self.decisions = []
        self.fast = True
        self.sources = {}
        self.unknown = {}
        self.undetermined = []
        self.pending = []
        # a referee's table (``adjudicator.referee``) rules on a deal still in play as on a
        # fragment's: stopped where the events pushed so far end
        self.stops_part_way = False

    # Queries ----------------------------------------------------------------------------

    def legal_plays(self, seat: str) -> list[Card]:
        """What the seat may lawfully play now (``endplay.legal_plays``)."""
        return endplay.legal_plays(self, seat)

    def held(self, seat: str) -> int:
        """Cards in the hand and on the table (kept as a running count: plays -1, draws +1)."""
        return self.count[seat]

    def expected_leader(self) -> str:
        """The winner of the last trick won (only the current trick may have no winner)."""
        for trick in reversed(self.deal.tricks):
            if trick.winner:
                return trick.winner
        return other(self.deal.dealer)

    # The one mutator ----------------------------------------------------------------------

    def apply(self, index: int, event: BeziqueEvent) -> None:
        """Dispatch on the event's class (one dict look-up: the replay's innermost call)."""
        handler = _HANDLERS.get(type(event))
        if handler is None:  # a subclass of an event model: match it as ``isinstance`` would
            handler = next((h for t, h in _HANDLERS.items() if isinstance(event, t)), None)
            if handler is None:
                return
        handler(self, index, event)

    def finish(self) -> BeziqueReplay:
        if self.deals and self.phase != _DONE:
            if self.deal.position is None and not self.stops_part_way:
                self._incomplete(None)
            _settle_pending(self)
            _unfinished(self)  # a fragment may stop where the dispute ends
        _settle_pending(self)
        return BeziqueReplay(
            self.variant, self.deals, self.findings, self.early_results, self.undetermined
        )

    # Deal (BEZ-DEAL-2, RUB-DEAL-1, BEZ-CARDS-1) ---------------------------------------------

    def _apply_deal(self, index: int, event: BeziqueDeal) -> None:
        if self.deals and self.phase != _DONE:
            self._incomplete(index)
        _settle_pending(self)
        where = pointer_of("events", index)
        variant = self.variant
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
        problems += self._see_deal(event, hands, where)
        self.stock = None
        self._stock_at = 0
        if event.stock is not None:
            expected = variant.stock_size - (1 if variant.turn_up else 0)
            if len(event.stock) != expected:
                problems.append(
                    Problem(
                        f"{where}/stock",
                        f"the stock holds {len(event.stock)} cards, not {expected}",
                    )
                )
            self.stock = list(event.stock)
        if problems:
            raise InputError.of(problems)
        self.remaining = variant.stock_size
        number = len(self.deals) + 1
        trump = (
            event.turn_up.suit if event.turn_up is not None and not self.trump_by_marriage else None
        )
        self.deal = BeziqueDealFacts(number, index, event.dealer, hands, event.turn_up, trump)
        self.deal.stock = self.stock
        self.deals.append(self.deal)
        self.hand = {s: Counter(hands[s]) for s in SEATS}
        self.count = {s: len(hands[s]) for s in SEATS}
        self.unknown = {}
        self.table = {s: [] for s in SEATS}
        self.on_table = {s: {} for s in SEATS}
        self.turn_up = event.turn_up
        self.current = None
        self.window = {}
        self.cb = {}
        self.missed = {}
        self.last_draw = {}
        self.suits = {}
        self.phase = _STOCK
        if event.turn_up is not None and event.turn_up.rank == "7":
            self.deal.sevens.append((index, event.dealer, "turned up"))  # BEZ-DEAL-3

    def _see_deal(
        self, event: BeziqueDeal, hands: dict[str, list[Card]], where: str
    ) -> list[Problem]:
        """``_see`` every card dealt (up to 128): counted in C, and walked one by one, in the
        record's order, only when something is wrong, to point at each error."""
        cards = [card for seat in SEATS for card in hands.get(seat, ())]
        if event.turn_up is not None:
            cards.append(event.turn_up)
        cards.extend(event.stock or ())
        self.seen = Counter(cards)
        if (
            _PACK.issuperset(self.seen)
            and max(self.seen.values(), default=0) <= self.variant.copies
        ):
            return []
        self.seen = Counter()
        places = [
            (card, f"{where}/hands/{seat}/{position}")
            for seat in SEATS
            for position, card in enumerate(hands.get(seat, ()))
        ]
        if event.turn_up is not None:
            places.append((event.turn_up, f"{where}/turn_up"))
        places += [(card, f"{where}/stock/{n}") for n, card in enumerate(event.stock or ())]
        seen = ((pointer, _unseen(self, card)) for card, pointer in places)
        return [Problem(pointer, message) for pointer, message in seen if message]

    # Play (BEZ-PLAY-1..3, BEZ-IRREG-8, RUB-LAW-24, BEZ-LAST-2) ------------------------------------

    def _apply_play(self, index: int, event: BeziquePlay) -> None:
        phase = self.phase
        if phase is _DEAL or phase is _DONE:
            raise self._out_of_play(index, phase)
        seat, card, given = event.seat, event.card, event.from_
        trick = self.current
        if trick is None or trick.winner is not None:
            # first, as closing the last draws may exhaust the stock: the table cards then go
            # back to the hand and the end-play begins before this card is looked for
            trick = self._open_trick(index, seat)
            phase = self.phase
        elif trick.plays[0].seat == seat:
            raise InputError(
                f"/events/{index}/seat", f"{seat} has already played to trick {trick.number}"
            )
        hand = self.hand[seat]  # (the same Counter all deal long: ``_exhaust`` adds to it)
        source: str
        copy: TableCard | None = None
        if (
            given != "table"
            and hand.get(card, 0) > 0
            and (given == "hand" or not self.on_table[seat].get(card))
        ):
            source = "hand"  # the common case: a card held in the hand, and only there
        else:
            source, copy = self._source(index, seat, card, given)
        self.sources[index] = [source]
        if seat in self.missed:
            self._played_short(index, seat, trick)
        deal = self.deal
        count = self.count
        if seat not in deal.wrong_size and seat not in deal.missed_draw:
            # BEZ-IRREG-4, laws 17, 19: 8 (Rubicon 9) while the stock lasts, then one fewer a trick
            # (from the end-play's first trick: an odd stock, law 32, may bring it on early)
            expected = (
                self._hand_size - trick.number + self.endplay_from
                if trick.endplay
                else self._hand_size
            )
            if count[seat] != expected:
                self._wrong_size(index, seat, trick, expected)
        plays = trick.plays
        if (
            trick.endplay
            and len(plays) == 1
            and _check_endplay(self, index, seat, card, trick)
            and self.unknown.get(seat)
        ):
            _endplay_unknown(self, index, seat, card, trick)  # a fragment's unknown cards
        if self.cb.get(seat) == "offered":  # (only Rubicon has carte blanche)
            self.cb[seat] = "declared"  # the drawn card was not shown in time; the chain goes on
        if phase is _END:
            self.suits[seat][card.suit] -= 1
            if self.pending:
                _resolve_pending(self, index, seat, card)
        if source == "hand":
            count[seat] -= 1
            hand[card] -= 1
            if self._refill and self.on_table[seat].get(card):
                _re_form(self, seat, card)
        else:
            self._remove(seat, card, source, index, copy)
        plays.append(PlayedCard(seat, card, index))
        if len(plays) == 2:
            lead = plays[0]
            led = lead.card
            second_wins = beats(card, led, deal.trump, RANKS)  # BEZ-PLAY-3
            winner = trick.winner = seat if second_wins else lead.seat
            if trick.endplay:
                if count[lead.seat] == 0 or count[seat] == 0:
                    self.phase = _DONE  # a player short of cards ends it early (law 19)
            else:
                self.window = {
                    "winner": winner,
                    "trick": trick.number,
                    "drawn": [],
                    "scored": None,
                    "declared": False,
                }

    def _out_of_play(self, index: int, phase: Phase) -> InputError:
        """A card played before the first deal or after the last trick of a deal."""
        return InputError(
            f"/events/{index}",
            "a card is played before any deal"
            if phase is _DEAL
            else f"a card is played after the last trick of deal {self.deal.number}",
        )

    def _source(
        self, index: int, seat: str, card: Card, given: str | None
    ) -> tuple[str, TableCard | None]:
        """Hand or table, and which table copy: when more than one could be meant, the
        reading's choice (``choose``), the hand first, then the copy with least history."""
        where = f"/events/{index}/card"
        on_table = self.on_table[seat].get(card, 0) > 0
        in_hand = self.hand[seat][card] > 0
        if given == "table" and not on_table:
            raise InputError(where, f"{seat} has no {card} on the table")
        if given == "hand" and not in_hand and not materialise(self, seat, card):
            raise InputError(where, f"{seat} has no {card} in the hand")
        in_hand = self.hand[seat][card] > 0
        if not (in_hand or on_table):
            if given == "table" or not materialise(self, seat, card):
                raise InputError(where, f"{seat} does not hold {card}")
            in_hand = True  # one of his unknown cards (a deal begun at a position)
        options: list[TableCard | None] = [None] if in_hand and given != "table" else []
        if on_table and given != "hand":
            # a copy spent in scored combinations before one a carried declaration needs: law
            # 46 loses it only when its own card is played (the lawful reading first)
            pending = pending_uids(self, seat)
            copies = distinct_copies(self, seat, card)
            copies.sort(key=lambda t: t.uid in pending)
            options.extend(copies)
        # a deal begun at a position: the card may also be one of the unknown cards, when the
        # hand holds no known copy (offered last: the record's copies are read first)
        unknown = not in_hand and given != "table" and bool(could_hold(self, seat, [card]))
        if unknown:
            options.append(None)
        pick = options[choose(self, index, len(options))] if len(options) > 1 else options[0]
        if pick is None and not in_hand:
            materialise(self, seat, card)
        return ("hand", None) if pick is None else ("table", pick)

    def _played_short(self, index: int, seat: str, trick: Trick) -> None:
        """The seat that did not draw plays again (BEZ-IRREG-1, RUB-IRREG-12)."""
        missed = self.missed.pop(seat)
        rule = "RUB-IRREG-12" if self.rubicon else "BEZ-IRREG-1"
        self.find(
            rule,
            "violation",
            facts=BeziqueMissedDraw(
                seat=seat,
                deal=self.deal.number,
                trick=trick.number,
                after=missed,
                remedy="adversary-scores-last-trick" if self.rubicon else "draw-two-next",
            ),
            event=index,
            seat=seat,
            trick=trick.number,
            basis=["RUB-LAW-19"] if self.rubicon else [],
        )

    def _open_trick(self, index: int, seat: str) -> Trick:
        deal = self.deal
        tricks = deal.tricks
        number = len(tricks) + 1
        # ``expected_leader``: the winner of the trick before (a new trick follows a complete one)
        last = tricks[-1].winner if tricks else None
        leader = last or other(deal.dealer)
        if self.phase is _STOCK and self.window:
            self._close_window(index)
        # positional (number, leader, plays, winner, endplay): half the cost of keywords
        trick = Trick(number, leader, [], None, self.phase is _END)
        tricks.append(trick)
        deal.first_trick_events[number] = index
        self.current = trick
        if seat != leader:
            rule = "RUB-LAW-24" if self.rubicon else "BEZ-IRREG-8"
            self.find(
                rule,
                "violation",
                facts=BeziqueLedOutOfTurn(seat=seat, deal=deal.number, trick=number, leader=leader),
                event=index,
                seat=seat,
                trick=number,
                legal=[f"{leader} to lead"],
            )
        return trick

    def _close_window(self, index: int) -> None:
        """The next lead: a seat that has not drawn forgot to (BEZ-IRREG-1, RUB-IRREG-12);
        the finding is made when that seat next plays, a card short."""
        drawn = self.window.get("drawn", [])
        assert isinstance(drawn, list)
        if self.remaining > 0 or len(drawn) == 1:
            missed_draw = self.deal.missed_draw
            for seat in SEATS:
                if (
                    seat not in drawn
                    and seat not in missed_draw
                    and not remedy_draw(self, seat, short=False)
                ):
                    missed_draw.add(seat)
                    self.missed[seat] = int(self.window["trick"])
        self.window = {}
        if self.rubicon and self.remaining == 1:
            _exhaust(self, index)  # law 32: the odd last card of the stock is not drawn

    def _wrong_size(self, index: int, seat: str, trick: Trick, expected: int) -> None:
        """A player must hold 8 (Rubicon 9) while the stock lasts (BEZ-IRREG-4, laws 17, 19)."""
        held = self.count[seat]
        over = held > expected
        sizes = self.deal.wrong_size
        sizes[seat] = "over" if over else "short"
        rule, remedy = _WRONG_SIZE[self.rubicon, over]
        if self.rubicon and set(sizes.values()) == {"over", "short"}:
            # one over nine, the other short: law 21 rules both hands
            rule, remedy = "RUB-LAW-21", "neither-scores-last-trick"
            self.findings[:] = [
                f.model_copy(
                    update={
                        "rule": rule,
                        "citation": cite(rule),
                        "facts": f.facts.model_copy(update={"remedy": remedy}),
                    }
                )
                if f.deal == self.deal.number
                and f.rule in ("RUB-LAW-17", "RUB-LAW-19")
                and isinstance(f.facts, BeziqueWrongHandSize)
                else f
                for f in self.findings
            ]
        self.find(
            rule,
            "violation",
            facts=BeziqueWrongHandSize(
                seat=seat,
                deal=self.deal.number,
                trick=trick.number,
                held=held,
                expected=expected,
                remedy=remedy,
            ),
            event=index,
            seat=seat,
            trick=trick.number,
        )

    def _remove(
        self, seat: str, card: Card, source: str, index: int, copy: TableCard | None = None
    ) -> None:
        self.count[seat] -= 1
        if source == "table":
            table_card = copy or _pick_table_card(self, seat, card)
            self.table[seat].remove(table_card)
            self.on_table[seat][card] -= 1
            declarations.break_pending(self, seat, table_card.uid, index)
            return
        self.hand[seat][card] -= 1
        if self._refill:
            _re_form(self, seat, card)

    # Declarations, claims, results --------------------------------------------------------

    def _apply_declare(self, index: int, event: BeziqueDeclare) -> None:
        self._require_deal(index, "declaration")
        declarations.apply_declare(self, index, event)

    def _apply_claim(self, index: int, event: BeziqueClaim) -> None:
        self._require_deal(index, "claim")
        self.deal.claims.append((index, event))
        declarations.challenge_trumps(self, index, event)

    def _apply_result(self, index: int, event: BeziqueResult) -> None:
        if self.deals:
            self.deal.results.append((index, event))
        else:
            self.early_results.append((index, event))

    # Marks --------------------------------------------------------------------------------

    def _apply_score(self, index: int, event: BeziqueScore) -> None:
        self._require_deal(index, "score")
        if event.for_ == "declaration":
            declarations.apply_score_carried(self, index, event)
            return
        self.deal.marks.append(Mark(index, event.seat, event.for_, event.points, event.ref))


#: The handler of each event class (``BeziqueState.apply``).
_HANDLERS: dict[type, Callable[[BeziqueState, int, Any], None]] = {
    BeziqueDeal: BeziqueState._apply_deal,
    BeziquePosition: _apply_position,
    BeziquePlay: BeziqueState._apply_play,
    BeziqueDraw: _apply_draw,
    BeziqueDeclare: BeziqueState._apply_declare,
    BeziqueExchange: _apply_exchange,
    BeziqueScore: BeziqueState._apply_score,
    BeziqueClaim: BeziqueState._apply_claim,
    BeziqueResult: BeziqueState._apply_result,
    BeziqueAmend: amendments.apply_amend,
    BeziqueCall: amendments.apply_call,
}


def replay(events: list[BeziqueEvent], state: BeziqueState) -> BeziqueReplay:
    """Replay every event in order; findings are collected, never raised.

    A play or a draw first offers itself, with the events after it, to the fast paths
    (runs of lawful tricks and draws only); whatever they decline goes to its handler.
    """
    handlers = _HANDLERS
    index, end = 0, len(events)
    while index < end:
        event = events[index]
        kind = type(event)
        if (kind is BeziquePlay or kind is BeziqueDraw) and state.fast:
            phase = state.phase
            if phase is _STOCK:
                after = _run_stock(state, events, index)
            elif phase is _END and kind is BeziquePlay:
                after = _run_end(state, events, index)
            else:
                after = index
            if after != index:
                index = after
                continue
        handler = handlers.get(kind)  # ``state.apply``, one call the fewer
        if handler is None:
            state.apply(index, event)
        else:
            handler(state, index, event)
        index += 1
    return state.finish()
