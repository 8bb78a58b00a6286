"""Findings: what the replay found, each with its rule and citation.

Findings are collected, never raised (python-chess ``game.errors``). ``severity`` is
``violation`` (someone acted against the laws), ``warning`` (excused, put right in time,
or a claim that fails) or ``info`` (worth knowing, nobody did wrong).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator import catalogue
from adjudicator.facts import AnyFact
from adjudicator.fielddocs import Documented, absent_if_none

Severity = Literal["violation", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("violation", "warning", "info")


class Citation(Documented, BaseModel):
    """The law a finding rests on, as the catalogue gives it."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(
        description="the rule ID, as in the catalogue (WHIST-REVOKE-1, BEZ-DECL-3, RUB-LAW-50)"
    )
    title: str = Field(description="the rule's title in the catalogue")
    source: str = Field(description="the books the rule is drawn from, with pages or laws")


class Finding(Documented, BaseModel):
    """One irregularity (or fact worth knowing) at one event of the record."""

    model_config = ConfigDict(frozen=True)

    rule: str = Field(description="the rule ID the finding rests on (see citation)")
    severity: Severity = Field(
        description="violation (someone acted against the laws), warning (excused, put right in"
        " time, or a claim that fails) or info (worth knowing; nobody did wrong)"
    )
    event: int | None = Field(description="index into /events, or null for the record as a whole")
    deal: int | None = Field(default=None, description="the deal, counted from 1, or null")
    trick: int | None = Field(
        default=None, description="the trick of the deal, counted from 1, or null"
    )
    seat: str | None = Field(default=None, description="the seat concerned (N E S W; A B), or null")
    message: str = Field(description="what happened and what the rules make of it, in words")
    citation: Citation = Field(
        description="the law the finding rests on, as the catalogue gives it"
    )
    basis: list[str] = Field(
        default_factory=list,
        description="further rule IDs the finding relies on (e.g. the rule that gives the right"
        " score)",
    )
    legal: list[str] | None = Field(
        default=None, description="what the laws allowed at that point (cards that could be played)"
    )
    facts: AnyFact | None = absent_if_none(
        "what happened, as typed data told apart by `kind` (seats, cards, tricks,"
        " marks as marked and as right, a claim's outcome and its reason, the penalty applied):"
        " the message and the decision are written from these"
    )


@cache
def cite(rule_id: str) -> Citation:
    """The citation of a catalogue rule; ``KeyError`` if the ID is not in the catalogue."""
    rule = catalogue.get(rule_id)
    return Citation(
        id=rule.id,
        title=rule.title,
        source=rule.citation_source(catalogue.book_titles(rule.game)),
    )


def make_finding(
    rule: str,
    severity: Severity,
    message: str | None = None,
    *,
    facts: AnyFact,
    event: int | None,
    deal: int | None = None,
    trick: int | None = None,
    seat: str | None = None,
    basis: Iterable[str] = (),
    legal: Iterable[str] | None = None,
) -> Finding:
    """Build a finding with its citation filled in from the catalogue; its message is the
    facts' own words unless one is given."""
    if message is None:
        message = facts.message()
    return Finding(
        rule=rule,
        severity=severity,
        event=event,
        deal=deal,
        trick=trick,
        seat=seat,
        message=message,
        citation=cite(rule),
        basis=list(basis),
        legal=None if legal is None else list(legal),
        facts=facts,
    )


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Stable order: by event (record-wide findings first), then rule ID."""
    return sorted(findings, key=lambda f: (-1 if f.event is None else f.event, f.rule))


def has_violation(findings: Iterable[Finding]) -> bool:
    return any(f.severity == "violation" for f in findings)
