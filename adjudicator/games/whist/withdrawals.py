"""Taking a card back (``retract``): a renounce corrected in time, a card played in error,
and cards played to a lead out of turn (WHIST-REVOKE-5, WHIST-PEN-1, WHIST-IRREG-1).

Functions over ``table.Table``, called by the replay (``state``) for each ``retract``.
"""

from __future__ import annotations

from adjudicator.engine.tricks import PlayedCard
from adjudicator.errors import InputError, pointer_of
from adjudicator.facts import CardTakenBack, FalseLeadRenounceTakenBack, RenounceCorrected
from adjudicator.findings import make_finding
from adjudicator.games.whist.facts import Phase, Renounce, Trick
from adjudicator.games.whist.table import Table
from adjudicator.record.whist import WhistRetract


def apply_retract(table: Table, index: int, event: WhistRetract) -> None:
    where = pointer_of("events", index)
    seat = event.seat
    if table.phase != Phase.PLAY:
        raise InputError(f"{where}/seat", f"{seat} has no card on the table to take back")
    trick = table.trick
    position = next((i for i, p in enumerate(trick.plays) if p.seat == seat), None)
    if position is None:
        raise InputError(
            f"{where}/seat",
            f"{seat} has no card in the trick on the table (trick {trick.number}) to take back",
        )
    complete = len(trick.plays) == 4
    played = trick.plays.pop(position)
    trick.winner = None
    table.hands[seat].add(played.card)
    renounce = next((r for r in table.pending if r.event == played.event), None)
    later = {p.seat for p in trick.plays[position:]}
    if _follows_false_lead(trick, played, position, complete):
        _withdraw_from_false_lead(table, index, trick, played, renounce)
    elif renounce is not None:
        table.pending.remove(renounce)
        renounce.corrected_at = index
        table.deal.renounces.append(renounce)
        table.exposed[seat].add(played.card)
        trick.free_withdrawals |= later
        table.findings.append(
            make_finding(
                "WHIST-REVOKE-5",
                "warning",
                facts=RenounceCorrected(
                    seat=seat,
                    card=str(played.card),
                    led=renounce.led.noun[:-1],
                    held=tuple(str(c) for c in renounce.held),
                    deal=table.deal.number,
                    trick=trick.number,
                    taken_back_at=index,
                    remedy="call-card"
                    if table.rules.code == "american-1893"
                    else "call-card-or-suit",
                ),
                event=played.event,
                deal=table.deal.number,
                trick=trick.number,
                seat=seat,
                basis=["WHIST-REVOKE-1", "WHIST-REVOKE-3"],
                legal=[str(c) for c in renounce.held],
            )
        )
    elif seat in trick.free_withdrawals:
        trick.free_withdrawals -= {seat}
    else:
        trick.free_withdrawals |= later
        if played.event == trick.false_lead and table.rules.code == "american-1893":
            return  # AWL-20 I: a card led out of turn is not exposed (AWL-24: a suit call)
        table.exposed[seat].add(played.card)
        table.findings.append(
            make_finding(
                "WHIST-PEN-1",
                "warning",
                facts=CardTakenBack(
                    seat=seat, card=str(played.card), deal=table.deal.number, trick=trick.number
                ),
                event=index,
                deal=table.deal.number,
                trick=trick.number,
                seat=seat,
                basis=["WHIST-PEN-2"],
            )
        )


def _follows_false_lead(trick: Trick, played: PlayedCard, position: int, complete: bool) -> bool:
    """Whether the card taken back was played to a lead out of turn that has not been
    followed by all four (ENG64-63, ENG1900-66, AWL-24: such a trick does not stand)."""
    lead = trick.false_lead
    if lead is None or complete or played.event <= lead:
        return False
    lead_on_table = position > 0 and trick.plays[0].event == lead
    return lead_on_table or played.seat in trick.free_withdrawals


def _withdraw_from_false_lead(
    table: Table, index: int, trick: Trick, played: PlayedCard, renounce: Renounce | None
) -> None:
    """A card played to a false lead comes back without penalty: not exposed, and a
    renounce to it is no revoke to be corrected (WHIST-IRREG-1)."""
    trick.free_withdrawals -= {played.seat}
    if not trick.plays:
        trick.false_lead = None
    if renounce is None:
        return
    table.pending.remove(renounce)
    table.findings.append(
        make_finding(
            "WHIST-IRREG-1",
            "info",
            facts=FalseLeadRenounceTakenBack(
                seat=played.seat,
                card=str(played.card),
                led=renounce.led.noun[:-1],
                held=[str(c) for c in renounce.held],
                deal=table.deal.number,
                trick=trick.number,
                taken_back=index,
            ),
            event=played.event,
            deal=table.deal.number,
            trick=trick.number,
            seat=played.seat,
            basis=["WHIST-REVOKE-1"],
        )
    )


def card_back_in_hand(table: Table, seat: str, card: str, at: int) -> None:
    """A suit called (event ``at``) instead of the card led out of turn and taken back: the
    card goes back into the hand (ENG1900-64), so the finding that called it exposed says so
    (a review read "exposed and liable to be called" of a card a suit call had freed)."""
    findings = table.findings
    for i, f in enumerate(findings):
        fact = f.facts
        if (
            isinstance(fact, CardTakenBack)
            and f.deal == table.deal.number
            and (fact.seat, fact.card) == (seat, card)
            and fact.suit_called_at is None
        ):
            findings[i] = make_finding(
                f.rule,
                f.severity,
                facts=fact.model_copy(update={"suit_called_at": at}),
                event=f.event,
                deal=f.deal,
                trick=f.trick,
                seat=f.seat,
                basis=f.basis,
            )
            return
