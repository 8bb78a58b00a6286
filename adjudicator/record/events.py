"""Building blocks shared by every game's events: the card field and the strict base."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Self, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)

from adjudicator.cards import CARD_PATTERN, Card
from adjudicator.fielddocs import Documented

#: A card in a record: lenient on input (``th``, ``T♥``), canonical on output (``10H``).
CardField = Annotated[
    Card,
    WithJsonSchema(
        {
            "type": "string",
            "pattern": CARD_PATTERN,
            "description": "rank then suit: A K Q J 10 9 8 7 6 5 4 3 2 (T for ten) and S H D C "
            "(or ♠ ♥ ♦ ♣), any case; written back as 10H, QS",
        }
    ),
]


#: The largest number a record may hold (points, values, scores): far beyond any game's, small
#: enough that no arithmetic or printing of it is slow (a limit stated in the README).
MAX_NUMBER = 10**9
#: The longest string a record may hold (a name, a note, a meta value), in characters.
MAX_STRING = 100_000

#: A whole number of a record: points, a value, a target.
Number = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
#: A whole number that cannot be negative.
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]


#: An event's label (an addition to hand-record/1): letters, digits, ``_ . -``, no digit first.
ID_PATTERN = r"^[A-Za-z_.-][A-Za-z0-9_.-]*$"
_ID = re.compile(ID_PATTERN)
_T = TypeVar("_T")


def _check_id(value: str, info: ValidationInfo) -> str:
    if not _ID.match(value):
        raise ValueError(
            f"{json.dumps(value, ensure_ascii=False)} is not an id: letters, digits, _ . -,"
            " not starting with a digit"
        )
    context = info.context
    if type(context) is Seen:
        context.ids = True
    return _refers(value, info)


def _refers(value: _T, info: ValidationInfo) -> _T:
    """Note in ``load``'s context (``Seen.refers``) that the record gives an ``id``, a ``ref``
    or a ``carried``: a record with none has no reference to check."""
    context = info.context
    if type(context) is Seen:
        context.refers = True
    return value


#: An index into ``events`` (a ``ref``) or into a list a position carries (``carried``),
#: noted in ``load``'s context as ``_refers`` says.
RefIndex = Annotated[int, Field(ge=0, le=MAX_NUMBER), AfterValidator(_refers)]


#: An event's ``id``: a label that ``ref`` may name, so that references do not shift when an
#: event is inserted.
EventId = Annotated[
    str,
    AfterValidator(_check_id),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": ID_PATTERN,
            "description": "a label for this event, unique in the record, that a ref may name:"
            " letters, digits, _ . -, not starting with a digit",
        }
    ),
]

#: A ``ref``: the event's index in ``events`` (counted from 0) or its ``id``. The loader
#: resolves ids to indices, so the games read integers only.
Ref = RefIndex | EventId


class Strict(Documented, BaseModel):
    """Unknown fields are an error; models are frozen facts."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, str_max_length=MAX_STRING)


def _noted(value: str, info: ValidationInfo) -> str:
    """Note in ``load``'s context (``Seen.notes``) that the record gives a note."""
    context = info.context
    if type(context) is Seen:
        context.notes = True
    return value


class EventBase(Strict):
    """Fields every event may carry."""

    note: Annotated[str, AfterValidator(_noted)] | None = Field(
        default=None, description="free text, kept in the report"
    )
    id: EventId | None = Field(
        default=None,
        description="a label for this event, unique in the record, that a ref may name (an addition to hand-record/1)",
    )


class Seen(list[Any]):
    """The validation context ``load`` gives pydantic: each ``NestedEvent`` validated appends
    itself, so that counting a record's keys (``record.keys``) need not look through every
    flat event for the few that hold objects; and ``refers`` is set when an event gives an
    ``id``, a ``ref`` or a ``carried`` (``_refers``), so that a record with none skips the
    reference check without scanning its text; ``ids`` is set when an event gives an ``id``
    (``_check_id``), so that the check need not look at every event for one. ``notes`` and
    ``answered`` (``_noted``, ``Answered``) go with the events (``Events``), for the ruling."""

    refers: bool = False
    ids: bool = False
    notes: bool = False
    answered: frozenset[str] = frozenset()


class Events(list[Any]):
    """A record's events as validated with ``load``'s context: a list, which also knows
    whether any event has a note (``notes``) and which kinds of ``Answered`` event it holds
    (``answered``), so that the ruling need not look through every event for the few that
    say so (a walk costs a slow attribute read an event: a model class has ``__getattr__``).
    Both are None when unknown (validated without the context): then the ruling looks."""

    __slots__ = ("answered", "notes")
    notes: bool | None
    answered: frozenset[str] | None

    def replaced(self, items: list[Any]) -> Events:
        """These events with some replaced by the same kind of event (``items``), so what is
        known stays true: a ``ref`` by id resolved to an index (``refs.check_refs``)."""
        out = Events(items)
        out.notes, out.answered = self.notes, self.answered
        return out

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        """Copied or pickled as a plain list (what is known goes: the ruling then looks)."""
        return list, (list(self),)


def as_events(events: list[Any], info: ValidationInfo) -> Events:
    """A record's validated events as ``Events``, with what the validation context saw."""
    out = Events(events)
    context = info.context
    if type(context) is Seen:
        out.notes, out.answered = context.notes, context.answered
    else:
        out.notes = out.answered = None
    return out


class Answered(EventBase):
    """An event the decision answers (a claim, a penalty chosen, an amendment, a call): its
    type is noted in ``load``'s context (``Seen.answered``)."""

    @model_validator(mode="after")
    def answered(self, info: ValidationInfo) -> Self:
        context = info.context
        if type(context) is Seen:
            context.answered |= {self.type}  # type: ignore[attr-defined]
        return self


class NestedEvent(EventBase):
    """An event whose fields hold objects (a deal's hands, a position's tables): the only
    events whose keys are more than their own fields."""

    @model_validator(mode="after")
    def seen(self, info: ValidationInfo) -> Self:
        if type(info.context) is Seen:
            info.context.append(self)
        return self
