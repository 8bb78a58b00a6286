"""What every game's judge hands to the ruling: findings, deal summaries and the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from adjudicator.findings import Finding

DealSummary = TypeVar("DealSummary")


@dataclass
class Judgement(Generic[DealSummary]):
    """The judged record, before it becomes a ``Ruling``."""

    findings: list[Finding]
    deals: list[DealSummary]
    corrected: dict[str, object]
    claimed: dict[str, object]
    steps: list[str]
    #: what the record does not let the judge decide (a fragment's unknown cards): plain data
    #: for ``ruling.model.Undetermined``; empty for a complete record
    undetermined: list[dict[str, object]] = field(default_factory=list)
