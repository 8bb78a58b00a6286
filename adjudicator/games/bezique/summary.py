"""What the ruling says about each Bézique or Rubicon deal: the output models (ruling/1)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, SkipValidation
from typing_extensions import TypedDict


class Out(BaseModel):
    model_config = ConfigDict(frozen=True)


class BeziqueTrickPlay(TypedDict):
    seat: str
    card: str
    event: int


class BeziqueTrickRow(TypedDict):
    # One trick as played, as plain data rather than a model (the bulk of a summary); the
    # JSON schema and the serialisation are the same. No docstring: it would enter the schema.
    trick: int
    leader: Annotated[str, Field(description="the seat that should have led")]
    plays: list[BeziqueTrickPlay]
    winner: str
    endplay: bool


#: Trick rows as the judge builds them, not validated again at run time (the judge is their
#: only author, and the tests check every fixture's ruling against the published schema).
BeziqueTrickRows = Annotated[list[BeziqueTrickRow], SkipValidation]


class DeclarationRow(Out):
    event: int
    seat: str
    combination: str = Field(description="as recorded")
    right_combination: str = Field(description="royal or plain, as the trumps make it")
    cards: list[str]
    marked: int | None = Field(description="points marked with the declaration or when scored")
    value: int = Field(description="what the rules give for it (0 when it scores nothing)")
    status: str = Field(description="scored | scored-later | to-score | lost | illegal")
    rule: str | None = Field(default=None, description="the rule broken or that lost it")
    scored_by: int | None = None
    stands: bool = Field(
        default=False,
        description="Rubicon law 50: an irregular score left standing because it was not"
        " challenged before a card of the next trick was played",
    )


class ScoreLine(Out):
    seat: str
    item: str = Field(
        description="declaration | carte-blanche | seven | brisques | last-trick | penalty"
    )
    points: int
    rule: str
    text: str
    event: int | None = None


class BeziqueMark(Out):
    event: int
    seat: str
    item: str
    points: int


class RubiconGame(Out):
    """The value of one Rubicon game (each deal is a game)."""

    winner: str | None
    value: int
    rubicon: bool
    totals: dict[str, int] = Field(description="the scores the value was computed from")
    brisques_counted: bool = False
    steps: list[str] = Field(default_factory=list)


class BeziqueDealSummary(Out):
    deal: int
    event: int
    dealer: str
    hands: dict[str, list[str]]
    turn_up: str | None
    stock: list[str] | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description="the face-down stock as the record gives it, top first (ordinary game:"
        " without the turn-up); absent when the record does not give it",
    )
    trump: str | None = Field(
        description="trump suit (Rubicon: fixed by the first marriage scored)"
    )
    trump_fixed_at: int | None = None
    tricks: BeziqueTrickRows
    declarations: list[DeclarationRow]
    brisques: dict[str, int] = Field(description="aces and tens taken in each seat's tricks")
    last_trick: str | None = Field(description="the seat that scores the last trick")
    scores: list[ScoreLine]
    totals: dict[str, int] = Field(description="points of this deal as the laws let them stand")
    totals_cards_made: dict[str, int] = Field(
        description="points of this deal counting only what the cards really made"
    )
    score_before: dict[str, int] | None = Field(
        default=None, description="ordinary game: running score"
    )
    score_after: dict[str, int] | None = None
    indeterminate_from_trick: int | None = Field(
        default=None,
        description="end-play error replayed under law 55 / Foster: the tricks from here on have no"
        " standing, and the figures from them are the record as played, for reference",
    )
    game: RubiconGame | None = Field(default=None, description="Rubicon: the value of this game")
    game_cards_made: RubiconGame | None = Field(
        default=None, description="Rubicon: the value if only what the cards made counted"
    )
    marks: list[BeziqueMark]
