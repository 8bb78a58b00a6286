"""Facts of whist play at the table: cards led or played out of turn, and a card renounced
to a lead out of turn taken back."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.facts.base import Fact


class PlayedOutOfTurn(Fact):
    """A card played to a trick (not led) before the player's turn (WHIST-IRREG-2)."""

    kind: Literal["played-out-of-turn"] = Field(
        default="played-out-of-turn", description="the kind of fact"
    )
    seat: str = Field(description="the seat that played out of turn")
    card: str = Field(description="the card played, in its canonical text (10H, KS)")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick, counted from 1")
    turn: str = Field(description="the seat whose turn it was")

    def message(self) -> str:
        return (
            f"{self.seat} played {self.card} to trick {self.trick} out of turn: it was"
            f" {self.turn}'s turn."
        )


class LedOutOfTurn(Fact):
    """A card led to a trick when another seat was on lead (WHIST-IRREG-1)."""

    kind: Literal["led-out-of-turn"] = Field(
        default="led-out-of-turn", description="the kind of fact"
    )
    seat: str = Field(description="the seat that led out of turn")
    card: str = Field(description="the card led, in its canonical text")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick, counted from 1")
    turn: str = Field(description="the seat that was on lead")
    if_completed: Literal["none", "suit-call"] = Field(
        description="what remains of the penalty if all four play to the lead and the trick"
        " stands (the option false_lead_completed_penalty): none, or a suit call the"
        " adversaries may still make"
    )

    def message(self) -> str:
        remains = (
            "; the adversaries may still call a suit."
            if self.if_completed == "suit-call"
            else " and no penalty remains."
        )
        return (
            f"{self.seat} led {self.card} to trick {self.trick} out of turn: {self.turn} was on"
            f" lead. If all four play to it the trick stands{remains}"
        )


class FalseLeadRenounceTakenBack(Fact):
    """A card renounced to a lead out of turn and taken back: no revoke, not exposed
    (WHIST-IRREG-1; WHIST-REVOKE-1)."""

    kind: Literal["false-lead-renounce-taken-back"] = Field(
        default="false-lead-renounce-taken-back", description="the kind of fact"
    )
    seat: str = Field(description="the seat that renounced and took the card back")
    card: str = Field(description="the card renounced")
    led: str = Field(description="the suit led out of turn, as a singular noun (heart, spade)")
    held: list[str] = Field(description="the cards of the suit led the player held")
    deal: int = Field(description="the deal, counted from 1")
    trick: int = Field(description="the trick, counted from 1")
    taken_back: int = Field(description="the event at which the card was taken back")

    def message(self) -> str:
        return (
            f"{self.seat} played {self.card} to the {self.led} led out of turn at"
            f" trick {self.trick} while holding {' '.join(self.held)}, and took it back at event"
            f" {self.taken_back}: cards played to a lead out of turn are taken back without"
            " penalty, so this renounce is no revoke and the card is not exposed."
        )
