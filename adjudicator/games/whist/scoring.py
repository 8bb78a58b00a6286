"""Whist scoring as small pure functions; each item returns its step in words.

Order within a deal (WHIST-SCORE-3): revoke penalties, then tricks, then honours; the
game is won the moment a side reaches the target in that order and nothing after counts
(WHIST-HONOURS-5, WHIST-REVOKE-12). Revokers stay below game (WHIST-REVOKE-11, -14).
Values of games and rubbers: WHIST-RUBBER-2..4 (English), WHIST-SCORE-5 (American).

The values are named tuples: immutable like frozen dataclasses, and several times cheaper to
build, which counts as a few are made for every deal judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from adjudicator.seats import SIDES, Side, other_side

Item = Literal["penalty", "tricks", "honours", "game", "rubber"]
Choice = Literal["tricks", "deduct", "add"]

PENALTY_POINTS = 3  # WHIST-REVOKE-9: three tricks or three points
BOOK = 6  # WHIST-SCORE-1
RUBBER_BONUS = 2  # WHIST-RUBBER-3

#: honours held by a side -> points (WHIST-HONOURS-2); two each score nothing
HONOURS_POINTS: dict[int, int] = {4: 4, 3: 2}

#: losers' score when the game is won -> rubber points (WHIST-RUBBER-2), 5-point game
RUBBER_POINTS: tuple[tuple[range, int, str], ...] = (
    (range(0, 1), 3, "a treble"),
    (range(1, 3), 2, "a double"),
    (range(3, 5), 1, "a single"),
)


def tricks_over_book(tricks: int) -> int:
    """Points for tricks: one for each trick over six (WHIST-SCORE-1)."""
    return max(0, tricks - BOOK)


def honours_points(held: int) -> int:
    return HONOURS_POINTS.get(held, 0)


def rubber_points(losers_score: int) -> tuple[int, str]:
    """Value of an English game by the losers' score when it was won (WHIST-RUBBER-2)."""
    clamped = min(max(losers_score, 0), 4)  # below nothing has not scored (AMB-7 allow_negative)
    for scores, points, name in RUBBER_POINTS:
        if clamped in scores:
            return points, name
    raise AssertionError(losers_score)  # pragma: no cover - the table covers 0..4


def trick_words(points: int) -> str:
    return "the odd trick" if points == 1 else f"{points} by cards"


class PenaltyEffect(NamedTuple):
    """What one revoke penalty did, as data for the decision's words (published as a score
    item's ``penalty``): built only for a penalty item, so nothing is added per deal."""

    choice: Choice
    claimants: Side
    revokers: Side
    score: dict[Side, int]  # the score after the item
    tricks_moved: int = 0  # a "tricks" penalty: the tricks taken from the revokers
    tricks: dict[Side, int] | None = None  # a "tricks" penalty: each side's tricks after it
    held_at: int | None = None  # held below game: the side revoked (WHIST-REVOKE-11, -14)
    floored: bool = False  # a deduction stopped at 0 (option deduct_floor, AMB-7)
    game: int | None = None  # the game's target, when the item reached it and won the game
    already_won: Side | None = None  # counted nothing: this side had already won the game
    #: a revoking side held below game and then made to lose points: what it had counted in
    #: the deal before the item (the hold limits what the deal leaves it, WHIST-REVOKE-11)
    counted_from: int | None = None


class Step(NamedTuple):
    """One item of the score, as a director would read it out."""

    item: Item
    side: Side
    points: int  # what the item counted toward the score
    rule: str
    text: str
    low: int  # the least mark accepted for this item (a game-winning item may be marked short)
    score: dict[Side, int]  # running score after the item
    capped: bool = False  # held below game: the side revoked (WHIST-REVOKE-11, -14)
    void: bool = False  # counted nothing: the game was already won (WHIST-SCORE-3)
    floored: bool = False  # a deduction stopped at 0 (option deduct_floor, AMB-7)
    penalty: PenaltyEffect | None = None  # a revoke penalty's effect, for the decision


class Penalty(NamedTuple):
    """One revoke penalty to apply: the claimants and their choice."""

    claimants: Side
    choice: Choice
    tricks: int = PENALTY_POINTS  # tricks moved for a "tricks" penalty (American: 2 or 1)
    trick_no: int = 0
    rule: str = ""  # the rule that sets this penalty, when not the code's usual one


