"""The referee's table for each game: the game's own replay state, driven one event at a time.

Why a table per game and not a second replay: the state machine is the one ``adjudicate``
replays a record through (``WhistState``, ``BeziqueState``), its ``apply`` the only mutator,
and the judgement is the game's own judge run over that state's facts. A table only adds
what a program asks between events (whose turn, what may be played, the phase) and a way to
hand the judge the facts so far without altering the live state: a deal still in play is
finished on a shallow copy as a fragment's is (``stops_part_way``), or, where the state
cannot be read one event at a time (the cards a position reveals later; the reading of two
copies of a card that only a search can settle), replayed from the start by the batch path.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from adjudicator.errors import InputError
from adjudicator.facts.bezique_declarations import Announced
from adjudicator.findings import Finding
from adjudicator.games import bezique, rubicon, whist
from adjudicator.games.bezique.facts import BeziqueReplay, Phase
from adjudicator.games.bezique.judge import BRISQUE, SEVEN
from adjudicator.games.bezique.readings import COPY_RULES, best_reading
from adjudicator.games.bezique.state import BeziqueState
from adjudicator.games.bezique.tables import is_brisque
from adjudicator.games.registry import find_game
from adjudicator.games.whist.facts import Phase as WhistPhase
from adjudicator.games.whist.facts import WhistReplay
from adjudicator.games.whist.position import revealed
from adjudicator.games.whist.state import WhistState
from adjudicator.record.bezique import (
    BeziqueDeal,
    BeziqueDeclare,
    BeziqueDraw,
    BeziqueExchange,
    BeziquePlay,
    BeziqueRecord,
    BeziqueScore,
    RubiconRecord,
)
from adjudicator.record.whist import (
    WhistCut,
    WhistDeal,
    WhistPlay,
    WhistPosition,
    WhistRecord,
    WhistResult,
    WhistRules,
    WhistScore,
)
from adjudicator.referee.carried import ScoredDeals, WhistCarried

S = TypeVar("S", WhistState, BeziqueState)
T = TypeVar("T")

#: The Bézique events at which the judge does not rule, unless one ends a deal.
_CARDS = (BeziquePlay, BeziqueDraw)
#: The Bézique events that carry points: quiet when the sheet stays square (``_square``).
_SHEET = (BeziqueScore, BeziqueDeclare, BeziqueExchange)
#: A lawful declaration not yet scored: carried to a later trick, or lost with its card.
_UNSCORED = ("to-score", "lost")
#: The replay's findings that note a lawful act (a declaration announced to score on a later
#: trick): no irregularity, and nothing the judge rules on; a deal with one is still plain.
_NOTES = (Announced,)


class Table(Protocol):
    """What the referee asks of a game's table."""

    def apply(self, index: int, event: Any, events: Sequence[Any]) -> list[Finding]:
        """Apply ``events[index]`` (the last pushed): the replay's new findings. Raises
        ``InputError`` for an impossible fact; the table must then be rebuilt."""

    def rebuild(self, events: Sequence[Any]) -> None:
        """The table after ``events``, from the start."""

    def replayed(self, events: Sequence[Any]) -> WhistReplay | BeziqueReplay:
        """The facts so far as the judge takes them, the live state left as it was."""

    def findings(self, header: Any, replayed: Any) -> list[Finding]:
        """The judge's findings of ``replayed`` (the game's judge, without the deals'
        summaries: a push needs the findings, ``ruling()`` the whole judgement)."""

    def findings_known(self) -> list[Finding] | None:
        """The judge's findings of the events applied, when the table knows them without a
        judgement (whist: marks and results written after a deal judged played out, the next
        deal dealt after them); else None."""

    def rules_on(self, event: Any, phase: str) -> bool:
        """Whether the judge rules at ``event`` (the table was at ``phase`` before it): at
        an event that can make a judge's finding, and at the card that ends a deal."""

    @property
    def phase(self) -> str: ...

    @property
    def deals(self) -> int:
        """How many deals have begun."""

    #: Whether a fact of the sheet of the deal in progress is among the findings known (told,
    #: not kept back) after the last judgement: the referee sets it (``_judged``).
    sheet_told: bool

    @property
    def sheet_after_play(self) -> int | None:
        """The deal in play whose sheet is written only once it is played out (whist: its
        marks and honours claims come after the cards), so that no fact of it is told
        before: its number; None when there is none (a Bézique sheet is written as the
        tricks fall)."""

    @property
    def to_play(self) -> str | None: ...

    @property
    def to_draw(self) -> str | None: ...

    def legal_plays(self) -> list[str]: ...


