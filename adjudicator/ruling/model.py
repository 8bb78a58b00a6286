"""The ruling (ruling/1): findings, a summary of every deal, and claimed against corrected."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.findings import Finding
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.whist.summary import GameResult, WhistDealSummary


class Out(BaseModel):
    model_config = ConfigDict(frozen=True)


class WhistCorrected(Out):
    score: dict[str, int] = Field(description="the game in progress at the end of the record")
    games: list[GameResult] = Field(description="games of the rubber (English) or games (American)")
    rubber: GameResult | None = Field(description="the rubber, once complete (English codes)")
    new_rubber: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="true (else absent) when deals were played after `rubber` was complete: "
        "`score` and `games` are then the new rubber's, not those of the rubber complete",
    )
    indeterminate: bool = Field(
        default=False,
        exclude_if=lambda v: not v,
        description="true (else absent) when the result depends on a fact the record does not"
        " give (see `undetermined`): the figures are for reference only",
    )


class WhistClaimed(Out):
    result: GameResult | None = Field(description="the last result the players agreed")
    marks: dict[str, dict[str, int]] = Field(
        description="every mark written, summed per side and per item (tricks, honours, ...)"
    )


class BeziqueCorrected(Out):
    """Ordinary game: the running score toward the target and the winner once reached."""

    score: dict[str, int]
    winner: str | None = Field(description="null until the target is reached")
    indeterminate: bool = Field(
        default=False,
        description="an end-play error is to be replayed (BEZ-LAST-3, option endplay_penalty"
        " replay): the score cannot be determined; the figures are the record as played, for"
        " reference only",
    )


class RubiconGameResult(Out):
    winner: str | None = Field(description="null when the game is null and void")
    value: int
    rubicon: bool
    totals: dict[str, int]
    indeterminate: bool = Field(
        default=False,
        description="an end-play error is to be taken up and replayed (law 55, RUB-LAST-1):"
        " the value cannot be determined; the figures are the record as played, for reference"
        " only",
    )


class RubiconCorrected(Out):
    games: list[RubiconGameResult] = Field(description="one game per deal")


class AgreedResult(Out):
    winner: str
    value: int


class BeziqueClaimed(Out):
    result: AgreedResult | None = Field(description="the last result the players agreed")


class Result(Out):
    claimed: WhistClaimed | BeziqueClaimed
    corrected: WhistCorrected | BeziqueCorrected | RubiconCorrected
    steps: list[str] = Field(description="the arithmetic in words, with rule IDs")


class Counts(Out):
    violation: int
    warning: int
    info: int


class Sentence(Out):
    """One sentence of the decision a director reads aloud, with the rules it rests on."""

    text: str
    rules: list[str] = Field(description="the rule IDs the sentence rests on")


class Note(Out):
    """A note the record's author wrote on an event, kept so that the report can show it."""

    event: int = Field(description="index into /events")
    type: str = Field(description="the event's type")
    text: str


class Undetermined(Out):
    """A question a rule asks that the record cannot answer: a fragment leaves a card unknown.

    Why its own list: the ruling never guesses a card, and a finding not made for want of a
    fact is not the same as a finding that the play was lawful."""

    what: str = Field(description="the question, in a director's words")
    why: str = Field(description="the fact the record does not give")
    decides: str = Field(description="which fact would decide it")
    rule: str = Field(description="the rule ID concerned")
    event: int | None = Field(default=None, description="the event where it arises")
    deal: int | None = None


class Ruling(Out):
    """The adjudicator's ruling on one record."""

    format: Literal["ruling/1"] = "ruling/1"
    game: str
    rules: dict[str, object] = Field(description="every rule option, resolved")
    players: dict[str, str]
    meta: dict[str, str]
    decision: list[Sentence] = Field(
        default=[],
        description="the decision in plain words, in the order a director gives it: each dispute"
        " and how it is settled, the penalty, the marks struck or corrected, the corrected result",
    )
    findings: list[Finding]
    notes: list[Note] = Field(
        default=[],
        exclude_if=lambda v: not v,
        description="the notes written on events of the record, in event order (absent when"
        " there are none)",
    )
    undetermined: list[Undetermined] = Field(
        default=[],
        description="what the record cannot decide (a fragment's unknown cards), each with the"
        " fact that would decide it; empty for a complete record",
    )
    counts: Counts
    deals: list[WhistDealSummary] | list[BeziqueDealSummary]
    result: Result

    @property
    def has_violation(self) -> bool:
        return self.counts.violation > 0
