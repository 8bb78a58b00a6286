"""The ordinary game of Bézique across deals: the running score to the target, the winner and
the value of the game (BEZ-SCORE-3, -4); each deal is scored by ``judge.score_deal``.
"""

from __future__ import annotations

from typing import cast

from adjudicator.engine.judgement import Judgement
from adjudicator.facts.marks import Result
from adjudicator.games.bezique.facts import SEATS, BeziqueDealFacts, BeziqueReplay, other
from adjudicator.games.bezique.forced import replay_open
from adjudicator.games.bezique.judge import (
    BRISQUE,
    UNDECIDED_STEP,
    DealPoints,
    Scorer,
    agreed_results,
    early_results,
    position_unknowns,
    score_deal,
    wrong_results,
)
from adjudicator.games.bezique.summarise import summary
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.bezique.tables import is_brisque
from adjudicator.record.bezique import BeziqueRecord, BeziqueRules

OrdinaryJudgement = Judgement[BeziqueDealSummary]


def judge_ordinary(
    record: BeziqueRecord, replay: BeziqueReplay, summarise: bool = True, tally: Scorer = score_deal
) -> OrdinaryJudgement:
    """The ordinary game's judgement. ``summarise=False``: the findings only (no deal
    summaries, so no ``deals`` and no ``indeterminate`` from them, and no working in words
    of each deal's items), for a referee's push;
    ``tally``: a referee's ``score_deal``, which keeps the points of the complete deals."""
    rules = record.rules
    findings = list(replay.findings)
    score = {"A": record.start.score.get("A", 0), "B": record.start.score.get("B", 0)}
    steps = [f"Start: A {score['A']}, B {score['B']} (target {rules.target})"]
    summaries = []
    winner: str | None = None
    games: list[dict[str, object]] = []
    last_result: dict[str, object] | None = None
    findings.extend(early_results(replay, "BEZ-SCORE-3", "bezique"))
    undetermined, undecided = list(replay.undetermined), False
    for deal in replay.deals:
        before = dict(score)
        points = tally(deal, replay.variant, rules)
        findings.extend(points.findings)
        for seat in SEATS:
            score[seat] += points.official[seat]
        if summarise:  # (a referee's push asks the findings only: no working in words)
            steps.append(
                f"Deal {deal.number} (dealer {deal.dealer}, trumps "
                f"{deal.trump.noun if deal.trump else 'none'}):"
            )
            steps.extend(f"  {line['text']} [{line['rule']}]" for line in points.lines)
            steps.append(f"  after the deal: A {score['A']}, B {score['B']}")
        unknowns = position_unknowns(deal, rules, counted=True)
        undetermined.extend(unknowns)
        if unknowns or deal.undecided or deal.unfinished:
            undecided = True
            steps.append(UNDECIDED_STEP)
        if points.indeterminate_from is not None:
            undetermined.append(replay_open(deal, points.indeterminate_from, "BEZ-LAST-3"))
            steps.append(
                f"  tricks {points.indeterminate_from} on are to be replayed (end-play "
                "error): these figures take them as played [BEZ-LAST-3]"
            )
        if winner is None and not deal.unfinished and max(score.values()) >= rules.target:
            order = _in_order(deal, points, rules)
            winner, at_end = _ordinary_winner(score, rules, before, order)
            after = {seat: score[seat] - at_end[seat] for seat in SEATS}
            score.update(at_end)  # (what is scored once the game has ended counts nothing)
            if winner is not None:
                loser = other(winner)
                value = 2 if score[loser] < rules.double_if_loser_below else 1
                games.append({"winner": winner, "value": value, "score": dict(score)})
                steps += _game_won(winner, score, value, rules, after)
        if deal.results:
            _, agreed = deal.results[-1]
            last_result = {"winner": agreed.winner, "value": agreed.value}
        right = [
            Result(winner=cast(str, won["winner"]), value=cast(int, won["value"]))
            for won in games[-1:]
        ]
        findings += wrong_results(deal, right, "bezique", ["BEZ-SCORE-3"], score=dict(score))
        if summarise:
            summaries.append(summary(deal, points, score_before=before, score_after=dict(score)))
    indeterminate = undecided or any(d.indeterminate_from_trick is not None for d in summaries)
    corrected: dict[str, object] = {
        "score": dict(score),
        "winner": winner,
        "indeterminate": indeterminate,
    }
    return OrdinaryJudgement(
        findings,
        summaries,
        corrected,
        {"result": last_result, "results": agreed_results(replay)},
        steps,
        undetermined,
    )


