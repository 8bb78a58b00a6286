"""The one exception that reaches the command line: a record that cannot be judged."""

from __future__ import annotations


class InputError(Exception):
    """The record cannot be judged: not JSON, against the schema, or impossible facts.

    ``pointer`` is a JSON pointer into the record (``/events/17/card``); the CLI prints
    ``pointer: message`` and exits 2. Irregularities at the table are never InputErrors:
    they are findings.
    """

    def __init__(self, pointer: str, message: str) -> None:
        super().__init__(f"{pointer or '/'}: {message}")
        self.pointer = pointer
        self.message = message


def pointer_of(*parts: str | int) -> str:
    """Build a JSON pointer (RFC 6901) from path parts."""
    escaped = (str(p).replace("~", "~0").replace("/", "~1") for p in parts)
    return "".join("/" + p for p in escaped)
