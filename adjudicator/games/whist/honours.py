"""Ruling on honours claims (WHIST-HONOURS-2..6): held, claimed in time, not at four.

A mixin of ``judge.Judge``: it adds findings and returns the claims that score.
"""

from __future__ import annotations

from typing import cast

from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist.facts import DealFacts
from adjudicator.games.whist.summary import HonoursClaim
from adjudicator.record.whist import WhistRules
from adjudicator.seats import SIDES, Side


class HonoursJudge:
    """Honours claims of one deal."""

    rules: WhistRules
    findings: list[Finding]
    unclaimed_honours: list[tuple[int, Side, int]]  # (finding index, side, held): this deal's
    honours_at_most: set[Side]  # a fragment: the side's honours shown only as a bound

    # Honours (WHIST-HONOURS-2..6) -------------------------------------------------------------

    def _judge_honours(
        self, deal: DealFacts, before: dict[Side, int], held: dict[Side, int]
    ) -> tuple[list[tuple[Side, int]], list[HonoursClaim]]:
        target = cast(int, self.rules.game_target)
        valid: list[tuple[Side, int]] = []
        claims: list[HonoursClaim] = []
        claimed_sides: set[str] = set()
        for timed in deal.honours:
            claim = timed.event
            side = claim.side
            claimed_sides.add(side)
            finding: tuple[str, Severity, str] | None = None
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
                    + ("at most" if side in self.honours_at_most else "only")
                    + f" {held[side]} of the trump A K Q J: nothing to score.",
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
                        message,
                        event=timed.index,
                        deal=deal.number,
                    )
                )
                claims.append(
                    HonoursClaim(side=side, count=claim.count, event=timed.index, counted=False)
                )
                continue
            # a claim of the wrong number (four for three) is good: honours score as held
            valid.append((side, held[side]))
            claims.append(
                HonoursClaim(side=side, count=claim.count, event=timed.index, counted=True)
            )
        self.unclaimed_honours = []
        if self.rules.honours_counted:
            for side in SIDES:
                if held[side] >= 3 and side not in claimed_sides and before[side] < target - 1:
                    self.unclaimed_honours.append((len(self.findings), side, held[side]))
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

    def _unclaimed_honours_void(self, deal: DealFacts, result: scoring.DealScore) -> None:
        """Honours nobody claimed in a deal whose game was won before honours are scored
        (by the penalty or by tricks) would have counted nothing: nothing was lost by not
        claiming them (WHIST-HONOURS-5, WHIST-SCORE-3), and the note says so."""
        target = cast(int, self.rules.game_target)
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
        for at, side, held in self.unclaimed_honours:
            self.findings[at] = make_finding(
                "WHIST-HONOURS-4",
                "info",
                f"{side} held {held} honours in deal {deal.number} but did not claim them; claimed, "
                f"they would have counted nothing, {result.winner} having already won the game by "
                f"{'the revoke penalty' if won_by == 'penalty' else 'tricks'}.",
                event=deal.event,
                deal=deal.number,
                basis=["WHIST-HONOURS-5", "WHIST-SCORE-3"],
            )
