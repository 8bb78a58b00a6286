"""Taking a card back (``retract``): a renounce corrected in time, a card played in error,
and cards played to a lead out of turn (WHIST-REVOKE-5, WHIST-PEN-1, WHIST-IRREG-1).

A mixin of ``state.WhistState``: the same table, one concern.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards import Card
from adjudicator.engine.tricks import PlayedCard
from adjudicator.errors import InputError, pointer_of
from adjudicator.facts import CardTakenBack, FalseLeadRenounceTakenBack, RenounceCorrected
from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist.facts import DealFacts, Phase, Renounce, Trick
from adjudicator.record.whist import WhistRetract, WhistRules


class Withdrawals:
    """``retract`` events on the table of ``WhistState``."""

    rules: WhistRules
    phase: Phase
    findings: list[Finding]
    hands: dict[str, set[Card]]
    exposed: dict[str, set[Card]]
    pending: list[Renounce]

    if TYPE_CHECKING:  # properties of ``WhistState``

        @property
        def deal(self) -> DealFacts: ...

        @property
        def trick(self) -> Trick: ...

    # Retract (WHIST-REVOKE-5, WHIST-PEN-1) -------------------------------------------------------

    def _apply_retract(self, index: int, event: WhistRetract) -> None:
        where = pointer_of("events", index)
        seat = event.seat
        if self.phase != Phase.PLAY:
            raise InputError(f"{where}/seat", f"{seat} has no card on the table to take back")
        trick = self.trick
        position = next((i for i, p in enumerate(trick.plays) if p.seat == seat), None)
        if position is None:
            raise InputError(
                f"{where}/seat",
                f"{seat} has no card in the trick on the table (trick {trick.number}) to take back",
            )
        complete = len(trick.plays) == 4
        played = trick.plays.pop(position)
        trick.winner = None
        self.hands[seat].add(played.card)
        renounce = next((r for r in self.pending if r.event == played.event), None)
        later = {p.seat for p in trick.plays[position:]}
        if self._follows_false_lead(trick, played, position, complete):
            self._withdraw_from_false_lead(index, trick, played, renounce)
        elif renounce is not None:
            self.pending.remove(renounce)
            renounce.corrected_at = index
            self.deal.renounces.append(renounce)
            self.exposed[seat].add(played.card)
            trick.free_withdrawals |= later
            self.findings.append(
                make_finding(
                    "WHIST-REVOKE-5",
                    "warning",
                    facts=RenounceCorrected(
                        seat=seat,
                        card=str(played.card),
                        led=renounce.led.noun[:-1],
                        held=tuple(str(c) for c in renounce.held),
                        deal=self.deal.number,
                        trick=trick.number,
                        taken_back_at=index,
                        remedy="call-card"
                        if self.rules.code == "american-1893"
                        else "call-card-or-suit",
                    ),
                    event=played.event,
                    deal=self.deal.number,
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
            if played.event == trick.false_lead and self.rules.code == "american-1893":
                return  # AWL-20 I: a card led out of turn is not exposed (AWL-24: a suit call)
            self.exposed[seat].add(played.card)
            self.findings.append(
                make_finding(
                    "WHIST-PEN-1",
                    "warning",
                    facts=CardTakenBack(
                        seat=seat, card=str(played.card), deal=self.deal.number, trick=trick.number
                    ),
                    event=index,
                    deal=self.deal.number,
                    trick=trick.number,
                    seat=seat,
                    basis=["WHIST-PEN-2"],
                )
            )

    @staticmethod
    def _follows_false_lead(
        trick: Trick, played: PlayedCard, position: int, complete: bool
    ) -> bool:
        """Whether the card taken back was played to a lead out of turn that has not been
        followed by all four (ENG64-63, ENG1900-66, AWL-24: such a trick does not stand)."""
        lead = trick.false_lead
        if lead is None or complete or played.event <= lead:
            return False
        lead_on_table = position > 0 and trick.plays[0].event == lead
        return lead_on_table or played.seat in trick.free_withdrawals

    def _withdraw_from_false_lead(
        self, index: int, trick: Trick, played: PlayedCard, renounce: Renounce | None
    ) -> None:
        """A card played to a false lead comes back without penalty: not exposed, and a
        renounce to it is no revoke to be corrected (WHIST-IRREG-1)."""
        trick.free_withdrawals -= {played.seat}
        if not trick.plays:
            trick.false_lead = None
        if renounce is None:
            return
        self.pending.remove(renounce)
        self.findings.append(
            make_finding(
                "WHIST-IRREG-1",
                "info",
                facts=FalseLeadRenounceTakenBack(
                    seat=played.seat,
                    card=str(played.card),
                    led=renounce.led.noun[:-1],
                    held=[str(c) for c in renounce.held],
                    deal=self.deal.number,
                    trick=trick.number,
                    taken_back=index,
                ),
                event=played.event,
                deal=self.deal.number,
                trick=trick.number,
                seat=played.seat,
                basis=["WHIST-REVOKE-1"],
            )
        )
