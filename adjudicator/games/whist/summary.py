"""What the ruling says about each whist deal: the output models (part of ruling/1)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, SkipValidation
from typing_extensions import TypedDict


class Out(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True)


class TrickPlay(TypedDict):
    seat: str
    card: str
    event: int


class TrickRow(TypedDict):
    # One trick as played, as plain data rather than a model (the bulk of a summary); the
    # JSON schema and the serialisation are the same. No docstring: it would enter the schema.
    trick: int
    leader: Annotated[str, Field(description="the seat that should have led")]
    plays: list[TrickPlay]
    winner: str


#: Trick rows as the judge builds them, not validated again at run time (the judge is their
#: only author, and the tests check every fixture's ruling against the published schema).
TrickRows = Annotated[list[TrickRow], SkipValidation]


class HonoursClaim(Out):
    side: str
    count: int
    event: int
    counted: bool = Field(description="whether the claim scored")


class Honours(Out):
    held: dict[str, int] = Field(description="trump A K Q J held per side as dealt")
    claims: list[HonoursClaim]


class Revoke(Out):
    seat: str
    side: str
    trick: int
    event: int = Field(description="the renouncing play")
    established_at: int
    claimed_at: int | None = Field(description="the claim in time that covers it, if any")
    penalty: str | None = Field(description="tricks | deduct | add | waive, as chosen or applied")
    penalty_chosen: bool = Field(description="false when the ruling applied the best choice")
    applied: bool = Field(description="whether a penalty counts in the score")


class ScoreItem(Out):
    item: str = Field(description="penalty | tricks | honours | game | rubber")
    side: str
    points: int
    rule: str
    text: str


class Mark(Out):
    event: int
    side: str
    for_: str = Field(alias="for", serialization_alias="for")
    points: int


class GameResult(Out):
    winner: str
    value: int


class PenaltyOption(Out):
    """What one choice of penalty would give (the director's advisor)."""

    choices: list[str]
    score: dict[str, int]
    game: GameResult | None
    rubber: GameResult | None
    best: bool


class WhistDealSummary(Out):
    deal: int
    event: int
    dealer: str
    trump: str
    hands: dict[str, list[str]]
    tricks: TrickRows
    tricks_won: dict[str, int]
    tricks_after_penalty: dict[str, int]
    revokes: list[Revoke]
    honours: Honours
    score_before: dict[str, int]
    scores: list[ScoreItem] = Field(description="each item in the order it counts (WHIST-SCORE-3)")
    score_after: dict[str, int] = Field(
        description="the game's score after the deal (before turning down)"
    )
    game: GameResult | None = Field(description="the game won in this deal, if any")
    rubber: GameResult | None = Field(description="the rubber completed in this deal, if any")
    marks: list[Mark]
    penalty_options: list[PenaltyOption] | None = Field(
        default=None,
        description="when a claimed revoke has no recorded choice: the best combination, and each "
        "revoke's other choices with the rest at the best (1 + 2n outcomes)",
    )
