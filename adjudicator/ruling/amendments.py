"""The words for a false declaration amended and for the call of one of its cards (Bézique and
Rubicon, BEZ-DECL-9): what the player did, whether the rule allowed it, and what follows.

Each ``amend`` and ``call`` event of the record is answered like a claim (``DISPUTES``); the
facts come from the record (the claim's cards) and from the findings the games made at the
event (why an amendment was refused, why a call had no force) or at the offender's next card
(whether the call was obeyed).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from adjudicator.findings import Finding
from adjudicator.ruling.sentences import Claim, Context, Said, declaration_of, say, words
from adjudicator.ruling.words import card, laws

RULE = "BEZ-DECL-9"


def _cards(cards: list[str] | tuple[str, ...]) -> str:
    """``the king of spades``, ``the king and the queen ...``: cards said aloud, joined."""
    said = [card(c) for c in cards]
    return " and ".join(said) if len(said) < 3 else ", ".join(said[:-1]) + " and " + said[-1]


def _what(ctx: Context, claim: Claim) -> tuple[str, str]:
    """The declaration as announced, said aloud, and its maker's name."""
    row = declaration_of(ctx, claim.ref)
    seat = row.seat if row is not None else (claim.against or claim.by)
    return f"the {words(claim.combination or 'declaration')} declared at event {claim.ref}", seat


def _foster(ctx: Context) -> tuple[str, list[str]]:
    """Foster's rule, cited by his page: in Rubicon it is no Portland law (RUB-IRREG-1), and
    law 50, which the code's citation would name, is only its time limit."""
    if ctx.game == "rubicon-bezique":
        return laws(["RUB-IRREG-1"], "bezique"), [RULE, "RUB-IRREG-1"]
    return ctx.law(RULE), [RULE]


# Amendment ----------------------------------------------------------------------------------------

#: Why an amendment was refused (the game's finding) -> the words, with {who} and {card}.
_REFUSED = (
    (
        re.compile(r"had drawn from the stock"),
        "{who} had drawn from the stock since declaring it, and an amendment is allowed only"
        " before drawing",
    ),
    (
        re.compile(r"did not hold"),
        "{who} did not hold {card} in the hand, and only the right card from the hand may amend it",
    ),
    (re.compile(r"still do not"), "the cards as amended still do not make it"),
)


def _amend(ctx: Context, claim: Claim) -> list[Said]:
    declared, seat = _what(ctx, claim)
    who = ctx.names.seat(seat)
    own = ctx.at(claim.event, RULE) or ctx.at(claim.event)
    ctx.used.update(id(f) for f in own)
    added = list((Counter(claim.cards) - Counter(claim.replaced)).elements())
    dropped = list((Counter(claim.replaced) - Counter(claim.cards)).elements())
    instead = f" in place of {_cards(dropped)}" if dropped else ""
    laying = f", laying {_cards(added)} from the hand{instead}" if added else ""
    putting = f", putting {_cards(added)}{instead}" if added else ""
    head = f"{who} amended {declared} [event {claim.event}]"
    offered = f"{who} offered to amend {declared} [event {claim.event}]"
    if not own or own[0].severity == "info":
        row = declaration_of(ctx, claim.ref)
        ctx.changed = True
        worth = f", and it scores {row.value}" if row is not None and row.value else ""
        cite, rules = _foster(ctx)
        return [
            say(
                f"{head} before drawing{laying}: a false declaration may be amended so"
                f" while its maker holds the right card and has not drawn since{worth}{cite}.",
                *rules,
            )
        ]
    found = own[0]
    cite, rules = _foster(ctx)
    if found.severity == "warning":
        return [
            say(
                f"{head}, but it was not a false declaration: there was nothing to amend, and it"
                f" stands as made{cite}.",
                *rules,
            )
        ]
    why = next(
        (text for pattern, text in _REFUSED if pattern.search(found.message)),
        f"{found.citation.title.lower()} forbids it",
    )
    first = _cards(added) if added else "the card"
    why = why.format(who=who, card=first)
    if found.rule != RULE:  # a class rule the amended cards break
        cite, rules = ctx.law(found.rule), [found.rule]
    return [
        say(
            f"{offered}{putting}; the amendment is refused:"
            f" {why}. The declaration stands as it was made{cite}.",
            *rules,
        )
    ]


