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
    judged = judge_ordinary(record, replayed)
    added = _added(judged.deals)
    # (a fragment's score so far has the other choice too; an end-play replay's has none)
    if added and not any(d.indeterminate_from_trick is not None for d in judged.deals):
        declined = _declined(record, rules, replayed)
        if (declined["score"], declined["winner"]) != (
            judged.corrected["score"],
            judged.corrected["winner"],
        ):
            judged.corrected["if_declined"] = {"added": added, **declined}
    return judged


def _added(deals: list[BeziqueDealSummary]) -> dict[str, int]:
    """What each seat adds for scores the other marked too much (BEZ-SCORE-5, Foster's
    rule): the deals' ``penalty`` lines, the only items of that name."""
    added: dict[str, int] = {}
    for deal in deals:
        for line in deal.scores:
            if line["item"] == "penalty":
                added[line["seat"]] = added.get(line["seat"], 0) + line["points"]
    return dict(sorted(added.items()))


def _declined(
    record: BeziqueRecord, rules: BeziqueRules, replayed: BeziqueReplay
) -> dict[str, Any]:
    """The result if the adversary adds nothing: Foster lets the adversary add the points,
    and need not (p.382), so the director gives both choices. The same replay judged again
    under the option that only corrects (the option is the judge's, not the replay's; a rare
    case: a score marked too much under Foster's rule). The record may be a referee's
    header, its events in ``replayed``."""
    other = record.model_copy(
        update={"rules": rules.model_copy(update={"wrong_score_penalty": "correct_only"})}
    )
    corrected = judge_ordinary(other, replayed, summarise=False).corrected
    return {"score": corrected["score"], "winner": corrected["winner"]}


ENGINE: Engine[BeziqueRecord, BeziqueReplay] = Engine(
    rules=rules_of,
    replay=_replay,
    judge=_judge,
    check_deal=deal_check("bezique"),
    summary=BeziqueDealSummary,
)
