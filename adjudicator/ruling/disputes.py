"""Disputes: each claim kind of the record -> its outcomes -> the words a director says.

A revoke claim (whist): upheld with its penalty, too late, or unfounded; a challenge of a
score or declaration (Bézique, Rubicon laws 50 and 51): upheld in time, too late, or the
score good; a demand to count the brisques (Rubicon): granted or refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from adjudicator.facts.bezique_declarations import ChallengeRuled, UnlawfulDeclaration
from adjudicator.facts.marks import BrisquesCountRefused
from adjudicator.facts.whist_revokes import (
    AmericanPenaltyDemand,
    BothSidesOption,
    BothSidesRevoked,
    ClaimOutcome,
    PenaltyChoiceChanged,
    PenaltyRefused,
    RevokeClaimFailed,
    ScoreHeld,
)
from adjudicator.findings import Finding
from adjudicator.games.bezique.summary import BeziqueMark, DeclarationRow
from adjudicator.games.whist.summary import PenaltyOption, Revoke, ScoreItem, WhistDealSummary
from adjudicator.ruling.amendments import AMENDMENT_DISPUTES, amended_after
from adjudicator.ruling.sentences import (
    SCORE_FAULT,
    Claim,
    Context,
    Said,
    declaration_of,
    endplay_consequence,
    endplay_fault,
    nothing_added,
    played,
    say,
    scored_later,
    words,
)
from adjudicator.ruling.table_events import call_words
from adjudicator.ruling.words import card, penalty_words, suit_of

# ---------------------------------------------------------------------------------------------
# Disputes: claim kind -> outcome -> words
# ---------------------------------------------------------------------------------------------


def _whist_revoke_claim(ctx: Context, claim: Claim) -> list[Said]:
    """A revoke claim: failed (for the reason its fact names), open in a deal stopped
    part-way, made again, or upheld with its penalty."""
    failed = [
        f
        for f in ctx.at(claim.event, "WHIST-REVOKE-6", "WHIST-REVOKE-7")
        if isinstance(f.facts, RevokeClaimFailed)
    ]
    if failed:
        ctx.used.update(id(f) for f in failed)
        return _claim_failed(ctx, claim, cast(RevokeClaimFailed, failed[0].facts))
    head = _claim_head(ctx, claim)
    if open_ := [
        u for u in ctx.undetermined if u.event == claim.event and u.rule == "WHIST-REVOKE-6"
    ]:
        item = open_[0]  # a deal stopped part-way: neither upheld nor refused (issue 11)
        ctx.used.add(id(item))
        return [
            say(
                f"{head}. The claim is neither upheld nor refused: {item.why}; it would be"
                f" decided by {item.decides}{ctx.law('WHIST-REVOKE-1', 'WHIST-REVOKE-6')}.",
                "WHIST-REVOKE-1",
                "WHIST-REVOKE-6",
                events=(claim.event,),
            )
        ]
    deal = ctx.deal_of(claim.event)
    if _revoke_claimed(deal, claim.event) is None:
        earlier = _claimed_before(deal, claim)
        if earlier is not None:  # the same revoke, claimed again
            return [
                say(
                    f"{head}: that revoke had already been claimed, and the ruling on it"
                    f" stands{ctx.law('WHIST-REVOKE-7')}.",
                    "WHIST-REVOKE-7",
                    events=(claim.event, earlier),
                )
            ]
        return [say(f"{head}.", "WHIST-REVOKE-7", events=(claim.event,))]
    return _claim_upheld(ctx, claim, deal, head)


def _claim_head(ctx: Context, claim: Claim) -> str:
    """Who claimed which revoke, as the claim names it: "NS claimed a revoke against E at
    trick 4 of deal 2" (its event is said beside the sentence)."""
    deal = ctx.deal_of(claim.event)
    number = deal.deal if deal is not None else 1
    against = f" against {ctx.names.seat(claim.against)}" if claim.against else ""
    at = f" at trick {claim.trick}" if claim.trick else ""
    where = f"{at} of deal {number}" if at else f" in deal {number}"
    how = ", by choosing its penalty" if claim.by_penalty else ""
    return f"{ctx.names.side(claim.by)} claimed a revoke{against}{where}{how}"


#: a claim's outcome, from its fact -> why it fails, as a director says it
_FAILS: dict[ClaimOutcome, str] = {
    "before-any-revoke": "no revoke had yet been made, and a claim can only concern a revoke"
    " already made",
    "own-side": "the only revoke of the deal, at trick {trick}, is by {seat} of the claimants'"
    " own side, and only the adversaries of the revoking side may claim a revoke",
    "corrected-in-time": "the renounce by {seat} at trick {trick} was corrected in time and is"
    " no revoke",
    "not-named": "the player it accuses did not revoke: the adversaries' revoke of the deal is"
    " by {seat}, at trick {trick}",
    "no-revoke": "the tricks show no revoke: every card followed suit, or its player held none"
    " of the suit led",
    "call-refused": "{seat} was under no lawful call, the call made on {seat} binding nobody,"
    " and every card followed suit, or its player held none of the suit led",
}

#: when a late claim came, from its fact
_LATE_BY = {
    "cut": "after the cards were cut for the next deal",
    "marks": "after the tricks were gathered and marked",
}


