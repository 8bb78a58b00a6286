"""The words for a false declaration amended and for the call of one of its cards (Bézique and
Rubicon, BEZ-DECL-9): what the player did, whether the rule allowed it, and what follows.

Each ``amend`` and ``call`` event of the record is answered like a claim (``DISPUTES``); the
facts come from the record (the claim's cards) and from the findings the games made at the
event (why an amendment was refused, why a call had no force) or at the offender's next card
(whether the call was obeyed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from adjudicator.facts.bezique_declarations import Amendment, CardCalled
from adjudicator.findings import Finding
from adjudicator.ruling.sentences import Claim, Context, Said, declaration_of, say, words
from adjudicator.ruling.words import card, cards_said, laws

RULE = "BEZ-DECL-9"


def _what(ctx: Context, claim: Claim) -> tuple[str, str]:
    """The declaration as announced, said aloud (when: after which trick, not its event
    number, which stands beside the sentence), and its maker's name."""
    row = declaration_of(ctx, claim.ref)
    seat = row.seat if row is not None else (claim.against or claim.by)
    name = words(claim.combination or "declaration")
    return f"the {name} declared{_after_trick(ctx, claim.ref)}", seat


def _after_trick(ctx: Context, event: int | None) -> str:
    """`` after trick 12``: the last trick won before ``event`` in its deal, as the deal's
    trick rows number it; empty when none was (a declaration at a position)."""
    if event is None or not ctx.deals:
        return ""
    deal = ctx.deal_of(event)
    won = [
        row["trick"]
        for row in deal.tricks
        if row["plays"] and row["plays"][-1]["event"] < event and row["winner"]
    ]
    return f" after trick {won[-1]}" if won else ""


def _foster(ctx: Context) -> tuple[str, list[str]]:
    """Foster's rule, cited by his page: in Rubicon it is no Portland law (RUB-IRREG-1), and
    law 50, which the code's citation would name, is only its time limit."""
    if ctx.game == "rubicon-bezique":
        return laws(["RUB-IRREG-1"], "bezique"), [RULE, "RUB-IRREG-1"]
    return ctx.law(RULE), [RULE]


# Amendment ----------------------------------------------------------------------------------------

#: Why an amendment was refused (the fact's reason) -> the words, with {who} and {card}.
_REFUSED: dict[str, str] = {
    "drawn-since": "{who} had drawn from the stock since declaring it, and an amendment is"
    " allowed only before drawing",
    "card-not-held": "{who} did not hold {card} in the hand, and only the right card from the"
    " hand may amend it",
    "still-not-formed": "the cards as amended still do not make it",
}


def _amendment(ctx: Context, event: int | None) -> tuple[Finding | None, Amendment | None]:
    """The amendment's finding at ``event`` and its fact, if the game made one."""
    for f in ctx.at(event):
        if isinstance(f.facts, Amendment):
            return f, f.facts
    return None, None


def _amend(ctx: Context, claim: Claim) -> list[Said]:
    declared, seat = _what(ctx, claim)
    who = ctx.names.seat(seat)
    found, fact = _amendment(ctx, claim.event)
    if found is not None:
        ctx.used.add(id(found))
    added = list((Counter(claim.cards) - Counter(claim.replaced)).elements())
    dropped = list((Counter(claim.replaced) - Counter(claim.cards)).elements())
    instead = f" in place of {cards_said(dropped)}" if dropped else ""
    at = (claim.event, claim.ref)
    cite, rules = _foster(ctx)
    if fact is None or fact.outcome == "lawful":
        row = declaration_of(ctx, claim.ref)
        ctx.changed = True
        worth = f", and it scores {row.value}" if row is not None and row.value else ""
        laying = f", laying {cards_said(added)} from the hand{instead}" if added else ""
        return [
            say(
                f"{who} amended {declared} before drawing{laying}: a false declaration may be"
                f" amended so while its maker holds the right card and has not drawn since"
                f"{worth}{cite}.",
                *rules,
                events=at,
            )
        ]
    if fact.outcome == "nothing-to-amend":
        return [
            say(
                f"{who} amended {declared}, but it was not a false declaration: there was nothing"
                f" to amend, and it stands as made{cite}.",
                *rules,
                events=at,
            )
        ]
    assert found is not None
    refused = card(fact.card) if fact.card else "the card"
    why = _REFUSED.get(fact.reason or "", f"{found.citation.title.lower()} forbids it")
    if fact.class_fault is not None:  # a class rule the amended cards break
        cite, rules = ctx.law(fact.rule), [fact.rule]
    putting = f", putting {cards_said(added)}{instead}" if added else ""
    return [
        say(
            f"{who} offered to amend {declared}{putting}; the amendment is refused:"
            f" {why.format(who=who, card=refused)}. The declaration stands as it was made{cite}.",
            *rules,
            events=at,
        )
    ]


# The call of a card -------------------------------------------------------------------------------

#: Why a call has no force (the fact's reason) -> the words, with {who} (the offender).
_NO_FORCE: dict[str, str] = {
    "offender-called": "only the adversary of the player who declared may call",
    "amended": "{who} had amended the declaration",
    "not-false": "the declaration was not false",
    "not-shown": "it is not one of the cards {who} showed",
    "not-held": "{who} no longer held it",
}


