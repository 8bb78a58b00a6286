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
from adjudicator.ruling.words import card

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
        taken = re.search(r"a misdeal by ([NESW])'s partner", f.message)
        whose = (
            f"; {ctx.names.seat(taken[1])}, whose deal it was, loses it, and it passes"
            if taken
            else ", which passes"
        )
        return say(
            f"{who} misdealt before {deal} [event {f.event}]: {m['why']}. A misdeal loses the"
            f" deal{whose} to {after}{ctx.law(f.rule, 'WHIST-DEAL-4')}.",
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


_REST = re.compile(
    r"^(?P<seat>[NESW]) (?P<verb>claimed|conceded) (?:all (?P<all>\d+) tricks not played to"
    r" (?:NS|EW)|(?P<tricks>\d+) of the (?P<left>\d+) tricks not played), from trick \d+ of deal"
    r" (?P<deal>\d+): (?P<verdict>.+?)\. The hands being abandoned on it, the tricks not played"
    r" go as \w+: (?P<a>NS|EW) (?P<a_n>\d+), (?P<b>NS|EW) (?P<b_n>\d+)\.$"
)
_DISPROVED = re.compile(r"with best play (?P<other>NS|EW) take (?P<n>\d+) of them")
_SURE = re.compile(r"the cards show (?P<side>NS|EW) were sure of (?P<n>\d+) of them")
#: why the search did not decide (the finding's words) -> as the director says it
_UNDECIDED = {
    "the cards are not all shown": "the record not showing every card left",
    "the trick on the table was not played in turn": "the trick on the table not having been"
    " played in turn",
}
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _rest(ctx: Context, f: Finding) -> Said | None:
    """A claim or concession of the tricks not played: what the cards say, and that the
    tricks go as claimed all the same (the hands were abandoned on it)."""
    m = _REST.match(f.message)
    if m is None:
        return None
    who = ctx.names.seat(m["seat"])
    left = int(m["all"] or m["left"])
    last = f"the last {_NUMBERS.get(left, left)} tricks of deal {m['deal']}"
    if m["verb"] == "conceded":
        said = f"{who} conceded {last} [event {f.event}]"
    elif int(m["tricks"]) == left:
        said = f"{who} claimed {last} [event {f.event}]"
    else:
        said = f"{who} claimed {m['tricks']} of {last} [event {f.event}]"
    verdict = m["verdict"]
    split = f"{ctx.names.side(m['a'])} {m['a_n']}, {ctx.names.side(m['b'])} {m['b_n']}"
    english = ctx.code != "american-1893"
    stands = (
        "once all four have thrown their cards down no claim that the play might have gone"
        " otherwise is heard"
        if english
        else "once all four have thrown their cards down the result as claimed or admitted stands"
    )
    law = ctx.law(f.rule, *f.basis) if m["verb"] == "conceded" else ctx.law(f.rule)
    if found := _DISPROVED.search(verdict):
        text = (
            f"{said}, but the cards disprove it: with best play {ctx.names.side(found['other'])}"
            f" take {found['n']} of them. The claim stands all the same, since {stands}: the"
            f" tricks not played go as claimed, {split}{law}."
        )
    elif found := _SURE.search(verdict):
        text = (
            f"{said}, though the cards show {ctx.names.side(found['side'])} were sure of"
            f" {found['n']} of them. The laws say nothing of a trick conceded, and {stands}: the"
            f" tricks not played go as conceded, {split}{law}."
        )
    elif verdict.startswith("whether"):
        why = _UNDECIDED.get(verdict.split("(")[-1].rstrip(")"))
        why = why or f"{left} tricks being more than the search examines"
        text = (
            f"{said}; whether the cards bear it out is not decided here, {why}. The tricks not"
            f" played go as claimed, {split}{law}."
        )
    else:
        text = (
            f"{said}, and the cards bear it out: the tricks not played go as claimed, {split}{law}."
        )
    return say(text, f.rule, *(f.basis if m["verb"] == "conceded" else ()))


_CALL = re.compile(r"^[NESW] (?:called|waived) ")
_CARDS = re.compile(r"\b(?:10|[2-9AKQJ])[SHDC](?: (?:10|[2-9AKQJ])[SHDC])*\b")
_WHO = re.compile(r"\b(NS|EW|N|E|S|W)\b")


def named(ctx: Context, text: str) -> str:
    """A finding's words as a director says them: players by name, cards in words, the
    events in brackets (``E called 8D from N (event 19)``)."""

    def cards(m: re.Match[str]) -> str:
        said = [card(c) for c in m[0].split()]
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]

    text = _CARDS.sub(cards, text)
    text = re.sub(r"\(event (\d+)\)", r"[event \1]", text)
    return _WHO.sub(lambda m: ctx.names.any(m[1]), text)


def call_finding(ctx: Context, f: Finding) -> bool:
    """Whether a finding is about a call (``call`` events), whatever its rule."""
    return bool(_CALL.match(f.message))


def _call(ctx: Context, f: Finding) -> Said | None:
    """A call: made, obeyed, void, waived, or not obeyed (a revoke nobody claimed in time)."""
    if not call_finding(ctx, f):
        return None
    text = named(ctx, f.message.rstrip("."))
    rules = [f.rule]
    if f.rule == "WHIST-REVOKE-2":
        text += (
            ". It was not claimed before the cards were cut for the next deal, so no penalty"
            " can be exacted"
        )
        rules.append("WHIST-REVOKE-7")
    where = "" if "[event " in text else f" [event {f.event}]"
    return say(f"{text}{where}{ctx.law(*rules)}.", *rules)


_OUT_OF_TURN = re.compile(
    r"^(?P<seat>[NESW]) dealt out of turn before deal (?P<deal>\d+): it was (?P<turn>[NESW])'s"
)


def _misdeal_out_of_turn(ctx: Context, f: Finding) -> Said | None:
    """A misdeal by a player whose deal it was not (the deal out of turn did not stand)."""
    m = _OUT_OF_TURN.match(f.message)
    if m is None:
        return None
    return say(
        f"{ctx.names.seat(m['seat'])} dealt out of turn before deal {m['deal']} [event"
        f" {f.event}]: it was {ctx.names.seat(m['turn'])}'s turn{ctx.law(f.rule)}.",
        f.rule,
    )


#: rule -> its sentence (None: the finding is not one of these events' and is left as it is)
SENTENCES: dict[str, Callable[[Context, Finding], Said | None]] = {
    "WHIST-DEAL-5": _misdeal,
    "WHIST-DEAL-6": _misdeal,
    "WHIST-DEAL-8": _misdeal,
    "WHIST-DEAL-7": _misdeal_out_of_turn,
    "WHIST-REVOKE-16": _rest,
    "WHIST-IRREG-1": _call,
    "WHIST-PEN-2": _call,
    "WHIST-PEN-3": _call,
    "WHIST-PEN-4": _call,
    "WHIST-REVOKE-2": _call,
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
