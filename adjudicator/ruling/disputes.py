"""Disputes: each claim kind of the record -> its outcomes -> the words a director says.

A revoke claim (whist): upheld with its penalty, too late, or unfounded; a challenge of a
score or declaration (Bézique, Rubicon laws 50 and 51): upheld in time, too late, or the
score good; a demand to count the brisques (Rubicon): granted or refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from adjudicator.findings import Finding
from adjudicator.games.whist.summary import Revoke, WhistDealSummary
from adjudicator.ruling.amendments import AMENDMENT_DISPUTES, amended_after
from adjudicator.ruling.sentences import (
    DECLARATION_FAULT,
    SCORE_FAULT,
    Claim,
    Context,
    Said,
    declaration_of,
    endplay_consequence,
    played,
    say,
    unkeyed,
    words,
)
from adjudicator.ruling.table_events import call_finding, call_words
from adjudicator.ruling.words import card, suit_of

# ---------------------------------------------------------------------------------------------
# Disputes: claim kind -> outcome -> words
# ---------------------------------------------------------------------------------------------


def _whist_revoke_claim(ctx: Context, claim: Claim) -> list[Said]:
    """A revoke claim: unfounded, late, or upheld with its penalty."""
    by = ctx.names.side(claim.by)
    deal = ctx.deal_of(claim.event)
    number = deal.deal if deal is not None else 1
    against = f" against {ctx.names.seat(claim.against)}" if claim.against else ""
    at = f" at trick {claim.trick}" if claim.trick else ""
    where = f"{at} of deal {number}" if at else f" in deal {number}"
    how = ", by choosing its penalty" if claim.by_penalty else ""
    head = f"{by} claimed a revoke{against}{where} [event {claim.event}]{how}"
    if late := ctx.at(claim.event, "WHIST-REVOKE-7"):
        ctx.used.update(id(f) for f in late)
        revoked = _revoke_finding(ctx, late[0].seat, late[0].deal, claim.trick)
        if revoked is not None:
            ctx.used.add(id(revoked))
        f = late[0]
        head = (
            f"{by} claimed the revoke by {ctx.names.seat(f.seat)} at trick {f.trick} of deal"
            f" {f.deal} [event {claim.event}]"
        )
        return [
            say(
                f"{head}, after the cards were cut for the next deal. The claim is too late:"
                f" the revoke stands, but no penalty can be exacted"
                f"{ctx.law('WHIST-REVOKE-7')}.",
                "WHIST-REVOKE-7",
                "WHIST-REVOKE-1",
            )
        ]
    if unfounded := ctx.at(claim.event, "WHIST-REVOKE-6"):
        ctx.used.update(id(f) for f in unfounded)
        early = isinstance(deal, WhistDealSummary) and any(
            r.event > claim.event for r in deal.revokes
        )
        why = (
            "no revoke had yet been made, and a claim can only concern a revoke already made"
            if early
            else _unfounded_why(ctx, unfounded[0])
        )
        out = [
            say(f"{head}. The claim fails, as {why}{ctx.law('WHIST-REVOKE-6')}.", "WHIST-REVOKE-6")
        ]
        return out + _orphan_penalty(ctx, claim)
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
            )
        ]
    revoke = _revoke_claimed(deal, claim.event)
    if revoke is None:
        earlier = _claimed_before(deal, claim)
        if earlier is not None:  # the same revoke, claimed again
            return [
                say(
                    f"{head}: that revoke had already been claimed [event {earlier}], and the"
                    f" ruling on it stands{ctx.law('WHIST-REVOKE-7')}.",
                    "WHIST-REVOKE-7",
                )
            ]
        return [say(f"{head}.", "WHIST-REVOKE-7")]
    sentences: list[Said] = []
    for n, covered in enumerate(r for r in deal.revokes if r.claimed_at == claim.event):
        found = _revoke_finding(ctx, covered.seat, number, covered.trick)
        if found is not None:
            ctx.used.add(id(found))
        card_played, led = played(deal, covered.event, covered.seat)
        how = (
            f"{ctx.names.seat(covered.seat)} played {card(card_played)} to a {suit_of(led)}"
            f" lead while holding a {suit_of(led)} [event {covered.event}]"
            if card_played and led
            else ""
        )
        rules = ["WHIST-REVOKE-1", "WHIST-REVOKE-7"]
        called: tuple[int, ...] = ()
        for call in ctx.at(covered.event, "WHIST-REVOKE-2"):  # a call not obeyed (``calls``)
            ctx.used.add(id(call))
            words, called = call_words(ctx, call)
            how = f"{words} [event {covered.event}]"
            rules[0] = "WHIST-REVOKE-2"
        law = ctx.law(*rules)
        if n == 0:
            upheld = f"{head}. The claim is in time and upheld{': ' + how if how else ''}{law}."
        else:  # one claim, several revokes: each its own penalty
            upheld = f"The same claim covers a second revoke: {how or 'another revoke'}{law}."
        sentences.append(say(upheld, *rules, events=called))
        if n == 0:
            sentences.extend(_named_by_revokers(ctx, claim, number))
        sentences.extend(_penalty(ctx, deal, covered, claim))
    return sentences


#: why a revoke claim finds no revoke, as the finding gives it -> the words said
_OWN_SIDE = re.compile(r"the only revoke of the deal is (?P<seat>[NESW])'s at trick (?P<trick>\d+)")
_CORRECTED = re.compile(
    r"(?P<seat>[NESW])'s renounce at trick (?P<trick>\d+) was corrected in time"
)


def _unfounded_why(ctx: Context, finding: Finding) -> str:
    """The reason the claim fails, as the tricks show it: the revoke is the claimants' own
    side's, or the renounce was corrected in time, or every card followed suit."""
    if m := _OWN_SIDE.search(finding.message):
        return (
            f"the only revoke of the deal, at trick {m['trick']}, is by {ctx.names.seat(m['seat'])}"
            " of the claimants' own side, and only the adversaries of the revoking side may"
            " claim a revoke"
        )
    if m := _CORRECTED.search(finding.message):
        return (
            f"the renounce by {ctx.names.seat(m['seat'])} at trick {m['trick']} was corrected in"
            " time and is no revoke"
        )
    return (
        "the tricks show no revoke: every card followed suit, or its player held none of the"
        " suit led"
    )


