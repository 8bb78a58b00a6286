"""The one exception that reaches the command line: a record that cannot be judged."""

from __future__ import annotations

from dataclasses import dataclass

#: At most this many problems of one record are reported; the message says when there were more.
MAX_PROBLEMS = 20


@dataclass(frozen=True)
class Problem:
    """One reason a record cannot be judged: where (JSON pointer, and line/column in the file
    when known) and what."""

    pointer: str
    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}: " if self.line is not None else ""
        return f"{where}{self.pointer or '/'}: {self.message}"


class InputError(Exception):
    """The record cannot be judged: not JSON, against the schema, or impossible facts.

    ``pointer`` is a JSON pointer into the record (``/events/17/card``); the CLI prints
    ``pointer: message`` and exits 2. ``line`` and ``column`` say where in the file, when
    the reader knows. ``problems`` holds every problem found (the first is this one's
    pointer and message), up to ``MAX_PROBLEMS``, and ``total`` how many there were. Irregularities at the table are never
    InputErrors: they are findings.
    """

    def __init__(
        self,
        pointer: str,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        problems: tuple[Problem, ...] | None = None,
        total: int | None = None,
    ) -> None:
        super().__init__(f"{pointer or '/'}: {message}")
        self.pointer = pointer
        self.message = message
        self.line = line
        self.column = column
        first = Problem(pointer, message, line, column)
        self.problems: tuple[Problem, ...] = problems or (first,)
        #: how many problems were found, shown or not (``problems`` holds the first ones)
        self.total = max(total or 0, len(self.problems))

    @classmethod
    def of(cls, problems: list[Problem], total: int | None = None) -> InputError:
        """One error for every problem found (at least one), the first ``MAX_PROBLEMS`` kept;
        ``total`` when more were found than ``problems`` holds."""
        first = problems[0]
        return cls(
            first.pointer,
            first.message,
            line=first.line,
            column=first.column,
            problems=tuple(problems[:MAX_PROBLEMS]),
            total=total or len(problems),
        )

    @property
    def omitted(self) -> int:
        """Problems found but not shown (beyond ``MAX_PROBLEMS``)."""
        return self.total - len(self.problems)


def pointer_of(*parts: str | int) -> str:
    """Build a JSON pointer (RFC 6901) from path parts."""
    escaped = (str(p).replace("~", "~0").replace("/", "~1") for p in parts)
    return "".join("/" + p for p in escaped)
