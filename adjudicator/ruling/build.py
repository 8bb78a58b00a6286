"""adjudicate(record) -> Ruling: replay, judge, and assemble the ruling."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter, countOf
from typing import Any

from pydantic import BaseModel

from adjudicator.collector import collector_paused
from adjudicator.errors import InputError, Problem
from adjudicator.findings import Finding, sort_findings
from adjudicator.games.protocol import Engine, Judgement
from adjudicator.games.registry import Game, find_game
from adjudicator.record.envelope import AnyRecord
from adjudicator.ruling.decision import decide
from adjudicator.ruling.model import Ruling, Undetermined
from adjudicator.ruling.results import Results
from adjudicator.ruling.sentences import Claim


@collector_paused
def adjudicate(record: AnyRecord) -> Ruling:
    """Rule on a validated record. Raises ``InputError`` for facts that cannot all be true:
    the first impossible fact the replay meets, with every problem of every deal as dealt."""
    try:
        return rule_on(record)
    except InputError as error:
        raise _with_deal_problems(record, error) from None


#: What a game's judge hands the ruling.
AnyJudgement = Judgement[Any]


def judgement_of(record: AnyRecord, replayed: Any = None) -> AnyJudgement:
    """The game's judgement of a record: of ``replayed``, its replay, when the caller has it
    (the referee's table, ``adjudicator.referee``), else of the record replayed here."""
    engine: Engine[Any, Any] = find_game(record.game).part("engine")
    return engine.judgement(record, replayed)


def rule_on(record: AnyRecord, replayed: Any = None) -> Ruling:
    """``adjudicate`` without the report of every deal's problems: the ruling of a record, of
    ``replayed`` when the caller has the record's replay already (one engine for both). The
    game is found and its rules resolved once, for the judgement and the ruling both."""
    game = find_game(record.game)
    engine: Engine[Any, Any] = game.part("engine")
    rules = engine.rules(record)
    return _ruling_of(record, game, rules, engine.judgement(record, replayed, rules))


def ruling_of(record: AnyRecord, judgement: AnyJudgement) -> Ruling:
    """The ruling of a record from its judgement (``judgement_of``)."""
    game = find_game(record.game)
    return _ruling_of(record, game, game.part("engine").rules(record), judgement)


def _ruling_of(record: AnyRecord, game: Game, rules: BaseModel, judgement: AnyJudgement) -> Ruling:
    """The ruling from a judgement, with the game and the rules in force already found."""
    results: Results = game.part("results")
    return _ruling(
        record,
        _rules_json(rules),
        judgement.findings,
        judgement.deals,
        {
            "claimed": results.claimed(judgement.claimed),
            "corrected": results.corrected.model_validate(judgement.corrected),
            "steps": judgement.steps,
        },
        judgement.undetermined,
        results.amendments_claim,
    )


def check_deals(record: AnyRecord) -> None:
    """The deals' consistency only (cards, hand sizes, the trump card), no replay: an
    ``InputError`` with every problem of every deal."""
    problems = deal_problems(record)
    if problems:
        raise InputError.of(problems)


def deal_problems(record: AnyRecord) -> list[Problem]:
    """Every problem of every deal as dealt, each deal checked on its own."""
    problems: list[Problem] = []
    check_deal = find_game(record.game).part("engine").check_deal
    for index, event in enumerate(record.events):
        if event.type != "deal":
            continue
        try:
            check_deal(index, event)
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
    amendments_claim: bool = False,
) -> Ruling:
    """Assemble the ruling in one validation: the counts and the result go in as plain data
    around models already built (calling each nested model's ``__init__`` cost a third more)."""
    ordered = sort_findings(findings)
    counts = {"violation": 0, "warning": 0, "info": 0}
    for finding in ordered:
        counts[finding.severity] += 1
    players = dict(record.players.__dict__)
    claims, penalties = _disputes(record, amendments_claim)
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
        agreed=getattr(result["claimed"], "result", None),
        agreed_results=getattr(result["claimed"], "results", None),
    )
    return Ruling(
        game=record.game,
        rules=rules,
        players=players,
        meta=dict(record.meta),
        # (the sentences, notes, counts and result go in as plain data, validated in the
        # same pass; pydantic's typed __init__ admits only the models, hence the ignores)
        decision=[
            {"text": s.text, "rules": s.rules, "events": s.events}  # type: ignore[misc]
            for s in decision
        ],
        findings=ordered,
        notes=_notes(record.events),  # type: ignore[arg-type]
        undetermined=questions,
        counts=counts,  # type: ignore[arg-type]
        deals=deals,
        result=result,  # type: ignore[arg-type]
    )


#: the events the decision answers as disputes (``_disputes``), with amendments or without
_DISPUTED = frozenset({"claim", "penalty"})
_DISPUTED_AMENDING = _DISPUTED | {"amend", "call"}
_type = attrgetter("type")
_note = attrgetter("note")


def _notes(events: Sequence[Any]) -> list[dict[str, Any]]:
    """The record's notes as plain data for the ruling. Most records have none: that is
    known from the validation (``Events.notes``) or, for events validated without it,
    learnt by a walk in C (``map``), not a Python loop over every event."""
    noted = getattr(events, "notes", None)
    if noted is False or (noted is None and countOf(map(_note, events), None) == len(events)):
        return []
    return [
        {"event": index, "type": event.type, "text": event.note}
        for index, event in enumerate(events)
        if event.note is not None
    ]


def _disputes(record: AnyRecord, amendments: bool) -> tuple[list[Claim], dict[int, str]]:
    """The claims raised at the table and the penalties chosen, by event index: the decision
    answers each claim in turn (and each amendment, in a game where ``amendments`` claim).
    Most records have none: that is known from the validation (``Events.answered``) or, for
    events validated without it, learnt by a walk in C, not a Python loop."""
    claims: list[Claim] = []
    penalties: dict[int, str] = {}
    events = record.events
    answered = getattr(events, "answered", None)
    if (_DISPUTED_AMENDING if amendments else _DISPUTED).isdisjoint(
        map(_type, events) if answered is None else answered
    ):
        return claims, penalties
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
            case "amend" | "call" if amendments:  # (a whist call is no claim: ``Results``)
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


def _rules_json(rules: BaseModel) -> dict[str, Any]:
    """The resolved options as JSON data, once per distinct (frozen, hashable) rules model:
    the records of an archive share a few rule sets. ``Ruling`` copies it on validation.
    The rules model of the record before (whist's resolved rules are one object for each
    set) is known by identity, without hashing its fields."""
    last = _LAST_RULES[0]  # (one read of a pair: another thread may replace it)
    if last[0] is rules:
        return last[1]
    data = _rules_json_of(rules)
    _LAST_RULES[0] = (rules, data)
    return data


#: The last rules model ``_rules_json`` saw and its JSON data (kept alive, so by identity).
_LAST_RULES: list[tuple[Any, dict[str, Any]]] = [(None, {})]


@lru_cache(maxsize=64)
def _rules_json_of(rules: BaseModel) -> dict[str, Any]:
    return rules.model_dump(mode="json")
