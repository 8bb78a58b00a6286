"""The ruling (ruling/1): findings, a summary of every deal, and claimed against corrected."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.fielddocs import Documented, absent_if_none
from adjudicator.findings import Finding
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.rubicon.scoring import BRISQUE
from adjudicator.games.whist.summary import GameResult, WhistDealSummary


class Out(Documented, BaseModel):
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


class Agreed(Out):
    """One result the players agreed, where the record gives it."""

    event: int = Field(description="the index in /events of the result event")
    deal: int | None = Field(
        description="the deal it was agreed in (Rubicon: the game); null: before any deal"
    )
    winner: str = Field(description="the side (whist) or seat (Bézique) the players agreed won")
    value: int = Field(description="the value the players agreed")


class WhistClaimed(Out):
    result: GameResult | None = Field(description="the last result the players agreed")
    results: list[Agreed] = Field(
        default_factory=list,
        description="every result the players agreed, in the order of the record (an addition"
        " to ruling/1: result is the last of them)",
    )
    marks: dict[str, dict[str, int]] = Field(
        description="every mark written, summed per side and per item (tricks, honours, ...)"
    )


class BeziqueDeclined(Out):
    """Ordinary game under Foster's rule on scores marked too much (BEZ-SCORE-5, option
    wrong_score_penalty): the adversary *may* add what was taken down, and need not. The
    corrected result counts what the adversary may add; this is the result if it is not added."""

    added: dict[str, int] = Field(
        description="each seat that may add, and the points it may add (what the other seat"
        " marked too much, or the mark of a score not allowed then)"
    )
    score: dict[str, int] = Field(description="each seat's running score with nothing added")
    winner: str | None = Field(description="the winner with nothing added; null until reached")


class BeziqueCorrected(Out):
    """Ordinary game: the running score toward the target and the winner once reached."""

    score: dict[str, int] = Field(
        description="each seat's running score toward the target, as the rules give it"
    )
    winner: str | None = Field(description="null until the target is reached")
    indeterminate: bool = Field(
        default=False,
        description="an end-play error is to be replayed (BEZ-LAST-3, option endplay_penalty"
        " replay): the score cannot be determined; the figures are the record as played, for"
        " reference only",
    )
    if_declined: BeziqueDeclined | None = absent_if_none(
        "present (else absent) when the rules let the adversary add what was marked"
        " too much (BEZ-SCORE-5, Foster) and points were added: the result if the adversary"
        " declines them, for the director to give each choice"
    )


class RubiconGameResult(Out):
    winner: str | None = Field(description="null when the game is null and void")
    value: int = Field(description="the game's value to the winner, in points")
    rubicon: bool = Field(description="whether the loser was rubiconed (scored under 1,000)")
    totals: dict[str, int] = Field(
        description="each seat's points in the game, as the rules give them"
    )
    indeterminate: bool = Field(
        default=False,
        description="an end-play error is to be taken up and replayed (law 55, RUB-LAST-1):"
        " the value cannot be determined; the figures are the record as played, for reference"
        " only",
    )


def deciding_totals(game: RubiconGameResult, deal: object) -> tuple[dict[str, int], bool]:
    """The totals that decided a Rubicon game, as the decision and every view say them, and
    whether the brisques were counted. ``game.totals`` are those its value is reckoned on:
    with the brisques when they were counted, except for a rubiconed loser, whose value is
    reckoned without them (law 61) although they decided who won; for that game the
    brisques are added back here (``deal``: the game's deal summary, or None)."""
    counted = bool(getattr(getattr(deal, "game", None), "brisques_counted", False))
    brisques: dict[str, int] = getattr(deal, "brisques", None) or {}
    extra = BRISQUE if counted and game.rubicon else 0
    totals = {seat: points + extra * brisques.get(seat, 0) for seat, points in game.totals.items()}
    return totals, counted


class RubiconCorrected(Out):
    games: list[RubiconGameResult] = Field(description="one game per deal")


class AgreedResult(Out):
    winner: str = Field(description="the seat the players agreed won")
    value: int = Field(description="the value the players agreed")


class BeziqueClaimed(Out):
    result: AgreedResult | None = Field(description="the last result the players agreed")
    results: list[Agreed] = Field(
        default_factory=list,
        description="every result the players agreed, in the order of the record (an addition"
        " to ruling/1: result is the last of them)",
    )


class Result(Out):
    claimed: WhistClaimed | BeziqueClaimed = Field(
        description="what the players claimed: their marks and the result they agreed"
    )
    corrected: WhistCorrected | BeziqueCorrected | RubiconCorrected = Field(
        description="what the rules give: the score, the games and their values"
    )
    steps: list[str] = Field(description="the arithmetic in words, with rule IDs")


class Counts(Out):
    violation: int = Field(description="findings of severity violation")
    warning: int = Field(description="findings of severity warning")
    info: int = Field(description="findings of severity info")


class Sentence(Out):
    """One sentence of the decision a director reads aloud, with the rules it rests on."""

    text: str = Field(description="the sentence as a director reads it aloud")
    rules: list[str] = Field(description="the rule IDs the sentence rests on")
    events: list[int] = Field(
        default_factory=list,
        exclude_if=lambda v: not v,
        description="the events the sentence speaks of (indexes into /events), in the order it"
        " speaks of them; absent when none. Kept out of the words, as the rule IDs are",
    )


class Note(Out):
    """A note the record's author wrote on an event, kept so that the report can show it."""

    event: int = Field(description="index into /events")
    type: str = Field(description="the event's type")
    text: str = Field(description="the note as the record's author wrote it")


class Undetermined(Out):
    """A question a rule asks that the record cannot answer: a fragment leaves a card unknown.

    Why its own list: the ruling never guesses a card, and a finding not made for want of a
    fact is not the same as a finding that the play was lawful."""

    what: str = Field(description="the question, in a director's words")
    why: str = Field(description="the fact the record does not give")
    decides: str = Field(description="which fact would decide it")
    rule: str = Field(description="the rule ID concerned")
    event: int | None = Field(default=None, description="the event where it arises")
    deal: int | None = Field(default=None, description="the deal it concerns, counted from 1")


class Ruling(Out):
    """The adjudicator's ruling on one record."""

    format: Literal["ruling/1"] = Field(
        default="ruling/1", description="the format of the ruling: ruling/1"
    )
    game: str = Field(description="the game of the record: whist, bezique or rubicon-bezique")
    rules: dict[str, object] = Field(description="every rule option, resolved")
    players: dict[str, str] = Field(description="the players by seat, as the record names them")
    meta: dict[str, str] = Field(
        description="the record's free information (event, date, table, description), as given"
    )
    decision: list[Sentence] = Field(
        default=[],
        description="the decision in plain words, in the order a director gives it: each dispute"
        " and how it is settled, the penalty, the marks struck or corrected, the corrected result",
    )
    findings: list[Finding] = Field(
        description="every irregularity and fact worth knowing, each with its rule, in event order"
    )
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
    counts: Counts = Field(description="how many findings there are of each severity")
    deals: list[WhistDealSummary] | list[BeziqueDealSummary] = Field(
        description="a summary of each deal: the hands, the tricks, the revokes and"
        " declarations, the items scored and the marks"
    )
    result: Result = Field(
        description="what the players claimed, what the rules give, and the arithmetic in words"
    )

    @property
    def has_violation(self) -> bool:
        return self.counts.violation > 0
