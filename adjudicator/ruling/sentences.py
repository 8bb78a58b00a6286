"""What the decision's sentence tables share: the claims, the context every template reads,
and the words for declarations and plays."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from adjudicator.facts.base import said_name
from adjudicator.facts.bezique_play import BeziqueEndplayRuleBroken
from adjudicator.findings import Finding
from adjudicator.games.bezique.facts import other
from adjudicator.games.bezique.summary import DeclarationRow, EndplayReplayed
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.ruling.words import Names, card, cards_said, laws


@dataclass(frozen=True)
class Claim:
    """A dispute raised at the table, as the record states it (``claim`` events)."""

    event: int
    kind: str
    by: str
    against: str | None = None
    trick: int | None = None
    ref: int | None = None
    by_penalty: bool = False  # no claim event: the choice of a penalty made the claim (whist)
    # Bézique, an amendment or the call of a card of a false declaration (``amendments``):
    # the card called, the cards as amended and as declared, the combination announced
    card: str | None = None
    cards: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()
    combination: str | None = None


@dataclass
class Context:
    """What every template may draw on."""

    game: str
    rules: dict[str, Any]
    names: Names
    findings: list[Finding]
    deals: list[Any]
    corrected: Any
    claims: list[Claim]
    penalties: dict[int, str] = field(default_factory=dict)
    undetermined: list[Any] = field(default_factory=list)  # what the record cannot decide
    used: set[int] = field(default_factory=set)  # id() of findings already worded
    changed: bool = False  # a sentence corrected the score (a penalty, a mark, a score struck)
    #: the result the players agreed last (Bézique: winner and value), or None
    agreed: Any = None
    #: every result the players agreed (``claimed.results``: event, deal, winner, value)
    agreed_results: list[Any] = field(default_factory=list)
    #: the code of laws in force (the game's name for Bézique), read by nearly every sentence
    code: str = field(init=False)

    def __post_init__(self) -> None:
        self.code = str(self.rules.get("code", self.game))

    def at(self, event: int | None, *rules: str) -> list[Finding]:
        return [f for f in self.findings if f.event == event and (not rules or f.rule in rules)]

    def deal_of(self, event: int) -> Any:
        """The deal an event belongs to (the last deal begun before it)."""
        found = self.deals[0] if self.deals else None
        for deal in self.deals:
            if deal.event <= event:
                found = deal
        return found

    def law(self, *rules: str) -> str:
        return laws(rules, self.code)


class Said(NamedTuple):
    """One sentence of the decision: its words, the rules it rests on and the events it
    speaks of. Rule IDs and event numbers stay out of the words (issue 18): the views print
    them beside the sentence."""

    text: str
    rules: list[str]
    events: tuple[int, ...] = ()


def say(text: str, *rules: str, events: Iterable[int | None] = ()) -> Said:
    """A sentence; ``events`` in the order given, unknown (None) and repeated ones dropped."""
    if events == ():  # (most sentences name no event: no generator to run)
        return Said(text, list(rules))
    return Said(text, list(rules), tuple(dict.fromkeys(e for e in events if e is not None)))


#: What makes a score other than a declaration's unlawful, for a challenge of its mark.
SCORE_FAULT = {
    "BEZ-SEVEN-2": "the seven of trumps is exchanged only by the player who has just won a"
    " trick, before drawing, while the turn-up lies under the stock",
    "BEZ-SEVEN-4": "Rubicon Bézique has no seven of trumps to exchange or score",
}


#: combinations said with an article ("a royal marriage"), unlike "four aces", "carte blanche"
COUNTED = re.compile(r"marriage|sequence|bezique")


#: a combination or score item as said aloud: ``royal-marriage`` -> ``royal marriage``
words = said_name


def endplay_consequence(ctx: Context, error: Finding) -> str:
    """What follows a broken rule of the end-play (``error``, its finding): the tricks
    replayed (the deal's score waits on them) or the penalty of the option in force
    (BEZ-LAST-2, the option endplay_penalty)."""
    deal = ctx.deal_of(error.event or 0) if ctx.deals else None
    if deal is not None and getattr(deal, "endplay_replayed", None) is not None:
        return _forced_replay(ctx, deal.endplay_replayed, deal.totals)
    if deal is not None and deal.indeterminate_from_trick is None:  # (a Bézique deal)
        if _stands_unclaimed(ctx, error, deal):
            return _AS_PLAYED["rubicon-bezique" if ctx.game == "rubicon-bezique" else "bezique"]
        return _endplay_penalty(ctx, error)
    if deal is not None and ctx.game == "bezique" and error.seat in ("A", "B"):
        return _open_replay(ctx, error.seat, deal)
    return "the tricks from there on are to be replayed"


def _open_replay(ctx: Context, offender: str, deal: Any) -> str:
    """An ordinary game's replay whose course the record cannot tell: that the adversary may
    compel it (Foster p.381), and, of a deal played out, what it counts as played (the
    figures of a deal to be replayed are those as played, for reference)."""
    adversary = ctx.names.seat(other(offender))
    said = (
        f"as {adversary} may compel, the cards from the error on are taken back and the hand"
        " replayed, and how it would go the record cannot tell"
    )
    if not deal.tricks or deal.tricks[-1]["trick"] != VARIANTS["bezique"].tricks:
        return said
    totals = deal.totals
    return (
        f"{said}; had {adversary} let the play stand, the deal would count"
        f" {ctx.names.seat('A')} {totals['A']} and {ctx.names.seat('B')} {totals['B']}"
    )


def _forced_replay(ctx: Context, replayed: EndplayReplayed, totals: dict[str, int]) -> str:
    """An end-play error replayed when the cards leave no choice (BEZ-LAST-3): the tricks so
    replayed, trick by trick, and what the deal gives each way, for the replay is the
    adversary's to compel (Foster p.381: the offender "may be compelled"); or that the replay
    changes no score (``totals``, the deal's points with it, equal to those as played)."""
    offender = replayed.offender
    adversary = other(offender)
    first = replayed.tricks[0]
    tricks = "; ".join(
        f"at trick {t.trick} {ctx.names.seat(t.leader)} leads {card(t.lead)}"
        f"{' (the lead stands)' if t is first else ''} and {ctx.names.seat(other(t.leader))}"
        f" plays {card(t.answer)}, and {ctx.names.seat(t.winner)} wins it"
        for t in replayed.tricks
    )
    # Rubicon's law 55 takes the cards up on detection: no choice (a review heard Foster's
    # ordinary-game "may compel" said of Rubicon)
    rubicon = ctx.game == "rubicon-bezique"
    how = (
        "under law 55 the cards from the error on are taken up and the hand replayed"
        if rubicon
        else f"as {ctx.names.seat(adversary)} may compel, the cards from the error on are taken"
        " back and the hand replayed"
    )
    head = f"{how}, and the cards left allow only one play: {tricks}."
    if replayed.as_played == totals:
        return f"{head} The tricks so replayed score as the cards fell: no score changes"
    ctx.changed = True  # the replay moves brisques or the last trick: a corrected score
    as_played = (
        f"{ctx.names.seat('A')} {replayed.as_played['A']} and {ctx.names.seat('B')}"
        f" {replayed.as_played['B']}"
    )
    stood = (
        f"as played, the deal would have counted {as_played}"
        if rubicon
        else f"had {ctx.names.seat(adversary)} let the play stand, the deal would count {as_played}"
    )
    return (
        f"{head} The score counts the tricks as replayed: the brisques and the last trick go to"
        " whoever wins them in the replay, whatever was marked as the cards first fell, and"
        f" there is no further penalty; {stood}"
    )


def endplay_fault(ctx: Context, error: Finding) -> str:
    """How the end-play was broken, said after "broke the rules of the end-play at trick 31
    of deal 1": the card, the lead, and what the player held instead (a review heard only
    that the rules were broken, the fault left to the findings)."""
    facts = error.facts
    if not isinstance(facts, BeziqueEndplayRuleBroken) or facts.led is None:
        return ""
    played = f", playing {card(facts.card)} to {card(facts.led)}"
    held = cards_said(facts.holding)
    if facts.fault == "did-not-follow" and held:
        return f"{played} while holding {held}, of the suit led"
    if facts.fault == "did-not-win" and held:
        return f"{played}, which does not win it, while holding {held}, which would"
    if facts.fault == "did-not-trump":
        return f"{played}, holding none of its suit and not trumping though holding a trump"
    if facts.fault == "held-a-card-played-later" and held:
        return f"{played} while holding {held}, played later"
    return played


#: An end-play error nobody claimed, under rules that let the play stand (AMB-37)
_AS_PLAYED = {
    "rubicon-bezique": "nobody claimed it in the deal, so the play stands as recorded under the"
    " house rule this record is judged by: such an error is corrected only when it is detected",
    "bezique": "nobody claimed it in the deal, so the play stands as recorded under the house"
    " rule this record is judged by: the adversary may compel a replay, and did not",
}


def _stands_unclaimed(ctx: Context, error: Finding, deal: Any) -> bool:
    """Whether the rules let the play stand after ``error`` because no revoke was claimed
    after it in its deal (the rules option endplay_unclaimed; ``judge.penalty_mode``)."""
    if ctx.rules.get("endplay_unclaimed") != "as_played":
        return False
    at = error.event or 0
    return not any(  # (a claim naming a card is about that card's deal: ``state.apply_claim``)
        claim.kind == "revoke"
        and claim.event > at
        and ctx.deal_of(claim.event if claim.ref is None else claim.ref) is deal
        for claim in ctx.claims
    )


def _endplay_penalty(ctx: Context, error: Finding) -> str:
    """The penalty of the option in force, said once with what it does to the marks: the
    points it moves are not taken again as marked too much (GEN-IRREG-4)."""
    mode = ctx.rules.get("endplay_penalty")
    facts = error.facts
    if not isinstance(facts, BeziqueEndplayRuleBroken) or mode not in (
        "forfeit_last_tricks",
        "french_nothing_after",
    ):
        return "the penalty of the option in force applies"
    offender = facts.seat
    who = ctx.names.seat(offender)
    adversary = ctx.names.seat("B" if offender == "A" else "A")
    if mode == "forfeit_last_tricks":
        return (
            f"{who} forfeits every trick of the end-play to {adversary}, with its brisques and"
            " the last trick (Enquire Within, the end-play penalty these rules adopt); the marks"
            " made for them as the cards fell are moved once, with no further penalty"
        )
    return (
        f"{who} counts nothing from that trick on, neither brisques nor the last trick (the"
        " French rule, the end-play penalty these rules adopt); the marks made for them are"
        f" taken down, and nothing is added for them to {adversary}"
    )


def declaration_of(ctx: Context, event: int | None) -> DeclarationRow | None:
    if event is None:
        return None
    deal = ctx.deal_of(event)
    rows = getattr(deal, "declarations", []) or []
    return next((d for d in rows if d.event == event or d.scored_by == event), None)


def scored_later(ctx: Context, event: int | None) -> tuple[int, int] | None:
    """Of a declaration whose mark at ``event`` was struck for its timing (out of time, or a
    second score for one trick) and which its holder then scored after a later trick won
    (law 42, BEZ-DECL-3): what it scores then, and that score's event; else None."""
    row = declaration_of(ctx, event)
    if row is None or row.event != event:
        return None
    if row.status == "scored-later" and row.scored_by is not None:
        return row.value, row.scored_by
    if row.rule not in _TIMING:
        return None
    # the same cards declared again by the same player after a later trick won (a review
    # heard "it scores nothing" of a marriage that scored 20 at its next declaration)
    cards = sorted(row.cards)
    rows = getattr(ctx.deal_of(event), "declarations", []) or []
    again = next(
        (
            d
            for d in rows
            if d.event > event
            and d.seat == row.seat
            and d.combination == row.combination
            and sorted(d.cards) == cards
            and d.status == "scored"
            and d.value
        ),
        None,
    )
    return (again.value, again.event) if again is not None else None


#: the rules that strike a declaration's score for its timing only (BEZ-DECL-1, -3): the same
#: cards may score when declared again after a later trick won
_TIMING = frozenset({"BEZ-DECL-1", "BEZ-DECL-3"})


def played(
    deal: WhistDealSummary, event: int | None, seat: str | None = None
) -> tuple[str | None, str | None]:
    """The card ``seat`` played at ``event`` and the card led to its trick (the cards a
    position states as played to the trick in play all have the position's event)."""
    for row in deal.tricks:
        for play in row["plays"]:
            if play["event"] == event and seat in (None, play["seat"]):
                return play["card"], row["plays"][0]["card"]
    return None, None


#: a false declaration (the cards do not make it): its own penalty, the call of its cards
#: (BEZ-DECL-9), under either reading of Foster p.382; nothing to explain
_FALSE = frozenset({"not-formed", "does-not-score"})


def nothing_added(ctx: Context, event: int | None, reason: str | None = None) -> str:
    """Ordinary Bézique, Foster's penalty read as a rule on marking errors (the default): a
    score marked at ``event`` and struck because the laws did not allow it then gives the
    adversary nothing, said so (three directors' reviews expected the points added, and
    asked). Nothing is said of a declaration that marked nothing then."""
    if ctx.game != "bezique" or event is None or reason in _FALSE or not ctx.deals:
        return ""
    marks = ctx.deal_of(event).marks
    if not any(m["event"] == event and m["item"] == "declaration" and m["points"] for m in marks):
        return ""
    if ctx.rules.get("wrong_score_penalty", "add_to_adversary") != "add_to_adversary":
        return ""
    return (
        ", and the adversary adds nothing for it, a score the laws did not allow then being"
        " struck, not corrected as a marking error"
    )