def table_for(record: WhistRecord | BeziqueRecord | RubiconRecord) -> Table:
    """The table of the record's game (its ``table`` part in ``games.registry``)."""
    make: Callable[[Any], Table] = find_game(record.game).part("table")
    return make(record)


def whist_table(record: WhistRecord) -> Table:
    return WhistTable(whist.resolve(record.rules))


def bezique_table(record: BeziqueRecord) -> Table:
    rules = record.rules
    usual = (  # the options under which a quiet push is known (``BeziqueTable._square``)
        rules.last_trick == 32
        and rules.brisque_timing == "immediate"
        and rules.seven_scoring == "declared_after_winning"
    )
    return BeziqueTable(lambda: bezique.state_for(record), usual)


def rubicon_table(record: RubiconRecord) -> Table:
    return BeziqueTable(lambda: rubicon.state_for(record), True)


#: What ``finish`` alters of a state stopped part-way with nothing pending (the fast path of
#: ``replayed``): the findings and open questions it adds, the calls it lapses (whist), and
#: the deal in play. Copying only these, not every table of the state (the
#: cards seen, the hands), keeps a judged push cheap.
_FINISH_ALTERS = ("findings", "undetermined", "calls", "pending")


def _stopped(state: S) -> S:
    """A copy of the table, stopped part-way, that ``finish`` may alter and the live one
    never sees: what ``finish`` alters is copied, and the deal in play (whose flags a
    stopped deal sets); the facts of earlier deals and the cards are shared."""
    table = _copied(state)
    fields = vars(table)
    for name in _FINISH_ALTERS:
        if name in fields:
            value = fields[name]
            fields[name] = list(value) if type(value) is list else copy.copy(value)
    deals = fields["deals"] = list(fields["deals"])
    if deals:
        deals[-1] = _copied(deals[-1])
        if "deal" in fields:  # (Bézique keeps the deal in play as an attribute)
            fields["deal"] = deals[-1]
    table.stops_part_way = True
    return table


def _copied(item: T) -> T:
    """``copy.copy`` of an object whose fields are its ``__dict__`` (a state, a deal's
    facts), without the reduce protocol ``copy.copy`` goes through."""
    fields = getattr(item, "__dict__", None)
    if fields is None:  # (slots: the usual way)
        return copy.copy(item)
    new: T = object.__new__(type(item))
    vars(new).update(fields)
    return new


def _first_deal(state: WhistState | BeziqueState, event: Any) -> bool:
    """Whether ``event`` is a deal with no event before it: there is nothing yet to judge
    (no earlier deal, mark or claim; the first deal's dealer is anyone's choice)."""
    return event.type == "deal" and len(state.deals) == 1 and state.deals[0].event == 0


# Whist ------------------------------------------------------------------------------------


def whist_state(events: Sequence[Any], rules: WhistRules, part_way: bool = False) -> WhistState:
    """The whist replay of ``events`` one by one (``whist.replay``'s loop, event by event)."""
    state = WhistState(rules)
    state.stops_part_way = part_way
    if any(type(event) is WhistPosition for event in events):
        state.revealed = revealed(events)
    for index, event in enumerate(events):
        state.apply(index, event)
    return state


