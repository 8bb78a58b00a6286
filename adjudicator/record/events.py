"""Building blocks shared by every game's events: the card field and the strict base."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from adjudicator.cards import CARD_PATTERN, Card

#: A card in a record: lenient on input (``th``, ``T♥``), canonical on output (``10H``).
CardField = Annotated[
    Card,
    WithJsonSchema(
        {
            "type": "string",
            "pattern": CARD_PATTERN,
            "description": "rank then suit: A K Q J 10 9 8 7 6 5 4 3 2 (T for ten) and S H D C "
            "(or ♠ ♥ ♦ ♣), any case; written back as 10H, QS",
        }
    ),
]


class Strict(BaseModel):
    """Unknown fields are an error; models are frozen facts."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class EventBase(Strict):
    """Fields every event may carry."""

    note: str | None = Field(default=None, description="free text, kept in the report")