#: a penalty that belongs to no claim, as the revoke judge words why
_OWN_PENALTY = re.compile(r"the revoke by (?P<seat>[NESW]) at trick (?P<trick>\d+) is their own")


def stray_penalty(ctx: Context, f: Finding) -> Said:
    """A revoke penalty that pays for no claimed revoke: named by the revokers themselves, or
    chosen before any claim, or with every claimed revoke already paid for (WHIST-REVOKE-9)."""
    side = f.message[:2]
    head = f"{ctx.names.any(side)} chose a revoke penalty in deal {f.deal or 1}"
    if m := _OWN_PENALTY.search(f.message):
        ctx.used.add(id(f))
        return say(
            f"{ctx.names.any(side)} named a revoke penalty in deal {f.deal or 1} [event {f.event}]"
            f" for the revoke by {ctx.names.seat(m['seat'])} at trick {m['trick']}, their own"
            " side's: the penalty is chosen by the adversaries of the revoking side, and their"
            f" word counts for nothing{ctx.law(f.rule)}.",
            f.rule,
        )
    claimed = [c for c in ctx.claims if c.by == side and (c.event or 0) < (f.event or 0)]
    if claimed and ctx.deal_of(claimed[-1].event) is ctx.deal_of(f.event or 0):
        return say(
            f"{head} [event {f.event}] with no revoke of their adversaries claimed in time left"
            f" to pay for: it counts for nothing{ctx.law(f.rule)}.",
            f.rule,
        )
    return say(
        f"{head} before any revoke had been claimed [event {f.event}]: a penalty belongs to the"
        f" claim it follows, and it counts for nothing{ctx.law(f.rule)}.",
        f.rule,
    )


