"""Where a JSON pointer's value starts in the text of a record: line and column.

Run only when a record is refused (the good path never scans). The scanner walks the JSON
text once and notes where each value begins; a pointer to something absent (a required field
missing) is placed at the nearest value that is there (its object).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from contextlib import suppress
from dataclasses import replace

from adjudicator.errors import InputError, Problem

_SCALAR = re.compile(r"[^\s,\]}]+")
_SPACE = re.compile(r"\s*")


def value_offsets(text: str) -> dict[str, int]:
    """JSON pointer -> offset in ``text`` where that value starts (valid JSON expected; what
    cannot be scanned is left out)."""
    offsets: dict[str, int] = {}
    with suppress(IndexError, AttributeError, RecursionError):
        _value(text, _skip(text, 0), "", offsets)
    return offsets


def _skip(text: str, at: int) -> int:
    space = _SPACE.match(text, at)  # \s* matches everywhere, if only the empty string
    return space.end() if space is not None else at


def _end(pattern: re.Pattern[str], text: str, at: int) -> int:
    """Where ``pattern``'s match at ``at`` ends; ``AttributeError`` (caught by
    ``value_offsets``, as text it cannot scan) when it does not match there."""
    found = pattern.match(text, at)
    if found is None:
        raise AttributeError(f"no {pattern.pattern!r} at {at}")
    return found.end()


def _string_end(text: str, at: int) -> int:
    """Just after the JSON string that starts at ``at``: from quote to quote with ``find``, a
    quote escaped when an odd run of backslashes stands before it (a pattern that takes a
    string character by character keeps a frame per character: 120 bytes each).
    ``AttributeError`` when the text holds no string there."""
    if text[at] != '"':
        raise AttributeError(f"no string at {at}")
    start = at + 1
    while (quote := text.find('"', start)) >= 0:
        before = quote
        while before > start and text[before - 1] == "\\":
            before -= 1
        if (quote - before) % 2 == 0:
            return quote + 1
        start = quote + 1
    raise AttributeError(f"a string at {at} is not closed")


def _value(text: str, at: int, pointer: str, offsets: dict[str, int]) -> int:
    """Scan the value starting at ``at``; return the offset just after it."""
    offsets[pointer] = at
    first = text[at]
    if first == '"':
        return _string_end(text, at)
    if first not in "{[":
        return _end(_SCALAR, text, at)
    close = "}" if first == "{" else "]"
    at = _skip(text, at + 1)
    index = 0
    while text[at] != close:
        if first == "{":
            end = _string_end(text, at)
            key = _key(text[at:end])
            at = _skip(text, _skip(text, end) + 1)  # past the colon
        else:
            key = str(index)
            index += 1
        at = _skip(text, _value(text, at, f"{pointer}/{key}", offsets))
        if text[at] == ",":
            at = _skip(text, at + 1)
    return at + 1


def _key(quoted: str) -> str:
    """An object key as a pointer part (RFC 6901 escapes)."""
    key = str(json.loads(quoted)) if "\\" in quoted else quoted[1:-1]  # escapes decoded
    return key.replace("~", "~0").replace("/", "~1")


def locate(error: InputError, raw: bytes | str) -> InputError:
    """The error with the line and column of each problem that has none, from the record's
    text; ``error`` itself when the text cannot be read."""
    if all(p.line is not None for p in error.problems):
        return error
    text = raw.decode("utf-8-sig", "replace") if isinstance(raw, bytes) else raw.lstrip("\ufeff")
    offsets = value_offsets(text)
    if not offsets:
        return error
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def place(problem: Problem) -> Problem:
        if problem.line is not None:
            return problem
        pointer = problem.pointer
        while pointer not in offsets and pointer:
            pointer = pointer.rsplit("/", 1)[0]
        offset = offsets.get(pointer)
        if offset is None:
            return problem
        line = bisect_right(starts, offset) - 1
        return replace(problem, line=line + 1, column=offset - starts[line] + 1)

    return InputError.of([place(p) for p in error.problems], error.total)
