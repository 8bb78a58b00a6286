"""Whist's ``engine`` part for the registry (``games.registry``, ``games.protocol.Engine``)."""

from __future__ import annotations

from typing import Any

from adjudicator.games.protocol import Engine
from adjudicator.games.whist.facts import WhistReplay
from adjudicator.games.whist.judge import judge
from adjudicator.games.whist.options import resolve
from adjudicator.games.whist.state import WhistState, replay
from adjudicator.games.whist.summary import WhistDealSummary
from adjudicator.record.whist import WhistRecord, WhistRules


def _rules(record: WhistRecord) -> WhistRules:
    return resolve(record.rules)


def _check_deal(index: int, event: Any) -> None:
    """A deal's cards alone, under the default rules (what a deal is does not depend on them)."""
    WhistState(WhistRules())._apply_deal(index, event)


ENGINE: Engine[WhistRecord, WhistReplay] = Engine(
    rules=_rules,
    replay=replay,
    judge=judge,
    check_deal=_check_deal,
    summary=WhistDealSummary,
)
