"""The published schemas are the contract for users in other languages: generated, committed, checked."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema.validators
import pytest

from adjudicator import render_json
from adjudicator.schema import SCHEMA_FILES, schema_text
from tests.conftest import FIXTURES, ROOT, ruling_of

RECORDS = sorted(FIXTURES.glob("*/*.json"))


@pytest.mark.parametrize("which", ["record", "ruling"])
def test_committed_schema_matches_the_models(which: str) -> None:
    committed = (ROOT / "schemas" / SCHEMA_FILES[which]).read_text("utf-8")
    assert committed == schema_text(which), (  # type: ignore[arg-type]
        f"schemas/{SCHEMA_FILES[which]} is stale: run "
        f"`adjudicator schema {which} > schemas/{SCHEMA_FILES[which]}`"
    )


def _one_of(validator: Any, one_of: Any, instance: Any, schema: dict[str, Any]) -> Any:
    """``oneOf`` with the ``discriminator`` beside it read as OpenAPI (and pydantic, which
    writes it) mean it: the tag picks the branch. Plain ``oneOf`` tries every kind of event
    for every event (a Rubicon deal took a second); a tag the mapping lacks is left to it."""
    tag = schema.get("discriminator")
    if tag and isinstance(instance, dict) and instance.get(tag["propertyName"]) in tag["mapping"]:
        yield from validator.descend(
            instance, {"$ref": tag["mapping"][instance[tag["propertyName"]]]}
        )
        return
    yield from _PLAIN_ONE_OF(validator, one_of, instance, schema)


_PLAIN_ONE_OF = jsonschema.Draft202012Validator.VALIDATORS["oneOf"]
_Tagged = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"oneOf": _one_of})


@cache
def _validator(which: str, tagged: bool = True) -> Any:
    schema = json.loads((ROOT / "schemas" / SCHEMA_FILES[which]).read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return (_Tagged if tagged else jsonschema.Draft202012Validator)(schema)


@pytest.mark.parametrize("game", ["whist", "bezique", "rubicon-bezique"])
def test_the_tagged_reading_agrees_with_plain_one_of(game: str) -> None:
    """The discriminator's reading changes no verdict: the smallest fixture of each game, and
    the same with a card spoilt, are judged alike by plain ``oneOf``."""
    path = min((FIXTURES / game).glob("*.json"), key=lambda p: p.stat().st_size)
    record = json.loads(path.read_text("utf-8-sig"))
    plain, tagged = _validator("record", tagged=False), _validator("record")
    assert plain.is_valid(record) and tagged.is_valid(record)
    spoilt = json.loads(json.dumps(record).replace('"card": "', '"card": "X', 1))
    assert not plain.is_valid(spoilt) and not tagged.is_valid(spoilt)


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_every_fixture_is_valid_against_the_committed_record_schema(path: Path) -> None:
    _validator("record").validate(json.loads(path.read_text("utf-8-sig")))


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_every_ruling_is_valid_against_the_committed_ruling_schema(path: Path) -> None:
    ruling = json.loads(render_json(ruling_of(path)))
    _validator("ruling").validate(ruling)


def test_the_record_schema_rejects_what_the_loader_rejects() -> None:
    validator = _validator("record")
    record = {
        "format": "hand-record/1",
        "game": "whist",
        "players": {"N": "a", "E": "b", "S": "c", "W": "d"},
        "events": [{"type": "play", "seat": "N", "card": "XS"}],
    }
    assert not validator.is_valid(record)
    record["events"] = [{"type": "play", "seat": "N", "card": "10h"}]
    assert validator.is_valid(record)
    record["rules"] = {"code": "english-1900", "bogus": True}
    assert not validator.is_valid(record)
