"""The judgement of complete deals carried from one push to the next.

Why: a judged push asks the judge for the findings of the whole record so far, and the judge
rules on every deal from the first; in a record of many deals that is most of a push's cost.
A deal that is no longer the last one pushed is complete: its facts are the live state's own
objects, shared by every later replay, and an event pushed later changes them only by adding
to them (a claim naming it by ``ref``, a late honours claim). So the judge's work on it is
kept, with what it carries to the next deal, and used again as long as the deal is the same
object with the same facts (``Signature``); a deal whose facts changed, or a replay made
afresh (a position, a search of the copies' readings, ``pop``), is judged again from there.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from adjudicator.findings import Finding
from adjudicator.games.bezique.facts import BeziqueDealFacts
from adjudicator.games.bezique.judge import DealPoints, Scorer, score_deal
from adjudicator.games.whist import marks as mark_rules
from adjudicator.games.whist.facts import DealFacts, WhistReplay
from adjudicator.games.whist.judge import Judge
from adjudicator.games.whist.scoring import DealScore, GameValue, RubberValue
from adjudicator.games.whist.state import WhistState
from adjudicator.record.whist import WhistRecord, WhistRules
from adjudicator.seats import left_of

_CONTAINERS = (list, dict, set)


class Signature:
    """What may change of a complete deal's facts: each list's (dict's, set's) length, for
    later events only add to them, and every other field as it is. Read by two getters made
    once for the deal, so that checking a deal at each push stays cheap."""

    def __init__(self, deal: DealFacts | BeziqueDealFacts) -> None:
        fields = vars(deal)
        self.sizes = _getter([k for k, v in fields.items() if type(v) in _CONTAINERS])
        self.values = _getter([k for k, v in fields.items() if type(v) not in _CONTAINERS])
        self.taken = self.of(deal)

    def of(self, deal: Any) -> tuple[object, ...]:
        return (len(vars(deal)), tuple(map(len, self.sizes(deal))), self.values(deal))

    def holds(self, deal: Any) -> bool:
        """Whether ``deal`` (the same object) is as it was when this was made."""
        try:
            return self.of(deal) == self.taken
        except TypeError:  # a list become None: changed
            return False


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The named fields of an object, as a tuple (``attrgetter``'s, always a tuple)."""
    if len(names) > 1:
        return attrgetter(*names)
    return lambda item: tuple(getattr(item, name) for name in names)


@dataclass
class _Kept:
    """One complete deal as the judge left it."""

    deal: Any  # the deal's facts (kept alive, so compared by identity)
    signature: Signature
    before: tuple[int, ...]  # what else the judge read up to the deal (whist: ``_before``)
    state: dict[str, Any]  # the judge's state after the deal (whist), or its points (Bézique)

    def holds(self, deal: Any, before: tuple[int, ...]) -> bool:
        return self.deal is deal and self.before == before and self.signature.holds(deal)


# Whist: the judge's state after each complete deal --------------------------------------

#: What a whist ``Judge`` holds that is not carried from deal to deal (or is rebuilt).
#: (``steps``, the working in words, is left out: a push asks the findings only.)
_NOT_CARRIED = frozenset(
    {"rules", "summarise", "replay", "english", "findings", "scoring_rules", "steps", "sheet_at"}
)

#: What a deal's marks are checked against: its score, and the game and rubber it completed.
Against = tuple[DealScore, GameValue | None, RubberValue | None]


class _SheetJudge(Judge):
    """The judge, noting where in its findings each deal's marks and results are checked,
    and against what (``_Sheet``)."""

    sheet_at: list[Any] | None = None  # deal number, start, end, against

    def _check_marks(
        self,
        deal: DealFacts,
        result: DealScore,
        game: GameValue | None,
        rubber: RubberValue | None,
    ) -> None:
        start = len(self.findings)
        super()._check_marks(deal, result, game, rubber)
        self.sheet_at = [deal.number, start, None, (result, game, rubber)]

    def _check_results(self, deal: DealFacts) -> None:
        super()._check_results(deal)
        if self.sheet_at is not None and self.sheet_at[0] == deal.number:
            self.sheet_at[2] = len(self.findings)


