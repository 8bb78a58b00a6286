"""Facts of whist play at the table: cards played out of turn (more kinds join as they are
typed)."""

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
