"""Event ids and the references that name them (``ref``): checked, then resolved to indices.

A ``ref`` names an event by its index in ``events`` or by its ``id``. Every reference must
name an event that exists and is of a kind the referring event can be about (``REF_KINDS``):
a wrong one is an input error, never a silent re-reading. Whether the event named comes
before or after is for the games to rule on (a claim about a revoke not yet made is a
finding), so a forward reference passes here. Ids are resolved to indices once, after
validation, so the games read integer refs only.
"""

from __future__ import annotations

import json
from itertools import compress, count, repeat
from typing import TYPE_CHECKING, Any

from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.record.events import EventBase, Events

if TYPE_CHECKING:
    from adjudicator.record.envelope import AnyRecord

#: What an event of each kind may name with ``ref``: (game family, type, kind or ``for``) ->
#: the events it may point at, as (type, must carry points). An event whose key is absent
#: (a count of brisques, a score for the seven...) names no event.
REF_KINDS: dict[tuple[str, str, str | None], tuple[tuple[str, bool], ...]] = {
    # whist: a revoke claim names the renouncing play (WHIST-REVOKE-6, -7)
    ("whist", "claim", "revoke"): (("play", False),),
    # whist: a mark written later for an earlier deal names that deal (WHIST-HONOURS-4)
    ("whist", "score", "tricks"): (("deal", False), ("position", False)),
    ("whist", "score", "penalty"): (("deal", False), ("position", False)),
    ("whist", "score", "honours"): (("deal", False), ("position", False), ("honours", False)),
    # Bézique: a declaration announced "to score" is scored later by a score naming it, or
    # naming the position that carries it (with ``carried``: ``_carried``)
    ("bezique", "score", "declaration"): (("declare", False), ("position", False)),
    # a challenge of a declaration names it, or the score of the carried declaration
    ("bezique", "claim", "irregular-declaration"): (("declare", False), ("score", False)),
    # a challenge of a mark names the mark: a score, a declaration (a carried one through its
    # later score), or an exchange of the seven that marked points
    ("bezique", "claim", "score"): (("score", False), ("declare", False), ("exchange", True)),
    # an end-play claim names the card complained of
    ("bezique", "claim", "revoke"): (("play", False),),
    # an amendment of a false declaration, and the call of one of its cards, name it
    ("bezique", "amend", None): (("declare", False),),
    ("bezique", "call", None): (("declare", False),),
}

_FAMILY = {"whist": "whist", "bezique": "bezique", "rubicon-bezique": "bezique"}


#: Event types said otherwise than "a" and the type (whist's ``honours``: the claim of them).
_SAID = {"honours": "an honours claim"}


def _said(kind: str) -> str:
    return _SAID.get(kind) or (f"an {kind}" if kind[0] in "aeiou" else f"a {kind}")


def _what(event: Any) -> str:
    """An event as the messages name it: "a play", "a score (seven)", "a claim (revoke)"."""
    kind = getattr(event, "kind", None) or getattr(event, "for_", None)
    return _said(event.type) + (f" ({kind})" if kind else "")


def _wanted(allowed: tuple[tuple[str, bool], ...]) -> str:
    return " or ".join(_said(kind) + (" with points" if points else "") for kind, points in allowed)


def _check(
    events: list[Any], game: str, ids_given: bool = True
) -> tuple[list[Problem], dict[int, int]]:
    """Every reference problem, and the index each ``ref`` by id names (``ids_given``
    False: the validation saw no ``id``, so none is looked for)."""
    problems: list[Problem] = []
    ids: dict[str, int] = {}
    for index, event in enumerate(events if ids_given else ()):
        if event.id is None:
            continue
        if event.id in ids:
            problems.append(
                Problem(
                    pointer_of("events", index, "id"),
                    f"the id {json.dumps(event.id)} is already the id of event "
                    f"{ids[event.id]}: ids must be unique",
                )
            )
        else:
            ids[event.id] = index
    resolved: dict[int, int] = {}
    for index in _referring(events):
        event = events[index]
        found, target = ref_problems(index, events, ids, game)
        problems += found
        if target is not None and isinstance(getattr(event, "ref", None), str):
            resolved[index] = target
    return problems, resolved


