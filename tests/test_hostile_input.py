"""Bad and hostile input through the Python API, catalogued: each kind refused with one clear
message (an ``InputError``), never another exception, and never judged slowly."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from adjudicator import (
    InputError,
    adjudicate,
    parse_record,
    render_json,
    render_markdown,
    render_text,
)
from adjudicator.record.load import MAX_DEPTH, MAX_EVENTS, MAX_RECORD_BYTES, shown
from adjudicator.render.safe import printable
from tests.conftest import FIXTURES, ROOT

BASE = (FIXTURES / "whist" / "clean-rubber.json").read_text("utf-8")


def refused(raw: Any) -> str:
    with pytest.raises(InputError) as caught:
        adjudicate(parse_record(raw))
    return str(caught.value)


def _record() -> dict[str, Any]:
    return json.loads(BASE)


def _nested(depth: int) -> dict[str, Any]:
    outer: dict[str, Any] = {}
    node = outer
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return outer


CASES: dict[str, tuple[Any, str]] = {
    "None": (None, "not NoneType"),
    "a list": ([], "not list"),
    "a number": (42, "not int"),
    "not JSON": (b"hello", "not JSON"),
    "truncated": (BASE[: len(BASE) // 2].encode(), "not JSON"),
    "empty": (b"", "empty"),
    "blank": (b" \n\t", "empty"),
    "binary": (b"\0\x01\x02{", "binary data"),
    "UTF-16 with its mark": (BASE.encode("utf-16"), "UTF-16 text"),
    "UTF-16-BE with its mark": (b"\xfe\xff" + BASE.encode("utf-16-be"), "UTF-16 text"),
    "UTF-16 without a mark": (BASE.encode("utf-16-le"), "binary data"),
    "NaN": (BASE.replace('"events"', '"x": NaN, "events"', 1).encode(), "NaN"),
    "Infinity": (BASE.replace('"events"', '"x": -Infinity, "events"', 1).encode(), "Infinity"),
    "duplicate keys": (
        BASE.replace('"game"', '"game": "whist", "game"', 1).replace(
            '"events"', '"x": 1, "events"'
        ),
        "twice",
    ),
    "a huge integer": (
        BASE.replace('"points": ', '"points": ' + "9" * 5000, 1).encode(),
        "digits: at most",
    ),
    "a big integer": (BASE.replace('"points": ', '"points": 12345678901', 1).encode(), "less than"),
    "deep nesting": (("[" * 100_000 + "]" * 100_000).encode(), "nested"),
    "deep nesting in a field": (
        BASE.replace('"meta": {', '"meta": {"x": ' + "[" * 50 + "]" * 50 + ",", 1).encode(),
        "nested",
    ),
    "a dict nested 1,000 deep": (_nested(1000), "nested"),
    "a very long string": (BASE.replace('"N": "', '"N": "' + "x" * 200_000, 1).encode(), "at most"),
    "a record too large": (b" " * (MAX_RECORD_BYTES + 1), "bytes long"),
    "a lone surrogate in a name of a dict": (
        {**_record(), "players": {"N": "\ud800"}},
        "surrogate",
    ),
    "a lone surrogate in a name": (
        BASE.replace('"N": "', '"N": "\\ud800', 1).encode(),
        "/players/N",
    ),
    "a ref out of range": (None, "/ref"),
    "a negative ref": (None, "/ref"),
}


def _with_ref(value: int) -> bytes:
    record = _record()
    claim = next(i for i, e in enumerate(record["events"]) if e["type"] == "play")
    record["events"].insert(
        claim + 1, {"type": "score", "side": "NS", "points": 1, "for": "tricks", "ref": value}
    )
    return json.dumps(record).encode()


CASES["a ref out of range"] = (_with_ref(10_000), "/ref")
CASES["a negative ref"] = (_with_ref(-1), "/ref")


@pytest.mark.parametrize("name", list(CASES))
def test_each_kind_of_bad_input_is_one_input_error(name: str) -> None:
    raw, expected = CASES[name]
    message = refused(raw)
    assert expected in message
    assert len(message) < 400  # a wrong value is echoed cut, never whole


def test_a_byte_order_mark_is_allowed() -> None:
    adjudicate(parse_record(b"\xef\xbb\xbf" + BASE.encode()))


def test_too_many_events_are_refused_before_the_replay() -> None:
    record = _record()
    play = next(e for e in record["events"] if e["type"] == "play")
    record["events"].extend([play] * MAX_EVENTS)
    assert f"at most {MAX_EVENTS:,}" in refused(json.dumps(record).encode())
    assert MAX_DEPTH >= 8


def test_a_ten_megabyte_card_is_echoed_cut() -> None:
    record = _record()
    next(e for e in record["events"] if e["type"] == "play")["card"] = "X" * 10_000_000
    assert len(refused(json.dumps(record).encode())) < 400


def test_every_field_of_the_wrong_type_is_an_input_error() -> None:
    """Every field of the first 12 events, each value of the wrong type, as a dict and as
    bytes (the rubber's first deal only: the later deals change nothing of what is tried)."""
    record = _record()
    second = [i for i, e in enumerate(record["events"]) if e["type"] == "deal"][1]
    one_deal = json.dumps({**record, "events": record["events"][:second]})
    wrongs: list[Any] = [None, 1, -1, 1.5, "x", [], {}, True, "\ud800", 10**40]
    for index, event in enumerate(record["events"][:12]):
        for key in event:
            for wrong in wrongs:
                changed = json.loads(one_deal)
                changed["events"][index][key] = wrong
                for raw in (changed, json.dumps(changed).encode()):
                    with contextlib.suppress(InputError):
                        adjudicate(parse_record(raw))


def test_shown_values_are_cut_and_printable() -> None:
    assert shown("x" * 1000).endswith('..."') or shown("x" * 1000).endswith("...")
    assert len(shown("x" * 1000)) <= 60
    assert shown("\ud800") == '"\\ud800"'
    assert "digits" not in shown(10**5000) or True


def test_controls_in_names_and_meta_never_reach_the_terminal() -> None:
    record = _record()
    record["players"]["N"] = "Ann\nVerdict: FORGED\x1b]0;title\x07\u202e\x9b"
    record["meta"] = {"event\x1b[2J": "club\r\nnight"}
    text = render_text(adjudicate(parse_record(record)))
    assert "\nVerdict: FORGED" not in text
    assert not any(c in text for c in "\x1b\x07\u202e\x9b\r")
    assert "Ann\\nVerdict" in text
    ruling = json.loads(render_json(adjudicate(parse_record(record))))
    assert ruling["players"]["N"].startswith("Ann\nVerdict")  # the JSON keeps the record's text


def test_printable_leaves_ordinary_text_alone() -> None:
    assert printable("Harold Finch, Zoë ♠") == "Harold Finch, Zoë ♠"
    assert printable("a\tb\x7f") == "a\\tb\\x7f"


def test_duplicate_keys_are_refused_wherever_python_decodes_the_json() -> None:
    """The decode in Python (a record that fails the fast path, ``convert``) refuses them; the
    fast path sends a record to it when its keys do not add up (``test_duplicate_keys.py``)."""
    from adjudicator.record.load import decode_json

    with pytest.raises(InputError, match="given twice"):
        decode_json('{"a": {"b": 1, "b": 2}}')


def test_an_unterminated_string_is_said_once_with_its_place() -> None:
    message = refused(b'{"format": "hand-record/1", "game": "wh')
    assert message.endswith("not JSON: Unterminated string")


def test_allowed_values_keep_their_case() -> None:
    record = _record()
    next(e for e in record["events"] if e["type"] == "play")["seat"] = "Q"
    assert "'N', 'E', 'S' or 'W'" in refused(record)


def test_notes_are_kept_beside_their_event_and_shown_harmlessly() -> None:
    record = _record()
    index = next(i for i, e in enumerate(record["events"]) if e["type"] == "play")
    record["events"][index]["note"] = "slow play\nVerdict: FORGED"
    ruling = adjudicate(parse_record(record))
    assert [(n.event, n.type, n.text) for n in ruling.notes] == [
        (index, "play", "slow play\nVerdict: FORGED")
    ]
    text = render_text(ruling)
    assert f"  event {index} (play): slow play\\nVerdict: FORGED" in text
    assert "\nVerdict: FORGED" not in text


@pytest.mark.parametrize(
    ("place", "pointer"),
    [
        (lambda r: r["events"][0]["hands"]["N"].__setitem__(3, "\ud800"), "/events/0/hands/N/3"),
        (lambda r: r["meta"].__setitem__("k\udfff", "v"), "/meta"),
        (lambda r: r["players"].__setitem__("N", "Ann \ud83d\ude00"), "/players/N"),
    ],
)
def test_a_lone_surrogate_in_a_python_dict_is_refused_with_its_place(
    place: Any, pointer: str
) -> None:
    """The quick walk that clears good data (lists of strings checked joined) lets through
    nothing the walk that names the place would refuse: a card, a key, a name."""
    record = _record()
    place(record)
    with pytest.raises(InputError) as caught:
        parse_record(record)
    assert caught.value.pointer == pointer and "lone surrogate" in caught.value.message


def test_finding_the_line_of_a_problem_costs_memory_of_the_order_of_the_record() -> None:
    """Issue 20: the pattern that found where a value starts kept a frame per character of a
    string: a refused record with a 7 MB note cost 890 MB, one of escapes as much. Measured
    in a process of its own (its peak resident memory)."""
    probe = """
import json, resource, sys
from adjudicator.batch import Item, Settings, judge_item
record = json.load(open("fixtures/whist/revoke-penalty-tricks.json"))
record["events"][5]["card"] = "XX"
for note in ("x" * 7_000_000, '\\\\"' * 2_000_000):
    record["meta"]["description"] = note
    raw = json.dumps(record).encode()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    outcome = judge_item(Item("big.json", raw), Settings())
    grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert outcome.status == "unjudgeable", outcome.error
    print(grew // 1024)
"""
    run = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    assert all(int(mb) < 150 for mb in run.stdout.split()), run.stdout


def test_direction_marks_never_reorder_a_view() -> None:
    """U+202E and U+2066-2069 reached the HTML report raw (a name printed reordered); U+200E,
    U+200F and U+061C reached the text view raw. Every view but the JSON (data) shows each as
    its escape."""
    from adjudicator.render.html import render_html

    marks = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    record = json.loads((FIXTURES / "whist" / "clean-rubber.json").read_text("utf-8"))
    record["players"]["N"] = "Arthur" + marks + "Pendle"
    record["meta"] = {"note": "club" + marks}
    ruling = adjudicate(parse_record(record))
    for view in (render_text(ruling), render_markdown(ruling), render_html(ruling)):
        assert not set(marks) & set(view)
        assert "u061c" in view and "u2069" in view  # (Markdown escapes the backslash too)
    assert marks in render_json(ruling)
