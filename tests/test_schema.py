"""The published schemas are the contract for users in other languages: generated, committed, checked."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from adjudicator import adjudicate, load_record, render_json
from adjudicator.schema import SCHEMA_FILES, schema_text
from tests.conftest import FIXTURES, ROOT

RECORDS = sorted(FIXTURES.glob("*/*.json"))


@pytest.mark.parametrize("which", ["record", "ruling"])
def test_committed_schema_matches_the_models(which: str) -> None:
    committed = (ROOT / "schemas" / SCHEMA_FILES[which]).read_text("utf-8")
    assert committed == schema_text(which), (  # type: ignore[arg-type]
        f"schemas/{SCHEMA_FILES[which]} is stale: run "
        f"`adjudicator schema {which} > schemas/{SCHEMA_FILES[which]}`"
    )


@cache
def _validator(which: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((ROOT / "schemas" / SCHEMA_FILES[which]).read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_every_fixture_is_valid_against_the_committed_record_schema(path: Path) -> None:
    _validator("record").validate(json.loads(path.read_text("utf-8-sig")))


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_every_ruling_is_valid_against_the_committed_ruling_schema(path: Path) -> None:
    ruling = json.loads(render_json(adjudicate(load_record(path))))
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
