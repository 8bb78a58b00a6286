"""What the ruling says about each Bézique or Rubicon deal: the output models (ruling/1)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, SkipValidation
from typing_extensions import TypedDict

from adjudicator.fielddocs import Documented, absent_if_none


class Out(Documented, BaseModel):
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
#: Each seat's cards as text, built by the judge with the rows (not validated again).
CardLists = Annotated[dict[str, list[str]], SkipValidation]


class DeclarationRow(Out):
    event: int = Field(description="the declaration's index in /events")
    seat: str = Field(description="the seat that declared")
    combination: str = Field(description="as recorded")
    right_combination: str = Field(description="royal or plain, as the trumps make it")
    cards: list[str] = Field(description="the cards of the declaration")
    marked: int | None = Field(description="points marked with the declaration or when scored")
    value: int = Field(description="what the rules give for it (0 when it scores nothing)")
    status: str = Field(description="scored | scored-later | to-score | lost | illegal")
    rule: str | None = Field(default=None, description="the rule broken or that lost it")
    scored_by: int | None = Field(
        default=None,
        description="for a declaration announced to score: the index of the score event that"
        " scored it",
    )
    stands: bool = Field(
        default=False,
        description="Rubicon law 50: an irregular score left standing because it was not"
        " challenged before a card of the next trick was played",
    )
    challenge_open: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="true (else absent) when the record stops before a card of the next trick"
        " is played: the score counts, but may still be challenged (law 50); the ruling's"
        " undetermined lists it",
    )


class ScoreLine(TypedDict):
    # One item a seat scores, as plain data rather than a model (a deal has a dozen): the JSON
    # schema and the serialisation are those of a model. No docstring: it would enter the
    # schema. ``event`` is always given (null when no event scores the item).
    seat: Annotated[str, Field(description="the seat that scores the item")]
    item: Annotated[
        str,
        Field(description="declaration | carte-blanche | seven | brisques | last-trick | penalty"),
    ]
    points: Annotated[int, Field(description="the points it scores")]
    rule: Annotated[str, Field(description="the rule ID that gives it")]
    text: Annotated[str, Field(description="the item in words")]
    event: Annotated[int | None, Field(description="the event that scores it, if one does")]


class BeziqueMark(TypedDict):
    # One mark written, as plain data rather than a model (a deal has a score of them, its
    # brisques marked trick by trick): the schema and the serialisation are a model's.
    event: Annotated[int, Field(description="the mark's index in /events")]
    seat: Annotated[str, Field(description="the seat the mark was written for")]
    item: Annotated[
        str,
        Field(
            description="what the mark was for: declaration, seven, last-trick, brisques or penalty"
        ),
    ]
    points: Annotated[int, Field(description="the points marked")]


#: Score lines and marks as the judge builds them, not validated again at run time (as the
#: trick rows: the judge is their only author, and the tests check every fixture's ruling
#: against the published schema).
ScoreLines = Annotated[list[ScoreLine], SkipValidation]
BeziqueMarks = Annotated[list[BeziqueMark], SkipValidation]


class ReplayedTrickRow(Out):
    """One trick of an end-play replayed as the cards force it."""

    trick: int = Field(description="the trick's number in the deal")
    leader: str = Field(description="the seat that leads it")
    lead: str = Field(description="the card led (the lead of the trick of the error stands)")
    answer: str = Field(description="the card played to it: the only one the rules allow")
    winner: str = Field(description="the seat that wins it")


class EndplayReplayed(Out):
    """An end-play error replayed when the cards leave no choice (BEZ-LAST-3)."""

    offender: str = Field(description="the seat whose card broke the rules of the end-play")
    tricks: list[ReplayedTrickRow] = Field(description="the tricks from the error on, replayed")
    as_played: dict[str, int] = Field(
        description="this deal's points had the play stood as recorded (the replay is the"
        " adversary's to compel, Foster p.381): what each choice gives"
    )


class RubiconGame(Out):
    """The value of one Rubicon game (each deal is a game)."""

    winner: str | None = Field(
        description="the seat that won the game; null when it is null and void"
    )
    value: int = Field(description="the game's value to the winner, in points")
    rubicon: bool = Field(description="whether the loser was rubiconed (scored under 1,000)")
    totals: dict[str, int] = Field(description="the scores the value was computed from")
    brisques_counted: bool = Field(
        default=False, description="whether the brisques were counted in the scores (RUB-GAME-6)"
    )
    steps: list[str] = Field(
        description="the valuation in words, step by step, with rule IDs", default_factory=list
    )


class BeziqueDealSummary(Out):
    deal: int = Field(description="the deal, counted from 1")
    event: int = Field(description="the index in /events of the deal (or position) event")
    dealer: str = Field(description="the seat that dealt")
    hands: CardLists = Field(
        description="each seat's cards as dealt (of a position: the cards known)"
    )
    turn_up: str | None = Field(
        description="ordinary game: the card turned up for trumps; null in Rubicon"
    )
    stock: Annotated[list[str] | None, SkipValidation] = absent_if_none(
        "the face-down stock as the record gives it, top first (ordinary game:"
        " without the turn-up); absent when the record does not give it"
    )
    trump: str | None = Field(
        description="trump suit (Rubicon: fixed by the first marriage scored)"
    )
    trump_fixed_at: int | None = Field(
        default=None,
        description="Rubicon: the event whose marriage or sequence fixed the trump suit, if any",
    )
    tricks: BeziqueTrickRows = Field(
        description="each trick as played: its leader, the cards in order, its winner"
    )
    declarations: list[DeclarationRow] = Field(
        description="each declaration: what the rules give for it and whether it scored"
    )
    brisques: dict[str, int] = Field(description="aces and tens taken in each seat's tricks")
    last_trick: str | None = Field(description="the seat that scores the last trick")
    scores: ScoreLines = Field(
        description="each item a seat scores in the deal, in the order of the record"
    )
    totals: dict[str, int] = Field(description="points of this deal as the laws let them stand")
    totals_cards_made: dict[str, int] = Field(
        description="points of this deal counting only what the cards really made"
    )
    score_before: dict[str, int] | None = Field(
        default=None, description="ordinary game: running score"
    )
    score_after: dict[str, int] | None = Field(
        default=None, description="ordinary game: the running score after the deal"
    )
    indeterminate_from_trick: int | None = Field(
        default=None,
        description="end-play error replayed under law 55 / Foster: the tricks from here on have no"
        " standing, and the figures from them are the record as played, for reference",
    )
    endplay_replayed: EndplayReplayed | None = absent_if_none(
        "an end-play error whose replay the cards force (every card of it the only one its"
        " player may lawfully play); its tricks count instead of those played (BEZ-LAST-3;"
        " Rubicon law 55, RUB-LAST-1); absent otherwise"
    )
    game: RubiconGame | None = Field(default=None, description="Rubicon: the value of this game")
    game_cards_made: RubiconGame | None = Field(
        default=None, description="Rubicon: the value if only what the cards made counted"
    )
    marks: BeziqueMarks = Field(description="the marks written on the score sheet in the deal")
