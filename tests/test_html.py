"""The printable report: valid HTML, self-contained, every string of the record kept as text,
the offending card marked, each finding beside its event, and ``--output`` written safely."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import html5lib
import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from typer.testing import CliRunner

from adjudicator import adjudicate, load_record, parse_record
from adjudicator.catalogue import rules
from adjudicator.catalogue.sources import SOURCES, abbreviations_in
from adjudicator.cli import app
from adjudicator.findings import cite
from adjudicator.render.html import render_html
from adjudicator.ruling.model import Ruling, Sentence
from tests.conftest import FIXTURES, ruling_of

ALL = sorted(FIXTURES.glob("*/*.json"))
#: one fixture of each game, each with a violation at a card played
WHIST = FIXTURES / "whist" / "revoke-penalty-tricks.json"
BEZIQUE = FIXTURES / "bezique" / "endplay-revoke.json"
RUBICON = FIXTURES / "rubicon-bezique" / "draw-irregularities.json"
NASTY = "<script>alert(1)</script>"
runner = CliRunner()


def parse_strictly(page: str) -> Any:
    """Parse as a browser would, but fail on any parse error (html5lib's strict mode)."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)


def text_of(element: Any) -> str:
    return " ".join(" ".join(element.itertext()).split())


def with_decision(ruling: Ruling, *sentences: tuple[str, list[str]]) -> Ruling:
    """The ruling with a decision written by hand (the decision builder is another part)."""
    decision = [Sentence(text=t, rules=r) for t, r in sentences]
    return ruling.model_copy(update={"decision": decision})


#: a page of each game rendered twice: a time or an id of the moment would show in any page,
#: so rendering every fixture's page a second time proves no more
_AGAIN = {min(p for p in ALL if p.parent.name == game) for game in {p.parent.name for p in ALL}}


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_every_fixture_gives_a_valid_self_contained_page_showing_each_finding_once(
    path: Path,
) -> None:
    """One page per fixture, parsed once (the parse is most of the cost): valid, fetching and
    running nothing, the same on a second rendering, and every finding and note shown once."""
    ruling = ruling_of(path)
    page = render_html(ruling)
    tree = parse_strictly(page)
    assert page.startswith("<!DOCTYPE html>")
    assert tree.find("head/meta").get("charset") == "utf-8"
    # nothing fetched from anywhere, nothing run
    assert tree.findall(".//script") == [] and tree.findall(".//link") == []
    assert not re.search(r"\b(src|href)=|url\(|@import|https?:", page)
    if path in _AGAIN:  # deterministic: nothing of the moment (a time, an id) in the page
        assert render_html(ruling_of(path)) == page
    shown = [text_of(d) for d in tree.iter("div") if d.get("class") == "finding"]
    assert len(shown) == len(ruling.findings)
    for finding in ruling.findings:
        assert any(" ".join(finding.message.split()) in text for text in shown), finding.message
    notes = [d for d in tree.iter("div") if d.get("class") == "note"]
    assert len(notes) == len(ruling.notes)


def hostile_record() -> dict[str, Any]:
    record = json.loads(WHIST.read_text("utf-8"))
    record["players"]["N"] = NASTY
    record["players"]["E"] = 'Ivy "Quotes" O\'Brien & <b>Co</b>'
    record["meta"]["description"] = "a < b && c > d; </style><img onerror=x>"
    record["meta"]["<key>"] = "&amp; stays &amp;"
    record["meta"]["event"] = "</title><script>alert(3)</script>"
    record["events"][10]["note"] = "</td></tr></table><script>alert(2)</script>"
    record["events"][-1]["note"] = "marks: \"NS\" & 'EW' <5>"
    return record


def test_every_string_of_the_record_stays_text() -> None:
    record = hostile_record()
    ruling = with_decision(
        adjudicate(parse_record(json.dumps(record))), (f"{NASTY} wins & <i>loses</i>", [])
    )
    page = render_html(ruling)
    tree = parse_strictly(page)
    assert tree.findall(".//script") == [] and tree.findall(".//img") == []
    assert tree.findall(".//b") == [] and tree.findall(".//i") == []
    text = text_of(tree.find("body"))
    for string in (
        NASTY,
        'Ivy "Quotes" O\'Brien & <b>Co</b>',
        "a < b && c > d; </style><img onerror=x>",
        "<key>",
        "&amp; stays &amp;",
        "</td></tr></table><script>alert(2)</script>",
        "marks: \"NS\" & 'EW' <5>",
        f"{NASTY} wins & <i>loses</i>",
    ):
        assert string in text, string
    assert tree.find("head/title").text.endswith("</title><script>alert(3)</script>, 2025-03-06")
    assert NASTY not in page and "<script>alert(3)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_offending_card_is_marked_and_its_finding_sits_in_its_trick_row() -> None:
    tree = parse_strictly(render_html(adjudicate(load_record(WHIST))))
    marked = tree.findall(".//span[@class='card red offending']")
    assert [(m.get("title"), text_of(m)) for m in marked] == [("event 10", "3♦")]
    rows = tree.findall(".//table[@class='tricks']/tbody/tr")
    assert len(rows) == 13
    trick3 = text_of(rows[2])
    assert trick3.startswith("3 N A♠ 3♦ 3♠ 2♠ E") and "WHIST-REVOKE-1" in trick3
    assert all("WHIST-REVOKE-1" not in text_of(r) for i, r in enumerate(rows) if i != 2)
    # the note written on the claim (after the play) follows the trick table
    assert "E trumped the ace of spades at trick 3" in text_of(tree.find("body"))


def test_the_whist_diagram_puts_the_four_hands_round_the_table() -> None:
    tree = parse_strictly(render_html(adjudicate(load_record(WHIST))))
    diagram = tree.find(".//div[@class='table-diagram']")
    hands = {d.get("class"): text_of(d) for d in diagram.findall("div")}
    assert hands["hand pos-N"].startswith("Harold Finch (N) ♠ A K Q 10 7 6 ♥ 9 3 2")
    assert "dealer" not in hands["hand pos-N"]
    assert hands["hand pos-S"].startswith("James Otterburn (S) dealer")
    assert hands["centre"] == "Deal 1 dealer S trumps 7♦"
    # red suits in colour, and the suit told by its symbol, never by colour alone
    red = diagram.findall(".//span[@class='sym red']")
    assert {s.get("title") for s in red} == {"hearts", "diamonds"}


def test_the_bezique_deal_shows_both_hands_and_the_tables() -> None:
    page = render_html(
        adjudicate(load_record(FIXTURES / "rubicon-bezique" / "law50-challenged.json"))
    )
    tree = parse_strictly(page)
    tables = tree.findall(".//div[@class='two-hands tables']/div")
    assert [text_of(t.find("div")) for t in tables] == ["Dorothea Quill (A)", "Edmund Sayle (B)"]
    b_table = text_of(tables[1])
    assert "Q♦ Q♦ Q♣ J♣ four-queens: marked 60, worth 0, not allowed (BEZ-DECL-9)" in b_table
    assert len(tables[1].findall(".//span[@class='card red offending']")) == 2
    stock = text_of(tree.find(".//p[@class='stock']"))
    assert stock.startswith("The stock (110 cards, top first): 8♦ K♦ 8♠ K♠ 7♣")
    assert len(stock.split(": ", 1)[1].split()) == 110


def test_the_decision_comes_first_with_its_rules() -> None:
    ruling = with_decision(
        adjudicate(load_record(WHIST)),
        ("The revoke claim of N-S is in time and upheld.", ["WHIST-REVOKE-9"]),
        ("N-S take three tricks from E-W: game to N-S.", ["WHIST-SCORE-1"]),
    )
    tree = parse_strictly(render_html(ruling))
    sections = [s.get("id") for s in tree.findall(".//section")]
    assert sections[:2] == ["decision", "result"]
    items = [text_of(li) for li in tree.findall(".//ol[@class='decision']/li")]
    assert items == [
        "The revoke claim of N-S is in time and upheld. [WHIST-REVOKE-9]",
        "N-S take three tricks from E-W: game to N-S. [WHIST-SCORE-1]",
    ]


def test_marked_against_corrected_side_by_side_with_the_steps() -> None:
    ruling = adjudicate(load_record(FIXTURES / "whist" / "wrong-mark.json"))
    tree = parse_strictly(render_html(ruling))
    result = tree.find(".//section[@id='result']")
    heads = [text_of(th) for th in result.findall(".//thead/tr/th")]
    assert heads == ["", "As marked and agreed by the players", "As the rules give"]
    steps = [text_of(li) for li in result.findall(".//ol[@class='steps']/li")]
    assert steps == [" ".join(s.split()) for s in ruling.result.steps]


def test_options_and_sources_with_the_abbreviations_expanded() -> None:
    ruling = adjudicate(load_record(WHIST))
    tree = parse_strictly(render_html(ruling))
    options = tree.find(".//section[@id='options']")
    assert len(options.findall(".//tbody/tr")) == len(ruling.rules)
    sources = tree.find(".//section[@id='sources']")
    cited = [text_of(tr.find("td")) for tr in sources.find("table").findall("tbody/tr")]
    assert "WHIST-REVOKE-1" in cited and "WHIST-SCORE-1" in cited
    abbreviations = {text_of(tr.find("th")) for tr in sources.findall("table")[1].findall(".//tr")}
    # the laws of the code in force only (the record's code): not the two other codes'
    assert ruling.rules["code"] == "english-1900"
    assert "ENG1900" in abbreviations and not {"ENG64", "AWL"} & abbreviations
    laws = {
        text_of(tr.find("td")): text_of(tr.findall("td")[-1])
        for tr in sources.find("table").findall("tbody/tr")
    }
    assert laws["WHIST-REVOKE-1"].endswith("ENG1900-74")


def test_every_abbreviation_the_catalogue_cites_is_expanded() -> None:
    for rule in rules():
        laws = cite(rule.id).source.split(" — ")[0]
        found = abbreviations_in(laws)
        assert all(a in SOURCES for a in found)
        # every law reference of the source is recognised (none left unexplained)
        for part in filter(None, (p.strip() for p in laws.split(";"))):
            assert abbreviations_in(part), (rule.id, part)


def test_abbreviations_read_the_longest_name_and_never_a_stray_capital() -> None:
    assert abbreviations_in("HGM-L 50; F p.381; FCH-ins; ENG1900-85 — F. Foster") == [
        "HGM-L",
        "F",
        "FCH-ins",
        "ENG1900",
    ]
    assert abbreviations_in("Foster, Fireside Fun") == []


class ReportBodySnapshot(SingleFileSnapshotExtension):
    """The report's ``<body>`` as an ``.html`` file: what it says, not how it is styled (the
    stylesheet would make every snapshot change with any change of style)."""

    _write_mode = WriteMode.TEXT
    file_extension = "html"

    def serialize(self, data: Any, **_: Any) -> str:
        page = str(data)
        return page[page.index("<body>") : page.index("</body>") + len("</body>")] + "\n"


SNAPSHOTS = [
    WHIST,
    FIXTURES / "bezique" / "wrong-marks.json",
    FIXTURES / "rubicon-bezique" / "law50-challenged.json",
]


@pytest.mark.parametrize("path", SNAPSHOTS, ids=[p.parent.name for p in SNAPSHOTS])
def test_report_body(path: Path, snapshot: SnapshotAssertion) -> None:
    ruling = with_decision(ruling_of(path), ("A decision sentence written by hand.", ["RULE-ID"]))
    assert render_html(ruling) == snapshot.use_extension(ReportBodySnapshot)


# --output ----------------------------------------------------------------------------------


def test_output_writes_one_file_atomically(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    result = runner.invoke(app, ["check", str(WHIST), "-f", "html", "-o", str(target)])
    assert result.exit_code == 1 and result.stdout == ""
    assert target.read_text("utf-8") == render_html(adjudicate(load_record(WHIST)))
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary file left


def test_several_records_go_one_file_each_into_the_output_folder(tmp_path: Path) -> None:
    jsonl = tmp_path / "archive.jsonl"
    jsonl.write_text(json.dumps(json.loads(WHIST.read_text("utf-8"))) + "\n", "utf-8")
    out = tmp_path / "reports"
    args = ["check", str(WHIST), str(BEZIQUE), str(WHIST), str(jsonl), "-f", "html"]
    result = runner.invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 1
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "archive-1.html",
        "endplay-revoke.html",
        "revoke-penalty-tricks-2.html",
        "revoke-penalty-tricks.html",
    ]


def test_several_records_in_html_without_a_folder_are_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(WHIST), str(BEZIQUE), "-f", "html"])
    assert result.exit_code == 64 and result.stdout == ""  # typed wrong (EX_USAGE)
    assert "several records in HTML need --output FOLDER" in result.stderr
    afile = tmp_path / "a.html"
    afile.write_text("keep", "utf-8")
    result = runner.invoke(app, ["check", str(WHIST), str(BEZIQUE), "-f", "html", "-o", str(afile)])
    assert result.exit_code == 64 and "must be a folder" in result.stderr
    assert afile.read_text("utf-8") == "keep"