def _named_by_revokers(ctx: Context, claim: Claim, deal: int) -> list[Said]:
    """A penalty the revokers named after the claim of their revoke: said with the claim it
    follows, not among the irregularities nobody claimed (it is the same dispute)."""
    return [
        stray_penalty(ctx, f)
        for f in ctx.findings
        if f.rule == "WHIST-REVOKE-9"
        and f.severity == "violation"
        and id(f) not in ctx.used
        and f.deal == deal
        and (f.event or 0) > claim.event
        and f.message[:2] != claim.by
        and _OWN_PENALTY.search(f.message)
    ]


def _claimed_before(deal: Any, claim: Claim) -> int | None:
    """The earlier claim of the revoke ``claim`` names (by seat and trick), if there was one."""
    if not isinstance(deal, WhistDealSummary):
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
            f"The penalty they chose [event {event}], {choice}, counts for nothing: a penalty"
            f" belongs to the claim it follows{ctx.law('WHIST-REVOKE-9')}.",
            "WHIST-REVOKE-9",
        )
    ]


def _revoke_claimed(deal: Any, event: int) -> Revoke | None:
    if not isinstance(deal, WhistDealSummary):
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
    wrong = [  # a wrong penalty for this revoke, not a call on the same player
        f
        for f in ctx.findings
        if f.rule == "WHIST-PEN-4" and f.seat == revoke.seat and not call_finding(ctx, f)
    ]
    if wrong:
        ctx.used.update(id(f) for f in wrong)
        choice = ctx.penalties.get(wrong[0].event or -1, "another penalty")
        return [
            say(
                f"{ctx.names.side(claim.by)} demanded a wrong penalty ({_CHOICE.get(choice, choice)})"
                f" [event {wrong[0].event}]: under the American code the penalty is fixed, two"
                f" tricks for each revoke, and a wrong penalty having been demanded, none can be"
                f" enforced{ctx.law('WHIST-PEN-4')}.",
                "WHIST-PEN-4",
            )
        ]
    both = [f for f in ctx.findings if f.rule in ("WHIST-REVOKE-13", "WHIST-REVOKE-11")]
    if not revoke.applied:
        if both:
            return []  # said once, after all the disputes of the deal (both_sides)
        return [say("No penalty counts for it.", "WHIST-REVOKE-9")]
    items = [i for i in deal.scores if i.item == "penalty"]
    applied = [r for r in deal.revokes if r.applied]
    item = None
    if items and revoke in applied:
        item = items[min(applied.index(revoke), len(items) - 1)]
    what = _CHOICE.get(revoke.penalty or "", revoke.penalty or "the penalty")
    if any(u.rule == "WHIST-SCORE-1" and u.deal == deal.deal for u in ctx.undetermined):
        return [_stopped_penalty(ctx, revoke, claim, what)]  # a deal stopped part-way
    waived = [
        f
        for f in ctx.findings
        if f.rule in ("WHIST-REVOKE-9", "WHIST-REVOKE-14")
        and f.severity == "violation"
        and ctx.penalties.get(f.event or -1) == "waive"
        and f.trick == revoke.trick
        and f.deal == deal.deal
    ]  # a waiver the rules do not allow (option revoke_penalty_waivable)
    no_waiver = (
        f"{claim.by} waived it [event {waived[0].event}], but these rules allow no waiver"
        if waived
        else ""
    )
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
        whose = f"the best choice for {claim.by}, as none was recorded; the ruling applies it"
        ctx.used.update(id(f) for f in ctx.at(claim.event, "WHIST-REVOKE-9"))
    effect = ""
    if item is not None:
        ctx.changed = True
        effect = item.text.removeprefix("revoke penalty, ").replace(" -> ", ", making ")
        effect = re.sub(r": [+-][0-9]+(?=[,;])", "", effect).replace(
            ": tricks ", ", making the tricks "
        )
        effect = f": {unkeyed(effect)}"
    rule = item.rule if item is not None else "WHIST-REVOKE-9"
    out.append(say(f"The penalty is {what} ({whose}){effect}{ctx.law(rule)}.", rule))
    return out


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


