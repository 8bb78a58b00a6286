"""Both ways between JSON and HRN, through the record's canonical form.

The canonical form is what the record's models make of it: cards canonical (``10H``),
the fields as given (no defaults added), keys in a fixed order (the envelope's; in each
event ``type`` first, ``note`` last). Converting either way is the identity on it.
"""

from __future__ import annotations

import json
from typing import Any

from adjudicator.errors import InputError
from adjudicator.notation.reader import Notation, looks_like_notation, read_notation
from adjudicator.notation.writer import write_notation
from adjudicator.record.load import decode_json, parse_record

_ENVELOPE = ("format", "game", "rules", "players", "start", "meta", "events")


def canonical_record(data: dict[str, Any]) -> dict[str, Any]:
    """The canonical form of a record given as data. Raises ``InputError`` if it is invalid."""
    dumped = parse_record(data).model_dump(mode="json", by_alias=True, exclude_unset=True)
    ordered = {key: dumped[key] for key in _ENVELOPE if key in dumped}
    ordered["events"] = [_event_order(event) for event in dumped.get("events", [])]
    return ordered


def _event_order(event: dict[str, Any]) -> dict[str, Any]:
    first = {key: event[key] for key in ("type", "id") if key in event}
    middle = {k: v for k, v in event.items() if k not in ("type", "id", "note")}
    return first | middle | ({"note": event["note"]} if "note" in event else {})


def format_json(record: dict[str, Any]) -> str:
    """The record as JSON text: two-space indentation, one event to a line."""
    lines = ["{"]
    items = list(record.items())
    for number, (key, value) in enumerate(items):
        comma = "," if number < len(items) - 1 else ""
        if key == "events" and value:
            lines.append('  "events": [')
            for position, event in enumerate(value):
                tail = "," if position < len(value) - 1 else ""
                lines.append("    " + json.dumps(event, ensure_ascii=False) + tail)
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    return "\n".join([*lines, "}"]) + "\n"


def read_any(raw: bytes, name: str = "") -> tuple[dict[str, Any], Notation | None]:
    """A record's data from JSON or HRN (by the ``.hrn`` extension or by content), with the
    notation's positions when it was HRN. Raises ``InputError``."""
    if name.endswith(".hrn") or looks_like_notation(raw):
        notation = read_notation(raw)
        return notation.data, notation
    data = decode_json(raw)
    if not isinstance(data, dict):
        raise InputError("", "a hand record must be a JSON object")
    return data, None


def convert(raw: bytes, to: str, name: str = "") -> str:
    """``adjudicator convert``: the record in ``to`` (``json`` or ``text``), canonical."""
    data, _ = read_any(raw, name)
    record = canonical_record(data)
    return format_json(record) if to == "json" else write_notation(record)