@dataclass
class _Sheet:
    """The judgement of a record whose last deal is played out, kept for the marks and
    results written after it: in a whist deal only their checks read them
    (``Judge._check_marks``, ``Judge._check_results``), so a mark or result pushed next
    changes only ``findings[start:end]``."""

    judge: Judge  # as it ended the judgement: its rules, and the games won (the results)
    findings: list[Finding]
    deal: int  # the last deal's number
    start: int
    end: int
    against: Against
    replayed: int = 0  # how many of ``findings`` are the replay's (the first)


class WhistCarried:
    """The whist judge's findings, resumed after the last complete deal it has judged."""

    def __init__(self) -> None:
        self.kept: list[_Kept] = []  # after deal 1, 2, ... (each complete when judged)
        self.sheet: _Sheet | None = None  # the last judgement, for the marks after it

    def findings(
        self, header: WhistRecord, rules: WhistRules, replay: WhistReplay, sheet: bool = False
    ) -> list[Finding]:
        """``whist.judge(header, rules, replay, summarise=False).findings``, the complete
        deals' part kept from before where their facts are unchanged. ``sheet``: nothing but
        marks and results of the deal before the last has changed since the last judgement,
        which was of that deal played out (the caller's to know): its judgement is the last
        one's, its marks and results checked again (``_keep_sheet``)."""
        judge = _SheetJudge(header, rules, replay, summarise=False)
        deals = replay.deals
        if sheet:
            self._keep_sheet(replay)
        done = self._resume(judge, replay)
        if done == 0:
            for early in replay.results_before_deal:  # (``Judge.run``'s first step)
                mark_rules.check_result(
                    judge, early.index, early.event.winner, early.event.value, None
                )
        for number in range(done, len(deals)):
            judge._judge_deal(deals[number])
            if number < len(deals) - 1:  # complete: another deal follows
                self.kept.append(self._keep(judge, replay, number))
        judge._misdeals_after_the_last_deal()
        at = judge.sheet_at
        self.sheet = None
        last = len(deals)
        if (
            at is not None
            and at[0] == last
            and not any(m.before_deal > last for m in replay.misdeals)  # (they move the turn)
        ):
            number, start, end, against = at
            self.sheet = _Sheet(
                judge, judge.findings, number, start, end, against, len(replay.findings)
            )
        return judge.findings

    def new_deal(self, state: WhistState) -> list[Finding] | None:
        """The findings a judgement would make at a new deal's push, when the last one was
        of the deal before it played out and only its marks, results and cut came since
        (the caller's to know: ``tables.WhistTable``): that deal's findings, its marks and
        results checked again, the deal kept as complete (``_keep_sheet``). The new deal,
        dealt in turn with no misdeal before it, adds nothing but facts of its own sheet,
        which its push keeps back (``referee.BEGINS_DEAL``). None otherwise."""
        sheet = self.sheet
        deals = state.deals
        deal = deals[-1]
        if sheet is None or sheet.deal != deal.number - 1 or len(self.kept) != sheet.deal - 1:
            return None
        fresh_cut = sheet.judge.position.fresh_cut  # (any player may deal: WHIST-TABLE-3)
        if any(m.before_deal == deal.number for m in state.misdeals) or not (
            fresh_cut or deal.dealer == left_of(deals[-2].dealer)
        ):
            return None  # (a misdeal to rule on, or the deal out of turn: judged)
        replay = WhistReplay(deals, state.findings, state.early_results, state.misdeals)
        judged = self._keep_sheet(replay)
        self.sheet = None
        if judged is None:
            return None
        return [*state.findings, *judged]

    def _keep_sheet(self, replay: WhistReplay) -> list[Finding] | None:
        """Keep the deal before the last as the last judgement left it (``sheet_again``),
        when that judgement was of it played out and the deals before it are kept: a new
        deal's push need not judge the one it follows again."""
        sheet = self.sheet
        number = len(replay.deals) - 2  # (0-based) the deal before the last
        if sheet is None or sheet.deal != number + 1 or len(self.kept) != number:
            return None
        deal = replay.deals[number]
        findings = self.sheet_again(deal)
        if findings is None:
            return None
        judged = findings[sheet.replayed :]
        self.kept.append(_kept(sheet.judge, judged, replay, number))
        return judged

    def sheet_again(self, deal: DealFacts) -> list[Finding] | None:
        """The findings of the last judgement with ``deal``'s marks and results checked
        again: what a judgement would find after marks or results were added to the deal
        and nothing else changed (the caller's to know: ``tables.WhistTable``); None if that
        judgement was not of this deal, played out."""
        sheet = self.sheet
        if sheet is None or sheet.deal != deal.number:
            return None
        judge = sheet.judge
        findings, marked, result = judge.findings, judge.marked, judge.last_result
        judge.findings, judge.marked = [], {"NS": {}, "EW": {}}
        try:
            mark_rules.check_marks(judge, deal, *sheet.against)
            Judge._check_results(judge, deal)  # (not ``_SheetJudge``'s: nothing to note)
            checked = judge.findings
        finally:
            judge.findings, judge.marked, judge.last_result = findings, marked, result
        kept = sheet.findings
        return [*kept[: sheet.start], *checked, *kept[sheet.end :]]

    def _resume(self, judge: Judge, replay: WhistReplay) -> int:
        """Set ``judge`` to its state after the complete deals kept and unchanged; how many."""
        deals = replay.deals
        done = 0
        for number, kept in enumerate(self.kept):
            if number >= len(deals) - 1 or not kept.holds(deals[number], _before(replay, number)):
                break
            done = number + 1
        del self.kept[done:]
        if done:
            state = self.kept[done - 1].state
            judge.findings.extend(state["judged"])
            vars(judge).update(pickle.loads(state["carried"]))  # (a copy: the judge alters it)
        return done

    @staticmethod
    def _keep(judge: Judge, replay: WhistReplay, number: int) -> _Kept:
        return _kept(judge, judge.findings[len(replay.findings) :], replay, number)


