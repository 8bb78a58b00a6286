"""The replays' fast paths (whole lawful tricks applied at once) against the event-by-event
path: for legal and irregular simulated records alike, both must leave the same facts.

``replay`` takes the fast path where it can; ``apply`` one event at a time never does.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import parse_record
from adjudicator.games import bezique, rubicon, whist
from adjudicator.games.bezique.state import BeziqueReplay
from adjudicator.games.whist.state import WhistReplay, WhistState
from adjudicator.simulate import records
from adjudicator.simulate.bezique_inject import INJECTIONS as BEZIQUE_KINDS
from adjudicator.simulate.whist import INJECTIONS as WHIST_KINDS


def _tricks(deals: Any) -> list[list[tuple[object, ...]]]:
    return [
        [
            (t.number, t.leader, t.winner, [(p.seat, str(p.card), p.event) for p in t.plays])
            for t in deal.tricks
        ]
        for deal in deals
    ]


def _findings(replay: WhistReplay | BeziqueReplay) -> list[dict[str, Any]]:
    return [f.model_dump() for f in replay.findings]


@pytest.mark.parametrize("inject", [None, *WHIST_KINDS])
def test_whist_fast_path_leaves_the_same_facts(inject: str | None) -> None:
    for raw in records("whist", 8, 5, inject=inject):
        record = parse_record(raw)
        rules = whist.resolve(record.rules)
        fast = whist.replay(record, rules)
        state = WhistState(rules)
        for index, event in enumerate(record.events):
            state.apply(index, event)
        slow = state.finish()
        assert _tricks(fast.deals) == _tricks(slow.deals)
        assert [
            (r.seat, r.trick, r.event, r.established_at) for d in fast.deals for r in d.renounces
        ] == [(r.seat, r.trick, r.event, r.established_at) for d in slow.deals for r in d.renounces]
        assert _findings(fast) == _findings(slow)


@pytest.mark.parametrize("game", ["bezique", "rubicon-bezique"])
@pytest.mark.parametrize("inject", [None, *BEZIQUE_KINDS])
def test_bezique_fast_paths_leave_the_same_facts(game: str, inject: str | None) -> None:
    module = rubicon if game == "rubicon-bezique" else bezique
    for raw in records(game, 4, 5, inject=inject):
        record = parse_record(raw)
        fast = module.replay_record(record)  # type: ignore[attr-defined]
        state = module.state_for(record)  # type: ignore[attr-defined]
        for index, event in enumerate(record.events):
            state.apply(index, event)
        slow = state.finish()
        assert _tricks(fast.deals) == _tricks(slow.deals)
        assert _findings(fast) == _findings(slow)
