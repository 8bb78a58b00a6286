"""Ruling on revokes: which claims are in time, which penalty each claimant chose, and
what happens when both sides revoke (WHIST-REVOKE-6..15).

A mixin of ``judge.Judge``: it reads the rules and the replay and adds findings; the score
itself is left to ``scoring``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist.facts import DealFacts, Renounce, WhistReplay
from adjudicator.games.whist.scoring import Choice
from adjudicator.record.whist import WhistClaim, WhistPenalty, WhistRules
from adjudicator.seats import SIDES, Side, other_side

CHOICES: tuple[Choice, ...] = ("tricks", "deduct", "add")


@dataclass
class RevokeRuling:
    """A revoke as judged: claimed in time or not, and the penalty it carries."""

    renounce: Renounce
    claimed_at: int | None = None
    late_claim_at: int | None = None
    choice: str | None = None
    chosen: bool = False
    applied: bool = False
    forfeited: bool = False  # AWL-39: a wrong penalty was demanded, none can be enforced


class RevokeJudge:
    """Claims, penalty choices and both sides revoking, for one deal at a time."""

    rules: WhistRules
    replay: WhistReplay
    english: bool
    findings: list[Finding]
    _claim_open: Callable[[DealFacts, int, WhistClaim], bool]  # ``stopped.StoppedDeals``

    # Claims (WHIST-REVOKE-6, -7) ---------------------------------------------------------------

    def _judge_claims(self, deal: DealFacts) -> list[RevokeRuling]:
        """Attach each claim to the revokes it names that were made before it: a claim cannot
        concern a revoke not yet made, so one that finds none is unfounded, or late when the
        revoke it names belongs to the deal before (the cut came between)."""
        revokes = [RevokeRuling(r) for r in deal.renounces if r.is_established]
        corrected = [r for r in deal.renounces if not r.is_established]
        late_by_marks = self.rules.revoke_claim_deadline == "tricks_gathered"
        for timed in deal.claims:
            claim = timed.event
            matches = [
                r
                for r in revokes
                if r.renounce.event < timed.index and self._claim_matches(claim, r.renounce)
            ]
            if not matches and self._claim_open(deal, timed.index, claim):
                continue  # a stopped fragment: neither upheld nor refused (``undetermined``)
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
        self, deal: DealFacts, index: int, claim: WhistClaim, corrected: list[Renounce]
    ) -> Finding:
        own = [r for r in deal.renounces if r.is_established and r.side == claim.by]
        fixed = [r for r in corrected if r.side != claim.by]
        later = [
            r
            for r in deal.renounces
            if r.is_established and r.event > index and self._claim_matches(claim, r)
        ]
        target = f" against {claim.against}" if claim.against else ""
        at = f" at trick {claim.trick}" if claim.trick else ""
        if later:
            message = (
                f"{claim.by} claimed a revoke{target}{at} in deal {deal.number} before any revoke "
                f"had been made: {later[0].seat}'s renounce at trick {later[0].trick} (event "
                f"{later[0].event}) came after the claim, and a claim can only concern a revoke "
                "already made. The claim is unfounded and fails; that revoke stands unclaimed "
                "unless it is claimed after it was made."
            )
        elif own and not fixed:  # the tricks do show a revoke: the claimants' own
            message = (
                f"{claim.by} claimed a revoke{target}{at} in deal {deal.number}, but the only "
                f"revoke of the deal is {own[0].seat}'s at trick {own[0].trick}, by their own "
                "side, and only the adversaries of the revoking side may claim a revoke. The "
                "claim fails."
            )
        else:
            if fixed:
                why = (
                    f"{fixed[0].seat}'s renounce at trick {fixed[0].trick} was corrected in time "
                    "and is no revoke"
                )
            else:
                why = "every card played followed suit, or its player held none of the suit led"
            message = (
                f"{claim.by} claimed a revoke{target}{at} in deal {deal.number}, but the tricks "
                f"show none: {why}. The claim fails."
            )
        return make_finding(
            "WHIST-REVOKE-6",
            "warning",
            message,
            event=index,
            deal=deal.number,
            trick=claim.trick,
            seat=claim.against,
            basis=["WHIST-REVOKE-1"],
        )

    # Penalties (WHIST-REVOKE-9, -10, -14; WHIST-PEN-4) ------------------------------------------

    def _judge_penalties(self, deal: DealFacts, revokes: list[RevokeRuling]) -> None:
        """Each choice of penalty belongs to the claim it follows: to a revoke of the
        adversaries claimed before it, or, with none, it is itself the claim of a revoke
        already made."""
        chosen_by: dict[str, list[str]] = {"NS": [], "EW": []}
        for timed in deal.penalties:
            penalty = timed.event
            index = timed.index
            open_revokes = [
                r
                for r in revokes
                if r.renounce.side != penalty.by
                and r.claimed_at is not None
                and r.claimed_at < index
                and not r.chosen
            ]
            if not open_revokes and not timed.after_cut:
                unclaimed = [
                    r
                    for r in revokes
                    if r.renounce.side != penalty.by
                    and r.renounce.event < index
                    and (r.claimed_at is None or r.claimed_at > index)
                    and r.late_claim_at is None
                    and not r.chosen
                ]
                if unclaimed:  # choosing a penalty is itself a claim
                    unclaimed[0].claimed_at = index
                    unclaimed[0].applied = True
                    open_revokes = unclaimed[:1]
            if not open_revokes:
                self.findings.append(self._no_revoke_to_pay(deal, revokes, index, penalty))
                continue
            target = min(open_revokes, key=lambda r: r.renounce.trick)
            if not self.english:
                self._american_penalty(deal, index, penalty, target)
                continue
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
                            event=index,
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
                        event=index,
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
                        event=index,
                        deal=deal.number,
                        trick=target.renounce.trick,
                    )
                )
            earlier.append(penalty.choice)
            target.choice, target.chosen = penalty.choice, True

    def _no_revoke_to_pay(
        self, deal: DealFacts, revokes: list[RevokeRuling], index: int, penalty: WhistPenalty
    ) -> Finding:
        """A penalty that belongs to no claim: say whether the revoke came only after it."""
        later = [r for r in revokes if r.renounce.side != penalty.by and r.renounce.event > index]
        own = [r for r in revokes if r.renounce.side == penalty.by and r.renounce.event < index]
        if own and not later:  # the revokers named it: the choice is their adversaries'
            why = (
                f" is not theirs to choose: the revoke by {own[0].renounce.seat} at trick "
                f"{own[0].renounce.trick} is their own side's, and the penalty is chosen by the "
                "adversaries of the revoking side"
            )
        elif later:
            why = (
                f" was recorded before {later[0].renounce.seat}'s renounce at trick "
                f"{later[0].renounce.trick} (event {later[0].renounce.event}) was made: a choice "
                "of penalty belongs to the claim it follows, and no revoke had been claimed"
            )
        else:
            why = " has no revoke of their adversaries claimed in time left to pay for it"
        return make_finding(
            "WHIST-REVOKE-9",
            "violation",
            f"{penalty.by} exacted a revoke penalty ({penalty.choice}) in deal {deal.number}, "
            f"which{why}.",
            event=index,
            deal=deal.number,
        )

    def _american_penalty(
        self, deal: DealFacts, index: int, penalty: WhistPenalty, target: RevokeRuling
    ) -> None:
        """AWL-30: the penalty is fixed, two tricks; AWL-39: if a wrong penalty is demanded,
        none can be enforced. The code's own text settles it, so it is applied, not an option."""
        if penalty.choice == "tricks":
            target.choice, target.chosen = "tricks", True
            return
        if penalty.choice == "waive":  # AMB-9: AWL-39 is silent on waiving
            if self.rules.revoke_penalty_waivable:
                target.choice, target.chosen, target.applied = "waive", True, False
                return
            rule, basis = "WHIST-REVOKE-14", []
            words = "waived the penalty"
            outcome = (
                "a revoke penalty cannot be waived under these rules (option "
                "revoke_penalty_waivable), so the two tricks are taken"
            )
        else:
            rule, basis = "WHIST-PEN-4", ["WHIST-REVOKE-14"]
            words = f"demanded a wrong penalty ({penalty.choice} three points)"
            outcome = (
                "a wrong penalty having been demanded, none can be enforced (AWL-39): no tricks "
                "are taken, and the revokers are not held below game"
            )
            target.choice, target.chosen, target.applied = penalty.choice, True, False
            target.forfeited = True
        self.findings.append(
            make_finding(
                rule,
                "violation",
                f"{penalty.by} {words} for {target.renounce.seat}'s revoke at trick "
                f"{target.renounce.trick}, but under the American code the penalty is fixed, "
                f"two tricks for each revoke; {outcome}.",
                event=index,
                deal=deal.number,
                trick=target.renounce.trick,
                seat=target.renounce.seat,
                basis=basis,
            )
        )

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
            tricks[other_side(revokers)] += scoring.PENALTY_POINTS
        return False

    # Both sides revoke (WHIST-REVOKE-13) -------------------------------------------------------

    def _both_sides(
        self, deal: DealFacts, revokes: list[RevokeRuling]
    ) -> tuple[frozenset[Side], bool]:
        claimed = [r for r in revokes if r.claimed_at is not None and not r.forfeited]
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

    def _penalty_tricks(self, revokes: Sequence[RevokeRuling], r: RevokeRuling) -> int:
        if self.english:
            return scoring.PENALTY_POINTS
        if self.rules.awl_revoke_mode == "duplicate":
            same = [x for x in revokes if x.renounce.side == r.renounce.side and x.applied]
            return 2 if same and same[0] is r else 1
        return 2