def _claim_failed(ctx: Context, claim: Claim, fact: RevokeClaimFailed) -> list[Said]:
    """A claim that exacts no penalty: too late (the revoke stands), or failing for the
    reason its fact names (WHIST-REVOKE-6, -7)."""
    seat = ctx.names.seat(fact.seat) if fact.seat else ""
    if fact.outcome == "too-late":
        revoked = _revoke_finding(ctx, fact.seat, fact.deal, fact.trick)
        if revoked is not None:
            ctx.used.add(id(revoked))
        return [
            say(
                f"{ctx.names.side(claim.by)} claimed the revoke by {seat} at trick {fact.trick}"
                f" of deal {fact.deal}, {_LATE_BY[fact.late_by or 'cut']}. The claim is too late:"
                f" the revoke stands, but no penalty can be exacted"
                f"{ctx.law('WHIST-REVOKE-7')}.",
                "WHIST-REVOKE-7",
                "WHIST-REVOKE-1",
                events=(claim.event,),
            )
        ]
    why = _FAILS[fact.outcome].format(seat=seat, trick=fact.trick)
    said = say(
        f"{_claim_head(ctx, claim)}. The claim fails, as {why}{ctx.law('WHIST-REVOKE-6')}.",
        "WHIST-REVOKE-6",
        events=(claim.event,),
    )
    return [said, *_orphan_penalty(ctx, claim)]


def _claim_upheld(ctx: Context, claim: Claim, deal: WhistDealSummary, head: str) -> list[Said]:
    """A claim in time of the adversaries' revokes: each revoke it covers, and its penalty."""
    sentences: list[Said] = []
    events: tuple[int | None, ...]
    for n, covered in enumerate(r for r in deal.revokes if r.claimed_at == claim.event):
        found = _revoke_finding(ctx, covered.seat, deal.deal, covered.trick)
        if found is not None:
            ctx.used.add(id(found))
        card_played, led = played(deal, covered.event, covered.seat)
        how = (
            f"{ctx.names.seat(covered.seat)} played {card(card_played)} to a {suit_of(led)}"
            f" lead while holding a {suit_of(led)}"
            if card_played and led
            else ""
        )
        rules = ["WHIST-REVOKE-1", "WHIST-REVOKE-7"]
        called: tuple[int, ...] = ()
        for call in ctx.at(covered.event, "WHIST-REVOKE-2"):  # a call not obeyed (``calls``)
            ctx.used.add(id(call))
            how, called = call_words(ctx, call)
            rules[0] = "WHIST-REVOKE-2"
        searched = ""
        if n == 0 and (
            (claim.trick is not None and claim.trick != covered.trick)
            or (claim.ref is not None and claim.ref != covered.event)
        ):  # named at another trick: the claimants search all the tricks (WHIST-REVOKE-6;
            # said in words only: a sentence cites its findings' rules, and this is no finding)
            searched = (
                f" (the claimants may search all the tricks: the revoke was at trick"
                f" {covered.trick}{f', not {claim.trick}' if claim.trick is not None else ''})"
            )
        law = ctx.law(*rules)
        if n == 0:
            upheld = (
                f"{head}. The claim is in time and upheld{searched}{': ' + how if how else ''}"
                f"{law}."
            )
            events = (claim.event, *called, covered.event if how else None)
        else:  # one claim, several revokes: each its own penalty
            upheld = f"The same claim covers a second revoke: {how or 'another revoke'}{law}."
            events = (*called, covered.event) if how else ()
        sentences.append(say(upheld, *rules, events=events))
        if n == 0:
            sentences.extend(_named_by_revokers(ctx, claim, deal.deal))
        sentences.extend(_penalty(ctx, deal, covered, claim))
    return sentences


def stray_penalty(ctx: Context, f: Finding) -> Said:
    """A choice of revoke penalty that is refused, for the reason its fact names: named by the
    revokers themselves, chosen before any claim or with every claimed revoke paid for, a
    waiver the rules do not allow, or three tricks the revokers have not got (WHIST-REVOKE-9)."""
    fact = cast(PenaltyRefused, f.facts)
    ctx.used.add(id(f))
    side = ctx.names.any(fact.by)
    revoke = f"the revoke by {ctx.names.seat(fact.seat or '')} at trick {fact.trick}"
    law, events = ctx.law(f.rule), (f.event,)
    if fact.reason == "own-side":
        return say(
            f"{side} named a revoke penalty in deal {fact.deal} for {revoke}, their own"
            " side's: the penalty is chosen by the adversaries of the revoking side, and their"
            f" word counts for nothing{law}.",
            f.rule,
            events=events,
        )
    if fact.reason == "not-waivable":
        return say(
            f"{side} waived the penalty for {revoke} of deal {fact.deal}, but these rules allow"
            f" no waiver: the best choice for them is applied{law}.",
            f.rule,
            events=events,
        )
    if fact.reason == "tricks-short":
        return say(
            f"{side} chose to take three tricks for {revoke} of deal {fact.deal}, but the"
            " revokers have fewer than three left to give: that choice is refused, and the best"
            f" choice that can be made is applied{law}.",
            f.rule,
            events=events,
        )
    head = f"{side} chose a revoke penalty in deal {fact.deal}"
    claimed = [c for c in ctx.claims if c.by == fact.by and (c.event or 0) < (f.event or 0)]
    if (
        fact.reason == "nothing-to-pay"
        and claimed
        and ctx.deal_of(claimed[-1].event) is ctx.deal_of(f.event or 0)
    ):
        return say(
            f"{head} with no revoke of their adversaries claimed in time left to pay for: it"
            f" counts for nothing{law}.",
            f.rule,
            events=events,
        )
    return say(
        f"{head} before any revoke had been claimed: a penalty belongs to the claim it follows,"
        f" and it counts for nothing{law}.",
        f.rule,
        events=events,
    )


