"""Ruling on a replayed whist record: claims, penalties, honours, the score and the marks.

Each deal is judged once the whole deal is known, in order, carrying the score of the game
in progress and the games of the rubber. Findings name the rules they rest on; the
arithmetic comes from ``scoring`` so the steps in words are the sums that were added.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from adjudicator.cards import CARD_TEXT
from adjudicator.engine.judgement import Judgement
from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist.options import is_english
from adjudicator.games.whist.scoring import Choice, DealPlan, DealScore, Penalty, ScoringRules
from adjudicator.games.whist.state import DealFacts, Renounce, WhistReplay
from adjudicator.games.whist.summary import (
    GameResult,
    HonoursClaim,
    PenaltyOption,
    WhistDealSummary,
)
from adjudicator.record.whist import WhistClaim, WhistRecord, WhistRules
from adjudicator.seats import SIDES, other_side

CHOICES: tuple[Choice, ...] = ("tricks", "deduct", "add")
MARK_ITEMS = ("penalty", "tricks", "honours", "game", "rubber")

#: Each card's canonical text: a dict lookup costs less than a ``str()`` call per card.


@dataclass
class RevokeRuling:
    """A revoke as judged: claimed in time or not, and the penalty it carries."""

    renounce: Renounce
    claimed_at: int | None = None
    late_claim_at: int | None = None
    choice: str | None = None
    chosen: bool = False
    applied: bool = False


@dataclass
class Position:
    """The score carried from deal to deal: the game in progress and the rubber's games."""

    score: dict[str, int]
    games: list[tuple[str, int]]
    last_rubber: scoring.RubberValue | None = None
    rubber_games: list[tuple[str, int]] = field(default_factory=list)


WhistJudgement = Judgement[WhistDealSummary]


