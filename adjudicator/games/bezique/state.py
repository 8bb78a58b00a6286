"""The Bézique replay (ordinary and Rubicon): a state machine over the record's events.

Phases: ``DEAL`` (no deal yet) -> ``STOCK`` (tricks while the stock lasts; after each, the
winner may declare, then both draw) -> ``END`` (the last eight or nine tricks) -> ``DONE``.
Every copy of every card is tracked: a card on the table remembers the combinations it
was declared in, class by class, which the class rules need (``declarations``).
Irregularities at the table are findings; facts that cannot all be true (a card the pack
does not hold, a draw that is not the top of the given stock) raise ``InputError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.cards import Card
from adjudicator.games.bezique import amendments, declarations, endplay
from adjudicator.games.bezique.base import StateBase
from adjudicator.games.bezique.dealing import apply_deal
from adjudicator.games.bezique.facts import (
    _DEAL,
    _DONE,
    _END,
    _STOCK,
    BeziqueReplay,
    Mark,
    other,
)
from adjudicator.games.bezique.play import apply_play
from adjudicator.games.bezique.position import (
    _unfinished,
    apply_position,
    settle_pending,
)
from adjudicator.games.bezique.runs import run_end, run_stock
from adjudicator.games.bezique.stock import apply_draw, apply_exchange
from adjudicator.games.bezique.tables import Variant
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
            settle_pending(self)
            _unfinished(self)  # a fragment may stop where the dispute ends
        settle_pending(self)
        return BeziqueReplay(
            self.variant, self.deals, self.findings, self.early_results, self.undetermined
        )


# Declarations, claims, results and marks (deals: ``dealing``; plays: ``play``; draws:
# ``stock``): functions over the state, as the other handlers ---------------------------------


def apply_declare(state: BeziqueState, index: int, event: BeziqueDeclare) -> None:
    state._require_deal(index, "declaration")
    declarations.apply_declare(state, index, event)


def apply_claim(state: BeziqueState, index: int, event: BeziqueClaim) -> None:
    """A claim is ruled with the deal it is about: the deal of the event it names (a mark or
    a card of an earlier deal, challenged later), else the deal in play. (A review found a
    challenge made in deal 3 of a mark of deal 1 ruled "fails: the score was good" against
    deal 3, while the mark was corrected in deal 1.)"""
    state._require_deal(index, "claim")
    deal = state.deal
    ref = event.ref
    if type(ref) is int and ref < deal.event:
        deal = next((d for d in reversed(state.deals) if d.event <= ref), deal)
    deal.claims.append((index, event))
    declarations.challenge_trumps(state, index, event)


def apply_result(state: BeziqueState, index: int, event: BeziqueResult) -> None:
    if state.deals:
        state.deal.results.append((index, event))
    else:
        state.early_results.append((index, event))


def apply_score(state: BeziqueState, index: int, event: BeziqueScore) -> None:
    """A mark: a carried declaration's is scored (``declarations``); any other is noted, for
    the judge to rule on."""
    state._require_deal(index, "score")
    if event.for_ == "declaration":
        declarations.apply_score_carried(state, index, event)
        return
    state.deal.marks.append(Mark(index, event.seat, event.for_, event.points, event.ref))


#: The handler of each event class (``BeziqueState.apply``).
_HANDLERS: dict[type, Callable[[BeziqueState, int, Any], None]] = {
    BeziqueDeal: apply_deal,
    BeziquePosition: apply_position,
    BeziquePlay: apply_play,
    BeziqueDraw: apply_draw,
    BeziqueDeclare: apply_declare,
    BeziqueExchange: apply_exchange,
    BeziqueScore: apply_score,
    BeziqueClaim: apply_claim,
    BeziqueResult: apply_result,
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
                after = run_stock(state, events, index)
            elif phase is _END and kind is BeziquePlay:
                after = run_end(state, events, index)
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