class WhistTable:
    """A whist table: ``WhistState`` and the rules resolved from the record's code."""

    def __init__(self, rules: WhistRules) -> None:
        self.rules = rules
        self.state = WhistState(rules)
        self.carried = WhistCarried()  # the judge's work on the complete deals
        # whether the last judgement was of the deal in progress played out, and nothing but
        # marks and results of that deal, and its cut, has been applied since
        # (``findings_known``)
        self.marks_since = self.sheet_holds = False
        # whether nothing but cards has been applied since the last judgement (or since the
        # start, or the first deal: nothing to judge there), for ``_plain_end``
        self.cards_since = True
        self.sheet_told = False  # (``Table.sheet_told``)

    def apply(self, index: int, event: Any, events: Sequence[Any]) -> list[Finding]:
        state = self.state
        if type(event) is WhistPlay:  # nine events in ten: straight to the state
            self.sheet_holds = self.marks_since = False
            deals = state.deals
            if deals and deals[-1].position is not None:
                self.state = whist_state(events, self.rules)  # (as a position, below)
                return []
            before = len(state.findings)
            state.apply(index, event)
            return state.findings[before:] if len(state.findings) != before else []
        # a new deal after nothing but marks, results and the cut of the deal before it: the
        # last judgement holds for that deal (``WhistCarried.findings``'s ``sheet``)
        self.sheet_holds = self.marks_since and type(event) is WhistDeal
        if not (
            type(event) is WhistResult
            or type(event) is WhistCut  # (the judge reads a claim's time, not the cut's)
            or (type(event) is WhistScore and event.ref is None)
        ):
            self.marks_since = False
        if not (type(event) is WhistDeal and index == 0):  # (the first deal: nothing to judge)
            self.cards_since = False
        if type(event) is WhistPosition:
            # a position's hands hold the cards played after it (``position.revealed``):
            # each card played shows one more, so the deal is replayed with it
            self.state = whist_state(events, self.rules)
            return []  # (a position's deal is judged at every event: ``rules_on``)
        before = len(state.findings)
        state.apply(index, event)
        return state.findings[before:]

    def rebuild(self, events: Sequence[Any]) -> None:
        self.state = whist_state(events, self.rules)
        self.marks_since = self.cards_since = self.sheet_holds = False

    def findings(self, header: Any, replayed: Any) -> list[Finding]:
        found = self.carried.findings(header, self.rules, replayed, self.sheet_holds)
        self.cards_since = True
        state = self.state
        self.marks_since = (
            state.phase is not WhistPhase.PLAY
            and not state.pending
            and bool(state.deals)
            and state.deal.position is None
        )
        return found

    def findings_known(self) -> list[Finding] | None:
        """After a judgement of the deal in progress played out, its marks (a ``score``
        with no ``ref``) and results agreed change only the checks of them: the judgement's
        findings with those checks made again (``carried.WhistCarried.sheet_again``). The
        next deal, dealt in turn, adds to them only what the judge finds of its own sheet,
        which its push keeps back (``carried.WhistCarried.new_deal``)."""
        if self.marks_since:
            known = self.carried.sheet_again(self.state.deal)
        elif self.sheet_holds:
            known = self.carried.new_deal(self.state)
        else:
            return None
        if known is not None:
            self.cards_since = True
        return known

    def replayed(self, events: Sequence[Any]) -> WhistReplay:
        state = self.state
        if (state.phase is not WhistPhase.PLAY and state.pending) or (
            state.deals and state.deal.position is not None
        ):
            # a renounce to settle outside the play, a position's deal: replayed afresh
            return whist_state(events, self.rules, part_way=True).finish()
        if state.phase is not WhistPhase.PLAY and not state.calls:
            # (a deal played out, nothing pending: ``finish`` would alter nothing)
            return WhistReplay(
                list(state.deals), list(state.findings), state.early_results, state.misdeals
            )
        return _stopped(state).finish()  # a deal in play stops here, as a fragment's

    def rules_on(self, event: Any, phase: str) -> bool:
        state = self.state
        deals = state.deals
        if deals and deals[-1].position is not None:
            return True  # (a position's deal: each card played shows one more)
        if type(event) is WhistPlay:
            return state.phase._value_ != phase and not self._plain_end()
        if type(event) is WhistCut:
            return bool(state.deal.renounces)  # the cut ends the time to claim a revoke
        return not _first_deal(state, event)

    def _plain_end(self) -> bool:
        """Whether the card that ends the deal ends a plain one, at which the judge would
        find nothing to tell now: only cards applied since the last judgement, and in the
        deal no irregularity of play, no dispute and no mark yet. Its judgement then adds
        to the last one only facts of the score sheet (honours unclaimed, say), which a
        card never tells (``referee.CARDS``): the marks to come are judged when they come.
        Not when a fact of the deal's sheet has been told already (an honours claim for the
        deal before, judged during its play, tells that this deal's honours are unclaimed):
        the judgement at its end may word it anew (the game won by tricks in the deal), and
        the one told must then give way as it would."""
        if not self.cards_since or self.sheet_told:
            return False
        state = self.state
        deal = state.deal
        number = deal.number
        return not (
            deal.renounces
            or deal.claims
            or deal.penalties
            or deal.honours
            or deal.marks
            or deal.results
            or deal.unknown
            or deal.unfinished
            or deal.open_renounces
            or deal.unsettled
            or deal.void_at is not None
            or deal.rest is not None
            or deal.false_leads_answered
            or deal.forfeited
            or state.pending
            or state.calls
            or any(state.exposed.values())
            or any(f.deal == number for f in state.findings)
        )

    @property
    def phase(self) -> str:
        return self.state.phase._value_  # (``.value`` is a slow descriptor)

    @property
    def deals(self) -> int:
        return len(self.state.deals)

    @property
    def sheet_after_play(self) -> int | None:
        state = self.state
        return len(state.deals) if state.phase is WhistPhase.PLAY else None

    @property
    def to_play(self) -> str | None:
        state = self.state
        if state.phase is not WhistPhase.PLAY:
            return None
        return state.expected_seat()

    @property
    def to_draw(self) -> str | None:
        return None  # (whist has no stock)

    def legal_plays(self) -> list[str]:
        seat = self.to_play
        if seat is None:
            return []
        return [str(card) for card in self.state.legal_plays(seat)]


