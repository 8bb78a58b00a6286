"""The judge's data: what one judgement of a whist record carries from deal to deal.

``judge.Judge`` walks the deals over it; its parts (``revokes``, ``penalties``,
``honours``, ``marks``, ``stopped``, ``misdeals``) are functions over a ``Bench``, so each
imports it one way and none needs the judge itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from adjudicator.findings import Finding
from adjudicator.games.whist import scoring
from adjudicator.games.whist.facts import WhistReplay
from adjudicator.games.whist.options import is_english
from adjudicator.games.whist.scoring import ScoringRules
from adjudicator.record.whist import WhistRecord, WhistRules
from adjudicator.seats import SIDES, Side


@dataclass
class Position:
    """The score carried from deal to deal: the game in progress and the rubber's games."""

    score: dict[Side, int]
    games: list[tuple[Side, int]]
    last_rubber: scoring.RubberValue | None = None
    rubber_games: list[tuple[Side, int]] = field(default_factory=list)
    fresh_cut: bool = False  # the rubber (English) or game (American) just ended
    new_rubber: bool = False  # deals have been played since ``last_rubber`` was complete


class Bench:
    """One record's judgement in progress: the rules, the findings and steps so far, the
    score carried, the marks seen and the questions left open."""

    def __init__(
        self, record: WhistRecord, rules: WhistRules, replay: WhistReplay, summarise: bool = True
    ) -> None:
        self.rules = rules
        self.summarise = summarise  # False: the findings only (a referee's push, no summary)
        self.replay = replay
        self.english = is_english(rules)
        self.findings: list[Finding] = list(replay.findings)
        self.steps: list[str] = []
        self.scoring_rules = ScoringRules(
            target=cast(int, rules.game_target),
            cap=cast(int, rules.revoker_cap),
            deduct_floor_zero=rules.deduct_floor == "zero",
            english=self.english,
            count_all=rules.excess_points == "count_all",
        )
        start = record.start
        score: dict[Side, int] = {side: start.score.get(side, 0) for side in SIDES}
        self.position = Position(score, [(g.winner, g.value) for g in start.games])
        self.marked: dict[str, dict[str, int]] = {"NS": {}, "EW": {}}
        self.last_result: dict[str, object] | None = None
        self.undetermined: list[dict[str, object]] = []  # a fragment's open questions
        # a fragment's honours claims: the sides shown to hold at most two (a bound)
        self.honours_at_most: set[Side] = set()
        self.unclaimed_honours: list[tuple[int, Side, int]] = []
