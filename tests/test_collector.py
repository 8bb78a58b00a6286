"""The cycle collector is paused while a record is read and judged (``collector``): safe only
because judging leaves no cycle behind, which these tests hold, and because the collector's
state is given back as it was found."""

from __future__ import annotations

import gc
import importlib
import json
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from adjudicator import adjudicate, parse_record
from adjudicator.errors import InputError
from adjudicator.simulate import records

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAMES = ("whist", "bezique", "rubicon-bezique")


def _judge(raw: bytes) -> None:
    with suppress(InputError):  # a record of bad input: its error, too, must leave no cycle
        adjudicate(parse_record(raw))


@pytest.fixture
def saved_garbage() -> Iterator[list[object]]:
    """The objects the collector finds unreachable, kept (``DEBUG_SAVEALL``) for the test."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_judging_every_fixture_and_simulated_games_leaves_no_cycle(
    saved_garbage: list[object],
) -> None:
    raws = [p.read_bytes() for p in sorted(FIXTURES.glob("*/*.json"))]
    raws += [json.dumps(r).encode() for g in GAMES for r in records(g, 10, seed=5)]
    saved_garbage.clear()
    for raw in raws:
        _judge(raw)
    gc.collect()
    kinds = sorted({type(o).__name__ for o in saved_garbage})
    assert not saved_garbage, f"{len(saved_garbage)} objects left in cycles: {kinds}"


def test_a_cycle_made_while_paused_is_still_collected(saved_garbage: list[object]) -> None:
    """What the pause defers, the next collection finds (a check of the test above)."""
    saved_garbage.clear()
    gc.disable()
    try:
        loop: list[object] = []
        loop.append(loop)
        del loop
    finally:
        gc.enable()
    gc.collect()
    assert any(type(o) is list for o in saved_garbage)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_left_as_it_was_found(enabled: bool) -> None:
    raw = next((FIXTURES / "whist").glob("*.json")).read_bytes()
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        adjudicate(parse_record(raw))
        assert gc.isenabled() is enabled
        with pytest.raises(InputError):
            parse_record(b'{"format": "hand-record/1"}')
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_during_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen from inside: the judge runs with the collector off, and it is on again after."""
    whist_judge = importlib.import_module("adjudicator.games.whist.judge")  # (the package
    # exports the function ``judge`` under the module's name)
    seen: list[bool] = []
    original = whist_judge.Judge.run

    def spy(self: object) -> object:
        seen.append(gc.isenabled())
        return original(self)

    monkeypatch.setattr(whist_judge.Judge, "run", spy)
    raw = next((FIXTURES / "whist").glob("*.json")).read_bytes()
    assert gc.isenabled()
    adjudicate(parse_record(raw))
    assert seen == [False]
    assert gc.isenabled()
