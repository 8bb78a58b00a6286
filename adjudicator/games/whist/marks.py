"""Checking the marks written on the score sheet and the agreed results (WHIST-SCORE-7).

Functions over ``bench.Bench``, called by ``judge.Judge``: the expected marks come from
the deal's scored steps and the game and rubber it completed.
"""

from __future__ import annotations

from typing import Literal, cast

from adjudicator.facts.marks import (
    AgreedResult,
    MarkWhy,
    Result,
    Unmarked,
    Window,
    WrongMark,
)
from adjudicator.findings import make_finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist.bench import Bench
from adjudicator.games.whist.facts import DealFacts
from adjudicator.games.whist.scoring import DealScore
from adjudicator.seats import Side, other_side

MARK_ITEMS = ("penalty", "tricks", "honours", "game", "rubber")


# Marks and results (WHIST-SCORE-7) ---------------------------------------------------------


def _expected_marks(
    bench: Bench,
    result: DealScore,
    game: scoring.GameValue | None,
    rubber: scoring.RubberValue | None,
) -> dict[tuple[str, str], tuple[int, int, str]]:
    expected: dict[tuple[str, str], tuple[int, int, str]] = {}
    for step in result.steps:
        low, high, rule = expected.get((step.side, step.item), (0, 0, step.rule))
        rule = step.rule if step.points else rule
        expected[(step.side, step.item)] = (low + step.low, high + step.points, rule)
    if game is not None:  # rubber points (English) or the game's value (American)
        expected[(game.winner, "game")] = (game.value, game.value, game.rule)
    if rubber is not None:
        expected[(rubber.winner, "rubber")] = (
            scoring.RUBBER_BONUS,
            scoring.RUBBER_BONUS,
            "WHIST-RUBBER-3",
        )
    return expected


def check_marks(
    bench: Bench,
    deal: DealFacts,
    result: DealScore,
    game: scoring.GameValue | None,
    rubber: scoring.RubberValue | None,
) -> None:
    if not deal.marks:
        return
    expected = _expected_marks(bench, result, game, rubber)
    groups: dict[tuple[str, str], list[int]] = {}
    last: dict[tuple[str, str], int] = {}
    key: tuple[str, str]
    for timed in deal.marks:
        key = (timed.event.side, timed.event.for_)
        groups.setdefault(key, []).append(timed.event.points)
        last[key] = timed.index
        sheet = bench.marked[timed.event.side]
        sheet[timed.event.for_] = sheet.get(timed.event.for_, 0) + timed.event.points
    for key in sorted(groups, key=lambda k: last[k]):
        side, item = key
        marked = sum(groups[key])
        low, high, rule = expected.get(key, (0, 0, _ITEM_RULE[item]))
        if low <= marked <= high or (low > high and high <= marked <= low):
            continue
        why = _why(result, side, item)
        losers = None
        if why is None and item == "honours" and high > 0:
            why = "honours-held"  # (three honours count 2, four 4: WHIST-HONOURS-2)
        elif why is None and item == "game" and game is not None and high > 0 and bench.english:
            # the game's value in rubber points is set by the losers' score when it was won:
            # nothing of theirs counts after it (WHIST-SCORE-3), so it is their score after
            why, losers = "losers-score", result.after[other_side(cast(Side, side))]
        bench.findings.append(
            make_finding(
                "WHIST-SCORE-7",
                "violation",
                facts=WrongMark(
                    who=side,
                    item=item,
                    deal=deal.number,
                    marked=marked,
                    right=high if low == high else low,
                    high=None if low == high else high,
                    why=why,
                    winner=result.winner if why == "game-already-won" else None,
                    losers=losers,
                    window=_window(bench, item),
                ),
                event=last[key],
                deal=deal.number,
                basis=[rule, *_HELD[bench.english]] if why == "revokers-held" else [rule],
            )
        )
    for (side, item), (_low, high, rule) in expected.items():
        if item == "game" and rule == "WHIST-SCORE-5":
            continue  # American: the game's value is agreed as the result, not marked
        if item == "penalty" and _unchosen(deal, side, high):
            continue  # the ruling's choice, not the claimants': not theirs to have marked
        if high and (side, item) not in groups:
            bench.findings.append(
                make_finding(
                    "WHIST-SCORE-7",
                    "info",
                    facts=Unmarked(side=side, item=item, points=high, deal=deal.number),
                    event=deal.event,
                    deal=deal.number,
                    basis=[rule],
                )
            )


#: the rule that holds a revoking side below game, English codes or not (WHIST-REVOKE-11: at
#: four; WHIST-REVOKE-14, American: up to six)
_HELD = {True: ("WHIST-REVOKE-11",), False: ("WHIST-REVOKE-14",)}


def _why(result: DealScore, side: str, item: str) -> MarkWhy | None:
    """Why a wrong mark may be an honest one; asked only of a wrong mark, which is rare."""
    steps = [step for step in result.steps if step.side == side and step.item == item]
    if any(step.floored for step in steps):  # a deduction stopped at 0: the option, not the law
        return "deduction-floored"
    if steps and all(step.void for step in steps):  # WHIST-SCORE-3: after the game is won
        return "game-already-won"  # nothing counts
    if any(step.capped for step in steps):  # WHIST-REVOKE-11, -14: held below game
        return "revokers-held"
    if item == "game" and any(s.capped for s in result.steps if s.side == side):
        return "revokers-held"  # (a game marked by a side held below it: a review)
    return None


def _window(bench: Bench, item: str) -> Window:
    """How long a marking error may be corrected under the code in force."""
    if bench.english:
        return "rubber" if item in ("game", "rubber") else "game"
    return "next-deal"


def check_result(bench: Bench, index: int, winner: str, value: int, deal: int | None) -> None:
    bench.last_result = {"winner": winner, "value": value}
    if bench.rules.game_value_mode == "rubber_points":
        rubber = bench.position.last_rubber if not bench.position.games else None
        truth = (rubber.winner, rubber.value) if rubber else None
        what: Literal["game", "rubber"] = "rubber"
        rule = "WHIST-RUBBER-4"
    else:
        games = bench.position.games or bench.position.rubber_games
        truth = games[-1] if games else None
        what, rule = "game", "WHIST-SCORE-5"
    if truth == (winner, value):
        return
    bench.findings.append(
        make_finding(
            "WHIST-SCORE-7",
            "violation",
            facts=AgreedResult(
                game="whist",
                what=what,
                winner=winner,
                value=value,
                deal=deal,
                right=[Result(winner=truth[0], value=truth[1])] if truth else [],
            ),
            event=index,
            deal=deal,
            basis=[rule],
        )
    )


_ITEM_RULE = {
    "penalty": "WHIST-REVOKE-9",
    "tricks": "WHIST-SCORE-1",
    "honours": "WHIST-HONOURS-2",
    "game": "WHIST-RUBBER-2",
    "rubber": "WHIST-RUBBER-3",
}


def _unchosen(deal: DealFacts, side: str, points: int) -> bool:
    """Whether a penalty's points are the ruling's choice: the claimants (the side that adds,
    or the adversaries of the side deducted from) recorded no choice in the deal, so the
    ruling applied the best for them (WHIST-REVOKE-9). No mark is missing then: a review
    heard "did not mark the 3 for penalty" said of players told they may still choose."""
    claimants = side if points > 0 else other_side(cast(Side, side))
    return not any(p.event.by == claimants for p in deal.penalties)
