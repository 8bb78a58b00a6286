"""adjudicate(record) -> Ruling: replay, judge, and assemble the ruling."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from adjudicator.findings import Finding, sort_findings
from adjudicator.games import bezique, rubicon, whist
from adjudicator.games.bezique.judge import OrdinaryJudgement
from adjudicator.record.bezique import BeziqueRecord, RubiconRecord
from adjudicator.record.envelope import AnyRecord
from adjudicator.record.whist import WhistRecord
from adjudicator.ruling.decision import Claim, decide
from adjudicator.ruling.model import (
    AgreedResult,
    BeziqueClaimed,
    BeziqueCorrected,
    RubiconCorrected,
    Ruling,
    Sentence,
    WhistClaimed,
    WhistCorrected,
)


def adjudicate(record: AnyRecord) -> Ruling:
    """Rule on a validated record. Raises ``InputError`` for facts that cannot all be true."""
    if isinstance(record, WhistRecord):
        return _whist(record)
    if isinstance(record, RubiconRecord):
        return _rubicon(record)
    return _bezique(record)


def _ruling(
    record: AnyRecord,
    rules: dict[str, Any],
    findings: list[Finding],
    deals: Any,
    result: dict[str, Any],
) -> Ruling:
    """Assemble the ruling in one validation: the counts and the result go in as plain data
    around models already built (calling each nested model's ``__init__`` cost a third more)."""
    ordered = sort_findings(findings)
    counts = {"violation": 0, "warning": 0, "info": 0}
    for finding in ordered:
        counts[finding.severity] += 1
    players = dict(record.players.__dict__)
    claims, penalties = _disputes(record)
    decision = decide(
        record.game,
        rules,
        players,
        ordered,
        list(deals),
        result["corrected"],
        claims,
        penalties,
    )
    return Ruling(
        game=record.game,
        rules=rules,
        players=players,
        meta=dict(record.meta),
        decision=[Sentence(text=text, rules=ids) for text, ids in decision],
        findings=ordered,
        counts=counts,  # type: ignore[arg-type]
        deals=deals,
        result=result,  # type: ignore[arg-type]
    )


def _disputes(record: AnyRecord) -> tuple[list[Claim], dict[int, str]]:
    """The claims raised at the table and the penalties chosen, by event index: the decision
    answers each claim in turn."""
    claims: list[Claim] = []
    penalties: dict[int, str] = {}
    for index, event in enumerate(record.events):
        kind = event.type
        if kind == "claim":
            claims.append(
                Claim(
                    event=index,
                    kind=event.kind,  # type: ignore[union-attr]
                    by=event.by,  # type: ignore[union-attr]
                    against=getattr(event, "against", None),
                    trick=getattr(event, "trick", None),
                    ref=getattr(event, "ref", None),
                )
            )
        elif kind == "penalty":
            penalties[index] = event.choice  # type: ignore[union-attr]
    return claims, penalties


@lru_cache(maxsize=64)
def _rules_json(rules: Any) -> dict[str, Any]:
    """The resolved options as JSON data, once per distinct (frozen, hashable) rules model:
    the records of an archive share a few rule sets. ``Ruling`` copies it on validation."""
    return rules.model_dump(mode="json")  # type: ignore[no-any-return]


def _whist(record: WhistRecord) -> Ruling:
    rules = whist.resolve(record.rules)
    judgement = whist.judge(record, rules, whist.replay(record, rules))
    return _ruling(
        record,
        _rules_json(rules),
        judgement.findings,
        judgement.deals,
        {
            "claimed": WhistClaimed.model_validate(judgement.claimed),
            "corrected": WhistCorrected.model_validate(judgement.corrected),
            "steps": judgement.steps,
        },
    )


def _claimed(claimed: dict[str, object]) -> BeziqueClaimed:
    result = claimed.get("result")
    return BeziqueClaimed(result=AgreedResult.model_validate(result) if result else None)


def _bezique(record: BeziqueRecord) -> Ruling:
    judgement = bezique.judge_ordinary(record, bezique.replay_record(record))
    return _two_handed(record, judgement, BeziqueCorrected)


def _rubicon(record: RubiconRecord) -> Ruling:
    judgement = rubicon.judge_rubicon(record, rubicon.replay_record(record))
    return _two_handed(record, judgement, RubiconCorrected)


def _two_handed(
    record: BeziqueRecord | RubiconRecord,
    judgement: OrdinaryJudgement,  # (Rubicon's has the same type)
    corrected: type[BeziqueCorrected] | type[RubiconCorrected],
) -> Ruling:
    """The ruling of either Bézique: they differ only in the shape of the corrected result."""
    return _ruling(
        record,
        _rules_json(record.rules),
        judgement.findings,
        judgement.deals,
        {
            "claimed": _claimed(judgement.claimed),
            "corrected": corrected.model_validate(judgement.corrected),
            "steps": judgement.steps,
        },
    )
