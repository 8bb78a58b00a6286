"""bytes -> JSON -> record model. A record that fails becomes one ``InputError`` holding every
problem found (up to ``MAX_PROBLEMS``), each with its JSON pointer and, when the record was
given as text, its line and column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from adjudicator.cards import CARD_ERROR
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.record.envelope import AnyRecord, RecordAdapter
from adjudicator.record.lines import locate
from adjudicator.record.refs import check_refs

_GAMES = ("whist", "bezique", "rubicon-bezique")


def load_record(path: str | Path) -> AnyRecord:
    """Read and validate a record file (never modified). Raises ``InputError``."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError("", f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_record(raw)


def parse_record(raw: bytes | str | dict[str, Any]) -> AnyRecord:
    """Validate a record given as bytes, text or already-decoded JSON, and resolve every
    ``ref`` by id to an event index (what the games read). Raises ``InputError``."""
    return _validate(raw, resolve=True)


def validate_record(raw: bytes | str | dict[str, Any]) -> AnyRecord:
    """Validate a record, references included, but keep them as written (ids, not indices):
    the record as given, to be written back. Raises ``InputError``."""
    return _validate(raw, resolve=False)


#: Bytes that a record with an ``id`` or a ``ref`` must contain (a key may be escaped).
_REF_MARKS = (b'"ref"', b'"id"', b"\\u")


def _validate(raw: bytes | str | dict[str, Any], resolve: bool) -> AnyRecord:
    if isinstance(raw, dict):
        return _checked(raw, resolve, None)
    try:  # the common case in one pass inside pydantic-core: no Python dict in between
        record = RecordAdapter.validate_json(raw)
    except ValidationError:
        pass  # decode again in Python for clear messages with JSON pointers
    else:
        marks = raw.encode() if isinstance(raw, str) else raw
        if not any(mark in marks for mark in _REF_MARKS):  # no reference to check: fast path
            return record
        try:
            return check_refs(record, resolve)
        except InputError as error:
            raise locate(error, raw) from None
    return _checked(decode_json(raw), resolve, raw)


def _checked(data: Any, resolve: bool, raw: bytes | str | None) -> AnyRecord:
    """Validate decoded JSON; every problem found, located in ``raw`` when given."""
    try:
        _check_envelope(data)
        try:
            record = RecordAdapter.validate_python(data)
        except ValidationError as exc:
            raise _input_error(exc, data) from None
        return check_refs(record, resolve)
    except InputError as error:
        raise error if raw is None else locate(error, raw) from None


def decode_text(raw: bytes | str) -> str:
    """UTF-8 text without its byte-order mark, if any. Raises ``InputError``."""
    if isinstance(raw, bytes):
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError("", f"not UTF-8 text (byte {exc.start})") from None
    return raw.removeprefix("\ufeff")


def decode_json(raw: bytes | str) -> Any:
    """JSON text (a UTF-8 byte-order mark is allowed) to Python data."""
    text = decode_text(raw)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError("", f"not JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise InputError("", "not JSON: nested too deeply") from None


def _check_envelope(data: Any) -> None:
    """Clear messages for the fields that pick the model, before the union is tried."""
    if not isinstance(data, dict):
        raise InputError("", "a hand record must be a JSON object")
    if data.get("format") != "hand-record/1":
        got = json.dumps(data.get("format")) if "format" in data else "nothing"
        raise InputError("/format", f'must be "hand-record/1", got {got}')
    game = data.get("game")
    if game not in _GAMES:
        raise InputError("/game", f"must be one of {', '.join(_GAMES)}, got {json.dumps(game)}")


def _input_error(exc: ValidationError, data: Any) -> InputError:
    """Every validation error, one problem per place (a value that fits no member of a union
    fails once for each: the first is kept)."""
    problems: dict[str, Problem] = {}
    for error in exc.errors(include_url=False):
        problem = _problem(error, data)
        problems.setdefault(problem.pointer, problem)
    return InputError.of(list(problems.values()))


def _problem(error: Any, data: Any) -> Problem:
    """One validation error as a pointer and a message, union tags dropped."""
    parts: list[str | int] = []
    node: Any = data
    loc = error["loc"]
    for position, part in enumerate(loc):
        if (isinstance(node, dict) and isinstance(part, str) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            parts.append(part)
            node = node[part]
        elif (
            position == len(loc) - 1
            and isinstance(part, str)
            and error["type"] in ("missing", "extra_forbidden")
        ):
            parts.append(part)
            node = None
        # otherwise the part is a union tag or a validator name: not in the document
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "missing":
        message = "required field is missing"
    elif error["type"] == "extra_forbidden":
        message = "unknown field"
    elif error["type"] == "union_tag_invalid":
        message = f"unknown type {json.dumps(node.get('type') if isinstance(node, dict) else None)}; expected one of {error['ctx'].get('expected_tags')}"
    elif error["type"] == "union_tag_not_found":
        message = f"has no {error['ctx'].get('discriminator', 'tag')}"
    elif error["type"] == CARD_ERROR:
        message = f"{json.dumps(error.get('input'), ensure_ascii=False)} is not a card"
    elif error["type"] in ("literal_error", "enum"):
        message = f"{json.dumps(error.get('input'))} is not allowed: {message.lower()}"
    elif not message.startswith('"'):
        message = f"{message} (got {json.dumps(error.get('input'), default=str)[:60]})"
    return Problem(pointer_of(*parts), message)
