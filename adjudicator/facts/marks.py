"""Facts of the score sheet, in all three games: marks written wrongly, twice or not at all,
results agreed against the rules, honours claims and what a revoke holds a score at, and
the deal's rotation (whist) - each with what was written and what the rules give.

Why here: the decision corrects marks and results from these fields (``ruling/decision``),
never by re-reading the finding's words.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.facts.base import Fact, said_name
from adjudicator.fielddocs import Documented, absent_if_none

#: why a wrong mark's right value is what it is, when it is not simply the rules' count
MarkWhy = Literal[
    "game-already-won",
    "deduction-floored",
    "seven-in-end-play",
    "revokers-held",
    "score-not-allowed",
    "honours-held",
    "losers-score",
]

#: a game's value in rubber points, by the losers' score when it was won (WHIST-RUBBER-2)
GAME_NAMES = {3: "a treble", 2: "a double", 1: "a single"}
#: honours as counted, by the points they give (WHIST-HONOURS-2)
HONOURS_HELD = {2: "three honours", 4: "four honours"}


def mark_reason(why: str, right: int, winner: str | None, losers: int | None) -> str:
    """Why a wrong mark's right value is what it is, as said after the value (a review heard
    marks corrected with no reason given): the words of ``WrongMark.why``."""
    if why == "game-already-won":
        return f": {winner} had already won the game, so they count nothing"
    if why == "seven-in-end-play":
        return ": a seven of trumps played in the last eight tricks scores nothing"
    if why == "revokers-held":
        return ": a side that revoked cannot win the game in the deal, and is held below it"
    if why == "honours-held":
        return f": they held {HONOURS_HELD.get(right, 'honours')}, which count {right}"
    if why == "losers-score":
        return (
            f": the losers had {losers} when the game was won, which makes it"
            f" {GAME_NAMES.get(right, f'worth {right}')}"
        )
    return ""


#: how long a marking error may be corrected, as the code in force says it
Window = Literal["rubber", "game", "next-deal", "always"]

_WINDOW = {
    "rubber": "An error in the value of the rubber may be corrected at any time during the rubber.",
    "game": "It may be corrected until the game is concluded (the trump card of the deal after"
    " the game is turned) and, when it changes the value of the rubber, at any time during the"
    " rubber.",
    "next-deal": "A trick-score error may be corrected until the last card of the next deal is"
    " dealt; others until the final score is agreed.",
    "always": "A marking error is always corrected.",
}


class WrongMark(Fact):
    """A mark written at a value the rules do not give (WHIST-SCORE-7, BEZ-SCORE-5,
    BEZ-LAST-5): the value as marked and as right, with why, when the right value needs a
    reason."""

    sheet = True

    kind: Literal["wrong-mark"] = Field(default="wrong-mark", description="the kind of fact")
    who: str = Field(description="who marked: a side (NS, EW) or a seat (A, B)")
    item: str = Field(
        description="what was marked: tricks, honours, penalty, game, rubber, seven, brisques,"
        " last-trick; for a declaration, its combination (royal-marriage)"
    )
    deal: int = Field(description="the deal, counted from 1")
    marked: int = Field(description="the points marked (for several marks, their total)")
    right: int = Field(description="the points the rules give (the lowest right one for a range)")
    high: int | None = Field(
        default=None,
        description="for a range, the highest right value (a mark reaching the game may stop"
        " anywhere from what reaches it to the whole); null for one right value",
    )
    why: MarkWhy | None = Field(
        default=None,
        description="why the right value is what it is: game-already-won (the game was won"
        " earlier in the order of scoring, so the item counts nothing), deduction-floored (a"
        " deduction stopped at 0, the option that floors a deduction at zero, not the law's"
        " text), seven-in-end-play (a seven of trumps played in the last eight tricks scores"
        " nothing), revokers-held (whist: a side that revoked is held below game in the deal,"
        " at four or, American, six), score-not-allowed (Bézique: a score the laws did not"
        " allow then, out of time or a second score for a trick, taken down and, under"
        " wrong_score_penalty = add_every_score_taken_down, added to the adversary),"
        " honours-held (whist: the honours held, three or four, give the value), losers-score"
        " (whist: a game's value is set by the losers' score when it was won, ``losers``);"
        " null when the count alone says it",
    )
    winner: str | None = Field(
        default=None, description="with game-already-won: the side that had won the game"
    )
    declared: str | None = absent_if_none(
        "a Bézique declaration marked as another combination than it is (a royal marriage"
        " that is plain): the combination as declared; absent otherwise"
    )
    trumps: str | None = absent_if_none(
        "with declared: the trump suit that makes the combination what it is (spades);"
        " absent otherwise"
    )
    losers: int | None = absent_if_none(
        "with losers-score (whist, a game's value in rubber points): the losers' score when"
        " the game was won, which sets the value (WHIST-RUBBER-2); absent otherwise"
    )
    declaration: bool = Field(
        default=False,
        description="the mark of a declaration (Bézique): named by its combination, worth its"
        " value",
    )
    window: Window = Field(
        description="how long the error may be corrected: rubber (any time in the rubber),"
        " game (until the game is concluded), next-deal (American: a trick score until the"
        " next deal is dealt), always (Bézique)"
    )

    def right_words(self) -> str:
        """The right value, said: ``5``, ``2 to 4``."""
        if self.high is None or self.high == self.right:
            return str(self.right if self.high is None else self.high)
        return f"{self.right} to {self.high}"

    def message(self) -> str:
        if self.why == "score-not-allowed":
            return (
                f"{self.who} marked {self.marked} for {said_name(self.item)} in deal {self.deal}, a score"
                " the laws did not allow then: it is taken down, and the adversary may add it."
            )
        if self.declaration:
            worth = f"it is worth {self.right}"
            if self.declared is not None:
                worth = f"{self.trump_reason()}, worth {self.right}"
            what = (
                said_name(self.item) if self.declared is None else f"a {said_name(self.declared)}"
            )
            return f"{self.who} marked {self.marked} for {what}; {worth}. {_WINDOW[self.window]}"

        gives = f"the rules give {self.right_words()}"
        if self.why == "deduction-floored":
            taken = -(self.high if self.high is not None else self.right)
            gives = (
                f"this ruling gives {self.right_words()}: the law says deduct three, and only"
                f" {taken} is taken because a score is not taken below 0, which is the option"
                " deduct_floor = zero (the codes are silent, AMB-7), not the law's text"
            )
        elif self.why is not None:
            gives += mark_reason(self.why, self.right, self.winner, self.losers)
        return (
            f"{self.who} marked {self.marked} for {said_name(self.item)} in deal {self.deal}; {gives}."
            f" {_WINDOW[self.window]}"
        )

    def trump_reason(self) -> str:
        """Why a declaration is the combination it is, not the one declared: the trumps."""
        name = "plain marriage" if self.item == "marriage" else said_name(self.item)
        return f"with {self.trumps} trumps it is a {name}"


class Unmarked(Fact):
    """An item the rules give that nobody marked (WHIST-SCORE-7, info): the corrected score
    counts it all the same."""

    sheet = True
    missing_mark = True

    kind: Literal["unmarked"] = Field(default="unmarked", description="the kind of fact")
    side: str = Field(description="the side the item belongs to (NS, EW)")
    item: str = Field(description="the item: tricks, honours, penalty, game, rubber")
    points: int = Field(description="the points the rules give for it")
    deal: int = Field(description="the deal, counted from 1")

    def message(self) -> str:
        return (
            f"No mark was written for {self.side}'s {said_name(self.item)} ({self.points}) in deal"
            f" {self.deal}; the corrected score counts it."
        )


class MarkedAgain(Fact):
    """A declaration marked a second time (Bézique, BEZ-SCORE-5): the second mark is struck
    out."""

    sheet = True

    kind: Literal["marked-again"] = Field(default="marked-again", description="the kind of fact")
    seat: str = Field(description="the seat that marked it again (A, B)")
    marked: int | None = Field(description="the points of the second mark")
    combination: str = Field(description="the declaration's combination (royal-marriage)")
    declared_at: int = Field(description="the event of the declaration, already scored")
    deal: int = Field(description="the deal, counted from 1")

    def message(self) -> str:
        return (
            f"{self.seat} marked {self.marked} for the {said_name(self.combination)} of event"
            f" {self.declared_at}, which had already been scored."
        )


class Result(Documented, BaseModel):
    """A result of a game or rubber: who won it and its value."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    winner: str | None = Field(description="the side or seat that won it; null: null and void")
    value: int = Field(description="its value (0 when null and void)")


