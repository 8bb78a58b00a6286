"""The replays' fast paths (whole lawful tricks applied at once) against the event-by-event
path: for legal and irregular simulated records alike, both must leave the same facts, and
in Bézique the same state (the runs also take the marks between tricks and the plays from
the table: hands, tables, counts and the stock must agree).

``replay`` takes the fast path where it can; ``apply`` one event at a time never does.
"""

from __future__ import annotations

import copy
import importlib
import pickle
from typing import Any

import pytest

from adjudicator import parse_record
from adjudicator.games import bezique, rubicon, whist
from adjudicator.games.bezique import brisques, runs
from adjudicator.games.bezique.state import BeziqueReplay, BeziqueState, replay
from adjudicator.games.bezique.tables import VARIANTS
from adjudicator.games.whist.facts import Trick as WhistTrick
from adjudicator.games.whist.state import WhistReplay, WhistState
from adjudicator.simulate import records
from adjudicator.simulate.bezique_inject import INJECTIONS as BEZIQUE_KINDS
from adjudicator.simulate.whist import INJECTIONS as WHIST_KINDS

#: The module (the package exports its function ``judge`` under the same name).
whist_judge = importlib.import_module("adjudicator.games.whist.judge")


def _tricks(deals: Any) -> list[list[tuple[object, ...]]]:
    return [
        [
            (t.number, t.leader, t.winner, [(p.seat, str(p.card), p.event) for p in t.plays])
            for t in deal.tricks
        ]
        for deal in deals
    ]


def _state(state: BeziqueState) -> dict[str, Any]:
    """What a replay leaves that the judge or a later event reads."""
    return {
        "marks": [
            (m.event, m.seat, m.item, m.points, m.ref, m.void) for d in state.deals for m in d.marks
        ],
        "declarations": [
            (x.event, x.status, x.legal, x.uids, x.value, x.lost_at, x.scored_by)
            for d in state.deals
            for x in d.declarations
        ],
        "first_trick_events": [d.first_trick_events for d in state.deals],
        "trumps": [(d.trump, d.trump_fixed_at, d.endplay_error) for d in state.deals],
        "hand": {s: {c: n for c, n in h.items() if n} for s, h in state.hand.items()},
        "table": {
            s: [(t.uid, str(t.card), t.history) for t in cards] for s, cards in state.table.items()
        },
        "on_table": {s: {c: n for c, n in t.items() if n} for s, t in state.on_table.items()},
        "count": dict(state.count),
        "suits": state.suits,
        "remaining": state.remaining,
        "last_draw": state.last_draw,
        "phase": state.phase,
    }


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
        # played event by event, a trick is a plain Trick: no ``__getattr__`` slowing its reads
        assert {type(t) for d in slow.deals for t in d.tricks} <= {WhistTrick}


def test_whist_lawful_tricks_make_their_plays_when_read() -> None:
    """A trick the fast path replays whole keeps its cards compact (``Trick.lawful``) until its
    ``plays`` are read; the deal's summary reads either form alike."""
    record = parse_record(next(iter(records("whist", 1, 5))))
    deal = whist.replay(record, whist.resolve(record.rules)).deals[0]
    assert all(t.lawful is not None for t in deal.tricks)
    compact = whist_judge._tricks(deal)
    plays = [[(p.seat, str(p.card), p.event) for p in t.plays] for t in deal.tricks]
    assert all(t.lawful is None for t in deal.tricks)  # made: ``plays`` is now the trick
    assert whist_judge._tricks(deal) == compact
    assert [[(p["seat"], p["card"], p["event"]) for p in row["plays"]] for row in compact] == plays
    events = record.events
    assert [(events[e].seat, str(events[e].card)) for row in plays for _, _, e in row] == [
        (seat, card) for row in plays for seat, card, _ in row
    ]
    with pytest.raises(AttributeError):
        deal.tricks[0].no_such_field  # noqa: B018


@pytest.mark.parametrize("game", ["whist", "rubicon-bezique"])
def test_tricks_kept_compact_copy_and_pickle_as_any_trick(game: str) -> None:
    """A replay (its tricks, compact or not) can be copied and pickled, as a program that
    keeps positions would: the copy's tricks have the same cards. (A missing attribute that
    copy and pickle look for must not reach for ``lawful`` before it is set.)"""
    record = parse_record(next(iter(records(game, 1, 5))))
    if game == "whist":
        deals = whist.replay(record, whist.resolve(record.rules)).deals
    else:
        deals = rubicon.replay_record(record).deals  # type: ignore[attr-defined]
    assert any(t.lawful is not None for d in deals for t in d.tricks)
    for made in (copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))):
        assert _tricks(made(deals)) == _tricks(deals)
    assert not hasattr(deals[0].tricks[0], "no_such_field")


def test_bezique_run_tricks_make_their_plays_when_read() -> None:
    """A trick a run replays keeps its two cards compact (``Trick.lawful``) until its
    ``plays`` are read; the brisques are counted alike from either form."""
    record = parse_record(next(iter(records("rubicon-bezique", 1, 5))))
    deal = rubicon.replay_record(record).deals[0]  # type: ignore[attr-defined]
    variant, last = VARIANTS["rubicon-bezique"], len(deal.tricks)
    lawful = [t for t in deal.tricks if t.lawful is not None]
    assert len(lawful) > len(deal.tricks) // 2
    counted = brisques._tricks_as_won(deal, variant, last)
    first = lawful[0]
    seat, card, follower, answer, event = first.lawful or ()
    assert [(p.seat, p.card, p.event) for p in first.plays] == [
        (seat, card, event),
        (follower, answer, event + 1),
    ]
    assert first.lawful is None  # made: ``plays`` is now the trick
    assert all(isinstance(t.plays, list) and t.lawful is None for t in deal.tricks)
    assert brisques._tricks_as_won(deal, variant, last) == counted
    assert sum(counted[0].values()) > 0


@pytest.mark.parametrize("game", ["bezique", "rubicon-bezique"])
@pytest.mark.parametrize("inject", [None, *BEZIQUE_KINDS])
def test_bezique_fast_paths_leave_the_same_facts(game: str, inject: str | None) -> None:
    module = rubicon if game == "rubicon-bezique" else bezique
    for raw in records(game, 4, 5, inject=inject):
        record = parse_record(raw)
        fast_state = module.state_for(record)  # type: ignore[attr-defined]
        fast = replay(list(record.events), fast_state)  # as ``replay_record`` does
        state = module.state_for(record)  # type: ignore[attr-defined]
        for index, event in enumerate(record.events):
            state.apply(index, event)
        slow = state.finish()
        assert _tricks(fast.deals) == _tricks(slow.deals)
        assert _findings(fast) == _findings(slow)
        assert _state(fast_state) == _state(state)


def test_table_plays_and_marks_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The records above do reach the runs' table plays and marks (else the test above would
    not cover those branches)."""
    taken: list[str] = []
    take, mark = runs._take_from_table, runs._run_mark

    def take_spy(state: BeziqueState, seat: str, copy: Any) -> None:
        taken.append("table")
        take(state, seat, copy)

    def mark_spy(marks: list[Any], event: Any, index: int) -> int:
        taken.append("mark")
        return mark(marks, event, index)

    monkeypatch.setattr(runs, "_take_from_table", take_spy)
    monkeypatch.setattr(runs, "_run_mark", mark_spy)
    for game, module in (("bezique", bezique), ("rubicon-bezique", rubicon)):
        for raw in records(game, 4, 5):
            module.replay_record(parse_record(raw))  # type: ignore[attr-defined]
    assert "table" in taken
    assert "mark" in taken