def changed_choice(ctx: Context, f: Finding) -> Said:
    """A choice of penalty unlike the one the claimants made for an earlier revoke of the deal,
    where the rules want one choice for all (WHIST-REVOKE-10, per_revoke_option_choice)."""
    fact = cast(PenaltyChoiceChanged, f.facts)
    ctx.used.add(id(f))
    return say(
        f"{ctx.names.any(fact.by)} chose {_CHOICE[fact.choice]} for the revoke at trick"
        f" {fact.trick} of deal {fact.deal}, after choosing {_CHOICE[fact.earlier]} for an"
        f" earlier revoke of the deal: these rules want one choice for every revoke of a"
        f" deal{ctx.law(f.rule)}.",
        f.rule,
        events=(f.event,),
    )


def _named_by_revokers(ctx: Context, claim: Claim, deal: int) -> list[Said]:
    """A penalty the revokers named after the claim of their revoke: said with the claim it
    follows, not among the irregularities nobody claimed (it is the same dispute)."""
    return [
        stray_penalty(ctx, f)
        for f in ctx.findings
        if isinstance(f.facts, PenaltyRefused)
        and f.facts.reason == "own-side"
        and f.facts.by != claim.by
        and id(f) not in ctx.used
        and f.deal == deal
        and (f.event or 0) > claim.event
    ]


def _claimed_before(deal: WhistDealSummary | None, claim: Claim) -> int | None:
    """The earlier claim of the revoke ``claim`` names (by seat and trick), if there was one."""
    if deal is None:
        return None
    for revoke in deal.revokes:
        named = (claim.against in (None, revoke.seat)) and (claim.trick in (None, revoke.trick))
        if named and revoke.claimed_at is not None and revoke.claimed_at < claim.event:
            return revoke.claimed_at
    return None


def _orphan_penalty(ctx: Context, claim: Claim) -> list[Said]:
    """The penalty chosen right after a claim that failed: said with the claim, not as an
    irregularity of its own (it is the same dispute)."""
    event = claim.event + 1
    found = [
        f
        for f in ctx.at(event, "WHIST-REVOKE-9")
        if f.severity == "violation" and id(f) not in ctx.used and event in ctx.penalties
    ]
    if not found:
        return []
    ctx.used.update(id(f) for f in found)
    choice = _CHOICE.get(ctx.penalties[event], ctx.penalties[event])
    return [
        say(
            f"The penalty they chose, {choice}, counts for nothing: a penalty belongs to the"
            f" claim it follows, and that claim fails{ctx.law('WHIST-REVOKE-9')}.",
            "WHIST-REVOKE-9",
            events=(event,),
        )
    ]


def _revoke_claimed(deal: WhistDealSummary | None, event: int) -> Revoke | None:
    if deal is None:
        return None
    return next((r for r in deal.revokes if r.claimed_at == event), None)


def _revoke_finding(
    ctx: Context, seat: str | None, deal: int | None, trick: int | None
) -> Finding | None:
    return next(
        (
            f
            for f in ctx.findings
            if f.rule == "WHIST-REVOKE-1"
            and f.seat == seat
            and (trick is None or f.trick == trick)
            and (deal is None or f.deal == deal)
        ),
        None,
    )


_CHOICE = {
    "tricks": "three tricks taken from the revokers",
    "deduct": "three points deducted from the revokers' score",
    "add": "three points added to the claimants' score",
    "waive": "waived",
}


