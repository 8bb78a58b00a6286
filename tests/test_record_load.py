"""Bad input: one clear message naming the JSON path, never a traceback, never a guess."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import InputError, adjudicate, load_record, parse_record
from tests.conftest import FIXTURES

BASE = FIXTURES / "whist" / "honours-claimed.json"


def base() -> dict[str, Any]:
    return json.loads(BASE.read_text("utf-8-sig"))


def first_play(record: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(record["events"]) if e["type"] == "play")


def judge(record: dict[str, Any] | bytes) -> None:
    adjudicate(parse_record(record))


def error_of(record: dict[str, Any] | bytes) -> InputError:
    with pytest.raises(InputError) as caught:
        judge(record)
    return caught.value


def test_the_base_record_is_judged() -> None:
    judge(base())


def test_not_json() -> None:
    error = error_of(b'{"format": "hand-record/1",')
    assert error.pointer == "" and "not JSON" in error.message
    assert (error.line, error.column) == (1, 28)


def test_not_utf8() -> None:
    assert "not UTF-8" in error_of(b"{\xc3\x28}").message


def test_a_byte_order_mark_is_accepted() -> None:
    judge(b"\xef\xbb\xbf" + BASE.read_bytes())


def test_wrong_format_and_unknown_game() -> None:
    record = base()
    record["format"] = "hand-record/2"
    assert error_of(record).pointer == "/format"
    record = base()
    record["game"] = "piquet"
    assert error_of(record).pointer == "/game"


def test_a_card_that_is_not_a_card_names_its_path() -> None:
    record = base()
    index = first_play(record)
    record["events"][index]["card"] = "XS"
    error = error_of(record)
    assert str(error) == f'/events/{index}/card: "XS" is not a card'


@pytest.mark.parametrize(
    ("value", "shown"),
    [("T♥X", '"T♥X"'), (3, "3"), (None, "null"), ([1], "[1]"), ({"rank": "Q"}, '{"rank": "Q"}')],
)
@pytest.mark.parametrize("as_bytes", [False, True])
def test_a_card_of_any_json_type_gets_one_message(
    value: object, shown: str, as_bytes: bool
) -> None:
    """Lists and objects too: the card lookup must never raise anything but a clean error."""
    record = base()
    index = first_play(record)
    record["events"][index]["card"] = value
    error = error_of(json.dumps(record).encode() if as_bytes else record)
    assert str(error) == f"/events/{index}/card: {shown} is not a card"


def test_lenient_card_text_is_read_whatever_the_pydantic_core_version() -> None:
    record = base()
    index = first_play(record)
    card = record["events"][index]["card"]
    record["events"][index]["card"] = " " + card.lower().replace("10", "t") + " "
    parsed = parse_record(json.dumps(record).encode())
    assert str(parsed.events[index].card) == card  # type: ignore[union-attr]


def test_unknown_fields_and_unknown_rule_options_are_rejected() -> None:
    record = base()
    record["events"][0]["colour"] = "red"
    assert error_of(record).pointer == "/events/0/colour"
    record = base()
    record["rules"] = {"code": "english-1900", "honors_counted": True}
    error = error_of(record)
    assert error.pointer == "/rules/honors_counted" and error.message == "unknown field"
    record = base()
    record["rules"] = {"code": "english-1899"}
    assert error_of(record).pointer == "/rules/code"


def test_wrong_types_are_rejected_not_coerced() -> None:
    record = base()
    mark = next(i for i, e in enumerate(record["events"]) if e["type"] == "score")
    record["events"][mark]["points"] = "2"
    error = error_of(record)
    assert error.pointer == f"/events/{mark}/points" and "integer" in error.message


def test_an_unknown_event_type_and_a_missing_field() -> None:
    record = base()
    record["events"].append({"type": "shuffle"})
    error = error_of(record)
    assert error.pointer == f"/events/{len(record['events']) - 1}" and "shuffle" in error.message
    record = base()
    del record["events"][first_play(record)]["seat"]
    assert error_of(record).message == "required field is missing"


def test_a_card_dealt_twice() -> None:
    record = base()
    hands = record["events"][0]["hands"]
    hands["E"][0] = hands["N"][0]
    error = error_of(record)
    assert error.pointer == "/events/0/hands/E/0" and "dealt twice" in error.message


def test_a_hand_of_twelve_cards() -> None:
    record = base()
    hands = record["events"][0]["hands"]
    hands["W"].pop()
    error = error_of(record)
    assert error.pointer == "/events/0/hands/W" and "12 cards" in error.message


def test_the_trump_card_must_be_the_dealers() -> None:
    record = base()
    deal = record["events"][0]
    other = next(s for s in "NESW" if s != deal["dealer"])
    deal["trump"] = deal["hands"][other][0]
    assert error_of(record).pointer == "/events/0/trump"


def test_a_card_played_that_the_seat_does_not_hold() -> None:
    record = base()
    index = first_play(record)
    play = record["events"][index]
    holder = next(s for s in "NESW" if s != play["seat"])
    play["card"] = record["events"][0]["hands"][holder][0]
    error = error_of(record)
    assert error.pointer == f"/events/{index}/card" and "does not hold" in error.message


def test_a_play_before_any_deal_and_a_deal_not_played_out() -> None:
    record = base()
    record["events"].insert(0, {"type": "play", "seat": "N", "card": "2C"})
    assert error_of(record).pointer == "/events/0"
    record = base()
    record["events"] = record["events"][:10]
    assert "not played out" in error_of(record).message


def test_a_retract_with_no_card_on_the_table() -> None:
    record = base()
    record["events"].insert(1, {"type": "retract", "seat": "N"})
    assert error_of(record).pointer == "/events/1/seat"


def test_an_empty_event_list_is_judged_clean() -> None:
    record = base()
    record["events"] = []
    ruling = adjudicate(parse_record(record))
    assert ruling.findings == [] and ruling.deals == []


def test_the_input_file_is_never_modified(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    raw = BASE.read_bytes()
    path.write_bytes(raw)
    adjudicate(load_record(path))
    assert path.read_bytes() == raw


def test_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        load_record(tmp_path / "absent.json")


# Fuzzing (python-chess fuzz/pgn.py): mutated records end in a ruling or in InputError.

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["", "N", "EW", "10H", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=5,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:60]):
            out += _paths(v, (*prefix, i))
    return out


RECORD = base()
PATHS = [p for p in _paths(RECORD) if p]


@settings(
    derandomize=True, max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.sampled_from(PATHS), _JSON, st.booleans())
def test_mutated_records_are_judged_or_refused_cleanly(
    path: tuple[Any, ...], value: Any, delete: bool
) -> None:
    judged_or_refused(mutated(RECORD, path, value, delete))


def mutated(
    record: dict[str, Any], path: tuple[Any, ...], value: Any, delete: bool
) -> dict[str, Any]:
    """A copy with the value at ``path`` replaced (or its key deleted)."""
    record = copy.deepcopy(record)
    node = record
    for part in path[:-1]:
        node = node[part]
    if delete and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return record


def judged_or_refused(record: dict[str, Any]) -> None:
    """Either a ruling, or an InputError with a JSON pointer and a message: never a crash."""
    try:
        judge(record)
    except InputError as error:
        assert error.pointer == "" or error.pointer.startswith("/")
        assert error.message


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.integers(0, 3000), st.binary(max_size=8))
def test_corrupted_bytes_are_judged_or_refused_cleanly(cut: int, junk: bytes) -> None:
    raw = BASE.read_bytes()
    try:
        judge(raw[:cut] + junk + raw[cut + len(junk) :])
    except InputError as error:
        assert error.message


# Bézique records: the same promise.

from adjudicator.simulate.bezique import generate_deal  # noqa: E402

BEZ_RECORDS = [
    generate_deal("bezique", 7),
    generate_deal("rubicon-bezique", 7, include_stock=False),
]


@settings(
    derandomize=True, max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.sampled_from([0, 1]), st.data(), _JSON, st.booleans())
def test_mutated_bezique_records_are_judged_or_refused_cleanly(
    which: int, data: st.DataObject, value: Any, delete: bool
) -> None:
    record = BEZ_RECORDS[which]
    path = data.draw(st.sampled_from([p for p in _paths(record) if p]))
    judged_or_refused(mutated(record, path, value, delete))


def test_a_bezique_card_the_pack_does_not_hold_twice_more() -> None:
    record = copy.deepcopy(BEZ_RECORDS[0])
    record["events"][0]["hands"]["A"][0] = "2C"
    error = error_of(record)
    assert error.pointer == "/events/0/hands/A/0"
    record = copy.deepcopy(BEZ_RECORDS[1])
    hand = record["events"][0]["hands"]["A"]
    hand[:5] = ["AS"] * 5
    error = error_of(record)
    assert "more than 4 times" in error.message
