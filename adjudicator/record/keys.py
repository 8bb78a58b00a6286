"""A key given twice in one JSON object, found without decoding the record a second time.

pydantic-core's JSON parser keeps the last of two equal keys in silence, so the fast path of
``load`` cannot see one. It can count instead. In JSON text every key is followed by a colon,
so ``colons >= keys written >= distinct keys >= keys counted`` (the models hold at most one
field or dict entry per distinct key; ``keys_counted`` never counts more). When the text's
colons equal the keys the validated models hold, every step is an equality: no key was
written twice (and no string holds a colon). Anything else, a colon in a note for one, is
decoded again in Python, which decides (``load._no_duplicates``).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from adjudicator.record.events import NestedEvent

#: Counts the JSON object keys behind a validated value.
Counter = Callable[[Any], int]

_FIELDS_SET = attrgetter("__pydantic_fields_set__")
#: Per model class: the fields that may hold objects, each with its counter.
_TABLES: dict[type[BaseModel], tuple[tuple[str, Counter], ...]] = {}
#: Per model class: ``_TABLES``' row, lists of events counted flat (``_flat_table``).
_FLAT_TABLES: dict[type[BaseModel], tuple[tuple[str, Counter], ...]] = {}
#: An events counter -> its flat form, for lists whose only deep events are ``NestedEvent``s.
_FLAT: dict[Counter, Counter] = {}
#: Counted as fewer keys than any record has: the text is then decoded again in Python.
_UNKNOWN = -(10**12)


def keys_counted(record: BaseModel, nested: Sequence[BaseModel] | None = None) -> int:
    """The keys of the JSON objects that ``record`` was validated from, as its models hold
    them: the number written when no key was repeated, fewer otherwise.

    ``nested``: the ``NestedEvent`` models validated with the record (``events.Seen``, the
    validation context); given, the flat events are counted in one pass in C and only
    these looked into, instead of a second pass over every event to find them."""
    if nested is None:
        return _model(record)
    cls = type(record)
    table = _FLAT_TABLES.get(cls)
    count = _counted(record, _flat_table(cls) if table is None else table)
    # each counted once (a list of one, the common case, needs no check)
    unique = nested if len(nested) < 2 else {id(model): model for model in nested}.values()
    for model in unique:
        count += _model(model) - len(model.__pydantic_fields_set__)
    return count


def _model(model: BaseModel) -> int:
    table = _TABLES.get(type(model))
    return _counted(model, _table(type(model)) if table is None else table)


def _counted(model: BaseModel, table: tuple[tuple[str, Counter], ...]) -> int:
    """The keys of ``model``: its own fields given, and those of the values ``table`` names."""
    given = model.__pydantic_fields_set__
    count = len(given)
    for name, counter in table:
        if name in given:
            count += counter(getattr(model, name))
    return count


def _table(cls: type[BaseModel]) -> tuple[tuple[str, Counter], ...]:
    table = _TABLES.get(cls)
    if table is None:
        table = _build(cls)
        _TABLES[cls] = table
    return table


def _flat_table(cls: type[BaseModel]) -> tuple[tuple[str, Counter], ...]:
    """``_table`` with each list of events counted without its ``NestedEvent``s (``keys_counted``
    adds them from the validation context)."""
    table = _FLAT_TABLES.get(cls)
    if table is None:
        table = tuple((name, _FLAT.get(counter, counter)) for name, counter in _table(cls))
        _FLAT_TABLES[cls] = table
    return table


def _build(cls: type[BaseModel]) -> tuple[tuple[str, Counter], ...]:
    decorators = cls.__pydantic_decorators__
    if any(d.info.mode != "after" for d in decorators.model_validators.values()):
        # A validator that sees the input dict may add keys: any field given proves nothing.
        return tuple((name, _unknown) for name in cls.model_fields)
    rewritten = {name for d in decorators.field_validators.values() for name in d.info.fields}
    table: list[tuple[str, Counter]] = []
    for name, field in cls.model_fields.items():
        counter = _counter(field.annotation)
        if counter is not None:
            # A field validator may return a dict with keys the text lacked: count none of them.
            table.append((name, _none if name in rewritten else counter))
    return tuple(table)


def _none(_: Any) -> int:
    return 0


def _unknown(_: Any) -> int:
    return _UNKNOWN


def _counter(annotation: Any) -> Counter | None:
    """How to count the keys behind a value of this type; None when it can hold no object."""
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return _counter(args[0])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model
    if origin is dict:
        inner = _counter(args[1])
        if inner is None:
            return len
        count_value: Callable[[Any], int] = inner  # (not None: a closure keeps no narrowing)
        return lambda mapping: len(mapping) + sum(map(count_value, mapping.values()))
    if origin is list:
        (item,) = args
        models = _models(item)
        if models:
            return _events_counter(models)
        inner = _counter(item)
        if inner is None:
            return None
        return lambda items: sum(map(inner, items))
    if origin in (Union, types.UnionType):
        if all(_counter(arg) is None for arg in args):
            return None
        return _any
    return None


def _models(annotation: Any) -> tuple[type[BaseModel], ...]:
    """The model classes of a union of models (a list of events), else ()."""
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    if get_origin(annotation) not in (Union, types.UnionType):
        return ()
    args = get_args(annotation)
    if all(isinstance(a, type) and issubclass(a, BaseModel) for a in args):
        return args
    return ()


def _events_counter(classes: tuple[type[BaseModel], ...]) -> Counter:
    """A list of models, most of them flat (the events): their own keys counted in one pass
    in C, and only the few that hold objects (deals, positions) looked into."""
    deep = frozenset(cls for cls in classes if _table(cls))

    def count(items: list[BaseModel]) -> int:
        total = sum(map(len, map(_FIELDS_SET, items)))
        for model in compress(items, map(deep.__contains__, map(type, items))):
            total += _model(model) - len(model.__pydantic_fields_set__)
        return total

    if all(issubclass(cls, NestedEvent) for cls in deep):
        _FLAT[count] = _flat
    return count


def _flat(items: list[BaseModel]) -> int:
    """The keys of a list of events, each counted as its own fields (``_FLAT``)."""
    return sum(map(len, map(_FIELDS_SET, items)))


def _any(value: Any) -> int:
    """A value of a union: counted by what it turns out to be."""
    if isinstance(value, BaseModel):
        return _model(value)
    if isinstance(value, dict):
        return len(value) + sum(map(_any, value.values()))
    if isinstance(value, list):
        return sum(map(_any, value))
    return 0
