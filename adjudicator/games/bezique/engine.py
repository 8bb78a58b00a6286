"""Ordinary Bézique's ``engine`` part for the registry (``games.protocol.Engine``)."""

from __future__ import annotations

from typing import Any

from adjudicator.games.bezique import replay_record
from adjudicator.games.bezique.dealing import apply_deal
from adjudicator.games.bezique.facts import BeziqueReplay
from adjudicator.games.bezique.ordinary import judge_ordinary
from adjudicator.games.bezique.state import BeziqueState
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.games.protocol import Engine
from adjudicator.record.bezique import BeziqueRecord, BeziqueRules


def rules_of(record: Any) -> Any:
    """Either Bézique's rules in force: the record's own (its model fills every option)."""
    return record.rules


def deal_check(game: str) -> Any:
    """The check of a deal's cards alone, with the variant's pack and hand size."""

    def check(index: int, event: Any) -> None:
        apply_deal(BeziqueState(VARIANTS[game]), index, event)

    return check


def _replay(record: BeziqueRecord, rules: BeziqueRules) -> BeziqueReplay:
    return replay_record(record)


def _judge(record: BeziqueRecord, rules: BeziqueRules, replayed: BeziqueReplay) -> Any:
    return judge_ordinary(record, replayed)


ENGINE: Engine[BeziqueRecord, BeziqueReplay] = Engine(
    rules=rules_of,
    replay=_replay,
    judge=_judge,
    check_deal=deal_check("bezique"),
    summary=BeziqueDealSummary,
)
