"""What the director says of the whist table's own events: a misdeal or new deal and who
deals next; a call after a lead out of turn or of an exposed card, and whether it was obeyed;
a claim or concession of the tricks not played.

Each sentence is written from the finding's facts (``adjudicator.facts.whist_table``): the
facts name the seats, the sentence names the players; the events it speaks of go beside it.
Said among the disputes, since each is a question the table put to the laws, whatever its
severity.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.facts.voice import Voice
from adjudicator.facts.whist_table import (
    CALLS,
    EXCUSE_WORDS,
    CallAnswered,
    CallRefused,
    DealtOutOfTurn,
    Misdeal,
    PenaltyWaived,
    RestClaim,
    WrongPenaltyDemanded,
)
from adjudicator.findings import Finding
from adjudicator.ruling.sentences import Context, Said, say
from adjudicator.ruling.words import card


def _misdeal(ctx: Context, f: Finding, m: Misdeal) -> Said:
    """A misdeal that loses the deal, one excused, or a new deal by the same dealer."""
    who = ctx.names.seat(m.dealer)
    law = ctx.law(f.rule)
    events = (f.event,)
    if m.voids_deal:
        return say(
            f"During the play of deal {m.voids_deal} {m.why}: the hand is void and scores"
            f" nothing, the scores made before it stand, and {who} deals again{law}.",
            f.rule,
            events=events,
        )
    deal = f"deal {m.before_deal}"
    if m.outcome == "new-deal":
        return say(
            f"Before {deal} {m.why}: a new deal by the same dealer, so {who} deals again{law}.",
            f.rule,
            events=events,
        )
    if m.outcome == "deal-lost":
        whose = (
            f"; {ctx.names.seat(m.owner)}, whose deal it was, loses it, and it passes"
            if m.owner != m.dealer
            else ", which passes"
        )
        return say(
            f"{who} misdealt before {deal}: {m.why}. A misdeal loses the deal{whose} to"
            f" {ctx.names.seat(m.next_dealer)}{ctx.law(f.rule, 'WHIST-DEAL-4')}.",
            f.rule,
            "WHIST-DEAL-4",
            events=events,
        )
    excuse = EXCUSE_WORDS[m.excuse or "interrupted"]
    return say(
        f"{who} misdealt before {deal}: {m.why}. But {excuse}, so the misdeal does not lose the"
        f" deal and {who} deals again{law}.",
        f.rule,
        events=events,
    )


#: why the search did not decide a claim -> as the director says it
_UNDECIDED = {
    "cards-not-shown": "the record not showing every card left",
    "not-in-turn": "the trick on the table not having been played in turn",
}
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _rest(ctx: Context, f: Finding, r: RestClaim) -> Said:
    """A claim or concession of the tricks not played: what the cards say, and that the
    tricks go as claimed all the same (the hands were abandoned on it)."""
    who = ctx.names.seat(r.seat)
    left = r.remaining
    last = f"the last {_NUMBERS.get(left, left)} tricks of deal {r.deal}"
    if r.conceded:
        said = f"{who} conceded {last}"
    elif r.tricks == left:
        said = f"{who} claimed {last}"
    else:
        said = f"{who} claimed {r.tricks} of {last}"
    split = f"{ctx.names.side(r.side)} {r.tricks}, {ctx.names.side(r.other)} {left - r.tricks}"
    stands = (
        "once all four have thrown their cards down the result as claimed or admitted stands"
        if ctx.code == "american-1893"
        else "once all four have thrown their cards down no claim that the play might have gone"
        " otherwise is heard"
    )
    rules = (f.rule, *f.basis) if r.conceded else (f.rule,)
    law = ctx.law(*rules)
    sure = r.sure or 0
    if r.verdict == "disproved":
        text = (
            f"{said}, but the cards disprove it: with best play {ctx.names.side(r.other)}"
            f" take {left - sure} of them. The claim stands all the same, since {stands}: the"
            f" tricks not played go as claimed, {split}{law}."
        )
    elif r.verdict == "gave-away":
        text = (
            f"{said}, though the cards show {ctx.names.side(r.side)} were sure of {sure} of"
            f" them. The laws say nothing of a trick conceded, and {stands}: the tricks not"
            f" played go as conceded, {split}{law}."
        )
    elif r.verdict == "undecided":
        why = _UNDECIDED.get(
            r.undecided or "", f"{left} tricks being more than the search examines"
        )
        text = (
            f"{said}; whether the cards bear it out is not decided here, {why}. The tricks not"
            f" played go as claimed, {split}{law}."
        )
    else:
        text = (
            f"{said}, and the cards bear it out: the tricks not played go as claimed, {split}{law}."
        )
    return say(text, *rules, events=(f.event,))


def cards_said(cards: Sequence[str]) -> str:
    """Cards as a director says them: ``the five of clubs and the king of clubs``."""
    said = [card(c) for c in cards]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def call_finding(ctx: Context, f: Finding) -> bool:
    """Whether a finding is about a call (``call`` events), whatever its rule."""
    return isinstance(f.facts, CALLS)


def call_words(ctx: Context, f: Finding) -> tuple[str, tuple[int, ...]]:
    """A call finding's words as a director says them (players by name, cards in words, no
    event numbers) and the events they speak of, in order: the finding's own when the words
    name none."""
    assert isinstance(f.facts, CALLS)
    voice = Voice(seat=ctx.names.any, cards=cards_said, at=lambda _: "")
    text = f.facts.words(voice)
    return text, tuple(voice.heard) or ((f.event,) if f.event is not None else ())


def _call(ctx: Context, f: Finding) -> Said:
    """A call: made, obeyed, void, waived, or not obeyed (a revoke nobody claimed in time)."""
    text, events = call_words(ctx, f)
    rules = [f.rule]
    if f.rule == "WHIST-REVOKE-2":
        text += (
            ". It was not claimed before the cards were cut for the next deal, so no penalty"
            " can be exacted"
        )
        rules.append("WHIST-REVOKE-7")
    # a call of an exposed card before its owner's turn: law 59 alone of the exposed-card
    # rule's laws (``words.law``'s ``RULE@n``)
    before_turn = isinstance(f.facts, CallRefused) and f.facts.reason == "before-turn"
    law = ctx.law("WHIST-PEN-1@59") if before_turn else ctx.law(*rules)
    return say(f"{text}{law}.", *rules, events=events)


def _misdeal_out_of_turn(ctx: Context, f: Finding, d: DealtOutOfTurn) -> Said:
    """A misdeal by a player whose deal it was not (the deal out of turn did not stand)."""
    return say(
        f"{ctx.names.seat(d.dealer)} dealt out of turn before deal {d.deal}: it was"
        f" the turn of {ctx.names.seat(d.turn)}{ctx.law(f.rule)}.",
        f.rule,
        events=(f.event,),
    )


def _sentence(ctx: Context, f: Finding) -> Said | None:
    """The sentence of one of the table's events; None for any other finding (a deal out of
    turn that stands, a lead out of turn: said among the irregularities nobody claimed)."""
    match f.facts:
        case Misdeal() as m:
            return _misdeal(ctx, f, m)
        case DealtOutOfTurn(misdeal=True) as d:
            return _misdeal_out_of_turn(ctx, f, d)
        case RestClaim() as r:
            return _rest(ctx, f, r)
        case CallRefused() | PenaltyWaived() | WrongPenaltyDemanded() | CallAnswered():
            return _call(ctx, f)
    return None


def table_events(ctx: Context) -> list[Said]:
    """The sentences for the table's events, in the order of the findings."""
    out: list[Said] = []
    for f in ctx.findings:
        if id(f) in ctx.used:
            continue
        sentence = _sentence(ctx, f)
        if sentence is not None:
            ctx.used.add(id(f))
            out.append(sentence)
    return out