def _penalty(ctx: Context, deal: WhistDealSummary, revoke: Revoke, claim: Claim) -> list[Said]:
    """The penalty of an upheld revoke claim and what it does to the score."""
    out: list[Said] = []
    wrong = [  # a wrong penalty demanded for this revoke (AWL-39)
        f
        for f in ctx.findings
        if isinstance(f.facts, AmericanPenaltyDemand)
        and f.facts.outcome == "forfeited"
        and (f.facts.seat, f.facts.trick, f.facts.deal) == (revoke.seat, revoke.trick, deal.deal)
    ]
    if wrong:
        ctx.used.update(id(f) for f in wrong)
        demand = cast(AmericanPenaltyDemand, wrong[0].facts).demand
        return [
            say(
                f"{ctx.names.side(claim.by)} demanded a wrong penalty ({_CHOICE[demand]}):"
                " under the American code the penalty is fixed, two tricks for each revoke, and"
                " a wrong penalty having been demanded, none can be enforced"
                f"{ctx.law('WHIST-REVOKE-14@30', 'WHIST-PEN-4@39')}.",
                "WHIST-PEN-4",
                "WHIST-REVOKE-14",
                events=(wrong[0].event,),
            )
        ]
    both = [f for f in ctx.findings if isinstance(f.facts, BothSidesRevoked | ScoreHeld)]
    if not revoke.applied:
        if both:
            return []  # said once, after all the disputes of the deal (both_sides)
        return [say("No penalty counts for it.", "WHIST-REVOKE-9")]
    items = [i for i in deal.scores if i["item"] == "penalty"]
    applied = [r for r in deal.revokes if r.applied]
    item = _penalty_item(items, applied, revoke)
    what = _CHOICE.get(revoke.penalty or "", revoke.penalty or "the penalty")
    if any(u.rule == "WHIST-SCORE-1" and u.deal == deal.deal for u in ctx.undetermined):
        return [_stopped_penalty(ctx, revoke, claim, what)]  # a deal stopped part-way
    waived = [f for f in ctx.findings if _choice_refused(f, revoke, deal.deal)]
    no_waiver = _refusal(waived[0], claim) if waived else ""
    if ctx.code == "american-1893":
        ctx.used.update(id(f) for f in waived)
        whose, what = "fixed by the code", "two tricks taken from the revokers"
        if no_waiver:
            whose += f"; {no_waiver}"
    elif revoke.penalty_chosen:
        whose = f"as {claim.by} chose"
    elif waived:
        ctx.used.update(id(f) for f in [*waived, *ctx.at(claim.event, "WHIST-REVOKE-9")])
        whose = f"{no_waiver}; the ruling applies the best choice for {claim.by}"
    else:
        options = deal.penalty_options or []
        tied = any(o.as_good_as_best and not o.best for o in options)
        whose = (
            f"none was recorded: of the choices that do most for {claim.by}, the ruling"
            " applies the first"
            if tied
            else f"the best choice for {claim.by}, as none was recorded; the ruling applies it"
        )
        ctx.used.update(id(f) for f in ctx.at(claim.event, "WHIST-REVOKE-9"))
    if ctx.code != "american-1893" and not revoke.penalty_chosen and not waived:
        # the choice is the claimants': what each gives is said before the one applied (a
        # review asked for the choice first, then the best of it); once a deal
        out += _choices(ctx, deal, claim.by)
    effect = ""
    if item is not None:
        ctx.changed = True
        effect = f": {_effect(item)}" if "penalty" in item else ""
    rule = item["rule"] if item is not None else "WHIST-REVOKE-9"
    events = [waived[0].event] if waived else []
    out.append(say(f"The penalty is {what} ({whose}){effect}{ctx.law(rule)}.", rule, events=events))
    claimed = [r for r in applied if r.claimed_at is not None]
    last = max(claimed, key=lambda r: (r.claimed_at or 0, r.trick), default=None)
    if ctx.code != "american-1893" and revoke is last:
        out += _choices(ctx, deal, claim.by)  # (after the deal's last penalty)
    return out


def _penalty_item(
    items: list[ScoreItem], applied: list[Revoke], revoke: Revoke
) -> ScoreItem | None:
    """The score item of a revoke's penalty: of those against the same side with the same
    choice, the one in the same place (the penalties are scored in the order of the claims
    or of the revokes, as the rules say, not always in the order of ``revokes``: a review
    heard one claim's penalty said with the other's effect)."""
    if not items or revoke not in applied:
        return None
    same = [r for r in applied if r.side == revoke.side and r.penalty == revoke.penalty]
    matching = [
        i
        for i in items
        if "penalty" in i
        and i["penalty"].revokers == revoke.side
        and i["penalty"].choice == revoke.penalty
    ]
    if len(matching) == len(same):
        return matching[same.index(revoke)]
    return items[min(applied.index(revoke), len(items) - 1)]


def _choices(ctx: Context, deal: WhistDealSummary, side: str) -> list[Said]:
    """What each choice of penalty gives (said once a deal: the claimants choose,
    WHIST-REVOKE-9): of a choice made, what the others would have given; of none made, what
    each gives and by what measure the ruling took the one it applies."""
    options = deal.penalty_options
    if not options or len(options) < 2 or id(options) in ctx.used:
        return []
    ctx.used.add(id(options))
    claimed = sorted(
        (r for r in deal.revokes if r.applied and r.claimed_at is not None), key=lambda r: r.trick
    )
    made = next((o for o in options if o.chosen), None)
    if made is not None:  # a penalty chosen stands: what the others would have given
        return [
            say(
                f"{_other_choices(made, options, claimed, side)}{ctx.law('WHIST-REVOKE-9')}.",
                "WHIST-REVOKE-9",
            )
        ]
    listed = "; ".join(f"{_choice_words(o.choices, claimed)}, {_outcome(o)}" for o in options)
    best = next(o for o in options if o.best)
    alike = [o for o in options if o.as_good_as_best and not o.best]
    tie = ""
    if alike:
        others = " and ".join(_choice_words(o.choices, claimed) for o in alike)
        tie = (
            f"; by that, {others} would do as much as {_choice_words(best.choices, claimed)},"
            " and the first listed is applied"
        )
    return [
        say(
            f"{side} recorded no choice of penalty, and the choice is theirs. Each choice"
            f" gives: {listed}. The best for {side} is judged by the rubber first, then the"
            f" game, then how far they lead in points{tie}{ctx.law('WHIST-REVOKE-9')}.",
            "WHIST-REVOKE-9",
        )
    ]