def both_sides(ctx: Context) -> list[Said]:
    """Both sides revoked in one deal: one sentence on what the code does then."""
    out: list[Said] = []
    for f in ctx.findings:
        if f.rule == "WHIST-REVOKE-13" and id(f) not in ctx.used:
            ctx.used.add(id(f))
            held = next(
                (g for g in ctx.findings if g.rule == "WHIST-REVOKE-11" and g.deal == f.deal), None
            )
            cancel = ctx.rules.get("both_sides_revoke") in ("cancel_all", "cancel_pairwise")
            what = (
                "the revokes cancel each other and no penalty counts"
                if cancel
                else "each side pays its adversaries' penalty"
            )
            rules = ["WHIST-REVOKE-13"]
            tail = ""
            if held is not None:
                ctx.used.add(id(held))
                rules.append("WHIST-REVOKE-11")
                tail = "; neither side can win the game in it nor score beyond 4"
            out.append(
                say(f"Both sides revoked in deal {f.deal}: {what}{tail}{ctx.law(*rules)}.", *rules)
            )
    return out


def _bezique_challenge(ctx: Context, claim: Claim) -> list[Said]:
    """A challenge of a score or an irregular declaration (laws 50, 51)."""
    row = declaration_of(ctx, claim.ref)
    by = ctx.names.seat(claim.by)
    ref = f" [event {claim.ref}]" if claim.ref is not None else ""
    if row is not None:
        against = ctx.names.seat(claim.against or row.seat)
        head = f"{by} challenged the {words(row.combination)} scored by {against}{ref}"
    elif mark := _mark_at(ctx, claim.ref):  # a mark of brisques, the seven, the last trick
        against = ctx.names.seat(mark.seat)
        item = (
            "the exchange of the seven of trumps" if mark.item == "exchange" else words(mark.item)
        )
        head = f"{by} challenged the mark of {mark.points} for {item} written by {against}{ref}"
    else:
        head = f"{by} challenged a score{ref}"
    if answered := amended_after(ctx, claim, head):
        return answered
    events = {claim.ref, row.event if row else None} - {None}
    if open_ := [u for u in ctx.undetermined if u.event in events]:
        item = open_[0]  # a fragment: neither upheld nor refused (issue 11)
        ctx.used.add(id(item))
        return [
            say(
                f"{head}. The challenge [event {claim.event}] cannot be decided from the record:"
                f" {item.what.rstrip('?')}? It would be decided by {item.decides}"
                f"{ctx.law(item.rule)}.",
                item.rule,
            )
        ]
    if late := ctx.at(claim.event, "BEZ-SCORE-6"):
        ctx.used.update(id(f) for f in late)
        for f in ctx.at(claim.ref):
            ctx.used.add(id(f))
        fault = ""
        faults = [f for f in ctx.at(claim.ref) if f.rule in DECLARATION_FAULT]
        if faults:
            fault = f" though {DECLARATION_FAULT[faults[0].rule]}"
        return [
            say(
                f"{head}. The challenge came after a card of the next trick had been played"
                f" [event {claim.event}]: too late, the score stands{fault}"
                f"{ctx.law('BEZ-SCORE-6', 'RUB-LAW-50')}.",
                "BEZ-SCORE-6",
                "RUB-LAW-50",
                *(f.rule for f in faults),
            )
        ]
    # the declaration's faults, where it was announced or where it was scored (a declaration
    # carried to a later trick is scored at another event than the one challenged)
    faults = [f for f in ctx.findings if f.event == claim.ref and f.severity == "violation"] or [
        f
        for f in ctx.findings
        if f.rule in DECLARATION_FAULT
        and row
        and (f.event == row.event or (f.event == row.scored_by and f.severity == "violation"))
    ]
    # the claim's own finding, when it fails: BEZ-SCORE-5 a good mark, BEZ-DECL-9 a lawful
    # declaration (challenged as irregular, it fails even if its mark was wrong: the mark is
    # corrected all the same, among the marks)
    own = [f for f in ctx.at(claim.event) if f.severity != "violation"]
    if own or not faults:
        ctx.used.update(id(f) for f in own)
        rule = own[0].rule if own else "BEZ-SCORE-5"
        good = "the declaration was lawful" if rule == "BEZ-DECL-9" else "the score was good"
        return [
            say(
                f"{head}. The challenge [event {claim.event}] fails: {good}{ctx.law(rule)}.",
                rule,
            )
        ]
    if all(f.rule == "BEZ-SCORE-5" for f in faults):
        # a true declaration marked wrongly (law 51): the mark is corrected, not struck, and
        # the sentence on the mark (with what the adversary adds) follows among the marks
        ctx.changed = True
        return [
            say(
                f"{head}. The challenge [event {claim.event}] is upheld: the mark was wrong, and"
                f" a marking error is always corrected{ctx.law('BEZ-SCORE-5')}.",
                "BEZ-SCORE-5",
            )
        ]
    faults = [f for f in faults if f.rule != "BEZ-SCORE-5"]
    ctx.used.update(id(f) for f in faults)
    ctx.changed = True
    rule = faults[0].rule
    fault = DECLARATION_FAULT.get(rule) or SCORE_FAULT.get(rule, faults[0].citation.title.lower())
    # no law 50 in the ordinary game, nor for a score that is no declaration: struck when found
    if ctx.game == "bezique" or rule in SCORE_FAULT:
        return [
            say(
                f"{head}. The challenge [event {claim.event}] is upheld: {fault}, so the score"
                f" is struck{ctx.law(rule)}.",
                rule,
            )
        ]
    return [
        say(
            f"{head}. The challenge was made in time [event {claim.event}] and is upheld:"
            f" {fault}, so the score is struck"
            f"{ctx.law(rule, 'RUB-LAW-50')}.",
            rule,
            "RUB-LAW-50",
        )
    ]


