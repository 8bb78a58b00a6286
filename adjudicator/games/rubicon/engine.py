"""Rubicon Bézique's ``engine`` part for the registry (``games.protocol.Engine``)."""

from __future__ import annotations

from typing import Any

from adjudicator.games.bezique.engine import deal_check, rules_of
from adjudicator.games.bezique.facts import BeziqueReplay
from adjudicator.games.bezique.summary import BeziqueDealSummary
from adjudicator.games.protocol import Engine
from adjudicator.games.rubicon import replay_record
from adjudicator.games.rubicon.judge import judge_rubicon
from adjudicator.record.bezique import RubiconRecord, RubiconRules


def _replay(record: RubiconRecord, rules: RubiconRules) -> BeziqueReplay:
    return replay_record(record)


def _judge(record: RubiconRecord, rules: RubiconRules, replayed: BeziqueReplay) -> Any:
    return judge_rubicon(record, replayed)


ENGINE: Engine[RubiconRecord, BeziqueReplay] = Engine(
    rules=rules_of,
    replay=_replay,
    judge=_judge,
    check_deal=deal_check("rubicon-bezique"),
    summary=BeziqueDealSummary,
)
