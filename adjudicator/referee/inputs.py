"""What a referee is given, validated as a record's fields are: the header, then each event.

Why the record's own models and checks: an event pushed is the event it would be in a
record, so a bad one is the same ``InputError`` with the same message, at the pointer it
would have in the record (``/events/17/card``), and a good one is the same frozen model.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, get_args

from pydantic import BaseModel, TypeAdapter, ValidationError

from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.games.registry import GAMES
from adjudicator.record.envelope import AnyRecord
from adjudicator.record.load import MAX_EVENTS, _check_depth, _input_error, parse_record
from adjudicator.record.refs import ref_problems

#: Each game's record model (``games.registry``).
_RECORDS: tuple[type[BaseModel], ...] = tuple(g.part("record") for g in GAMES.values())
#: Each game's events, as its record model declares them (``list[WhistEvent]``).
_EVENT_TYPES: dict[str, Any] = {
    name: get_args(g.part("record").model_fields["events"].annotation)[0]
    for name, g in GAMES.items()
}
_EVENTS: dict[str, TypeAdapter[Any]] = {
    name: TypeAdapter(events) for name, events in _EVENT_TYPES.items()
}
#: Their validators, called directly at each push (the adapter's method only passes its
#: defaults on).
_VALIDATE: dict[str, Callable[[Any], Any]] = {
    name: adapter.validator.validate_python for name, adapter in _EVENTS.items()
}
#: The event models of each game: one of these is taken as it is (models are frozen facts).
_MODELS: dict[str, tuple[type, ...]] = {
    name: get_args(get_args(events)[0]) for name, events in _EVENT_TYPES.items()
}


def header_of(header: Mapping[str, Any] | AnyRecord) -> AnyRecord:
    """The record's fields other than its events, validated as a record's (with no events).
    Raises ``InputError``."""
    if isinstance(header, _RECORDS):  # a record model of any game
        if header.events:
            raise InputError("/events", _NO_EVENTS)
        return header
    if not isinstance(header, Mapping):
        raise InputError("", f"a header is a dict or a record model, not {type(header).__name__}")
    if header.get("events"):
        raise InputError("/events", _NO_EVENTS)
    return parse_record({**header, "events": []})


_NO_EVENTS = "a referee starts with no events: push each one (Referee.push)"


#: The cards played and drawn, validated once: the model of an event ``{"type": ..., "seat":
#: ..., "card": ...}`` of three texts, by the game and the three. An event model is frozen and
#: its validation a function of its fields alone (no context is given here), so the same
#: fields give an equal model: taken again, not validated again. Nine events in ten are
#: cards, and a card-room's server pushes the same few hundred over and over. Bounded
#: (``_CARDS_KEPT``): a program pushing odd spellings cannot grow it for ever.
_CARDS: dict[tuple[str, str, str, str], Any] = {}
_CARDS_KEPT = 8192
#: The models ``_CARDS`` holds, by identity: a card of three fields names no other event
#: (no ``id``, ``ref`` or ``carried``), so ``check_ref`` has nothing to check in it.
_CARD_MODELS: set[int] = set()


def event_of(game: str, index: int, event: Any) -> Any:
    """``event`` (a dict or an event model) as the event model it would be at ``index`` of a
    record of ``game``. Raises ``InputError`` with the pointer it would have there."""
    if index >= MAX_EVENTS:
        raise InputError("/events", f"{index + 1:,} events: at most {MAX_EVENTS:,} are judged")
    if type(event) is dict:
        key = _card_key(game, event)
        if key is not None:
            model = _CARDS.get(key)
            if model is None:
                model = _event_of(game, index, event)
                if len(_CARDS) < _CARDS_KEPT:
                    _CARDS[key] = model
                    _CARD_MODELS.add(id(model))
            return model
    return _event_of(game, index, event)


def _card_key(game: str, event: dict[str, Any]) -> tuple[str, str, str, str] | None:
    """The key of an event of three texts, type, seat and card (a play, a draw); else None."""
    if len(event) != 3:
        return None
    kind, seat, card = event.get("type"), event.get("seat"), event.get("card")
    if type(kind) is str and type(seat) is str and type(card) is str:
        return game, kind, seat, card
    return None


def _event_of(game: str, index: int, event: Any) -> Any:
    """``event_of``, without the cards kept (``_CARDS``)."""
    if type(event) is dict and _plain(event):  # nearly every event: straight to pydantic
        return _validated(game, index, event)
    if type(event) in _MODELS[game]:
        return event
    if isinstance(event, BaseModel):  # another game's, or another kind of model
        event = event.model_dump(by_alias=True, exclude_unset=True)
    elif isinstance(event, Mapping) and not _plain(event):
        try:
            _check_depth(dict(event))
        except InputError as error:
            raise _under(pointer_of("events", index), error) from None
    return _validated(game, index, dict(event) if isinstance(event, Mapping) else event)


def _validated(game: str, index: int, event: Any) -> Any:
    """``event`` validated as an event of ``game``, or its problems at its pointer."""
    try:
        return _VALIDATE[game](event)
    except ValidationError as exc:
        raise _under(pointer_of("events", index), _input_error(exc, event)) from None


def _plain(event: Mapping[str, Any], nested: bool = True) -> bool:
    """Whether an event given as a dict is ASCII text and numbers, in lists of text and (with
    ``nested``) in one level of objects of them (a deal's hands): nothing there for the
    record's walk (``_check_depth``: depth, lone surrogates)."""
    for key, value in event.items():
        kind = type(value)
        if type(key) is not str or not key.isascii():
            return False
        if kind is str:
            if not value.isascii():
                return False
        elif kind is list:
            if not _ascii_texts(value):
                return False
        elif kind is dict:
            if not (nested and _plain(value, nested=False)):
                return False
        elif not (value is None or kind is int or kind is bool):
            return False
    return True


def _ascii_texts(items: list[Any]) -> bool:
    """Whether every item is ASCII text (joined and checked at once, in C)."""
    try:
        return "".join(items).isascii()
    except TypeError:  # (an item that is not text)
        return False


def _under(where: str, error: InputError) -> InputError:
    """The problems of one event, at its place in the record."""
    return InputError.of(
        [Problem(where + p.pointer, p.message) for p in error.problems], error.total
    )


def check_ref(game: str, events: list[Any], ids: dict[str, int]) -> Any:
    """The last of ``events`` with its ``id`` and ``ref`` checked as a record's are, and a
    ``ref`` by id resolved to the index it names. A ``ref`` may name only an event pushed
    before (a record may name a later one; a referee does not know it yet). Raises
    ``InputError``."""
    index = len(events) - 1
    event = events[index]
    if id(event) in _CARD_MODELS:
        return event  # (a card kept: nothing to check)
    fields = event.__dict__  # (a model's fields: read here without pydantic's slow misses)
    if fields.get("id") is None and fields.get("ref") is None and fields.get("carried") is None:
        return event  # nearly every event: nothing to check
    problems: list[Problem] = []
    if event.id is not None and event.id in ids:
        problems.append(
            Problem(
                pointer_of("events", index, "id"),
                f"the id {json.dumps(event.id)} is already the id of event "
                f"{ids[event.id]}: ids must be unique",
            )
        )
    ref = getattr(event, "ref", None)
    if isinstance(ref, int) and ref > index:
        problems.append(
            Problem(
                pointer_of("events", index, "ref"),
                f"there is no event {ref} yet: a pushed event may name only an event pushed"
                f" before it (0 to {index - 1})",
            )
        )
    else:
        found, target = ref_problems(index, events, ids, game)
        problems += found
        if isinstance(ref, str) and target is not None and not found:
            event = event.model_copy(update={"ref": target})
    if problems:
        raise InputError.of(problems)
    return event
