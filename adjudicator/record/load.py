"""bytes -> JSON -> record model. A record that fails becomes one ``InputError`` holding every
problem found (up to ``MAX_PROBLEMS``), each with its JSON pointer and, when the record was
given as text, its line and column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from adjudicator.cards import CARD_ERROR
from adjudicator.collector import collector_paused
from adjudicator.errors import InputError, Problem, pointer_of
from adjudicator.record.envelope import AnyRecord, RecordAdapter
from adjudicator.record.events import Seen
from adjudicator.record.keys import keys_counted
from adjudicator.record.lines import locate
from adjudicator.record.refs import check_refs

_GAMES = ("whist", "bezique", "rubicon-bezique")

# Limits, checked before the work starts (the README's table): a record past one of them is
# refused with a message, never judged slowly or with memory to match.
#: The largest record, in bytes of JSON or notation (the longest real record is some 100 KB).
MAX_RECORD_BYTES = 8 * 1024 * 1024
#: The most events a record may hold (a long rubber has a few hundred).
MAX_EVENTS = 20_000
#: How deeply arrays and objects may nest (a record needs four levels).
MAX_DEPTH = 32
#: The most digits of a number in the JSON text (a record's numbers are far below 10^9).
MAX_DIGITS = 12
#: How much of a wrong value a message echoes, in characters.
SHOWN = 60


def load_record(path: str | Path) -> AnyRecord:
    """Read and validate a record file (never modified). Raises ``InputError``."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError("", f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_record(raw)


@collector_paused
def parse_record(raw: bytes | str | dict[str, Any]) -> AnyRecord:
    """Validate a record given as bytes, text or already-decoded JSON, and resolve every
    ``ref`` by id to an event index (what the games read). Raises ``InputError``."""
    return _validate(raw, resolve=True)


@collector_paused
def validate_record(raw: bytes | str | dict[str, Any]) -> AnyRecord:
    """Validate a record, references included, but keep them as written (ids, not indices):
    the record as given, to be written back. Raises ``InputError``."""
    return _validate(raw, resolve=False)


#: pydantic-core's own ``validate_json``, without ``TypeAdapter``'s wrapper (its keyword
#: checks run on every record for options this module never gives).
_VALIDATE_JSON = RecordAdapter.validator.validate_json


def _validate(raw: bytes | str | dict[str, Any], resolve: bool) -> AnyRecord:
    if isinstance(raw, dict):
        _check_depth(raw)
        return _limited(_checked(raw, resolve, None))
    if not isinstance(raw, bytes | bytearray | str):
        raise InputError("", f"a hand record is JSON text or a dict, not {type(raw).__name__}")
    check_size(len(raw))
    try:  # the common case in one pass inside pydantic-core: no Python dict in between
        nested = Seen()  # the deals and positions, as pydantic-core validates them
        record = _VALIDATE_JSON(raw, context=nested)
    except ValidationError:
        pass  # decode again in Python for clear messages with JSON pointers
    else:
        colons = raw.count(":") if isinstance(raw, str) else raw.count(b":")
        if colons != keys_counted(record, nested):  # a key given twice? Python's decoder decides
            decode_json(raw)
        if not nested.refers:  # no id, ref or carried given: no reference to check
            return _limited(record)
        try:
            return _limited(check_refs(record, resolve, nested.ids))
        except InputError as error:
            raise locate(error, raw) from None
    return _limited(_checked(decode_json(raw), resolve, raw))


def check_size(size: int) -> None:
    """Refuse a record over ``MAX_RECORD_BYTES`` (a file is read one byte past the limit, so
    that a longer one is known, never judged cut short)."""
    if size > MAX_RECORD_BYTES:
        raise InputError("", f"the record is over {MAX_RECORD_BYTES:,} bytes long: not read")


def _limited(record: AnyRecord) -> AnyRecord:
    """The record, if its events are within the limit (checked before any replay)."""
    if len(record.events) > MAX_EVENTS:
        raise InputError(
            "/events", f"{len(record.events):,} events: at most {MAX_EVENTS:,} are judged"
        )
    return record


def _check_depth(data: Any) -> None:
    """Refuse data nested deeper than ``MAX_DEPTH`` (without recursion: a Python dict may be
    nested far deeper than the interpreter's stack), objects with a key given twice, and
    strings that are not Unicode text. A quick walk with no paths clears good data; the walk
    that names the place of each problem runs only when there is one."""
    if not _sound(data):
        _report(data)


def _sound(data: Any) -> bool:
    """Whether ``data`` passes every check of ``_report`` (which finds the same things)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if type(node) is dict:  # (a ``_Twice`` or another mapping: the walk that reports)
            children: Any = list(node.values())
            if not _all_text_ok(list(node)):
                return False
        elif type(node) is list or type(node) is tuple:
            children = node
        else:
            return _text_ok(node) and isinstance(node, str | int | float | bool | None)
        if children and depth >= MAX_DEPTH:  # its children would be one level too deep
            return False
        if set(map(type, children)) <= {str}:  # a hand, a list of cards: one check in C
            if not _text_ok("".join(children)):
                return False
            continue
        for value in children:
            if isinstance(value, str):
                if not _text_ok(value):
                    return False
            elif isinstance(value, dict | list | tuple):
                stack.append((value, depth + 1))
    return True


def _all_text_ok(values: list[Any]) -> bool:
    """``_text_ok`` of each value (strings joined and checked at once: a lone surrogate stays
    one when joined, as Python never pairs surrogates)."""
    texts = [v for v in values if isinstance(v, str)]
    return _text_ok("".join(texts))


def _text_ok(value: Any) -> bool:
    """Not a string, or one that can be written out as UTF-8 (no lone surrogate)."""
    if not isinstance(value, str) or value.isascii():
        return True
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def _report(data: Any) -> None:
    """The walk of ``_check_depth`` that keeps each node's path, to name where a problem is."""
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(data, 1, ())]
    twice: list[tuple[tuple[str | int, ...], str]] = []  # (path, key), sorted at the end
    while stack:
        node, depth, path = stack.pop()
        if depth > MAX_DEPTH:
            raise InputError(pointer_of(*path[:4]), f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, _Twice):
            twice.extend((path, key) for key in node.keys_twice)
        if isinstance(node, dict):
            for key, value in node.items():
                _check_text(key, path)
                stack.append((value, depth + 1, (*path, key)))
        elif isinstance(node, list | tuple):
            stack.extend((value, depth + 1, (*path, i)) for i, value in enumerate(node))
        else:
            _check_text(node, path)
    if twice:
        problems = [
            Problem(pointer_of(*path, key), _TWICE.format(shown(key)))
            for path, key in sorted(twice)
        ]
        raise InputError.of(problems)


