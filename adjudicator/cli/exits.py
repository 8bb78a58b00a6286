"""How a command ends: the exit codes beyond 0, 1 and 2, a command typed wrong, a closed
output, SIGINT and SIGTERM. Apart from the commands, which all share them.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import typer

from adjudicator.workers import Interrupted

#: The exit status of a command typed wrong (sysexits.h EX_USAGE), apart from 2, which
#: means a record that cannot be judged. Click's usage errors all carry it.
EX_USAGE = 64
#: click's exit status for a usage error (``UsageError.exit_code``)
_CLICK_USAGE = 2
#: 128 + the signal: what a shell reports for a process ended by it.
EXIT_SIGNAL: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143}
EXIT_CLOSED_PIPE = 141

T = TypeVar("T")


def as_usage_error(error: typer.TyperException) -> typer.TyperException:
    """Click's error with the exit status of a command typed wrong (64) where click would
    give 2; through the errors' public ``exit_code``, whatever click's class."""
    if error.exit_code == _CLICK_USAGE:
        error.exit_code = EX_USAGE
    return error


def typed_wrong(message: str) -> typer.Exit:
    """A command typed wrong, found by the command itself: its message, and exit 64."""
    typer.echo(message, err=True)
    return typer.Exit(EX_USAGE)


class Signals:
    """SIGINT and SIGTERM raise a flag that the run looks at between records (so an
    interrupt is never lost inside a library, nor leaves half a line); a second one of them
    ends the process at once."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._old: dict[int, Any] = {}
        self._at_once = False
        self._old_hook: Callable[[Any], object] | None = None

    def stopping(self) -> bool:
        return self.received is not None

    @contextmanager
    def window(self) -> Iterator[None]:
        """Inside, a signal stops the work at once (``workers.Interrupted``): the run is
        judging or reading, and nothing is half written."""
        self._at_once = True
        try:
            yield
        finally:
            self._at_once = False

    def read_or_none(self, read: Callable[[], T]) -> T | None:
        """``read()``, or None when a signal stopped it (a pipe that says nothing)."""
        try:
            with self.window():
                return read()
        except Interrupted:
            return None

    def _raise(self, signum: int, frame: Any) -> None:
        if self.received is not None:
            os._exit(EXIT_SIGNAL.get(signum, 128 + signum))
        self.received = signum
        if self._at_once:
            self._at_once = False
            raise Interrupted

    def _unraisable(self, unraisable: Any) -> None:
        """An ``Interrupted`` raised where Python cannot raise (a finaliser, a generator
        closed by the collector) is dropped, not printed as a traceback: the signal is in
        ``received``, and the run stops at its next look. Anything else is reported as
        before."""
        if isinstance(unraisable.exc_value, Interrupted) and self.received is not None:
            return
        (self._old_hook or sys.__unraisablehook__)(unraisable)

    def __enter__(self) -> Signals:
        for signum in EXIT_SIGNAL:
            self._old[signum] = signal.signal(signum, self._raise)
        self._old_hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._old.items():
            signal.signal(signum, handler)
        if self._old_hook is not None:
            sys.unraisablehook, self._old_hook = self._old_hook, None


def quiet_closed_stdout() -> None:
    """Point standard output at /dev/null so that the interpreter's last flush does not
    complain about the closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)
