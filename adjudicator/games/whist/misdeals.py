"""Misdeals and new deals: who deals next under each code (WHIST-DEAL-4..8).

Functions over ``bench.Bench``, called by ``judge.Judge``. The rotation is checked deal by
deal in ``judge``; a misdeal between two deals changes whose turn it is: the dealer loses
the deal (it passes to his left) or deals again. The outcome is a table by reason and code,
so a code's difference is a row, not a branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from adjudicator.facts.whist_table import DealtOutOfTurn, Misdeal
from adjudicator.findings import Finding, Severity, make_finding
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import MisdealFacts
from adjudicator.record.whist import MisdealReason, WhistMisdeal
from adjudicator.seats import WhistSeat, left_of, partner_of

Outcome = Literal["lost", "again"]


@dataclass(frozen=True)
class Ruling:
    """What a misdeal of one reason does under one code: the deal lost or dealt again."""

    outcome: Outcome
    rule: str  # the catalogue rule that says so


_MISDEAL = Ruling("lost", "WHIST-DEAL-8")  # ENG64-43, -44; ENG1900-37, -39; AWL-17
_FAULTY_PACK = Ruling("again", "WHIST-DEAL-5")  # ENG64-37, -47; ENG1900-29, -41; AWL-14
_EXPOSED = Ruling("again", "WHIST-DEAL-6")  # ENG64-38, -41; ENG1900-30, -33; AWL-15

#: reason -> the ruling under the English codes and under the American code
RULINGS: dict[MisdealReason, tuple[Ruling, Ruling]] = {
    "dealing": (_MISDEAL, _MISDEAL),
    "trump-face-down": (_MISDEAL, _MISDEAL),
    "trump-not-to-dealer": (_MISDEAL, _MISDEAL),
    "wrong-number": (_MISDEAL, _MISDEAL),
    "cards-counted": (_MISDEAL, _MISDEAL),
    "pack-not-cut": (_MISDEAL, _MISDEAL),
    # ENG64-41, ENG1900-33: the adversaries may see the card and exact a new deal;
    # AWL-17 V: a misdeal
    "dealer-saw-trump": (_EXPOSED, _MISDEAL),
    "imperfect-pack": (_FAULTY_PACK, _FAULTY_PACK),
    "card-faced-in-pack": (_FAULTY_PACK, _FAULTY_PACK),
    "card-exposed": (_EXPOSED, _EXPOSED),
}


def ruling_of(event: WhistMisdeal, english: bool) -> Ruling:
    """The reason's ruling under the code; a misdeal excused by the adversaries' touching the
    cards or interrupting the dealer does not lose the deal (ENG64-45, -50; ENG1900-36, -39;
    AWL-17)."""
    ruling = RULINGS[event.reason][0 if english else 1]
    if ruling.outcome == "lost" and (event.adversary_touched or event.interrupted):
        return Ruling("again", ruling.rule)
    return ruling


def next_dealer(event: WhistMisdeal, english: bool) -> WhistSeat:
    """Who deals after this misdeal: the player on the dealer's left, or the dealer again."""
    lost = ruling_of(event, english).outcome == "lost"
    return left_of(event.dealer) if lost else event.dealer


def misdeal(bench: Bench, facts: MisdealFacts, expected: WhistSeat | None) -> WhistSeat:
    """Rule on one misdeal; return whose deal it is next."""
    timed = facts.timed
    event = timed.event
    ruling = ruling_of(event, bench.english)
    after = next_dealer(event, bench.english)
    owner = event.dealer
    if (
        bench.english
        and ruling.outcome == "lost"
        and expected is not None
        and event.dealer == partner_of(expected)
    ):  # ENG64-51, ENG1900-38: the partner who took the deal loses it for the dealer
        owner, after = expected, left_of(expected)
    if expected is not None and event.dealer != expected:
        bench.findings.append(
            make_finding(
                "WHIST-DEAL-7",
                "violation",
                facts=DealtOutOfTurn(
                    dealer=event.dealer,
                    turn=expected,
                    deal=facts.before_deal,
                    misdeal=True,
                    charged_to=owner if owner != event.dealer else None,
                ),
                event=timed.index,
                deal=facts.before_deal,
                seat=event.dealer,
                basis=["WHIST-DEAL-4"],
            )
        )
    bench.findings.append(_misdeal_finding(bench, facts, ruling, after, owner))
    return after


def _misdeal_finding(
    bench: Bench, facts: MisdealFacts, ruling: Ruling, after: str, owner: str
) -> Finding:
    event = facts.timed.event
    severity: Severity = "violation" if ruling.rule == "WHIST-DEAL-8" else "info"
    excuse: Literal["adversary-touched", "interrupted"] | None = None
    if ruling.outcome == "lost":
        outcome: Literal["deal-lost", "excused", "new-deal"] = "deal-lost"
    elif ruling.rule == "WHIST-DEAL-8":
        severity, outcome = "warning", "excused"
        excuse = "adversary-touched" if event.adversary_touched else "interrupted"
    else:
        outcome = "new-deal"
    return make_finding(
        ruling.rule,
        severity,
        facts=Misdeal(
            dealer=event.dealer,
            reason=event.reason,
            outcome=outcome,
            excuse=excuse,
            owner=owner,
            next_dealer=after,
            before_deal=facts.before_deal,
            voids_deal=facts.voids_deal,
        ),
        event=facts.timed.index,
        deal=facts.voids_deal or facts.before_deal,
        seat=event.dealer,
        basis=[] if ruling.outcome == "again" else ["WHIST-DEAL-4"],
        legal=[f"{after} to deal"],
    )
