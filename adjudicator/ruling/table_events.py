"""What the director says of the whist table's own events: a misdeal or new deal and who
deals next; a call after a lead out of turn or of an exposed card, and whether it was obeyed;
a claim or concession of the tricks not played.

Each finding of these kinds has one sentence, keyed by its rule and the words of its message
(the finding carries the facts; the sentence names the players). Said among the disputes,
since each is a question the table put to the laws, whatever its severity.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.findings import Finding
from adjudicator.ruling.sentences import Context, Said, say

_WHEN = re.compile(
    r"^(?:Before deal (?P<before>\d+)|During the play of deal (?P<during>\d+)), (?P<why>[^:]+):"
)


def _next_dealer(f: Finding) -> str:
    """The seat the finding says deals next (``legal``: ``["W to deal"]``)."""
    return (f.legal or ["? to deal"])[0].split()[0]


def _misdeal(ctx: Context, f: Finding) -> Said | None:
    """A misdeal that loses the deal, one excused, or a new deal by the same dealer."""
    m = _WHEN.match(f.message)
    if m is None:
        return None
    who = ctx.names.seat(f.seat)
    after = ctx.names.seat(_next_dealer(f))
    law = ctx.law(f.rule)
    if m["during"]:
        return say(
            f"During the play of deal {m['during']} [event {f.event}] {m['why']}: the hand is"
            f" void and scores nothing, the scores made before it stand, and {who} deals"
            f" again{law}.",
            f.rule,
        )
    deal = f"deal {m['before']}"
    if f.rule != "WHIST-DEAL-8":
        return say(
            f"Before {deal} [event {f.event}] {m['why']}: a new deal by the same dealer, so"
            f" {who} deals again{law}.",
            f.rule,
        )
    if f.severity == "violation":
        return say(
            f"{who} misdealt before {deal} [event {f.event}]: {m['why']}. A misdeal loses the"
            f" deal, which passes to {after}{ctx.law(f.rule, 'WHIST-DEAL-4')}.",
            f.rule,
            "WHIST-DEAL-4",
        )
    excuse = (
        "an adversary had touched the cards"
        if "touched" in f.message
        else ("the adversaries had interrupted the dealer")
    )
    return say(
        f"{who} misdealt before {deal} [event {f.event}]: {m['why']}. But {excuse}, so the"
        f" misdeal does not lose the deal and {who} deals again{law}.",
        f.rule,
    )


#: rule -> its sentence (None: the finding is not one of these events' and is left as it is)
SENTENCES: dict[str, Callable[[Context, Finding], Said | None]] = {
    "WHIST-DEAL-5": _misdeal,
    "WHIST-DEAL-6": _misdeal,
    "WHIST-DEAL-8": _misdeal,
}


def table_events(ctx: Context) -> list[Said]:
    """The sentences for the table's events, in the order of the findings."""
    out: list[Said] = []
    for f in ctx.findings:
        handler = SENTENCES.get(f.rule)
        if handler is None or id(f) in ctx.used:
            continue
        sentence = handler(ctx, f)
        if sentence is not None:
            ctx.used.add(id(f))
            out.append(sentence)
    return out
