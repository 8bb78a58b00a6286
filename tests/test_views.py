"""The views a person reads: the text view (decision first, 100 columns, colour only on a
terminal), Markdown (escaped), and the compact snapshot form."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from rich.console import Console
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator import adjudicate, load_record, parse_record, render_text
from adjudicator.cli import app
from adjudicator.render.colour import colour_text
from adjudicator.render.compact import render_compact
from adjudicator.render.markdown import escape, render_markdown
from tests.conftest import FIXTURES, ruling_of

ALL = sorted(FIXTURES.glob("*/*.json"))
#: one fixture of each game with a dispute or a correction in its decision
MARKDOWN = [
    FIXTURES / "whist" / "revoke-no-penalty-choice.json",
    FIXTURES / "bezique" / "wrong-marks.json",
    FIXTURES / "rubicon-bezique" / "law50-challenged.json",
]
HOSTILE = "<script>*x*</script> | [a](b) \x1b[2J\x1b]0;owned\x07"


def _with_hostile_name(path: Path) -> dict:
    record = json.loads(path.read_text("utf-8-sig"))
    seat = next(iter(record["players"]))
    record["players"][seat] = HOSTILE
    record["meta"] = {**record.get("meta", {}), "note": "line one\nline two\x1b[31m"}
    return record


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}--{p.stem}" for p in ALL])
def test_the_text_view_opens_with_the_decision_and_fits_100_columns(path: Path) -> None:
    text = render_text(ruling_of(path))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert lines.index("Decision") < lines.index("Findings")
    assert "\x1b" not in text
    if any(line.startswith("  [") for line in lines):  # sources shortened, books named once
        assert " — " not in text.split("\nSources\n")[0]
        assert "\nSources\n" in text


def test_record_strings_are_harmless_in_the_terminal() -> None:
    ruling = adjudicate(parse_record(_with_hostile_name(FIXTURES / "whist" / "wrong-mark.json")))
    text = render_text(ruling)
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b[2J" in text  # shown, not obeyed


@pytest.mark.parametrize("path", MARKDOWN, ids=[p.parent.name for p in MARKDOWN])
def test_markdown(path: Path, ruling_markdown_snapshot: SnapshotAssertion) -> None:
    assert ruling_of(path) == ruling_markdown_snapshot


def test_markdown_escapes_every_string_of_the_record() -> None:
    ruling = adjudicate(parse_record(_with_hostile_name(FIXTURES / "whist" / "wrong-mark.json")))
    page = render_markdown(ruling)
    assert "<script>" not in page and "\\<script\\>" in page
    assert "\\*x\\*" in page and "\\[a\\](b)" in page
    assert "\x1b" not in page
    assert "line one line two" in page  # a line break in a note cannot end the paragraph
    assert escape("a|b_c") == "a\\|b\\_c"


def test_check_format_markdown() -> None:
    path = MARKDOWN[0]
    result = CliRunner().invoke(app, ["check", str(path), "--format", "markdown"])
    assert result.exit_code == 1
    assert result.stdout == render_markdown(ruling_of(path))
    assert result.stdout.startswith("# Ruling on a whist record")
    assert "\n## Decision\n" in result.stdout


def test_piped_text_has_no_colour() -> None:
    result = CliRunner().invoke(app, ["check", str(MARKDOWN[0])])
    assert "\x1b[" not in result.stdout
    assert result.stdout == render_text(adjudicate(load_record(MARKDOWN[0])))


def test_colour_on_a_terminal_and_none_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    text = colour_text("[VIOLATION] x\n  N  ♥ 10 2  ♠ A\n  1  10H 2S\n")
    coloured = Console(force_terminal=True, highlight=False, color_system="standard")
    with coloured.capture() as capture:
        coloured.print(text, end="")
    assert "\x1b[" in capture.get()
    monkeypatch.setenv("NO_COLOR", "1")
    plain = Console(force_terminal=True, highlight=False, color_system="standard")
    with plain.capture() as capture:
        plain.print(text, end="")
    assert "\x1b[3" not in capture.get()  # no colour (rich may still embolden)
    assert (
        capture.get().replace("\x1b[1m", "").replace("\x1b[0m", "").replace("\x1b[4m", "")
        == "[VIOLATION] x\n  N  ♥ 10 2  ♠ A\n  1  10H 2S\n"
    )


def test_the_compact_form_cites_by_id_only() -> None:
    ruling = adjudicate(load_record(FIXTURES / "whist" / "revoke-no-penalty-choice.json"))
    compact = render_compact(ruling)
    assert "WHIST-REVOKE-1 violation (event 15, seat E)" in compact
    assert "Foster" not in compact and "What a revoke is" not in compact
    assert compact.count("\n") < 20


def test_american_deals_print_no_honours_line_unless_claimed() -> None:
    """The American code counts no honours (WHIST-HONOURS-6): the text view leaves out a
    deal's "Honours held" line, unless a side claimed them; the English codes keep it."""
    from adjudicator import adjudicate, load_record, render_text
    from tests.conftest import FIXTURES

    american = render_text(
        adjudicate(load_record(FIXTURES / "whist/american-both-sides-revoke.json"))
    )
    english = render_text(adjudicate(load_record(FIXTURES / "whist/clean-rubber.json")))
    assert "Honours held" not in american
    assert "Honours held" in english


