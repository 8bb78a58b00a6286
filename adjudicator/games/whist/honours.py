"""Ruling on honours claims (WHIST-HONOURS-2..6): held, claimed in time, not at four.

Functions over ``bench.Bench``, called by ``judge.Judge``: they add findings and return
the claims that score.
"""

from __future__ import annotations

from typing import cast

from adjudicator.facts.marks import HonoursClaimFails, HonoursFault, HonoursUnclaimed
from adjudicator.findings import Severity, make_finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import DealFacts, TimedEvent
from adjudicator.games.whist.summary import HonoursClaim
from adjudicator.record.whist import WhistHonours
from adjudicator.seats import SIDES, Side

# Honours (WHIST-HONOURS-2..6) -------------------------------------------------------------


def judge_honours(
    bench: Bench, deal: DealFacts, before: dict[Side, int], held: dict[Side, int]
) -> tuple[list[tuple[Side, int]], list[HonoursClaim]]:
    valid: list[tuple[Side, int]] = []
    claims: list[HonoursClaim] = []
    for timed in deal.honours:
        side = timed.event.side
        fails = _honours_fault(bench, deal, timed, before, held)
        if fails is not None:
            rule, severity = _FAULT_RULE[fails.reason]
            basis = ["WHIST-HONOURS-3"] if fails.at_four else []
            bench.findings.append(
                make_finding(
                    rule, severity, facts=fails, event=timed.index, deal=deal.number, basis=basis
                )
            )
        # a claim of the wrong number (four for three) is good: honours score as held;
        # a second claim of a side already counted adds nothing
        counted = fails is None and all(s != side for s, _ in valid)
        if counted:
            valid.append((side, held[side]))
        claims.append(
            HonoursClaim(side=side, count=timed.event.count, event=timed.index, counted=counted)
        )
    _note_unclaimed_honours(bench, deal, before, held, {t.event.side for t in deal.honours})
    return valid, claims


def _honours_fault(
    bench: Bench,
    deal: DealFacts,
    timed: TimedEvent[WhistHonours],
    before: dict[Side, int],
    held: dict[Side, int],
) -> HonoursClaimFails | None:
    """Why an honours claim fails (WHIST-HONOURS-6, -2, -3, -4, in that order), or None."""
    side = timed.event.side
    deadline = bench.rules.honours_claim_deadline
    late = timed.late_deal if deadline == "next_trump_turned" else timed.after_cut
    reason: HonoursFault | None = None
    at_four = before[side] >= cast(int, bench.rules.game_target) - 1
    if not bench.rules.honours_counted:
        reason = "not-counted"
    elif held[side] < 3:
        reason = "not-held"
    elif at_four:
        reason = "at-four"
    elif late:
        reason = "too-late"
    if reason is None:
        return None
    return HonoursClaimFails(
        side=side,
        deal=deal.number,
        count=timed.event.count,
        reason=reason,
        held=held[side],
        held_at_most=side in bench.honours_at_most,
        score=before[side],
        deadline="next-trump-turned" if deadline == "next_trump_turned" else "next-cut",
        at_four=reason == "not-held" and at_four,  # a second ground, said with the first
    )


def _note_unclaimed_honours(
    bench: Bench, deal: DealFacts, before: dict[Side, int], held: dict[Side, int], claimed: set[str]
) -> None:
    """Honours held and not claimed score nothing (WHIST-HONOURS-4, info)."""
    target = cast(int, bench.rules.game_target)
    bench.unclaimed_honours = []
    if not bench.rules.honours_counted:
        return
    for side in SIDES:
        if held[side] >= 3 and side not in claimed and before[side] < target - 1:
            bench.unclaimed_honours.append((len(bench.findings), side, held[side]))
            bench.findings.append(
                make_finding(
                    "WHIST-HONOURS-4",
                    "info",
                    facts=HonoursUnclaimed(
                        side=side,
                        deal=deal.number,
                        held=held[side],
                        points=scoring.honours_points(held[side]),
                    ),
                    event=deal.event,
                    deal=deal.number,
                )
            )


def unclaimed_honours_void(bench: Bench, deal: DealFacts, result: scoring.DealScore) -> None:
    """Honours nobody claimed in a deal whose game was won before honours are scored
    (by the penalty or by tricks) would have counted nothing: nothing was lost by not
    claiming them (WHIST-HONOURS-5, WHIST-SCORE-3), and the note says so."""
    if not bench.unclaimed_honours:  # (most deals: how the game was won is not asked)
        return
    target = cast(int, bench.rules.game_target)
    won_by = next(
        (
            step.item
            for step in result.steps
            if step.side == result.winner and not step.void and step.score[step.side] >= target
        ),
        None,
    )
    if won_by not in ("penalty", "tricks"):
        return
    for at, side, held in bench.unclaimed_honours:
        bench.findings[at] = make_finding(
            "WHIST-HONOURS-4",
            "info",
            facts=HonoursUnclaimed(
                side=side,
                deal=deal.number,
                held=held,
                points=scoring.honours_points(held),
                won_by="revoke-penalty" if won_by == "penalty" else "tricks",
                winner=result.winner,
            ),
            event=deal.event,
            deal=deal.number,
            basis=["WHIST-HONOURS-5", "WHIST-SCORE-3"],
        )


#: the rule and severity of each reason an honours claim fails
_FAULT_RULE: dict[HonoursFault, tuple[str, Severity]] = {
    "not-counted": ("WHIST-HONOURS-6", "warning"),
    "not-held": ("WHIST-HONOURS-2", "violation"),
    "at-four": ("WHIST-HONOURS-3", "violation"),
    "too-late": ("WHIST-HONOURS-4", "violation"),
}