class Judge:
    """Walks the deals in order; one instance per record."""

    def __init__(self, record: WhistRecord, rules: WhistRules, replay: WhistReplay) -> None:
        self.rules = rules
        self.replay = replay
        self.english = is_english(rules)
        self.findings: list[Finding] = list(replay.findings)
        self.steps: list[str] = []
        self.scoring_rules = ScoringRules(
            target=cast(int, rules.game_target),
            cap=cast(int, rules.revoker_cap),
            deduct_floor_zero=rules.deduct_floor == "zero",
            english=self.english,
        )
        start = record.start
        self.position = Position(dict(start.score), [(g.winner, g.value) for g in start.games])
        self.marked: dict[str, dict[str, int]] = {"NS": {}, "EW": {}}
        self.last_result: dict[str, object] | None = None

    # Whole record ---------------------------------------------------------------------

    def run(self) -> WhistJudgement:
        s = self.position.score
        self.steps.append(f"Start: NS {s['NS']}, EW {s['EW']}" + self._games_words())
        for early in self.replay.results_before_deal:
            self._check_result(early.index, early.event.winner, early.event.value, None)
        summaries = [self._judge_deal(deal) for deal in self.replay.deals]
        position = self.position
        rubber = position.last_rubber
        shown_games = position.games if position.games or rubber is None else position.rubber_games
        corrected: dict[str, object] = {
            "score": dict(position.score),
            "games": [{"winner": w, "value": v} for w, v in shown_games],
            "rubber": (
                {"winner": rubber.winner, "value": rubber.value}
                if rubber is not None and not position.games
                else None
            ),
        }
        sheets = {
            side: {i: sheet[i] for i in MARK_ITEMS if i in sheet}
            for side, sheet in self.marked.items()
        }
        claimed = {"result": self.last_result, "marks": sheets}
        # the plain class: calling the alias ``WhistJudgement`` goes through typing's slow path
        return Judgement(self.findings, summaries, corrected, claimed, self.steps)

    def _games_words(self) -> str:
        games = self.position.games
        if not games:
            return ""
        return "; games won: " + ", ".join(f"{w} {v}" for w, v in games)

    # One deal ----------------------------------------------------------------------------

    def _judge_deal(self, deal: DealFacts) -> WhistDealSummary:
        before = dict(self.position.score)
        won = deal.tricks_won()
        held = deal.honours_held(bool(self.rules.turn_up_counts_for_dealer))
        revokes = self._judge_claims(deal)
        self._judge_penalties(deal, revokes)
        no_win, void = self._both_sides(deal, revokes)
        honours, honour_claims = self._judge_honours(deal, before, held)
        unchosen = [
            r
            for r in revokes
            if r.claimed_at is not None and r.applied and not r.chosen and self.english
        ]
        options: list[PenaltyOption] | None = None
        if unchosen:
            options = self._advise(deal, revokes, unchosen, honours, no_win, before)
        plan = self._plan(deal, revokes, honours, no_win, void, won=won)
        result = scoring.score_deal(before, plan, self.scoring_rules)
        if void:
            for r in revokes:
                r.applied = False
        else:
            self._note_score_findings(deal, result, revokes)
        self.steps.append(
            f"Deal {deal.number} (dealer {deal.dealer}, trumps {deal.trump.suit.noun}):"
        )
        if void:
            self.steps.append(
                "  both sides revoked: the deal is void and nothing is scored (AMB-4)"
            )
            result = scoring.DealScore((), dict(won), before, before, None)
        self.steps.extend(f"  {step.text} [{step.rule}]" for step in result.steps)
        game, rubber, extra = self._after_deal(result)
        self._check_marks(deal, result, game, rubber)
        for timed in deal.results:
            self._check_result(timed.index, timed.event.winner, timed.event.value, deal.number)
        # Plain data, validated into the summary's models in one pass by pydantic-core.
        return WhistDealSummary.model_validate(
            {
                "deal": deal.number,
                "event": deal.event,
                "dealer": deal.dealer,
                "trump": CARD_TEXT[deal.trump],
                "hands": {
                    seat: [CARD_TEXT[c] for c in cards] for seat, cards in deal.hands.items()
                },
                "tricks": [
                    {
                        "trick": t.number,
                        "leader": t.leader,
                        "plays": [
                            {"seat": p.seat, "card": CARD_TEXT[p.card], "event": p.event}
                            for p in t.plays
                        ],
                        "winner": t.winner or "",
                    }
                    for t in deal.tricks
                ],
                "tricks_won": won,
                "tricks_after_penalty": result.tricks_after_penalty,
                "revokes": [
                    {
                        "seat": r.renounce.seat,
                        "side": r.renounce.side,
                        "trick": r.renounce.trick,
                        "event": r.renounce.event,
                        "established_at": r.renounce.established_at,
                        "claimed_at": r.claimed_at,
                        "penalty": r.choice,
                        "penalty_chosen": r.chosen,
                        "applied": r.applied,
                    }
                    for r in revokes
                ],
                "honours": {"held": held, "claims": honour_claims},
                "score_before": before,
                "scores": [
                    {
                        "item": s.item,
                        "side": s.side,
                        "points": s.points,
                        "rule": s.rule,
                        "text": s.text,
                    }
                    for s in result.steps
                ]
                + extra,
                "score_after": result.after,
                "game": None if game is None else {"winner": game.winner, "value": game.value},
                "rubber": (
                    None if rubber is None else {"winner": rubber.winner, "value": rubber.value}
                ),
                "marks": [
                    {
                        "event": m.index,
                        "side": m.event.side,
                        "for": m.event.for_,
                        "points": m.event.points,
                    }
                    for m in deal.marks
                ],
                "penalty_options": options,
            }
        )

    # Claims (WHIST-REVOKE-6, -7) ---------------------------------------------------------------

    def _judge_claims(self, deal: DealFacts) -> list[RevokeRuling]:
        revokes = [RevokeRuling(r) for r in deal.renounces if r.is_established]
        corrected = [r for r in deal.renounces if not r.is_established]
        late_by_marks = self.rules.revoke_claim_deadline == "tricks_gathered"
        for timed in deal.claims:
            claim = timed.event
            matches = [r for r in revokes if self._claim_matches(claim, r.renounce)]
            target = deal
            if not matches and claim.ref is None and deal.number > 1:
                # made during the next deal about the one before: the cut was before it
                earlier = self.replay.deals[deal.number - 2]
                before = [r for r in earlier.renounces if r.is_established]
                if any(self._claim_matches(claim, r) for r in before):
                    matches = [RevokeRuling(r) for r in before if self._claim_matches(claim, r)]
                    target = earlier
            if not matches:
                self.findings.append(self._unfounded(deal, timed.index, claim, corrected))
                continue
            late = (
                target is not deal or timed.after_cut or (late_by_marks and timed.after_first_mark)
            )
            if late:
                when = (
                    "after the cards were cut for the next deal"
                    if timed.after_cut or target is not deal
                    else "after the tricks were gathered and marked"
                )
                self.findings.append(
                    make_finding(
                        "WHIST-REVOKE-7",
                        "violation",
                        f"{claim.by} claimed the revoke by {matches[0].renounce.seat} at trick "
                        f"{matches[0].renounce.trick} of deal {target.number} {when}: too late, "
                        "no penalty can be exacted.",
                        event=timed.index,
                        deal=target.number,
                        trick=matches[0].renounce.trick,
                        seat=matches[0].renounce.seat,
                        basis=["WHIST-REVOKE-1"],
                    )
                )
                for r in matches:
                    r.late_claim_at = r.late_claim_at or timed.index
                continue
            for r in matches:
                if r.claimed_at is None:
                    r.claimed_at = timed.index
                    r.applied = True
        return revokes

    @staticmethod
    def _claim_matches(claim: WhistClaim, renounce: Renounce) -> bool:
        """Whether a revoke claim names this revoke (the adversaries', and as specified)."""
        return (
            renounce.side != claim.by
            and (claim.against is None or renounce.seat == claim.against)
            and (claim.trick is None or renounce.trick == claim.trick)
            and (claim.ref is None or renounce.event == claim.ref)
        )

    def _unfounded(
        self, deal: DealFacts, index: int, claim: object, corrected: list[Renounce]
    ) -> Finding:
        from adjudicator.record.whist import WhistClaim

        assert isinstance(claim, WhistClaim)
        own = [r for r in deal.renounces if r.is_established and r.side == claim.by]
        fixed = [r for r in corrected if r.side != claim.by]
        target = f" against {claim.against}" if claim.against else ""
        at = f" at trick {claim.trick}" if claim.trick else ""
        if fixed:
            why = (
                f"{fixed[0].seat}'s renounce at trick {fixed[0].trick} was corrected in time "
                "and is no revoke"
            )
        elif own:
            why = "the only revoke of the deal is by the claimants' own side"
        else:
            why = "every card played followed suit, or its player held none of the suit led"
        return make_finding(
            "WHIST-REVOKE-6",
            "warning",
            f"{claim.by} claimed a revoke{target}{at} in deal {deal.number}, but the tricks show "
            f"none: {why}. The claim fails.",
            event=index,
            deal=deal.number,
            trick=claim.trick,
            seat=claim.against,
            basis=["WHIST-REVOKE-1"],
        )

    # Penalties (WHIST-REVOKE-9, -10, -14) -------------------------------------------------------

    def _judge_penalties(self, deal: DealFacts, revokes: list[RevokeRuling]) -> None:
        chosen_by: dict[str, list[str]] = {"NS": [], "EW": []}
        for timed in deal.penalties:
            penalty = timed.event
            if not self.english:
                self.findings.append(
                    make_finding(
                        "WHIST-REVOKE-9",
                        "violation",
                        f"{penalty.by} chose a revoke penalty ({penalty.choice}), but under the American "
                        "code the penalty is fixed: two tricks for each revoke. The choice is ignored.",
                        event=timed.index,
                        deal=deal.number,
                        basis=["WHIST-REVOKE-14"],
                    )
                )
                continue
            open_revokes = [
                r
                for r in revokes
                if r.renounce.side != penalty.by and r.claimed_at is not None and not r.chosen
            ]
            if not open_revokes and not timed.after_cut:
                unclaimed = [
                    r
                    for r in revokes
                    if r.renounce.side != penalty.by
                    and r.claimed_at is None
                    and r.late_claim_at is None
                ]
                if unclaimed:  # choosing a penalty is itself a claim
                    unclaimed[0].claimed_at = timed.index
                    unclaimed[0].applied = True
                    open_revokes = unclaimed[:1]
            if not open_revokes:
                self.findings.append(
                    make_finding(
                        "WHIST-REVOKE-9",
                        "violation",
                        f"{penalty.by} exacted a revoke penalty ({penalty.choice}) in deal {deal.number}"
                        " with no revoke of their adversaries claimed in time left to pay for it.",
                        event=timed.index,
                        deal=deal.number,
                    )
                )
                continue
            target = min(open_revokes, key=lambda r: r.renounce.trick)
            if penalty.choice == "waive":
                if self.rules.revoke_penalty_waivable:
                    target.choice, target.chosen, target.applied = "waive", True, False
                else:
                    self.findings.append(
                        make_finding(
                            "WHIST-REVOKE-9",
                            "violation",
                            f"{penalty.by} waived the penalty for {target.renounce.seat}'s revoke, but a "
                            "revoke penalty cannot be waived under these rules (option "
                            "revoke_penalty_waivable); the best choice for them is applied.",
                            event=timed.index,
                            deal=deal.number,
                            trick=target.renounce.trick,
                        )
                    )
                continue
            if penalty.choice == "tricks" and not self._tricks_available(deal, revokes, target):
                self.findings.append(
                    make_finding(
                        "WHIST-REVOKE-9",
                        "violation",
                        f"{penalty.by} chose to take three tricks for {target.renounce.seat}'s revoke, "
                        f"but the revokers have fewer than three left to give; under option "
                        "trick_penalty_shortfall = invalid_choice that choice is refused and the "
                        "best valid choice is applied.",
                        event=timed.index,
                        deal=deal.number,
                        trick=target.renounce.trick,
                    )
                )
                continue
            earlier = chosen_by[penalty.by]
            if (
                earlier
                and not self.rules.per_revoke_option_choice
                and penalty.choice not in earlier
            ):
                self.findings.append(
                    make_finding(
                        "WHIST-REVOKE-10",
                        "violation",
                        f"{penalty.by} chose {penalty.choice} after choosing {earlier[0]} for an earlier "
                        "revoke of the deal; these rules require one choice for every revoke "
                        "(option per_revoke_option_choice).",
                        event=timed.index,
                        deal=deal.number,
                        trick=target.renounce.trick,
                    )
                )
            earlier.append(penalty.choice)
            target.choice, target.chosen = penalty.choice, True

    def _tricks_available(
        self, deal: DealFacts, revokes: list[RevokeRuling], target: RevokeRuling
    ) -> bool:
        """AMB-6: can the revokers still give three tricks for this revoke?"""
        if self.rules.trick_penalty_shortfall == "take_all_available":
            return True
        return not self._short(deal, revokes, {id(target): "tricks"})

    def _short(self, deal: DealFacts, revokes: list[RevokeRuling], choices: dict[int, str]) -> bool:
        """Whether a 'tricks' penalty, taken in trick order, finds fewer than three to take."""
        tricks = deal.tricks_won()
        for r in sorted(revokes, key=lambda x: x.renounce.trick):
            if r.claimed_at is None or not r.applied:
                continue
            choice = choices.get(id(r), r.choice if r.chosen else None)
            if choice != "tricks":
                continue
            revokers = r.renounce.side
            if tricks[revokers] < scoring.PENALTY_POINTS:
                return True
            tricks[revokers] -= scoring.PENALTY_POINTS
            tricks[other_side(revokers)] += scoring.PENALTY_POINTS  # type: ignore[arg-type]
        return False

    # Both sides revoke (WHIST-REVOKE-13) -------------------------------------------------------

    def _both_sides(
        self, deal: DealFacts, revokes: list[RevokeRuling]
    ) -> tuple[frozenset[str], bool]:
        claimed = [r for r in revokes if r.claimed_at is not None]
        sides = {r.renounce.side for r in claimed}
        if len(sides) < 2:
            return frozenset(sides), False
        option = self.rules.both_sides_revoke
        second_side = claimed and sorted(claimed, key=lambda r: r.renounce.event)
        first = second_side[0].renounce.side if second_side else ""
        second = next(r for r in second_side if r.renounce.side != first)
        words = {
            "cancel_all": "the revokes cancel each other: no penalty counts",
            "cancel_pairwise": "the revokes cancel in pairs: only the surplus is penalised",
            "each_penalised": "each side pays its adversaries' penalty",
            "new_deal": "the deal is void",
        }[cast(str, option)]
        self.findings.append(
            make_finding(
                "WHIST-REVOKE-13",
                "info",
                f"Both sides revoked in deal {deal.number}: neither side can win the game in it, and "
                f"{words} (option both_sides_revoke = {option}).",
                event=second.renounce.event,
                deal=deal.number,
                trick=second.renounce.trick,
                seat=second.renounce.seat,
            )
        )
        if option == "cancel_all":
            for r in claimed:
                r.applied = False
        elif option == "cancel_pairwise":
            by_side = {
                s: sorted(
                    (r for r in claimed if r.renounce.side == s), key=lambda r: r.renounce.trick
                )
                for s in SIDES
            }
            pairs = min(len(v) for v in by_side.values())
            for s in SIDES:
                for r in by_side[s][:pairs]:
                    r.applied = False
        return frozenset(SIDES), option == "new_deal"

    # Honours (WHIST-HONOURS-2..6) -------------------------------------------------------------

    def _judge_honours(
        self, deal: DealFacts, before: dict[str, int], held: dict[str, int]
    ) -> tuple[list[tuple[str, int]], list[HonoursClaim]]:
        target = cast(int, self.rules.game_target)
        valid: list[tuple[str, int]] = []
        claims: list[HonoursClaim] = []
        claimed_sides: set[str] = set()
        for timed in deal.honours:
            claim = timed.event
            side = claim.side
            claimed_sides.add(side)
            finding: tuple[str, str, str] | None = None
            late = (
                timed.late_deal
                if self.rules.honours_claim_deadline == "next_trump_turned"
                else timed.after_cut
            )
            if not self.rules.honours_counted:
                finding = (
                    "WHIST-HONOURS-6",
                    "warning",
                    f"{side} claimed {claim.count} honours, but honours are not counted "
                    "under this code.",
                )
            elif held[side] < 3:
                finding = (
                    "WHIST-HONOURS-2",
                    "violation",
                    f"{side} claimed {claim.count} honours in deal {deal.number} but hold "
                    f"only {held[side]} of the trump A K Q J: nothing to score.",
                )
            elif before[side] >= target - 1:
                finding = (
                    "WHIST-HONOURS-3",
                    "violation",
                    f"{side} claimed honours in deal {deal.number} while at {before[side]} at "
                    "the start of the deal: a side at four cannot score honours.",
                )
            elif late:
                finding = (
                    "WHIST-HONOURS-4",
                    "violation",
                    f"{side} claimed honours for deal {deal.number} too late ("
                    + (
                        "after the trump card of the next deal was turned"
                        if self.rules.honours_claim_deadline == "next_trump_turned"
                        else "after the cards were cut for the next deal"
                    )
                    + "): they cannot be scored.",
                )
            elif any(s == side for s, _ in valid):
                claims.append(
                    HonoursClaim(side=side, count=claim.count, event=timed.index, counted=False)
                )
                continue
            if finding is not None:
                rule, severity, message = finding
                self.findings.append(
                    make_finding(
                        rule,
                        severity,
                        message,  # type: ignore[arg-type]
                        event=timed.index,
                        deal=deal.number,
                    )
                )
                claims.append(
                    HonoursClaim(side=side, count=claim.count, event=timed.index, counted=False)
                )
                continue
            if claim.count != held[side]:
                self.findings.append(
                    make_finding(
                        "WHIST-HONOURS-2",
                        "warning",
                        f"{side} claimed {claim.count} honours but hold {held[side]}: scored as held.",
                        event=timed.index,
                        deal=deal.number,
                    )
                )
            valid.append((side, held[side]))
            claims.append(
                HonoursClaim(side=side, count=claim.count, event=timed.index, counted=True)
            )
        if self.rules.honours_counted:
            for side in SIDES:
                if held[side] >= 3 and side not in claimed_sides and before[side] < target - 1:
                    self.findings.append(
                        make_finding(
                            "WHIST-HONOURS-4",
                            "info",
                            f"{side} held {held[side]} honours in deal {deal.number} but did not claim "
                            f"them: they score nothing ({scoring.honours_points(held[side])} lost).",
                            event=deal.event,
                            deal=deal.number,
                        )
                    )
        return valid, claims

    # The plan and the advisor ---------------------------------------------------------------

    def _penalty_tricks(self, revokes: Sequence[RevokeRuling], r: RevokeRuling) -> int:
        if self.english:
            return scoring.PENALTY_POINTS
        if self.rules.awl_revoke_mode == "duplicate":
            same = [x for x in revokes if x.renounce.side == r.renounce.side and x.applied]
            return 2 if same and same[0] is r else 1
        return 2

    def _plan(
        self,
        deal: DealFacts,
        revokes: list[RevokeRuling],
        honours: list[tuple[str, int]],
        no_win: frozenset[str],
        void: bool,
        choices: dict[int, Choice] | None = None,
        won: dict[str, int] | None = None,
    ) -> DealPlan:
        penalties = []
        for r in sorted(revokes, key=lambda x: x.renounce.trick):
            if not r.applied:
                continue
            if self.english:
                choice = (choices or {}).get(id(r)) or r.choice
                if choice not in CHOICES:
                    continue
            else:
                choice = "tricks"
                r.choice = "tricks"
            penalties.append(
                Penalty(
                    other_side(r.renounce.side),
                    cast(Choice, choice),  # type: ignore[arg-type]
                    self._penalty_tricks(revokes, r),
                    r.renounce.trick,
                    "WHIST-REVOKE-15"
                    if not self.english and self.rules.awl_revoke_mode == "duplicate"
                    else "",
                )
            )
        tricks_won = deal.tricks_won() if won is None else won
        return DealPlan(tricks_won, tuple(penalties), tuple(honours), no_win, void)

    def _advise(
        self,
        deal: DealFacts,
        revokes: list[RevokeRuling],
        unchosen: list[RevokeRuling],
        honours: list[tuple[str, int]],
        no_win: frozenset[str],
        before: dict[str, int],
    ) -> list[PenaltyOption]:
        """Every combination of choices for the unchosen penalties; the best is applied."""
        claimants = other_side(unchosen[0].renounce.side)  # type: ignore[arg-type]
        outcomes = []
        for combo in itertools.product(CHOICES, repeat=len(unchosen)):
            choices = {id(r): c for r, c in zip(unchosen, combo, strict=True)}
            short = self.rules.trick_penalty_shortfall == "invalid_choice" and self._short(
                deal, revokes, choices
            )
            if short:
                continue
            result = scoring.score_deal(
                before,
                self._plan(deal, revokes, honours, no_win, False, choices),
                self.scoring_rules,
            )
            game, rubber = self._preview(result)
            outcomes.append(
                (self._rank(claimants, result, game, rubber), combo, result, game, rubber)
            )
        best = max(outcomes, key=lambda o: o[0])
        for r, c in zip(unchosen, best[1], strict=True):
            r.choice = c
        words = ", ".join(best[1])
        self.findings.append(
            make_finding(
                "WHIST-REVOKE-9",
                "info",
                f"{claimants} claimed the revoke by {unchosen[0].renounce.seat} at trick "
                f"{unchosen[0].renounce.trick} but no choice of penalty is recorded; the best for them "
                f"is {words}, which this ruling applies (the deal summary shows every choice).",
                event=cast(int, unchosen[0].claimed_at),
                deal=deal.number,
                trick=unchosen[0].renounce.trick,
                seat=unchosen[0].renounce.seat,
            )
        )
        return [
            PenaltyOption(
                choices=list(combo),
                score=dict(result.after),
                game=game,
                rubber=rubber,
                best=combo == best[1],
            )
            for _, combo, result, game, rubber in outcomes
        ]

    @staticmethod
    def _rank(
        claimants: str, result: DealScore, game: GameResult | None, rubber: GameResult | None
    ) -> tuple[int, int, int]:
        def signed(g: GameResult | None) -> int:
            return 0 if g is None else (g.value if g.winner == claimants else -g.value)

        revokers = other_side(claimants)  # type: ignore[arg-type]
        lead = result.after[claimants] - result.after[revokers]
        return signed(rubber), signed(game), lead

    def _game_value(self, result: DealScore) -> scoring.GameValue:
        winner = cast(str, result.winner)
        loser = other_side(winner)  # type: ignore[arg-type]
        if self.rules.game_value_mode == "rubber_points":
            return scoring.english_game_value(winner, result.after[loser])
        return scoring.american_game_value(
            winner,
            result.after[winner],
            result.after[loser],
            self.scoring_rules.target,
            self.rules.excess_points == "count_all",
        )

    def _preview(self, result: DealScore) -> tuple[GameResult | None, GameResult | None]:
        if result.winner is None:
            return None, None
        value = self._game_value(result)
        game = GameResult(winner=value.winner, value=value.value)
        rubber = None
        if self.rules.game_value_mode == "rubber_points":
            r = scoring.rubber_value([*self.position.games, (value.winner, value.value)])
            rubber = GameResult(winner=r.winner, value=r.value) if r else None
        return game, rubber

    # After the deal: games and rubbers (WHIST-RUBBER-1..4, WHIST-SCORE-4, -5) ---------------------

    def _after_deal(
        self, result: DealScore
    ) -> tuple[scoring.GameValue | None, scoring.RubberValue | None, list[dict[str, object]]]:
        """Turn the scores down when a game is won; the items come back as plain data for
        the summary."""
        position = self.position
        position.score = dict(result.after)
        if result.winner is None:
            return None, None, []
        value = self._game_value(result)
        if not position.games and position.last_rubber is not None:
            position.rubber_games = []
        position.games.append((value.winner, value.value))
        position.score = {"NS": 0, "EW": 0}
        self.steps.append(
            f"  {value.text} [{value.rule}]; the scores are turned down [WHIST-SCORE-4]"
        )
        items: list[dict[str, object]] = [
            {
                "item": "game",
                "side": value.winner,
                "points": value.value,
                "rule": value.rule,
                "text": value.text,
            }
        ]
        if self.rules.game_value_mode == "rubber_points":
            rubber = scoring.rubber_value(position.games)
            if rubber is not None:
                self.steps.extend(f"  {w} [WHIST-RUBBER-4]" for w in rubber.steps)
                items.append(
                    {
                        "item": "rubber",
                        "side": rubber.winner,
                        "points": scoring.RUBBER_BONUS,
                        "rule": "WHIST-RUBBER-3",
                        "text": rubber.steps[0],
                    }
                )
                position.last_rubber = rubber
                position.rubber_games = position.games
                position.games = []
                return value, rubber, items
        return value, None, items

    def _note_score_findings(
        self, deal: DealFacts, result: DealScore, revokes: list[RevokeRuling]
    ) -> None:
        for step in result.steps:
            if step.capped:
                first = next((r for r in revokes if r.renounce.side == step.side), None)
                rule = "WHIST-REVOKE-11" if self.english else "WHIST-REVOKE-14"
                self.findings.append(
                    make_finding(
                        rule,
                        "info",
                        f"{step.side} revoked in deal {deal.number} and cannot win the game in it: "
                        f"their score is held at {step.score[step.side]}.",
                        event=first.renounce.event if first else deal.event,
                        deal=deal.number,
                        seat=first.renounce.seat if first else None,
                    )
                )
                break
        for step in result.steps:
            if step.void and step.item == "honours":
                claim = next((h for h in deal.honours if h.event.side == step.side), None)
                if claim is not None:
                    self.findings.append(
                        make_finding(
                            "WHIST-HONOURS-5",
                            "info",
                            f"{step.side}'s honours in deal {deal.number} count nothing: {result.winner} "
                            "had already won the game earlier in the order of scoring.",
                            event=claim.index,
                            deal=deal.number,
                            basis=["WHIST-SCORE-3"],
                        )
                    )

    # Marks and results (WHIST-SCORE-7) ---------------------------------------------------------

    def _expected_marks(
        self,
        result: DealScore,
        game: scoring.GameValue | None,
        rubber: scoring.RubberValue | None,
    ) -> dict[tuple[str, str], tuple[int, int, str]]:
        expected: dict[tuple[str, str], tuple[int, int, str]] = {}
        for step in result.steps:
            low, high, rule = expected.get((step.side, step.item), (0, 0, step.rule))
            rule = step.rule if step.points else rule
            expected[(step.side, step.item)] = (low + step.low, high + step.points, rule)
        if game is not None and self.rules.game_value_mode == "rubber_points":
            expected[(game.winner, "game")] = (game.value, game.value, "WHIST-RUBBER-2")
        if rubber is not None:
            expected[(rubber.winner, "rubber")] = (
                scoring.RUBBER_BONUS,
                scoring.RUBBER_BONUS,
                "WHIST-RUBBER-3",
            )
        return expected

    def _check_marks(
        self,
        deal: DealFacts,
        result: DealScore,
        game: scoring.GameValue | None,
        rubber: scoring.RubberValue | None,
    ) -> None:
        if not deal.marks:
            return
        expected = self._expected_marks(result, game, rubber)
        groups: dict[tuple[str, str], list[int]] = {}
        last: dict[tuple[str, str], int] = {}
        for timed in deal.marks:
            key = (timed.event.side, timed.event.for_)
            groups.setdefault(key, []).append(timed.event.points)
            last[key] = timed.index
            sheet = self.marked[timed.event.side]
            sheet[timed.event.for_] = sheet.get(timed.event.for_, 0) + timed.event.points
        for key in sorted(groups, key=lambda k: last[k]):
            side, item = key
            marked = sum(groups[key])
            low, high, rule = expected.get(key, (0, 0, _ITEM_RULE[item]))
            if low <= marked <= high or (low > high and high <= marked <= low):
                continue
            right = str(high) if low == high else f"{low} to {high}"
            self.findings.append(
                make_finding(
                    "WHIST-SCORE-7",
                    "violation",
                    f"{side} marked {marked} for {item} in deal {deal.number}; the rules give {right}. "
                    + self._window(item),
                    event=last[key],
                    deal=deal.number,
                    basis=[rule],
                )
            )
        for (side, item), (_low, high, rule) in expected.items():
            if high and (side, item) not in groups:
                self.findings.append(
                    make_finding(
                        "WHIST-SCORE-7",
                        "info",
                        f"No mark was written for {side}'s {item} ({high}) in deal {deal.number}; "
                        "the corrected score counts it.",
                        event=deal.event,
                        deal=deal.number,
                        basis=[rule],
                    )
                )

    def _window(self, item: str) -> str:
        if self.english:
            if item in ("game", "rubber"):
                return (
                    "An error in the value of the rubber may be corrected at any time during "
                    "the rubber."
                )
            return (
                "It may be corrected until the game is concluded (the trump card of the deal "
                "after the game is turned)."
            )
        return (
            "A trick-score error may be corrected until the last card of the next deal is "
            "dealt; others until the final score is agreed."
        )

    def _check_result(self, index: int, winner: str, value: int, deal: int | None) -> None:
        self.last_result = {"winner": winner, "value": value}
        if self.rules.game_value_mode == "rubber_points":
            rubber = self.position.last_rubber if not self.position.games else None
            truth = (rubber.winner, rubber.value) if rubber else None
            what, rule = "rubber", "WHIST-RUBBER-4"
        else:
            games = self.position.games or self.position.rubber_games
            truth = games[-1] if games else None
            what, rule = "game", "WHIST-SCORE-5"
        if truth == (winner, value):
            return
        right = f"{truth[0]} {truth[1]}" if truth else f"no {what} has been completed"
        self.findings.append(
            make_finding(
                "WHIST-SCORE-7",
                "violation",
                f"The players agreed a {what} of {value} to {winner}; the rules give {right}.",
                event=index,
                deal=deal,
                basis=[rule],
            )
        )


_ITEM_RULE = {
    "penalty": "WHIST-REVOKE-9",
    "tricks": "WHIST-SCORE-1",
    "honours": "WHIST-HONOURS-2",
    "game": "WHIST-RUBBER-2",
    "rubber": "WHIST-RUBBER-3",
}


def judge(record: WhistRecord, rules: WhistRules, replay: WhistReplay) -> WhistJudgement:
    """Rule on every deal of a replayed record."""
    return Judge(record, rules, replay).run()