def _other_choices(
    made: PenaltyOption, options: list[PenaltyOption], claimed: list[Revoke], side: str
) -> str:
    """Of penalties chosen: what each other choice would have given, revoke by revoke, the
    other penalties as chosen (the options are the choice made and each revoke's others)."""
    if len(made.choices) == 1:
        listed = "; ".join(
            f"{penalty_words(o.choices[0])}{' (as chosen)' if o.chosen else ''}: {_outcome(o)}"
            for o in options
        )
        return f"What each choice would have given {side}: {listed}"
    parts = []
    for n, name in enumerate(_revoke_names(claimed, len(made.choices))):
        others = [o for o in options if not o.chosen and o.choices[n] != made.choices[n]]
        alternatives = "; ".join(
            f"{penalty_words(o.choices[n])},"
            f" {'the same as chosen' if _outcome(o) == _outcome(made) else _outcome(o)}"
            for o in others
        )
        if alternatives:
            chosen = penalty_words(made.choices[n])
            parts.append(f"for {name} ({chosen} as chosen): {alternatives}")
    return (
        f"As chosen, {_outcome(made)}. What each other choice would have given {side}, the"
        f" other penalty as chosen: {'; '.join(parts)}"
    )


def _revoke_names(revokes: list[Revoke], count: int) -> list[str]:
    """The revokes of a combination, in its order: by seat and trick when the deal's claimed
    revokes are as many, else by number."""
    named = [f"{r.seat}'s revoke at trick {r.trick}" for r in revokes]
    return named if len(named) == count else [f"revoke {n}" for n in range(1, count + 1)]


def _choice_words(choices: list[str], revokes: list[Revoke]) -> str:
    """A combination of choices said aloud, each for its revoke."""
    if len(choices) == 1:
        return penalty_words(choices[0])
    named = _revoke_names(revokes, len(choices))
    said = [f"{penalty_words(c)} for {who}" for c, who in zip(choices, named, strict=True)]
    return ", ".join(said[:-1]) + " and " + said[-1]


def _outcome(option: PenaltyOption) -> str:
    if option.rubber is not None:
        return f"{option.rubber.winner} win the game and the rubber, worth {option.rubber.value}"
    if option.game is not None:
        return f"{option.game.winner} win the game, worth {option.game.value}"
    return f"the game stands at NS {option.score['NS']}, EW {option.score['EW']}"


def _effect(item: ScoreItem) -> str:
    """What the penalty did, in words, from its effect: the tricks moved, or the points
    added or deducted, held below game, stopped at zero, winning the game, or counting
    nothing after it was won; then the tricks or score it makes."""
    effect = item["penalty"]
    if effect.choice == "tricks":
        moved = effect.tricks_moved
        tricks = effect.tricks or {}
        return (
            f"{effect.claimants} take {moved} trick{'s' if moved != 1 else ''} from"
            f" {effect.revokers}, making the tricks NS {tricks['NS']}, EW {tricks['EW']}"
        )
    if effect.choice == "add":
        head = f"{effect.claimants} add three to their score"
    else:
        head = f"three deducted from {effect.revokers}"
    if effect.already_won is not None:
        return f"{head}: counts nothing, {effect.already_won} had already won the game"
    note = ""
    if effect.held_at is not None:
        note = (
            f": {item['points']:+d} (held at {effect.held_at}: the revoking side cannot win the"
            " game in this deal)"
        )
    elif effect.counted_from is not None:  # (held earlier in the deal: the hold is on
        # what the deal leaves the side, so the three come off the points it counted)
        held = effect.score[item["side"]] - item["points"]
        note = (
            f": {item['points']:+d} (three from the {effect.counted_from} they had counted"
            f" before they were held at {held}: the hold limits what the deal leaves them)"
        )
    elif effect.floored:
        note = f": {item['points']:+d} (not below 0, under these rules)"
    elif effect.choice == "deduct" and effect.score[effect.revokers] < 0:
        # (the default stops at 0; the other reading is said as a reading too: a review)
        note = (
            f": {item['points']:+d}, taking {effect.revokers} below 0, which is a reading these"
            " rules adopt (the codes are silent, AMB-7), not the law's text"
        )
    if effect.game is not None:
        note += f"; {item['side']} reach {effect.game} and win the game"
    score = effect.score
    return f"{head}{note}, making NS {score['NS']}, EW {score['EW']}"


def _choice_refused(f: Finding, revoke: Revoke, deal: int) -> bool:
    """A choice of this revoke's penalty the rules refuse: a waiver they do not allow
    (revoke_penalty_waivable), or three tricks the revokers have not got (WHIST-REVOKE-9)."""
    fact = f.facts
    if isinstance(fact, PenaltyRefused):
        refused = fact.reason in ("not-waivable", "tricks-short")
    elif isinstance(fact, AmericanPenaltyDemand):
        refused = fact.demand == "waive"
    else:
        return False
    return refused and f.trick == revoke.trick and f.deal == deal


def _refusal(f: Finding, claim: Claim) -> str:
    """Why the claimants' own choice is not the penalty applied, as its fact says."""
    if isinstance(f.facts, PenaltyRefused) and f.facts.reason == "tricks-short":
        return f"{claim.by} chose three tricks, but the revokers have fewer than three left to give"
    return f"{claim.by} waived it, but these rules allow no waiver"