def test_an_unjudgeable_record_writes_no_file_and_a_bad_target_no_traceback(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]", "utf-8")
    target = tmp_path / "bad.html"
    result = runner.invoke(app, ["check", str(bad), "-f", "html", "-o", str(target)])
    assert result.exit_code == 2 and not target.exists()
    missing = tmp_path / "no" / "such" / "report.html"
    result = runner.invoke(app, ["check", str(WHIST), "-f", "html", "-o", str(missing)])
    assert result.exit_code == 2
    assert f"cannot write {missing}" in result.stderr and "Traceback" not in result.stderr


def test_jsonl_output_is_one_file(tmp_path: Path) -> None:
    target = tmp_path / "rulings.jsonl"
    result = runner.invoke(
        app, ["check", str(WHIST), str(BEZIQUE), "-f", "jsonl", "-o", str(target)]
    )
    assert result.exit_code == 1 and result.stdout == ""
    assert len(target.read_text("utf-8").splitlines()) == 2


def test_one_record_into_an_existing_folder_is_named_after_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(WHIST), "-f", "html", "-o", str(tmp_path)])
    assert result.exit_code == 1
    assert [p.name for p in tmp_path.iterdir()] == ["revoke-penalty-tricks.html"]
    result = runner.invoke(app, ["check", str(WHIST), "-o", str(tmp_path / "ruling.txt")])
    printed = runner.invoke(app, ["check", str(WHIST)]).stdout
    assert (tmp_path / "ruling.txt").read_text("utf-8") == printed != ""
