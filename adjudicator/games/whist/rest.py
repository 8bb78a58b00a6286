"""A claim or concession of the tricks not played (``claim-rest``; WHIST-REVOKE-16,
WHIST-IRREG-6).

The play ends on it: the hands are abandoned, and the codes let the result as claimed or
admitted stand (AWL-27; ENG64-59 and ENG1900-62 entertain no claim that the game might have
been saved or won), so the tricks not played go as claimed and the score uses them. Whether
the cards bear the claim out is judged by an exact double-dummy search of the cards left
(``double_dummy``): a claim of more than the claimer's side is sure of is disproved, a
concession of tricks it was sure of is noted; where the search cannot decide within its
bound (or the cards are not all shown) the finding says so instead of guessing.
"""

from __future__ import annotations

from typing import Literal

from adjudicator.errors import InputError, pointer_of
from adjudicator.facts.whist_table import RestClaim
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.whist.double_dummy import sure_tricks
from adjudicator.games.whist.facts import Phase, RestClaimed
from adjudicator.games.whist.table import Table
from adjudicator.record.whist import WhistClaimRest
from adjudicator.seats import WHIST_SEATS

#: why the cards were not searched: not all shown, or the trick on the table not in turn
Unsearched = Literal["cards-not-shown", "not-in-turn", "too-many"] | None


def claim_rest(state: Table, index: int, event: WhistClaimRest) -> None:
    """End the deal on the claim; record how the tricks not played go, and what the cards
    say of it."""
    where = pointer_of("events", index)
    if state.phase is not Phase.PLAY:
        after = f" after deal {state.deal.number} ended" if state.deals else ""
        raise InputError(where, f"a claim of the tricks not played{after}, with no deal in play")
    deal = state.deal
    trick = deal.tricks[-1]
    complete = sum(1 for t in deal.tricks if t.winner is not None)  # (a position's: no plays)
    remaining = 13 - complete
    if event.tricks > remaining:
        raise InputError(
            f"{where}/tricks",
            f"{event.tricks} tricks claimed, but only {remaining} of deal {deal.number} are"
            " not yet played",
        )
    on_table = trick.plays if len(trick.plays) < 4 else []
    if len(trick.plays) == 4:
        trick.quitted = True
    leader = on_table[0].seat if on_table else (trick.winner or trick.leader)
    regular = all(p.seat == _nth(leader, k) for k, p in enumerate(on_table))
    shown = not any(deal.unknown.values())
    sure = None
    if regular and shown:
        sure = sure_tricks(
            state.hands,
            [(p.seat, p.card) for p in on_table],
            leader,
            deal.trump.suit,
            "NS" if event.seat in "NS" else "EW",
        )
    deal.rest = RestClaimed(index, event.seat, event.tricks, remaining, sure)
    deal.end_event = index
    state.phase = Phase.AFTER_PLAY
    why: Unsearched = None if regular and shown else "not-in-turn" if shown else "cards-not-shown"
    state.findings.append(_finding(deal.number, complete + 1, deal.rest, why))


def _nth(leader: str, k: int) -> str:
    """The seat ``k`` places to the leader's left: who plays ``k``-th after him in turn."""
    return WHIST_SEATS[(WHIST_SEATS.index(leader) + k) % 4]


def _finding(deal: int, trick: int, rest: RestClaimed, unsearched: Unsearched) -> Finding:
    """What the cards say of the claim; the tricks go as claimed whatever they say."""
    severity: Severity = "info"
    verdict: Literal["borne-out", "disproved", "gave-away", "undecided"]
    if rest.sure is None:
        verdict = "undecided"
        unsearched = unsearched or "too-many"
    elif rest.sure == rest.tricks:
        verdict = "borne-out"
    elif rest.sure < rest.tricks:
        severity, verdict = "warning", "disproved"
    else:
        verdict = "gave-away"
    facts = RestClaim(
        seat=rest.seat,
        side=rest.side,
        deal=deal,
        trick=trick,
        tricks=rest.tricks,
        remaining=rest.remaining,
        sure=rest.sure,
        verdict=verdict,
        undecided=unsearched if verdict == "undecided" else None,
    )
    return make_finding(
        "WHIST-REVOKE-16",
        severity,
        facts=facts,
        event=rest.event,
        deal=deal,
        trick=trick,
        seat=rest.seat,
        basis=["WHIST-IRREG-6"],
    )
