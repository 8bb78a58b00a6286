"""adjudicate(record) -> Ruling: replay, judge, and assemble the ruling."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from adjudicator.errors import InputError, Problem
from adjudicator.findings import Finding, sort_findings
from adjudicator.games import bezique, rubicon, whist
from adjudicator.games.bezique.facts import BeziqueReplay
from adjudicator.games.bezique.ordinary import OrdinaryJudgement
from adjudicator.games.bezique.state import BeziqueState
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.games.whist import WhistJudgement
from adjudicator.games.whist.facts import WhistReplay
from adjudicator.games.whist.state import WhistState
from adjudicator.record.bezique import BeziqueRecord, RubiconRecord
from adjudicator.record.envelope import AnyRecord
from adjudicator.record.whist import WhistDeal, WhistRecord, WhistRules
from adjudicator.ruling.decision import decide
from adjudicator.ruling.model import (
    AgreedResult,
    BeziqueClaimed,
    BeziqueCorrected,
    RubiconCorrected,
    Ruling,
    Sentence,
    Undetermined,
    WhistClaimed,
    WhistCorrected,
)
from adjudicator.ruling.sentences import Claim


def adjudicate(record: AnyRecord) -> Ruling:
    """Rule on a validated record. Raises ``InputError`` for facts that cannot all be true:
    the first impossible fact the replay meets, with every problem of every deal as dealt."""
    try:
        return rule_on(record)
    except InputError as error:
        raise _with_deal_problems(record, error) from None


#: What a game's replay hands its judge (the record's facts and the findings of play).
Replayed = WhistReplay | BeziqueReplay
#: What a game's judge hands the ruling.
AnyJudgement = WhistJudgement | OrdinaryJudgement  # (Rubicon's has the same type)


def judgement_of(record: AnyRecord, replayed: Replayed | None = None) -> AnyJudgement:
    """The game's judgement of a record: of ``replayed``, its replay, when the caller has it
    (the referee's table, ``adjudicator.referee``), else of the record replayed here."""
    if isinstance(record, WhistRecord):
        rules = whist.resolve(record.rules)
        if not isinstance(replayed, WhistReplay):
            replayed = whist.replay(record, rules)
        return whist.judge(record, rules, replayed)
    if isinstance(record, RubiconRecord):
        if not isinstance(replayed, BeziqueReplay):
            replayed = rubicon.replay_record(record)
        return rubicon.judge_rubicon(record, replayed)
    if not isinstance(replayed, BeziqueReplay):
        replayed = bezique.replay_record(record)
    return bezique.judge_ordinary(record, replayed)


def rule_on(record: AnyRecord, replayed: Replayed | None = None) -> Ruling:
    """``adjudicate`` without the report of every deal's problems: the ruling of a record, of
    ``replayed`` when the caller has the record's replay already (one engine for both)."""
    return ruling_of(record, judgement_of(record, replayed))


def ruling_of(record: AnyRecord, judgement: AnyJudgement) -> Ruling:
    """The ruling of a record from its judgement (``judgement_of``)."""
    if isinstance(record, WhistRecord):
        return _ruling(
            record,
            _rules_json(whist.resolve(record.rules)),
            judgement.findings,
            judgement.deals,
            {
                "claimed": WhistClaimed.model_validate(judgement.claimed),
                "corrected": WhistCorrected.model_validate(judgement.corrected),
                "steps": judgement.steps,
            },
            judgement.undetermined,
        )
    corrected = RubiconCorrected if isinstance(record, RubiconRecord) else BeziqueCorrected
    return _two_handed(record, judgement, corrected)


def check_deals(record: AnyRecord) -> None:
    """The deals' consistency only (cards, hand sizes, the trump card), no replay: an
    ``InputError`` with every problem of every deal."""
    problems = deal_problems(record)
    if problems:
        raise InputError.of(problems)


def deal_problems(record: AnyRecord) -> list[Problem]:
    """Every problem of every deal as dealt, each deal checked on its own."""
    problems: list[Problem] = []
    for index, event in enumerate(record.events):
        if event.type != "deal":
            continue
        try:
            if isinstance(event, WhistDeal):  # the deal of a whist record, and only that
                WhistState(WhistRules())._apply_deal(index, event)
            else:
                BeziqueState(VARIANTS[record.game])._apply_deal(index, event)
        except InputError as error:
            problems += error.problems
    return problems


def _with_deal_problems(record: AnyRecord, error: InputError) -> InputError:
    """The replay stops at the first impossible fact (what follows it in that deal is
    unknown); the deals' own problems are still all reported, in the order of the events."""
    problems = deal_problems(record)
    if not problems:
        return error
    problems += [p for p in error.problems if p not in problems]
    problems.sort(key=_event_of)
    return InputError.of(problems)


def _event_of(problem: Problem) -> int:
    parts = problem.pointer.split("/")
    return int(parts[2]) if len(parts) > 2 and parts[1] == "events" else -1


def _ruling(
    record: AnyRecord,
    rules: dict[str, Any],
    findings: list[Finding],
    deals: Any,
    result: dict[str, Any],
    undetermined: list[dict[str, object]] | None = None,
) -> Ruling:
    """Assemble the ruling in one validation: the counts and the result go in as plain data
    around models already built (calling each nested model's ``__init__`` cost a third more)."""
    ordered = sort_findings(findings)
    counts = {"violation": 0, "warning": 0, "info": 0}
    for finding in ordered:
        counts[finding.severity] += 1
    players = dict(record.players.__dict__)
    claims, penalties = _disputes(record)
    questions = [Undetermined.model_validate(u) for u in undetermined or []]
    decision = decide(
        record.game,
        rules,
        players,
        ordered,
        list(deals),
        result["corrected"],
        claims,
        penalties,
        questions,
    )
    return Ruling(
        game=record.game,
        rules=rules,
        players=players,
        meta=dict(record.meta),
        decision=[Sentence(text=s.text, rules=s.rules, events=list(s.events)) for s in decision],
        findings=ordered,
        # notes, counts and result go in as plain data, validated here in the same pass (see
        # above); pydantic's typed __init__ admits only the models, hence the three ignores
        notes=[
            {"event": index, "type": event.type, "text": event.note}  # type: ignore[misc]
            for index, event in enumerate(record.events)
            if event.note is not None
        ],
        undetermined=questions,
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
        match event.type:
            case "claim":
                claims.append(
                    Claim(
                        event=index,
                        kind=event.kind,
                        by=event.by,
                        against=getattr(event, "against", None),
                        trick=getattr(event, "trick", None),
                        ref=getattr(event, "ref", None),
                    )
                )
            case "penalty":
                penalties[index] = event.choice
            case "amend" | "call" if record.game != "whist":  # a whist call is no claim
                claims.append(_amendment_claim(record, index, event))
    return claims, penalties


def _amendment_claim(record: AnyRecord, index: int, event: Any) -> Claim:
    """An amendment of a false declaration, or the call of one of its cards, answered as a
    claim: with the declaration as announced (its ``ref``, resolved to an index on load)."""
    declared = record.events[event.ref]
    amended = event.type == "amend"
    return Claim(
        event=index,
        kind=event.type,
        by=event.seat if amended else event.by,
        against=getattr(declared, "seat", None),
        ref=event.ref,
        card=str(event.card) if not amended else None,
        cards=tuple(str(c) for c in event.cards) if amended else (),
        replaced=tuple(str(c) for c in getattr(declared, "cards", ())),
        combination=getattr(declared, "combination", None),
    )


@lru_cache(maxsize=64)
def _rules_json(rules: BaseModel) -> dict[str, Any]:
    """The resolved options as JSON data, once per distinct (frozen, hashable) rules model:
    the records of an archive share a few rule sets. ``Ruling`` copies it on validation."""
    return rules.model_dump(mode="json")


def _claimed(claimed: dict[str, object]) -> BeziqueClaimed:
    result = claimed.get("result")
    return BeziqueClaimed(result=AgreedResult.model_validate(result) if result else None)


def _two_handed(
    record: BeziqueRecord | RubiconRecord,
    judgement: AnyJudgement,
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
        judgement.undetermined,
    )
