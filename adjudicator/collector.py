"""The cycle collector paused while one record is read or judged.

CPython's cycle collector runs each time some hundreds more container objects have been made
than freed, whether or not any of them is in a cycle. Reading and judging a record makes
thousands (a Rubicon deal's events, its replay, its summary) and frees them all by reference
counting: judging leaves no cycle (``tests/test_collector.py`` checks every fixture and
simulated games), so every collection run meanwhile looks through all the live objects of
the process and finds nothing. Measured, the collector took some 15 % of the time of judging
a Rubicon archive. Mercurial pauses it the same way while it builds large containers
(``util.nogc``). Any cycle made while it is paused is collected at the next run after it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")


def collector_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` run with the cycle collector paused, and enabled again after it (when it
    was enabled before: a caller that paused it keeps it paused)."""

    @wraps(function)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():  # (paused by a caller, or by the program)
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused
