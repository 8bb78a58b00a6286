"""Every problem of a record at once, each with its JSON pointer and its line and column in the
file; standard input taking one JSON document (pretty-printed or not) as well as JSON Lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator import InputError, adjudicate, parse_record
from adjudicator.cli import app
from adjudicator.errors import MAX_PROBLEMS
from adjudicator.record.lines import value_offsets
from tests.conftest import FIXTURES

runner = CliRunner()
WHIST = FIXTURES / "whist" / "revoke-penalty-tricks.json"
RUBBER = FIXTURES / "whist" / "clean-rubber.json"  # eight deals
RUBICON = FIXTURES / "rubicon-bezique" / "clean-rubicon.json"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8-sig"))  # type: ignore[no-any-return]


def error_of(record: dict[str, Any] | bytes) -> InputError:
    with pytest.raises(InputError) as caught:
        adjudicate(parse_record(record))
    return caught.value


def where(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """Line and column (from 1) of the nth occurrence of ``needle`` in ``text``."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def test_the_scanner_finds_where_each_value_starts_in_a_pretty_printed_file() -> None:
    text = json.dumps(load(WHIST), indent=2, ensure_ascii=False)
    offsets = value_offsets(text)
    assert text[offsets["/events/9/card"] :].startswith('"AS"')
    assert text[offsets["/events/0/hands/E/0"] :].startswith('"9S"')
    assert text[offsets["/events/53"] :].startswith('{\n      "type": "claim"')
    assert text[offsets["/players"] :].startswith("{")
    assert offsets[""] == 0


def test_the_scanner_asked_for_some_pointers_finds_them_and_passes_over_the_rest() -> None:
    """Asked for a few pointers (a refused record's problems), only their paths are looked
    into; each value on them is where the full scan puts it, and the others are passed
    over whole (their own start noted, nothing inside)."""
    text = json.dumps(load(WHIST), indent=2, ensure_ascii=False)
    full = value_offsets(text)
    wanted = ["/events/9/card", "/events/0/hands/E/0", "/events/12/nothing"]
    asked = value_offsets(text, wanted)
    for pointer in ["", "/events", "/events/9", "/events/9/card", "/events/0/hands/E/0"]:
        assert asked[pointer] == full[pointer]
    assert asked["/events/12"] == full["/events/12"]  # (the missing key's object)
    assert asked["/players"] == full["/players"]  # passed over: its start, not its names
    assert "/players/N" not in asked and "/events/10/card" not in asked
    assert set(asked) < set(full)


def test_every_schema_problem_with_its_line_and_column() -> None:
    record = load(WHIST)
    record["events"][3]["card"] = "XS"
    record["events"][5]["seat"] = "Q"
    del record["events"][7]["card"]
    record["rules"] = {"honors_counted": True}
    text = json.dumps(record, indent=2)
    error = error_of(text.encode())
    placed = [(p.pointer, p.message, p.line, p.column) for p in error.problems]
    assert placed[0] == ("/rules/honors_counted", "unknown field", *where(text, "true"))
    assert placed[1] == ("/events/3/card", '"XS" is not a card', *where(text, '"XS"'))
    assert placed[2][0] == "/events/5/seat" and placed[2][2:] == where(text, '"Q"')
    # a missing field is placed at its event
    assert placed[3][:2] == ("/events/7/card", "required field is missing")
    assert text.splitlines()[placed[3][2] - 1].strip() == "{"
    assert (error.pointer, error.message) == placed[0][:2]


def test_every_problem_of_every_deal_and_the_replays_first() -> None:
    record = load(RUBBER)
    deals = [i for i, e in enumerate(record["events"]) if e["type"] == "deal"]
    first_play = deals[0] + 1
    played = record["events"][first_play]
    other = next(s for s in "NESW" if s != played["seat"])
    record["events"][first_play]["card"] = record["events"][deals[0]]["hands"][other][0]
    third = record["events"][deals[2]]["hands"]
    third["E"][0] = third["N"][0]
    fifth = record["events"][deals[4]]["hands"]
    fifth["W"].pop()
    error = error_of(record)
    assert [p.pointer for p in error.problems] == [
        f"/events/{first_play}/card",
        f"/events/{deals[2]}/hands/E/0",
        f"/events/{deals[4]}/hands/W",
    ]
    assert "does not hold" in error.problems[0].message
    assert error.problems[2].message == "W holds 12 cards, not 13"


