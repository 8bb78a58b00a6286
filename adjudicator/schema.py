"""JSON Schemas generated from the models: what ``adjudicator schema`` prints and CI diffs."""

from __future__ import annotations

import json
from typing import Any, Literal

from adjudicator.record.envelope import RecordAdapter
from adjudicator.ruling.model import Ruling

SCHEMA_FILES = {"record": "hand-record.schema.json", "ruling": "ruling.schema.json"}


def schema_of(which: Literal["record", "ruling"]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of hand-record/1 or ruling/1."""
    if which == "record":
        schema = RecordAdapter.json_schema(by_alias=True)
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
