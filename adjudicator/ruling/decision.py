"""The decision in plain words: what a director announces, in the order he gives it.

Each dispute (a claim, a challenge, a demand), whose and about what, in time or not, upheld or
not and under which law; the penalty and what it does to the score; the marks corrected; the
corrected result; then the irregularities nobody claimed. Built from the findings and the
deal summaries the judges hand over, and from the claims of the record; every sentence comes
from a table of templates keyed by the finding's rule or the dispute's outcome, so that a new
kind of finding is one line of the table, not another branch.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, cast

from adjudicator.facts import LedOutOfTurn, WrongPenaltyDemanded
from adjudicator.facts.bezique_declarations import UnlawfulDeclaration
from adjudicator.facts.marks import (
    AgreedResult,
    HonoursClaimFails,
    MarkedAgain,
    MarkWhy,
    Unmarked,
    WrongMark,
    bezique_game,
    mark_reason,
)
from adjudicator.facts.whist_revokes import (
    AmericanPenaltyDemand,
    CardTakenBack,
    PenaltyChoiceChanged,
    PenaltyRefused,
    RenounceCorrected,
    Revoked,
)
from adjudicator.facts.whist_table import CallAnswered, CallRefused
from adjudicator.findings import Finding
from adjudicator.games.bezique.facts import other
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.rubicon.scoring import BRISQUE, RUBICON
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.ruling import bezique_play
from adjudicator.ruling.disputes import (
    DISPUTE_FINDINGS,
    DISPUTES,
    both_sides,
    changed_choice,
    stray_penalty,
)
from adjudicator.ruling.model import BeziqueDeclined, deciding_totals
from adjudicator.ruling.sentences import (
    COUNTED,
    Claim,
    Context,
    Said,
    declaration_of,
    nothing_added,
    say,
    scored_later,
    words,
)
from adjudicator.ruling.table_events import table_events
from adjudicator.ruling.words import Names, card

#: rule -> sentence for a finding nobody claimed; fields: who, trick, deal, event, law, msg
_UNCLAIMED: dict[str, str] = {
    "WHIST-REVOKE-1": "{who} revoked at trick {trick} of deal {deal}, playing {card} to a {suit}"
    " lead while holding a {suit}. The adversaries did not claim it, so no"
    " penalty can be exacted{law}.",
    "WHIST-REVOKE-5": "{who} renounced at trick {trick} of deal {deal} and took the card back"
    " before the revoke was established: no revoke; the adversaries may call"
    " the card played in error or require the highest or lowest of the suit{law}{forfeit}.",
    "WHIST-PEN-4": "{side} demanded a wrong penalty for the revoke by {who} at trick {trick} of"
    " deal {deal}: under the American code the penalty is fixed, two tricks for"
    " each revoke, and a wrong penalty having been demanded, none can be enforced{law}.",
    "WHIST-REVOKE-14": "{side} waived the penalty for the revoke by {who} at trick {trick} of"
    " deal {deal}, but under the American code the penalty is fixed, and these"
    " rules allow no waiver: the two tricks are taken{law}.",
    "WHIST-IRREG-1": "{who} led out of turn at trick {trick} of deal {deal}; {false_lead}{law}.",
    "WHIST-IRREG-2": "{who} played out of turn at trick {trick} of deal {deal}{law}.",
    "WHIST-PEN-1": "{who} took back a card at trick {trick} of deal {deal}:"
    " it is exposed and liable to be called{law}.",
    "WHIST-DEAL-7": "{who} dealt deal {deal} out of turn; the deal stands, as"
    " it was not stopped in time{law}.",
}

#: unclaimed irregularities whose consequence changes a figure of the score (those of
#: Bézique play say so in ``bezique_play``): a declaration with the card just taken in
#: exchange for the seven of trumps scores nothing (BEZ-SEVEN-2, ``declarations``)
_CHANGES_SCORE = {"BEZ-SEVEN-2"}


def _broken(f: Finding) -> list[str]:
    """The rules whose laws a declaration's sentence cites: in Rubicon the law the fault
    breaks (its basis, ``RUB-LAW-n``: a lower bézique after a higher breaks law 38, not the
    marriages' law 37 that the same rule also covers); else the finding's rule."""
    return [b for b in f.basis if b.startswith("RUB-LAW-")] or [f.rule]


def _declaration_sentence(ctx: Context, f: Finding, fact: UnlawfulDeclaration) -> Said:
    """A declaration the laws do not allow: what, why, and whether its score stands."""
    row = declaration_of(ctx, f.event)
    fault = fact.fault or f.citation.title.lower()
    verb = "scored" if f.rule in ("BEZ-DECL-5", "BEZ-DECL-3") else "declared"
    name = words(row.combination if row is not None else fact.combination)
    article = "the " if verb == "scored" else "a " if COUNTED.search(name) else ""
    what = article + name
    who = ctx.names.seat(fact.seat)
    if row is not None and row.stands:
        outcome = (
            "it counts for now, as the record stops before a card of the next trick is played;"
            f" until one is, {ctx.names.seat(other(fact.seat))} may still"
            " challenge it and have it taken down"
            if row.challenge_open
            else "it stands under law 50, as nobody challenged it before a card of the next"
            " trick was played"
        )
        return say(
            f"{who} {verb} {what} though {fault}: {outcome}{ctx.law(*_broken(f), 'RUB-LAW-50')}.",
            f.rule,
            "RUB-LAW-50",
            events=(f.event,),
        )
    ctx.changed = True
    later = scored_later(ctx, f.event)
    outcome = "it scores nothing"
    if later is not None:
        outcome = f"it scores nothing then, but {later[0]} when scored after a later trick won"
    outcome += nothing_added(ctx, f.event, fact.reason)
    return say(
        f"{who} {verb} {what}, but {fault}: {outcome}{ctx.law(*_broken(f))}.",
        f.rule,
        events=(f.event, later[1] if later else None),
    )


def _fields(ctx: Context, f: Finding) -> dict[str, object]:
    """The fields an unclaimed-irregularity template may use."""
    values: dict[str, object] = {
        "who": ctx.names.seat(f.seat),
        "side": ctx.names.any(_side_of(f)),
        "trick": f.trick,
        "deal": f.deal if f.deal is not None else 1,
        "event": f.event,
        "law": ctx.law(f.rule),
        "card": "a card",
        "suit": "card of the suit",
        "false_lead": "",
        "forfeit": "",
    }
    if isinstance(f.facts, RenounceCorrected) and (lost := _forfeit(ctx, f, f.facts)):
        values["forfeit"] = "; all right to a penalty for it was lost by the wrong penalty demanded"
        values["forfeit_event"] = lost
    if isinstance(f.facts, Revoked):
        values["card"], values["suit"] = card(f.facts.card), f.facts.led
    if isinstance(f.facts, LedOutOfTurn):  # (a whist finding: the deal is a whist deal's)
        deal = cast(WhistDealSummary, ctx.deal_of(f.event or 0))
        values["false_lead"] = _false_lead(ctx, deal, f.event, f.facts)
    return values


def _false_lead(ctx: Context, deal: WhistDealSummary, event: int | None, lead: LedOutOfTurn) -> str:
    """What became of a lead out of turn: taken back (its card is in no trick of the deal) or
    followed by all four, when the trick stands, with what then remains of the penalty, as
    the lead's facts say (ENG1900-64, -66, ENG64-63, AWL-24)."""
    stood = any(play["event"] == event for row in deal.tricks for play in row["plays"])
    if not stood and ctx.code == "american-1893":  # AWL-20 I: the card led is not exposed
        return (
            "the lead was taken back, and the cards played to it came back without penalty;"
            " the card led out of turn is not exposed and may not be called, the only penalty"
            " being a suit call from the offender or the offender's partner at the first lead of"
            " either,"
            " by the adversary on that player's right"
        )
    if not stood:
        return (
            "the lead was taken back, and the cards played to it came back without penalty"
            " to anyone but the offender"
        )
    if lead.if_completed == "suit-call":
        return (
            "all four played to it, so the trick stands, and the adversaries may still call a suit"
        )
    return "all four played to it, so the trick stands and no penalty remains"


def _forfeit(ctx: Context, f: Finding, fact: RenounceCorrected) -> int | None:
    """The wrong penalty demanded later that forfeited the call of a renounced card
    (ENG1900-88, AWL-39), if one did: said, so that 'may call the card' does not outlive the
    forfeiture."""
    for g in ctx.findings:
        if (
            g.rule == "WHIST-PEN-4"
            and g.seat == fact.seat
            and (g.event or 0) > (f.event or 0)
            and fact.card in _cards_forfeited(g)
        ):
            return g.event
    return None


def _cards_forfeited(g: Finding) -> tuple[str, ...]:
    """The exposed cards a wrong penalty demanded forfeited (its facts' ``cards``)."""
    return tuple(g.facts.cards) if isinstance(g.facts, WrongPenaltyDemanded) else ()


def _side_of(f: Finding) -> str | None:
    """The side a finding speaks of: the claimants of a penalty, the side of an honours
    claim; None for a fact that names no side."""
    if isinstance(f.facts, AmericanPenaltyDemand | PenaltyRefused):
        return f.facts.by
    side = getattr(f.facts, "side", None)
    return side if isinstance(side, str) else None


#: (rule, code) -> the sentence where a code gives the adversaries other remedies: the
#: American code lets them call the card played in error, not demand the highest or lowest
#: of the suit (AWL-29; the English codes give both, ENG64-76, ENG1900-80).
_UNCLAIMED_UNDER: dict[tuple[str, str], str] = {
    ("WHIST-REVOKE-5", "american-1893"): "{who} renounced at trick {trick} of deal {deal} and"
    " took the card back before the revoke was established: no revoke; the"
    " card played in error is exposed and liable to be called{law}{forfeit}.",
}


def _unclaimed(ctx: Context, f: Finding) -> Said | None:
    if isinstance(f.facts, UnlawfulDeclaration) and f.severity == "violation":
        return _declaration_sentence(ctx, f, f.facts)
    if isinstance(f.facts, MARK_FACTS):
        return _mark(ctx, f)
    if isinstance(f.facts, PenaltyRefused):
        return stray_penalty(ctx, f)
    if isinstance(f.facts, PenaltyChoiceChanged):
        return changed_choice(ctx, f)
    if (play := bezique_play.unclaimed(ctx, f)) is not None:
        return play
    template = _UNCLAIMED_UNDER.get((f.rule, ctx.code)) or _UNCLAIMED.get(f.rule)
    if f.trick is None and template is not None and "{trick}" in template:
        template = None  # a finding with no trick: said in its own words
    if f.rule in _CHANGES_SCORE:
        ctx.changed = True
    if template is None:  # a kind without words of its own: who, then what its facts say
        who = f"{ctx.names.seat(f.seat)}: " if f.seat else ""
        said = f.facts.message() if f.facts is not None else f.citation.title
        return say(f"{who}{said.rstrip('.')}{ctx.law(f.rule)}.", f.rule, events=(f.event,))
    fields = _fields(ctx, f)
    more = cast(int | None, fields.get("forfeit_event"))
    cited = _CITED.get(f.rule)
    if cited is None or not {c.partition("@")[0] for c in cited} <= {f.rule, *f.basis}:
        return say(template.format(**fields), f.rule, events=(f.event, more))
    fields["law"] = ctx.law(*cited)
    rules = dict.fromkeys(c.partition("@")[0] for c in cited)
    return say(template.format(**fields), *rules, events=(f.event, more))


#: the laws an unclaimed-irregularity sentence cites, where its rule's sources cover other
#: offences too (``words.law``'s ``RULE@n``): a wrong penalty demanded for a revoke is AWL
#: 30 and 39, not the suit called by the wrong adversary of AWL-24
_CITED: dict[str, tuple[str, ...]] = {
    "WHIST-PEN-4": ("WHIST-PEN-4@39", "WHIST-REVOKE-14@30"),
}


# ---------------------------------------------------------------------------------------------
# Marks and agreed results corrected
# ---------------------------------------------------------------------------------------------

#: the facts of a mark or an agreed result, corrected among the marks
MARK_FACTS = (WrongMark, MarkedAgain, Unmarked, AgreedResult)

#: why a mark's right value is what it is, as a director says it, where the finding's words
#: (``marks.mark_reason``) are not the director's: the option that floors a deduction at zero
#: said as a reading of these rules, never by its key
_MARK_WHY: dict[MarkWhy, str] = {
    "deduction-floored": ": the law says deduct three, and only {taken} is taken because a"
    " score is not taken below 0, which is a reading these rules adopt (the codes are silent,"
    " AMB-7), not the law's text",
    "score-not-allowed": ": the laws did not allow that score then",
}


def _added(ctx: Context, f: Finding) -> str:
    """What the adversary adds for a score marked too much (ordinary Bézique under Foster,
    the option wrong_score_penalty's default; with add_every_score_taken_down, the whole
    mark of a score not allowed then), as the deal's score lines have it."""
    if ctx.game == "whist" or not ctx.deals:
        return ""
    for line in cast(BeziqueDealSummary, ctx.deal_of(f.event or 0)).scores:
        if line["item"] == "penalty" and line["rule"] == f.rule and line["event"] == f.event:
            who = ctx.names.any(line["seat"])
            struck = getattr(f.facts, "why", None) == "score-not-allowed"
            what = "taken down" if struck else "marked too much"
            return f"; {who} adds the {line['points']} {what}, as the adversary may"
    return ""


def _marks_made(ctx: Context, event: int | None, who: str, item: str) -> int:
    """How many marks ``who`` wrote for ``item`` in the deal of ``event`` (a Bézique player
    marks his brisques trick by trick; the finding gives their total)."""
    if not ctx.deals:
        return 1
    if ctx.game == "whist":
        whist = cast(WhistDealSummary, ctx.deal_of(event or 0))
        return sum(1 for mark in whist.marks if mark["side"] == who and mark["for"] == item)
    deal = cast(BeziqueDealSummary, ctx.deal_of(event or 0))
    items = {item, "exchange"} if item == "seven" else {item}
    return sum(1 for mark in deal.marks if mark["seat"] == who and mark["item"] in items)


#: the rules that hold a side that revoked below game (a mark's ``revokers-held``)
_HOLDS = frozenset({"WHIST-REVOKE-11", "WHIST-REVOKE-14"})


def _mark(ctx: Context, f: Finding) -> Said:
    """A wrong mark or result: corrected to what the rules give, or struck out (and what the
    adversary adds for it, where the rules give him that)."""
    rules = [f.rule, *f.basis]
    facts, events = f.facts, (f.event,)
    # the law that holds revokers below game is cited with the law on correcting a mark
    held = [r for r in f.basis if r in _HOLDS] if getattr(facts, "why", None) else []
    if getattr(facts, "why", None) in ("losers-score", "honours-held"):  # the law of the value
        held = list(f.basis)  # (a review heard a double explained under the marking laws alone)
    if isinstance(facts, AgreedResult):  # the law of the result's value, with the mark's
        held = [_CITED_AS.get(r, r) for r in f.basis]
    if isinstance(facts, WrongMark) and facts.declared is not None:  # the trumps' law too
        held = [r for r in f.basis if r in ("RUB-TRUMP-1", "BEZ-TRUMP-1")]
    law = _added(ctx, f) + ctx.law(f.rule, *held)
    ctx.changed = True
    if isinstance(facts, WrongMark):
        return say(_wrong_mark(ctx, facts, f.event) + f"{law}.", *rules, events=events)
    if isinstance(facts, MarkedAgain):  # (the declaration's event beside the sentence)
        return say(
            f"The second mark of {facts.marked} for the {words(facts.combination)}, written by"
            f" {ctx.names.any(facts.seat)}, is struck out: it had already been scored{law}.",
            *rules,
            events=(f.event, facts.declared_at),
        )
    if isinstance(facts, Unmarked):
        return say(
            f"{ctx.names.any(facts.side)} did not mark the {facts.points} for"
            f" {words(facts.item)} in deal {facts.deal}; the corrected score counts it{law}.",
            *rules,
            events=events,
        )
    if isinstance(facts, AgreedResult):
        # Rubicon: each deal a game; of several, which one the result was agreed for
        which = facts.game == "rubicon-bezique" and len(ctx.deals) > 1 and facts.deal is not None
        return say(_agreed(facts, facts.deal if which else None) + f"{law}.", *rules, events=events)
    raise TypeError(f"{f.rule}: a finding without the facts of a mark")


def _wrong_mark(ctx: Context, m: WrongMark, event: int | None) -> str:
    """A wrong mark, said: whose, for what, and its fate (corrected, struck out, a range)."""
    whose = ctx.names.any(m.who)
    deal = "" if m.declaration else f" in deal {m.deal}"
    item = words(m.item)
    if m.declared is not None:  # marked as declared, worth what the trumps make it
        return (
            f"The mark of {m.marked} for the {words(m.declared)} written by {whose} is"
            f" corrected to {m.right}: {m.trump_reason()}"
        )
    many = _marks_made(ctx, event, m.who, m.item) > 1  # brisques, trick by trick
    is_, mark = ("are", "total") if many else ("is", "mark")
    if m.high is not None and m.high != m.right:
        # only a mark that reaches the game has a range (WHIST-SCORE-4: enough to call game)
        fate = f"{is_} wrong: any {mark} from {m.right} (enough for the game) to {m.high} is right"
    else:
        right = m.right if m.high is None else m.high
        fate = f"{is_} struck out" if right == 0 else f"{is_} corrected to {right}"
        if m.why is None and m.item == "honours" and right == 0:
            fate += _honours_fault(ctx, m)  # (a review heard it struck with no reason)
        if m.why in _MARK_WHY:
            fate += _MARK_WHY[m.why].format(taken=-right)
        elif m.why is not None:
            fate += mark_reason(m.why, right, m.winner, m.losers)
    if many:
        return f"The marks for {item} written by {whose}{deal}, {m.marked} in all, {fate}"
    return f"The mark of {m.marked} for {item} written by {whose}{deal} {fate}"


#: why honours marked count nothing, by the reason their claim failed (WHIST-HONOURS-2, -3,
#: -4, -6)
_HONOURS_FAULT = {
    "at-four": ": a side at four cannot score honours",
    "too-late": ": they were claimed too late",
    "not-held": ": the side did not hold three of the trump honours",
    "not-counted": ": honours are not counted under this code",
}


def _honours_fault(ctx: Context, m: WrongMark) -> str:
    """Why an honours mark is struck out: the reason the deal's honours claim by that side
    failed (its finding's facts), or nothing when no claim failed."""
    for f in ctx.findings:
        fact = f.facts
        if isinstance(fact, HonoursClaimFails) and (fact.side, fact.deal) == (m.who, m.deal):
            return _HONOURS_FAULT[fact.reason]
    return ""


def _agreed(a: AgreedResult, game: int | None = None) -> str:
    """A result agreed against the rules: struck out (nothing won), not right (a fragment
    leaves it to facts the record does not state) or corrected; ``game``: the Rubicon game it
    was agreed for, said when the record holds several."""
    if a.before_any_deal:
        return f"The result agreed before any deal, {a.winner} {a.value}, is struck out"
    of = f" for game {game}" if game is not None else ""
    agreed = f"The result the players agreed{of}, {a.agreed_words()},"
    if not a.right:  # nothing was won: "no rubber has been completed"
        return f"{agreed} is struck out: {a.right_words()}"
    if a.brisques_decide:  # a fragment: no one value, but not this one either
        return f"{agreed} cannot be right: the rules give {a.right_words()}"
    return f"{agreed} is corrected: the rules give {a.right_words()}"


# ---------------------------------------------------------------------------------------------
# The result
# ---------------------------------------------------------------------------------------------


def _verb(ctx: Context, stands: bool, still: str, corrected: str, neutral: str) -> str:
    """Whether the result stands, is corrected, or is simply stated (an irregularity that
    changes no figure: a lead out of turn, a revoke nobody claimed)."""
    if stands:
        return still
    return corrected if ctx.changed else neutral


def _whist_result(ctx: Context, stands: bool) -> list[Said]:
    c = ctx.corrected
    if ctx.undetermined and any(u.rule == "WHIST-SCORE-1" for u in ctx.undetermined):
        # a deal stopped part-way
        return [_waits(ctx, "The score", "WHIST-SCORE-1")]
    verb = _verb(ctx, stands, "The score stands", "The corrected score", "The score")
    games = ", then ".join(
        f"{ctx.names.side(g.winner)} won a game worth {g.value}" for g in c.games
    )
    progress = f"the game in progress stands at NS {c.score['NS']}, EW {c.score['EW']}"
    rules = ["WHIST-SCORE-3"]
    out: list[Said] = []
    if c.rubber is not None:  # the games' values, the rubber's two points, and its value
        rules += ["WHIST-RUBBER-2", "WHIST-RUBBER-3", "WHIST-RUBBER-4"]
        rubber = f"{ctx.names.side(c.rubber.winner)} win the rubber, worth {c.rubber.value}"
        if c.new_rubber:
            out.append(say(f"{verb}: {rubber}{ctx.law(*rules)}.", *rules))
            tail = f"{games}; " if games else ""
            out.append(say(f"In the new rubber: {tail}{progress}.", "WHIST-SCORE-3"))
            return out + _if_chosen(ctx)
        return [say(f"{verb}: {rubber}{ctx.law(*rules)}.", *rules), *_if_chosen(ctx)]
    unit = "games" if ctx.code == "american-1893" else "the rubber is not complete"
    parts = [p for p in (games, progress) if p]
    if ctx.code != "american-1893":
        parts.append(unit)
    if getattr(c, "indeterminate", False):  # a fragment: read as the record says, not decided
        parts.append("but it rests on what the record cannot decide (below)")
    return [say(f"{verb}: {'; '.join(parts)}{ctx.law(*rules)}.", *rules), *_if_chosen(ctx)]


def _if_chosen(ctx: Context) -> list[Said]:
    """The score above takes the penalty the ruling applies where the claimants recorded no
    choice; the choice is theirs (WHIST-REVOKE-9), so it is said to hold only until they
    choose (a director's review found it read as settled after "may still choose")."""
    deals = cast(list[WhistDealSummary], ctx.deals)
    if not any(deal.penalty_options for deal in deals):  # (nearly every record: no choice)
        return []
    open_to = sorted(
        {
            "EW" if r.side == "NS" else "NS"  # (the claimants: the revokers' adversaries)
            for deal in deals
            if len(deal.penalty_options or []) > 1
            and not any(o.chosen for o in deal.penalty_options or [])
            for r in deal.revokes
            if r.applied and r.claimed_at is not None and not r.penalty_chosen
        }
    )
    if not open_to:
        return []
    who = " and ".join(open_to)
    return [
        say(
            f"That score takes the penalty the ruling applies; should {who} choose another, the"
            f" score is what that choice gives, as said above{ctx.law('WHIST-REVOKE-9')}.",
            "WHIST-REVOKE-9",
        )
    ]


def _bezique_result(ctx: Context, stands: bool) -> list[Said]:
    c = ctx.corrected
    if c.indeterminate:
        parts = [
            f"the tricks of deal {d.deal} from trick {d.indeterminate_from_trick} on"
            for d in ctx.deals
            if d.indeterminate_from_trick is not None
        ]
        if not parts:  # a fragment: the result waits on a fact the record does not give
            return _so_far(ctx, c)
        agreed = ctx.agreed
        waits = (
            f"; the result the players agreed, {bezique_game(agreed.value)} to"
            f" {ctx.names.seat(agreed.winner)}, waits on them"
            if agreed is not None
            else ""
        )
        return [
            say(
                f"The score cannot be determined: {'; '.join(parts)} are to be replayed after"
                f" the end-play error{waits}{ctx.law('BEZ-LAST-3')}.",
                "BEZ-LAST-3",
            )
        ]
    late = _after_the_game(ctx)
    verb = _verb(ctx, stands and not late, "The score stands", "The corrected score", "The score")
    rules = ["BEZ-SCORE-3", "BEZ-SCORE-4"] if late else ["BEZ-SCORE-3"]
    tail = _ordinary_score(ctx, c.score, c.winner)
    if c.winner and late:
        tail += (
            f", which ended as {ctx.names.seat(c.winner)} reached"
            f" {ctx.rules.get('target', 1000)}: {late} after it count nothing"
        )
    said = [say(f"{verb}: {tail}{ctx.law(*rules)}.", *rules)]
    if c.if_declined is not None:
        said.append(_declined(ctx, c.if_declined))
    return said


def _both(ctx: Context, score: dict[str, int]) -> str:
    """Both players' points, said: ``Agatha Moss (A) 500, Bertram Hale (B) 390``."""
    return f"{ctx.names.seat('A')} {score['A']}, {ctx.names.seat('B')} {score['B']}"


def _ordinary_score(ctx: Context, score: dict[str, int], winner: str | None) -> str:
    """A score of the ordinary game and what it gives: a game won, single or double, or the
    target not yet reached."""
    out = _both(ctx, score)
    if not winner:
        return f"{out}; neither player has yet reached {ctx.rules.get('target', 1000)}"
    loser = other(winner)
    below = ctx.rules.get("double_if_loser_below", 500)
    if score[loser] < below:
        return (
            f"{out}; {ctx.names.seat(winner)} wins a double game, {ctx.names.seat(loser)}"
            f" being under {below}"
        )
    return f"{out}; {ctx.names.seat(winner)} wins the game"


def _so_far(ctx: Context, c: Any) -> list[Said]:
    """A fragment's ordinary score that waits on what the record does not give: why, and the
    score as far as the record goes, with the other choice under Foster's rule (a review
    asked for both: the director announces the score so far)."""
    score = _both(ctx, c.score)
    said = [
        _waits(ctx, "The score", "BEZ-SCORE-3"),
        say(f"As far as the record goes, the score is {score}.", "BEZ-SCORE-3"),
    ]
    if c.if_declined is not None:
        said.append(_declined(ctx, c.if_declined, so_far=True))
    return said


def _declined(ctx: Context, declined: BeziqueDeclined, so_far: bool = False) -> Said:
    """The other choice under Foster's rule (BEZ-SCORE-5): the adversary may add what was
    marked too much, and need not; the result if nothing is added."""
    who = [(seat, points) for seat, points in declined.added.items() if points]
    if len(who) == 1:
        seat, points = who[0]
        choice = f"If {ctx.names.seat(seat)} does not add the {points}, as the adversary is free"
        choice += " not to"
    else:
        each = " and ".join(f"{ctx.names.seat(seat)} may add {points}" for seat, points in who)
        choice = f"If neither player adds what the other marked too much ({each}), as each is"
        choice += " free not to"
    score = _ordinary_score(ctx, declined.score, declined.winner)
    if so_far:  # (a fragment: no game is decided yet)
        score = f"{_both(ctx, declined.score)} so far"
    rules = ("BEZ-SCORE-5", "BEZ-SCORE-3")
    return say(f"{choice}, the score is {score}{ctx.law(*rules)}.", *rules)


def _honours_marked_later(ctx: Context) -> list[Said]:
    """A point a director is asked about though nothing is wrong: honours marked during a
    later deal, for the deal they were held in (the mark's ``ref``), are good when claimed in
    time, for once claimed they may be scored at any time during that game (WHIST-HONOURS-4).
    A wrong such mark has its finding, and its sentence, instead."""
    said: list[Said] = []
    deals = cast(list[WhistDealSummary], ctx.deals)
    for deal, after in pairwise(deals):
        for mark in deal.marks:
            if mark["for"] != "honours" or mark["event"] < after.event or ctx.at(mark["event"]):
                continue
            claim = next(
                (c for c in deal.honours.claims if c.side == mark["side"] and c.counted), None
            )
            if claim is None:
                continue
            written = ctx.deal_of(mark["event"]).deal
            said.append(
                say(
                    f"The {mark['points']} for honours that {ctx.names.side(mark['side'])} marked"
                    f" in deal {written} is deal {deal.deal}'s, as the mark says, and good: the"
                    f" honours were claimed in deal {deal.deal}, and honours once claimed may be"
                    f" scored at any time during that game{ctx.law('WHIST-HONOURS-4')}.",
                    "WHIST-HONOURS-4",
                    events=(mark["event"], claim.event),
                )
            )
    return said


def _after_the_game(ctx: Context) -> str:
    """What was scored in a deal after the game ended in it (``game_end =
    immediately_on_reaching``: the deal's points beyond the score the game ended at), said:
    "the 50 Alban (A) scored"; empty when nothing was."""
    for deal in cast(list[BeziqueDealSummary], ctx.deals):
        before, after = deal.score_before, deal.score_after
        if before is None or after is None:
            continue
        late = {seat: before[seat] + deal.totals[seat] - after[seat] for seat in ("A", "B")}
        said = [f"the {n} {ctx.names.seat(seat)} scored" for seat, n in late.items() if n]
        if said:
            return " and ".join(said)
    return ""


def _rubicon_result(ctx: Context, stands: bool) -> list[Said]:
    out: list[Said] = []
    if not ctx.corrected.games:  # a record with no deal yet: nothing was played, nothing won
        return [
            say(
                f"No game has been played: the record holds no deal{ctx.law('RUB-GAME-6')}.",
                "RUB-GAME-6",
            )
        ]
    several = len(ctx.corrected.games) > 1
    # games whose agreed result a sentence has already corrected ("The result the players
    # agreed, A 1800, is corrected: ..."): their result is stated, not "corrected" again
    agreed = {f.facts.deal for f in ctx.findings if isinstance(f.facts, AgreedResult)}
    violations = [f for f in ctx.findings if f.severity == "violation"]
    for number, game in enumerate(ctx.corrected.games, 1):
        which = f"game {number}" if several else "the game"
        if game.indeterminate:
            deal = ctx.deals[number - 1]
            if deal.indeterminate_from_trick is None:  # a fragment, not an end-play error
                out.append(_waits(ctx, f"The value of {which}", "RUB-GAME-6", deal.deal))
                out.append(_rubicon_so_far(ctx, which, game, deal))
                continue
            # the result agreed for this game (a deal is a game), or, of a record of one game,
            # the last agreed (a review found it unsaid of game 2 of two)
            said_agreed = _agreed_for(ctx, number, several)
            waits = (
                f"; the result the players agreed, {said_agreed.value} to"
                f" {ctx.names.seat(said_agreed.winner)}, waits on the replay"
                if said_agreed is not None
                else ""
            )
            out.append(
                say(
                    f"The value of {which} cannot be determined: the tricks from trick"
                    f" {deal.indeterminate_from_trick} on are to be taken up and replayed after"
                    f" the end-play error{waits}{ctx.law('RUB-LAST-1')}.",
                    "RUB-LAST-1",
                )
            )
            continue
        # of several games, each is said to stand or be corrected by its own deal's findings
        # (a review heard game 2 "corrected" for game 1's wrong result)
        own = stands or (
            several
            and all(f.deal is not None for f in violations)  # (else each game's is unknown)
            and not any(f.deal == number for f in violations)
        )
        verb = "" if number in agreed else _verb(ctx, own, " stands", " is corrected", "")
        deal = ctx.deals[number - 1] if number <= len(ctx.deals) else None
        # the result the players agreed, when right, is said to be (a review heard the result
        # given with no word of the agreement, which a director confirms)
        agreed_now = _agreed_for(ctx, number, several)
        right = agreed_now is not None and (agreed_now.winner, agreed_now.value) == (
            game.winner,
            game.value,
        )
        out.append(_rubicon_game(ctx, which, verb, game, deal, agreed_right=right))
        made = getattr(deal, "game_cards_made", None)
        if made is not None and (made.winner, made.value) != (game.winner, game.value):
            who = (
                f"{ctx.names.seat(made.winner)} would win {made.value}"
                if made.winner
                else "it would be null and void"
            )
            out.append(
                say(
                    f"Counting only what the cards really made, {who}; the laws let the"
                    f" unchallenged scores stand{ctx.law('RUB-LAW-50')}.",
                    "RUB-LAW-50",
                )
            )
    return out


def _rubicon_so_far(ctx: Context, which: str, game: Any, deal: Any) -> Said:
    """A Rubicon game the record leaves open: its scores so far, as the ordinary game's are
    said (a review asked for the score so far)."""
    counted = deciding_totals(game, deal)[1]
    return say(
        f"As far as the record goes, the scores of {which} are {_both(ctx, game.totals)},"
        f" brisques {'counted' if counted else 'not counted'}.",
        "RUB-GAME-6",
    )


def _agreed_for(ctx: Context, number: int, several: bool) -> Any:
    """The result the players agreed for Rubicon game ``number`` (a deal is a game; of a
    record of one game, the last agreed): its winner and value, or None."""
    mine = [r for r in ctx.agreed_results if r.deal == number]
    return mine[-1] if mine else None if several else ctx.agreed


def _rubicon_game(
    ctx: Context, which: str, verb: str, game: Any, deal: Any, agreed_right: bool = False
) -> Said:
    """The result of one Rubicon game decided: the totals that decided it (and why the
    brisques were counted), the winner and value, and the laws of the value reckoned."""
    points, counted = deciding_totals(game, deal)  # (the director names those that decided)
    brisques = getattr(deal, "brisques", None) or {}
    totals = _both(ctx, points)
    rules = ["RUB-GAME-6"]  # the laws of the value reckoned, beside the order of settling
    if counted:  # (laws 60-61: when the brisques are counted)
        totals += " with the brisques counted"
        rules.append("RUB-GAME-3")
        without = {seat: points[seat] - BRISQUE * brisques.get(seat, 0) for seat in points}
        if without["A"] == without["B"]:  # law 61: brisques decide a tie
            totals += f", the scores being equal without them ({without['A']} each)"
        if game.rubicon:  # law 61: they decide who won, but a rubicon is reckoned without
            totals += "; they decide the winner, but a rubicon's value is reckoned without them"
    if game.winner is None:
        what = "null and void, the scores being equal"
        if agreed_right:
            what += ", as the players agreed"
    else:
        loser = other(game.winner)
        what = f"{ctx.names.seat(game.winner)} wins it, worth {game.value}"
        if agreed_right:
            what += ", as the players agreed"
        if game.rubicon:
            what += f"; {ctx.names.seat(loser)} is rubiconed"
            rules += [r for r in ("RUB-RUBICON-1", "RUB-RUBICON-2") if r not in rules]
        else:
            rules.append("RUB-GAME-4")
            saved = counted and points[loser] - BRISQUE * brisques.get(loser, 0) < RUBICON
            if saved:  # law 60: his brisques bring him to 1000
                what += (
                    f"; {ctx.names.seat(loser)} reaches 1000 with the brisques counted and is"
                    " not rubiconed"
                )
                rules += [r for r in ("RUB-GAME-3", "RUB-RUBICON-1") if r not in rules]
    law = ctx.law(*(_CITED_AS.get(r, r) for r in rules))
    return say(f"The result of {which}{verb} ({totals}): {what}{law}.", *rules)


#: a Rubicon value's rules cited by the laws that give it (``words.law``'s ``RULE@n``): who
#: is rubiconed is law 58 here (law 60's brisques come with RUB-GAME-3 when counted), and a
#: rubicon's value laws 58-59 (law 61's brisques likewise): a review heard laws 60 and 61
#: cited for a game whose brisques were never counted
_CITED_AS = {"RUB-RUBICON-1": "RUB-RUBICON-1@58", "RUB-RUBICON-2": "RUB-RUBICON-2@58+59"}


_RESULT = {"whist": _whist_result, "bezique": _bezique_result, "rubicon-bezique": _rubicon_result}

#: findings a director does not announce: facts of the replay, not rulings
_SILENT = {"BEZ-DECL-4", "WHIST-HONOURS-4", "WHIST-HONOURS-5", "WHIST-REVOKE-11"}


def _waits(ctx: Context, what: str, rule: str, deal: int | None = None) -> Said:
    """A result a fragment leaves open: why, and which fact would decide it (issue 11)."""
    mine = [u for u in ctx.undetermined if deal is None or u.deal == deal]
    items = [u for u in mine if u.rule == rule] or [u for u in mine if u.rule in _SCORE_UNKNOWNS]
    if not items:
        return say(f"{what} cannot be determined from the record{ctx.law(rule)}.", rule)
    item = items[0]
    return say(
        f"{what} cannot be determined from the record: {item.why}; it waits on {item.decides}"
        f"{ctx.law(rule)}.",
        rule,
    )


#: open questions of a played-out fragment's score: the result sentence says why it waits
_SCORE_UNKNOWNS = {"RUB-GAME-3", "BEZ-SCORE-2", "BEZ-LAST-3"}

#: the results' own open questions, said by the result sentence itself
_RESULT_RULES = {"BEZ-SCORE-3", "RUB-GAME-6", "WHIST-SCORE-1"}
#: the rules of an end-play replay the cards do not force: the result sentence says it too
#: ("cannot be determined: the tricks ... are to be replayed")
_REPLAY_RULES = {"BEZ-LAST-3", "RUB-LAST-1"}


def _open_questions(ctx: Context) -> list[Said]:
    """Each question the record leaves open (a fragment's unknown cards): the director says
    that it cannot be decided and which fact would decide it; no finding is made on it."""
    out: list[Said] = []
    replayed = {d.deal for d in ctx.deals if getattr(d, "indeterminate_from_trick", None)}
    for item in ctx.undetermined:
        if item.rule in _RESULT_RULES or id(item) in ctx.used:
            continue
        if item.rule in _REPLAY_RULES and item.deal in replayed:
            continue
        out.append(
            say(
                f"Cannot be decided from the record: {item.what.rstrip('?')}? It would be"
                f" decided by {item.decides}{ctx.law(item.rule)}.",
                item.rule,
                events=(item.event,),
            )
        )
    return out


def _claimed_by_penalty(game: str, deals: list[Any], claims: list[Claim]) -> list[Claim]:
    """Whist revokes claimed by the choice of their penalty, with no claim event before it
    (the judge reads the choice as the claim): disputes all the same, worded as claims."""
    if game != "whist":
        return []
    stated = {c.event for c in claims}
    return [
        Claim(
            revoke.claimed_at,
            "revoke",
            "EW" if revoke.side == "NS" else "NS",
            against=revoke.seat,
            trick=revoke.trick,
            by_penalty=True,
        )
        for deal in cast(list[WhistDealSummary], deals)
        for revoke in deal.revokes
        if revoke.claimed_at is not None and revoke.claimed_at not in stated
    ]


def _event(claim: Claim) -> int:
    return claim.event


def _disputes_and_marks(
    ctx: Context, disputes: list[Said], marks: list[Said], unclaimed: list[Said]
) -> None:
    """The claims answered, the disputes the findings raise, the marks struck or corrected
    and the irregularities nobody claimed, each finding worded once (``ctx.used``)."""
    for claim in ctx.claims:
        handler = DISPUTES.get((ctx.game, claim.kind))
        if handler is not None:
            disputes.extend(handler(ctx, claim))
    findings = ctx.findings
    for f in findings:
        template = DISPUTE_FINDINGS.get(f.rule)
        if f.rule == "WHIST-HONOURS-4" and not isinstance(f.facts, HonoursClaimFails):
            continue  # honours held and not claimed: a note, nobody's fault
        if template is not None and id(f) not in ctx.used:
            ctx.used.add(id(f))
            disputes.append(_dispute_finding(ctx, f, template))
    disputes.extend(both_sides(ctx))
    disputes.extend(table_events(ctx))  # misdeals, calls, claims of the tricks not played
    for f in findings:
        if isinstance(f.facts, MARK_FACTS) and id(f) not in ctx.used:
            ctx.used.add(id(f))  # (BEZ-LAST-5: a seven's mark in the end-play, struck out)
            marks.append(_mark(ctx, f))
    _penalised_leads(ctx)
    _called_cards(ctx)
    for f in findings:
        if id(f) in ctx.used or f.rule in _SILENT or f.severity == "info":
            continue
        ctx.used.add(id(f))
        sentence = _unclaimed(ctx, f)
        if sentence is not None:
            unclaimed.append(sentence)


#: an honours claim that fails on two grounds: held fewer than three, and at four
_HONOURS_BOTH = (
    "{side} claimed honours in deal {deal} while at four, and without holding three of the"
    " trump ace, king, queen and knave: the claim fails on both counts{law}."
)


def _dispute_finding(ctx: Context, f: Finding, template: str) -> Said:
    """A finding that is itself a dispute (``DISPUTE_FINDINGS``), in its template's words."""
    fact = f.facts
    if isinstance(fact, HonoursClaimFails) and fact.at_four:
        rules = (f.rule, "WHIST-HONOURS-3")
        fields = _fields(ctx, f) | {"law": ctx.law(*rules)}
        return say(_HONOURS_BOTH.format(**fields), *rules, events=(f.event,))
    fields = _fields(ctx, f)
    if isinstance(fact, HonoursClaimFails):
        fields["deal"] = fact.deal  # (a claim too late is about the deal before its event's)
        fields["after"] = fact.deadline_passed()
    return say(template.format(**fields), f.rule, events=(f.event,))


def _called_cards(ctx: Context) -> None:
    """A renounce taken back in time whose card the adversaries then called (ENG64-76,
    ENG1900-80): the call's sentence speaks for it, so it is not among the irregularities
    nobody claimed, which would offer penalties already taken or spent (a review heard "may
    call the card ... or require the highest or lowest" after the card had been called)."""
    called = {
        (f.facts.seat, f.facts.card, f.facts.deal)
        for f in ctx.findings
        if isinstance(f.facts, CallAnswered) and f.facts.call == "card"
    }
    if not called:
        return
    for f in ctx.findings:
        fact = f.facts
        if isinstance(fact, RenounceCorrected) and (fact.seat, fact.card, fact.deal) in called:
            ctx.used.add(id(f))


#: the refusals of a call that forfeit every penalty for the lead out of turn (WHIST-PEN-4)
_FORFEITING = frozenset({"american-wrong-adversary", "american-card-call"})


def _penalised_leads(ctx: Context) -> None:
    """A lead out of turn whose penalty the adversaries exacted by calling a suit: the call's
    sentence says so ("... for his lead out of turn at trick 10"), so it is not among the
    irregularities nobody claimed; nor is the card led in error and taken back, which went
    back into its owner's hand when the suit was called (ENG1900-64; ENG64-62 gives the
    adversaries the one penalty or the other)."""
    offences = {
        f.facts.offence_at
        for f in ctx.findings
        if isinstance(f.facts, CallAnswered) and f.facts.offence_at is not None
    }
    # a call by which the adversaries lost every penalty for the lead (the American code's
    # wrong adversary or card call): its sentence speaks of the lead, which was not let pass
    # unclaimed (a director's review read it under "nobody claimed" after the call)
    forfeited = {
        (f.facts.offender, f.facts.deal, f.facts.offence_trick)
        for f in ctx.findings
        if isinstance(f.facts, CallRefused) and f.facts.reason in _FORFEITING
    }
    if not offences and not forfeited:
        return
    led_back: set[tuple[str, str, int, int]] = set()  # (seat, card, deal, trick)
    for f in ctx.findings:
        fact = f.facts
        if isinstance(fact, LedOutOfTurn) and (
            f.event in offences or (fact.seat, fact.deal, fact.trick) in forfeited
        ):
            ctx.used.add(id(f))
            led_back.add((fact.seat, fact.card, fact.deal, fact.trick))
    for f in ctx.findings:
        fact = f.facts
        if isinstance(fact, CardTakenBack) and (
            (fact.seat, fact.card, fact.deal, fact.trick) in led_back
        ):
            ctx.used.add(id(f))


def decide(
    game: str,
    rules: dict[str, Any],
    players: dict[str, str],
    findings: list[Finding],
    deals: list[Any],
    corrected: Any,
    claims: list[Claim],
    penalties: dict[int, str] | None = None,
    undetermined: list[Any] | None = None,
    agreed: Any = None,
    agreed_results: list[Any] | None = None,
) -> list[Said]:
    """The decision, sentence by sentence, in the order a director gives it. ``agreed``: the
    result the players agreed (Bézique), said to wait when the score does."""
    if findings or claims:  # (a revoke claimed by its penalty is a finding too)
        claims = sorted([*claims, *_claimed_by_penalty(game, deals, claims)], key=_event)
    ctx = Context(
        game,
        rules,
        Names(players),
        findings,
        deals,
        corrected,
        claims,
        penalties or {},
        list(undetermined or []),
        agreed=agreed,
        agreed_results=list(agreed_results or []),
    )
    disputes: list[Said] = []
    marks: list[Said] = []
    unclaimed: list[Said] = []
    if claims or findings:  # (most records have neither: only the result is said)
        _disputes_and_marks(ctx, disputes, marks, unclaimed)
    stands = not any(f.severity == "violation" for f in findings)
    result = _RESULT[game](ctx, stands)
    confirmed = _honours_marked_later(ctx) if game == "whist" and len(deals) > 1 else []
    if stands and not disputes and not marks and not unclaimed:
        opening = "No irregularity" + (" in what the record shows" if ctx.undetermined else "")
        said = confirmed or result
        first = said[0]
        said[0] = Said(f"{opening}. {first.text}", first.rules, first.events)
    marks += confirmed
    if ctx.undetermined:
        result.extend(_open_questions(ctx))
    # what the cards really made (law 50) is said after the scores that stand in spite of it
    after = [s for s in result if s.rules == ["RUB-LAW-50"]]
    out = disputes + marks + ([s for s in result if s not in after] if after else result)
    if unclaimed:
        out.append(say("Irregularities nobody claimed:"))
        out.extend(unclaimed)
    return out + after
