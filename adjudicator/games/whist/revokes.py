"""Ruling on revokes: which claims are in time, which penalty each claimant chose, and
what happens when both sides revoke (WHIST-REVOKE-6..15).

Functions over ``bench.Bench``, called by ``judge.Judge``: they read the rules and the
replay and add findings; the score itself is left to ``scoring``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

from adjudicator.facts.whist_revokes import (
    AmericanPenaltyDemand,
    BothSidesOption,
    BothSidesRevoked,
    ClaimOutcome,
    PenaltyChoiceChanged,
    PenaltyReason,
    PenaltyRefused,
    RevokeClaimFailed,
)
from adjudicator.facts.whist_table import CallRefused
from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist import stopped as stopped_deals
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import (
    DealFacts,
    Renounce,
    TimedEvent,
    claim_matches,
    claimed_revokes,
)
from adjudicator.games.whist.scoring import Choice
from adjudicator.record.whist import WhistClaim, WhistPenalty
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


# Claims (WHIST-REVOKE-6, -7) ---------------------------------------------------------------


def judge_claims(bench: Bench, deal: DealFacts) -> list[RevokeRuling]:
    """Attach each claim to the revokes it names that were made before it: a claim cannot
    concern a revoke not yet made, so one that finds none is unfounded, or late when the
    revoke it names belongs to the deal before (the cut came between)."""
    revokes = [RevokeRuling(r) for r in deal.renounces if r.is_established]
    corrected = [r for r in deal.renounces if not r.is_established]
    late_by_marks = bench.rules.revoke_claim_deadline == "tricks_gathered"
    for timed in deal.claims:
        claim = timed.event
        made = [r.renounce for r in revokes if r.renounce.event < timed.index]
        reached = {id(r) for r in claimed_revokes(claim, made)}
        matches = [r for r in revokes if id(r.renounce) in reached]
        if not matches and stopped_deals.claim_open(bench, deal, timed.index, claim):
            continue  # a stopped fragment: neither upheld nor refused (``undetermined``)
        target = deal
        if not matches and claim.ref is None and deal.number > 1:
            # made during the next deal about the one before: the cut was before it
            earlier = bench.replay.deals[deal.number - 2]
            before = [r for r in earlier.renounces if r.is_established]
            reached_before = claimed_revokes(claim, before)
            if reached_before:
                matches = [RevokeRuling(r) for r in reached_before]
                target = earlier
        if not matches:
            bench.findings.append(_unfounded(bench, deal, timed.index, claim, corrected))
            continue
        late = target is not deal or timed.after_cut or (late_by_marks and timed.after_first_mark)
        if late:
            cut = timed.after_cut or target is not deal
            bench.findings.append(_late(timed, target, matches[0].renounce, cut))
            for r in matches:
                r.late_claim_at = r.late_claim_at or timed.index
            continue
        for r in matches:
            if r.claimed_at is None:
                r.claimed_at = timed.index
                r.applied = True
    return revokes


def _late(timed: TimedEvent[WhistClaim], target: DealFacts, r: Renounce, cut: bool) -> Finding:
    """A claim of a revoke made too late: the revoke stands, no penalty (WHIST-REVOKE-7)."""
    claim = timed.event
    fact = RevokeClaimFailed(
        by=claim.by,
        against=claim.against,
        at_trick=claim.trick,
        deal=target.number,
        outcome="too-late",
        late_by="cut" if cut else "marks",
        seat=r.seat,
        trick=r.trick,
        revoke_event=r.event,
    )
    return make_finding(
        "WHIST-REVOKE-7",
        "violation",
        facts=fact,
        event=timed.index,
        deal=target.number,
        trick=r.trick,
        seat=r.seat,
        basis=["WHIST-REVOKE-1"],
    )


def _unfounded(
    bench: Bench, deal: DealFacts, index: int, claim: WhistClaim, corrected: list[Renounce]
) -> Finding:
    """A claim that finds no revoke of the adversaries it names: why, from a closed set."""
    established = [r for r in deal.renounces if r.is_established]
    later = [r for r in established if r.event > index and claim_matches(claim, r)]
    adverse = [r for r in established if r.side != claim.by]
    made = [r for r in adverse if r.event < index]
    own = [r for r in established if r.side == claim.by]
    fixed = [r for r in corrected if r.side != claim.by]
    outcome: ClaimOutcome
    if later or (adverse and not made):
        outcome, named = "before-any-revoke", (later or adverse)[0]
    elif made:  # the adversaries did revoke, but not as the claim names it
        outcome, named = "not-named", made[0]
    elif own and not fixed:  # the tricks do show a revoke: the claimants' own
        outcome, named = "own-side", own[0]
    elif fixed:
        outcome, named = "corrected-in-time", fixed[0]
    else:
        outcome, named = "no-revoke", None
    # a claim of a call disobeyed, the call binding nobody: said so, unless the claim names
    # the trick of a renounce corrected in time (a review heard a renounce of trick 3 given as
    # the reason for a claim of trick 8, whose call had been made before its owner's turn)
    other_trick = outcome == "corrected-in-time" and claim.trick not in (None, fixed[0].trick)
    asked = outcome == "no-revoke" or other_trick
    refused = _refused_call(bench, deal, index, claim) if asked else None
    if refused is not None:
        outcome, named = "call-refused", None
    fact = RevokeClaimFailed(
        by=claim.by,
        against=claim.against,
        at_trick=claim.trick,
        deal=deal.number,
        outcome=outcome,
        seat=named.seat if named else refused.seat if refused else None,
        trick=named.trick if named else None,
        revoke_event=named.event if named else refused.event if refused else None,
    )
    return make_finding(
        "WHIST-REVOKE-6",
        "warning",
        facts=fact,
        event=index,
        deal=deal.number,
        trick=claim.trick,
        seat=claim.against,
        basis=["WHIST-REVOKE-1"],
    )


def _refused_call(
    bench: Bench, deal: DealFacts, index: int, claim: WhistClaim
) -> CallRefused | None:
    """A call on the seat a claim accuses, made before the claim, that bound nobody (its
    finding is the replay's): a claim of it disobeyed finds no revoke for that reason."""
    for finding in bench.findings:
        fact = finding.facts
        if (
            isinstance(fact, CallRefused)
            and fact.deal == deal.number
            and fact.event < index
            and (claim.against is None or fact.seat == claim.against)
        ):
            return fact
    return None


# Penalties (WHIST-REVOKE-9, -10, -14; WHIST-PEN-4) ------------------------------------------


def judge_penalties(bench: Bench, deal: DealFacts, revokes: list[RevokeRuling]) -> None:
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
            bench.findings.append(_no_revoke_to_pay(bench, deal, revokes, index, penalty))
            continue
        target = min(open_revokes, key=lambda r: r.renounce.trick)
        if not bench.english:
            _american_penalty(bench, deal, index, penalty, target)
            continue
        _english_penalty(bench, deal, revokes, index, penalty, target, chosen_by[penalty.by])


def _english_penalty(
    bench: Bench,
    deal: DealFacts,
    revokes: list[RevokeRuling],
    index: int,
    penalty: WhistPenalty,
    target: RevokeRuling,
    earlier: list[str],
) -> None:
    """The claimants' choice under the English codes: a waiver the rules may refuse,
    three tricks the revokers may not have, a choice unlike an earlier one of the deal."""
    refused: PenaltyReason | None = None
    if penalty.choice == "waive" and not bench.rules.revoke_penalty_waivable:
        refused = "not-waivable"
    elif penalty.choice == "tricks" and not _tricks_available(bench, deal, revokes, target):
        refused = "tricks-short"
    if refused is not None:  # the best valid choice is applied (``penalties``)
        fact = _refused(deal, penalty, refused, target.renounce)
        bench.findings.append(
            make_finding(
                "WHIST-REVOKE-9",
                "violation",
                facts=fact,
                event=index,
                deal=deal.number,
                trick=target.renounce.trick,
            )
        )
        return
    if penalty.choice == "waive":
        target.choice, target.chosen, target.applied = "waive", True, False
        return
    if earlier and not bench.rules.per_revoke_option_choice and penalty.choice not in earlier:
        bench.findings.append(
            make_finding(
                "WHIST-REVOKE-10",
                "violation",
                facts=PenaltyChoiceChanged(
                    by=penalty.by,
                    choice=penalty.choice,
                    earlier=cast(Choice, earlier[0]),
                    deal=deal.number,
                    trick=target.renounce.trick,
                ),
                event=index,
                deal=deal.number,
                trick=target.renounce.trick,
            )
        )
    earlier.append(penalty.choice)
    target.choice, target.chosen = penalty.choice, True


def _no_revoke_to_pay(
    bench: Bench, deal: DealFacts, revokes: list[RevokeRuling], index: int, penalty: WhistPenalty
) -> Finding:
    """A penalty that belongs to no claim: say whether the revoke came only after it."""
    later = [r for r in revokes if r.renounce.side != penalty.by and r.renounce.event > index]
    own = [r for r in revokes if r.renounce.side == penalty.by and r.renounce.event < index]
    reason: PenaltyReason = "nothing-to-pay"
    named = None
    if own and not later:  # the revokers named it: the choice is their adversaries'
        reason, named = "own-side", own[0].renounce
    elif later:
        reason, named = "before-revoke", later[0].renounce
    return make_finding(
        "WHIST-REVOKE-9",
        "violation",
        facts=_refused(deal, penalty, reason, named),
        event=index,
        deal=deal.number,
    )


def _refused(
    deal: DealFacts, penalty: WhistPenalty, reason: PenaltyReason, r: Renounce | None
) -> PenaltyRefused:
    return PenaltyRefused(
        by=penalty.by,
        choice=penalty.choice,
        deal=deal.number,
        reason=reason,
        seat=r.seat if r else None,
        trick=r.trick if r else None,
        revoke_event=r.event if r else None,
    )


def _american_penalty(
    bench: Bench, deal: DealFacts, index: int, penalty: WhistPenalty, target: RevokeRuling
) -> None:
    """AWL-30: the penalty is fixed, two tricks; AWL-39: if a wrong penalty is demanded,
    none can be enforced. The code's own text settles it, so it is applied, not an option."""
    if penalty.choice == "tricks":
        target.choice, target.chosen = "tricks", True
        return
    if penalty.choice == "waive":  # AMB-9: AWL-39 is silent on waiving
        if bench.rules.revoke_penalty_waivable:
            target.choice, target.chosen, target.applied = "waive", True, False
            return
        rule, basis = "WHIST-REVOKE-14", []
        outcome: Literal["tricks-taken", "forfeited"] = "tricks-taken"
    else:
        rule, basis = "WHIST-PEN-4", ["WHIST-REVOKE-14"]
        outcome = "forfeited"
        target.choice, target.chosen, target.applied = penalty.choice, True, False
        target.forfeited = True
    bench.findings.append(
        make_finding(
            rule,
            "violation",
            facts=AmericanPenaltyDemand(
                by=penalty.by,
                demand=penalty.choice,
                outcome=outcome,
                seat=target.renounce.seat,
                trick=target.renounce.trick,
                deal=deal.number,
            ),
            event=index,
            deal=deal.number,
            trick=target.renounce.trick,
            seat=target.renounce.seat,
            basis=basis,
        )
    )


def _tricks_available(
    bench: Bench, deal: DealFacts, revokes: list[RevokeRuling], target: RevokeRuling
) -> bool:
    """AMB-6: can the revokers still give three tricks for this revoke?"""
    if bench.rules.trick_penalty_shortfall == "take_all_available":
        return True
    return not short(bench, deal, revokes, {id(target): "tricks"})


def short(
    bench: Bench, deal: DealFacts, revokes: list[RevokeRuling], choices: dict[int, str]
) -> bool:
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


def both_sides(
    bench: Bench, deal: DealFacts, revokes: list[RevokeRuling]
) -> tuple[frozenset[Side], bool]:
    claimed = [r for r in revokes if r.claimed_at is not None and not r.forfeited]
    sides = {r.renounce.side for r in claimed}
    if len(sides) < 2:
        return frozenset(sides), False
    option = bench.rules.both_sides_revoke
    second_side = claimed and sorted(claimed, key=lambda r: r.renounce.event)
    first = second_side[0].renounce.side if second_side else ""
    second = next(r for r in second_side if r.renounce.side != first)
    bench.findings.append(
        make_finding(
            "WHIST-REVOKE-13",
            "info",
            facts=BothSidesRevoked(deal=deal.number, option=cast(BothSidesOption, option)),
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
            s: sorted((r for r in claimed if r.renounce.side == s), key=lambda r: r.renounce.trick)
            for s in SIDES
        }
        pairs = min(len(v) for v in by_side.values())
        for s in SIDES:
            for r in by_side[s][:pairs]:
                r.applied = False
    return frozenset(SIDES), option == "new_deal"


def penalty_tricks(bench: Bench, revokes: Sequence[RevokeRuling], r: RevokeRuling) -> int:
    if bench.english:
        return scoring.PENALTY_POINTS
    if bench.rules.awl_revoke_mode == "duplicate":
        same = [x for x in revokes if x.renounce.side == r.renounce.side and x.applied]
        return 2 if same and same[0] is r else 1
    return 2
