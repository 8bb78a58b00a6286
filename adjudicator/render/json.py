"""The machine view: the ruling as ruling/1 JSON, deterministic so it snapshots and diffs."""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as _quoted

from adjudicator.ruling.model import Ruling


def render_json(ruling: Ruling) -> str:
    """Two-space indented JSON with a final newline; field order is the model's."""
    return ruling.model_dump_json(indent=2, by_alias=True) + "\n"


def render_json_line(ruling: Ruling, source: str) -> str:
    """One line of JSON Lines: ``{"source": ..., "ruling": {...}}``, compact, newline-ended."""
    # (``_quoted`` is what ``json.dumps`` does with a string, without its Python layers)
    return f'{{"source": {_quoted(source)}, "ruling": {ruling.model_dump_json(by_alias=True)}}}\n'


def render_error_line(source: str, message: str) -> str:
    """The JSON Lines entry of a record that could not be judged."""
    return json.dumps({"source": source, "error": message}) + "\n"