def _stopped_penalty(ctx: Context, revoke: Revoke, claim: Claim, what: str) -> Said:
    """The penalty of a revoke in a deal stopped part-way: chosen or not, what it does to
    the score waits on the rest of the deal (issue 11)."""
    by = ctx.names.side(claim.by)
    waits = "what it does to the score waits on the rest of the deal"
    if ctx.code == "american-1893":
        text = f"The penalty is two tricks taken from the revokers (fixed by the code); {waits}"
    elif revoke.penalty_chosen:
        text = f"The penalty is {what}, as {claim.by} chose; {waits}"
    else:
        ctx.used.update(id(f) for f in ctx.at(claim.event, "WHIST-REVOKE-9"))
        text = (
            f"{by} are to choose the penalty: none is recorded, and which is best for them"
            " waits on the rest of the deal"
        )
    return say(f"{text}{ctx.law('WHIST-REVOKE-9')}.", "WHIST-REVOKE-9")


#: what the rules do when both sides revoke, by the option its fact names
_BOTH_SIDES: dict[BothSidesOption, str] = {
    "cancel_all": "the revokes cancel each other and no penalty counts",
    "cancel_pairwise": "the revokes cancel in pairs, and only the surplus is penalised",
    "each_penalised": "each side pays its adversaries' penalty",
    "new_deal": "the deal is void",
}


def both_sides(ctx: Context) -> list[Said]:
    """Both sides revoked in one deal: one sentence on what the code does then."""
    out: list[Said] = []
    for f in ctx.findings:
        if not isinstance(f.facts, BothSidesRevoked) or id(f) in ctx.used:
            continue
        ctx.used.add(id(f))
        held = next(
            (g for g in ctx.findings if isinstance(g.facts, ScoreHeld) and g.deal == f.deal), None
        )
        rules = ["WHIST-REVOKE-13"]
        tail = ""
        if held is not None:
            ctx.used.add(id(held))
            rules.append(held.rule)
            cap = cast(ScoreHeld, held.facts).cap
            tail = f"; neither side can win the game in it nor score beyond {cap}"
        what = _BOTH_SIDES[f.facts.option]
        out.append(
            say(
                f"Both sides revoked in deal {f.deal}: {what}{tail}{ctx.law(*rules)}.",
                *rules,
                events=(f.event,),
            )
        )
    return out


def _challenge_head(ctx: Context, claim: Claim, row: DeclarationRow | None) -> str:
    """Who challenged what: a declaration's score, a mark, or a score the record does not
    show."""
    by = ctx.names.seat(claim.by)
    if row is not None:
        against = ctx.names.seat(claim.against or row.seat)
        if claim.kind == "score" and row.marked is not None:  # the mark, not the combination
            return (
                f"{by} challenged the mark of {row.marked} for the {words(row.combination)}"
                f" written by {against}"
            )
        return f"{by} challenged the {words(row.combination)} scored by {against}"
    if mark := _mark_at(ctx, claim.ref):  # a mark of brisques, the seven, the last trick
        against = ctx.names.seat(mark["seat"])
        item = (
            "the exchange of the seven of trumps"
            if mark["item"] == "exchange"
            else words(mark["item"])
        )
        return f"{by} challenged the mark of {mark['points']} for {item} written by {against}"
    return f"{by} challenged a score"


def _bezique_challenge(ctx: Context, claim: Claim) -> list[Said]:
    """A challenge of a score or an irregular declaration (laws 50, 51): answered by an
    amendment, open in a fragment, too late, failed, or upheld."""
    row = declaration_of(ctx, claim.ref)
    head = _challenge_head(ctx, claim, row)
    if answered := amended_after(ctx, claim, head):
        return answered
    at = (claim.ref, claim.event)  # the score challenged, the challenge
    events = {claim.ref, row.event if row else None} - {None}
    if open_ := [u for u in ctx.undetermined if u.event in events]:
        item = open_[0]  # a fragment: neither upheld nor refused (issue 11)
        ctx.used.add(id(item))
        return [
            say(
                f"{head}. The challenge cannot be decided from the record:"
                f" {item.what.rstrip('?')}? It would be decided by {item.decides}"
                f"{ctx.law(item.rule)}.",
                item.rule,
                events=at,
            )
        ]
    if late := _ruled(ctx, claim, "stands"):
        return [_too_late(ctx, claim, head, late)]
    # the declaration's faults, where it was announced or where it was scored (a declaration
    # carried to a later trick is scored at another event than the one challenged)
    faults = [f for f in ctx.findings if f.event == claim.ref and f.severity == "violation"] or [
        f
        for f in ctx.findings
        if _declaration_fault(f) is not None
        and row
        and (f.event == row.event or (f.event == row.scored_by and f.severity == "violation"))
    ]
    # the claim's own finding, when it fails: BEZ-SCORE-5 a good mark, BEZ-DECL-9 a lawful
    # declaration (challenged as irregular, it fails even if its mark was wrong: the mark is
    # corrected all the same, among the marks)
    failed = _ruled(ctx, claim, "fails")
    if failed is not None or not faults:
        return [_challenge_fails(ctx, head, at, failed)]
    return [_challenge_upheld(ctx, claim, head, faults)]


def _ruled(ctx: Context, claim: Claim, outcome: str) -> Finding | None:
    """The game's finding on this challenge with this outcome (it fails, or comes too late
    and the score stands); an upheld challenge has none of its own."""
    return next(
        (
            f
            for f in ctx.at(claim.event)
            if isinstance(f.facts, ChallengeRuled) and f.facts.outcome == outcome
        ),
        None,
    )


