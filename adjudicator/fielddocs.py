"""Each field's description in its model's docstring, so that ``help(Ruling)`` shows them.

Why: pydantic keeps a field's description in the JSON schema only; ``help`` reads the
class docstring. The published schema stays as it was: the model's own docstring (or
none) is kept there, the list of fields is for ``help`` alone.
"""

from __future__ import annotations

import inspect
from typing import Any


def document_fields(model: Any) -> None:
    """Append ``Fields:`` and each described field (by its name in JSON) to ``model``'s
    docstring; the schema keeps the docstring as it was."""
    own = model.__dict__.get("__doc__")
    lines = [
        f"    {field.alias or name}: {field.description}"
        for name, field in model.model_fields.items()
        if field.description
    ]
    if not lines:
        return
    original = inspect.cleandoc(own) if own else None

    def schema_description(schema: dict[str, Any]) -> None:
        if original is None:
            schema.pop("description", None)
        else:
            schema["description"] = original

    model.model_config["json_schema_extra"] = schema_description
    model.__doc__ = (original or model.__name__) + "\n\nFields:\n" + "\n".join(lines) + "\n"


class Documented:
    """A base for pydantic models: each subclass, once built, gets ``document_fields``."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)  # type: ignore[misc]
        document_fields(cls)


def absent_if_none(description: str) -> Any:
    """A field that defaults to None and is left out of the JSON when None: an addition to a
    published shape that most objects do not have (their JSON stays as it was)."""
    from pydantic import Field

    return Field(default=None, exclude_if=_is_none, description=description)


def _is_none(value: object) -> bool:
    return value is None
