"""adjudicate(record) -> Ruling: replay, judge, and assemble the ruling."""

from __future__ import annotations

from adjudicator.findings import sort_findings
from adjudicator.games import whist
from adjudicator.games.whist.summary import GameResult
from adjudicator.record.whist import WhistRecord
from adjudicator.ruling.model import Counts, Result, Ruling, WhistClaimed, WhistCorrected


def adjudicate(record: WhistRecord) -> Ruling:
    """Rule on a validated record. Raises ``InputError`` for facts that cannot all be true."""
    rules = whist.resolve(record.rules)
    replayed = whist.replay(record, rules)
    judgement = whist.judge(record, rules, replayed)
    findings = sort_findings(judgement.findings)
    corrected = judgement.corrected
    claimed = judgement.claimed
    return Ruling(
        game=record.game,
        rules=rules.model_dump(mode="json"),
        players=record.players.model_dump(),
        meta=dict(record.meta),
        findings=findings,
        counts=Counts(
            **{s: sum(f.severity == s for f in findings) for s in ("violation", "warning", "info")}
        ),
        deals=judgement.deals,
        result=Result(
            claimed=WhistClaimed.model_validate(claimed),
            corrected=WhistCorrected(
                score=corrected["score"],  # type: ignore[arg-type]
                games=[GameResult.model_validate(g) for g in corrected["games"]],  # type: ignore[attr-defined]
                rubber=GameResult.model_validate(corrected["rubber"])
                if corrected["rubber"]
                else None,
            ),
            steps=judgement.steps,
        ),
    )
