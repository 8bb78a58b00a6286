"""A revoke penalty's effect as data (scoring.PenaltyEffect, a score item's ``penalty``) and
the decision's words written from it (ruling/disputes._effect): the cases no fixture has —
held below game, counting nothing after the game is won, tricks short — beside the common ones.
"""

from __future__ import annotations

import pytest

from adjudicator.games.whist.scoring import DealPlan, Penalty, ScoringRules, score_deal
from adjudicator.games.whist.summary import PenaltyEffect, ScoreItem
from adjudicator.ruling.disputes import _effect

ENGLISH = ScoringRules(target=5, cap=4, deduct_floor_zero=True, english=True)


def penalty_items(ns: int, plan: DealPlan, ew: int = 0) -> list[ScoreItem]:
    """The penalty items of a deal scored from NS ``ns``, EW ``ew``, as the ruling publishes
    them."""
    result = score_deal({"NS": ns, "EW": ew}, plan, ENGLISH)
    return [
        ScoreItem(
            item=s.item,
            side=s.side,
            points=s.points,
            rule=s.rule,
            text=s.text,
            penalty=PenaltyEffect(**s.penalty._asdict()),
        )
        for s in result.steps
        if s.penalty is not None
    ]


def test_points_held_below_game_for_a_side_that_revoked() -> None:
    plan = DealPlan({"NS": 6, "EW": 7}, (Penalty("NS", "add"),), no_win=frozenset({"NS"}))
    [item] = penalty_items(2, plan)
    effect = item["penalty"]
    assert (effect.held_at, effect.game, item["points"]) == (4, None, 2)
    assert _effect(item) == (
        "NS add three to their score: +2 (held at 4: the revoking side cannot win the game in"
        " this deal), making NS 4, EW 0"
    )


def test_a_second_penalty_counts_nothing_once_the_first_won_the_game() -> None:
    plan = DealPlan({"NS": 6, "EW": 7}, (Penalty("NS", "add"), Penalty("NS", "add")))
    first, second = penalty_items(3, plan)
    assert (first["penalty"].game, first["penalty"].already_won) == (5, None)
    assert (second["penalty"].game, second["penalty"].already_won) == (None, "NS")
    assert _effect(first) == (
        "NS add three to their score; NS reach 5 and win the game, making NS 6, EW 0"
    )
    assert (
        _effect(second)
        == "NS add three to their score: counts nothing, NS had already won the game"
    )


@pytest.mark.parametrize(
    ("penalty", "tricks", "words"),
    [
        (Penalty("NS", "add"), 6, "NS add three to their score, making NS 3, EW 0"),
        (Penalty("NS", "tricks"), 12, "NS take 1 trick from EW, making the tricks NS 13, EW 0"),
    ],
)
def test_plain_penalties(penalty: Penalty, tricks: int, words: str) -> None:
    """Points added; tricks taken, never more than the revokers have (AMB-6)."""
    [item] = penalty_items(0, DealPlan({"NS": tricks, "EW": 13 - tricks}, (penalty,)))
    assert _effect(item) == words


def test_a_deduction_stopped_at_zero_is_said_without_the_option_key() -> None:
    [item] = penalty_items(0, DealPlan({"NS": 6, "EW": 7}, (Penalty("NS", "deduct"),)), ew=1)
    assert item["penalty"].floored
    assert "deduct_floor" in item["text"]  # the engine's step names the option; the words do not
    assert _effect(item) == (
        "three deducted from EW: -1 (not below 0, under these rules), making NS 0, EW 0"
    )