# Bézique (both games) -------------------------------------------------------------------------


class BeziqueTable:
    """A Bézique table: ``BeziqueState`` on the record's default reading of duplicate copies,
    until that reading meets what another might mend (``readings``): from then on each
    event is replayed by the batch path's search, as ``adjudicate`` would.

    A quiet push is not judged: in a plain deal (no irregularity, dispute, position or
    end-play error; ``_plain``) of which the last judgement found nothing, a card can add to
    that judgement only facts of the sheet, which a card never tells, and a mark, a
    declaration or an exchange that leaves every total on the sheet as the rules give it
    adds nothing (``_square``). An ordinary deal has some twenty-four marks, declarations
    and exchanges, and would be judged at each from its first event."""

    def __init__(self, make_state: Callable[[], BeziqueState], usual: bool) -> None:
        self.make_state = make_state
        self.state = make_state()
        self.searching = False
        self.scored = ScoredDeals()  # the points of the complete deals
        self.usual = usual  # the rule options ``_square`` knows
        # only cards and quiet events since the last judgement (or the start, or the first
        # deal), which found nothing of the deal in progress (``clean``)
        self.cards_since = self.clean = True
        self.quiet_before = True  # ``cards_since`` before the event applied last
        self.sheet_told = False  # (``Table.sheet_told``; ``clean`` is stricter)
        self.taken: tuple[Any, int, dict[str, int]] = (None, 0, {})  # ``_brisques_won``

    def _part_way(self) -> BeziqueState:
        state = self.make_state()
        state.stops_part_way = True
        return state

    def apply(self, index: int, event: Any, events: Sequence[Any]) -> list[Finding]:
        self.quiet_before = self.cards_since
        if type(event) not in _CARDS and not (type(event) is BeziqueDeal and index == 0):
            self.cards_since = False  # (unless ``rules_on`` finds it quiet)
        if self.searching:
            self._reread(events)
            return []
        state = self.state
        before = len(state.findings)
        try:
            state.apply(index, event)
        except InputError:
            # perhaps possible on another reading of the copies: the search decides, and
            # raises this record's error if no reading is possible
            self._reread(events)
            return []
        made = state.findings[before:]
        if any(f.rule in COPY_RULES and f.severity == "violation" for f in made):
            self._reread(events)
        return made

    def _reread(self, events: Sequence[Any]) -> None:
        """The table on the best reading of ``events`` (``readings.best_reading``)."""
        _, plan = best_reading(events, self._part_way)
        state = self.make_state()
        state.fast = False
        state.plan = plan
        for index, event in enumerate(events):
            state.apply(index, event)
        self.state = state
        self.searching = True

    def rebuild(self, events: Sequence[Any]) -> None:
        self.state = self.make_state()
        self.searching = self.cards_since = False
        try:
            for index, event in enumerate(events):
                self.state.apply(index, event)
        except InputError:
            self._reread(events)
            return
        if any(f.rule in COPY_RULES and f.severity == "violation" for f in self.state.findings):
            self._reread(events)

    def findings_known(self) -> list[Finding] | None:
        return None  # (every judged push judges the deal in progress)

    def findings(self, header: Any, replayed: Any) -> list[Finding]:
        score = self.scored.scorer(replayed.deals)
        if replayed.variant.rubicon:
            found = rubicon.judge_rubicon(header, replayed, False, score).findings
        else:
            found = bezique.judge_ordinary(header, replayed, False, score).findings
        number = len(self.state.deals)
        self.cards_since = True
        self.clean = not any(f.deal == number and type(f.facts) not in _NOTES for f in found)
        return found

    def replayed(self, events: Sequence[Any]) -> BeziqueReplay:
        state = self.state
        if self.searching or state.pending or any(d.position is not None for d in state.deals):
            return best_reading(events, self._part_way)[0]
        return _stopped(state).finish()  # a deal in play stops here, as a fragment's

    def rules_on(self, event: Any, phase: str) -> bool:
        state = self.state
        if self.searching or (state.deals and state.deal.position is not None):
            return True
        if type(event) in _CARDS:
            return state.phase._value_ != phase and not (self.cards_since and self._plain())
        if _first_deal(state, event):
            return False
        if type(event) in _SHEET and self.quiet_before and self._plain() and self._square():
            self.cards_since = True  # (quiet: what the last judgement found still holds)
            return False
        return True

    def _plain(self) -> bool:
        """The deal in progress is plain and the last judgement found nothing of it: no
        finding of the replay in it, no dispute, call or result, no score struck or marked
        again, no end-play error, no position (``rules_on``), nothing undecided."""
        state = self.state
        if not (self.clean and self.usual and state.deals) or state.pending:
            return False
        deal = state.deal
        if (
            deal.claims
            or deal.calls
            or deal.results
            or deal.illegal_scores
            or deal.marked_again
            or deal.wrong_size
            or deal.missed_draw
            or deal.endplay_error is not None
            or deal.undecided
            or deal.undecided_endplay
            or deal.unfinished
        ):
            return False
        number = deal.number
        return not any(f.deal == number and type(f.facts) not in _NOTES for f in state.findings)

    def _square(self) -> bool:
        """After a mark, a declaration or an exchange in a plain deal: every declaration
        lawful and marked at its value (or not yet), and every total on the sheet what the
        rules give (``judge.score_deal``'s ``other_marks``): the brisques of the tricks won,
        ten for each seven scored, the last trick's ten once the deal is over. (Rubicon
        marks nothing but its declarations before the end: any other mark is judged.)"""
        state = self.state
        deal = state.deal
        for d in deal.declarations:  # (as ``judge._Scorer.declarations`` reads them)
            if not d.legal or not d.true or d.undecided:
                return False
            later = d.status == "scored-later"
            marked = d.scored_marked if later or d.marked is None else d.marked
            if d.status == "scored" or later:
                if marked is not None and marked != d.value:
                    return False
            elif d.status not in _UNSCORED or marked is not None:
                return False
        if not deal.marks:
            return True
        if state.variant.rubicon:
            return False
        sheet: dict[tuple[str, str], int] = {}
        for mark in deal.marks:  # (a carried declaration's score is the declaration's)
            if mark.void or mark.ref is not None:  # (a mark naming another event: judged)
                return False
            key = (mark.seat, "seven" if mark.item == "exchange" else mark.item)
            sheet[key] = sheet.get(key, 0) + mark.points
        taken = self._brisques_won(deal)
        last = deal.tricks[-1].winner if state.phase is Phase.DONE and deal.tricks else None
        for (seat, item), total in sheet.items():
            if item == "brisques":
                right = BRISQUE * taken[seat]
            elif item == "seven":  # the dealer's turned-up seven, each lawful exchange
                sevens = [s for _, s, _ in deal.sevens] + [s for _, s, ok in deal.exchanges if ok]
                right = SEVEN * sevens.count(seat)
            elif item == "last-trick":
                right = state.variant.last_trick if last == seat else 0
            else:
                return False
            if total != right:
                return False
        return True

    def _brisques_won(self, deal: Any) -> dict[str, int]:
        """The brisques in each seat's tricks won so far, as ``BeziqueDealFacts.brisques``
        counts them, but counted on from the last call (a trick won is never changed): that
        one walks every trick, some 12 microseconds by the end of a deal, at each of some
        twenty quiet pushes (the tests compare the shortcut with the judge's own count)."""
        counted_deal, counted, taken = self.taken
        if counted_deal is not deal:
            counted, taken = 0, {"A": 0, "B": 0}
        tricks = deal.tricks
        while counted < len(tricks) and tricks[counted].winner:
            trick = tricks[counted]
            taken[trick.winner] += sum(1 for play in trick.plays if is_brisque(play.card))
            counted += 1
        self.taken = (deal, counted, taken)
        return taken

    @property
    def phase(self) -> str:
        return self.state.phase._value_

    @property
    def deals(self) -> int:
        return len(self.state.deals)

    @property
    def sheet_after_play(self) -> int | None:
        return None  # (marks and declarations are written as the tricks fall)

    @property
    def to_draw(self) -> str | None:
        """The seat to draw next while the draws after a trick are due (the winner first),
        else None: only a card the stock still holds is drawn (law 32: Rubicon's odd last
        card is not)."""
        state = self.state
        window = state.window
        if state.phase is not Phase.STOCK or not window:
            return None
        drawn = window.get("drawn")
        if not isinstance(drawn, list) or len(drawn) >= 2 or state.remaining < 2 - len(drawn):
            return None
        winner = str(window["winner"])
        return winner if winner not in drawn else ("B" if winner == "A" else "A")

    @property
    def to_play(self) -> str | None:
        state = self.state
        if state.phase not in (Phase.STOCK, Phase.END) or self.to_draw is not None:
            return None
        trick = state.current
        if trick is not None and len(trick.plays) == 1:
            return "B" if trick.plays[0].seat == "A" else "A"
        return state.expected_leader()

    def legal_plays(self) -> list[str]:
        seat = self.to_play
        if seat is None:
            return []
        return [str(card) for card in self.state.legal_plays(seat)]