class AgreedResult(Fact):
    """A result the players agreed that the rules do not give (WHIST-SCORE-7, BEZ-SCORE-5):
    the result as agreed and the results the rules allow."""

    sheet = True

    kind: Literal["agreed-result"] = Field(default="agreed-result", description="the kind of fact")
    game: Literal["whist", "bezique", "rubicon-bezique"] = Field(description="the game")
    what: Literal["game", "rubber"] = Field(
        description="what was agreed: a rubber (English whist) or a game"
    )
    winner: str = Field(description="the winner as agreed")
    value: int = Field(description="the value as agreed")
    deal: int | None = Field(
        default=None, description="the deal it was agreed in; null: before any"
    )
    right: list[Result] = Field(
        description="the results the rules give: one, several when a fragment leaves them to"
        " facts it does not state, none when nothing has been won yet"
    )
    score: dict[str, int] | None = Field(
        default=None,
        description="ordinary Bézique with no winner yet: the running scores, by seat",
    )
    before_any_deal: bool = Field(
        default=False, description="Bézique: the result was agreed before any deal was played"
    )
    brisques_decide: bool = Field(
        default=False,
        description="Rubicon fragment: the brisques taken before the position decide which of"
        " the right results it is",
    )

    def agreed_words(self) -> str:
        """The result as agreed, in the game's words."""
        if self.game == "whist":
            return f"a {self.what} of {self.value} to {self.winner}"
        if self.game == "bezique":
            return f"{bezique_game(self.value)} to {self.winner}"
        return f"{self.winner} {self.value}"

    def right_words(self) -> str:
        """The result the rules give, in the game's words."""
        if self.game == "whist":
            if not self.right:
                return f"no {self.what} has been completed"
            return f"{self.right[0].winner} {self.right[0].value}"
        if self.game == "bezique":
            if not self.right:
                score = self.score or {}
                return f"no winner yet (A {score.get('A', 0)}, B {score.get('B', 0)})"
            return f"{self.right[0].winner} {bezique_game(self.right[0].value)}"
        said = _results_said(self.right)
        return said + (
            ", as the brisques taken before the position decide" if self.brisques_decide else ""
        )

    def message(self) -> str:
        if self.before_any_deal:
            return f"A result ({self.winner} {self.value}) was agreed before any deal."
        if self.game == "whist" and not self.right:  # (a clause, not a result the rules give)
            return f"The players agreed {self.agreed_words()}; {self.right_words()}."
        return f"The players agreed {self.agreed_words()}; the rules give {self.right_words()}."


