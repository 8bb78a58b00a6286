"""Where a JSON pointer's value starts in the text of a record: line and column.

Run only when a record is refused (the good path never scans). The scanner walks the JSON
text once and notes where each value begins; a pointer to something absent (a required field
missing) is placed at the nearest value that is there (its object).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Collection
from contextlib import suppress
from dataclasses import replace

from adjudicator.errors import InputError, Problem

_SCALAR = re.compile(r"[^\s,\]}]+")
_SPACE = re.compile(r"\s*")


def value_offsets(text: str, wanted: Collection[str] | None = None) -> dict[str, int]:
    """JSON pointer -> offset in ``text`` where that value starts (valid JSON expected; what
    cannot be scanned is left out). ``wanted``: the pointers asked for; then only the
    containers on their paths are scanned in Python, and every other value is noted where
    it starts and passed over by the ``json`` module's scanner, in C."""
    offsets: dict[str, int] = {}
    paths = None if wanted is None else _paths(wanted)
    with suppress(IndexError, AttributeError, RecursionError):
        _value(text, _skip(text, 0), "", offsets, paths)
    return offsets


def _paths(pointers: Collection[str]) -> set[str]:
    """Each pointer and every pointer above it: the containers to look into."""
    paths = {""}
    for pointer in pointers:
        while pointer:
            paths.add(pointer)
            pointer = pointer.rsplit("/", 1)[0]
    return paths


#: The ``json`` module's scanner: where a value ends, found in C.
_PASS_OVER = json.JSONDecoder().raw_decode


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


def _value(
    text: str, at: int, pointer: str, offsets: dict[str, int], paths: set[str] | None = None
) -> int:
    """Scan the value starting at ``at``; return the offset just after it. A value off the
    ``paths`` asked for is passed over in C when the ``json`` module can read it."""
    offsets[pointer] = at
    first = text[at]
    if paths is not None and pointer not in paths and first in "{[":
        with suppress(ValueError, RecursionError):  # else scanned below, as any value
            return _PASS_OVER(text, at)[1]
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
        at = _skip(text, _value(text, at, f"{pointer}/{key}", offsets, paths))
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
    offsets = value_offsets(text, [p.pointer for p in error.problems if p.line is None])
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