# The call of a card -------------------------------------------------------------------------------

#: Why a call has no force (the game's finding) -> the words, with {who} (the offender).
_NO_FORCE = (
    (re.compile(r"only the adversary"), "only the adversary of the player who declared may call"),
    (re.compile(r"had amended it"), "{who} had amended the declaration"),
    (re.compile(r"make the combination"), "the declaration was not false"),
    (re.compile(r"is not one of the cards"), "it is not one of the cards {who} showed"),
    (re.compile(r"no longer holds"), "{who} no longer held it"),
)
_PLAYED = re.compile(r"^(?:A|B) (?P<how>led|played) (?P<card>\S+) to trick (?P<trick>\d+)")


def _call(ctx: Context, claim: Claim) -> list[Said]:
    declared, seat = _what(ctx, claim)
    who = ctx.names.seat(seat)
    called = card(claim.card or "")
    head = (
        f"{ctx.names.seat(claim.by)} called on {who} to lead or play {called}, a card of"
        f" {declared} [event {claim.event}]"
    )
    if no_force := ctx.at(claim.event):
        ctx.used.update(id(f) for f in no_force)
        found = no_force[0]
        if found.rule == "BEZ-SCORE-6":
            return [
                say(
                    f"{head}, after a card of the next trick had been played: the false"
                    f" declaration was found too late, so its score stands and the call has no"
                    f" force{ctx.law('BEZ-SCORE-6', 'RUB-LAW-50')}.",
                    "BEZ-SCORE-6",
                    "RUB-LAW-50",
                )
            ]
        why = next((t for p, t in _NO_FORCE if p.search(found.message)), "it was not allowed")
        cite, rules = _foster(ctx)
        return [say(f"{head}, but {why.format(who=who)}: the call has no force{cite}.", *rules)]
    out = [*_struck(ctx, claim, head)]
    answer = _answer(ctx, claim, seat)
    cite, rules = _foster(ctx)
    if answer is None:
        if out:
            return [*out, say(f"The record ends before {who} plays again.")]
        return [say(f"{head}; the record ends before {who} plays again{cite}.", *rules)]
    ctx.used.add(id(answer))
    m = _PLAYED.match(answer.message)
    how, trick = (m["how"], m["trick"]) if m else ("played", str(answer.trick))
    lead = "" if out else f"{head}. "
    if answer.severity == "info":
        return [
            *out,
            say(
                f"{lead}{who} {how} it to trick {trick} [event {answer.event}], as the call"
                f" required{cite}.",
                *rules,
            ),
        ]
    played = card(m["card"]) if m else "another card"
    return [
        *out,
        say(
            f"{lead}{who} {how} {played} to trick {trick} instead [event {answer.event}]: the"
            f" call was not obeyed{cite}.",
            *rules,
        ),
        say(
            "The laws of Bézique name no further penalty for it: the trick stands as played and"
            " no score changes, but no player may profit by a breach of the laws"
            f"{ctx.law('GEN-IRREG-4')}.",
            "GEN-IRREG-4",
        ),
    ]


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
        )
    ]


def _answer(ctx: Context, claim: Claim, seat: str) -> Finding | None:
    """The ruling on the offender's next card after the call (obeyed or not)."""
    return next(
        (
            f
            for f in ctx.findings
            if f.rule == RULE
            and f.seat == seat
            and (f.event or 0) > claim.event
            and f.legal == [claim.card]
            and id(f) not in ctx.used
        ),
        None,
    )


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
    lawful = amend is not None and [f.severity for f in ctx.at(amend.event, RULE)] == ["info"]
    if amend is None or not lawful:
        return []
    cite, rules = _foster(ctx)
    return [
        say(
            f"{head}. The challenge [event {claim.event}] was right, the cards shown not making"
            f" it; the declaration was then amended [event {amend.event}], as the rules allow"
            f"{cite}.",
            *rules,
        )
    ]


#: The disputes these events raise, by (game, kind), for ``ruling.disputes``.
AMENDMENT_DISPUTES: dict[tuple[str, str], Callable[[Context, Claim], list[Said]]] = {
    (game, kind): handler
    for game in ("bezique", "rubicon-bezique")
    for kind, handler in (("amend", _amend), ("call", _call))
}
