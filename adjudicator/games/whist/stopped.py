"""A whist deal begun at a position whose record stops before trick 13 (issue 11).

Functions over ``bench.Bench``, called by ``judge.Judge``. Why: the director often has a
deal stopped where the dispute arose. What the cards shown decide is ruled as usual (a
renounce proven by a card played later and established by the next trick is a revoke); what
only the rest of the play could show is listed in ``undetermined`` with the fact that
decides it, never guessed: the deal's result, a renounce by a seat whose unshown cards may
hold the suit, a renounce not yet established, and a revoke claim that names one of them
(neither upheld nor refused).
"""

from __future__ import annotations

from adjudicator.cards import format_cards, sort_hand
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import DealFacts, claim_matches
from adjudicator.games.whist.scoring import DealScore
from adjudicator.record.whist import WhistClaim
from adjudicator.seats import Side


def _stop(deal: DealFacts) -> str:
    """Where the record stops: ``trick 8`` (the last trick begun)."""
    return f"trick {max((t.number for t in deal.tricks if t.plays), default=len(deal.tricks))}"


def open_renounces(bench: Bench, deal: DealFacts) -> None:
    """Each renounce the stopped record cannot decide is, or is not, a revoke."""
    for r in deal.open_renounces:
        unknown = deal.unknown[r.seat]
        _undecided(
            bench,
            deal,
            f"Did {r.seat} revoke at trick {r.trick}: did {r.seat} hold a {r.led.noun[:-1]}"
            f" when playing {r.card}?",
            f"{'one' if unknown == 1 else unknown} of {r.seat}'s cards"
            f" {'is' if unknown == 1 else 'are'} not shown, and the record, which stops at"
            f" {_stop(deal)}, does not place {format_cards(sort_hand(r.held))}",
            f"the cards {r.seat} held at trick {r.trick}: the hand at the position, or"
            f" where {format_cards(sort_hand(r.held))} went (the tricks before it, the rest"
            " of the play)",
            "WHIST-REVOKE-1",
            r.event,
        )
    for r in deal.unsettled:
        _undecided(
            bench,
            deal,
            f"Was {r.seat}'s renounce at trick {r.trick} established? {r.seat} played {r.card}"
            f" to a {r.led.noun[:-1]} lead holding {format_cards(r.held)}.",
            f"the record stops at {_stop(deal)}, before the trick was quitted or"
            f" {r.seat} or the partner played to the next: it may yet have been corrected",
            "the play that followed: whether the renounce was corrected before it was established",
            "WHIST-REVOKE-3",
            r.event,
        )


def claim_open(bench: Bench, deal: DealFacts, index: int, claim: WhistClaim) -> bool:
    """A revoke claim that finds no proven revoke but names an open renounce: it is
    neither upheld nor refused, and listed."""
    open_ = [
        r
        for r in deal.open_renounces + deal.unsettled
        if r.event < index and claim_matches(claim, r)
    ]
    if not open_:
        return False
    r = open_[0]
    _undecided(
        bench,
        deal,
        f"Does the revoke claim by {claim.by} at event {index} stand?",
        f"it names {r.seat}'s renounce at trick {r.trick}, which the"
        " record cannot decide is an established revoke",
        f"the cards {r.seat} held at trick {r.trick}"
        if r in deal.open_renounces
        else f"the play after trick {r.trick}: whether {r.seat} corrected the renounce"
        " before it was established",
        "WHIST-REVOKE-6",
        index,
    )
    return True


def stopped_result(bench: Bench, deal: DealFacts, before: dict[Side, int]) -> DealScore:
    """Nothing scored for a deal stopped part-way: its result is listed as undetermined."""
    won = deal.tricks_won()
    done = sum(won.values())
    _undecided(
        bench,
        deal,
        f"The result of deal {deal.number}",
        f"the record stops after {done} of 13 tricks",
        "the rest of the play: the tricks each side wins, and any revoke penalty",
        "WHIST-SCORE-1",
        None,
    )
    bench.steps.append(f"Deal {deal.number} (dealer {deal.dealer}, trumps {deal.trump.suit.noun}):")
    bench.steps.append(
        f"  the record stops after {done} of 13 tricks (N-S {won['NS']}, E-W"
        f" {won['EW']}): nothing is scored; the result is undetermined [WHIST-SCORE-1]"
    )
    return DealScore((), dict(won), before, before, None)


def _undecided(
    bench: Bench, deal: DealFacts, what: str, why: str, decides: str, rule: str, event: int | None
) -> None:
    bench.undetermined.append(
        {
            "what": what,
            "why": why,
            "decides": decides,
            "rule": rule,
            "event": event,
            "deal": deal.number,
        }
    )