def _called(ctx: Context, claim: Claim, *outcomes: str) -> tuple[Finding, CardCalled] | None:
    """The game's ruling on this call (without force at the call, or obeyed or not at the
    offender's next card), if one was made."""
    for f in ctx.findings:
        fact = f.facts
        if (
            isinstance(fact, CardCalled)
            and fact.called_at == claim.event
            and fact.outcome in outcomes
            and id(f) not in ctx.used
        ):
            return f, fact
    return None


def _call(ctx: Context, claim: Claim) -> list[Said]:
    declared, seat = _what(ctx, claim)
    who = ctx.names.seat(seat)
    head = (
        f"{ctx.names.seat(claim.by)} called on {who} to lead or play {card(claim.card or '')}, a"
        f" card of {declared}"
    )
    at = (claim.event, claim.ref)
    if void := _called(ctx, claim, "no-force"):
        return [_no_force(ctx, head, who, *void, at)]
    out = [*_struck(ctx, claim, head)]
    cite, rules = _foster(ctx)
    answered = _called(ctx, claim, "obeyed", "not-obeyed")
    if answered is None:
        if out:
            return [*out, say(f"The record ends before {who} plays again.")]
        return [say(f"{head}; the record ends before {who} plays again{cite}.", *rules, events=at)]
    answer, fact = answered
    ctx.used.add(id(answer))
    how = "led" if fact.led else "played"
    lead, events = ("", (answer.event,)) if out else (f"{head}. ", (*at, answer.event))
    if fact.outcome == "obeyed":
        return [
            *out,
            say(
                f"{lead}{who} {how} it to trick {fact.trick}, as the call required{cite}.",
                *rules,
                events=events,
            ),
        ]
    return [
        *out,
        say(
            f"{lead}{who} {how} {card(fact.played or '')} to trick {fact.trick} instead: the"
            f" call was not obeyed{cite}.",
            *rules,
            events=events,
        ),
        say(
            "The laws of Bézique name no further penalty for it: the trick stands as played and"
            " no score changes, but no player may profit by a breach of the laws"
            f"{ctx.law('GEN-IRREG-4')}.",
            "GEN-IRREG-4",
            events=(answer.event,),
        ),
    ]


def _no_force(
    ctx: Context,
    head: str,
    who: str,
    found: Finding,
    fact: CardCalled,
    at: tuple[int, int | None],
) -> Said:
    """A call without force: made too late (law 50), or for a reason Foster's rule gives."""
    ctx.used.add(id(found))
    if fact.reason == "too-late":
        return say(
            f"{head}, after a card of the next trick had been played: the false declaration was"
            f" found too late, so its score stands and the call has no force"
            f"{ctx.law('BEZ-SCORE-6', 'RUB-LAW-50')}.",
            "BEZ-SCORE-6",
            "RUB-LAW-50",
            events=(*at, fact.next_card),
        )
    why = _NO_FORCE.get(fact.reason or "", "it was not allowed").format(who=who)
    cite, rules = _foster(ctx)
    return say(f"{head}, but {why}: the call has no force{cite}.", *rules, events=at)


def _struck(ctx: Context, claim: Claim, head: str) -> list[Said]:
    """A call in force with no challenge before it is the challenge: the false declaration's
    score is struck (said here, once, unless a claim already said it)."""
    faults = [
        f for f in ctx.at(claim.ref, RULE) if f.severity == "violation" and id(f) not in ctx.used
    ]
    if not faults:
        return []
    ctx.used.update(id(f) for f in faults)
    ctx.changed = True
    rubicon = ctx.game == "rubicon-bezique"  # law 50: the call is a challenge in time
    late = ", in time (before a card of the next trick)" if rubicon else ""
    rules = [RULE, "RUB-LAW-50"] if rubicon else [RULE]
    return [
        say(
            f"{head}{late}: the cards shown do not make it, so its score is struck"
            f"{ctx.law(*rules)}.",
            *rules,
            events=(claim.event, claim.ref),
        )
    ]


def amended_after(ctx: Context, claim: Claim, head: str) -> list[Said]:
    """A challenge of a false declaration that its maker then amended lawfully: right when
    made, and answered by the amendment (said next), not by a score struck."""
    amend = next(
        (
            c
            for c in ctx.claims
            if c.kind == "amend" and c.ref == claim.ref and c.event > claim.event
        ),
        None,
    )
    if amend is None:
        return []
    fact = _amendment(ctx, amend.event)[1]
    if fact is None or fact.outcome != "lawful":
        return []
    cite, rules = _foster(ctx)
    return [
        say(
            f"{head}. The challenge was right, the cards shown not making it; the declaration"
            f" was then amended, as the rules allow{cite}.",
            *rules,
            events=(claim.ref, claim.event, amend.event),
        )
    ]


#: The disputes these events raise, by (game, kind), for ``ruling.disputes``.
AMENDMENT_DISPUTES: dict[tuple[str, str], Callable[[Context, Claim], list[Said]]] = {
    (game, kind): handler
    for game in ("bezique", "rubicon-bezique")
    for kind, handler in (("amend", _amend), ("call", _call))
}
