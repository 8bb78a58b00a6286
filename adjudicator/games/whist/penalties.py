"""Ruling on revoke penalties: the order several are taken in, and the best choice for
claimants who did not choose, with what each choice gives (WHIST-REVOKE-9, -10).

A mixin of ``judge.Judge``, apart from the deal's walk: it plans the penalties and scores
each plan, with the game and rubber it gives, through ``scoring``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Literal, cast

from adjudicator.facts.whist_revokes import PenaltyAdvised, PenaltyOrder
from adjudicator.findings import Finding, make_finding
from adjudicator.games.whist import advice, scoring
from adjudicator.games.whist.facts import DealFacts
from adjudicator.games.whist.marks import Position
from adjudicator.games.whist.revokes import CHOICES, RevokeRuling
from adjudicator.games.whist.scoring import Choice, DealPlan, DealScore, Penalty, ScoringRules
from adjudicator.games.whist.summary import GameResult, PenaltyOption
from adjudicator.record.whist import WhistRules
from adjudicator.seats import Side, other_side

#: a combination's worth to the claimants, its score, and the game and rubber it gives
_Outcome = tuple[tuple[int, int, int], DealScore, GameResult | None, GameResult | None]


class PenaltyJudge:
    """The plan of a deal's penalties, and the advice on penalties not chosen."""

    rules: WhistRules
    english: bool
    findings: list[Finding]
    scoring_rules: ScoringRules
    position: Position
    _short: Callable[[DealFacts, list[RevokeRuling], dict[int, str]], bool]  # ``RevokeJudge``
    _penalty_tricks: Callable[[Sequence[RevokeRuling], RevokeRuling], int]  # ``RevokeJudge``

    def _plan(
        self,
        deal: DealFacts,
        revokes: list[RevokeRuling],
        honours: list[tuple[Side, int]],
        no_win: frozenset[Side],
        void: bool,
        choices: dict[int, str] | None = None,
        won: dict[Side, int] | None = None,
        order: str | None = None,
    ) -> DealPlan:
        penalties = []
        for r in sorted(revokes, key=self._penalty_key(order or self.rules.penalty_order)):
            if not r.applied:
                continue
            if self.english:
                choice = (choices or {}).get(id(r)) or r.choice
                if choice not in CHOICES:
                    continue
            else:
                choice = "tricks"
                r.choice = "tricks"
            penalties.append(
                Penalty(
                    other_side(r.renounce.side),
                    cast(Choice, choice),
                    self._penalty_tricks(revokes, r),
                    r.renounce.trick,
                    "WHIST-REVOKE-15"
                    if not self.english and self.rules.awl_revoke_mode == "duplicate"
                    else "",
                )
            )
        tricks_won = deal.tricks_won() if won is None else won
        return DealPlan(tricks_won, tuple(penalties), tuple(honours), no_win, void)

    @staticmethod
    def _penalty_key(order: str | None) -> Callable[[RevokeRuling], tuple[int, int]]:
        """Penalties in the order the revokes were made, or the order they were claimed."""
        if order == "claims":
            return lambda r: (r.claimed_at or 0, r.renounce.trick)
        return lambda r: (r.renounce.trick, 0)  # stable: same trick, as established

    def _note_penalty_order(
        self, deal: DealFacts, plan: DealPlan, result: DealScore, revokes: list[RevokeRuling]
    ) -> None:
        """Say which order of several penalties the ruling took, when the other order (the
        other value of option penalty_order) would change the score."""
        if len(plan.penalties) < 2:
            return
        taken = self.rules.penalty_order
        other = "claims" if taken == "revokes" else "revokes"
        other_plan = plan._replace(
            penalties=self._plan(
                deal, revokes, list(plan.honours), plan.no_win, False, order=other
            ).penalties
        )
        alt = scoring.score_deal(result.before, other_plan, self.scoring_rules)
        if (alt.after, alt.winner) == (result.after, result.winner):
            return
        claimed = [r.claimed_at for r in revokes if r.applied and r.claimed_at is not None]
        self.findings.append(
            make_finding(
                "WHIST-REVOKE-10",
                "info",
                facts=PenaltyOrder(
                    deal=deal.number,
                    penalties=len(plan.penalties),
                    order=cast(Literal["revokes", "claims"], taken),
                    score={str(k): v for k, v in result.after.items()},
                    other_score={str(k): v for k, v in alt.after.items()},
                ),
                event=max(claimed) if claimed else deal.event,
                deal=deal.number,
                basis=["WHIST-SCORE-3"],
            )
        )

    def _advise(
        self,
        deal: DealFacts,
        revokes: list[RevokeRuling],
        unchosen: list[RevokeRuling],
        honours: list[tuple[Side, int]],
        no_win: frozenset[Side],
        before: dict[Side, int],
    ) -> list[PenaltyOption]:
        """What each choice of the unchosen penalties gives, and the best, which is applied
        (``advice``: polynomial in the revokes, never every combination)."""
        claimants = other_side(unchosen[0].renounce.side)
        key = self._penalty_key(self.rules.penalty_order)
        ordered = sorted(
            unchosen, key=lambda r: (r.renounce.side != unchosen[0].renounce.side, key(r))
        )
        groups = [len(list(g)) for _, g in itertools.groupby(ordered, lambda r: r.renounce.side)]
        cache: dict[tuple[Choice, ...], _Outcome | None] = {}

        def outcome(combo: tuple[Choice, ...]) -> _Outcome | None:
            if combo not in cache:
                choices: dict[int, str] = {id(r): c for r, c in zip(ordered, combo, strict=True)}
                if self.rules.trick_penalty_shortfall == "invalid_choice" and self._short(
                    deal, revokes, choices
                ):
                    cache[combo] = None
                else:
                    result = scoring.score_deal(
                        before,
                        self._plan(deal, revokes, honours, no_win, False, choices),
                        self.scoring_rules,
                    )
                    game, rubber = self._preview(result)
                    cache[combo] = (
                        self._rank(claimants, result, game, rubber),
                        result,
                        game,
                        rubber,
                    )
            return cache[combo]

        def rank(combo: tuple[Choice, ...]) -> tuple[int, ...] | None:
            found = outcome(combo)
            return None if found is None else found[0]

        best, shown = advice.advise(groups, rank)
        for r, c in zip(ordered, best, strict=True):
            r.choice = c
        self.findings.append(
            make_finding(
                "WHIST-REVOKE-9",
                "info",
                facts=PenaltyAdvised(
                    claimants=claimants,
                    seat=unchosen[0].renounce.seat,
                    trick=unchosen[0].renounce.trick,
                    deal=deal.number,
                    best=best,
                ),
                event=cast(int, unchosen[0].claimed_at),
                deal=deal.number,
                trick=unchosen[0].renounce.trick,
                seat=unchosen[0].renounce.seat,
            )
        )
        options = []
        for combo in shown:
            found = outcome(combo)
            if found is None:
                continue
            _, result, game, rubber = found
            options.append(
                PenaltyOption(
                    choices=list(combo),
                    score=dict(result.after.items()),  # (a dict keyed by str, as the model is)
                    game=game,
                    rubber=rubber,
                    best=combo == best,
                )
            )
        return options

    @staticmethod
    def _rank(
        claimants: Side, result: DealScore, game: GameResult | None, rubber: GameResult | None
    ) -> tuple[int, int, int]:
        def signed(g: GameResult | None) -> int:
            return 0 if g is None else (g.value if g.winner == claimants else -g.value)

        revokers = other_side(claimants)
        lead = result.after[claimants] - result.after[revokers]
        return signed(rubber), signed(game), lead

    def _game_value(self, result: DealScore) -> scoring.GameValue:
        winner = cast(Side, result.winner)
        loser = other_side(winner)
        if self.rules.game_value_mode == "rubber_points":
            return scoring.english_game_value(winner, result.after[loser])
        return scoring.american_game_value(
            winner,
            result.after[winner],
            result.after[loser],
            self.scoring_rules.target,
            self.rules.excess_points == "count_all",
        )

    def _preview(self, result: DealScore) -> tuple[GameResult | None, GameResult | None]:
        if result.winner is None:
            return None, None
        value = self._game_value(result)
        game = GameResult(winner=value.winner, value=value.value)
        rubber = None
        if self.rules.game_value_mode == "rubber_points":
            r = scoring.rubber_value([*self.position.games, (value.winner, value.value)])
            rubber = GameResult(winner=r.winner, value=r.value) if r else None
        return game, rubber