def _declaration_fault(f: Finding) -> UnlawfulDeclaration | None:
    """The fact of a declaration (or carried score) the laws do not allow, if ``f`` is one."""
    return f.facts if isinstance(f.facts, UnlawfulDeclaration) else None


def _fault_words(f: Finding) -> str:
    """What is wrong with a score: the declaration's fault, or the score's own."""
    fact = _declaration_fault(f)
    if fact is not None and fact.fault:
        return fact.fault
    return SCORE_FAULT.get(f.rule, f.citation.title.lower())


def _too_late(ctx: Context, claim: Claim, head: str, late: Finding) -> Said:
    """Law 50: a challenge after a card of the next trick; the score stands, though faulty."""
    ctx.used.add(id(late))
    found = ctx.at(claim.ref)
    ctx.used.update(id(f) for f in found)
    faults = [f for f in found if _declaration_fault(f) is not None]
    fault = f" though {_fault_words(faults[0])}" if faults else ""
    return say(
        f"{head}. The challenge came after a card of the next trick had been played: too late,"
        f" the score stands{fault}{ctx.law('BEZ-SCORE-6', 'RUB-LAW-50')}.",
        "BEZ-SCORE-6",
        "RUB-LAW-50",
        *(f.rule for f in faults),
        events=(claim.ref, claim.event),
    )


#: why a challenge fails, by the fact's reason, said aloud
_CHALLENGE_FAILS = {
    "lawful-declaration": "the declaration was lawful",
    "good-mark": "the score was good",
    "not-a-declaration": "no declaration of this deal was made at the event it names",
}


def _challenge_fails(
    ctx: Context, head: str, at: tuple[int | None, int], failed: Finding | None
) -> Said:
    """A challenge of a lawful declaration or a good mark (BEZ-DECL-9, BEZ-SCORE-5)."""
    rule, reason = "BEZ-SCORE-5", "good-mark"
    if failed is not None and isinstance(failed.facts, ChallengeRuled):
        ctx.used.add(id(failed))
        rule, reason = failed.rule, failed.facts.reason
    return say(
        f"{head}. The challenge fails: {_CHALLENGE_FAILS[reason]}{ctx.law(rule)}.", rule, events=at
    )


def _challenge_upheld(ctx: Context, claim: Claim, head: str, faults: list[Finding]) -> Said:
    """A challenge of a mark wrongly made (law 51), or of an unlawful score: in the ordinary
    game struck when found; in Rubicon, in time (law 50)."""
    ctx.changed = True
    at = (claim.ref, claim.event)
    if all(f.rule == "BEZ-SCORE-5" for f in faults):
        # a true declaration marked wrongly (law 51): the mark is corrected, not struck, and
        # the sentence on the mark (with what the adversary adds) follows among the marks
        return say(
            f"{head}. The challenge is upheld: the mark was wrong, and an error in marking the"
            f" score, once proved, may be corrected at any time during the game"
            f"{ctx.law('BEZ-SCORE-5')}.",
            "BEZ-SCORE-5",
            events=at,
        )
    faults = [f for f in faults if f.rule != "BEZ-SCORE-5"]
    ctx.used.update(id(f) for f in faults)
    rule, fault = faults[0].rule, _fault_words(faults[0])
    # no law 50 in the ordinary game, nor for a score that is no declaration: struck when found
    later = scored_later(ctx, faults[0].event)
    then, scored = (
        (f"; it scores {later[0]} when scored after a later trick won", (later[1],))
        if later
        else ("", ())
    )
    if ctx.game == "bezique" or rule in SCORE_FAULT:
        fact = _declaration_fault(faults[0])
        added = nothing_added(ctx, claim.ref, fact.reason if fact is not None else None)
        return say(
            f"{head}. The challenge is upheld: {fault}, so the score is struck{added}{then}"
            f"{ctx.law(rule)}.",
            rule,
            events=(*at, *scored),
        )
    return say(
        f"{head}. The challenge was made in time and is upheld: {fault}, so the score is struck"
        f"{then}{ctx.law(rule, 'RUB-LAW-50')}.",
        rule,
        "RUB-LAW-50",
        events=(*at, *scored),
    )


def _endplay_claim(ctx: Context, claim: Claim) -> list[Said]:
    """A claim that a player failed to follow suit or to win in the end-play (BEZ-LAST-2)."""
    head = f"{ctx.names.seat(claim.by)} claimed a failure to follow suit or to win in the end-play"
    if failed := _ruled(ctx, claim, "fails"):
        ctx.used.add(id(failed))
        return [
            say(
                f"{head}. The claim fails: every card played in the end-play was lawful"
                f"{ctx.law('BEZ-LAST-2')}.",
                "BEZ-LAST-2",
                events=(claim.event,),
            )
        ]
    broken = [f for f in ctx.findings if f.rule == "BEZ-LAST-2" and f.severity == "violation"]
    # the error the claim is of: the one it names, else one of the claim's own deal (a review
    # heard a claim of game 2 upheld on game 1's error, when one record held both)
    deal = ctx.deal_of(claim.event).deal if ctx.deals else None
    broken = [f for f in broken if f.event == claim.ref] or [
        f for f in broken if claim.ref is None and f.deal in (deal, None) and id(f) not in ctx.used
    ]
    if not broken:  # open in a fragment: said among the questions the record cannot decide
        return []
    error = broken[0]
    ctx.used.add(id(error))
    ctx.changed = True
    # the rule broken, and in the ordinary game the penalty's page beside it (Foster p.381)
    rules = ["BEZ-LAST-2", *(r for r in error.basis if r == "BEZ-LAST-3")]
    return [
        say(
            f"{head}. The claim is upheld: {ctx.names.seat(error.seat)} broke the rules of the"
            f" end-play at trick {error.trick} of deal {error.deal or 1}"
            f"{endplay_fault(ctx, error)}: {endplay_consequence(ctx, error)}{ctx.law(*rules)}.",
            *rules,
            events=(claim.event, error.event),
        )
    ]