def test_every_problem_of_a_bezique_deal() -> None:
    record = load(RUBICON)
    deal = record["events"][0]
    deal["hands"]["A"].pop()
    deal["hands"]["B"][0] = "6S"
    error = error_of(record)
    assert [(p.pointer, p.message) for p in error.problems] == [
        ("/events/0/hands/A", "A holds 8 cards, not 9"),
        ("/events/0/hands/B/0", "6S is not in a bézique pack (A 10 K Q J 9 8 7 only)"),
    ]


def test_the_command_line_prints_each_problem_with_file_line_and_column(tmp_path: Path) -> None:
    record = load(WHIST)
    record["events"][3]["card"] = "XS"
    record["events"][17]["card"] = "ZZ"
    text = json.dumps(record, indent=2)
    bad = tmp_path / "bad.json"
    bad.write_text(text, "utf-8")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 2 and result.stdout == ""
    line, column = where(text, '"ZZ"')
    first_line, first_column = where(text, '"XS"')
    assert result.stderr.splitlines() == [
        f'{bad}:{first_line}:{first_column}: /events/3/card: "XS" is not a card',
        f'{bad}:{line}:{column}: /events/17/card: "ZZ" is not a card',
    ]


def test_beyond_the_limit_a_last_line_says_how_many_more(tmp_path: Path) -> None:
    record = load(WHIST)
    plays = [i for i, e in enumerate(record["events"]) if e["type"] == "play"]
    for index in plays[: MAX_PROBLEMS + 5]:
        record["events"][index]["card"] = "XS"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record, indent=1), "utf-8")
    result = runner.invoke(app, ["check", str(bad)])
    lines = result.stderr.splitlines()
    assert result.exit_code == 2 and len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == f"{bad}: and 5 more problems not shown (at most {MAX_PROBLEMS} are)"


def test_jsonl_gives_each_problem_as_an_object(tmp_path: Path) -> None:
    record = load(WHIST)
    record["events"][3]["card"] = "XS"
    record["events"][4]["card"] = "YS"
    archive = tmp_path / "a.jsonl"
    archive.write_text(json.dumps(load(WHIST)) + "\n" + json.dumps(record) + "\n", "utf-8")
    result = runner.invoke(app, ["check", str(archive), "--format", "jsonl", "--jobs", "1"])
    entries = [json.loads(line) for line in result.stdout.splitlines()]
    assert entries[1:] == [
        {
            "source": f"{archive}:2",
            "pointer": "/events/3/card",
            "message": '"XS" is not a card',
            "line": 1,
        },
        {
            "source": f"{archive}:2",
            "pointer": "/events/4/card",
            "message": '"YS" is not a card',
            "line": 1,
        },
    ]


# Standard input -------------------------------------------------------------------------------


@pytest.mark.parametrize("indent", [2, None], ids=["pretty-printed", "one-line"])
def test_stdin_takes_a_single_json_document(indent: int | None) -> None:
    text = json.dumps(load(WHIST), indent=indent)
    result = runner.invoke(app, ["check", "-", "--format", "jsonl"], input=text)
    entries = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1, result.stderr
    assert len(entries) == 1 and entries[0]["ruling"]["format"] == "ruling/1"
    assert entries[0]["source"] == ("<stdin>" if indent else "<stdin>:1")


def test_stdin_takes_json_lines() -> None:
    line = json.dumps(load(WHIST))
    result = runner.invoke(app, ["check", "-", "--format", "jsonl"], input=f"\n{line}\n{line}\n")
    sources = [json.loads(entry)["source"] for entry in result.stdout.splitlines()]
    assert sources == ["<stdin>:2", "<stdin>:3"]


def test_a_pretty_printed_record_on_stdin_gets_lines_and_columns_in_its_errors() -> None:
    record = load(WHIST)
    record["events"][3]["card"] = "XS"
    text = json.dumps(record, indent=2)
    result = runner.invoke(app, ["check", "-"], input=text)
    line, column = where(text, '"XS"')
    assert result.exit_code == 2
    assert f'<stdin>:{line}:{column}: /events/3/card: "XS" is not a card' in result.stderr
