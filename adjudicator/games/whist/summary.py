"""What the ruling says about each whist deal: the output models (part of ruling/1)."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, SkipValidation
from typing_extensions import TypedDict

from adjudicator.fielddocs import Documented, absent_if_none


class Out(Documented, BaseModel):
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
#: Each seat's cards as text, built by the judge the same way (not validated again).
CardLists = Annotated[dict[str, list[str]], SkipValidation]


class HonoursClaim(Out):
    side: str = Field(description="the side that claimed (NS or EW)")
    count: int = Field(description="the honours claimed: 3 or 4")
    event: int = Field(description="the claim's index in /events")
    counted: bool = Field(description="whether the claim scored")


class Honours(Out):
    held: dict[str, int] = Field(description="trump A K Q J held per side as dealt")
    claims: list[HonoursClaim] = Field(description="each claim of honours made for the deal")


class Revoke(Out):
    seat: str = Field(description="the seat that revoked")
    side: str = Field(description="the revoking side (NS or EW)")
    trick: int = Field(description="the trick of the renounce, counted from 1")
    event: int = Field(description="the renouncing play")
    established_at: int = Field(
        description="the event at which the revoke was established (the trick quitted, or the"
        " revoking side played again)"
    )
    claimed_at: int | None = Field(description="the claim in time that covers it, if any")
    penalty: str | None = Field(description="tricks | deduct | add | waive, as chosen or applied")
    penalty_chosen: bool = Field(description="false when the ruling applied the best choice")
    applied: bool = Field(description="whether a penalty counts in the score")


class PenaltyEffect(Out):
    """What a revoke penalty did to the deal's tricks or score (WHIST-REVOKE-9, -14)."""

    choice: Literal["tricks", "deduct", "add"] = Field(
        description="tricks taken from the revokers, points deducted from them, or points"
        " added to the claimants"
    )
    claimants: str = Field(description="the side that claimed the revoke (NS or EW)")
    revokers: str = Field(description="the side that revoked (NS or EW)")
    score: dict[str, int] = Field(description="the score by side after the item")
    tricks_moved: int = Field(
        description="the tricks taken from the revokers (0 unless the choice is tricks)"
    )
    tricks: dict[str, int] | None = Field(
        description="each side's tricks after the penalty (only when the choice is tricks)"
    )
    held_at: int | None = Field(
        description="the score the side was held at, below game, because it revoked"
        " (WHIST-REVOKE-11, -14); null when not held"
    )
    floored: bool = Field(
        description="whether the deduction stopped at zero (the rule option deduct_floor)"
    )
    game: int | None = Field(
        description="the points of game the item reached, winning the game; null when it did not"
    )
    already_won: str | None = Field(
        description="the side that had already won the game, the item counting nothing"
        " (WHIST-SCORE-3); null otherwise"
    )
    counted_from: int | None = absent_if_none(
        "present (else absent) when points are deducted from a revoking side held"
        " below game earlier in the deal: the points it had counted before the hold, which the"
        " deduction comes off (WHIST-REVOKE-11: the hold limits what the deal leaves it)"
    )


class ScoreItem(TypedDict):
    # One item scored in the deal, as plain data rather than a model (each deal has a few,
    # built by the judge): the JSON schema and the serialisation are a model's. No docstring:
    # it would enter the schema. ``penalty`` is given only for a revoke penalty's item.
    item: Annotated[str, Field(description="penalty | tricks | honours | game | rubber")]
    side: Annotated[str, Field(description="the side that scores the item (NS or EW)")]
    points: Annotated[int, Field(description="the points it scores (negative for a deduction)")]
    rule: Annotated[str, Field(description="the rule ID that gives it")]
    text: Annotated[str, Field(description="the item in words")]
    penalty: NotRequired[
        Annotated[
            PenaltyEffect,
            Field(description="a revoke penalty's effect, as data (absent for other items)"),
        ]
    ]


#: A mark written on the score sheet, as plain data (``for`` is a keyword: the functional
#: form of TypedDict).
Mark = TypedDict(
    "Mark",
    {
        "event": Annotated[int, Field(description="the mark's index in /events")],
        "side": Annotated[str, Field(description="the side the mark was written for")],
        "for": Annotated[
            str,
            Field(description="what the mark was for: tricks, honours, penalty, game or rubber"),
        ],
        "points": Annotated[int, Field(description="the points marked")],
    },
)

#: Score items and marks as the judge builds them, not validated again (as the trick rows).
ScoreItems = Annotated[list[ScoreItem], SkipValidation]
Marks = Annotated[list[Mark], SkipValidation]


class GameResult(Out):
    winner: str = Field(description="the side that won it (NS or EW)")
    value: int = Field(
        description="its value: games 1, 2 or 3 and the rubber's points (English); the game's"
        " points (American)"
    )


class PenaltyOption(Out):
    """What one choice of penalty would give (the director's advisor)."""

    choices: list[str] = Field(
        description="the choice of penalty for each revoke claimed, in the order of the revokes"
    )
    score: dict[str, int] = Field(description="the game's score by side with these choices")
    game: GameResult | None = Field(
        description="the game won in the deal with these choices, if any"
    )
    rubber: GameResult | None = Field(
        description="the rubber completed in the deal with these choices, if any"
    )
    best: bool = Field(
        description="whether this is the best combination for the claimants (the one the ruling"
        " applies)"
    )
    chosen: bool = Field(
        default=False,
        description="whether this is the combination the claimants chose and the ruling"
        " applies (a penalty chosen: the others are what each other choice would have given)",
    )
    as_good_as_best: bool = Field(
        default=False,
        description="whether this combination does as much for the claimants as the best, by"
        " the measure the ruling uses (the rubber, then the game, then their lead in points):"
        " of combinations alike by it, the first listed is applied (the best itself: true)",
    )


class WhistDealSummary(Out):
    deal: int = Field(description="the deal, counted from 1")
    event: int = Field(description="the index in /events of the deal (or position) event")
    dealer: str = Field(description="the seat that dealt")
    trump: str = Field(description="the trump card turned up")
    hands: CardLists = Field(
        description="each seat's cards as dealt (of a position: the cards shown)"
    )
    tricks: TrickRows = Field(
        description="each trick as played: its leader, the cards in order, its winner"
    )
    tricks_won: dict[str, int] = Field(description="the tricks each side won in play")
    tricks_after_penalty: dict[str, int] = Field(
        description="the tricks each side counts after any revoke penalty of tricks"
    )
    revokes: list[Revoke] = Field(description="each established revoke, with its claim and penalty")
    honours: Honours = Field(description="the trump honours held as dealt and the claims of them")
    score_before: dict[str, int] = Field(description="the game's score by side before the deal")
    scores: ScoreItems = Field(description="each item in the order it counts (WHIST-SCORE-3)")
    score_after: dict[str, int] = Field(
        description="the game's score after the deal (before turning down)"
    )
    game: GameResult | None = Field(description="the game won in this deal, if any")
    rubber: GameResult | None = Field(description="the rubber completed in this deal, if any")
    marks: Marks = Field(description="the marks written on the score sheet for the deal")
    penalty_options: list[PenaltyOption] | None = Field(
        default=None,
        description="when a claimed revoke has no recorded choice: the best combination, and each "
        "revoke's other choices with the rest at the best (1 + 2n outcomes)",
    )