def _mark_at(ctx: Context, event: int | None) -> BeziqueMark | None:
    """The Bézique mark written at ``event`` (its row: seat, item, points), if one was."""
    if event is None or not ctx.deals:
        return None
    return next((m for m in getattr(ctx.deal_of(event), "marks", []) if m["event"] == event), None)


def _brisques_demand(ctx: Context, claim: Claim) -> list[Said]:
    """A demand to count the brisques (Rubicon, law 57 and Foster's custom)."""
    deal = ctx.deal_of(claim.event) if ctx.deals else None
    # of several games, which (a review heard a demand and could not tell its game)
    game = f" in game {deal.deal}" if deal is not None and len(ctx.deals) > 1 else ""
    head = f"{ctx.names.seat(claim.by)} demanded a count of the brisques{game}"
    if refused := ctx.at(claim.event, "RUB-GAME-3"):
        ctx.used.update(id(f) for f in refused)
        facts = refused[0].facts
        threshold = (
            facts.threshold
            if isinstance(facts, BrisquesCountRefused)
            else ctx.rules.get("brisque_close_threshold", 200)
        )
        return [
            say(
                f"{head}. Refused: the scores were neither equal nor within {threshold} of each"
                f" other (the limit these rules take for 'so nearly equal'), and"
                f" {ctx.names.seat(claim.by)} had no rubicon to save, so the brisques are not"
                f" counted{ctx.law('RUB-GAME-3')}.",
                "RUB-GAME-3",
                events=(claim.event,),
            )
        ]
    short = _short_of_saving(deal, claim.by)
    if short is not None:  # an attempt to save the rubicon that fails (law 60)
        brisques, reached = short
        said = (
            f"{head}, to save the rubicon. Counted, the brisques {ctx.names.seat(claim.by)} took,"
            f" {brisques} ({10 * brisques}), would make {reached}, short of 1000: they do not"
            " save the rubicon and are not added, as if they had not been counted"
            f"{ctx.law('RUB-GAME-3', 'RUB-RUBICON-2')}."
        )
        return [say(said, "RUB-GAME-3", "RUB-RUBICON-2", events=(claim.event,))]
    granted = f"{head}. Granted: the brisques are counted{ctx.law('RUB-GAME-3')}."
    return [say(granted, "RUB-GAME-3", events=(claim.event,))]


def _short_of_saving(deal: Any, seat: str) -> tuple[int, int] | None:
    """Of a Rubicon deal whose brisques do not count: when ``seat`` has the lower score, under
    1000, and his brisques do not bring him to 1000, how many he took and the score they
    bring him to; else None."""
    totals, brisques = getattr(deal, "totals", None), getattr(deal, "brisques", None)
    game = getattr(deal, "game", None)
    if not totals or not brisques or seat not in totals or game is None or game.brisques_counted:
        return None  # (counted for a tie or close scores: they count, law 61)
    mine, best = totals[seat], max(totals.values())
    reached = mine + 10 * brisques.get(seat, 0)
    return (brisques.get(seat, 0), reached) if mine < best and reached < 1000 else None


DISPUTES: dict[tuple[str, str], Callable[[Context, Claim], list[Said]]] = {
    ("whist", "revoke"): _whist_revoke_claim,
    ("bezique", "score"): _bezique_challenge,
    ("bezique", "irregular-declaration"): _bezique_challenge,
    ("bezique", "revoke"): _endplay_claim,
    ("rubicon-bezique", "revoke"): _endplay_claim,
    ("rubicon-bezique", "score"): _bezique_challenge,
    ("rubicon-bezique", "irregular-declaration"): _bezique_challenge,
    ("rubicon-bezique", "count-brisques"): _brisques_demand,
    **AMENDMENT_DISPUTES,
}

#: findings that are themselves a dispute (a claim the record makes without a claim event)
DISPUTE_FINDINGS = {
    "WHIST-HONOURS-2": "{side} claimed honours in deal {deal} without holding"
    " three of the trump ace, king, queen and knave: the claim fails{law}.",
    "WHIST-HONOURS-6": "{side} claimed honours in deal {deal}, but honours are"
    " not counted under this code: the claim fails{law}.",
    "WHIST-HONOURS-3": "{side} claimed honours in deal {deal} while at four:"
    " the claim fails, a side at four cannot score honours{law}.",
    # (a claim too late; WHIST-HONOURS-4 is also the note of honours held and not claimed,
    # which is nobody's fault and not said: ``decision._dispute_finding`` tells them apart)
    "WHIST-HONOURS-4": "{side} claimed honours for deal {deal} too late, {after}: the claim"
    " fails, and they cannot be scored{law}.",
}