def _endplay_claim(ctx: Context, claim: Claim) -> list[Said]:
    """A claim that a player failed to follow suit or to win in the end-play (BEZ-LAST-2)."""
    head = (
        f"{ctx.names.seat(claim.by)} claimed a failure to follow suit or to win in the end-play"
        f" [event {claim.event}]"
    )
    if failed := [f for f in ctx.at(claim.event, "BEZ-LAST-2") if f.severity != "violation"]:
        ctx.used.update(id(f) for f in failed)
        return [
            say(
                f"{head}. The claim fails: every card played in the end-play was lawful"
                f"{ctx.law('BEZ-LAST-2')}.",
                "BEZ-LAST-2",
            )
        ]
    broken = [f for f in ctx.findings if f.rule == "BEZ-LAST-2" and f.severity == "violation"]
    if not broken:  # open in a fragment: said among the questions the record cannot decide
        return []
    error = broken[0]
    ctx.used.add(id(error))
    ctx.changed = True
    return [
        say(
            f"{head}. The claim is upheld: {ctx.names.seat(error.seat)} broke the rules of the"
            f" end-play at trick {error.trick} of deal {error.deal or 1} [event {error.event}]:"
            f" {endplay_consequence(ctx, error.event)}{ctx.law('BEZ-LAST-2')}.",
            "BEZ-LAST-2",
        )
    ]


def _mark_at(ctx: Context, event: int | None) -> Any:
    """The Bézique mark written at ``event`` (seat, item, points), if one was."""
    if event is None or not ctx.deals:
        return None
    return next((m for m in getattr(ctx.deal_of(event), "marks", []) if m.event == event), None)


def _brisques_demand(ctx: Context, claim: Claim) -> list[Said]:
    """A demand to count the brisques (Rubicon, law 57 and Foster's custom)."""
    head = f"{ctx.names.seat(claim.by)} demanded a count of the brisques [event {claim.event}]"
    if refused := ctx.at(claim.event, "RUB-GAME-3"):
        ctx.used.update(id(f) for f in refused)
        return [
            say(
                f"{head}. Refused: the scores were more than"
                f" {ctx.rules.get('brisque_close_threshold', 200)} apart, with no tie and no"
                f" rubicon to save, so the brisques are not counted"
                f"{ctx.law('RUB-GAME-3')}.",
                "RUB-GAME-3",
            )
        ]
    return [say(f"{head}. Granted: the brisques are counted{ctx.law('RUB-GAME-3')}.", "RUB-GAME-3")]


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
}