def _kept(judge: Judge, judged: list[Finding], replay: WhistReplay, number: int) -> _Kept:
    """Deal ``number`` (0-based) kept as complete: ``judge`` as it left the deal, and its own
    findings so far, ``judged``."""
    carried = {k: v for k, v in vars(judge).items() if k not in _NOT_CARRIED}
    state = {
        # a copy of what the judge carries to the next deal, as bytes: unpickling makes a
        # fresh copy at each resumption, for much less than ``copy.deepcopy``
        "carried": pickle.dumps(carried, pickle.HIGHEST_PROTOCOL),
        # the judge's own findings so far (findings are values: shared, not copied)
        "judged": judged,
    }
    deal = replay.deals[number]
    return _Kept(deal, Signature(deal), _before(replay, number), state)


def _before(replay: WhistReplay, number: int) -> tuple[int, int]:
    """What the judge reads up to deal ``number`` (0-based) besides the deals: the results
    agreed before any deal, and the misdeals ruled up to that deal."""
    misdeals = sum(1 for m in replay.misdeals if m.before_deal <= number + 1)
    return len(replay.results_before_deal), misdeals


# Bézique (both games): each complete deal's points ------------------------------------------


class ScoredDeals:
    """``score_deal`` of each complete deal kept: the rest of a Bézique judgement, per deal,
    is a few sums (the running score, the game's value, the results agreed)."""

    def __init__(self) -> None:
        self.kept: dict[int, _Kept] = {}

    def scorer(self, deals: list[BeziqueDealFacts]) -> Scorer:
        """A ``score_deal`` for one judgement of ``deals``: a complete deal's points as kept,
        when its facts are unchanged; those of the deals complete now kept for the next."""
        complete = {id(deal) for deal in deals[:-1]}
        old, self.kept = self.kept, {}

        def score(deal: BeziqueDealFacts, *args: Any) -> DealPoints:
            key = id(deal)
            kept = old.get(key)
            if key in complete and kept is not None and kept.holds(deal, ()):
                self.kept[key] = kept
                points: DealPoints = kept.state["points"]
                return points
            points = score_deal(deal, *args)
            if key in complete:
                self.kept[key] = _Kept(deal, Signature(deal), (), {"points": points})
            return points

        return score