class DealPlan(NamedTuple):
    """The facts a deal's score depends on, already judged."""

    tricks_won: dict[Side, int]
    penalties: tuple[Penalty, ...] = ()
    honours: tuple[tuple[Side, int], ...] = ()  # (side, honours held) for valid claims
    no_win: frozenset[Side] = frozenset()  # sides that cannot win the game this deal
    void: bool = False  # both sides revoked and the deal is void (AMB-4 new_deal)


class DealScore(NamedTuple):
    steps: tuple[Step, ...]
    tricks_after_penalty: dict[Side, int]
    before: dict[Side, int]
    after: dict[Side, int]
    winner: Side | None  # the side that reached game in this deal
    #: each side's points counted in the deal before any hold below game (WHIST-REVOKE-11):
    #: above ``after`` for a side the hold keeps down at the end of the deal
    counted: dict[Side, int] | None = None


class ScoringRules(NamedTuple):
    target: int
    cap: int
    deduct_floor_zero: bool
    english: bool
    count_all: bool = False  # American, AMB-18: the points past 7 count (else the game stops)


class _Tally:
    """The running score of one deal: each item counted in turn (WHIST-SCORE-3), held below
    game for a side that revoked, floored by the option, and nothing after the game is won."""

    def __init__(self, before: dict[Side, int], plan: DealPlan, rules: ScoringRules) -> None:
        self.score = dict(before)
        #: what a revoking side has counted in the deal, before any hold: the hold limits
        #: what the deal leaves it (WHIST-REVOKE-11: "as a result of that hand"), so a
        #: deduction after it was held comes off these points, not the score it was held at
        #: (a review: held at 4 and then three deducted left 1, and the order of two
        #: penalties changed the score)
        self.counted = dict(before)
        self.before = before  # (a hold's limit: the cap, or the score before the deal if higher)
        self.steps: list[Step] = []
        self.winner: Side | None = None
        self.plan = plan
        self.rules = rules

    def add(self, item: Item, side: Side, raw: int, rule: str, words: str) -> Step:
        """Count one item of ``raw`` points for ``side``; returns its step, appended."""
        if self.winner is not None:
            text = f"{words}: counts nothing, {self.winner} had already won the game"
            step = Step(item, side, 0, "WHIST-SCORE-3", text, 0, dict(self.score), void=True)
            self.steps.append(step)
            return step
        score, rules = self.score, self.rules
        held = side in self.plan.no_win
        base = self.counted[side] if held else score[side]
        new = base + raw
        note = ""
        floored = raw < 0 and rules.deduct_floor_zero and new < 0
        if floored:
            new = 0
            note = " (not below 0: option deduct_floor = zero)"
        capped = False
        if held:
            self.counted[side] = new
            limit = max(self.before[side], rules.cap)
            if new > limit:
                new = limit
                capped = True
                note = f" (held at {new}: the revoking side cannot win the game in this deal)"
            elif base != score[side]:
                note = f" (from the {base} counted before the hold at {score[side]}){note}"
        counted = new - score[side]
        score[side] = new
        low = counted
        if new >= rules.target and side not in self.plan.no_win:
            self.winner = side
            low = min(counted, rules.target - (new - counted))
            note += f"; {side} reach {rules.target} and win the game"
            past = new - rules.target
            if past > 0 and rules.english:  # WHIST-SCORE-4: the points past game are turned down
                points = "1 point past it is" if past == 1 else f"{past} points past it are"
                note += f" (the {points} not carried: WHIST-SCORE-4)"
            elif past > 0 and not rules.count_all:  # American: the game stops at 7 (AMB-18)
                points = "1 point past it does" if past == 1 else f"{past} points past it do"
                note += (
                    f" (the {points} not count: the game stops at {rules.target}, WHIST-SCORE-5)"
                )
        text = f"{words}: {counted:+d}{note} -> NS {score['NS']}, EW {score['EW']}"
        step = Step(item, side, counted, rule, text, low, dict(score), capped, floored=floored)
        self.steps.append(step)
        return step

    def penalty(self, penalty: Penalty, tricks: dict[Side, int]) -> None:
        """One revoke penalty (WHIST-REVOKE-9, -14): points added or deducted, or tricks
        moved (``tricks`` changed in place), with its effect kept for the decision."""
        claimants = penalty.claimants
        revokers = other_side(claimants)
        if penalty.choice == "tricks":
            moved = min(penalty.tricks, tricks[revokers])  # AMB-6: never more than they have
            tricks[revokers] -= moved
            tricks[claimants] += moved
            rule = penalty.rule or ("WHIST-REVOKE-9" if self.rules.english else "WHIST-REVOKE-14")
            text = (
                f"revoke penalty, {claimants} take {moved} trick{'s' if moved != 1 else ''}"
                f" from {revokers}: tricks NS {tricks['NS']}, EW {tricks['EW']}"
            )
            score = dict(self.score)
            effect = PenaltyEffect("tricks", claimants, revokers, score, moved, dict(tricks))
            self.steps.append(Step("penalty", claimants, 0, rule, text, 0, score, penalty=effect))
            return
        if penalty.choice == "add":
            side, raw = claimants, PENALTY_POINTS
            words = f"revoke penalty, {claimants} add three to their score"
        else:
            side, raw = revokers, -PENALTY_POINTS
            words = f"revoke penalty, three deducted from {revokers}"
        before = self.score[side]
        counted_from = self.counted[side] if side in self.plan.no_win else before
        step = self.add("penalty", side, raw, "WHIST-REVOKE-9", words)
        effect = PenaltyEffect(
            penalty.choice,
            claimants,
            revokers,
            step.score,
            held_at=step.score[side] if step.capped else None,
            floored=step.floored,
            game=self.rules.target if self.winner == side and not step.void else None,
            already_won=self.winner if step.void else None,
            counted_from=counted_from if counted_from != before and not step.capped else None,
        )
        self.steps[-1] = step._replace(penalty=effect)