def bezique_game(value: int) -> str:
    """An ordinary Bézique game by its value: ``a single game``, ``a double game``."""
    return {1: "a single game", 2: "a double game"}.get(value, f"a game worth {value}")


def _results_said(results: list[Result]) -> str:
    """Rubicon results, said: "A 600, 900 or 3300", "a null and void game, worth nothing"."""
    parts = []
    for winner in sorted({r.winner or "" for r in results}):
        values = sorted(r.value for r in results if (r.winner or "") == winner)
        listed = ", ".join(str(v) for v in values[:-1]) + (" or " if len(values) > 1 else "")
        parts.append(
            f"{winner} {listed}{values[-1]}" if winner else "a null and void game, worth nothing"
        )
    return "; or ".join(parts)


#: why an honours claim fails (WHIST-HONOURS-6, -2, -3, -4)
HonoursFault = Literal["not-counted", "not-held", "at-four", "too-late"]


class HonoursClaimFails(Fact):
    """An honours claim that scores nothing (WHIST-HONOURS-2, -3, -4, -6), and why."""

    sheet = True

    kind: Literal["honours-claim-fails"] = Field(
        default="honours-claim-fails", description="the kind of fact"
    )
    side: str = Field(description="the side that claimed (NS, EW)")
    deal: int = Field(description="the deal, counted from 1")
    count: int = Field(description="the honours claimed")
    reason: HonoursFault = Field(
        description="why it fails: not-counted (honours do not score under this code),"
        " not-held (fewer than three of the trump A K Q J), at-four (the side was at four at"
        " the start of the deal), too-late (claimed after the deadline)"
    )
    held: int = Field(description="the trump honours the side held")
    held_at_most: bool = Field(
        default=False, description="a fragment: the honours held are known only as a bound"
    )
    score: int = Field(description="the side's score at the start of the deal")
    deadline: Literal["next-trump-turned", "next-cut"] = Field(
        description="the last moment to claim: before the next deal's trump card is turned,"
        " or before the cards are cut for it"
    )
    at_four: bool = Field(
        default=False,
        description="not-held: the side was also at four at the start of the deal, a second"
        " ground (WHIST-HONOURS-3)",
    )

    def message(self) -> str:
        if self.reason == "not-held" and self.at_four:
            bound = "at most" if self.held_at_most else "only"
            return (
                f"{self.side} claimed {self.count} honours in deal {self.deal} while at"
                f" {self.score} at the start of the deal, and hold {bound} {self.held} of the"
                " trump A K Q J: nothing to score on either count."
            )
        if self.reason == "not-counted":
            return (
                f"{self.side} claimed {self.count} honours, but honours are not counted under"
                " this code."
            )
        if self.reason == "not-held":
            bound = "at most" if self.held_at_most else "only"
            return (
                f"{self.side} claimed {self.count} honours in deal {self.deal} but hold {bound}"
                f" {self.held} of the trump A K Q J: nothing to score."
            )
        if self.reason == "at-four":
            return (
                f"{self.side} claimed honours in deal {self.deal} while at {self.score} at the"
                " start of the deal: a side at four cannot score honours."
            )
        return (
            f"{self.side} claimed honours for deal {self.deal} too late"
            f" ({self.deadline_passed()}): they cannot be scored."
        )

    def deadline_passed(self) -> str:
        """The last moment to claim, as said of a claim made after it (WHIST-HONOURS-4)."""
        return HONOURS_DEADLINE[self.deadline]


