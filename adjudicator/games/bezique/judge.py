"""Ruling on a replayed Bézique deal: what each seat scores, the marks, claims and end-play.

``score_deal`` is shared by both games: it lists every item a seat scores (declarations,
carte blanche, sevens, brisques, the last trick, penalties) with its rule, in the order of
the record, and compares every mark with it. ``ordinary`` then carries the ordinary game's
running score across deals to the target; Rubicon values each deal in ``games.rubicon``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, cast

from adjudicator.cards import CARD_TEXT, Card
from adjudicator.facts import AnyFact
from adjudicator.facts.base import said_name
from adjudicator.facts.marks import AgreedResult, LastTrickUnmarked, Result, WrongMark
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.bezique.amendments import calls_in_time, rule_on_calls
from adjudicator.games.bezique.brisques import tricks_after_penalty
from adjudicator.games.bezique.claims import challenges, next_card, score_claims
from adjudicator.games.bezique.facts import (
    SEATS,
    BeziqueDealFacts,
    BeziqueReplay,
    Declaration,
    other,
)
from adjudicator.games.bezique.forced import ReplayedTrick, forced_replay
from adjudicator.games.bezique.summary import DeclarationRow, ScoreLine
from adjudicator.games.bezique.tables import VARIANTS, Variant, is_brisque
from adjudicator.record.bezique import BeziquePosition, BeziqueResult, BeziqueRules, RubiconRules

SEVEN = 10  # BEZ-SEVEN-1..3
BRISQUE = 10  # BEZ-CARDS-4
ALL_BRISQUES_PER_PACK = 8  # four aces and four tens (BEZ-CARDS-4)


@dataclass
class DealPoints:
    """What a deal gives each seat: officially (law 50) and as the cards really made."""

    lines: list[ScoreLine]
    official: dict[str, int]
    cards_made: dict[str, int]
    brisques: dict[str, int]  # counts, after any end-play penalty
    last_trick: str | None
    indeterminate_from: int | None
    rows: list[DeclarationRow | dict[str, object]]  # plain rows: validated with the summary
    count_demanded: bool = False
    findings: list[Finding] = field(default_factory=list)
    #: an end-play error replayed as the cards force it, as plain data for the summary's
    #: ``endplay_replayed`` (``_replay_summary``), or None
    replayed: dict[str, object] | None = None


#: Scores of carried declarations that were no longer combinations when scored (a card of
#: them played, absorbed): law 50 lets them stand unchallenged under either ``law50_scope``.
_LAW50_ALWAYS = frozenset({"BEZ-DECL-5", "BEZ-COMBO-9", "BEZ-COMBO-10"})


#: The end-play penalty modes that leave every trick to its winner (``tricks_after_penalty``).
_AS_FELL = frozenset({"replay", "as_played"})

#: The values of ``wrong_score_penalty`` under which the adversary adds (Foster p.382), and
#: the one that reads it as covering the marks of scores the laws did not allow then.
_FOSTER = frozenset({"add_to_adversary", "add_every_score_taken_down"})
_WIDE = "add_every_score_taken_down"


def _rules_of(deal: BeziqueDealFacts, rules: BeziqueRules | RubiconRules) -> tuple[str, bool]:
    law50_all = isinstance(rules, RubiconRules) and rules.law50_scope == "all_declaration_errors"
    return penalty_mode(deal, rules), law50_all


def penalty_mode(deal: BeziqueDealFacts, rules: BeziqueRules | RubiconRules) -> str:
    """The end-play penalty of this deal: the option ``endplay_penalty``'s; or none,
    ``as_played``, for an error that no claim of a revoke made after it names (a claim made
    in a later deal naming its card is the deal's: ``state.apply_claim``),
    when the rules let such play stand (``endplay_unclaimed``, AMB-37, RUB-LAST-1)."""
    error = deal.endplay_error
    if (
        error is not None
        and rules.endplay_unclaimed == "as_played"
        and not any(claim.kind == "revoke" and at > error[2] for at, claim in deal.claims)
    ):
        return "as_played"
    return rules.endplay_penalty


class _Scorer:
    """One deal's score sheet as it is worked out: the items each seat scores (``lines``,
    ``official``, ``cards_made``) and the findings, written step by step by ``score_deal``."""

    def __init__(
        self, deal: BeziqueDealFacts, variant: Variant, rules: BeziqueRules | RubiconRules
    ) -> None:
        self.deal = deal
        self.variant = variant
        self.rules = rules
        self.findings: list[Finding] = []
        self.lines: list[ScoreLine] = []
        self.official = {"A": 0, "B": 0}
        self.cards_made = {"A": 0, "B": 0}
        self.penalty_mode, self.law50_all = _rules_of(deal, rules)
        self.late_sevens: set[str] = set()
        # the replay an end-play error calls for, when the cards leave no choice in it
        self.forced = (
            forced_replay(deal, getattr(rules, "endplay_must_win", True))
            if deal.endplay_error is not None and self.penalty_mode == "replay"
            else None
        )

    def add(
        self,
        seat: str,
        item: str,
        points: int,
        rule: str,
        text: str,
        event: int | None,
        stands_only: bool = False,
    ) -> None:
        self.lines.append(
            {
                "seat": seat,
                "item": item,
                "points": points,
                "rule": rule,
                "text": text,
                "event": event,
            }
        )
        self.official[seat] += points
        if not stands_only:
            self.cards_made[seat] += points

    def find(
        self,
        rule: str,
        severity: Severity,
        event: int,
        seat: str | None = None,
        basis: list[str] | None = None,
        trick: int | None = None,
        *,
        facts: AnyFact,
    ) -> None:
        self.findings.append(
            make_finding(
                rule,
                severity,
                None,
                facts=facts,
                event=event,
                deal=self.deal.number,
                trick=trick,
                seat=seat,
                basis=basis or [],
            )
        )

    def foster_penalty(self, seat: str, excess: int, event: int, struck: bool = False) -> None:
        """BEZ-SCORE-5 (Foster p.382, AMB-32): the adversary may add what was marked too much."""
        rules = self.rules
        foster = isinstance(rules, BeziqueRules) and rules.wrong_score_penalty in _FOSTER
        if foster and not self.variant.rubicon and excess > 0:
            self.add(
                other(seat),
                "penalty",
                excess,
                "BEZ-SCORE-5",
                f"{other(seat)} adds the {excess} {seat} marked for a score not allowed then"
                " (Foster)"
                if struck
                else f"{other(seat)} adds the {excess} marked too much by {seat} (Foster)",
                event,
            )

    def struck_score(
        self, seat: str, item: str, points: int, event: int, declaration: bool = True
    ) -> None:
        """The mark of a score the laws did not allow then (out of time, a second score for a
        trick, an unlawful exchange), taken down: under ``wrong_score_penalty =
        add_every_score_taken_down`` (Foster p.382 read as covering it, AMB-32) a wrong mark
        whose whole points the adversary may add; by default the score is struck with
        nothing added (AMB-11's line between declaration and marking errors)."""
        rules = self.rules
        wide = isinstance(rules, BeziqueRules) and rules.wrong_score_penalty == _WIDE
        if not wide or self.variant.rubicon or points <= 0:
            return
        self.find(
            "BEZ-SCORE-5",
            "violation",
            event,
            seat,
            trick=_trick_before(self.deal, event),
            facts=WrongMark(
                who=seat,
                item=item,
                deal=self.deal.number,
                marked=points,
                right=0,
                why="score-not-allowed",
                declaration=declaration,
                window="always",
            ),
        )
        self.foster_penalty(seat, points, event, struck=True)

    def stands_late(self, rule: str, true: bool) -> bool:
        """Whether law 50 lets an unchallenged wrong score stand (Rubicon, AMB-11)."""
        return self.variant.rubicon and (self.law50_all or not true or rule in _LAW50_ALWAYS)

    def position_scores(self) -> None:
        """A deal begun part-way: its sheet so far (BEZ-SCORE-1)."""
        deal = self.deal
        position = deal.position
        if isinstance(position, BeziquePosition):
            scores = cast(dict[str, int], position.scores)
            for seat in SEATS:
                if scores.get(seat):
                    self.add(
                        seat,
                        "position",
                        scores[seat],
                        "BEZ-SCORE-1",
                        f"{seat}, scored in the deal before the record takes it up: {scores[seat]}",
                        deal.event,
                    )

    def declarations(self, challenged: dict[int, bool]) -> list[DeclarationRow | dict[str, object]]:
        """Declarations and carte blanche (BEZ-COMBO-0, RUB-CB-1; law 50 / 51), and their rows."""
        rows: list[DeclarationRow | dict[str, object]] = []
        for d in self.deal.declarations:
            # (a declaration scored on a later trick is judged by that mark: a mark made when
            # it was announced out of time is an unlawful score of its own, ``illegal_scores``)
            marked = d.scored_marked if d.status == "scored-later" or d.marked is None else d.marked
            stands = challenge_open = False
            if d.status in ("scored", "scored-later") and d.legal and d.true:
                self._lawful_declaration(d, marked)
            elif not d.legal and marked:
                in_time = challenged.get(d.event, False)
                if not self.stands_late(d.rule or "", d.true) or in_time:
                    if d.true:  # (a false one has a penalty of its own: BEZ-DECL-9's call)
                        later = d.status == "scored-later" or d.marked is None
                        at = d.scored_by if later and d.scored_by is not None else d.event
                        self.struck_score(d.seat, d.name, marked, at)
                else:
                    stands = True
                    # the record may stop before a card of the next trick: a challenge may
                    # still come (law 50), so the score counts only until then (review 16)
                    challenge_open = next_card(self.deal, d.event) is None
                    why = (
                        "it counts unless challenged before a card of the next trick, and the"
                        " record stops before one is played"
                        if challenge_open
                        else "it stands (not challenged before a card of the next trick was played)"
                    )
                    self.add(
                        d.seat,
                        "declaration",
                        marked,
                        "RUB-LAW-50",
                        f"{d.seat} {said_name(d.name)} {marked}: not a lawful score, but {why}",
                        d.event,
                        stands_only=True,
                    )
            status = d.status if d.legal else "illegal"
            rows.append(  # a DeclarationRow as plain data, validated in one pass by ``summary``
                {
                    "event": d.event,
                    "seat": d.seat,
                    "combination": d.name,
                    "right_combination": d.right_name,
                    "cards": [CARD_TEXT[c] for c in d.cards],
                    "marked": marked,
                    "value": d.value if d.legal else 0,
                    "status": status,
                    "rule": d.rule,
                    "scored_by": d.scored_by,
                    "stands": stands,
                    "challenge_open": stands and challenge_open,
                }
            )
        return rows

    def _lawful_declaration(self, d: Declaration, marked: int | None) -> None:
        """A lawful declaration scored, and its mark compared with it (BEZ-SCORE-5)."""
        deal = self.deal
        item = "carte-blanche" if d.name == "carte-blanche" else "declaration"
        at = d.scored_by if d.status == "scored-later" else d.event
        self.add(
            d.seat,
            item,
            d.value,
            "BEZ-COMBO-0" if item == "declaration" else "RUB-CB-1",
            f"{d.seat} {said_name(d.right_name)}: {d.value}",
            at,
        )
        if marked is not None and marked != d.value:
            # declared as another combination than the trumps make it (a royal marriage that
            # is plain): the trumps are the reason, and their rule is cited (a review)
            other_name = d.name != d.right_name and deal.trump is not None
            trump_rule = "RUB-TRUMP-1" if self.variant.rubicon else "BEZ-TRUMP-1"
            basis = ["RUB-LAW-51"] if self.variant.rubicon else []
            self.find(
                "BEZ-SCORE-5",
                "violation",
                at or d.event,
                d.seat,
                basis=[*basis, trump_rule] if other_name else basis,
                trick=_trick_before(deal, at or d.event),
                facts=WrongMark(
                    who=d.seat,
                    item=d.right_name,
                    deal=deal.number,
                    marked=marked,
                    right=d.value,
                    declaration=True,
                    window="always",
                    declared=d.name if other_name else None,
                    trumps=deal.trump.noun if other_name and deal.trump else None,
                ),
            )
            self.foster_penalty(d.seat, marked - d.value, at or d.event)

    def carried_marks(self, challenged: dict[int, bool]) -> None:
        """Declarations marked a second time, and unlawful scores of carried declarations."""
        deal = self.deal
        # a declaration marked a second time: the mark is taken down, and (Foster) the
        # adversary may add it, as any score marked too much (BEZ-SCORE-5)
        for event, seat, points in deal.marked_again:
            self.foster_penalty(seat, points, event)
        # unlawful scores of carried declarations: law 50 lets them stand unless challenged
        for event, seat, points, rule, declared in deal.illegal_scores:
            in_time = challenged.get(event, False)
            if not self.stands_late(rule, True) or in_time:
                name = next((d.name for d in deal.declarations if d.event == declared), None)
                self.struck_score(seat, name or "declaration", points, event)
            elif points:
                self.add(
                    seat,
                    "declaration",
                    points,
                    "RUB-LAW-50",
                    f"{seat} {points} for the carried declaration of event {declared}: not a "
                    "lawful score, but it stands (not challenged before a card of the next "
                    "trick was played)",
                    event,
                    stands_only=True,
                )

    def sevens(self) -> None:
        """The seven of trumps (ordinary game, BEZ-SEVEN-1..3, BEZ-DEAL-3)."""
        deal, rules = self.deal, self.rules
        if self.variant.rubicon:
            return
        for event, seat, _why in deal.sevens:
            self.add(
                seat,
                "seven",
                SEVEN,
                "BEZ-DEAL-3",
                f"{seat} (dealer) the turned-up seven of trumps: {SEVEN}",
                event,
            )
        played_mode = isinstance(rules, BeziqueRules) and rules.seven_scoring == "played"
        if played_mode and deal.trump is not None:
            seven = Card("7", deal.trump)  # (once, not per card played)
            for trick in deal.tricks:  # EW iv / CAS: a seven of trumps scores when played
                for play in trick.plays:
                    if trick.endplay and play.card == seven:
                        self.late_sevens.add(play.seat)  # BEZ-LAST-5: none in the last eight
                    elif play.card == seven:
                        self.add(
                            play.seat,
                            "seven",
                            SEVEN,
                            "BEZ-SEVEN-3",
                            f"{play.seat} plays the seven of trumps: {SEVEN}",
                            play.event,
                        )
        for event, seat, legal in deal.exchanges:
            if legal and not played_mode:
                self.add(
                    seat,
                    "seven",
                    SEVEN,
                    "BEZ-SEVEN-2",
                    f"{seat} exchanges the seven of trumps: {SEVEN}",
                    event,
                )

    def tricks(self) -> _Tricks:
        """The brisques and the last trick, after any end-play penalty (BEZ-LAST-3, RUB-LAST-1),
        and as the tricks fell (the marks are judged on those)."""
        deal, variant, rules, mode = self.deal, self.variant, self.rules, self.penalty_mode
        # (only the last trick can lack a winner: a trick is opened when the one before is won)
        played = len(deal.tricks) - (1 if deal.tricks and not deal.tricks[-1].winner else 0)
        last_number = played  # the very last trick, even if a short hand ended the deal early
        if deal.unfinished:
            last_number = 0  # a fragment not played out: no last trick yet
        if isinstance(rules, BeziqueRules) and rules.last_trick == 24:
            # the 24th trick scores (AMB-13's option): known once it is won, even in a
            # fragment that stops after it (a review of 2026-12-02 found it scored nothing)
            last_number = 24
        brisques, last_trick, indeterminate = tricks_after_penalty(
            deal, variant, mode, last_number, self.forced
        )
        # an end-play penalty (forfeit, the French rule, a forced replay) moves those points
        # itself, once - not again as "marked too much" (GEN-IRREG-4)
        as_fell, last_as_fell = brisques, last_trick
        if deal.endplay_error is not None and (mode not in _AS_FELL or self.forced):
            as_fell, last_as_fell, _ = tricks_after_penalty(deal, variant, "as_played", last_number)
        taken = stated_brisques(deal, variant) if _brisques_apart(rules) else None
        if taken:
            brisques = {seat: brisques[seat] + taken.get(seat, 0) for seat in SEATS}
            as_fell = {seat: as_fell[seat] + taken.get(seat, 0) for seat in SEATS}
        return _Tricks(brisques, last_trick, indeterminate, as_fell, last_as_fell)

    def trick_points(self, t: _Tricks) -> None:
        """Brisques (ordinary game, BEZ-SCORE-2) and the last trick (BEZ-LAST-4)."""
        deal, variant = self.deal, self.variant
        penalty, forfeited = _penalty_words(deal, self.penalty_mode, self.forced)
        if not variant.rubicon:
            for seat in SEATS:
                if t.brisques[seat]:
                    moved = t.brisques[seat] != t.as_fell[seat]
                    self.add(
                        seat,
                        "brisques",
                        BRISQUE * t.brisques[seat],
                        "BEZ-LAST-3" if moved else "BEZ-SCORE-2",
                        f"{seat} {'counts' if moved else 'took'} {t.brisques[seat]}"
                        f" brisque{'' if t.brisques[seat] == 1 else 's'}"
                        f"{penalty if moved else ''}: {BRISQUE * t.brisques[seat]}",
                        None,
                    )
        last_trick = t.last_trick
        if last_trick is not None:
            end = deal.tricks[-1].plays[-1].event if deal.tricks and deal.tricks[-1].plays else None
            moved = last_trick != t.last_as_fell
            self.add(
                last_trick,
                "last-trick",
                variant.last_trick,
                "BEZ-LAST-3" if moved else "BEZ-LAST-4",
                f"{last_trick} the last trick{forfeited if moved else ''}: {variant.last_trick}",
                end,
            )

    def expected_marks(self, t: _Tricks) -> dict[tuple[str, str], int]:
        """What each seat should have marked for items other than declarations."""
        expected: dict[tuple[str, str], int] = {}
        for line in self.lines:
            item = line["item"]
            if item in ("seven", "brisques", "last-trick", "penalty"):
                key = (line["seat"], item)
                expected[key] = expected.get(key, 0) + line["points"]
        if t.as_fell is not t.brisques or t.last_as_fell != t.last_trick:
            for seat in SEATS:
                expected[(seat, "brisques")] = BRISQUE * t.as_fell[seat]
                expected[(seat, "last-trick")] = (
                    self.variant.last_trick if t.last_as_fell == seat else 0
                )
        if self.variant.rubicon:
            expected.pop(("A", "brisques"), None)
            expected.pop(("B", "brisques"), None)
        return expected

    def other_marks(self, t: _Tricks, count_demanded: bool) -> None:
        """Marks other than declarations (BEZ-SCORE-5, RUB-LAW-51, BEZ-LAST-5)."""
        deal, rubicon = self.deal, self.variant.rubicon
        expected = self.expected_marks(t)
        sheet: dict[tuple[str, str], list[tuple[int, int]]] = {}  # (seat, item) -> its marks
        for mark in deal.marks:
            if mark.void:  # the mark of an unlawful act, already a finding: taken down
                self.struck_score(mark.seat, "seven", mark.points, mark.event, False)
                continue
            item = "seven" if mark.item == "exchange" else mark.item
            sheet.setdefault((mark.seat, item), []).append((mark.event, mark.points))
        for (seat, item), entries in sorted(sheet.items(), key=lambda kv: kv[1][-1][0]):
            total = sum(p for _, p in entries)
            if rubicon and item == "brisques":
                right = BRISQUE * t.as_fell[seat] if count_demanded else 0
            else:
                right = expected.get((seat, item), 0)
            if total == right:
                continue
            where = entries[-1][0]
            if item == "brisques" and not rubicon:
                where = _first_wrong_brisque_mark(deal, seat, entries) or where
            late = item == "seven" and seat in self.late_sevens and total > right
            self.find(
                "BEZ-LAST-5" if late else "BEZ-SCORE-5",
                "violation",
                where,
                seat,
                basis=["RUB-LAW-51"] if rubicon else ["BEZ-SCORE-5"] if late else [],
                facts=WrongMark(
                    who=seat,
                    item=item,
                    deal=deal.number,
                    marked=total,
                    right=right,
                    why="seven-in-end-play" if late else None,
                    window="always",
                ),
            )
            self.foster_penalty(seat, total - right, where)

    def last_trick_unmarked(self, last_trick: str | None) -> None:
        """Rubicon law 54: the last trick not marked where marks were kept (information)."""
        deal, variant = self.deal, self.variant
        last_marked = any(m.item == "last-trick" for m in deal.marks)
        kept = deal.marks or any(d.marked is not None for d in deal.declarations)  # marks kept
        if variant.rubicon and last_trick is not None and kept and not last_marked:
            self.find(
                "RUB-LAW-54",
                "info",
                deal.tricks[-1].plays[-1].event,
                last_trick,
                facts=LastTrickUnmarked(
                    seat=last_trick, points=variant.last_trick, deal=deal.number
                ),
            )


@dataclass
class _Tricks:
    """The deal's brisques and last trick: as counted (after any end-play penalty) and as the
    tricks fell; ``indeterminate`` is the first trick whose winner the record cannot say."""

    brisques: dict[str, int]
    last_trick: str | None
    indeterminate: int | None
    as_fell: dict[str, int]
    last_as_fell: str | None


def _line_order(line: ScoreLine) -> tuple[bool, int]:
    """The record's order: the lines of events by event, then those of none (stable)."""
    event = line["event"]
    return event is None, event or 0


def score_deal(
    deal: BeziqueDealFacts, variant: Variant, rules: BeziqueRules | RubiconRules
) -> DealPoints:
    """Every item a seat scores in the deal, and the findings on marks and claims."""
    s = _Scorer(deal, variant, rules)
    findings = s.findings
    challenged, founded = challenges(deal, findings, s.stands_late)
    challenged.update(calls_in_time(deal))  # a card of a false declaration called in time
    findings.extend(rule_on_calls(deal))
    s.position_scores()
    rows = s.declarations(challenged)
    s.carried_marks(challenged)
    s.sevens()
    t = s.tricks()
    s.trick_points(t)
    count_demanded = any(c.kind == "count-brisques" for _, c in deal.claims)
    s.other_marks(t, count_demanded)
    score_claims(deal, findings, founded)
    s.last_trick_unmarked(t.last_trick)
    s.lines.sort(key=_line_order)
    return DealPoints(
        s.lines,
        s.official,
        s.cards_made,
        t.brisques,
        t.last_trick,
        t.indeterminate,
        rows,
        count_demanded,
        findings,
        _replay_summary(s, t),
    )


def _replay_summary(s: _Scorer, t: _Tricks) -> dict[str, object] | None:
    """A forced replay as the summary gives it: its tricks, and the deal's points had the play
    stood (the brisques and the last trick as the cards fell), for the adversary's choice."""
    if not s.forced or s.deal.endplay_error is None:
        return None
    last = s.variant.last_trick
    brisque = 0 if s.variant.rubicon else BRISQUE  # (Rubicon: brisques are not deal points)
    as_played = {
        seat: s.official[seat]
        - brisque * (t.brisques[seat] - t.as_fell[seat])
        - last * ((t.last_trick == seat) - (t.last_as_fell == seat))
        for seat in SEATS
    }
    tricks = [
        {
            "trick": r.number,
            "leader": r.leader,
            "lead": str(r.lead),
            "answer": str(r.answer),
            "winner": r.winner,
        }
        for r in s.forced
    ]
    return {"offender": s.deal.endplay_error[1], "tricks": tricks, "as_played": as_played}


#: What ``score_deal`` is: the Bézique judges take another (a referee's, which keeps the
#: points of the deals already complete).
Scorer = Callable[[BeziqueDealFacts, Variant, BeziqueRules | RubiconRules], DealPoints]


def stated_brisques(deal: BeziqueDealFacts, variant: Variant) -> dict[str, int] | None:
    """The brisques each seat took before a position: as stated; or, when the position
    names one seat alone and the deal is played out, the other's is what is left of the
    pack's (every brisque ends in a trick). None while unknown: never taken as 0."""
    position = deal.position
    if not isinstance(position, BeziquePosition) or position.brisques is None:
        return None
    stated = cast(dict[str, int], position.brisques)
    if all(seat in stated for seat in SEATS):
        return dict(stated)
    if len(stated) != 1 or deal.unfinished:
        return None
    seat = next(iter(stated))
    rest = ALL_BRISQUES_PER_PACK * variant.copies - stated[seat] - sum(deal.brisques().values())
    return {seat: stated[seat], other(seat): rest} if rest >= 0 else None


def _forfeit_before(
    deal: BeziqueDealFacts, position: BeziquePosition, rules: BeziqueRules | RubiconRules
) -> bool:
    """Enquire Within's forfeit of all eight last tricks, when some were played before the
    position: what they held is not stated (BEZ-LAST-3)."""
    if not isinstance(rules, BeziqueRules) or penalty_mode(deal, rules) != "forfeit_last_tricks":
        return False
    endplay_from = 32 - 8  # the ordinary game's stock tricks (BEZ-LAST-1)
    return deal.endplay_error is not None and position.tricks > endplay_from


def _penalty_words(
    deal: BeziqueDealFacts, mode: str, forced: list[ReplayedTrick] | None = None
) -> tuple[str, str]:
    """How an end-play penalty moved a seat's brisques, and its last trick (BEZ-LAST-3)."""
    if deal.endplay_error is not None and forced:
        replayed = f", the tricks from {forced[0].number} on replayed as the cards force them"
        return replayed, replayed
    if deal.endplay_error is None or mode in _AS_FELL:
        return "", ""
    trick, offender, _ = deal.endplay_error
    if mode == "forfeit_last_tricks":
        return (
            f", the end-play tricks forfeited by {offender} included (Enquire Within)",
            f", forfeited by {offender} (Enquire Within)",
        )
    return (
        f", none from trick {trick} on, where {offender} erred in the end-play (the French rule)",
        "",
    )


def _brisques_apart(rules: BeziqueRules | RubiconRules) -> bool:
    """Whether brisques taken before a position are still to count (Rubicon, or the ordinary
    game's end-of-deal count); marked as won (the default), they are in its scores."""
    return isinstance(rules, RubiconRules) or rules.brisque_timing == "end_of_deal"


def position_unknowns(
    deal: BeziqueDealFacts,
    rules: BeziqueRules | RubiconRules,
    counted: bool,
    what: str | None = None,
) -> list[dict[str, object]]:
    """What a deal begun part-way cannot decide in its score (BEZ-SCORE-2, RUB-GAME-3)."""
    position = deal.position
    if not isinstance(position, BeziquePosition):
        return []
    if _forfeit_before(deal, position, rules):
        return [
            {
                "what": f"The end-play tricks of deal {deal.number} played before the position,"
                " which the forfeit gives to the adversary: what brisques they held",
                "why": "the position begins inside the end-play and does not state what its earlier"
                " tricks held",
                "decides": "the brisques each player took in the end-play before the position",
                "rule": "BEZ-LAST-3",
                "event": deal.event,
                "deal": deal.number,
            }
        ]
    variant = VARIANTS["rubicon-bezique" if isinstance(rules, RubiconRules) else "bezique"]
    if stated_brisques(deal, variant) is not None or not (counted and _brisques_apart(rules)):
        return []
    rule = "RUB-GAME-3" if isinstance(rules, RubiconRules) else "BEZ-SCORE-2"
    return [
        {
            "what": what
            or f"The brisques of deal {deal.number}: how many each player took, and so "
            "the score they make",
            "why": "the position does not state the brisques taken before it",
            "decides": "the aces and tens in each player's tricks before the position",
            "rule": rule,
            "event": deal.event,
            "deal": deal.number,
        }
    ]


def _first_wrong_brisque_mark(
    deal: BeziqueDealFacts, seat: str, entries: list[tuple[int, int]]
) -> int | None:
    """Brisques marked as each trick is won (BEZ-SCORE-2): the first mark that is not the
    brisques of the trick just before it, when the marks follow the tricks."""
    ends = [(t.plays[-1].event, t) for t in deal.tricks if t.winner and len(t.plays) == 2]
    for event, points in entries:
        before = [t for end, t in ends if end < event]
        if not before:
            return event
        trick = before[-1]
        right = (
            BRISQUE * sum(is_brisque(p.card) for p in trick.plays) if trick.winner == seat else 0
        )
        if points != right:
            return event
    return None


def _trick_before(deal: BeziqueDealFacts, event: int) -> int | None:
    """The trick whose winning gave the right to a score at ``event``: the last one begun
    before it (declarations and their scores follow the trick they are made on)."""
    before = [number for number, first in deal.first_trick_events.items() if first < event]
    return max(before, default=None)


#: The step that says a corrected result rests on a fact the record does not give.
UNDECIDED_STEP = (
    "  this result depends on what the record cannot decide (see “Cannot be decided from the"
    " record”): the figures take the play as recorded, for reference only"
)


def wrong_results(
    deal: BeziqueDealFacts,
    right: list[Result],
    game: Literal["bezique", "rubicon-bezique"],
    basis: list[str],
    *,
    score: dict[str, int] | None = None,
    decide: bool = False,
) -> list[Finding]:
    """Each result agreed in ``deal`` that is none of those the rules give, ``right``
    (BEZ-SCORE-5); ``score``, the running scores when nobody has won (the ordinary game);
    ``decide``, a fragment's brisques decide which of ``right`` it is (Rubicon)."""
    allowed = {(r.winner, r.value) for r in right}
    return [
        make_finding(
            "BEZ-SCORE-5",
            "violation",
            facts=AgreedResult(
                game=game,
                what="game",
                winner=result.winner,
                value=result.value,
                deal=deal.number,
                right=right,
                score=None if right else score,
                brisques_decide=decide,
            ),
            event=index,
            deal=deal.number,
            basis=basis,
        )
        for index, result in deal.results
        if (result.winner, result.value) not in allowed
    ]


def early_results(
    replay: BeziqueReplay, basis: str, game: Literal["bezique", "rubicon-bezique"]
) -> list[Finding]:
    """A result agreed before any deal is a wrongly agreed result (BEZ-SCORE-5)."""
    return [
        make_finding(
            "BEZ-SCORE-5",
            "violation",
            facts=AgreedResult(
                game=game,
                what="game",
                winner=early.winner,
                value=early.value,
                right=[],
                before_any_deal=True,
            ),
            event=index,
            basis=[basis],
        )
        for index, early in replay.early_results
    ]


def agreed_results(replay: BeziqueReplay) -> list[dict[str, object]]:
    """Every result the players agreed, where the record gives it (the ruling's
    ``claimed.results``; Rubicon's deal is its game): the views tell each game's apart."""
    timed: list[tuple[int | None, int, BeziqueResult]]
    timed = [(None, index, r) for index, r in replay.early_results]
    timed += [(deal.number, index, r) for deal in replay.deals for index, r in deal.results]
    return [
        {"event": index, "deal": deal, "winner": r.winner, "value": r.value}
        for deal, index, r in sorted(timed, key=lambda item: item[1])
    ]