def score_deal(before: dict[Side, int], plan: DealPlan, rules: ScoringRules) -> DealScore:
    """Score one deal from the score before it, item by item in the order of WHIST-SCORE-3:
    revoke penalties, then tricks (WHIST-SCORE-1), then honours (WHIST-HONOURS-2)."""
    tally = _Tally(before, plan, rules)
    tricks = dict(plan.tricks_won)
    for penalty in plan.penalties:
        tally.penalty(penalty, tricks)
    side: Side
    for side in SIDES:
        points = tricks_over_book(tricks[side])
        if points:
            words = f"{side} win {tricks[side]} tricks, {trick_words(points)}"
            tally.add("tricks", side, points, "WHIST-SCORE-1", words)
    for side, held in plan.honours:
        words = f"{side} hold {'all four' if held == 4 else 'three'} honours"
        tally.add("honours", side, honours_points(held), "WHIST-HONOURS-2", words)
    return DealScore(
        tuple(tally.steps), tricks, dict(before), tally.score, tally.winner, tally.counted
    )


class GameValue(NamedTuple):
    winner: Side
    value: int
    rule: str
    text: str


def english_game_value(winner: Side, losers_score: int) -> GameValue:
    points, name = rubber_points(losers_score)
    return GameValue(
        winner,
        points,
        "WHIST-RUBBER-2",
        f"{winner} win the game with the losers at {losers_score}: {name}, {points}",
    )


def american_game_value(
    winner: Side, winners_score: int, losers_score: int, target: int, count_all: bool
) -> GameValue:
    """AWL-1: 7 less the losers' score; or, counting all (AMB-18), the difference."""
    top = winners_score if count_all else target
    return GameValue(
        winner,
        top - losers_score,
        "WHIST-SCORE-5",
        f"{winner} win the game {top} to {losers_score}: worth {top - losers_score}",
    )


class RubberValue(NamedTuple):
    winner: Side
    value: int
    steps: tuple[str, ...]


def rubber_value(games: Sequence[tuple[Side, int]]) -> RubberValue | None:
    """The rubber once a side has two games (WHIST-RUBBER-1, -3, -4); None before that."""
    wins = {side: [v for w, v in games if w == side] for side in SIDES}
    winner = next((side for side in SIDES if len(wins[side]) >= 2), None)
    if winner is None:
        return None
    loser = other_side(winner)
    gross = sum(wins[winner]) + RUBBER_BONUS
    value = gross - sum(wins[loser])
    words = [
        f"{winner} win the rubber: games {' + '.join(map(str, wins[winner]))} + {RUBBER_BONUS} for the rubber = {gross}",
    ]
    if wins[loser]:
        words.append(
            f"less {loser}'s game {' + '.join(map(str, wins[loser]))}: the rubber is worth {value}"
        )
    else:
        words.append(f"{loser} won no game: the rubber is worth {value}")
    return RubberValue(winner, value, tuple(words))