def test_a_claim_of_honours_keeps_the_line_under_rules_that_count_none() -> None:
    """``honours_shown``: a claim is ruled on (WHIST-HONOURS-6 under the American code), so
    a deal with one keeps its honours line even where honours count nothing."""
    from adjudicator import adjudicate, load_record
    from adjudicator.render.figures import honours_shown
    from tests.conftest import FIXTURES

    ruling = adjudicate(load_record(FIXTURES / "whist/clean-rubber.json"))
    claimed = [d for d in ruling.deals if d.honours.claims]
    unclaimed = [d for d in ruling.deals if not d.honours.claims]
    assert claimed and unclaimed
    assert all(honours_shown({"honours_counted": False}, d) for d in claimed)
    assert not any(honours_shown({"honours_counted": False}, d) for d in unclaimed)
    assert all(honours_shown(ruling.rules, d) for d in ruling.deals)


@pytest.mark.parametrize("view", ["text", "markdown", "html"])
def test_every_view_lists_what_the_record_cannot_decide_under_the_heading_its_steps_name(
    view: str,
) -> None:
    """A fragment whose result rests on a fact the record does not give: the arithmetic says
    to see "Cannot be decided from the record", and every view has that heading with each
    question (a review found the HTML report, which the desk shows, without it), and says why
    the result cannot be determined without speaking of tricks to be replayed."""
    from adjudicator.render.html import render_html

    ruling = ruling_of(FIXTURES / "bezique" / "copy-carried-marriage-fragment.json")
    assert ruling.undetermined and ruling.result.corrected.indeterminate  # type: ignore[union-attr]
    assert any("Cannot be decided from the record" in step for step in ruling.result.steps)
    page = {"text": render_text, "markdown": render_markdown, "html": render_html}[view](ruling)
    assert "Cannot be decided from the record" in page.replace("“", "").replace("”", "")
    shown = {"text": str, "markdown": escape, "html": html.escape}[view]
    for question in ruling.undetermined:  # the question, the fact missing, the fact deciding
        assert shown(question.what) in page
        assert f"Missing: {shown(question.why)}" in page
        assert f"Decided by: {shown(question.decides)}" in page
    if view != "text":
        assert "cannot be determined (it rests on what the record cannot decide" in page
        assert "to be replayed" not in page


def test_every_view_names_the_totals_that_decided_a_rubicon_as_the_decision_does() -> None:
    """Scores 800 to 790, a count of brisques demanded: B's 20 brisques to A's 12 make it 920
    to 990 for B, who wins a rubicon reckoned without them (laws 60, 61). A review read "B wins
    2800, rubicon (A 800, B 790)" in the result line, beside a decision naming 990 to 920."""
    from adjudicator.render.html import render_html

    ruling = ruling_of(FIXTURES / "rubicon-bezique" / "brisques-demanded.json")
    game = ruling.result.corrected.games[0]  # type: ignore[union-attr]
    assert (game.winner, game.value, game.rubicon, game.totals) == (
        "B",
        2800,
        True,
        {"A": 800, "B": 790},
    )
    said = "B wins 2800, rubicon (A 920, B 990 with the brisques counted)"
    assert said in render_text(ruling)
    assert said in render_markdown(ruling)
    assert said in html.unescape(render_html(ruling))
    assert "990 with the brisques counted" in ruling.decision[-1].text
