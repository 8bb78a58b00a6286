"""A key given twice in a JSON object is refused on every path, the fast one included.

pydantic-core keeps the last of two equal keys in silence; ``record/keys.py`` counts the keys
the validated models hold against the colons of the text, and a record whose count falls
short is decoded again in Python, which names the key. These tests write every kind of object
of all three games with one key repeated, with the same value (so that the models are exactly
those of the good record and only the count can tell) and with another value.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from adjudicator import InputError, adjudicate, parse_record
from adjudicator.record.keys import keys_counted
from adjudicator.record.load import validate_record
from adjudicator.render.json import render_json
from adjudicator.simulate import records

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
JSON_FIXTURES = sorted(FIXTURES.glob("*/*.json"))
GAMES = ("whist", "bezique", "rubicon-bezique")


def _objects(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The path of every object in ``node``."""
    found: list[tuple[str | int, ...]] = []
    if isinstance(node, dict):
        found.append(path)
        for key, value in node.items():
            found += _objects(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _objects(value, (*path, index))
    return found


def _written_twice(
    node: Any, target: tuple[str | int, ...], key: str, value: Any, colon: str = ":"
) -> str:
    """``node`` as compact JSON, the object at ``target`` given ``key`` a second time, last,
    with ``value``, and ``colon`` between that key and its value."""

    def write(node: Any, path: tuple[str | int, ...]) -> str:
        if isinstance(node, dict):
            parts = [f"{json.dumps(k)}:{write(v, (*path, k))}" for k, v in node.items()]
            if path == target:
                parts.append(f"{json.dumps(key)}{colon}{json.dumps(value)}")
            return "{" + ",".join(parts) + "}"
        if isinstance(node, list):
            return "[" + ",".join(write(v, (*path, i)) for i, v in enumerate(node)) + "]"
        return json.dumps(node)

    return write(node, ())


def _at(node: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _pointer(path: tuple[str | int, ...]) -> str:
    return "".join(f"/{part}" for part in path)


def _colons_in_strings(node: Any) -> int:
    if isinstance(node, dict):
        return sum(key.count(":") + _colons_in_strings(v) for key, v in node.items())
    if isinstance(node, list):
        return sum(map(_colons_in_strings, node))
    return node.count(":") if isinstance(node, str) else 0


def _judgeable(path: Path) -> bool:
    try:
        parse_record(path.read_bytes())
    except InputError:
        return False
    return True


GOOD_FIXTURES = [p for p in JSON_FIXTURES if _judgeable(p)]


def _simulated(game: str, count: int = 3) -> list[dict[str, Any]]:
    return list(records(game, count, seed=11))


@pytest.mark.parametrize("path", GOOD_FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_models_hold_every_key_of_a_fixture(path: Path) -> None:
    """Keys counted = the text's colons less those inside strings: exact, so that a good
    record stays on the fast path, and never more, so that no repeated key can hide."""
    raw = path.read_bytes()
    data = json.loads(raw)
    assert keys_counted(parse_record(raw)) == raw.count(b":") - _colons_in_strings(data)
    assert keys_counted(validate_record(raw)) == raw.count(b":") - _colons_in_strings(data)


@pytest.mark.parametrize("game", GAMES)
def test_the_models_hold_every_key_of_a_simulated_record(game: str) -> None:
    for record in _simulated(game, 20):
        raw = json.dumps(record, separators=(",", ":")).encode()
        assert keys_counted(parse_record(raw)) == raw.count(b":")


def _cases(game: str) -> list[tuple[str, Any]]:
    """A few records of ``game``: simulated ones and every fixture (positions, starts,
    carried entries, rules), as decoded JSON."""
    cases = [(f"simulated-{i}", r) for i, r in enumerate(_simulated(game))]
    cases += [(p.stem, json.loads(p.read_bytes())) for p in GOOD_FIXTURES if p.parent.name == game]
    return cases


@pytest.mark.parametrize("game", GAMES)
def test_a_key_given_twice_in_any_object_is_refused_with_its_place(game: str) -> None:
    """Every kind of object and key of the game's records (simulated, and every fixture:
    starts, positions, tables, carried entries), and four places a record chosen by a seeded
    draw: the key written a second time with the same value (bytes), and
    with a value taken from another key of the object and spaces around the colon (text)."""
    rng = random.Random(f"twice-{game}")
    cases = _cases(game)
    chosen: list[tuple[str, Any, tuple[str | int, ...], str]] = []
    by_kind: dict[tuple[str, ...], list[tuple[str, Any, tuple[str | int, ...], str]]] = {}
    for name, data in cases:
        places = [(name, data, path, key) for path in _objects(data) for key in _at(data, path)]
        for place in places:
            _, _, path, key = place
            kind = (*(str(p) for p in path if isinstance(p, str)), key)
            by_kind.setdefault(kind, []).append(place)
        chosen += rng.sample(places, min(4, len(places)))
    chosen += [rng.choice(group) for group in by_kind.values()]
    for name, data, path, key in chosen:
        obj = _at(data, path)
        same = _written_twice(data, path, key, obj[key]).encode()
        other = _written_twice(data, path, key, rng.choice(list(obj.values())), " : ")
        for raw in (same, other):  # bytes, text
            with pytest.raises(InputError) as caught:
                parse_record(raw)
            error = caught.value
            where = f"{name} {_pointer(path)} {key!r}"
            assert "given twice" in error.message, where
            assert error.pointer == _pointer((*path, key)), where
            assert error.line == 1, where
    assert len(by_kind) > 30 and len(chosen) > 100


def test_the_message_names_the_key_and_the_line_of_its_second_value() -> None:
    record = _simulated("whist", 1)[0]
    play = next(i for i, e in enumerate(record["events"]) if e["type"] == "play")
    lines = json.dumps(record, indent=1).splitlines()
    card = json.dumps(record["events"][play]["card"])
    at = next(i for i, line in enumerate(lines) if line.strip() == f'"card": {card}')
    lines.insert(at, '  "card": "2C",')  # the second is the record's own, on the next line
    with pytest.raises(InputError) as caught:
        parse_record("\n".join(lines))
    column = lines[at + 1].index('"card"') + len('"card": ') + 1
    assert str(caught.value.problems[0]) == (
        f'{at + 2}:{column}: /events/{play}/card: the key "card" is given twice in this object:'
        " give each key once"
    )


def test_every_key_given_twice_is_reported() -> None:
    record = _simulated("bezique", 1)[0]
    text = json.dumps(record, separators=(",", ":"))
    text = text.replace('"game":', '"game":"bezique","game":', 1)
    text = text.replace('"A":', '"A":"x","A":', 1)  # the players' first key
    with pytest.raises(InputError) as caught:
        parse_record(text)
    assert [p.pointer for p in caught.value.problems] == ["/game", "/players/A"]


def test_colons_in_strings_and_spaces_before_colons_are_not_taken_for_repeated_keys() -> None:
    """They make the counts differ, so the record is decoded again: it is good, and it is
    judged exactly as the same record written without them."""
    for game in GAMES:
        record = _simulated(game, 1)[0]
        plain = render_json(adjudicate(parse_record(json.dumps(record))))
        spaced = json.dumps(record, separators=(" , ", " : "), indent=2)
        assert render_json(adjudicate(parse_record(spaced))) == plain
        record["meta"]["time"] = "19:30"
        record["meta"]["a:b"] = "x"
        record["events"][-1]["note"] = '"card": "QS"'
        ruling = json.loads(render_json(adjudicate(parse_record(json.dumps(record)))))
        assert ruling["meta"]["time"] == "19:30"


def test_a_validator_that_adds_keys_never_makes_the_count_larger() -> None:
    """Keys a validator adds were not in the text: the counter leaves them out (a field
    validator's dict) or gives up (a model validator that sees the input), so that the count
    can only fall short and send the record to the Python decoder."""
    from pydantic import BaseModel, field_validator, model_validator

    class Filled(BaseModel):
        score: dict[str, int]

        @field_validator("score")
        @classmethod
        def _both(cls, value: dict[str, int]) -> dict[str, int]:
            return {"NS": value.get("NS", 0), "EW": value.get("EW", 0)}

    class Before(BaseModel):
        a: int = 0
        b: int = 0

        @model_validator(mode="before")
        @classmethod
        def _add(cls, value: Any) -> Any:
            return {**value, "b": 1}

    assert keys_counted(Filled.model_validate_json('{"score": {"NS": 1}}')) <= 2
    assert keys_counted(Before.model_validate_json('{"a": 1}')) < 1