def _check_text(value: Any, path: tuple[str | int, ...]) -> None:
    """A string of a record must be Unicode text: a lone surrogate cannot be written out."""
    if isinstance(value, str) and not value.isascii():
        try:
            value.encode()
        except UnicodeEncodeError:
            raise InputError(
                pointer_of(*path), f"{shown(value)} holds a lone surrogate: not Unicode text"
            ) from None


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
    if isinstance(raw, bytes | bytearray):
        if not raw.strip():
            raise InputError("", "empty: no record")
        for mark, name in _OTHER_ENCODINGS:
            if raw.startswith(mark):
                raise InputError("", f"{name} text: a record is UTF-8 (save it as UTF-8)")
        if b"\0" in raw[:1024]:
            raise InputError("", "binary data, not a record (a NUL byte in the first 1,024)")
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError("", f"not UTF-8 text (byte {exc.start})") from None
    return raw.removeprefix("\ufeff")


#: Byte-order marks of the encodings a record is not in.
_OTHER_ENCODINGS = (
    (b"\xff\xfe\0\0", "UTF-32"),
    (b"\0\0\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def decode_json(raw: bytes | str) -> Any:
    """JSON text (a UTF-8 byte-order mark is allowed) to Python data."""
    text = decode_text(raw)
    try:
        data = json.loads(
            text, object_pairs_hook=_no_duplicates, parse_int=_int, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        message = exc.msg.removesuffix(" starting at")  # the place is given as line:column
        raise InputError("", f"not JSON: {message}", line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise InputError("", f"nested more than {MAX_DEPTH} levels deep") from None
    try:
        _check_depth(data)
    except InputError as error:
        raise locate(error, text) from None
    return data


#: A key given twice: JSON readers keep one of the two values in silence, so no reading of the
#: record could be trusted.
_TWICE = "the key {} is given twice in this object: give each key once"


class _Twice(dict[str, Any]):
    """An object with a key given twice, kept until the walk of ``_check_depth`` knows where it
    is in the record (the decoder's hook sees the object, not its place)."""

    keys_twice: tuple[str, ...] = ()


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object; one with a key given twice is marked, to be refused with its pointer."""
    data = dict(pairs)
    if len(data) == len(pairs):
        return data
    seen: set[str] = set()
    repeated: dict[str, None] = {}
    for key, _ in pairs:
        if key in seen:
            repeated[key] = None
        seen.add(key)
    twice = _Twice(data)
    twice.keys_twice = tuple(repeated)
    return twice


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InputError(
            "", f"a number of {len(digits.lstrip('-')):,} digits: at most {MAX_DIGITS} are read"
        )
    return int(digits)


def _constant(name: str) -> Any:
    raise InputError("", f"not JSON: {name} is not a JSON number")


def shown(value: Any) -> str:
    """A value as JSON for a message, cut to ``SHOWN`` characters: never the whole of a huge
    value, never a surrogate or a number too long to print."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
        if not text.isascii():
            text.encode()  # a lone surrogate cannot be written: escape it
    except UnicodeEncodeError:
        text = json.dumps(value, default=str)
    except (ValueError, RecursionError, TypeError):
        text = f"a {type(value).__name__}"
    if len(text) > SHOWN:
        text = text[: SHOWN - 3] + "..."
    return text


def _check_envelope(data: Any) -> None:
    """Clear messages for the fields that pick the model, before the union is tried."""
    if not isinstance(data, dict):
        raise InputError("", "a hand record must be a JSON object")
    if data.get("format") != "hand-record/1":
        got = shown(data.get("format")) if "format" in data else "nothing"
        raise InputError("/format", f'must be "hand-record/1", got {got}')
    game = data.get("game")
    if game not in _GAMES:
        raise InputError("/game", f"must be one of {', '.join(_GAMES)}, got {shown(game)}")


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
        # (two branches, not one ``or``: each narrows ``node`` and ``part`` together)
        if isinstance(node, dict) and isinstance(part, str) and part in node:  # noqa: SIM114
            parts.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
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
        message = f"unknown type {shown(node.get('type') if isinstance(node, dict) else None)}; expected one of {error['ctx'].get('expected_tags')}"
    elif error["type"] == "union_tag_not_found":
        message = f"has no {error['ctx'].get('discriminator', 'tag')}"
    elif error["type"] == CARD_ERROR:
        message = f"{shown(error.get('input'))} is not a card"
    elif error["type"] in ("literal_error", "enum"):
        message = f"{shown(error.get('input'))} is not allowed: {message}"
    elif not message.startswith('"'):
        message = f"{message} (got {shown(error.get('input'))})"
    return Problem(pointer_of(*parts), message)