#: the last moment to claim honours, as said of a claim made after it (WHIST-HONOURS-4)
HONOURS_DEADLINE = {
    "next-trump-turned": "after the trump card of the next deal was turned",
    "next-cut": "after the cards were cut for the next deal",
}


class HonoursUnclaimed(Fact):
    """Honours held and not claimed (WHIST-HONOURS-4, info): lost, or worth nothing anyway
    when the game was won before honours are scored (WHIST-HONOURS-5)."""

    sheet = True

    kind: Literal["honours-unclaimed"] = Field(
        default="honours-unclaimed", description="the kind of fact"
    )
    side: str = Field(description="the side that held them (NS, EW)")
    deal: int = Field(description="the deal, counted from 1")
    held: int = Field(description="the trump honours held")
    points: int = Field(description="the points they would have scored, claimed")
    won_by: Literal["revoke-penalty", "tricks"] | None = Field(
        default=None,
        description="when the game was won before honours are scored: by what (then nothing"
        " was lost); null otherwise",
    )
    winner: str | None = Field(default=None, description="with won_by: the side that won the game")

    def message(self) -> str:
        if self.won_by is None:
            return (
                f"{self.side} held {self.held} honours in deal {self.deal} but did not claim"
                f" them: they score nothing ({self.points} lost)."
            )
        by = "the revoke penalty" if self.won_by == "revoke-penalty" else "tricks"
        return (
            f"{self.side} held {self.held} honours in deal {self.deal} but did not claim them;"
            f" claimed, they would have counted nothing, {self.winner} having already won the"
            f" game by {by}."
        )


class HonoursVoid(Fact):
    """Honours claimed that count nothing: the game was won earlier in the order of scoring
    (WHIST-HONOURS-5, WHIST-SCORE-3)."""

    sheet = True

    kind: Literal["honours-void"] = Field(default="honours-void", description="the kind of fact")
    side: str = Field(description="the side whose honours count nothing (NS, EW)")
    deal: int = Field(description="the deal, counted from 1")
    winner: str = Field(description="the side that had already won the game")

    def message(self) -> str:
        return (
            f"{self.side}'s honours in deal {self.deal} count nothing: {self.winner} had"
            " already won the game earlier in the order of scoring."
        )


class LastTrickUnmarked(Fact):
    """Rubicon: the last trick not marked, scored all the same (RUB-LAW-54, info)."""

    sheet = True
    missing_mark = True

    kind: Literal["last-trick-unmarked"] = Field(
        default="last-trick-unmarked", description="the kind of fact"
    )
    seat: str = Field(description="the seat that won the last trick (A, B)")
    points: int = Field(description="what the last trick scores")
    deal: int = Field(description="the deal, counted from 1")

    def message(self) -> str:
        return (
            f"The last trick was not marked; {self.seat} scores {self.points} for it all the same."
        )


class BrisquesCountRefused(Fact):
    """Rubicon: a demand to count the brisques that laws 60-61 do not allow (RUB-GAME-3)."""

    sheet = True

    kind: Literal["brisques-count-refused"] = Field(
        default="brisques-count-refused", description="the kind of fact"
    )
    seat: str = Field(description="the seat that demanded the count (A, B)")
    deal: int = Field(description="the deal, counted from 1")
    scores: dict[str, int] = Field(description="the scores without brisques, by seat")
    threshold: int = Field(description="how far apart the scores may be for the count")

    def message(self) -> str:
        return (
            f"{self.seat} demanded a count of brisques with the scores {self.scores['A']} to"
            f" {self.scores['B']}: neither equal nor within {self.threshold} (the limit these"
            f" rules take for 'so nearly equal'), and {self.seat} had no rubicon to save, so"
            " the brisques are not counted."
        )
