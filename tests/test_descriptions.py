"""Every field of the public models has a description, so that ``help(Ruling)`` and the
published schemas explain themselves (issue 18, part 5)."""

from __future__ import annotations

import pydoc
import typing

from pydantic import BaseModel

from adjudicator.record.bezique import BeziqueRecord, RubiconRecord
from adjudicator.record.whist import WhistRecord
from adjudicator.ruling.model import Ruling


def _models(model: type[BaseModel], seen: set[type[BaseModel]]) -> None:
    """``model`` and every model its fields hold, however nested in lists, dicts, unions."""
    if model in seen:
        return
    seen.add(model)
    for field in model.model_fields.values():
        stack: list[object] = [field.annotation]
        while stack:
            kind = stack.pop()
            stack.extend(typing.get_args(kind))
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                _models(kind, seen)


def test_every_field_of_the_record_and_ruling_models_has_a_description() -> None:
    seen: set[type[BaseModel]] = set()
    for root in (WhistRecord, BeziqueRecord, RubiconRecord, Ruling):
        _models(root, seen)
    assert len(seen) > 40
    missing = [
        f"{model.__module__}.{model.__qualname__}.{name}"
        for model in seen
        for name, field in model.model_fields.items()
        if not field.description
    ]
    assert sorted(missing) == []


def test_help_shows_each_fields_description() -> None:
    text = pydoc.render_doc(Ruling, renderer=pydoc.plaintext)
    assert "findings: every irregularity and fact worth knowing" in text
    assert "The adjudicator's ruling on one record." in text
    assert "Fields:" not in (Ruling.model_json_schema().get("description") or "")
