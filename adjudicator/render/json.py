"""The machine view: the ruling as ruling/1 JSON, deterministic so it snapshots and diffs."""

from __future__ import annotations

from adjudicator.ruling.model import Ruling


def render_json(ruling: Ruling) -> str:
    """Two-space indented JSON with a final newline; field order is the model's."""
    return ruling.model_dump_json(indent=2, by_alias=True) + "\n"
