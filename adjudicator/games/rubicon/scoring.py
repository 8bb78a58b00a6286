"""The value of a Rubicon Bézique game (RUB-GAME-6), as small pure functions with steps.

Pipeline (Portland Club laws 56-61): raw scores without brisques; brisques counted only
for a tie, to save the rubicon, or on demand when the scores are close; each score
truncated to the hundred; 500 for the game and at least 100 for the difference; a loser
under 1000 is rubiconed: the winner takes both scores (the loser's as 100 if under 100)
plus 1300; a tie after brisques makes the game null and void.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

RUBICON = 1000  # RUB-LAW-58
GAME_BONUS = 500  # RUB-LAW-57
MIN_DIFFERENCE = 100  # RUB-LAW-57
RUBICON_BONUS = 1300  # RUB-LAW-58: 1000 for the game and 300 for the brisques
RUBICONED_MINIMUM = 100  # RUB-LAW-59
BRISQUE = 10  # RUB-LAW-56
ALL_BRISQUES = 32

CloseMode = Literal["on_demand", "automatic"]


@dataclass(frozen=True)
class Step:
    text: str
    rule: str


@dataclass(frozen=True)
class RubiconOutcome:
    """The value of one game: winner (None when null and void), value, whether rubiconed."""

    winner: str | None
    value: int
    rubicon: bool
    totals: dict[str, int]  # the scores the value was computed from
    brisques_counted: bool
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def words(self) -> list[str]:
        return [f"{s.text} [{s.rule}]" for s in self.steps]


def truncate(score: int) -> int:
    """Drop the fraction of a hundred (RUB-LAW-57, -58)."""
    return score - score % 100 if score >= 0 else -((-score) // 100 * 100)


def _other(seat: str, seats: tuple[str, str]) -> str:
    return seats[1] if seat == seats[0] else seats[0]


def count_reason(
    raw: dict[str, int],
    brisques: dict[str, int] | None,
    demanded: bool,
    close_mode: CloseMode = "on_demand",
    threshold: int = 200,
) -> str | None:
    """Why brisques are counted (RUB-GAME-3), or None when they are not."""
    a, b = raw.values()
    if a == b:
        return "the scores are equal (law 61)"
    if brisques is not None:
        low_seat = min(raw, key=raw.__getitem__)
        if raw[low_seat] < RUBICON <= raw[low_seat] + BRISQUE * brisques[low_seat]:
            # (said of the lower score, who may end the winner: a review read "save the
            # rubicon" of a winner)
            return f"{low_seat}'s brisques lift {low_seat} to 1000 or more (law 60)"
    if abs(a - b) <= threshold and (demanded or close_mode == "automatic"):
        how = "a count was demanded" if demanded else "the count is automatic"
        return f"the scores are within {threshold} and {how} (law 61)"
    return None


def rubicon_value(
    raw: dict[str, int],
    brisques: dict[str, int] | None = None,
    *,
    demanded: bool = False,
    close_mode: CloseMode = "on_demand",
    threshold: int = 200,
    rubicon_truncate: Literal["each", "sum"] = "each",
    brisques_known: bool = True,
) -> RubiconOutcome:
    """The value of a Rubicon game from the raw scores and the brisques taken (counts, 0..32).

    ``raw`` maps the two seats to carte blanches + declarations + last trick. ``brisques``
    maps each seat to the number of brisques in its tricks (they total 32 in a regular
    deal); None when no count was made.
    """
    seats = tuple(raw)
    assert len(seats) == 2
    a, b = seats
    steps = [Step(f"scores without brisques: {a} {raw[a]}, {b} {raw[b]}", "RUB-GAME-2")]
    reason = count_reason(raw, brisques, demanded, close_mode, threshold) if brisques else None
    if reason is None and raw[a] == raw[b]:
        reason = "the scores are equal (law 61)"
    counted = reason is not None and brisques is not None
    totals = dict(raw)
    if counted:
        assert brisques is not None and reason is not None
        totals = {s: raw[s] + BRISQUE * brisques[s] for s in seats}
        steps.append(_brisques_step(reason, brisques, totals))
    if totals[a] == totals[b]:
        steps.append(
            Step(f"the scores are equal ({totals[a]}): the game is null and void", "RUB-GAME-5")
        )
        return RubiconOutcome(None, 0, False, totals, counted, tuple(steps))
    winner = a if totals[a] > totals[b] else b
    loser = _other(winner, seats)
    steps.append(Step(f"{winner} wins with {totals[winner]} against {totals[loser]}", "RUB-GAME-6"))
    if totals[loser] < RUBICON:
        if brisques is not None and not counted and not brisques_known:
            # a position that does not state them: the most the loser can hold (a review read
            # the brisques taken after the position as all of them)
            most = ALL_BRISQUES - brisques[winner]
            reach = raw[loser] + BRISQUE * most
            fate = (
                f"short of {RUBICON}: they cannot save the rubicon and are not counted"
                if reach < RUBICON
                else "which might save the rubicon: the record cannot tell, and this value"
                " reckons it as not saved, for reference"
            )
            steps.append(
                Step(
                    f"{loser}'s brisques before the position are not stated: at most {most}"
                    f" ({BRISQUE * most}), every one {winner} is not seen to take, would bring"
                    f" {loser} to {reach}, {fate} (laws 60, 61)",
                    "RUB-GAME-3",
                )
            )
        elif brisques is not None and not counted:  # (the save tried and failed: a review)
            saved = raw[loser] + BRISQUE * brisques[loser]
            steps.append(
                Step(
                    f"{loser}'s brisques, {brisques[loser]} ({BRISQUE * brisques[loser]}), would"
                    f" bring {loser} to {saved}, short of {RUBICON}: they do not save the rubicon"
                    " and are not counted (laws 60, 61)",
                    "RUB-GAME-3",
                )
            )
        # rubiconed: brisques are not added (law 61), the flat 300 is in the 1300
        value, step = _rubiconed(raw[winner], raw[loser], loser, rubicon_truncate)
        steps.append(step)
        return RubiconOutcome(winner, value, True, dict(raw), counted, tuple(steps))
    value, step = _game_value(truncate(totals[winner]), truncate(totals[loser]))
    steps.append(step)
    return RubiconOutcome(winner, value, False, totals, counted, tuple(steps))


def _brisques_step(reason: str, brisques: dict[str, int], totals: dict[str, int]) -> Step:
    """The brisques counted and why (RUB-GAME-3)."""
    a, b = totals
    return Step(
        f"brisques counted because {reason}: {a} {brisques[a]} ({BRISQUE * brisques[a]}), "
        f"{b} {brisques[b]} ({BRISQUE * brisques[b]}); totals {a} {totals[a]}, {b} {totals[b]}",
        "RUB-GAME-3",
    )


def _rubiconed(
    w: int, lo: int, loser: str, rubicon_truncate: Literal["each", "sum"]
) -> tuple[int, Step]:
    """A rubiconed loser (RUB-RUBICON-2): both raw scores, each truncated or their sum (the
    option rubicon_truncate), the loser's as 100 if under 100 (law 59), plus 1300."""
    if rubicon_truncate == "sum" and lo >= RUBICONED_MINIMUM:
        value = truncate(w + lo) + RUBICON_BONUS
        text = (
            f"{loser} is rubiconed (under {RUBICON}): {w} + {lo} = {w + lo}, "
            f"truncated {truncate(w + lo)}, + {RUBICON_BONUS} = {value}"
        )
        return value, Step(text, "RUB-RUBICON-2")
    lo_part = RUBICONED_MINIMUM if lo < RUBICONED_MINIMUM else truncate(lo)
    value = truncate(w) + lo_part + RUBICON_BONUS
    lo_words = (
        f"{RUBICONED_MINIMUM} (scored under {RUBICONED_MINIMUM}, law 59)"
        if lo < RUBICONED_MINIMUM
        else f"{lo_part}"
    )
    text = (
        f"{loser} is rubiconed (under {RUBICON}): {truncate(w)} + {lo_words} + "
        f"{RUBICON_BONUS} (1000 for the game, 300 for the brisques) = {value}"
    )
    return value, Step(text, "RUB-RUBICON-2")


def _game_value(winner: int, loser: int) -> tuple[int, Step]:
    """The difference of the truncated scores, at least 100, plus 500 (RUB-GAME-4)."""
    difference = winner - loser
    value = max(difference, MIN_DIFFERENCE) + GAME_BONUS
    note = (
        f" (under {MIN_DIFFERENCE}: reckoned {MIN_DIFFERENCE})"
        if difference < MIN_DIFFERENCE
        else ""
    )
    text = f"{winner} - {loser} = {difference}{note}; + {GAME_BONUS} for the game = {value}"
    return value, Step(text, "RUB-GAME-4")


def law17_value(adversary_score: int, offender_score: int) -> int:
    """A player found with more than nine cards is rubiconed, his part capped at 900 (RUB-LAW-17)."""
    return truncate(adversary_score) + min(truncate(offender_score), 900) + RUBICON_BONUS