def _referring(events: list[Any]) -> list[int]:
    """The indices of the events that give a ``ref`` or a ``carried``: the only ones
    ``ref_problems`` has anything to say of. The events of a class that has neither field
    (nine in ten: plays, draws) are passed over in C, by their class; the others are read
    from each model's ``__dict__`` (a ``getattr`` of a field an event's class lacks costs
    an exception in pydantic)."""
    if not _REFERS:
        _learn_classes()
    return [
        index
        for index in compress(count(), map(_REFERS.get, map(type, events), repeat(True)))
        if (fields := events[index].__dict__).get("ref") is not None
        or fields.get("carried") is not None
    ]


#: Each event class: whether it has a ``ref`` or a ``carried`` field (a class not listed is
#: looked at, event by event).
_REFERS: dict[type, bool] = {}


def _learn_classes() -> None:
    stack: list[type] = [EventBase]
    while stack:
        cls = stack.pop()
        stack += cls.__subclasses__()
        fields = cls.model_fields  # type: ignore[attr-defined]
        _REFERS[cls] = "ref" in fields or "carried" in fields


def ref_problems(
    index: int, events: list[Any], ids: dict[str, int], game: str
) -> tuple[list[Problem], int | None]:
    """What is wrong with the ``ref`` of ``events[index]`` (nothing when it has none), and
    the index of the event it names: one event's check, for a record's loader and a
    referee's push alike (``ids``: each id given so far, with its event)."""
    event = events[index]
    ref = getattr(event, "ref", None)
    if ref is None:
        if event.type == "score" and getattr(event, "carried", None) is not None:
            return [
                Problem(
                    pointer_of("events", index, "carried"),
                    "carried names a declaration of a position: ref must name the position",
                )
            ], None
        return [], None
    where = pointer_of("events", index, "ref")
    if isinstance(ref, str):
        if ref not in ids:
            return [Problem(where, f"no event has the id {json.dumps(ref)}")], None
        target = ids[ref]
        named = f"{json.dumps(ref)} (event {target})"
    elif ref >= len(events):
        return [
            Problem(
                where,
                f"there is no event {ref}: the record has {len(events)} events,"
                f" 0 to {len(events) - 1}",
            )
        ], None
    else:
        target, named = ref, f"event {ref}"
    kind = getattr(event, "kind", None) or getattr(event, "for_", None)
    allowed = REF_KINDS.get((_FAMILY[game], event.type, kind))
    if allowed is None:
        return [Problem(where, f"{_what(event)} names no event, but ref gives {named}")], target
    pointed = events[target]
    if not any(
        pointed.type == kind and (not points or getattr(pointed, "points", None) is not None)
        for kind, points in allowed
    ):
        return [
            Problem(
                where,
                f"{named} is {_what(pointed)}; {_what(event)} must name {_wanted(allowed)}",
            )
        ], target
    if event.type == "score":
        return _carried(index, event, pointed, named), target
    return [], target


def _carried(index: int, event: Any, pointed: Any, named: str) -> list[Problem]:
    """A score naming a position names one of its carried declarations (``carried``, an
    index into the seat's list); a score naming a declare gives no ``carried``."""
    carried = getattr(event, "carried", None)
    if pointed.type != "position":
        if carried is None:
            return []
        return [
            Problem(
                pointer_of("events", index, "carried"),
                f"{named} is {_what(pointed)}: carried is given only with a position",
            )
        ]
    listed = pointed.carried.get(event.seat, [])
    if carried is None:
        return [
            Problem(
                pointer_of("events", index, "carried"),
                f"{named} is a position: carried must say which of {event.seat}'s carried"
                " declarations is scored",
            )
        ]
    if carried >= len(listed):
        have = f": carried is 0 to {len(listed) - 1}" if listed else ""
        return [
            Problem(
                pointer_of("events", index, "carried"),
                f"the position ({named}) carries {len(listed)} declaration"
                f"{'' if len(listed) == 1 else 's'} of {event.seat}, not a number {carried}"
                f"{have}",
            )
        ]
    return []


def check_refs(record: AnyRecord, resolve: bool, ids_given: bool = True) -> AnyRecord:
    """The record with its references checked (``InputError`` with every problem) and, if
    ``resolve``, every ``ref`` by id replaced by the index of the event it names
    (``ids_given`` False: the validation saw no ``id``, ``Seen.ids``)."""
    events = record.events
    problems, resolved = _check(events, record.game, ids_given)
    if problems:
        raise InputError.of(problems)
    if not resolve or not resolved:
        return record
    rewritten = list(events)
    for index, target in resolved.items():
        rewritten[index] = events[index].model_copy(update={"ref": target})
    if isinstance(events, Events):  # (what the validation saw stays true)
        rewritten = events.replaced(rewritten)
    return record.model_copy(update={"events": rewritten})
