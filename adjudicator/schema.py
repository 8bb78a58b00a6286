"""JSON Schemas generated from the models: what ``adjudicator schema`` prints and CI diffs."""

from __future__ import annotations

import json
from typing import Any, Literal

from adjudicator.record.envelope import RecordAdapter
from adjudicator.record.events import MAX_STRING
from adjudicator.ruling.model import Ruling

SCHEMA_FILES = {"record": "hand-record.schema.json", "ruling": "ruling.schema.json"}


def schema_of(which: Literal["record", "ruling"]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of hand-record/1 or ruling/1."""
    if which == "record":
        schema = _without_string_limit(RecordAdapter.json_schema(by_alias=True))
        schema["$comment"] = f"every string of a record is at most {MAX_STRING:,} characters"
        title, ident = "hand-record/1", "hand-record.schema.json"
    else:
        schema = Ruling.model_json_schema(by_alias=True, mode="serialization")
        title, ident = "ruling/1", "ruling.schema.json"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": ident,
        "title": title,
        **{k: v for k, v in schema.items() if k != "title"},
    }


def schema_text(which: Literal["record", "ruling"]) -> str:
    return json.dumps(schema_of(which), indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def _without_string_limit(node: Any) -> Any:
    """The schema without the models' blanket string limit (``str_max_length``): pydantic
    2.14 writes it on every string and 2.13 on none, so the committed schema states it once,
    in a comment, and stays the same whichever pydantic generates it."""
    if isinstance(node, list):
        return [_without_string_limit(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        key: _without_string_limit(value)
        for key, value in node.items()
        if not (key == "maxLength" and value == MAX_STRING)
        and not (key == "propertyNames" and value == {"maxLength": MAX_STRING})
    }
