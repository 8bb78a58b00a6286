"""Every result the players agreed is in the ruling (``result.claimed.results``), with its
event and its deal, and the views name each one's game when a record holds more than one:
a review found "Agreed by the players: A 1000" printed for a record whose first game's agreed
result, B 800, was the one corrected."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator import adjudicate, load_record, render_html, render_markdown, render_text
from adjudicator.ruling.model import Ruling
from tests.conftest import FIXTURES

RECORDS = sorted(p for p in FIXTURES.glob("*/*.json"))
TWO_GAMES = FIXTURES / "rubicon-bezique" / "two-games-tie-then-count-demanded-too-far-apart.json"


def _agreed_in_record(path: Path) -> list[dict[str, object]]:
    """The result events of a record as written, each with the deal it falls in (a deal or
    a position begins one; none yet: null), worked out from the JSON, not the engine."""
    deal: int | None = None
    out: list[dict[str, object]] = []
    for index, event in enumerate(json.loads(path.read_text(encoding="utf-8-sig"))["events"]):
        if event["type"] in ("deal", "position"):
            deal = (deal or 0) + 1
        elif event["type"] == "result":
            out.append(
                {"event": index, "deal": deal, "winner": event["winner"], "value": event["value"]}
            )
    return out


def check_agreed_results(path: Path, ruling: Ruling) -> None:
    """Every agreed result of the record at ``path`` is in its ruling, as written; called by
    each game's per-fixture test of the corrected result (the ruling judged once there)."""
    claimed = ruling.result.claimed
    expected = _agreed_in_record(path)
    assert [r.model_dump() for r in claimed.results] == expected
    last = claimed.result
    assert (last is None) == (not expected)
    if last is not None:
        assert (last.winner, last.value) == (expected[-1]["winner"], expected[-1]["value"])


def test_some_fixture_has_results_in_more_than_one_deal() -> None:
    """(The test above means something only if some record agrees results in two deals.)"""
    assert any(len({r["deal"] for r in _agreed_in_record(p)}) > 1 for p in RECORDS)


def test_views_name_the_game_of_each_agreed_result() -> None:
    """Two Rubicon games, each agreed B 600: every view says which game each result is of,
    and the HTML table puts each on its own game's row."""
    ruling = adjudicate(load_record(TWO_GAMES))
    assert "Agreed by the players: B 600 (game 1); B 600 (game 2)" in render_text(ruling)
    assert "Agreed by the players: B 600 (game 1); B 600 (game 2)." in render_markdown(ruling)
    page = render_html(ruling)
    for game in (1, 2):
        row = page.split(f'<th scope="row">Game {game}</th>', 1)[1].split("</tr>", 1)[0]
        assert "B 600" in row