def _in_order(
    deal: BeziqueDealFacts, points: DealPoints, rules: BeziqueRules
) -> list[tuple[str, int]]:
    """What each seat scored in the deal, (seat, points), in the order it was scored: the
    lines by their event; with ``brisque_timing = immediate`` (BEZ-SCORE-2) each trick's
    brisques as the trick is won, unless an end-play penalty changed who has them (then,
    as with ``end_of_deal``, after everything else)."""
    dated = [
        (trick.plays[-1].event, trick.winner, sum(map(is_brisque, (p.card for p in trick.plays))))
        for trick in deal.tricks
        if trick.winner and trick.plays
    ]
    taken = {seat: sum(n for _, s, n in dated if s == seat) for seat in SEATS}
    by_trick = rules.brisque_timing == "immediate" and taken == points.brisques
    lines: list[tuple[int | None, str, int]] = [
        (line["event"], line["seat"], line["points"])
        for line in points.lines
        if not (by_trick and line["item"] == "brisques")
    ]
    if by_trick:
        lines += [(event, seat, BRISQUE * n) for event, seat, n in dated if n]
    lines.sort(key=lambda x: (x[0] is None, x[0] or 0))
    return [(seat, n) for _, seat, n in lines]


def _game_won(
    winner: str, score: dict[str, int], value: int, rules: BeziqueRules, after: dict[str, int]
) -> list[str]:
    """The working's lines for a game won: who reached the target, and, when both did, what
    decided (AMB-21: the deal played out, or the first to reach it, what is scored after it
    counting nothing)."""
    loser = other(winner)
    game = (
        f"a double game (the loser under {rules.double_if_loser_below})"
        if value == 2
        else "the game"
    )
    steps = [
        f"  {winner} reaches {rules.target} with {score[winner]} against {score[loser]}:"
        f" {winner} wins {game} [BEZ-SCORE-3]"
    ]
    if rules.game_end == "end_of_deal_higher" and score[loser] >= rules.target:
        steps.append(
            f"  both reached {rules.target} in the deal: it is played out and the higher score"
            " wins (game_end = end_of_deal_higher) [BEZ-SCORE-4]"
        )
    late = ", ".join(f"{seat} {after[seat]}" for seat in SEATS if after[seat])
    if rules.game_end == "immediately_on_reaching" and late:
        steps.append(
            f"  the game ends as {winner} reaches {rules.target}, and what is scored after it"
            f" in the deal counts nothing: {late} (game_end = immediately_on_reaching)"
            " [BEZ-SCORE-4]"
        )
    return steps


def _ordinary_winner(
    score: dict[str, int], rules: BeziqueRules, before: dict[str, int], order: list[tuple[str, int]]
) -> tuple[str | None, dict[str, int]]:
    """AMB-21: the higher at the end of the deal (a tie plays on), or, with
    ``game_end = immediately_on_reaching``, the first to reach the target in the deal's order
    of scoring (``_in_order``); with the score the game ends at (the deal's, or the score
    as the target is reached)."""
    if rules.game_end == "immediately_on_reaching":
        running = dict(before)
        for seat, points in order:
            running[seat] += points
            if running[seat] >= rules.target:
                return seat, running
    if score["A"] == score["B"]:
        return None, dict(score)
    return ("A" if score["A"] > score["B"] else "B"), dict(score)
